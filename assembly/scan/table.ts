// The rule-set table: up to SLOTS installed rule sets, each a class map (UTF-16 code unit -> symbol class) at a fixed
// address of static memory and a transition table grown as DFA states appear. Everything the walks read per code
// unit lives here; nothing here walks text.
//
// The table: one row of nClasses u32 entries per state; an entry holds the target row's address (premultiplied and
// absolute, so a step is one add and one load; rebased when the table grows) with bit 0 set when the target
// accepts; 0xFFFFFFFF = unknown. Scan state kept between calls (row, chRow, checkpoints) holds offsets from the
// table's start, so growth between calls leaves it valid.
// One test of bit 0 thus catches both rare cases. Rows are allocated as states appear (doubling), so the table
// follows the states a scan visits, not the capacity. Skipped code units (zero-width characters) get a self-loop
// entry without the accept bit the first time a state meets one: no state change, no report.

import { OK, BAD_RANGE, BAD_SHAPE } from "./status";

export const UNKNOWN: u32 = 0xFFFFFFFF;
export const ACCEPT: u32 = 1;
/** Most states a table can hold: the TypeScript side numbers them in u16 and 0xFFFF is never a state. */
export const MAX_STATES: i32 = 0xFFFF;
/** Rows allocated when a table is installed (grown by doubling up to the capacity). */
export const FIRST_ROWS: i32 = 1024;

export let classMap: Uint8Array | null = null; // 65,536 entries: UTF-16 code unit -> symbol class
// Each slot's class map sits at a fixed address (MAPS + slot × 65,536), copied there once when the slot is
// installed, so switching slots (a scan walks several rule groups over one text) copies nothing and a lookup is one
// load from the map's base plus the code unit. 16 slots × 64 KiB = 1 MiB of static memory.
export const MAPS: usize = memory.data(65536 * 16);
export let mapBase: usize = 0; // the current slot's class map (0: none installed)
export let table: Uint32Array | null = null; // rows * nClasses entries (see the file comment)
export let tBase: usize = 0; // table!.dataStart: entries hold tBase + a row's offset
export let rows: i32 = 0; // rows allocated
export let capacity: i32 = 0;
export let nClasses: i32 = 0;
export let rowBytes: i32 = 0; // nClasses * 4
export let edgeClass: i32 = 0; // the symbol before the last code unit and after the first (text edges)
export let skipClass: i32 = -1; // code units of this class are stepped over: no state change, no report
export let cutsOk = false; // space, tab and line feed are neither word characters nor skipped: segments may start there
export let current: i32 = -1; // the installed slot in use
export let rootRow: usize = 0; // the root state's row (setRootState)

/** Rule sets held at once (a scanner uses up to three scopes; callers may switch between them freely). */
export const SLOTS: i32 = 16;
export const slotMap = new StaticArray<Uint8Array | null>(SLOTS);
export const slotTable = new StaticArray<Uint32Array | null>(SLOTS);
export const slotScalars = new StaticArray<i32>(SLOTS * 6); // capacity, nClasses, edgeClass, skipClass, cutsOk, rows

/**
 * Installs a rule set's class map and an empty transition table (room for up to `cap` states) in `slot` (0..15) and
 * makes it the current one. `cuts`: code units 0x09, 0x0A and 0x20 are neither word characters nor skipped, so an
 * interleaved walk may cut the text there. Returns OK, or BAD_RANGE for a malformed class map, BAD_SHAPE for bad scalars or slot.
 */
export function loadTables(slot: i32, map: Uint8Array, cap: i32, classes: i32, edge: i32, skip: i32, cuts: bool): i32 {
  if (slot < 0 || slot >= SLOTS) return BAD_SHAPE;
  if (classes <= 0 || classes > 256 || cap < 1 || cap > MAX_STATES) return BAD_SHAPE;
  if (edge < 0 || edge >= classes || skip < -1 || skip >= classes || skip == edge) return BAD_SHAPE;
  if (map.length != 65536) return BAD_RANGE;
  for (let i = 0; i < 65536; i++) if (<i32>unchecked(map[i]) >= classes) return BAD_RANGE;
  const first = min(cap, FIRST_ROWS);
  slotMap[slot] = map;
  memory.copy(MAPS + (<usize>slot << 16), map.dataStart, 65536);
  slotTable[slot] = new Uint32Array(first * classes);
  slotScalars[slot * 6] = cap;
  slotScalars[slot * 6 + 1] = classes;
  slotScalars[slot * 6 + 2] = edge;
  slotScalars[slot * 6 + 3] = skip;
  slotScalars[slot * 6 + 4] = cuts ? 1 : 0;
  slotScalars[slot * 6 + 5] = first;
  useSlot(slot);
  clearTable();
  return OK;
}

/** Makes an installed slot's rule set the current one; its cached transitions are kept. Returns OK, or BAD_SHAPE. */
export function useSlot(slot: i32): i32 {
  if (slot < 0 || slot >= SLOTS || slotTable[slot] === null) return BAD_SHAPE;
  current = slot;
  classMap = slotMap[slot];
  mapBase = MAPS + (<usize>slot << 16);
  table = slotTable[slot];
  tBase = table!.dataStart;
  capacity = slotScalars[slot * 6];
  nClasses = slotScalars[slot * 6 + 1];
  rowBytes = nClasses << 2;
  edgeClass = slotScalars[slot * 6 + 2];
  skipClass = slotScalars[slot * 6 + 3];
  cutsOk = slotScalars[slot * 6 + 4] != 0;
  rows = slotScalars[slot * 6 + 5];
  return OK;
}

/** Forgets every cached transition of the current slot (the rule set's DFA cache was reset). */
export function clearTable(): void {
  const t = table;
  if (t !== null) memory.fill(t.dataStart, 0xFF, <usize>t.byteLength);
}

// Makes the current table hold at least `need` rows (doubling, at most the capacity); new entries are unknown.
export function ensureRows(need: i32): void {
  if (need <= rows) return;
  const t = table!;
  let n = rows;
  while (n < need) n = min(n << 1, capacity);
  const grown = new Uint32Array(n * nClasses);
  const from = t.dataStart;
  const to = grown.dataStart;
  // Known entries move with the table: same row offsets from the new start (the accept bit is kept).
  const count = t.length;
  for (let k = 0; k < count; k++) {
    const v = load<u32>(from + (<usize>k << 2));
    store<u32>(to + (<usize>k << 2), v == UNKNOWN ? v : v - <u32>from + <u32>to);
  }
  memory.fill(to + <usize>t.byteLength, 0xFF, <usize>(grown.byteLength - t.byteLength));
  table = grown;
  tBase = to;
  rows = n;
  slotTable[current] = grown;
  slotScalars[current * 6 + 5] = n;
}

/**
 * Stores a transition built by TypeScript: from state `from` on class `cls` to state `to`, which accepts at least
 * one rule when `toAccepts` is set. Returns OK, or BAD_RANGE when an argument is out of range (nothing stored).
 */
export function setTransition(from: i32, cls: i32, to: i32, toAccepts: bool): i32 {
  if (table === null || from < 0 || from >= capacity || cls < 0 || cls >= nClasses) return BAD_RANGE;
  if (to < 0 || to >= capacity) return BAD_RANGE;
  ensureRows(max(from, to) + 1);
  unchecked(table![from * nClasses + cls] = <u32>(tBase + <usize>(to * rowBytes)) | (toAccepts ? ACCEPT : 0));
  return OK;
}

/** Sets the root state (the rule set's start state, no match in progress) that interleaved segments start in. */
export function setRootState(s: i32): void { if (s >= 0 && s < capacity) { ensureRows(s + 1); rootRow = <usize>(s * rowBytes); } }

// The state id of an absolute row address.
@inline
export function idOf(a: usize): i32 { return <i32>((a - tBase) / <usize>rowBytes); }

// The class of the code unit at address `at`.
@inline
export function classAt(at: usize, m: usize): usize { return <usize>load<u8>(m + <usize>load<u16>(at)); }

// Called for an unknown entry of row address `a`: a skipped unit's becomes a self-loop on the spot (returns true:
// step again).
@inline
export function selfLoop(a: usize, cls: usize): bool {
  if (<i32>cls != skipClass) return false;
  store<u32>(a + (cls << 2), <u32>a);
  return true;
}

// The edge step from row offset `r`: the target's offset | ACCEPT, or UNKNOWN.
@inline
export function edgeStep(r: usize): u32 {
  const v = load<u32>(tBase + r + (<usize>edgeClass << 2));
  return v == UNKNOWN ? v : (v - <u32>tBase);
}

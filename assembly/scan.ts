// Threat scan: runs a rule set's lazy DFA (src/scan/compile.ts) over UTF-16 text, right to left.
// Linear time, no backtracking: per code unit one class lookup and one table step. A transition the table does not
// hold yet (0xFFFF) stops the loop; TypeScript builds it (one subset-construction step), stores it with
// setTransition() and calls scanRun() again, which resumes at the same code unit. Text may arrive in chunks
// (last chunk first); the DFA state carries over, so no overlap is needed and memory stays flat.
//
// Each reversed rule ends with one extra symbol (the code unit before the match, or EDGE at offset 0), so a target
// state that accepts after consuming text[i] means a match starts at i + 1. Table values: target state id
// (0..65534); 0xFFFF = unknown. A byte per state says whether it accepts.

import { decodedPointer, decodedUnits } from "./utf8";

const UNKNOWN: u32 = 0xFFFF;
/** Most states a table can hold: ids are u16 and 0xFFFF means "unknown". */
const MAX_STATES: i32 = 0xFFFF;

/** scanRun() results. */
const DONE: i32 = 0;
const NEED_TRANSITION: i32 = 1;
const NEED_DRAIN: i32 = 2;
/** Matches held before scanRun() pauses for the caller to take them (bounds the core's memory on match floods). */
const DRAIN_AT: i32 = 1 << 16;

let classMap: Uint8Array | null = null; // 65,536 entries: UTF-16 code unit -> symbol class
let table: Uint16Array | null = null; // capacity * nClasses transition values
let accepting: Uint8Array | null = null; // capacity entries: 1 when the state accepts at least one rule
let capacity: i32 = 0;
let nClasses: i32 = 0;
let edgeClass: i32 = 0; // the symbol before the last code unit and after the first (text edges)
let skipClass: i32 = -1; // code units of this class are stepped over: no transition, no report

// The scan in progress.
let text: string = ""; // the chunk scanStart() was given (held so the collector keeps it), or ""
let src: usize = 0; // address of the code units being scanned: the chunk's, or the decoded UTF-8 input's
let pos: i32 = -1; // next code unit to consume, counting down
let state: i32 = 0;
let base: i32 = 0; // offset of text[0] in the whole input
let endEdgePending = false; // feed EDGE before text[length - 1] (this chunk ends the input)
let startEdgePending = false; // feed EDGE after text[0] (this chunk starts the input)
let pendingClass: i32 = 0;
const out = new Array<i32>(); // pairs [target state, start offset] for accepting steps

/** Rule sets held at once (a scanner uses up to three scopes; callers may switch between them freely). */
const SLOTS: i32 = 8;
const slotMap = new StaticArray<Uint8Array | null>(SLOTS);
const slotTable = new StaticArray<Uint16Array | null>(SLOTS);
const slotAccepting = new StaticArray<Uint8Array | null>(SLOTS);
const slotScalars = new StaticArray<i32>(SLOTS * 4); // capacity, nClasses, edgeClass, skipClass per slot

/**
 * Installs a rule set's class map and an empty transition table of `cap` states in `slot` (0..7) and makes it the
 * current one. Returns 0, or -1 for a malformed class map, -4 for bad scalars or slot.
 */
export function loadTables(slot: i32, map: Uint8Array, cap: i32, classes: i32, edge: i32, skip: i32): i32 {
  if (slot < 0 || slot >= SLOTS) return -4;
  if (classes <= 0 || classes > 256 || cap < 1 || cap > MAX_STATES) return -4;
  if (edge < 0 || edge >= classes || skip < -1 || skip >= classes || skip == edge) return -4;
  if (map.length != 65536) return -1;
  for (let i = 0; i < 65536; i++) if (<i32>unchecked(map[i]) >= classes) return -1;
  slotMap[slot] = map;
  slotTable[slot] = new Uint16Array(cap * classes);
  slotAccepting[slot] = new Uint8Array(cap);
  slotScalars[slot * 4] = cap;
  slotScalars[slot * 4 + 1] = classes;
  slotScalars[slot * 4 + 2] = edge;
  slotScalars[slot * 4 + 3] = skip;
  useSlot(slot);
  clearTable();
  return 0;
}

/** Makes an installed slot's rule set the current one; its cached transitions are kept. Returns 0, or -4. */
export function useSlot(slot: i32): i32 {
  if (slot < 0 || slot >= SLOTS || slotTable[slot] === null) return -4;
  classMap = slotMap[slot];
  table = slotTable[slot];
  accepting = slotAccepting[slot];
  capacity = slotScalars[slot * 4];
  nClasses = slotScalars[slot * 4 + 1];
  edgeClass = slotScalars[slot * 4 + 2];
  skipClass = slotScalars[slot * 4 + 3];
  return 0;
}

/** Forgets every cached transition of the current slot (the rule set's DFA cache was reset). */
export function clearTable(): void {
  const t = table;
  if (t !== null) memory.fill(t.dataStart, 0xFF, <usize>t.byteLength);
  const a = accepting;
  if (a !== null) memory.fill(a.dataStart, 0, <usize>a.byteLength);
}

/**
 * Stores a transition built by TypeScript: from state `from` on class `cls` to state `to`, which accepts at least
 * one rule when `toAccepts` is set. Returns 0, or -1 when an argument is out of range (nothing stored).
 */
export function setTransition(from: i32, cls: i32, to: i32, toAccepts: bool): i32 {
  const t = table;
  const a = accepting;
  if (t === null || a === null || from < 0 || from >= capacity || cls < 0 || cls >= nClasses) return -1;
  if (to < 0 || to >= capacity) return -1;
  t[from * nClasses + cls] = <u16>to;
  a[to] = toAccepts ? 1 : 0;
  return 0;
}

/**
 * Starts scanning one chunk of the input in state `start`.
 * @param chunk the code units; `offset` is where chunk[0] sits in the whole input.
 * @param endsInput feed EDGE first (this chunk holds the input's last code unit); startsInput: feed EDGE last.
 * Returns 0, or -1 when `start` is not below the table's capacity (nothing started).
 */
export function scanStart(chunk: string, start: i32, offset: i32, endsInput: bool, startsInput: bool): i32 {
  if (start < 0 || start >= capacity) return -1; // the loop indexes the table by state: keep it in range
  text = chunk;
  src = changetype<usize>(chunk);
  pos = chunk.length - 1;
  state = start;
  base = offset;
  endEdgePending = endsInput;
  startEdgePending = startsInput;
  return 0;
}

/**
 * Starts scanning the core's decoded UTF-8 input (assembly/utf8.ts) as one whole text, in state `start`.
 * Returns 0, or -1 when `start` is not below the table's capacity (nothing started).
 */
export function scanStartDecoded(start: i32): i32 {
  return scanStartBuffer(start, 0, true, true);
}

/**
 * scanStart() for a chunk the caller wrote into the decoded-text buffer (assembly/utf8.ts unitsBuffer()): the same
 * arguments, the chunk being the buffer's code units. Returns 0, or -1 when `start` is out of range.
 */
export function scanStartBuffer(start: i32, offset: i32, endsInput: bool, startsInput: bool): i32 {
  if (start < 0 || start >= capacity) return -1;
  text = "";
  src = decodedPointer();
  pos = decodedUnits() - 1;
  state = start;
  base = offset;
  endEdgePending = endsInput;
  startEdgePending = startsInput;
  return 0;
}

/** The state the scan is in (after scanRun() returns DONE: the state to start the next chunk in). */
export function currentState(): i32 { return state; }
/** Moves the scan to another state id (after the rule set's cache was reset and the state renumbered). */
export function setState(s: i32): void { if (s >= 0 && s < capacity) state = s; }
/** The class whose transition from currentState() scanRun() needs. */
export function neededClass(): i32 { return pendingClass; }

/**
 * Runs the scan until the chunk is done (returns 0), a transition is unknown (returns 1: build the transition from
 * currentState() on neededClass(), store it, call again), or 65,536 matches are waiting (returns 2: takeMatches(),
 * call again).
 */
export function scanRun(): i32 {
  const t = table;
  const acc = accepting;
  const map = classMap;
  if (t === null || acc === null || map === null) return DONE;
  const tBase = t.dataStart;
  const aBase = acc.dataStart;
  const mapBase = map.dataStart;
  const nc = <usize>nClasses;
  const skip = skipClass;
  const p = src;
  let s = state;
  if (endEdgePending) {
    const v = <u32>load<u16>(tBase + ((<usize>s * nc + <usize>edgeClass) << 1));
    if (v == UNKNOWN) return need(s, edgeClass);
    s = <i32>v; // no rule matches the empty string, so nothing can accept here
    endEdgePending = false;
  }
  // In range: every stored target is < capacity (setTransition checks), so s * nc + cls < table.length and
  // s < accepting.length; every code unit < 65,536 = map.length; pos < the scanned text's length.
  let i = pos;
  while (i >= 0) {
    const cls = <usize>load<u8>(mapBase + <usize>load<u16>(p + (<usize>i << 1)));
    if (<i32>cls == skip) { i--; continue; }
    const v = <u32>load<u16>(tBase + ((<usize>s * nc + cls) << 1));
    if (v == UNKNOWN) { pos = i; return need(s, <i32>cls); }
    s = <i32>v;
    if (load<u8>(aBase + <usize>s)) {
      out.push(s);
      out.push(base + i + 1);
      if (out.length >= DRAIN_AT << 1) { pos = i - 1; state = s; return NEED_DRAIN; }
    }
    i--;
  }
  pos = -1;
  if (startEdgePending) {
    const v = <u32>load<u16>(tBase + ((<usize>s * nc + <usize>edgeClass) << 1));
    if (v == UNKNOWN) return need(s, edgeClass);
    s = <i32>v;
    if (load<u8>(aBase + <usize>s)) { out.push(s); out.push(base); }
    startEdgePending = false;
  }
  state = s;
  return DONE;
}

function need(s: i32, cls: i32): i32 {
  state = s;
  pendingClass = cls;
  return NEED_TRANSITION;
}

/** Returns and clears the pairs [acceptingState, startOffset] found so far, in the order found. */
export function takeMatches(): Int32Array {
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  out.length = 0;
  return res;
}

/** Drops the chunk reference so its memory can be collected. */
export function scanEnd(): void {
  text = "";
  src = 0;
}

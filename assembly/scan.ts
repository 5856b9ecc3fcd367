// Threat scan: runs a rule set's lazy DFA (src/scan/compile.ts) over UTF-16 text, right to left.
// Linear time, no backtracking: per code unit one class lookup and one table step. A transition the table does not
// hold yet stops the loop; TypeScript builds it (one subset-construction step), stores it with setTransition() and
// calls scanRun() again, which resumes at the same code unit. Text may arrive in chunks (last chunk first); the DFA
// state carries over, so no overlap is needed and memory stays flat.
//
// Each reversed rule ends with one extra symbol (the code unit before the match, or EDGE at offset 0), so a target
// state that accepts after consuming text[i] means a match starts at i + 1.
//
// The table: one row of nClasses u32 entries per state; an entry holds the target row's address (premultiplied and
// absolute, so a step is one add and one load; rebased when the table grows) with bit 0 set when the target
// accepts; 0xFFFFFFFF = unknown. Scan state kept between calls (row, chRow, checkpoints) holds offsets from the
// table's start, so growth between calls leaves it valid.
// One test of bit 0 thus catches both rare cases. Rows are allocated as states appear (doubling), so the table
// follows the states a scan visits, not the capacity. Skipped code units (zero-width characters) get a self-loop
// entry without the accept bit the first time a state meets one: no state change, no report.
//
// Interleaved chains: one DFA walk is a chain of dependent loads (the next row depends on the last lookup), so the
// CPU waits on each. A long text is cut at up to CHAINS - 1 ASCII spaces/tabs/line feeds into segments that are
// walked in one loop, a step of each per iteration, so their loads overlap. Every segment but the last one (in scan
// order) starts in the root state, which is what the whole-text walk would be in if no match were in progress
// there: the unit before it is a space, so "last symbol was not a word character" holds in both. A DFA state is a
// set of NFA states, and a step maps a larger set to a larger set, so the root-started walk's states stay subsets
// of the true ones and every match it reports is real; the two walks agree from the first position where their
// states are equal. The fix-up pass runs the true walk into each segment from the true state at its end until it
// meets the root-started walk's state at a checkpoint (one per CHECKPOINT units), and the matches are spliced:
// the fix-up's before the meeting point, the segment's after it. If they never meet, the fix-up walks the whole
// segment. The result is the serial walk's, match for match and in the same order (test/core-chains.test.ts).

import { decodedPointer, decodedUnits } from "./utf8";

const UNKNOWN: u32 = 0xFFFFFFFF;
const ACCEPT: u32 = 1;
/** Most states a table can hold: the TypeScript side numbers them in u16 and 0xFFFF is never a state. */
const MAX_STATES: i32 = 0xFFFF;
/** Rows allocated when a table is installed (grown by doubling up to the capacity). */
const FIRST_ROWS: i32 = 1024;

/** Status codes of the setup exports (loadTables, useSlot, setTransition, setChains, scanStart*, restartSerial). */
const OK: i32 = 0;
/** An argument is out of range: a state, class or range outside the table or text, or a class map entry >= classes. */
const BAD_RANGE: i32 = -1;
/** A table shape is not one the core takes: slot, class count, capacity, edge or skip class (or an empty slot). */
const BAD_SHAPE: i32 = -4;

/** stepChain()/runBlocks() result: too many matches held, walk the piece serially instead. */
const FALL_BACK: i32 = -1;

/** scanRun() results. */
const DONE: i32 = 0;
const NEED_TRANSITION: i32 = 1;
const NEED_DRAIN: i32 = 2;
/** Matches held before scanRun() pauses for the caller to take them (bounds the core's memory on match floods). */
const DRAIN_AT: i32 = 1 << 16;

/** Interleaved walks at most (the unrolled loop below is written for this many). */
const CHAINS: i32 = 4;
/** A checkpoint of each segment's root-started state every this many code units. */
const CHECKPOINT: i32 = 64;
/** A cut point is looked for this far left of an even split; without one the text is walked serially. */
const CUT_WINDOW: i32 = 1024;
/** Matches a chain or a fix-up holds (pairs) before the scan gives up interleaving and walks serially. */
const CHAIN_MATCHES: i32 = 8192;

let classMap: Uint8Array | null = null; // 65,536 entries: UTF-16 code unit -> symbol class
// Each slot's class map sits at a fixed address (MAPS + slot × 65,536), copied there once when the slot is
// installed, so switching slots (a scan walks several rule groups over one text) copies nothing and a lookup is one
// load from the map's base plus the code unit. 16 slots × 64 KiB = 1 MiB of static memory.
const MAPS: usize = memory.data(65536 * 16);
let mapBase: usize = 0; // the current slot's class map (0: none installed)
let table: Uint32Array | null = null; // rows * nClasses entries (see the file comment)
let tBase: usize = 0; // table!.dataStart: entries hold tBase + a row's offset
let rows: i32 = 0; // rows allocated
let capacity: i32 = 0;
let nClasses: i32 = 0;
let rowBytes: i32 = 0; // nClasses * 4
let edgeClass: i32 = 0; // the symbol before the last code unit and after the first (text edges)
let skipClass: i32 = -1; // code units of this class are stepped over: no state change, no report
let cutsOk = false; // space, tab and line feed are neither word characters nor skipped: segments may start there
let current: i32 = -1; // the installed slot in use

// Tuning (setChains): how many chains, and the shortest text walked interleaved.
let chainsWanted: i32 = CHAINS;
let minUnits: i32 = 1024;

// The scan in progress.
let src: usize = 0; // address of the code units being scanned (the decoded-text buffer)
let pos: i32 = -1; // next code unit to consume, counting down (serial walk)
let row: usize = 0; // current state's row offset (serial walk; the chunk's start state before an interleaved one)
let rootRow: usize = 0; // the root state's row (setRootState)
let base: i32 = 0; // offset of text[0] in the whole input
let endEdgePending = false; // feed EDGE before text[length - 1] (this chunk ends the input)
let startEdgePending = false; // feed EDGE after text[0] (this chunk starts the input)
let pendingClass: i32 = 0;
let needRow: usize = 0; // the row whose transition scanRun() asked for
const out = new Array<i32>(); // pairs [target state, start offset] for accepting steps

// The interleaved scan in progress: mode, and per chain (0 = rightmost, walked from the chunk's start state).
const SERIAL: i32 = 0;
const CHAINED: i32 = 1; // chains walking
const FIXING: i32 = 2; // fix-up passes
const EDGE_STEP: i32 = 3; // the start edge after the last fix-up
let mode: i32 = SERIAL;
let nChains: i32 = 0;
let startPos: i32 = -1; // the chunk as scanStart*() gave it, to fall back to a serial walk
let startRow: usize = 0;
let startEndEdge = false;
let startStartEdge = false;
const chHi = new StaticArray<i32>(CHAINS); // segment = [chLo, chHi)
const chLo = new StaticArray<i32>(CHAINS);
const chPos = new StaticArray<i32>(CHAINS); // next unit to consume
const chRow = new StaticArray<i32>(CHAINS); // current row
const chCk = new StaticArray<i32>(CHAINS); // first checkpoint index in `checkpoints`
const chKeep = new StaticArray<i32>(CHAINS); // after fix-up: the chain's matches with offset <= this stand
const chFinal = new StaticArray<i32>(CHAINS); // after fix-up: the true state at the segment's left end
const chOut = new StaticArray<Array<i32>>(CHAINS);
const fixOut = new StaticArray<Array<i32>>(CHAINS);
for (let c = 0; c < CHAINS; c++) { chOut[c] = new Array<i32>(); fixOut[c] = new Array<i32>(); }
let checkpoints = new Int32Array(0);
let fixJ: i32 = 0; // the segment being fixed
let fixPos: i32 = 0;
let fixRow: usize = 0;
let fixStarted = false;
let edgeRow: usize = 0;

// Counters since instantiation, for tests and benchmarks (scanStats()).
const STAT_SERIAL = 0; // scans walked serially from the start
const STAT_INTERLEAVED = 1; // scans cut into segments
const STAT_FIXUPS = 2; // segments whose true start state was not the root (a fix-up walk ran)
const STAT_FIXUPS_MET = 3; // fix-ups that met the segment's own walk at a checkpoint
const STAT_FIXUP_UNITS = 4; // code units the fix-ups walked
const STAT_FLOODS = 5; // interleaved scans given up for a serial walk: too many matches held
const STAT_RESTARTS = 6; // interleaved scans walked again serially after a cache reset (restartSerial)
const stats = new StaticArray<i32>(7);

/** The scan counters: [serial, interleaved, fixups, fixupsMet, fixupUnits, floods, restarts]. */
export function scanStats(): StaticArray<i32> { return stats; }

/** Rule sets held at once (a scanner uses up to three scopes; callers may switch between them freely). */
const SLOTS: i32 = 16;
const slotMap = new StaticArray<Uint8Array | null>(SLOTS);
const slotTable = new StaticArray<Uint32Array | null>(SLOTS);
const slotScalars = new StaticArray<i32>(SLOTS * 6); // capacity, nClasses, edgeClass, skipClass, cutsOk, rows

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
function ensureRows(need: i32): void {
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

/**
 * Sets how scans walk: `chains` interleaved walks (1 = serial, at most 4) for texts of at least `min` code units
 * (at least 2 × CHECKPOINT per chain). The default is 4 chains from 1,024 units (measured: 1,024 and 2,048 within 2% on the corpus, 1,024 ahead). Returns OK, or BAD_RANGE when out of range.
 */
export function setChains(chains: i32, min: i32): i32 {
  if (chains < 1 || chains > CHAINS || min < chains * 2 * CHECKPOINT) return BAD_RANGE;
  chainsWanted = chains;
  minUnits = min;
  return OK;
}

/** Sets the root state (the rule set's start state, no match in progress) that interleaved segments start in. */
export function setRootState(s: i32): void { if (s >= 0 && s < capacity) { ensureRows(s + 1); rootRow = <usize>(s * rowBytes); } }

/**
 * Starts scanning the core's decoded UTF-8 input (assembly/utf8.ts) as one whole text, in state `start`.
 * Returns OK, or BAD_RANGE when `start` is not below the table's capacity (nothing started).
 */
export function scanStartDecoded(start: i32): i32 {
  return scanStartBuffer(start, 0, true, true);
}

/**
 * Starts scanning a chunk of text the caller wrote into the decoded-text buffer (assembly/utf8.ts unitsBuffer()),
 * in state `start`. `offset` is where the chunk's first code unit sits in the whole input; `endsInput`: feed EDGE
 * first (the chunk holds the input's last code unit); `startsInput`: feed EDGE last. Returns OK, or BAD_RANGE when `start`
 * is out of range (nothing started).
 */
export function scanStartBuffer(start: i32, offset: i32, endsInput: bool, startsInput: bool): i32 {
  return scanStartRange(start, 0, decodedUnits(), offset, endsInput, startsInput);
}

/**
 * scanStartBuffer() for the code units [from, to) of the decoded-text buffer (a block decoded with context on each
 * side): `offset` is where unit `from` sits in the whole input (it may be negative: offsets counted from the end).
 * Returns OK, or BAD_RANGE when `start` or the range is out of range (nothing started).
 */
export function scanStartRange(start: i32, from: i32, to: i32, offset: i32, endsInput: bool, startsInput: bool): i32 {
  if (start < 0 || start >= capacity) return BAD_RANGE; // the loop indexes the table by state: keep it in range
  if (from < 0 || to < from || to > decodedUnits()) return BAD_RANGE;
  ensureRows(start + 1);
  src = decodedPointer() + (<usize>from << 1);
  pos = to - from - 1;
  row = <usize>(start * rowBytes);
  base = offset;
  endEdgePending = endsInput;
  startEdgePending = startsInput;
  startPos = pos;
  startRow = row;
  startEndEdge = endsInput;
  startStartEdge = startsInput;
  mode = SERIAL;
  if (chainsWanted > 1 && cutsOk && pos + 1 >= minUnits) planChains();
  unchecked(stats[mode == SERIAL ? STAT_SERIAL : STAT_INTERLEAVED]++);
  return OK;
}

// Cuts [0, pos] into up to chainsWanted segments at spaces; on success the scan starts CHAINED.
function planChains(): void {
  const n = pos + 1;
  const k = chainsWanted;
  const p = src;
  let hi = n;
  for (let c = 0; c < k; c++) {
    let lo = 0;
    if (c < k - 1) {
      // The cut x: text[x] is a space the segment to the right consumes; this segment is [x', x).
      const even = n - (n / k) * (c + 1);
      let x = even;
      const stop = max(even - CUT_WINDOW, 1);
      while (x >= stop) {
        const u = load<u16>(p + (<usize>x << 1));
        if (u == 0x20 || u == 0x0A || u == 0x09) break;
        x--;
      }
      if (x < stop || hi - x < 2 * CHECKPOINT) return; // no cut near: walk serially
      lo = x;
    } else if (hi < 2 * CHECKPOINT) return;
    unchecked(chHi[c] = hi);
    unchecked(chLo[c] = lo);
    hi = lo;
  }
  // Chain c walks [chLo[c], chHi[c]); chain 0 holds the text's end, so it starts from the chunk's state.
  let total: i32 = 0;
  for (let c = 0; c < k; c++) {
    unchecked(chCk[c] = total);
    total += (chHi[c] - chLo[c]) / CHECKPOINT;
    unchecked(chPos[c] = chHi[c] - 1);
    unchecked(chRow[c] = <i32>(c == 0 ? row : rootRow));
    unchecked(chOut[c]).length = 0;
    unchecked(fixOut[c]).length = 0;
  }
  if (checkpoints.length < total) checkpoints = new Int32Array(max(total, 1024));
  nChains = k;
  mode = CHAINED;
}

/** The state the scan is in (after scanRun() returns DONE: the state to start the next chunk in). */
export function currentState(): i32 { return <i32>((mode == SERIAL ? row : needRow) / <usize>rowBytes); }
/**
 * Moves the scan to another state id (after the rule set's cache was reset and the state renumbered). An
 * interleaved scan cannot be renumbered: use restartSerial().
 */
export function setState(s: i32): void { if (s >= 0 && s < capacity && mode == SERIAL) { ensureRows(s + 1); row = <usize>(s * rowBytes); } }
/** The class whose transition from currentState() scanRun() needs. */
export function neededClass(): i32 { return pendingClass; }
/** Whether the scan in progress walks interleaved chains (a cache reset then needs restartSerial()). */
export function scanInterleaved(): bool { return mode != SERIAL; }

/**
 * Drops an interleaved scan's work and walks the chunk again serially from state `start` (its start state
 * renumbered after a cache reset). Returns OK, or BAD_RANGE when `start` is out of range.
 */
export function restartSerial(start: i32): i32 {
  if (start < 0 || start >= capacity) return BAD_RANGE;
  ensureRows(start + 1);
  startRow = <usize>(start * rowBytes);
  if (mode != SERIAL) unchecked(stats[STAT_RESTARTS]++);
  fallBack();
  return OK;
}

function flood(): void {
  unchecked(stats[STAT_FLOODS]++);
  fallBack();
}

function fallBack(): void {
  mode = SERIAL;
  pos = startPos;
  row = startRow;
  endEdgePending = startEndEdge;
  startEdgePending = startStartEdge;
  for (let c = 0; c < CHAINS; c++) { unchecked(chOut[c]).length = 0; unchecked(fixOut[c]).length = 0; }
}

/**
 * Runs the scan until the chunk is done (returns 0), a transition is unknown (returns 1: build the transition from
 * currentState() on neededClass(), store it, call again), or 65,536 matches are waiting (returns 2: takeMatches(),
 * call again).
 */
export function scanRun(): i32 {
  if (table === null || classMap === null || mapBase == 0) return DONE;
  if (mode == CHAINED) {
    const rc = runChains();
    if (rc != DONE) return rc;
  }
  if (mode == FIXING) {
    const rc = runFixes();
    if (rc != DONE) return rc;
  }
  if (mode == EDGE_STEP) return finishChained();
  return runSerial();
}

// Pauses the scan for TypeScript to build the transition from row offset `r` on `cls`.
function need(r: usize, cls: i32): i32 {
  needRow = r;
  pendingClass = cls;
  return NEED_TRANSITION;
}

// The state id of an absolute row address.
@inline
function idOf(a: usize): i32 { return <i32>((a - tBase) / <usize>rowBytes); }

// The class of the code unit at address `at`.
@inline
function classAt(at: usize, m: usize): usize { return <usize>load<u8>(m + <usize>load<u16>(at)); }

// Called for an unknown entry of row address `a`: a skipped unit's becomes a self-loop on the spot (returns true:
// step again).
@inline
function selfLoop(a: usize, cls: usize): bool {
  if (<i32>cls != skipClass) return false;
  store<u32>(a + (cls << 2), <u32>a);
  return true;
}

// The edge step from row offset `r`: the target's offset | ACCEPT, or UNKNOWN.
@inline
function edgeStep(r: usize): u32 {
  const v = load<u32>(tBase + r + (<usize>edgeClass << 2));
  return v == UNKNOWN ? v : (v - <u32>tBase);
}

function runSerial(): i32 {
  const p = src;
  const m = mapBase;
  if (endEdgePending) {
    const v = edgeStep(row);
    if (v == UNKNOWN) return need(row, edgeClass);
    row = <usize>(v & ~ACCEPT); // no rule matches the empty string, so nothing can accept here
    endEdgePending = false;
  }
  // In range: every stored target is a row below `rows` (setTransition checks), every code unit < 65,536 = the
  // class map's length, and pos < the scanned text's length.
  let a = tBase + row;
  let i = pos;
  while (i >= 0) {
    const cls = classAt(p + (<usize>i << 1), m);
    const v = load<u32>(a + (cls << 2));
    if (v & ACCEPT) {
      if (v == UNKNOWN) {
        if (selfLoop(a, cls)) continue;
        pos = i; row = a - tBase; return need(row, <i32>cls);
      }
      a = <usize>(v & ~ACCEPT);
      out.push(idOf(a));
      out.push(base + i + 1);
      if (out.length >= DRAIN_AT << 1) { pos = i - 1; row = a - tBase; return NEED_DRAIN; }
    } else a = <usize>v;
    i--;
  }
  pos = -1;
  row = a - tBase;
  if (startEdgePending) {
    const v = edgeStep(row);
    if (v == UNKNOWN) return need(row, edgeClass);
    row = <usize>(v & ~ACCEPT);
    if (v & ACCEPT) { out.push(<i32>(row / <usize>rowBytes)); out.push(base); }
    startEdgePending = false;
  }
  return DONE;
}

// Records a match (state at address `a`) and says whether the scan must give up interleaving (too many).
@inline
function record(list: Array<i32>, a: usize, offset: i32): bool {
  list.push(idOf(a));
  list.push(offset);
  return list.length >= CHAIN_MATCHES << 1;
}

// Walks chain c until it has consumed a multiple of CHECKPOINT units (aligned) or its segment ends (!aligned),
// storing a checkpoint (a row offset) at each multiple. Returns DONE, NEED_TRANSITION, or FALL_BACK to fall back to a
// serial walk.
function stepChain(c: i32, aligned: bool): i32 {
  const p = src;
  const m = mapBase;
  const hi = unchecked(chHi[c]);
  const lo = unchecked(chLo[c]);
  const list = unchecked(chOut[c]);
  const ck = checkpoints.dataStart + (<usize>unchecked(chCk[c]) << 2);
  let i = unchecked(chPos[c]);
  let a = tBase + <usize>unchecked(chRow[c]);
  while (i >= lo) {
    const done = hi - 1 - i; // units consumed so far
    if (aligned && done % CHECKPOINT == 0) break;
    const cls = classAt(p + (<usize>i << 1), m);
    const v = load<u32>(a + (cls << 2));
    if (v & ACCEPT) {
      if (v == UNKNOWN) {
        if (selfLoop(a, cls)) continue;
        unchecked(chPos[c] = i); unchecked(chRow[c] = <i32>(a - tBase)); return need(a - tBase, <i32>cls);
      }
      a = <usize>(v & ~ACCEPT);
      if (record(list, a, base + i + 1)) return FALL_BACK;
    } else a = <usize>v;
    i--;
    const now = hi - 1 - i;
    if (now % CHECKPOINT == 0) store<i32>(ck + (<usize>(now / CHECKPOINT - 1) << 2), <i32>(a - tBase));
  }
  unchecked(chPos[c] = i);
  unchecked(chRow[c] = <i32>(a - tBase));
  return DONE;
}

function runChains(): i32 {
  const k = nChains;
  if (endEdgePending) {
    const r = <usize>unchecked(chRow[0]);
    const v = edgeStep(r);
    if (v == UNKNOWN) return need(r, edgeClass);
    unchecked(chRow[0] = <i32>(v & ~ACCEPT)); // nothing accepts the empty string
    endEdgePending = false;
  }
  for (;;) {
    // Every chain to a checkpoint (after a pause, the chains stand at different steps of a block).
    for (let c = 0; c < k; c++) {
      const rc = stepChain(c, true);
      if (rc == FALL_BACK) { flood(); return DONE; }
      if (rc != DONE) return rc;
    }
    if (k != CHAINS) break;
    // Blocks of CHECKPOINT steps of all four chains while each has a whole block left.
    let left = 0x7FFFFFFF;
    for (let c = 0; c < k; c++) left = min(left, unchecked(chPos[c]) - unchecked(chLo[c]) + 1);
    if (left < CHECKPOINT) break;
    const rc = runBlocks(left / CHECKPOINT);
    if (rc == FALL_BACK) { flood(); return DONE; }
    if (rc != DONE) return rc;
  }
  for (let c = 0; c < k; c++) {
    const rc = stepChain(c, false);
    if (rc == FALL_BACK) { flood(); return DONE; }
    if (rc != DONE) return rc;
  }
  mode = FIXING;
  fixJ = 1;
  fixStarted = false;
  unchecked(chKeep[0] = 0x7FFFFFFF);
  unchecked(chFinal[0] = unchecked(chRow[0]));
  return DONE;
}

// `blocks` blocks of CHECKPOINT steps of all four chains (each has that many units left and stands at a
// checkpoint). A step that meets anything but a known, non-accepting entry stops the blocks; that step is then
// taken chain by chain with stepChain's checks. Returns DONE, NEED_TRANSITION, or FALL_BACK.
function runBlocks(blocks: i32): i32 {
  const ck = checkpoints.dataStart;
  const base0 = tBase;
  const m = mapBase;
  // Each chain's next code unit is at t_c - q: one shared offset q for the four walks.
  const t0 = src + (<usize>unchecked(chPos[0]) << 1), t1 = src + (<usize>unchecked(chPos[1]) << 1);
  const t2 = src + (<usize>unchecked(chPos[2]) << 1), t3 = src + (<usize>unchecked(chPos[3]) << 1);
  let a0 = base0 + <usize>unchecked(chRow[0]), a1 = base0 + <usize>unchecked(chRow[1]);
  let a2 = base0 + <usize>unchecked(chRow[2]), a3 = base0 + <usize>unchecked(chRow[3]);
  const k0 = ck + (<usize>(unchecked(chCk[0]) + (unchecked(chHi[0]) - 1 - unchecked(chPos[0])) / CHECKPOINT) << 2);
  const k1 = ck + (<usize>(unchecked(chCk[1]) + (unchecked(chHi[1]) - 1 - unchecked(chPos[1])) / CHECKPOINT) << 2);
  const k2 = ck + (<usize>(unchecked(chCk[2]) + (unchecked(chHi[2]) - 1 - unchecked(chPos[2])) / CHECKPOINT) << 2);
  const k3 = ck + (<usize>(unchecked(chCk[3]) + (unchecked(chHi[3]) - 1 - unchecked(chPos[3])) / CHECKPOINT) << 2);
  let q: usize = 0;
  let stopped = false;
  for (let b = 0; b < blocks; b++) {
    const end = q + (<usize>CHECKPOINT << 1);
    while (q < end) {
      const v0 = load<u32>(a0 + (classAt(t0 - q, m) << 2));
      const v1 = load<u32>(a1 + (classAt(t1 - q, m) << 2));
      const v2 = load<u32>(a2 + (classAt(t2 - q, m) << 2));
      const v3 = load<u32>(a3 + (classAt(t3 - q, m) << 2));
      if ((v0 | v1 | v2 | v3) & ACCEPT) { stopped = true; break; }
      a0 = <usize>v0; a1 = <usize>v1; a2 = <usize>v2; a3 = <usize>v3;
      q += 2;
    }
    if (stopped) break;
    const off = <usize>b << 2;
    store<i32>(k0 + off, <i32>(a0 - base0));
    store<i32>(k1 + off, <i32>(a1 - base0));
    store<i32>(k2 + off, <i32>(a2 - base0));
    store<i32>(k3 + off, <i32>(a3 - base0));
  }
  const steps = <i32>(q >> 1);
  unchecked(chPos[0] -= steps); unchecked(chPos[1] -= steps); unchecked(chPos[2] -= steps); unchecked(chPos[3] -= steps);
  unchecked(chRow[0] = <i32>(a0 - base0)); unchecked(chRow[1] = <i32>(a1 - base0));
  unchecked(chRow[2] = <i32>(a2 - base0)); unchecked(chRow[3] = <i32>(a3 - base0));
  if (stopped) {
    for (let c = 0; c < CHAINS; c++) {
      const r = stepOne(c);
      if (r != DONE) return r;
    }
  }
  return DONE;
}

// One step of chain c with every check (stepChain for a single unit).
function stepOne(c: i32): i32 {
  const lo = unchecked(chLo[c]);
  const i = unchecked(chPos[c]);
  if (i < lo) return DONE;
  unchecked(chLo[c] = i); // walk exactly one unit
  const rc = stepChain(c, false);
  unchecked(chLo[c] = lo);
  return rc;
}

// Fix-up passes: segment j (1..nChains-1) is walked from the true state at its right end until that walk meets
// the chain's own state at a checkpoint.
function runFixes(): i32 {
  const p = src;
  const m = mapBase;
  while (fixJ < nChains) {
    const j = fixJ;
    const hi = unchecked(chHi[j]);
    const lo = unchecked(chLo[j]);
    if (!fixStarted) {
      fixRow = <usize>unchecked(chFinal[j - 1]);
      fixPos = hi - 1;
      fixStarted = true;
      unchecked(fixOut[j]).length = 0;
      if (fixRow == rootRow) {
        // The true state is the root: the chain walked exactly what the whole-text walk would.
        unchecked(chKeep[j] = 0x7FFFFFFF);
        unchecked(chFinal[j] = unchecked(chRow[j]));
        fixJ++;
        fixStarted = false;
        continue;
      }
      unchecked(stats[STAT_FIXUPS]++);
    }
    const list = unchecked(fixOut[j]);
    const ck = checkpoints.dataStart + (<usize>unchecked(chCk[j]) << 2);
    let a = tBase + fixRow;
    let i = fixPos;
    let met = false;
    while (i >= lo) {
      const cls = classAt(p + (<usize>i << 1), m);
      const v = load<u32>(a + (cls << 2));
      if (v & ACCEPT) {
        if (v == UNKNOWN) {
          if (selfLoop(a, cls)) continue;
          fixPos = i; fixRow = a - tBase; return need(fixRow, <i32>cls);
        }
        a = <usize>(v & ~ACCEPT);
        if (record(list, a, base + i + 1)) { flood(); return DONE; }
      } else a = <usize>v;
      const now = hi - i;
      if (now % CHECKPOINT == 0 && load<i32>(ck + (<usize>(now / CHECKPOINT - 1) << 2)) == <i32>(a - tBase)) { met = true; break; }
      i--;
    }
    unchecked(stats[STAT_FIXUP_UNITS] += met ? hi - i : hi - 1 - i);
    if (met) {
      unchecked(stats[STAT_FIXUPS_MET]++);
      unchecked(chKeep[j] = i); // the chain's matches at positions below i (offsets <= i) stand
      unchecked(chFinal[j] = unchecked(chRow[j]));
    } else {
      unchecked(chKeep[j] = -0x7FFFFFFF); // none of them
      unchecked(chFinal[j] = <i32>(a - tBase));
    }
    fixJ++;
    fixStarted = false;
  }
  mode = EDGE_STEP;
  edgeRow = <usize>unchecked(chFinal[nChains - 1]);
  return DONE;
}

// The start edge, then the matches in the serial walk's order; the scan is then done.
function finishChained(): i32 {
  let r = edgeRow;
  let edgeMatch = false;
  if (startStartEdge) {
    const v = edgeStep(r);
    if (v == UNKNOWN) return need(r, edgeClass);
    r = <usize>(v & ~ACCEPT);
    edgeMatch = (v & ACCEPT) != 0;
  }
  for (let j = 0; j < nChains; j++) {
    const fixes = unchecked(fixOut[j]);
    for (let k = 0; k < fixes.length; k++) out.push(unchecked(fixes[k]));
    const keep = unchecked(chKeep[j]);
    const own = unchecked(chOut[j]);
    for (let k = 0; k < own.length; k += 2) {
      if (unchecked(own[k + 1]) - base <= keep) { out.push(unchecked(own[k])); out.push(unchecked(own[k + 1])); }
    }
    fixes.length = 0;
    own.length = 0;
  }
  if (edgeMatch) { out.push(<i32>(r / <usize>rowBytes)); out.push(base); }
  mode = SERIAL;
  pos = -1;
  row = r;
  endEdgePending = false;
  startEdgePending = false;
  return DONE;
}

/** How many matches takeMatches() would return (so a caller skips the call, and its allocation, when none). */
export function matchCount(): i32 { return out.length >> 1; }

/** Returns and clears the pairs [acceptingState, startOffset] found so far, in the order found. */
export function takeMatches(): Int32Array {
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  out.length = 0;
  return res;
}

/** Drops the scan's text reference and any interleaved work. */
export function scanEnd(): void {
  src = 0;
  mode = SERIAL;
  for (let c = 0; c < CHAINS; c++) { unchecked(chOut[c]).length = 0; unchecked(fixOut[c]).length = 0; }
}

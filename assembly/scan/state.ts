// The scan in progress: where it stands in the text, the state it carries from one chunk to the next (text may
// arrive in chunks, last chunk first, with no overlap), the matches waiting for TypeScript, and the counters.

import { NEED_TRANSITION } from "./status";
import { capacity, ensureRows, rowBytes } from "./table";

// The scan in progress.
export let src: usize = 0; // address of the code units being scanned (the decoded-text buffer)
export let pos: i32 = -1; // next code unit to consume, counting down (serial walk)
export let row: usize = 0; // current state's row offset (serial walk; the chunk's start state before an interleaved one)
export let base: i32 = 0; // offset of text[0] in the whole input
export let endEdgePending = false; // feed EDGE before text[length - 1] (this chunk ends the input)
export let startEdgePending = false; // feed EDGE after text[0] (this chunk starts the input)
export let pendingClass: i32 = 0;
export let needRow: usize = 0; // the row whose transition scanRun() asked for
export const out = new Array<i32>(); // pairs [target state, start offset] for accepting steps

// Which walk the scan is in (chains.ts holds each chain's own state), and the chunk as it was started, to walk it
// again serially after a flood or a cache reset.
export const SERIAL: i32 = 0;
export const CHAINED: i32 = 1; // chains walking
export const FIXING: i32 = 2; // fix-up passes
export const EDGE_STEP: i32 = 3; // the start edge after the last fix-up
export let mode: i32 = SERIAL;
export let startPos: i32 = -1; // the chunk as scanStart*() gave it, to fall back to a serial walk
export let startRow: usize = 0;
export let startEndEdge = false;
export let startStartEdge = false;

// Counters since instantiation, for tests and benchmarks (scanStats()).
export const STAT_SERIAL = 0; // scans walked serially from the start
export const STAT_INTERLEAVED = 1; // scans cut into segments
export const STAT_FIXUPS = 2; // segments whose true start state was not the root (a fix-up walk ran)
export const STAT_FIXUPS_MET = 3; // fix-ups that met the segment's own walk at a checkpoint
export const STAT_FIXUP_UNITS = 4; // code units the fix-ups walked
export const STAT_FLOODS = 5; // interleaved scans given up for a serial walk: too many matches held
export const STAT_RESTARTS = 6; // interleaved scans walked again serially after a cache reset (restartSerial)
export const stats = new StaticArray<i32>(7);

/** The scan counters: [serial, interleaved, fixups, fixupsMet, fixupUnits, floods, restarts]. */
export function scanStats(): StaticArray<i32> { return stats; }

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

// Pauses the scan for TypeScript to build the transition from row offset `r` on `cls`.
export function need(r: usize, cls: i32): i32 {
  needRow = r;
  pendingClass = cls;
  return NEED_TRANSITION;
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


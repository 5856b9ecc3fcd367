// The walk: starts a scan of the text in the core's buffer and runs it, serially (the tight loop below) or through the
// interleaved chains (chains.ts), pausing when the table lacks a transition or matches pile up.
//
// The search runs a rule set's lazy DFA (src/scan/compile.ts) over UTF-16 text, right to left, in linear time with
// no backtracking: per code unit one class lookup and one table step. A transition the table does not
// hold yet stops the loop; TypeScript builds it (one subset-construction step), stores it with setTransition() and
// calls scanRun() again, which resumes at the same code unit. Text may arrive in chunks (last chunk first); the DFA
// state carries over, so no overlap is needed and memory stays flat.
//
// Each reversed rule ends with one extra symbol (the code unit before the match, or EDGE at offset 0), so a target
// state that accepts after consuming text[i] means a match starts at i + 1.

import { decodedPointer, decodedUnits } from "../utf8";
import { BAD_RANGE, DONE, NEED_DRAIN, OK } from "./status";
import { ACCEPT, UNKNOWN, capacity, classAt, classMap, edgeClass, edgeStep, ensureRows, idOf, mapBase, rowBytes, selfLoop, table, tBase, cutsOk } from "./table";
import {
  CHAINED, EDGE_STEP, FIXING, SERIAL, STAT_INTERLEAVED, STAT_RESTARTS, STAT_SERIAL, base, endEdgePending, mode, need, out,
  pos, row, src, startEdgePending, startEndEdge, startPos, startRow, startStartEdge, stats,
} from "./state";
import { CHAINS, chOut, chainsWanted, fallBack, finishChained, fixOut, minUnits, planChains, runChains, runFixes } from "./chains";

/** Matches held before scanRun() pauses for the caller to take them (bounds the core's memory on match floods). */
export const DRAIN_AT: i32 = 1 << 16;

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

export function runSerial(): i32 {
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

export function scanEnd(): void {
  src = 0;
  mode = SERIAL;
  for (let c = 0; c < CHAINS; c++) { unchecked(chOut[c]).length = 0; unchecked(fixOut[c]).length = 0; }
}

// Interleaved chains: a long text cut at spaces into segments walked side by side, checkpoints, the fix-up walks at
// each cut and the splice of their matches into the serial walk's order (walk.ts starts and drives them).
//
// Why: one DFA walk is a chain of dependent loads (the next row depends on the last lookup), so the
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

import { DONE, FALL_BACK, NEED_TRANSITION, OK, BAD_RANGE } from "./status";
import { ACCEPT, UNKNOWN, classAt, edgeClass, edgeStep, idOf, mapBase, rootRow, rowBytes, selfLoop, tBase } from "./table";
import {
  CHAINED, EDGE_STEP, FIXING, SERIAL, STAT_FIXUPS, STAT_FIXUPS_MET, STAT_FIXUP_UNITS, STAT_FLOODS, base, endEdgePending,
  mode, need, out, pos, row, src, startEdgePending, startEndEdge, startPos, startRow, startStartEdge, stats,
} from "./state";

/** Interleaved walks at most (the unrolled loop below is written for this many). */
export const CHAINS: i32 = 4;
/** A checkpoint of each segment's root-started state every this many code units. */
export const CHECKPOINT: i32 = 64;
/** A cut point is looked for this far left of an even split; without one the text is walked serially. */
export const CUT_WINDOW: i32 = 1024;
/** Matches a chain or a fix-up holds (pairs) before the scan gives up interleaving and walks serially. */
export const CHAIN_MATCHES: i32 = 8192;

// Tuning (setChains): how many chains, and the shortest text walked interleaved.
export let chainsWanted: i32 = CHAINS;
export let minUnits: i32 = 1024;

export let nChains: i32 = 0;
export const chHi = new StaticArray<i32>(CHAINS); // segment = [chLo, chHi)
export const chLo = new StaticArray<i32>(CHAINS);
export const chPos = new StaticArray<i32>(CHAINS); // next unit to consume
export const chRow = new StaticArray<i32>(CHAINS); // current row
export const chCk = new StaticArray<i32>(CHAINS); // first checkpoint index in `checkpoints`
export const chKeep = new StaticArray<i32>(CHAINS); // after fix-up: the chain's matches with offset <= this stand
export const chFinal = new StaticArray<i32>(CHAINS); // after fix-up: the true state at the segment's left end
export const chOut = new StaticArray<Array<i32>>(CHAINS);
export const fixOut = new StaticArray<Array<i32>>(CHAINS);
for (let c = 0; c < CHAINS; c++) { chOut[c] = new Array<i32>(); fixOut[c] = new Array<i32>(); }
export let checkpoints = new Int32Array(0);
export let fixJ: i32 = 0; // the segment being fixed
export let fixPos: i32 = 0;
export let fixRow: usize = 0;
export let fixStarted = false;
export let edgeRow: usize = 0;

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

// Cuts [0, pos] into up to chainsWanted segments at spaces; on success the scan starts CHAINED.
export function planChains(): void {
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

export function flood(): void {
  unchecked(stats[STAT_FLOODS]++);
  fallBack();
}

export function fallBack(): void {
  mode = SERIAL;
  pos = startPos;
  row = startRow;
  endEdgePending = startEndEdge;
  startEdgePending = startStartEdge;
  for (let c = 0; c < CHAINS; c++) { unchecked(chOut[c]).length = 0; unchecked(fixOut[c]).length = 0; }
}

// Records a match (state at address `a`) and says whether the scan must give up interleaving (too many).
@inline
export function record(list: Array<i32>, a: usize, offset: i32): bool {
  list.push(idOf(a));
  list.push(offset);
  return list.length >= CHAIN_MATCHES << 1;
}

// Walks chain c until it has consumed a multiple of CHECKPOINT units (aligned) or its segment ends (!aligned),
// storing a checkpoint (a row offset) at each multiple. Returns DONE, NEED_TRANSITION, or FALL_BACK to fall back to a
// serial walk.
export function stepChain(c: i32, aligned: bool): i32 {
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

export function runChains(): i32 {
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
export function runBlocks(blocks: i32): i32 {
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
export function stepOne(c: i32): i32 {
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
export function runFixes(): i32 {
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
export function finishChained(): i32 {
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

// Threat scan: runs a rule set that TypeScript compiled into DFA banks (src/scan/compile.ts) over UTF-16 text.
// Linear time, no backtracking: per code unit, one class lookup and one table step per bank, whatever the input.
//
// Each bank recognises a group of reversed rules, unanchored, so scanning the text from its end to its start reports
// every offset where a match of a rule starts. Each reversed rule ends with one extra symbol (the code unit before
// the match, or EDGE at offset 0), which also settles a word boundary at the start of the match; so a state reached
// after consuming text[i] that accepts rule r means r matches starting at i + 1.

/** Most banks a rule set may have. */
const MAX_BANKS: i32 = 64;

let classMap: Uint8Array | null = null; // 65,536 entries: UTF-16 code unit -> symbol class
let trans: Uint16Array | null = null; // nStates * nClasses entries: next state (global ids)
let acceptOffsets: Int32Array | null = null; // nStates + 1 entries into acceptRules
let acceptRules: Int32Array | null = null; // rule indices, grouped per state
let bankStart: Int32Array | null = null;
let bankAcceptFirst: Int32Array | null = null; // per bank: its states >= this id accept
let nClasses: i32 = 0;
let edgeClass: i32 = 0; // the symbol fed before the last code unit and after the first (text edges)
let skipClass: i32 = -1; // code units of this class are stepped over: no transition, no report (folded-away chars)
// Current state per bank during a scan: a static, unmanaged region (MAX_BANKS i32s), so the hot loop works on raw
// pointers and the runtime never spills GC roots inside it.
const STATES: usize = memory.data(MAX_BANKS * 4);

/**
 * Installs a compiled rule set. Validates every table entry once, so the scan loop can index without checks.
 * Bank k owns the global states [k == 0 ? 0 : ends[k-1], ends[k]); its transitions stay inside that range.
 * Returns 0 on success or a negative code naming the first malformed input
 * (-1 class map, -2 transitions, -3 accept tables, -4 banks or scalars).
 */
export function loadRules(
  map: Uint8Array, table: Uint16Array, offsets: Int32Array, rules: Int32Array,
  starts: Int32Array, acceptFirsts: Int32Array, ends: Int32Array, classes: i32, edge: i32, skip: i32,
): i32 {
  if (skip < -1 || skip >= classes || skip == edge) return -4;
  const nBanks = starts.length;
  if (classes <= 0 || classes > 256 || edge < 0 || edge >= classes) return -4;
  if (nBanks == 0 || nBanks > MAX_BANKS || acceptFirsts.length != nBanks || ends.length != nBanks) return -4;
  const nStates = ends[nBanks - 1];
  if (nStates <= 0 || nStates > 65536) return -4;
  let lo = 0;
  for (let k = 0; k < nBanks; k++) {
    const hi = ends[k];
    if (hi <= lo || starts[k] < lo || starts[k] >= hi || acceptFirsts[k] < lo || acceptFirsts[k] > hi) return -4;
    lo = hi;
  }
  if (map.length != 65536) return -1;
  for (let i = 0; i < 65536; i++) if (<i32>unchecked(map[i]) >= classes) return -1;
  if (table.length != nStates * classes) return -2;
  lo = 0;
  for (let k = 0; k < nBanks; k++) {
    const hi = ends[k];
    for (let i = lo * classes; i < hi * classes; i++) {
      const to = <i32>unchecked(table[i]);
      if (to < lo || to >= hi) return -2;
    }
    lo = hi;
  }
  if (offsets.length != nStates + 1 || offsets[0] != 0 || offsets[nStates] != rules.length) return -3;
  for (let i = 0; i < nStates; i++) if (unchecked(offsets[i]) > unchecked(offsets[i + 1])) return -3;
  classMap = map;
  trans = table;
  acceptOffsets = offsets;
  acceptRules = rules;
  bankStart = starts;
  bankAcceptFirst = acceptFirsts;
  nClasses = classes;
  edgeClass = edge;
  skipClass = skip;
  return 0;
}

/**
 * Scans `text` with the installed rule set.
 * Returns pairs [ruleIndex, startOffset] (offset in UTF-16 code units), every offset where a rule's match starts,
 * in descending (offset, rule index) order. Returns an empty array when no rule set is installed.
 */
export function scan(text: string): Int32Array {
  const out = new Array<i32>();
  const map = classMap;
  const table = trans;
  const offs = acceptOffsets;
  const rules = acceptRules;
  const starts = bankStart;
  const firsts = bankAcceptFirst;
  if (map === null || table === null || offs === null || rules === null || starts === null || firsts === null) {
    return new Int32Array(0);
  }
  const nBanks = starts.length;
  const mapBase = map.dataStart;
  const tBase = table.dataStart;
  const firstsBase = firsts.dataStart;
  const nc = nClasses;
  const skip = skipClass;
  const src = changetype<usize>(text);
  const statesEnd = STATES + (<usize>nBanks << 2);
  // In range: every state is a valid global id and every class < nClasses (both checked in loadRules), so
  // s * nc + cls < table.length; every code unit < 65,536 = map.length; nBanks <= MAX_BANKS, the size of STATES.
  for (let k = 0; k < nBanks; k++) {
    store<i32>(STATES + (<usize>k << 2), <i32>load<u16>(tBase + ((<usize>(unchecked(starts[k]) * nc + edgeClass)) << 1)));
  }
  for (let i = text.length - 1; i >= 0; i--) {
    const cls = <usize>load<u8>(mapBase + <usize>load<u16>(src + (<usize>i << 1)));
    if (<i32>cls == skip) continue;
    let hit = 0;
    for (let p = STATES, f = firstsBase; p < statesEnd; p += 4, f += 4) {
      const s = <i32>load<u16>(tBase + ((<usize>load<i32>(p) * <usize>nc + cls) << 1));
      store<i32>(p, s);
      hit |= <i32>(s >= load<i32>(f));
    }
    if (hit) report(out, offs, rules, firsts, nBanks, i + 1);
  }
  let hit = 0;
  for (let p = STATES, f = firstsBase; p < statesEnd; p += 4, f += 4) {
    const s = <i32>load<u16>(tBase + ((<usize>load<i32>(p) * <usize>nc + <usize>edgeClass) << 1));
    store<i32>(p, s);
    hit |= <i32>(s >= load<i32>(f));
  }
  if (hit) report(out, offs, rules, firsts, nBanks, 0);
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  return res;
}

// Appends the rules accepted by the current bank states, in descending rule order (banks hold ascending rule
// ranges), so that reversing the whole output gives ascending (offset, rule).
function report(out: Array<i32>, offs: Int32Array, rules: Int32Array, firsts: Int32Array, nBanks: i32, offset: i32): void {
  for (let k = nBanks - 1; k >= 0; k--) {
    const s = load<i32>(STATES + (<usize>k << 2)); // k < nBanks <= MAX_BANKS
    if (s < firsts[k]) continue;
    const first = offs[s];
    for (let j = offs[s + 1] - 1; j >= first; j--) {
      out.push(rules[j]);
      out.push(offset);
    }
  }
}

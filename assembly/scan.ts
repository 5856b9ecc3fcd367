// Threat scan: runs a rule set that TypeScript compiled into a DFA (src/scan/compile.ts) over UTF-16 text.
// Linear time, no backtracking: one table step per code unit, whatever the input.
//
// The DFA recognises the reversed rules, unanchored, so scanning the text from its end to its start reports every
// offset where a match of a rule starts. Each reversed rule ends with one extra symbol (the code unit before the
// match, or EDGE at offset 0), which also resolves a word boundary at the start of the match; so a state reached
// after consuming text[i] and accepting rule r means r matches starting at i + 1.

let classMap: Uint8Array | null = null; // 65,536 entries: UTF-16 code unit -> symbol class
let trans: Uint16Array | null = null; // nStates * nClasses entries: next state
let acceptOffsets: Int32Array | null = null; // (nStates - acceptFirst + 1) entries into acceptRules
let acceptRules: Int32Array | null = null; // rule indices, grouped per accepting state
let nClasses: i32 = 0;
let nStates: i32 = 0;
let acceptFirst: i32 = 0; // states >= acceptFirst accept at least one rule
let startState: i32 = 0;
let edgeClass: i32 = 0; // the symbol fed before the last code unit and after the first (text edges)

/**
 * Installs a compiled rule set. Validates every table entry once, so the scan loop can index without checks.
 * Returns 0 on success or a negative code naming the first table that is malformed
 * (-1 class map, -2 transitions, -3 accept tables, -4 scalars).
 */
export function loadRules(
  map: Uint8Array, table: Uint16Array, offsets: Int32Array, rules: Int32Array,
  classes: i32, states: i32, firstAccept: i32, start: i32, edge: i32,
): i32 {
  if (classes <= 0 || classes > 256 || states <= 0 || states > 65536) return -4;
  if (firstAccept < 0 || firstAccept > states || start < 0 || start >= states || edge < 0 || edge >= classes) return -4;
  if (map.length != 65536) return -1;
  for (let i = 0; i < 65536; i++) if (<i32>unchecked(map[i]) >= classes) return -1;
  if (table.length != states * classes) return -2;
  for (let i = 0; i < table.length; i++) if (<i32>unchecked(table[i]) >= states) return -2;
  const nAccept = states - firstAccept;
  if (offsets.length != nAccept + 1 || unchecked(offsets[0]) != 0 || unchecked(offsets[nAccept]) != rules.length) return -3;
  for (let i = 0; i < nAccept; i++) if (unchecked(offsets[i]) > unchecked(offsets[i + 1])) return -3;
  classMap = map;
  trans = table;
  acceptOffsets = offsets;
  acceptRules = rules;
  nClasses = classes;
  nStates = states;
  acceptFirst = firstAccept;
  startState = start;
  edgeClass = edge;
  return 0;
}

/**
 * Scans `text` with the installed rule set.
 * Returns pairs [ruleIndex, startOffset] (offset in UTF-16 code units), every offset where a rule's match starts,
 * in descending offset order. Returns an empty array when no rule set is installed.
 */
export function scan(text: string): Int32Array {
  const out = new Array<i32>();
  const map = classMap;
  const table = trans;
  const offs = acceptOffsets;
  const rules = acceptRules;
  if (map === null || table === null || offs === null || rules === null) return new Int32Array(0);
  const mapBase = map.dataStart;
  const tBase = table.dataStart;
  const nc = nClasses;
  const firstAccept = acceptFirst;
  const src = changetype<usize>(text);
  // Every state index is < nStates and every class < nClasses (checked in loadRules), so
  // (s * nc + cls) < table.length; every code unit < 65,536 = map.length.
  let s = <i32>load<u16>(tBase + ((<usize>(startState * nc + edgeClass)) << 1));
  for (let i = text.length - 1; i >= 0; i--) {
    const c = <usize>load<u16>(src + (<usize>i << 1));
    const cls = <i32>load<u8>(mapBase + c);
    s = <i32>load<u16>(tBase + ((<usize>(s * nc + cls)) << 1));
    if (s >= firstAccept) report(out, offs, rules, s - firstAccept, i + 1);
  }
  s = <i32>load<u16>(tBase + ((<usize>(s * nc + edgeClass)) << 1));
  if (s >= firstAccept) report(out, offs, rules, s - firstAccept, 0);
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  return res;
}

function report(out: Array<i32>, offs: Int32Array, rules: Int32Array, a: i32, offset: i32): void {
  const end = offs[a + 1];
  for (let k = offs[a]; k < end; k++) {
    out.push(rules[k]);
    out.push(offset);
  }
}

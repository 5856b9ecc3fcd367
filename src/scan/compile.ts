// Rule compiler: turns rule patterns (pattern.ts) into the tables the WASM scan loop runs (assembly/scan.ts).
//
// Pipeline: parse each pattern -> reverse it -> Thompson NFA of a group of rules behind one unanchored start state
// -> subset construction into a DFA ("bank") over symbol classes shared by all banks. Scanning the text right to left with that DFA reports,
// at each offset, every rule with a match starting there; one table step per code unit, so the scan is linear in
// the input length whatever the input (no backtracking).
//
// Word boundaries (\b) need the code units on both sides. A DFA state remembers whether the symbol it last consumed
// was a word character, and epsilon closure through a \b is resolved when the next symbol is known. Every reversed
// rule ends with one extra symbol (the code unit before the match, or EDGE at the start of the text), so a \b at the
// start of a match is decided before the state accepts, and a match starting at offset i + 1 is reported after
// consuming text[i].

import { PromptasmError } from "../errors.js";
import { foldTable, SKIP } from "./fold.js";
import {
  ANY_SYMBOL, ANY_UNIT, EDGE, WORD, collectSets, parsePattern, reverse, setHas,
  type PatternNode, type SymbolSet,
} from "./pattern.js";

/** Most DFA states (all banks together) the WASM tables can address: state ids are u16. */
export const MAX_DFA_STATES = 65535;
/** Most banks the core runs side by side (MAX_BANKS in assembly/scan.ts; loadRules() rejects more). */
export const MAX_BANKS = 64;

/** Tables for assembly/scan.ts loadRules(); see there for their layout. */
export interface CompiledRuleSet {
  /** 65,536 entries: UTF-16 code unit -> class id. */
  classMap: Uint8Array;
  /** nStates * nClasses entries: next state id. */
  transitions: Uint16Array;
  /** nStates + 1 entries: state s accepts the rules acceptRules[acceptOffsets[s] .. acceptOffsets[s+1]). */
  acceptOffsets: Int32Array;
  acceptRules: Int32Array;
  /** Per bank (one DFA each, run side by side): start state, first accepting state, one past its last state. */
  bankStart: Int32Array;
  bankAcceptFirst: Int32Array;
  bankEnd: Int32Array;
  nClasses: number;
  nStates: number;
  edgeClass: number;
  /** Class of code units the scan steps over (fold.ts SKIP). */
  skipClass: number;
  /** Number of patterns compiled (rule index = position in the input array). */
  nRules: number;
  /** Wall-clock compile time in milliseconds (performance.now()). */
  buildMs: number;
}

interface Partition {
  /** Code unit -> class, after folding; skipped units map to skipClass. */
  classMap: Uint8Array;
  /** The class of skipped code units (== nClasses: not a pattern class, it has no transitions of its own). */
  skipClass: number;
  edgeClass: number;
  nClasses: number;
  /** class ids whose symbols all belong to `set` (a set is a union of whole classes by construction). */
  classesOf(set: SymbolSet): number[];
  isWord: boolean[];
}

// Splits the symbol space 0..EDGE into classes: two symbols share a class when every set treats them alike.
function partition(sets: SymbolSet[]): Partition {
  const unique = new Map<string, SymbolSet>();
  for (const s of [...sets, WORD, ANY_UNIT, ANY_SYMBOL]) unique.set(JSON.stringify(s), s);
  const all = [...unique.values()];
  const points = new Set<number>([0, EDGE + 1]);
  for (const s of all) for (const [lo, hi] of s) { points.add(lo); points.add(hi + 1); }
  const cuts = [...points].sort((a, b) => a - b);
  const nIntervals = cuts.length - 1;
  const sig: string[] = [];
  for (let k = 0; k < nIntervals; k++) sig.push(all.map((s) => (setHas(s, cuts[k]!) ? "1" : "0")).join(""));
  const classOfSig = new Map<string, number>();
  const intervalClass: number[] = [];
  for (const s of sig) {
    if (!classOfSig.has(s)) classOfSig.set(s, classOfSig.size);
    intervalClass.push(classOfSig.get(s)!);
  }
  const nClasses = classOfSig.size;
  if (nClasses > 256) throw new PromptasmError("E_RULES", `rule set needs ${nClasses} symbol classes; the core supports 256`);
  const classMap = new Uint8Array(0x10000);
  let edgeClass = -1;
  const isWord: boolean[] = new Array(nClasses).fill(false);
  for (let k = 0; k < nIntervals; k++) {
    const lo = cuts[k]!, hi = Math.min(cuts[k + 1]! - 1, 0xffff);
    if (lo === EDGE) edgeClass = intervalClass[k]!;
    else classMap.fill(intervalClass[k]!, lo, hi + 1);
    if (setHas(WORD, lo)) isWord[intervalClass[k]!] = true;
  }
  // Evasion folding (fold.ts): a code unit reads as its fold target; skipped units get a class of their own that
  // the core steps over without changing state.
  const fold = foldTable();
  const skipClass = nClasses;
  const folded = new Uint8Array(classMap);
  for (let u = 0; u < 0x10000; u++) {
    const f = fold[u]!;
    if (f === SKIP) folded[u] = skipClass;
    else if (f !== u) folded[u] = classMap[f]!;
  }
  if (skipClass > 255) throw new PromptasmError("E_RULES", `rule set needs ${skipClass + 1} symbol classes; the core supports 256`);
  const representative: number[] = [];
  for (let k = 0; k < nIntervals; k++) if (representative[intervalClass[k]!] === undefined) representative[intervalClass[k]!] = cuts[k]!;
  return {
    classMap: folded, edgeClass, nClasses, isWord, skipClass,
    classesOf(set) {
      const out: number[] = [];
      for (let c = 0; c < nClasses; c++) if (setHas(set, representative[c]!)) out.push(c);
      return out;
    },
  };
}

// A Thompson NFA: epsilon edges, \b edges, and symbol-class edges.
class Nfa {
  eps: number[][] = [];
  boundary: number[][] = [];
  edges: Array<Array<{ classes: number[]; to: number }>> = [];
  constructor(private readonly part: Partition) {}
  state(): number {
    this.eps.push([]);
    this.boundary.push([]);
    this.edges.push([]);
    return this.eps.length - 1;
  }
  edge(from: number, set: SymbolSet, to: number): void {
    this.edges[from]!.push({ classes: this.part.classesOf(set), to });
  }
  // Builds a fragment for `node` from `start`; returns its end state.
  build(node: PatternNode, start: number): number {
    switch (node.t) {
      case "set": { const end = this.state(); this.edge(start, node.set, end); return end; }
      case "boundary": { const end = this.state(); this.boundary[start]!.push(end); return end; }
      case "cat": { let at = start; for (const item of node.items) at = this.build(item, at); return at; }
      case "alt": {
        const end = this.state();
        for (const item of node.items) {
          const s = this.state();
          this.eps[start]!.push(s);
          this.eps[this.build(item, s)]!.push(end);
        }
        return end;
      }
      case "rep": {
        let at = start;
        for (let k = 0; k < node.min; k++) at = this.build(node.node, at);
        const end = this.state();
        if (node.max === Infinity) {
          const loop = this.state();
          this.eps[at]!.push(loop);
          this.eps[loop]!.push(end);
          this.eps[this.build(node.node, loop)]!.push(loop);
        } else {
          for (let k = node.min; k < node.max; k++) {
            this.eps[at]!.push(end);
            at = this.build(node.node, at);
          }
          this.eps[at]!.push(end);
        }
        return end;
      }
    }
  }
}

interface Dfa {
  /** rows[state][class] = next state (bank-local ids); accepting states are last. */
  rows: number[][];
  /** Rule indices each state accepts (empty for non-accepting). */
  rulesOf: number[][];
  start: number;
  acceptFirst: number;
}

// Subset construction for a group of (reversed) rule trees. Returns null when it would need more than maxStates.
function buildDfa(trees: Array<{ rule: number; tree: PatternNode }>, part: Partition, maxStates: number): Dfa | null {
  const nfa = new Nfa(part);
  const root = nfa.state();
  nfa.edge(root, ANY_SYMBOL, root); // unanchored: a match may start anywhere
  const acceptRule = new Map<number, number>();
  for (const { rule, tree } of trees) {
    const s = nfa.state();
    nfa.eps[root]!.push(s);
    const end = nfa.build(tree, s);
    const accept = nfa.state();
    nfa.edge(end, ANY_SYMBOL, accept); // the extra symbol before the match (see the file comment)
    acceptRule.set(accept, rule);
  }

  const { nClasses, isWord } = part;
  // DFA state = kernel (NFA states reached by the last symbol, before closure) + "last symbol was a word char".
  const kernels: number[][] = [];
  const lastWord: boolean[] = [];
  const ids = new Map<string, number>();
  const rows: number[][] = [];
  const intern = (kernel: number[], w: boolean): number => {
    // NFA ids fit in one UTF-16 code unit for any rule set that also fits the bank limit; join() is the fallback.
    const key = (w ? "w" : "n") + (nfa.eps.length < 0xffff && kernel.length < 4096 ? String.fromCharCode.apply(null, kernel) : kernel.join(","));
    let id = ids.get(key);
    if (id === undefined) {
      id = kernels.length;
      ids.set(key, id);
      kernels.push(kernel);
      lastWord.push(w);
    }
    return id;
  };
  // Closure with an epoch-stamped mark array instead of a Set: this loop dominates compile time.
  const nNfa = nfa.eps.length;
  const mark = new Int32Array(nNfa);
  let epoch = 0;
  const closure = (kernel: number[], crossBoundary: boolean): number[] => {
    epoch++;
    const out: number[] = [];
    for (const q of kernel) if (mark[q] !== epoch) { mark[q] = epoch; out.push(q); }
    for (let k = 0; k < out.length; k++) {
      const q = out[k]!;
      for (const r of nfa.eps[q]!) if (mark[r] !== epoch) { mark[r] = epoch; out.push(r); }
      if (crossBoundary) for (const r of nfa.boundary[q]!) if (mark[r] !== epoch) { mark[r] = epoch; out.push(r); }
    }
    return out;
  };
  const start = intern([root], false);
  for (let id = 0; id < kernels.length; id++) {
    if (kernels.length > maxStates) return null;
    const kernel = kernels[id]!;
    const w = lastWord[id]!;
    const targets: number[][] = Array.from({ length: nClasses }, () => []);
    // A \b holds between the last symbol and the next one when exactly one of them is a word char.
    for (const nextWord of [false, true]) {
      for (const q of closure(kernel, w !== nextWord)) {
        for (const e of nfa.edges[q]!) for (const c of e.classes) if (isWord[c] === nextWord) targets[c]!.push(e.to);
      }
    }
    const row: number[] = new Array(nClasses);
    for (let c = 0; c < nClasses; c++) {
      const t = targets[c]!.sort((x, y) => x - y);
      let n = 0;
      for (let k = 0; k < t.length; k++) if (k === 0 || t[k] !== t[k - 1]) t[n++] = t[k]!;
      t.length = n;
      row[c] = intern(t, isWord[c]!);
    }
    rows.push(row);
  }
  if (kernels.length > maxStates) return null;

  // Renumber so that accepting states come last: the scan loop tests acceptance with one comparison.
  const rulesOf = kernels.map((k) => k.filter((q) => acceptRule.has(q)).map((q) => acceptRule.get(q)!).sort((a, b) => a - b));
  const order = [...kernels.keys()].sort((a, b) => Number(rulesOf[a]!.length > 0) - Number(rulesOf[b]!.length > 0) || a - b);
  const newId = new Array<number>(order.length);
  order.forEach((old, i) => { newId[old] = i; });
  const firstAccepting = order.findIndex((old) => rulesOf[old]!.length > 0);
  return {
    rows: order.map((old) => rows[old]!.map((to) => newId[to]!)),
    rulesOf: order.map((old) => rulesOf[old]!),
    start: newId[start]!,
    acceptFirst: firstAccepting === -1 ? order.length : firstAccepting,
  };
}

/** States one bank may have before the compiler starts a new bank (keeps each table cache-sized). */
export const MAX_BANK_STATES = 4096;

/**
 * Compiles rule patterns into DFA banks for the WASM core.
 * Rules are packed in order into banks of at most MAX_BANK_STATES states each (a DFA for all rules at once would
 * be the product of their automata); the core runs all banks side by side in one pass.
 * @param patterns pattern sources in the syntax of pattern.ts; rule index = array position.
 * @returns tables for the core's loadRules() and the compile time.
 * @throws PromptasmError E_RULES when a pattern does not parse, matches the empty string, one rule alone needs more
 *   than MAX_BANK_STATES states, or the banks together exceed MAX_BANKS banks, MAX_DFA_STATES states or 256 symbol
 *   classes.
 */
export function compileRules(patterns: readonly string[]): CompiledRuleSet {
  const t0 = performance.now();
  const trees = patterns.map((p, rule) => ({ rule, tree: reverse(parsePattern(p)) }));
  const part = partition(trees.flatMap((t) => collectSets(t.tree)));
  const banks: Dfa[] = [];
  let group: typeof trees = [];
  let current: Dfa | null = null;
  for (const t of trees) {
    const grown = buildDfa([...group, t], part, MAX_BANK_STATES);
    if (grown) { group.push(t); current = grown; continue; }
    if (current) banks.push(current);
    group = [t];
    current = buildDfa(group, part, MAX_BANK_STATES);
    if (!current) throw new PromptasmError("E_RULES", `pattern ${JSON.stringify(patterns[t.rule])} alone needs more than ${MAX_BANK_STATES} DFA states; simplify it`);
  }
  if (current) banks.push(current);
  if (banks.length > MAX_BANKS) throw new PromptasmError("E_RULES", `rule set needs ${banks.length} DFA banks; the core supports ${MAX_BANKS}`);

  // One more column for the skip class: identity transitions (the core never takes them, but every entry is valid).
  const nClasses = part.nClasses + 1;
  const nStates = banks.reduce((n, b) => n + b.rows.length, 0);
  if (nStates > MAX_DFA_STATES) throw new PromptasmError("E_RULES", `rule set needs ${nStates} DFA states; the core supports ${MAX_DFA_STATES}`);
  const transitions = new Uint16Array(nStates * nClasses);
  const acceptOffsets = new Int32Array(nStates + 1);
  const acceptRules: number[] = [];
  const bankStart = new Int32Array(banks.length);
  const bankAcceptFirst = new Int32Array(banks.length);
  const bankEnd = new Int32Array(banks.length);
  let base = 0;
  banks.forEach((b, k) => {
    b.rows.forEach((row, i) => {
      row.forEach((to, c) => { transitions[(base + i) * nClasses + c] = base + to; });
      transitions[(base + i) * nClasses + part.skipClass] = base + i;
      acceptRules.push(...b.rulesOf[i]!);
      acceptOffsets[base + i + 1] = acceptRules.length;
    });
    bankStart[k] = base + b.start;
    bankAcceptFirst[k] = base + b.acceptFirst;
    base += b.rows.length;
    bankEnd[k] = base;
  });
  return {
    classMap: part.classMap, transitions, acceptOffsets, acceptRules: Int32Array.from(acceptRules),
    bankStart, bankAcceptFirst, bankEnd, nClasses, nStates, edgeClass: part.edgeClass, skipClass: part.skipClass,
    nRules: patterns.length, buildMs: performance.now() - t0,
  };
}

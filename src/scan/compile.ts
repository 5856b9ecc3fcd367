// Rule compiler: turns rule patterns (pattern.ts) into an automaton the WASM scan loop runs (assembly/scan.ts).
//
// Pipeline: parse each pattern -> reverse it -> one Thompson NFA of all rules behind an unanchored start state ->
// a lazy DFA over symbol classes: a DFA state (a set of NFA states) and its transition on a class are built the
// first time the scan needs them, then cached in the core's table, so later steps cost one table lookup. Scanning
// the text right to left reports, at each offset, every rule with a match starting there. Each code unit costs one
// table step, or at most one subset-construction step (bounded by the NFA's size) when the transition is new, so the
// scan is linear in the input length whatever the input (no backtracking). When the cache is full it is cleared and
// rebuilt from the current state (as RE2's lazy DFA does), so memory stays bounded.
//
// Word boundaries (\b) need the code units on both sides. A DFA state remembers whether the symbol it last consumed
// was a word character, and epsilon closure through a \b is resolved when the next symbol is known. Every reversed
// rule ends with one extra symbol (the code unit before the match, or EDGE at the start of the text), so a \b at the
// start of a match is decided before the state accepts, and a match starting at offset i + 1 is reported after
// consuming text[i].

import { checkTables, isVerifiedTables, type RuleSetDfa, type RuleSetTables } from "../core/rule-tables.js";
import { PromptasmError } from "../errors.js";
import { foldTable, SKIP } from "./fold.js";
import {
  ANY_SYMBOL, ANY_UNIT, EDGE, WORD, collectSets, edgeAsLineEnd, parsePattern, reverse, setHas,
  type PatternNode, type PatternSpec, type SymbolSet,
} from "./pattern.js";

export type { RuleSetTables };

/** A pattern source (case-insensitive) or a PatternSpec. */
export type PatternInput = string | PatternSpec;

/** The PatternSpec form of a pattern input. */
export function toSpec(p: PatternInput): PatternSpec {
  return typeof p === "string" ? { source: p } : p;
}

/**
 * Default number of DFA states the cache holds before it is cleared: 65,535 (state ids fit 16 bits; 0xFFFF is never a
 * state). The core's table takes states × classes × 4 bytes and grows by doubling with the states a scan visits (at
 * most 65,535 × 84 classes × 4 ≈ 22 MB for the built-in rules); they visit about 20,000 states on the whole shared
 * corpus at the strict scope and about 32,000 on 100 MB of text made of their own keywords.
 */
export const DEFAULT_DFA_CAPACITY = 0xffff;
/** Largest cache: state ids fit 16 bits, 0xFFFF is never a state. */
export const MAX_DFA_CAPACITY = 0xffff;

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

// Splits the symbol space 0..EDGE into classes: two symbols share a class when every set treats them alike. One sweep
// over the sets' range ends: each set's ranges are sorted and disjoint (makeSet), so a set enters and leaves at its
// ends, and an interval's signature is the list of sets it lies in (sets that hold most symbols, such as \W or [^>],
// are listed once per interval; a table of interval × set would be millions of entries for the built-in rules).
function partition(sets: SymbolSet[]): Partition {
  const unique = new Map<string, SymbolSet>();
  for (const s of [...sets, WORD, ANY_UNIT, ANY_SYMBOL]) unique.set(s.join(";"), s);
  const all = [...unique.values()];
  // Toggles at each point: the sets whose membership changes there.
  const toggles = new Map<number, number[]>();
  const toggle = (at: number, id: number) => {
    const list = toggles.get(at);
    if (list) list.push(id);
    else toggles.set(at, [id]);
  };
  toggles.set(0, []);
  toggles.set(EDGE + 1, []);
  all.forEach((s, id) => { for (const [lo, hi] of s) { toggle(lo, id); toggle(hi + 1, id); } });
  const cuts = [...toggles.keys()].sort((a, b) => a - b);
  const nIntervals = cuts.length - 1;
  const inside = new Uint8Array(all.length);
  let active: number[] = [];
  const classOfSig = new Map<string, number>();
  const intervalClass: number[] = [];
  for (let k = 0; k < nIntervals; k++) {
    const changed = toggles.get(cuts[k]!)!;
    if (changed.length > 0) {
      for (const id of changed) inside[id] ^= 1;
      const next: number[] = [];
      for (const id of active) if (inside[id] === 1) next.push(id);
      for (const id of changed) if (inside[id] === 1 && !active.includes(id)) next.push(id);
      next.sort((a, b) => a - b);
      active = next;
    }
    const sig = active.join(",");
    let c = classOfSig.get(sig);
    if (c === undefined) { c = classOfSig.size; classOfSig.set(sig, c); }
    intervalClass.push(c);
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
      for (let c = 0; c < nClasses; c++) if (inSet(set, representative[c]!)) out.push(c);
      return out;
    },
  };
}

// Whether sorted, disjoint ranges hold `c` (binary search: sets of letters in many scripts have hundreds of ranges).
function inSet(set: SymbolSet, c: number): boolean {
  let lo = 0, hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const r = set[mid]!;
    if (c < r[0]) hi = mid - 1;
    else if (c > r[1]) lo = mid + 1;
    else return true;
  }
  return false;
}

const NO_STATES: number[] = [];
const NO_EDGES: Array<{ member: Uint8Array; to: number }> = [];

// A Thompson NFA: epsilon edges, \b edges, and symbol-class edges.
class Nfa {
  eps: number[][] = [];
  boundary: number[][] = [];
  edges: Array<Array<{ member: Uint8Array; to: number }>> = [];
  constructor(private readonly part: Partition) {}
  // A new state shares one empty list per kind until it gets its first edge: most states have one kind of edge,
  // and a phrase rule set has tens of thousands of states.
  state(): number {
    this.eps.push(NO_STATES);
    this.boundary.push(NO_STATES);
    this.edges.push(NO_EDGES);
    return this.eps.length - 1;
  }
  epsilon(from: number, to: number): void {
    if (this.eps[from] === NO_STATES) this.eps[from] = [];
    this.eps[from]!.push(to);
  }
  // Edges on the same set share one membership array: phrase rules repeat a few sets (a letter, a separator, the
  // junk inside a word) on tens of thousands of edges.
  private readonly members = new Map<string, Uint8Array>();
  edge(from: number, set: SymbolSet, to: number): void {
    const key = set.join(";");
    let member = this.members.get(key);
    if (!member) {
      member = new Uint8Array(this.part.nClasses + 1);
      for (const c of this.part.classesOf(set)) member[c] = 1;
      this.members.set(key, member);
    }
    if (this.edges[from] === NO_EDGES) this.edges[from] = [];
    this.edges[from]!.push({ member, to });
  }
  /** The NFA as flat arrays (RuleSetTables' NFA part): what the DFA construction walks, and what a table file holds. */
  freeze(): Pick<RuleSetTables, "members" | "epsStart" | "epsTo" | "boundaryStart" | "boundaryTo" | "edgeStart" | "edgeMember" | "edgeTo"> {
    const n = this.eps.length;
    const stride = this.part.nClasses + 1;
    const memberId = new Map<Uint8Array, number>();
    for (const m of this.members.values()) memberId.set(m, memberId.size);
    const members = new Uint8Array(memberId.size * stride);
    for (const [m, id] of memberId) members.set(m, id * stride);
    const csr = (lists: number[][]) => {
      const start = new Int32Array(n + 1);
      for (let q = 0; q < n; q++) start[q + 1] = start[q]! + lists[q]!.length;
      const to = new Int32Array(start[n]!);
      for (let q = 0; q < n; q++) to.set(lists[q]!, start[q]!);
      return { start, to };
    };
    const eps = csr(this.eps), boundary = csr(this.boundary);
    const edgeStart = new Int32Array(n + 1);
    for (let q = 0; q < n; q++) edgeStart[q + 1] = edgeStart[q]! + this.edges[q]!.length;
    const edgeMember = new Int32Array(edgeStart[n]!), edgeTo = new Int32Array(edgeStart[n]!);
    for (let q = 0; q < n; q++) {
      let k = edgeStart[q]!;
      for (const e of this.edges[q]!) { edgeMember[k] = memberId.get(e.member)!; edgeTo[k++] = e.to; }
    }
    return { members, epsStart: eps.start, epsTo: eps.to, boundaryStart: boundary.start, boundaryTo: boundary.to, edgeStart, edgeMember, edgeTo };
  }
  // Builds a fragment for `node` from `start`; returns its end state.
  build(node: PatternNode, start: number): number {
    switch (node.t) {
      case "set": { const end = this.state(); this.edge(start, node.set, end); return end; }
      case "boundary": { const end = this.state(); if (this.boundary[start] === NO_STATES) this.boundary[start] = []; this.boundary[start]!.push(end); return end; }
      case "cat": { let at = start; for (const item of node.items) at = this.build(item, at); return at; }
      case "alt": {
        const end = this.state();
        for (const item of node.items) {
          const s = this.state();
          this.epsilon(start, s);
          this.epsilon(this.build(item, s), end);
        }
        return end;
      }
      case "rep": {
        let at = start;
        for (let k = 0; k < node.min; k++) at = this.build(node.node, at);
        const end = this.state();
        if (node.max === Infinity) {
          const loop = this.state();
          this.epsilon(at, loop);
          this.epsilon(loop, end);
          this.epsilon(this.build(node.node, loop), loop);
        } else {
          for (let k = node.min; k < node.max; k++) {
            this.epsilon(at, end);
            at = this.build(node.node, at);
          }
          this.epsilon(at, end);
        }
        return end;
      }
    }
  }
}

/**
 * Version of the compiler's output (RuleSetTables), part of every precompiled table's key (ruleTablesKey): bump it
 * whenever a change to pattern.ts, fold.ts or this file changes the classes or the NFA a pattern compiles to, so
 * tables built before the change are not loaded after it. (`npm run gen:rule-tables -- --check`, run by
 * test/core-precompiled.test.ts, also catches a forgotten bump: it compares the shipped file with a fresh build.)
 */
// The tables' consistency check lives with their contract (core/rule-tables.ts); re-exported for callers here.
export { checkTables };

export const RULE_COMPILER_VERSION = "promptasm-rules/2";

/**
 * A compiled rule set: symbol classes and a lazily built DFA. One instance can serve several cores: each core
 * mirrors the cache in its table and clears the mirror when `generation` changes (the cache was reset).
 */
export class CompiledRuleSet {
  /** 65,536 entries: UTF-16 code unit -> class id (after evasion folding). */
  readonly classMap: Uint8Array;
  /** Number of classes, the skip class included (the core's table has this many columns). */
  readonly nClasses: number;
  readonly edgeClass: number;
  readonly skipClass: number;
  /**
   * Whether tab, line feed and space are neither word characters nor skipped, so the core may cut a long text there
   * into segments walked side by side (assembly/scan.ts); true for every rule set (\w is ASCII-only).
   */
  readonly cutsOk: boolean;
  readonly nRules: number;
  /** Most DFA states cached at once. */
  readonly capacity: number;
  /**
   * Wall-clock time in milliseconds to make the set: compiling (parse, classes, NFA) or, for a precompiled set,
   * checking and loading its tables. DFA states are built during scans either way.
   */
  readonly buildMs: number;
  /** "compiled" from patterns, or "precompiled" (loaded from RuleSetTables, e.g. the package's build/rules.bin). */
  readonly origin: "compiled" | "precompiled";
  /** Bumped whenever the DFA cache is cleared; state ids from an older generation are meaningless. */
  generation = 0;
  /** DFA states built since compile (all generations), for benchmarks. */
  statesBuilt = 0;
  /**
   * DFA transitions built since compile (all generations): step() calls, the unit of ScanLimit.maxNewTransitions. The
   * Scanner charges a WorkBudget with its change over a pass.
   */
  transitionsBuilt = 0;

  private readonly t: RuleSetTables;
  private readonly nStates: number;
  /** Per NFA state: the rule it accepts, or -1. */
  private readonly acceptOf: Int32Array;
  private readonly mark: Int32Array;
  private epoch = 0;
  /** Per state id: its kernel (NFA states, ascending). */
  private kernels: Int32Array[] = [];
  private lastWord: boolean[] = [];
  /** Per state id: the rules it accepts (ascending), computed on first use (acceptsOf()). */
  private accepts: Array<number[] | undefined> = [];
  /**
   * Kernel hash (hashKernel) -> the last state id interned with it; `sameHash` chains the earlier ones. States below
   * `indexed` are in it: shipped states are added on the first lookup (index()), not at load.
   */
  private ids = new Map<number, number>();
  /** Per state id: the previous id whose kernel has the same hash, or -1. */
  private sameHash: number[] = [];
  private indexed = 0;
  /**
   * Transitions known without building them, valid in generation `knownGeneration` only: from * nClasses + class ->
   * target, from the states shipped in the tables (RuleSetTables.dfa, loaded as the first states).
   */
  private known: Map<number, number> | undefined;
  private knownGeneration = -1;
  /** While recording (recordTransitions()): the transitions built, as (from, class, to) triples. */
  private log: number[] | undefined;
  /** step()'s merged targets, reused: a new kernel is copied out of it only when it is interned. */
  private merged = new Int32Array(1024);
  /** Per state id (this generation), its kernel's closure outside the root's, without and with \b edges (step()). */
  private closures: Array<Array<Int32Array | undefined>> = [[], []];

  /**
   * @param source rule patterns to compile, or the tables of a set compiled earlier (tables()).
   * @throws PromptasmError as compileRules(); E_RULES when `source` tables are inconsistent (checkTables()).
   */
  constructor(source: readonly PatternInput[] | RuleSetTables, capacity: number) {
    const t0 = performance.now();
    if (!Number.isSafeInteger(capacity) || capacity < 4 || capacity > MAX_DFA_CAPACITY) {
      throw new PromptasmError("E_ARG", `DFA capacity must be an integer in 4..${MAX_DFA_CAPACITY}, got ${capacity}`);
    }
    let t: RuleSetTables;
    if (Array.isArray(source)) {
      t = compileTables(source);
      this.origin = "compiled";
    } else if (source !== null && typeof source === "object" && (source as RuleSetTables).classMap instanceof Uint8Array) {
      t = source as RuleSetTables;
      // Tables read from a table file whose digest matched were checked when the file was written (encodeRuleTables).
      if (!isVerifiedTables(t)) checkTables(t);
      this.origin = "precompiled";
    } else {
      throw new PromptasmError("E_RULES", `patterns must be an array, got ${source === null ? "null" : typeof source}`);
    }
    this.t = t;
    this.nStates = t.epsStart.length - 1;
    this.acceptOf = new Int32Array(this.nStates).fill(-1);
    t.acceptState.forEach((q, rule) => { this.acceptOf[q] = rule; });
    this.mark = new Int32Array(this.nStates);
    this.classMap = t.classMap;
    this.nClasses = t.nClasses;
    this.edgeClass = t.edgeClass;
    this.skipClass = t.skipClass;
    this.cutsOk = [0x09, 0x0a, 0x20].every((u) => t.classMap[u] !== t.skipClass && t.isWord[t.classMap[u]!] !== 1);
    this.nRules = t.nRules;
    this.capacity = capacity;
    if (t.dfa && t.dfa.lastWord.length <= capacity) this.preload(t.dfa, !isVerifiedTables(t));
    this.buildMs = performance.now() - t0;
  }

  // Takes the shipped states in order (so they keep their ids) and keeps their transitions for step(). Tables from a
  // table file whose digest matched were checked when written, so their states are indexed for lookup() only when a
  // scan first builds a transition (a fresh process that meets only shipped transitions never hashes them); other
  // tables are indexed now, which finds a state that repeats an earlier one.
  private preload(d: RuleSetDfa, check: boolean): void {
    for (let s = 0; s < d.lastWord.length; s++) {
      const kernel = d.kernels.subarray(d.kernelStart[s]!, d.kernelStart[s + 1]!);
      if (check) {
        if (this.intern(kernel, kernel.length, d.lastWord[s] === 1) !== s) {
          throw new PromptasmError("E_RULES", `rule tables: DFA state ${s} repeats an earlier state`);
        }
      } else {
        this.kernels.push(kernel);
        this.lastWord.push(d.lastWord[s] === 1);
        this.accepts.push(undefined);
      }
    }
    const known = new Map<number, number>();
    for (let k = 0; k < d.transitions.length; k += 3) known.set(d.transitions[k]! * this.nClasses + d.transitions[k + 1]!, d.transitions[k + 2]!);
    this.known = known;
    this.knownGeneration = this.generation;
    this.statesBuilt = 0; // loaded, not built
  }

  /**
   * Starts recording the transitions step() builds, for dfaTables() (scripts/gen-rule-tables.ts ships the states a
   * sample text needs). Recording stops being useful if the cache is reset: dfaTables() then throws.
   */
  recordTransitions(): void {
    this.log = [];
  }

  /**
   * The current generation's states, in id order, and the transitions recorded since recordTransitions(), as
   * RuleSetTables.dfa: what a set loaded from these tables starts with.
   * @throws PromptasmError E_ARG when not recording, or when the cache was reset since (generation is not 0).
   */
  dfaTables(): RuleSetDfa {
    if (this.log === undefined || this.generation !== 0) throw new PromptasmError("E_ARG", "dfaTables() needs recordTransitions() and no cache reset since");
    const kernelStart = new Int32Array(this.kernels.length + 1);
    this.kernels.forEach((k, s) => { kernelStart[s + 1] = kernelStart[s]! + k.length; });
    const kernels = new Int32Array(kernelStart[this.kernels.length]!);
    this.kernels.forEach((k, s) => kernels.set(k, kernelStart[s]!));
    return { kernelStart, kernels, lastWord: Uint8Array.from(this.lastWord, (w) => (w ? 1 : 0)), transitions: Int32Array.from(this.log) };
  }

  /** The set's run-time tables (shared, not copied: do not modify them), e.g. to write a precompiled table file. */
  tables(): RuleSetTables {
    return this.t;
  }

  /**
   * The start state of the current generation, interned on demand (clearing the cache first when it is full, so
   * every id stays below the capacity). Call before a scan, then mirror the generation.
   */
  startState(): number {
    if (this.startGeneration === this.generation) return this.startId;
    const rootKernel = Int32Array.of(ROOT);
    // The shipped states start with the root (the warm-up's first state): found without indexing them all, which a
    // first scan that needs no new transition never does.
    const first = this.kernels[0];
    let id = first !== undefined && this.lastWord[0] === false && sameKernel(first, rootKernel, 1) ? 0 : this.lookup(rootKernel, 1, false);
    if (id === undefined) {
      if (this.size >= this.capacity) this.reset();
      id = this.intern(rootKernel, 1, false);
    }
    this.startId = id;
    this.startGeneration = this.generation;
    return id;
  }
  private startId = 0;
  private startGeneration = -1;

  private reset(): void {
    this.kernels = [];
    this.lastWord = [];
    this.accepts = [];
    this.ids = new Map();
    this.sameHash = [];
    this.indexed = 0;
    this.closures = [[], []];
    this.generation++;
  }

  /** Number of DFA states in the current generation. */
  get size(): number {
    return this.kernels.length;
  }

  /**
   * What a state id stands for (its NFA states and whether its last symbol was a word character), to give it a new
   * id with restore() after the cache was reset.
   */
  snapshot(state: number): { kernel: readonly number[]; lastWord: boolean } {
    const kernel = this.kernels[state];
    if (kernel === undefined) throw new PromptasmError("E_ARG", `DFA state ${state} does not exist in generation ${this.generation}`);
    return { kernel: Array.from(kernel), lastWord: this.lastWord[state]! };
  }

  /** The id, in the current generation, of a state taken with snapshot() (interned if new). */
  restore(snap: { kernel: readonly number[]; lastWord: boolean }): number {
    const kernel = new Int32Array(snap.kernel);
    const id = this.lookup(kernel, kernel.length, snap.lastWord);
    if (id !== undefined) return id;
    if (this.size >= this.capacity) this.reset();
    return this.intern(kernel, kernel.length, snap.lastWord);
  }

  /**
   * Rule indices (ascending) that `state` accepts.
   * @throws PromptasmError E_ARG when `state` is not a state of the current generation (as snapshot()).
   */
  rulesOf(state: number): readonly number[] {
    if (!Number.isInteger(state) || this.kernels[state] === undefined) {
      throw new PromptasmError("E_ARG", `DFA state ${state} does not exist in generation ${this.generation}`);
    }
    return this.acceptsOf(state);
  }

  // The rules `state` accepts, ascending (computed once per state).
  private acceptsOf(state: number): number[] {
    let rules = this.accepts[state];
    if (rules === undefined) {
      const kernel = this.kernels[state]!;
      rules = [];
      for (let k = 0; k < kernel.length; k++) if (this.acceptOf[kernel[k]!]! >= 0) rules.push(this.acceptOf[kernel[k]!]!);
      this.accepts[state] = rules.sort((a, b) => a - b);
    }
    return rules;
  }

  // Adds the states not yet in `ids` (shipped states taken without hashing, preload()) to it.
  private index(): void {
    for (let id = this.indexed; id < this.kernels.length; id++) {
      const kernel = this.kernels[id]!;
      const h = hashKernel(kernel, kernel.length, this.lastWord[id]!);
      this.sameHash[id] = this.ids.get(h) ?? -1;
      this.ids.set(h, id);
    }
    this.indexed = this.kernels.length;
  }

  /**
   * The transition from `state` on class `cls`, built if new.
   * @param beforeReset called when the cache is full, before it is cleared (the caller drains results that still
   *   use the old state ids).
   * @returns the target state, whether it accepts at least one rule, and, after a reset, the id the source state
   *   has in the new generation.
   */
  step(state: number, cls: number, beforeReset: () => void): { to: number; accepts: boolean; from: number } {
    if (this.generation === this.knownGeneration) {
      // A shipped transition: found, not built (it does not count in transitionsBuilt).
      const to = this.known!.get(state * this.nClasses + cls);
      if (to !== undefined) return { to, accepts: this.acceptsOf(to).length > 0, from: state };
    }
    this.transitionsBuilt++;
    const nextWord = cls === this.edgeClass ? false : this.t.isWord[cls] === 1;
    const kernel = this.kernels[state]!;
    const w = this.lastWord[state]!;
    const cross = w !== nextWord;
    const { edgeStart, edgeMember, edgeTo, members } = this.t;
    const stride = this.nClasses;
    // Every state of an unanchored search holds the root, whose closure (every rule's first steps) is most of the
    // work: its targets per class are built once (sorted, without repeats) and reused, and only the other kernel
    // states are walked here; their targets (usually few) are sorted in a reused typed buffer and merged in.
    const rooted = kernel[0] === ROOT; // kernels are sorted and the root is NFA state 0
    const fromRoot = rooted ? this.rootTargets(cross, cls) : NO_TARGETS;
    let buf = this.scratch;
    let n = 0;
    // A state is usually stepped on several classes: its closure is kept (per boundary case) for the next ones.
    const memo = this.closures[cross ? 1 : 0]!;
    let closed = memo[state];
    if (closed === undefined) closed = memo[state] = new Int32Array(this.closure(kernel, cross, rooted ? this.rootClosure(cross).mark : undefined));
    for (let k = 0; k < closed.length; k++) {
      const q = closed[k]!;
      for (let e = edgeStart[q]!, end = edgeStart[q + 1]!; e < end; e++) {
        if (members[edgeMember[e]! * stride + cls] !== 1) continue;
        if (n === buf.length) { const grown = new Int32Array(buf.length * 2); grown.set(buf); buf = this.scratch = grown; }
        buf[n++] = edgeTo[e]!;
      }
    }
    const own = buf.subarray(0, n).sort();
    if (this.merged.length < fromRoot.length + n) this.merged = new Int32Array(2 * (fromRoot.length + n));
    const targets = this.merged;
    const len = mergeSorted(fromRoot, own, targets);
    let from = state;
    if (this.size >= this.capacity && this.lookup(targets, len, nextWord) === undefined) {
      beforeReset();
      this.reset();
      from = this.intern(kernel, kernel.length, w);
    }
    const to = this.intern(targets, len, nextWord);
    this.log?.push(from, cls, to);
    return { to, accepts: this.acceptsOf(to).length > 0, from };
  }

  /** The id of the state with the first `n` entries of `kernel` and `w`, if this generation has it. */
  private lookup(kernel: Int32Array, n: number, w: boolean): number | undefined {
    if (this.indexed < this.kernels.length) this.index();
    let id = this.ids.get(hashKernel(kernel, n, w));
    while (id !== undefined && id >= 0) {
      if (this.lastWord[id] === w && sameKernel(this.kernels[id]!, kernel, n)) return id;
      id = this.sameHash[id]!;
    }
    return undefined;
  }

  /** lookup(), else a new state (the kernel's first `n` entries copied). */
  private intern(kernel: Int32Array, n: number, w: boolean): number {
    if (this.indexed < this.kernels.length) this.index();
    const h = hashKernel(kernel, n, w);
    const first = this.ids.get(h);
    for (let id = first; id !== undefined && id >= 0; id = this.sameHash[id]!) {
      if (this.lastWord[id] === w && sameKernel(this.kernels[id]!, kernel, n)) return id;
    }
    const id = this.kernels.length;
    const own = kernel.slice(0, n);
    this.ids.set(h, id);
    this.sameHash.push(first ?? -1);
    this.kernels.push(own);
    this.lastWord.push(w);
    this.accepts.push(undefined);
    this.indexed = this.kernels.length;
    this.statesBuilt++;
    return id;
  }

  // The root's closure (without and with the \b edges) as a membership array, and its targets per class.
  private rootClosures: Array<{ mark: Uint8Array; states: number[]; targets: Array<Int32Array | undefined> } | undefined> = [undefined, undefined];
  private rootClosure(cross: boolean): { mark: Uint8Array; states: number[]; targets: Array<Int32Array | undefined> } {
    const k = cross ? 1 : 0;
    let rc = this.rootClosures[k];
    if (!rc) {
      const states = this.closure(Int32Array.of(ROOT), cross);
      const mark = new Uint8Array(this.nStates);
      for (const q of states) mark[q] = 1;
      rc = this.rootClosures[k] = { mark, states, targets: [] };
    }
    return rc;
  }
  // Sorted, without repeats.
  private rootTargets(cross: boolean, cls: number): Int32Array {
    const rc = this.rootClosure(cross);
    let t = rc.targets[cls];
    if (!t) {
      const list: number[] = [];
      const { edgeStart, edgeMember, edgeTo, members } = this.t;
      const stride = this.nClasses;
      for (const q of rc.states) for (let e = edgeStart[q]!, end = edgeStart[q + 1]!; e < end; e++) if (members[edgeMember[e]! * stride + cls] === 1) list.push(edgeTo[e]!);
      const sorted = new Int32Array(list).sort();
      const out = new Int32Array(sorted.length);
      t = rc.targets[cls] = out.slice(0, mergeSorted(NO_TARGETS, sorted, out));
    }
    return t;
  }
  /** A reused buffer for step()'s targets outside the root's closure. */
  private scratch = new Int32Array(256);

  // Epsilon closure (and \b edges when a boundary lies between the last and the next symbol); epoch-stamped marks
  // instead of a Set, since this runs for every new transition. States in `skip` (the root's closure, handled by
  // rootTargets) are left out, and so is everything reached only through them.
  private closure(kernel: Int32Array, crossBoundary: boolean, skip?: Uint8Array): number[] {
    const mark = this.mark;
    const epoch = ++this.epoch;
    const { epsStart, epsTo, boundaryStart, boundaryTo } = this.t;
    const out: number[] = [];
    for (const q of kernel) if (mark[q] !== epoch && !(skip && skip[q] === 1)) { mark[q] = epoch; out.push(q); }
    for (let k = 0; k < out.length; k++) {
      const q = out[k]!;
      for (let e = epsStart[q]!, end = epsStart[q + 1]!; e < end; e++) {
        const r = epsTo[e]!;
        if (mark[r] !== epoch && !(skip && skip[r] === 1)) { mark[r] = epoch; out.push(r); }
      }
      if (crossBoundary) for (let e = boundaryStart[q]!, end = boundaryStart[q + 1]!; e < end; e++) {
        const r = boundaryTo[e]!;
        if (mark[r] !== epoch && !(skip && skip[r] === 1)) { mark[r] = epoch; out.push(r); }
      }
    }
    return out;
  }
}

/** The NFA's unanchored start state (compileTables creates it first). */
const ROOT = 0;

const NO_TARGETS = new Int32Array(0);

/**
 * Writes the union of two ascending lists into `out` as one ascending list without repeats (a DFA state's kernel)
 * and returns its length: `a` has no repeats, `b` may have some; `out` holds at least a.length + b.length.
 */
function mergeSorted(a: Int32Array, b: Int32Array, out: Int32Array): number {
  let i = 0, j = 0, n = 0, last = -1;
  while (i < a.length || j < b.length) {
    const x = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
    if (x !== last) { out[n++] = x; last = x; }
  }
  return n;
}

/** A 32-bit hash (FNV-1a style over whole ints, then mixed) of a kernel's first `n` entries and its word flag. */
function hashKernel(k: Int32Array, n: number, w: boolean): number {
  let h = w ? 0x811c9dc5 : 0x2545f491;
  for (let i = 0; i < n; i++) h = Math.imul(h ^ k[i]!, 0x01000193);
  h ^= h >>> 16;
  h = Math.imul(h, 0x45d9f3b);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Whether `a` equals the first `n` entries of `b`. */
function sameKernel(a: Int32Array, b: Int32Array, n: number): boolean {
  if (a.length !== n) return false;
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return false;
  return true;
}

// Parses, partitions and builds the NFA: the tables of a compiled rule set.
function compileTables(patterns: readonly PatternInput[]): RuleSetTables {
  const trees = patterns.map((p, k) => {
    if (typeof p !== "string" && (p === null || typeof p !== "object" || typeof (p as PatternSpec).source !== "string")) {
      throw new PromptasmError("E_RULES", `pattern ${k} must be a string or { source: string }, got ${p === null ? "null" : Array.isArray(p) ? "an array" : typeof p}`);
    }
    const spec = toSpec(p);
    return reverse(edgeAsLineEnd(parsePattern(spec.source, spec)));
  });
  const part = partition(trees.flatMap((t) => collectSets(t)));
  const nfa = new Nfa(part);
  const root = nfa.state(); // NFA state 0 (ROOT): step() relies on it (kernels are sorted, so a rooted one starts with 0)
  nfa.edge(root, ANY_SYMBOL, root); // unanchored: a match may start anywhere
  const acceptState = new Int32Array(trees.length);
  trees.forEach((tree, rule) => {
    const s = nfa.state();
    nfa.epsilon(root, s);
    const end = nfa.build(tree, s);
    const accept = nfa.state();
    nfa.edge(end, ANY_SYMBOL, accept); // the extra symbol before the match (see the file comment)
    acceptState[rule] = accept;
  });
  const isWord = new Uint8Array(part.nClasses + 1);
  part.isWord.forEach((w, c) => { if (w) isWord[c] = 1; });
  return {
    nRules: patterns.length, nClasses: part.nClasses + 1, edgeClass: part.edgeClass, skipClass: part.skipClass,
    classMap: part.classMap, isWord, ...nfa.freeze(), acceptState,
  };
}


/**
 * The key a precompiled rule set is stored under: `digest` (SHA-256, hex) of the compiler version and each pattern's
 * source and case flag, in order. A changed pattern, a reordered rule or a new compiler version gives a new key, so
 * stale tables are never loaded.
 * @param digest the host's SHA-256 (Node: `(s) => createHash("sha256").update(s).digest("hex")`).
 */
export function ruleTablesKey(patterns: readonly PatternInput[], digest: (text: string) => string): string {
  return digest(JSON.stringify([RULE_COMPILER_VERSION, patterns.map((p) => { const s = toSpec(p); return [s.source, s.caseSensitive === true]; })]));
}

/**
 * Compiles rule patterns for the WASM core.
 * @param patterns pattern sources in the syntax of pattern.ts (or PatternSpecs); rule index = array position.
 * @param options.capacity most DFA states cached at once (default DEFAULT_DFA_CAPACITY; the core's table takes up
 *   to capacity × classes × 4 bytes, growing with the states visited).
 * @throws PromptasmError E_RULES when `patterns` is not an array, a pattern is not a string or { source: string }, does
 *   not parse or matches the empty string, or the patterns need more
 *   than 255 symbol classes; E_ARG for a capacity outside 4..MAX_DFA_CAPACITY.
 */
export function compileRules(patterns: readonly PatternInput[], options: { capacity?: number } = {}): CompiledRuleSet {
  return new CompiledRuleSet(patterns, options.capacity ?? DEFAULT_DFA_CAPACITY);
}

/**
 * A rule set from tables compiled earlier (CompiledRuleSet.tables(), or a precompiled table file read with
 * src/core/rule-tables.ts): same findings as compiling its patterns, without parsing them.
 * @param options.capacity as compileRules().
 * @throws PromptasmError E_RULES when the tables are inconsistent (checkTables()); E_ARG for a bad capacity.
 */
export function ruleSetFromTables(tables: RuleSetTables, options: { capacity?: number } = {}): CompiledRuleSet {
  if (tables === null || typeof tables !== "object" || !(tables.classMap instanceof Uint8Array)) {
    throw new PromptasmError("E_RULES", "rule tables must be an object with a classMap (RuleSetTables)");
  }
  return new CompiledRuleSet(tables, options.capacity ?? DEFAULT_DFA_CAPACITY);
}

/**
 * Rules compiled as several automata (groups) that the core walks one after another over the same text
 * (src/core/wasm.ts RuleGroups). One automaton of every rule tracks every combination of the rules' partial matches:
 * measured on the benign corpus at the strict scope, the 76 built-in rules as one DFA visit 58,918 states (a 54 MB
 * table, mostly cache misses) where the same rules in five groups visit about 27,000 in all, in tables a few MB
 * each, and the five walks together take less time than the one (docs/engine.md has the figures and the command).
 * Findings are the same as one automaton's: each rule's matches do not depend on the other rules.
 */
export class CompiledRuleGroups {
  /** Rules in the whole set. */
  readonly nRules: number;
  /**
   * @param groups each group's compiled rule set (a group may be shared by several CompiledRuleGroups, e.g. the
   *   scopes of one Scanner: its DFA states are then built once).
   * @param ruleIndex per group, per local rule index: the rule's index in the whole set.
   * @throws PromptasmError E_ARG when the lengths disagree or the indices are not 0..n-1 each exactly once.
   */
  constructor(readonly groups: readonly CompiledRuleSet[], readonly ruleIndex: readonly (readonly number[])[]) {
    if (groups.length !== ruleIndex.length || groups.some((g, k) => ruleIndex[k]!.length !== g.nRules)) {
      throw new PromptasmError("E_ARG", "rule groups: each group needs one whole-set index per rule");
    }
    const n = ruleIndex.reduce((a, m) => a + m.length, 0);
    const seen = new Uint8Array(n);
    for (const m of ruleIndex) for (const r of m) {
      if (!Number.isInteger(r) || r < 0 || r >= n || seen[r] === 1) throw new PromptasmError("E_ARG", `rule groups: index ${r} is out of 0..${n - 1} or used twice`);
      seen[r] = 1;
    }
    this.nRules = n;
  }

  /** The highest cache generation of any group (0 while no group's DFA cache was ever cleared). */
  get generation(): number {
    return this.groups.reduce((a, g) => Math.max(a, g.generation), 0);
  }

  /** DFA states built since compile, summed over the groups. */
  get statesBuilt(): number {
    return this.groups.reduce((a, g) => a + g.statesBuilt, 0);
  }

  /** DFA transitions built since compile, summed over the groups. */
  get transitionsBuilt(): number {
    return this.groups.reduce((a, g) => a + g.transitionsBuilt, 0);
  }

  /** Most DFA states one group caches at once. */
  get capacity(): number {
    return this.groups.reduce((a, g) => Math.min(a, g.capacity), DEFAULT_DFA_CAPACITY);
  }

  /** Compile time in milliseconds, summed over the groups. */
  get buildMs(): number {
    return this.groups.reduce((a, g) => a + g.buildMs, 0);
  }
}

/**
 * Compiles rule patterns as groups (CompiledRuleGroups): `groupOf[k]` names pattern k's group (any string); groups
 * keep the order in which their names first appear, and rules their order within a group.
 * @throws PromptasmError as compileRules(), and E_ARG when groupOf does not give one name per pattern.
 */
export function compileRuleGroups(patterns: readonly PatternInput[], groupOf: readonly string[], options: { capacity?: number } = {}): CompiledRuleGroups {
  if (!Array.isArray(patterns) || !Array.isArray(groupOf) || groupOf.length !== patterns.length) {
    throw new PromptasmError("E_ARG", "compileRuleGroups needs one group name per pattern");
  }
  const members = new Map<string, number[]>();
  groupOf.forEach((name, k) => {
    const list = members.get(name);
    if (list) list.push(k);
    else members.set(name, [k]);
  });
  const index = [...members.values()];
  return new CompiledRuleGroups(index.map((m) => compileRules(m.map((k) => patterns[k]!), options)), index);
}

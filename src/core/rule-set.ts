// The contract between the core and a compiled rule set: what the WASM boundary (core/wasm.ts) reads from a rule set
// to load its class map into a slot and to build DFA transitions on demand. scan/compile.ts's CompiledRuleSet fills
// it; the core never imports the compiler, so imports point down (scan → core) only. Types only.

/** A DFA state's saved form: the NFA kernel it stands for, and whether the unit before it was a word character. */
export interface RuleStateSnapshot {
  kernel: readonly number[];
  lastWord: boolean;
}

/** A rule set as the core drives it: a class map for the code units and a lazily built DFA over the classes. */
export interface CoreRuleSet {
  /** Symbol class of every UTF-16 code unit (65,536 entries). */
  readonly classMap: Uint8Array;
  /** Number of symbol classes the patterns distinguish (at most 256, skip class included). */
  readonly nClasses: number;
  /** Class of the word-edge marker, or -1 when no pattern uses word edges. */
  readonly edgeClass: number;
  /** Class of the code units the scan steps over (marks, default-ignorables). */
  readonly skipClass: number;
  /** Whether a long text may be cut at tab, line feed and space for interleaved walks. */
  readonly cutsOk: boolean;
  /** Number of rules (patterns) in the set. */
  readonly nRules: number;
  /** Most DFA states kept before the cache is cleared. */
  readonly capacity: number;
  /** Bumped whenever the DFA cache is cleared: state ids from an older generation are void. */
  generation: number;
  /** The id of the start state in the current generation. */
  startState(): number;
  /** The saved form of a state, to carry it across a cache clearing. */
  snapshot(state: number): RuleStateSnapshot;
  /** A state id for a saved form, in the current generation. */
  restore(snap: RuleStateSnapshot): number;
  /** Indexes of the rules that accept in `state`. */
  rulesOf(state: number): readonly number[];
  /** Builds (or finds) the transition from `state` on class `cls`; `beforeReset` runs when the cache must be cleared. */
  step(state: number, cls: number, beforeReset: () => void): { to: number; accepts: boolean; from: number };
}

// The lazy DFA driver: the core walks a rule set's transition table and stops when it needs a transition it does not
// have; this file builds that transition in TypeScript (the rule set's subset construction, CoreRuleSet.step), hands
// it to the core and lets the walk go on. It owns the core's rule-set slots (CORE_SLOTS tables, least recently used
// out first), follows the rule sets' cache resets (generations), walks rule groups one after another over the same
// piece, keeps the earliest matches per rule and enforces the work budget (ScanLimit.maxNewTransitions). The text and
// bytes paths (text.ts, bytes.ts) hand it the pieces of text.

import { PromptasmError } from "../errors.js";
import { describeValue, type CoreInstance } from "./instance.js";
import type { CoreRuleSet as CompiledRuleSet } from "./rule-set.js";
import { CORE_SLOTS, type RuleGroups, type ScanLimit, type ScanRules } from "./types.js";

/**
 * Hands one piece of text to the core in a DFA state: `again` is true when the piece is already in the core's buffer
 * (the second and later rule groups walk the same piece). Returns the core's status (0: started).
 */
export type PieceStart = (state: number, again: boolean) => number;

/** The driver of one core's scans (see createDfaDriver). */
export interface DfaDriver {
  /**
   * Runs one scan: `body` calls run(start) once per piece of text, last piece first; each rule group is walked over
   * the piece in turn, its DFA state carried to its walk of the piece before.
   * @returns flat [rule, offset] pairs in ascending (offset, rule) order, rule indices of the whole set; offsets as
   *   the pieces' start functions place them (UTF-16 code units). With `limit`, keeps the earliest `limit.maxPerRule`
   *   per rule and sets `limit.suppressed`.
   * @throws PromptasmError E_ARG when `rules` is not a rule set or RuleGroups, maxPerRule < 1, maxNewTransitions < 0
   *   or a scan is already running; E_WORK_BUDGET past maxNewTransitions new transitions; E_WASM when the core
   *   rejects a table, a state or a transition.
   */
  runScan(rules: ScanRules, limit: ScanLimit | undefined, body: (run: (start: PieceStart) => void) => void): Int32Array;
  /** @throws PromptasmError E_ARG while a scan is running (a chunk source must not use the core it feeds). */
  checkIdle(): void;
}

/** Whether `rules` is a compiled rule set (compileRules()). */
function isRuleSet(rules: unknown): rules is CompiledRuleSet {
  const r = rules as CompiledRuleSet | null;
  return r !== null && typeof r === "object" && typeof r.step === "function" && r.classMap instanceof Uint8Array;
}

/**
 * The groups a scan walks and, per group, its local-to-whole rule index map (null: the identity).
 * @throws PromptasmError E_ARG unless `rules` is a compiled rule set or RuleGroups whose maps cover every rule once.
 */
function groupsOf(rules: unknown): { sets: readonly CompiledRuleSet[]; maps: ReadonlyArray<readonly number[] | null>; nRules: number } {
  if (isRuleSet(rules)) return { sets: [rules], maps: [null], nRules: rules.nRules };
  const g = rules as RuleGroups | null;
  if (g !== null && typeof g === "object" && Array.isArray(g.groups) && Array.isArray(g.ruleIndex) && g.groups.length === g.ruleIndex.length
    && g.groups.every((x, k) => isRuleSet(x) && Array.isArray(g.ruleIndex[k]) && g.ruleIndex[k]!.length === x.nRules)) {
    return { sets: g.groups, maps: g.ruleIndex, nRules: g.nRules };
  }
  throw new PromptasmError("E_ARG", `rules must be a compiled rule set (compileRules()), got ${describeValue(rules)} (rule groups from compileRuleGroups() are taken too)`);
}

/** Throws E_ARG unless `rules` is a compiled rule set or RuleGroups. */
export function checkRules(rules: unknown): asserts rules is ScanRules {
  groupsOf(rules);
}

/**
 * The DFA driver of one instantiated core: its slots and its scan state live here (one scan at a time).
 * @param instance the core (instance.ts).
 */
export function createDfaDriver(instance: CoreInstance): DfaDriver {
  const { wasm } = instance;
  // The core keeps up to CORE_SLOTS rule sets with their transition tables, so switching scopes (context files,
  // then memory at the strict scope) keeps every table warm. Each slot mirrors one rule set's DFA cache and is
  // cleared when that cache was reset (its generation changed).
  const slots: Array<{ rules: CompiledRuleSet; generation: number; lastUse: number } | null> = new Array(CORE_SLOTS).fill(null);
  let current = -1;
  let clock = 0;
  let scanning = false; // a scanChunks() is reading its chunks: the core's scan state belongs to it
  const install = (rules: CompiledRuleSet) => {
    let i = slots.findIndex((x) => x?.rules === rules);
    if (i === -1) {
      i = slots.indexOf(null);
      if (i === -1) i = slots.reduce((lru, x, k) => (x!.lastUse < slots[lru]!.lastUse ? k : lru), 0);
      const rc = wasm.loadTables(i, rules.classMap, rules.capacity, rules.nClasses, rules.edgeClass, rules.skipClass, rules.cutsOk);
      if (rc !== 0) throw new PromptasmError("E_WASM", `the core rejected the compiled rule set (code ${rc})`);
      slots[i] = { rules, generation: rules.generation, lastUse: 0 };
    } else {
      if (wasm.useSlot(i) !== 0) throw new PromptasmError("E_WASM", `the core lost rule-set slot ${i}`);
      if (slots[i]!.generation !== rules.generation) {
        wasm.clearTable();
        slots[i]!.generation = rules.generation;
      }
    }
    current = i;
    slots[i]!.lastUse = ++clock;
  };
  const checkIdle = (): void => {
    if (scanning) throw new PromptasmError("E_ARG", "this core is already running a scan (a chunk source must not scan with the core it feeds)");
  };
  // Runs one scan: `body` calls run(start) once per piece of text, last piece first; start(state, again) hands the
  // piece to the core in that DFA state (again: the piece is already in the core's buffer, for the second and later
  // rule groups). Each group is walked over the piece in turn, its DFA state carried to its walk of the piece before.
  // Returns flat [rule, offset] pairs in ascending (offset, rule) order, rule indices of the whole set.
  const runScan = (rules: ScanRules, limit: ScanLimit | undefined, body: (run: (start: (state: number, again: boolean) => number) => void) => void): Int32Array => {
    const { sets, maps, nRules } = groupsOf(rules);
    const max = limit?.maxPerRule ?? Infinity;
    if (!(max >= 1)) throw new PromptasmError("E_ARG", `maxPerRule must be at least 1, got ${max}`);
    checkIdle();
    const nGroups = sets.length;
    const budget = limit?.maxNewTransitions ?? Infinity;
    if (!(budget >= 0)) throw new PromptasmError("E_ARG", `maxNewTransitions must be a non-negative number, got ${limit?.maxNewTransitions}`);
    let built = 0;
    // Per group: the state carried between pieces, the root (the start state: no match in progress; interleaved
    // segments start there), the generation those ids belong to, and what the carried state stands for.
    const state: number[] = new Array<number>(nGroups).fill(0);
    const root: number[] = new Array<number>(nGroups).fill(0);
    const gen: number[] = new Array<number>(nGroups).fill(0);
    const carried: Array<ReturnType<CompiledRuleSet["snapshot"]> | undefined> = new Array(nGroups).fill(undefined);
    // Per rule, the offsets kept so far (made at the first match: most scans have none). Matches arrive in
    // descending offset order within a group's walk of a piece, and pieces come last first, so once a rule has `max`
    // the newest (smallest) offsets replace the oldest: a ring buffer keeps the earliest `max` of the text. (A rule
    // belongs to one group, so the groups' walks do not interleave its offsets.)
    let kept: number[][] | undefined;
    let seen: number[] | undefined;
    // Turns group g's [state, offset] matches into per-rule offsets while the state ids are still current.
    const drain = (g: number) => {
      if (wasm.matchCount() === 0) return;
      const m = wasm.takeMatches();
      if (kept === undefined || seen === undefined) {
        kept = [];
        seen = [];
        for (let r = 0; r < nRules; r++) { kept.push([]); seen.push(0); }
      }
      const set = sets[g]!;
      const map = maps[g];
      for (let k = 0; k < m.length; k += 2) {
        for (const local of set.rulesOf(m[k]!)) {
          const r = map ? map[local]! : local;
          const list = kept[r]!;
          if (list.length < max) list.push(m[k + 1]!);
          else list[seen[r]! % max] = m[k + 1]!;
          seen[r]!++;
        }
      }
    };
    // Group g's walk of one piece.
    const runGroup = (g: number, start: (state: number, again: boolean) => number) => {
      const set = sets[g]!;
      install(set); // mirrors the set's cache generation in the slot (clears a stale table)
      if (set.generation !== gen[g]) {
        // A core sharing this rule set reset its DFA cache while the chunk source ran between two pieces, which voids
        // every state id this scan holds: renumber the carried state and the root in the new generation (restore()
        // may itself reset a full cache: then take them again).
        for (let k = -1; k !== set.generation;) {
          k = set.generation;
          state[g] = carried[g] ? set.restore(carried[g]!) : set.startState();
          root[g] = set.startState();
        }
        gen[g] = set.generation;
        wasm.clearTable();
        slots[current]!.generation = set.generation;
      }
      wasm.setRootState(root[g]!);
      if (start(state[g]!, g > 0) !== 0) throw new PromptasmError("E_WASM", `the core rejected DFA state ${state[g]}`);
      for (let status = wasm.scanRun(); status !== 0; status = wasm.scanRun()) {
        if (status === 2) { drain(g); continue; }
        if (++built > budget) {
          const retry = "those built so far are kept, so a retry gets further";
          throw new PromptasmError("E_WORK_BUDGET", `the scan needed more than ${budget} new DFA transitions (maxNewTransitions); ${retry}`);
        }
        // The piece's start state, kept in case the cache is reset while the core walks interleaved segments: their
        // state ids are then void and the piece is walked again serially from this state's new id.
        let startSnap: ReturnType<CompiledRuleSet["snapshot"]> | undefined;
        const { to, accepts, from } = set.step(wasm.currentState(), wasm.neededClass(), () => {
          drain(g);
          if (wasm.scanInterleaved()) startSnap = set.snapshot(state[g]!);
        });
        if (set.generation !== gen[g]) {
          gen[g] = set.generation;
          wasm.clearTable();
          slots[current]!.generation = set.generation;
          root[g] = set.startState(); // a cache just cleared has room: no second reset
          wasm.setRootState(root[g]!);
          if (startSnap) {
            state[g] = set.restore(startSnap);
            if (wasm.restartSerial(state[g]!) !== 0) throw new PromptasmError("E_WASM", `the core rejected DFA state ${state[g]}`);
          } else wasm.setState(from);
        }
        if (wasm.setTransition(from, wasm.neededClass(), to, accepts) !== 0) throw new PromptasmError("E_WASM", "the core rejected a DFA transition");
      }
      state[g] = wasm.currentState();
      drain(g); // the matches name states of this generation: take them before the chunk source runs again
      wasm.scanEnd();
      carried[g] = set.snapshot(state[g]!);
    };
    const run = (start: (state: number, again: boolean) => number) => {
      for (let g = 0; g < nGroups; g++) runGroup(g, start);
    };
    let done = false;
    scanning = true;
    try {
      for (let g = 0; g < nGroups; g++) {
        state[g] = sets[g]!.startState(); // may clear the rule set's cache: install() mirrors it
        root[g] = state[g]!;
        gen[g] = sets[g]!.generation;
      }
      body(run);
      wasm.scanEnd();
      done = true;
    } finally {
      scanning = false;
      if (!done) {
        wasm.scanEnd();
        wasm.takeMatches(); // abandon the scan: its matches must not leak into the next one
      }
    }
    if (kept === undefined || seen === undefined) {
      if (limit) limit.suppressed = new Array<number>(nRules).fill(0);
      return new Int32Array(0);
    }
    const keptLists = kept;
    if (limit) limit.suppressed = seen.map((n, r) => n - keptLists[r]!.length);
    // Sort into ascending (offset, rule) order; the scan found them right to left.
    const pairs: Array<[number, number]> = [];
    keptLists.forEach((offsets, r) => { for (const o of offsets) pairs.push([r, o]); });
    pairs.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const out = new Int32Array(pairs.length * 2);
    pairs.forEach(([r, o], j) => { out[2 * j] = r; out[2 * j + 1] = o; });
    return out;
  };
  return { runScan, checkIdle };
}

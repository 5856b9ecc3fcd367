// The WASM boundary: loads the AssemblyScript core from a compiled WebAssembly.Module and gives it a typed face.
// Runtime-neutral: the caller compiles the module its own way (Node reads the file, a page streams it, a Worker
// imports it), so this file touches no I/O and no runtime globals.

import { instantiate } from "../../build/release.js";
import { PromptasmError } from "../errors.js";
import type { CompiledRuleSet } from "../scan/compile.js";

/** Code units per chunk handed to the core's scan: bounds the core's memory for the text, whatever its length. */
export const SCAN_CHUNK = 1 << 20;

/** An invisible character found in a text. */
export interface InvisibleChar {
  /** Unicode code point, e.g. 0x200B. */
  codePoint: number;
  /** Offset in UTF-16 code units. */
  offset: number;
}

/** Where head/tail truncation cuts: keep text.slice(0, headEnd) and text.slice(tailStart). */
export interface Cuts {
  headEnd: number;
  tailStart: number;
}

/** Bounds the findings one scan returns (the scan itself still reads the whole text). */
export interface ScanLimit {
  /** Keep at most this many start offsets per rule: the earliest in the text. */
  maxPerRule: number;
  /** Set by the scan: per rule index, how many matches were left out. */
  suppressed?: number[];
}

/** The loaded core. One instance holds one installed rule set at a time. */
export interface Core {
  /** See assembly/normalize.ts: BOM, CRLF/CR -> LF, trailing blanks per line, outer trim. */
  normalize(text: string): string;
  /**
   * Invisible characters in ascending offset order (assembly/invisible.ts); with `limit`, at most `limit.max`, and
   * `limit.total` is set to how many there were.
   */
  findInvisible(text: string, limit?: { max: number; total?: number }): InvisibleChar[];
  /**
   * Head/tail cut points for a text over `cap` code units (assembly/truncate.ts).
   * @throws PromptasmError E_ARG when cap is not a non-negative integer or the ratios are not in [0, 1] with a sum <= 1.
   */
  truncateCuts(text: string, cap: number, headRatio: number, tailRatio: number): Cuts;
  /**
   * Runs a compiled rule set over `text` (in chunks of SCAN_CHUNK code units, last chunk first). Returns flat pairs
   * [ruleIndex, startOffset, ...] in ascending offset order (rule index ascending within one offset); offsets in
   * UTF-16 code units. Builds DFA states the rule set has not built yet. With `limit`, keeps the earliest
   * `limit.maxPerRule` offsets per rule and reports how many were left out in `limit.suppressed`.
   * @throws PromptasmError E_WASM when the core rejects the tables.
   */
  scanRaw(rules: CompiledRuleSet, text: string, limit?: ScanLimit): Int32Array;
}

/**
 * Instantiates the core.
 * @param module the compiled build/release.wasm.
 * @throws PromptasmError E_WASM when instantiation fails.
 */
export async function createCore(module: WebAssembly.Module): Promise<Core> {
  let wasm: Awaited<ReturnType<typeof instantiate>>;
  try {
    wasm = await instantiate(module, { env: {} } as never);
  } catch (cause) {
    throw new PromptasmError("E_WASM", `could not instantiate the promptasm core: ${String(cause)}`, { cause });
  }
  let installed: CompiledRuleSet | null = null;
  let installedGeneration = -1;
  // Mirrors `rules` in the core's table: reload on a new rule set, clear after its cache was reset.
  const install = (rules: CompiledRuleSet) => {
    if (installed !== rules) {
      const rc = wasm.loadTables(rules.classMap, rules.capacity, rules.nClasses, rules.edgeClass, rules.skipClass);
      if (rc !== 0) throw new PromptasmError("E_WASM", `the core rejected the compiled rule set (code ${rc})`);
      installed = rules;
    } else if (installedGeneration !== rules.generation) wasm.clearTable();
    installedGeneration = rules.generation;
  };
  return {
    normalize: (text) => wasm.normalize(text),
    findInvisible(text, limit) {
      const max = limit ? limit.max : 0x7fffffff;
      if (!(max >= 0)) throw new PromptasmError("E_ARG", `max must be >= 0, got ${max}`);
      const raw = wasm.findInvisible(text, Math.min(max, 0x7fffffff));
      if (limit) limit.total = wasm.invisibleTotal();
      const out: InvisibleChar[] = [];
      for (let k = 0; k < raw.length; k += 2) out.push({ codePoint: raw[k]!, offset: raw[k + 1]! });
      return out;
    },
    truncateCuts(text, cap, headRatio, tailRatio) {
      if (!Number.isSafeInteger(cap) || cap < 0 || cap > 0x7fffffff) throw new PromptasmError("E_ARG", `truncation cap must be a non-negative integer number of chars, got ${cap}`);
      if (!(headRatio >= 0 && tailRatio >= 0 && headRatio + tailRatio <= 1)) {
        throw new PromptasmError("E_ARG", `head/tail ratios must be >= 0 with a sum <= 1, got ${headRatio}/${tailRatio}`);
      }
      const [headEnd, tailStart] = wasm.truncateCuts(text, cap, headRatio, tailRatio);
      return { headEnd: headEnd!, tailStart: tailStart! };
    },
    scanRaw(rules, text, limit) {
      let state = rules.startState(); // may clear the rule set's cache: mirror it after
      install(rules);
      const max = limit?.maxPerRule ?? Infinity;
      if (!(max >= 1)) throw new PromptasmError("E_ARG", `maxPerRule must be at least 1, got ${max}`);
      // Per rule, the offsets kept so far. Matches arrive in descending offset order, so once a rule has `max` the
      // newest (smallest) offsets replace the oldest: a ring buffer keeps the earliest `max` of the text.
      const kept: number[][] = Array.from({ length: rules.nRules }, () => []);
      const seen = new Array<number>(rules.nRules).fill(0);
      // Turns [state, offset] matches into per-rule offsets while the state ids are still current.
      const drain = () => {
        const m = wasm.takeMatches();
        for (let k = 0; k < m.length; k += 2) {
          for (const r of rules.rulesOf(m[k]!)) {
            const list = kept[r]!;
            if (list.length < max) list.push(m[k + 1]!);
            else list[seen[r]! % max] = m[k + 1]!;
            seen[r]!++;
          }
        }
      };
      for (let end = text.length; end > 0 || (end === 0 && text.length === 0); end -= SCAN_CHUNK) {
        const start = Math.max(0, end - SCAN_CHUNK);
        if (wasm.scanStart(text.slice(start, end), state, start, end === text.length, start === 0) !== 0) {
          throw new PromptasmError("E_WASM", `the core rejected DFA state ${state}`);
        }
        for (let status = wasm.scanRun(); status !== 0; status = wasm.scanRun()) {
          if (status === 2) { drain(); continue; }
          const { value, from } = rules.step(wasm.currentState(), wasm.neededClass(), drain);
          if (rules.generation !== installedGeneration) {
            wasm.clearTable();
            installedGeneration = rules.generation;
            wasm.setState(from);
          }
          if (wasm.setTransition(from, wasm.neededClass(), value) !== 0) throw new PromptasmError("E_WASM", "the core rejected a DFA transition");
        }
        state = wasm.currentState();
        if (start === 0) break;
      }
      wasm.scanEnd();
      drain();
      if (limit) limit.suppressed = seen.map((n, r) => n - kept[r]!.length);
      // Sort into ascending (offset, rule) order; the scan found them right to left.
      const pairs: Array<[number, number]> = [];
      kept.forEach((offsets, r) => { for (const o of offsets) pairs.push([r, o]); });
      pairs.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
      const out = new Int32Array(pairs.length * 2);
      pairs.forEach(([r, o], j) => { out[2 * j] = r; out[2 * j + 1] = o; });
      return out;
    },
  };
}

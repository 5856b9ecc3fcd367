// The WASM boundary: loads the AssemblyScript core from a compiled WebAssembly.Module and gives it a typed face.
// Runtime-neutral: the caller compiles the module its own way (Node reads the file, a page streams it, a Worker
// imports it), so this file touches no I/O and no runtime globals.

import { instantiate } from "../../build/release.js";
import { PromptasmError } from "../errors.js";
import type { CompiledRuleSet } from "../scan/compile.js";

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

/** The loaded core. One instance holds one installed rule set at a time. */
export interface Core {
  /** See assembly/normalize.ts: BOM, CRLF/CR -> LF, trailing blanks per line, outer trim. */
  normalize(text: string): string;
  /** Invisible characters in ascending offset order (assembly/invisible.ts). */
  findInvisible(text: string): InvisibleChar[];
  /**
   * Head/tail cut points for a text over `cap` code units (assembly/truncate.ts).
   * @throws PromptasmError E_ARG when cap is not a non-negative integer or the ratios are not in [0, 1] with a sum <= 1.
   */
  truncateCuts(text: string, cap: number, headRatio: number, tailRatio: number): Cuts;
  /**
   * Runs a compiled rule set over `text`. Returns flat pairs [ruleIndex, startOffset, ...] in ascending offset order
   * (rule index ascending within one offset); offsets in UTF-16 code units.
   */
  scanRaw(rules: CompiledRuleSet, text: string): Int32Array;
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
  return {
    normalize: (text) => wasm.normalize(text),
    findInvisible(text) {
      const raw = wasm.findInvisible(text);
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
    scanRaw(rules, text) {
      if (installed !== rules) {
        const rc = wasm.loadRules(rules.classMap, rules.transitions, rules.acceptOffsets, rules.acceptRules,
          rules.bankStart, rules.bankAcceptFirst, rules.bankEnd, rules.nClasses, rules.edgeClass, rules.skipClass);
        if (rc !== 0) throw new PromptasmError("E_WASM", `the core rejected the compiled rule set (code ${rc})`);
        installed = rules;
      }
      const raw = wasm.scan(text);
      // The core reports right to left; flip pairs into ascending offset order.
      const out = new Int32Array(raw.length);
      for (let k = 0, j = raw.length - 2; j >= 0; k += 2, j -= 2) { out[k] = raw[j]!; out[k + 1] = raw[j + 1]!; }
      return out;
    },
  };
}

// The core API: one WASM core and one compiled rule set behind a small object (scan, normalize, truncate, assemble).
// Runtime-neutral: the caller brings a compiled WebAssembly.Module. Sits below adapters/ (which take a Promptasm) and
// below the package entries (index.ts, node.ts), so adapters can use it without importing an entry.

import type { PrecompiledRules } from "../core/rule-tables.js";
import { createCore, type Core, type CoreOptions } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import type { WorkspaceReader } from "../discovery/reader.js";
import type { Truncation } from "../guard/guard.js";
import { cutHeadTail } from "../prompt/cut.js";
import { assembleSystemPrompt, type AssembleOptions, type AssembledPrompt } from "../prompt/assemble.js";
import { BUILTIN_RULES, type Rule, type RuleScope } from "../scan/rules.js";
import { Scanner, type Finding } from "../scan/scanner.js";

/** The loaded library: one WASM core and one compiled rule set, reused for every call. */
export interface Promptasm {
  readonly core: Core;
  readonly scanner: Scanner;
  /**
   * Threat and invisible-character findings in `text`, sorted by offset (UTF-16 code units).
   * @param options.scope rules to run (default "context"; all ⊂ context ⊂ strict).
   */
  scan(text: string, options?: { scope?: RuleScope }): Finding[];
  /**
   * scan() for UTF-8 bytes (a file as read): decoded and scanned inside the core, no JS string made unless something
   * is found. Same findings as scan(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).
   * @throws PromptasmError E_ARG when `bytes` is not a Uint8Array.
   */
  scanBytes(bytes: Uint8Array, options?: { scope?: RuleScope }): Finding[];
  /** Normalizes line endings, trailing blanks, outer blank space and a leading BOM (see assembly/normalize.ts). */
  normalize(text: string): string;
  /**
   * Cuts `text` head/tail to `cap` chars (UTF-16 code units) and puts a marker in the middle naming `label` and
   * `path`; the result, marker included, is at most `cap` chars. Default split 70/20 (Hermes); pass HERMES_SPLIT or
   * OPENCLAW_SPLIT (75/25) or your own ratios. Returns the text unchanged (and no truncation) when it fits. When `cap`
   * is too small for any marker, head and tail are joined without one and `markerOmitted` is true (see prompt/cut.ts).
   * @throws PromptasmError E_ARG for a negative or fractional cap or ratios outside [0, 1] / summing over 1.
   */
  truncate(text: string, options: { cap: number; headRatio?: number; tailRatio?: number; label?: string; path?: string }): { text: string; truncation?: Truncation; markerOmitted?: true };
  /** Assembles a system prompt from a workspace (see assembleSystemPrompt). */
  assemble(reader: WorkspaceReader, options: AssembleOptions): Promise<AssembledPrompt>;
}

/**
 * Loads the core and compiles the rule set once.
 * @param module the compiled build/release.wasm (Node: WebAssembly.compile(bytes); browser: compileStreaming;
 *   Workers: `import mod from ".../release.wasm"`).
 * @param options.rules rule set to use instead of BUILTIN_RULES (extend it with `[...BUILTIN_RULES, mine]`).
 * @param options.core runtime helpers for the core (see CoreOptions; the Node entry passes a fast UTF-16 encoder).
 * @param options.precompiled rule groups compiled at build time (ScannerOptions.precompiled; the Node entry passes
 *   the package's build/rules.bin); groups it does not hold compile as usual.
 * @throws PromptasmError E_WASM when the module does not instantiate, E_RULES when a rule does not compile.
 * @example
 *   const pa = await createPromptasm(await WebAssembly.compile(bytes));
 *   pa.scan("Please ignore all previous instructions"); // [{ rule: "ignore-instructions", offset: 7, ... }]
 */
export async function createPromptasm(module: WebAssembly.Module, options: { rules?: readonly Rule[]; core?: CoreOptions; precompiled?: PrecompiledRules } = {}): Promise<Promptasm> {
  const core = await createCore(module, options.core);
  const scanner = new Scanner(core, options.rules ?? BUILTIN_RULES, { precompiled: options.precompiled });
  return {
    core,
    scanner,
    scan: (text, opts) => scanner.scan(text, opts),
    scanBytes: (bytes, opts) => scanner.scanBytes(bytes, opts).findings,
    normalize(text) {
      if (typeof text !== "string") throw new PromptasmError("E_ARG", "text to normalize must be a string");
      return core.normalize(text);
    },
    truncate(text, options) {
      if (typeof text !== "string") throw new PromptasmError("E_ARG", "text to truncate must be a string");
      if (typeof options !== "object" || options === null) throw new PromptasmError("E_ARG", "truncate needs options: { cap, headRatio?, tailRatio?, label?, path? }");
      const { cap, headRatio = 0.7, tailRatio = 0.2, label = "text", path = "(not a file)" } = options;
      // The one head/tail cut (prompt/cut.ts): the result, marker included, fits the cap.
      return cutHeadTail(core, text, { chars: cap }, { headRatio, tailRatio }, { label, path });
    },
    assemble: (reader, opts) => assembleSystemPrompt(core, scanner, reader, opts),
  };
}

// promptasm, runtime-neutral entry: bring a compiled WebAssembly.Module (see the README for Node, browser and
// Workers), get a Promptasm. Importing this file has no side effects and touches no runtime-specific global.

import { createCore, type Core, type CoreOptions } from "./core/wasm.js";
import { PromptasmError } from "./errors.js";
import type { WorkspaceReader } from "./discovery/reader.js";
import { truncationMarker, type Truncation } from "./guard/guard.js";
import { assembleSystemPrompt, type AssembleOptions, type AssembledPrompt } from "./prompt/assemble.js";
import { BUILTIN_RULES, type Rule, type RuleScope } from "./scan/rules.js";
import { Scanner, type Finding } from "./scan/scanner.js";

export { PromptasmError, type ErrorCode } from "./errors.js";
export type { Core, CoreOptions, Cuts, InvisibleChar, BytesScan } from "./core/wasm.js";
export { MAX_SCAN_BYTES } from "./core/wasm.js";
export type { WorkspaceReader, ReadResult, DirEntry } from "./discovery/reader.js";
export { MapWorkspaceReader, type MapReaderOptions, type BlobLike } from "./adapters/map-reader.js";
export { decodeFileBytes, firstInvalidUtf8, BINARY_SNIFF_BYTES } from "./adapters/decode.js";
export { discoverHermes, findProjectRoot, stripFrontmatter, type Discovery, type DiscoveredFile, type DiscoveryNote } from "./discovery/hermes.js";
export { HERMES_SPLIT, OPENCLAW_SPLIT, blockNotice, truncationMarker, type Truncation } from "./guard/guard.js";
export { BUILTIN_RULES, INVISIBLE_RULE_ID, QUOTING_POLICY, SCOPES, rulesForScope, type Rule, type RuleCategory, type RuleScope } from "./scan/rules.js";
export { Scanner, decodeTagText, type Finding } from "./scan/scanner.js";
export { compileRules, type CompiledRuleSet } from "./scan/compile.js";
export { compileReference, scanReference } from "./scan/reference.js";
export { fileCap, contextWindowOf, DEFAULT_FILE_CAP } from "./prompt/budget.js";
export { assembleSystemPrompt, dateLine, discoverForAssembly, sha256Hex, joinFindings, JOIN_WINDOW, EXTERNAL_MEMORY_LABEL, type AllowEntry, type AssembleOptions, type AssembledPrompt, type FileFinding, type FileTruncation } from "./prompt/assemble.js";
export { CACHE_BOUNDARY, splitAtBoundary, addDynamicText } from "./prompt/boundary.js";
export { applyBudget, truncationWarningSection, OPENCLAW_BUDGET, HERMES_BUDGET, OPENCLAW_PER_FILE_CHARS, OPENCLAW_TOTAL_CHARS, type BudgetPolicy } from "./prompt/budgets.js";
export { discover, DISCOVERY_POLICIES, type DiscoveryPolicy } from "./discovery/policies.js";
export { CONTEXT_FILE_NAMES, isContextFile, isScanTarget } from "./discovery/names.js";
export * as sections from "./sections/builders.js";
export { withCurrentTime, toDeveloperRole, type PromptMode, type ToolUseEnforcementSetting } from "./sections/builders.js";
export * from "./providers/anthropic.js";
export * from "./providers/openai.js";
export * from "./providers/gemini.js";
export * from "./providers/bedrock.js";
export * from "./providers/explain.js";
export * from "./providers/turn.js";
export { parseConfig, CONFIG_FILE, type PromptasmConfig } from "./config/config.js";
export type { Section, Tier } from "./sections/types.js";
export type { ScanLimit } from "./core/wasm.js";
export { MAX_FINDINGS_PER_RULE, type ScanResult } from "./scan/scanner.js";
export { MAX_SESSION_ID_CHARS, type SessionStore, type SessionRecord, type SessionRuntime, type SessionLogger, type SessionWarningCode } from "./stores/types.js";
export { SessionStoreError, type StoreErrorCode } from "./stores/errors.js";
export { contentHash, createSessionRecord } from "./stores/record.js";
export { freezeSession, invalidateSession, requestSystemText, platformNote, STORED_PROMPT_SCOPE, type PromptScanner, type SessionState, type CurrentRuntime, type FrozenSession, type FreezeOptions, type SessionWarning } from "./stores/session.js";
export { MemorySessionStore, type MemorySessionStoreOptions } from "./stores/memory.js";
export { IndexedDbSessionStore, type IndexedDbSessionStoreOptions } from "./stores/indexeddb.js";
export { KvSessionStore, KV_MAX_PREFIX_BYTES, type KvSessionStoreOptions, type KvNamespaceLike, type KvRecordMetadata } from "./stores/kv.js";

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
   * `path`. Default split 70/20 (Hermes); pass HERMES_SPLIT or OPENCLAW_SPLIT (75/25) or your own ratios.
   * Returns the text unchanged (and no truncation) when it fits.
   * @throws PromptasmError E_ARG for a negative or fractional cap or ratios outside [0, 1] / summing over 1.
   */
  truncate(text: string, options: { cap: number; headRatio?: number; tailRatio?: number; label?: string; path?: string }): { text: string; truncation?: Truncation };
  /** Assembles a system prompt from a workspace (see assembleSystemPrompt). */
  assemble(reader: WorkspaceReader, options: AssembleOptions): Promise<AssembledPrompt>;
}

/**
 * Loads the core and compiles the rule set once.
 * @param module the compiled build/release.wasm (Node: WebAssembly.compile(bytes); browser: compileStreaming;
 *   Workers: `import mod from ".../release.wasm"`).
 * @param options.rules rule set to use instead of BUILTIN_RULES (extend it with `[...BUILTIN_RULES, mine]`).
 * @param options.core runtime helpers for the core (see CoreOptions; the Node entry passes a fast UTF-16 encoder).
 * @throws PromptasmError E_WASM when the module does not instantiate, E_RULES when a rule does not compile.
 * @example
 *   const pa = await createPromptasm(await WebAssembly.compile(bytes));
 *   pa.scan("Please ignore all previous instructions"); // [{ rule: "ignore-instructions", offset: 7, ... }]
 */
export async function createPromptasm(module: WebAssembly.Module, options: { rules?: readonly Rule[]; core?: CoreOptions } = {}): Promise<Promptasm> {
  const core = await createCore(module, options.core);
  const scanner = new Scanner(core, options.rules ?? BUILTIN_RULES);
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
      const { headEnd, tailStart } = core.truncateCuts(text, cap, headRatio, tailRatio);
      if (headEnd === text.length) return { text };
      const truncation = { originalChars: text.length, headChars: headEnd, tailChars: text.length - tailStart };
      return { text: `${text.slice(0, headEnd)}\n\n${truncationMarker(label, path, truncation)}\n\n${text.slice(tailStart)}`, truncation };
    },
    assemble: (reader, opts) => assembleSystemPrompt(core, scanner, reader, opts),
  };
}

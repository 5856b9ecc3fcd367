// promptasm, runtime-neutral entry: bring a compiled WebAssembly.Module (see the README for Node, browser and
// Workers), get a Promptasm. Importing this file has no side effects and touches no runtime-specific global.
// The names below are what users call, grouped; test/exports.test.ts keeps a snapshot of them. Everything else is
// internal (import it from its own file inside this repository, not from the package).

// The core API: load once, then scan / normalize / truncate / assemble.
export { createPromptasm, type Promptasm } from "./api/promptasm.js";
export { PromptasmError, type ErrorCode } from "./errors.js";
export type { Core, CoreOptions, Cuts, InvisibleChar, BytesScan, ScanLimit } from "./core/wasm.js";
export type { Finding, ScanResult } from "./scan/scanner.js";
export type { Truncation } from "./guard/guard.js";

// Workspaces: the reader interface and the runtime-neutral reader over an in-memory map (Blobs included).
export type { WorkspaceReader, ReadResult, DirEntry } from "./discovery/reader.js";
export { MapWorkspaceReader, type MapReaderOptions, type BlobLike } from "./adapters/map-reader.js";
export { decodeFileBytes } from "./adapters/decode.js";
export type { Discovery, DiscoveredFile, DiscoveryNote } from "./discovery/hermes.js";
export { discover, DISCOVERY_POLICIES, type DiscoveryPolicy } from "./discovery/policies.js";

// Assembly: the options schema, the steps assemble runs, and the cache boundary.
export { ASSEMBLE_OPTIONS, ENUMS, validateAssembleOptions, type OptionSpec } from "./options/schema.js";
export {
  assembleSystemPrompt, discoverForAssembly, joinFindings, JOIN_WINDOW, EXTERNAL_MEMORY_LABEL,
  type AllowEntry, type AssembleOptions, type AssembledPrompt, type FileFinding, type FileTruncation,
} from "./prompt/assemble.js";
export { sha256Hex } from "./util/hash.js";
export { CACHE_BOUNDARY, splitAtBoundary, addDynamicText } from "./prompt/boundary.js";
export { applyBudget, type BudgetPolicy } from "./prompt/budgets.js";
export * as sections from "./sections/builders.js";
export { withCurrentTime, toDeveloperRole, type PromptMode, type ToolUseEnforcementSetting } from "./sections/builders.js";
export type { Section, Tier } from "./sections/types.js";

// Rules: the built-in set, scopes, and the compilers for your own.
export { BUILTIN_RULES, SCOPES, rulesForScope, type Rule, type RuleCategory, type RuleScope } from "./scan/rules.js";
export { compileRules, type CompiledRuleSet } from "./scan/compile.js";
export { scanReference } from "./scan/reference.js";

// The config file.
export { parseConfig, CONFIG_FILE, type PromptasmConfig } from "./config/config.js";

// Provider requests with cache markers, per-turn context, and cache-break explanations.
export {
  anthropicRequest, countAnthropicBreakpoints, canCarryBreakpoint, minCacheableTokens, estimateTokens,
  MAX_CACHE_BREAKPOINTS, DEFAULT_MIN_CACHE_TOKENS, type AnthropicRequestInput, type AnthropicMessagesRequest,
  type AnthropicTtl,
} from "./providers/anthropic.js";
export {
  openaiChatRequest, openaiResponsesRequest, instructionRole, type OpenAIChatRequest, type OpenAIResponsesRequest,
} from "./providers/openai.js";
export {
  geminiCachedContent, geminiGenerateContent, type GeminiCachedContentCreate, type GeminiGenerateContentRequest,
} from "./providers/gemini.js";
export { bedrockConverseRequest, type BedrockConverseRequest } from "./providers/bedrock.js";
export { userMessageWithContext, type TurnContext } from "./providers/turn.js";
export {
  explainCacheBreak, formatCacheBreak, detectCacheInput, sectionSpans, type CacheBreakExplanation,
  type AssembleJsonInput, type SectionSpan,
} from "./providers/explain.js";

// Frozen session prompts and the stores that hold them.
export {
  freezeSession, invalidateSession, STORED_PROMPT_SCOPE, type SessionState, type CurrentRuntime, type FrozenSession,
  type FreezeOptions, type SessionWarning, type PromptScanner,
} from "./stores/session.js";
export { createSessionRecord } from "./stores/record.js";
export type { SessionStore, SessionRecord, SessionRuntime, SessionLogger } from "./stores/types.js";
export { SessionStoreError, type StoreErrorCode } from "./stores/errors.js";
export { MemorySessionStore, type MemorySessionStoreOptions } from "./stores/memory.js";
export { IndexedDbSessionStore, type IndexedDbSessionStoreOptions } from "./stores/indexeddb.js";
export { KvSessionStore, type KvSessionStoreOptions, type KvNamespaceLike } from "./stores/kv.js";

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
// Discovery policies as records: the built-in table, the policies that read targetPath, and your own registry.
export { BUILTIN_POLICIES, TARGET_PATH_POLICIES, createPolicyRegistry, type PolicyRegistry } from "./discovery/registry.js";
export type { DiscoveryPolicyRecord, NoteReason } from "./discovery/types.js";

// Assembly: the options schema, the steps assemble runs, and the cache boundary.
export { ASSEMBLE_OPTIONS, ENUMS, validateAssembleOptions, type OptionSpec } from "./options/schema.js";
export {
  assembleSystemPrompt, discoverForAssembly, joinFindings, JOIN_WINDOW, EXTERNAL_MEMORY_LABEL,
  type AllowEntry, type AssembleOptions, type AssembledPrompt, type FileFinding, type FileTruncation,
} from "./prompt/assemble.js";
export { sha256Hex } from "./util/hash.js";
export { CACHE_BOUNDARY, splitAtBoundary, addDynamicText, findBoundary, stripBoundary } from "./prompt/boundary.js";
export { applyBudget, type BudgetPolicy } from "./prompt/budgets.js";
export * as sections from "./sections/builders.js";
export { withCurrentTime, toDeveloperRole, type PromptMode, type ToolUseEnforcementSetting } from "./sections/builders.js";
export type { Section, Tier } from "./sections/types.js";
// OpenClaw's sections (also built by assemble with options.openclaw) and the git snapshot's shape (options.gitSnapshot).
export { openclawSections, type OpenClawSectionOptions, type OpenClawRuntime } from "./sections/openclaw/index.js";
export type { GitSnapshot } from "./sections/git.js";

// Rules: the built-in set, scopes, and the compilers for your own.
export { BUILTIN_RULES, SCOPES, rulesForScope, type Rule, type RuleCategory, type RuleScope } from "./scan/rules.js";
export { compileRules, type CompiledRuleSet } from "./scan/compile.js";
export { scanReference } from "./scan/reference.js";

// The config file.
export { parseConfig, CONFIG_FILE, type PromptasmConfig } from "./config/config.js";

// Provider requests with cache markers, per-turn context, and cache-break explanations.
// The provider table: one record per provider (TTLs, breakpoint limits, minimum cacheable size, a builder).
export {
  PROVIDERS, withProviders, buildProviderRequest, resolveCacheTtl, type ProviderRecord, type ProviderBuildInput,
  type ResolvedTtl,
} from "./providers/registry.js";
export {
  anthropicRequest, countAnthropicBreakpoints, canCarryBreakpoint, minCacheableTokens, estimateTokens,
  MAX_CACHE_BREAKPOINTS, DEFAULT_MIN_CACHE_TOKENS, type AnthropicRequestInput, type AnthropicMessagesRequest,
  type AnthropicTtl, type AnthropicMessage, type AnthropicContentBlock, type AnthropicTool, type AnthropicCacheControl,
} from "./providers/anthropic.js";
export {
  openaiChatRequest, openaiResponsesRequest, instructionRole, type OpenAIChatRequest, type OpenAIResponsesRequest,
  type OpenAIRequestInput, type OpenAIChatMessage, type OpenAIChatTool, type OpenAIResponsesInputItem,
  type OpenAIResponsesTool, type OpenAICacheRetention,
} from "./providers/openai.js";
export {
  openrouterChatRequest, countRouterBreakpoints, type RouterChatInput, type RouterChatRequest, type RouterChatMessage,
} from "./providers/openrouter.js";
export {
  geminiCachedContent, geminiGenerateContent, geminiGenerateContentParams, geminiCachedContentParams,
  type GeminiCachedContentCreate, type GeminiGenerateContentRequest, type GeminiGenerateContentInput,
  type GeminiGenerateContentParams, type GeminiCachedContentParams, type GeminiContent, type GeminiTool,
} from "./providers/gemini.js";
export {
  bedrockConverseRequest, type BedrockConverseRequest, type BedrockMessage, type BedrockContentBlock, type BedrockTool,
  type BedrockTtl,
} from "./providers/bedrock.js";
// The Vercel AI SDK: system messages and provider options with cache markers for generateText/streamText.
export {
  aiSdkPrompt, AI_SDK_BEDROCK_MESSAGE_POINTS, type AiSdkPrompt, type AiSdkPromptInput, type AiSdkMessageLike,
  type AiSdkCacheProvider,
} from "./providers/ai-sdk.js";
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
// Prompt changes the user asks for: on the next session by default, now (a rebuild) on request.
export {
  applyPromptChange, promptSettings, startNextSession, type ApplyWhen, type PromptSettingsState, type PromptChangeResult,
} from "./stores/commands.js";
export type { SessionStore, SessionRecord, SessionRuntime, SessionLogger } from "./stores/types.js";
export { SessionStoreError, type StoreErrorCode } from "./stores/errors.js";
export { MemorySessionStore, type MemorySessionStoreOptions } from "./stores/memory.js";
export { IndexedDbSessionStore, type IndexedDbSessionStoreOptions } from "./stores/indexeddb.js";
export { KvSessionStore, type KvSessionStoreOptions, type KvNamespaceLike } from "./stores/kv.js";

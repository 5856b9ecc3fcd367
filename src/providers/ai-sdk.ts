// The Vercel AI SDK (`ai`) adapter: an assembled prompt and a conversation become `system` messages, `messages` and
// call-level `providerOptions` for `generateText`/`streamText`, with each provider package's own cache options on the
// messages and parts that should carry a breakpoint. A pure function: nothing is mutated or sent, and `ai` is not
// imported (the shapes below are structural; test/types/sdk.ts checks them against `ai`'s own types).
//
// What each AI SDK provider reads (read from the providers' sources, @ai-sdk/anthropic 3.0 and @ai-sdk/amazon-bedrock
// 4.0; https://ai-sdk.dev/providers/ai-sdk-providers/anthropic#cache-control):
// - @ai-sdk/anthropic: `providerOptions.anthropic.cacheControl` ({ type: "ephemeral", ttl? }) on a system message
//   becomes that system text block's `cache_control`; on a message part, that block's; on a message, its last part's.
// - @ai-sdk/amazon-bedrock: `providerOptions.bedrock.cachePoint` ({ type: "default", ttl? }) on a system message, a
//   message or a part adds a `cachePoint` block right after it.
// - @ai-sdk/openai: no per-message marker; `providerOptions.openai.promptCacheKey` and `promptCacheRetention` on the
//   call become `prompt_cache_key` and `prompt_cache_retention`.

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { estimateTokens, MAX_CACHE_BREAKPOINTS, minCacheableTokens, type AnthropicTtl } from "./anthropic.js";
import { bedrockCacheTtls, bedrockMinCacheTokens } from "./bedrock.js";
import { openaiCacheRetentions, type OpenAICacheRetention } from "./openai.js";

/** The AI SDK provider packages whose cache options the adapter writes. */
export type AiSdkCacheProvider = "anthropic" | "bedrock" | "openai";

/** A JSON value as the AI SDK's provider options hold them (`JSONValue` of @ai-sdk/provider). */
export type AiSdkJson = null | string | number | boolean | AiSdkJson[] | { [key: string]: AiSdkJson | undefined };

/** Provider options: one JSON object per provider name (`ProviderOptions` of @ai-sdk/provider-utils). */
export type AiSdkProviderOptions = Record<string, { [key: string]: AiSdkJson | undefined }>;

/** The cache marker @ai-sdk/anthropic reads from `providerOptions.anthropic.cacheControl`. */
export type AiSdkAnthropicCacheControl = { type: "ephemeral"; ttl?: AnthropicTtl };

/** The cache point @ai-sdk/amazon-bedrock reads from `providerOptions.bedrock.cachePoint`. */
export type AiSdkBedrockCachePoint = { type: "default"; ttl?: "1h" };

/** A system message as the adapter writes it (assignable to `ai`'s `SystemModelMessage`). */
export type AiSdkSystemMessage = {
  role: "system";
  content: string;
  providerOptions?: { anthropic: { cacheControl: AiSdkAnthropicCacheControl } } | { bedrock: { cachePoint: AiSdkBedrockCachePoint } };
};

/** A message part: an object with a string `type` (`text`, `image`, `file`, `reasoning`, `tool-call`, `tool-result`, …). */
export interface AiSdkPartLike {
  type: "text" | "image" | "file" | "reasoning" | "tool-call" | "tool-result" | (string & {});
  providerOptions?: AiSdkProviderOptions;
}

/**
 * What aiSdkPrompt accepts as a message: `ai`'s `ModelMessage` (or any object of that shape). The result keeps the
 * caller's message type; only `providerOptions` of a message or a part changes.
 */
export interface AiSdkMessageLike {
  role: "system" | "user" | "assistant" | "tool";
  content: string | ReadonlyArray<AiSdkPartLike>;
  providerOptions?: AiSdkProviderOptions;
}

/** Call-level provider options (OpenAI's prompt cache key and retention). */
export type AiSdkCallProviderOptions = { openai: { promptCacheKey?: string; promptCacheRetention?: "24h" } };

/** Input of aiSdkPrompt. */
export interface AiSdkPromptInput<M extends AiSdkMessageLike> {
  /** An assembled prompt, usually holding CACHE_BOUNDARY; without it the whole prompt is the stable prefix. */
  system: string;
  /** Per-request text, never stored: appended to the dynamic part as `dynamic + "\n\n" + ephemeral` (trimmed). */
  ephemeral?: string;
  /** The conversation (`ModelMessage[]`), deep-copied; cache options already in it for `provider` are placed anew. */
  messages: readonly M[];
  /** Which provider package the call goes to; decides the option names and the rules below. */
  provider: AiSdkCacheProvider;
  /** The provider's model id: decides the minimum cacheable prefix and which TTLs exist. */
  model: string;
  /** "5m" (default) or "1h". Anthropic: written on every marker. Bedrock: "1h" only where the model offers it. */
  ttl?: AnthropicTtl;
  /** OpenAI: sent as `promptCacheKey` (an opaque id, no secrets or personal data). */
  sessionId?: string;
  /** OpenAI: "24h" is sent as `promptCacheRetention` only for models that offer it (openaiCacheRetentions). */
  retention?: OpenAICacheRetention;
  /** false: no cache options at all (markers already in the messages are removed too). Default true. */
  cache?: boolean;
  /** false: no breakpoint on a tool result (tool messages and `tool-result` parts stay unmarked). Default true. */
  toolResultBreakpoints?: boolean;
  /** Token counter for the minimum-length check; default estimateTokens (UTF-16 code units / 4, rounded up). */
  countTokens?: (text: string) => number;
  /** Minimum cacheable prefix in tokens; default the provider's per-model minimum. */
  minCacheTokens?: number;
}

/** What aiSdkPrompt returns: spread it into `generateText`/`streamText` next to `model`. */
export interface AiSdkPrompt<M extends AiSdkMessageLike> {
  /** The stable prefix (with the first breakpoint when long enough), then the dynamic part; blank parts left out. */
  system: AiSdkSystemMessage[];
  messages: M[];
  /** Present for OpenAI when there is a key or a retention to send. */
  providerOptions?: AiSdkCallProviderOptions;
}

/**
 * Most cache points Bedrock takes in one request, less the one on the system prompt: the adapter puts at most 3 on
 * messages, as bedrockProvider does (BEDROCK_MAX_CACHE_POINTS is 4).
 */
export const AI_SDK_BEDROCK_MESSAGE_POINTS = 3;

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

type Options = Record<string, Record<string, unknown>>;

/** The option key holding a marker for each provider (both spellings @ai-sdk/anthropic reads are removed). */
const MARKER_KEYS: Record<"anthropic" | "bedrock", readonly string[]> = { anthropic: ["cacheControl", "cache_control"], bedrock: ["cachePoint"] };

/** A copy of `options` without the provider's marker keys; undefined when nothing is left. */
function withoutMarker(options: unknown, provider: "anthropic" | "bedrock"): Options | undefined {
  if (options === null || typeof options !== "object") return undefined;
  const out: Options = { ...(options as Options) };
  const own = out[provider];
  if (own !== null && typeof own === "object") {
    const rest = { ...own };
    for (const k of MARKER_KEYS[provider]) delete rest[k];
    if (Object.keys(rest).length > 0) out[provider] = rest;
    else delete out[provider];
  }
  return Object.keys(out).length > 0 ? out : undefined;
}

/** Sets or clears `providerOptions` on a message or part (never leaves an empty object behind). */
function setOptions(target: { providerOptions?: unknown }, options: Options | undefined): void {
  if (options === undefined) delete target.providerOptions;
  else target.providerOptions = options;
}

/** The text a part adds to the cache prefix, for the minimum-length check (files and images count 0). */
function partText(part: AiSdkPartLike): string {
  const p = part as AiSdkPartLike & { text?: unknown; toolName?: unknown; input?: unknown; output?: unknown };
  switch (p.type) {
    case "text": case "reasoning": return typeof p.text === "string" ? p.text : "";
    case "tool-call": return String(p.toolName ?? "") + (JSON.stringify(p.input ?? null) ?? "");
    case "tool-result": return JSON.stringify(p.output ?? null) ?? "";
    default: return "";
  }
}

/** Whether a part may carry a breakpoint: non-blank text, images, files, tool calls and results (not reasoning). */
function canMark(part: AiSdkPartLike, onToolResults: boolean): boolean {
  const p = part as AiSdkPartLike & { text?: unknown };
  switch (p.type) {
    case "text": return typeof p.text === "string" && p.text.trim() !== "";
    case "image": case "file": case "tool-call": return true;
    case "tool-result": return onToolResults;
    default: return false;
  }
}

/**
 * Turns an assembled prompt and a conversation into the AI SDK's `system`, `messages` and `providerOptions`, with
 * prompt-cache options where the chosen provider package reads them.
 *
 * - `system` is the stable prefix and the dynamic part (plus `ephemeral`) as two system messages; the marker line is
 *   dropped and blank parts are left out.
 * - Anthropic: `providerOptions.anthropic.cacheControl = { type: "ephemeral", ttl }` on the stable system message, then
 *   on the newest messages (newest first), at most MAX_CACHE_BREAKPOINTS (4) in all — the rule anthropicRequest uses.
 * - Bedrock: `providerOptions.bedrock.cachePoint = { type: "default" }` (with `ttl: "1h"` where bedrockCacheTtls
 *   offers it) on the stable system message, then on at most AI_SDK_BEDROCK_MESSAGE_POINTS (3) newest messages.
 * - A message's marker goes on the message itself when its content is a string, else on its last part that can carry
 *   one (non-blank text, image, file, tool call, tool result); reasoning parts never carry one. A marker is placed
 *   only where the prefix it closes (system and messages up to it, counted with `countTokens`) reaches the model's
 *   minimum (minCacheableTokens; bedrockMinCacheTokens): shorter prefixes cache nothing. Tool definitions are not
 *   counted (the AI SDK renders them from `tools`), so the count is an underestimate and a marker is never wasted.
 * - OpenAI: no markers exist; `providerOptions.openai.promptCacheKey` from `sessionId` and `promptCacheRetention:
 *   "24h"` where the model offers it.
 * - `cache: false` writes no cache option and removes the provider's markers already in the messages.
 *
 * @returns a new object; the input (and every object in it) is left as it was.
 * @throws PromptasmError E_ARG when system is not a string, messages is not an array of { role, content }, a content
 *   array holds a non-object or an object without a string `type` (named by its place, e.g. "messages[1].content[0]"),
 *   provider is not "anthropic" | "bedrock" | "openai", model is blank, ttl is not "5m"/"1h", retention is not
 *   "in_memory"/"24h", sessionId is empty, or cache/toolResultBreakpoints is not a boolean.
 * @example
 *   import { generateText } from "ai";
 *   import { anthropic } from "@ai-sdk/anthropic";
 *   const { text } = await generateText({ model: anthropic("claude-sonnet-4-5"),
 *     ...aiSdkPrompt({ system: result.prompt, messages, provider: "anthropic", model: "claude-sonnet-4-5", ttl: "1h" }) });
 */
export function aiSdkPrompt<M extends AiSdkMessageLike>(input: AiSdkPromptInput<M>): AiSdkPrompt<M> {
  if (input === null || typeof input !== "object") fail("aiSdkPrompt needs { system, messages, provider, model }");
  const { provider, model } = input;
  if (typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages)) fail("messages must be an array of { role, content }");
  input.messages.forEach((m: unknown, i) => {
    const msg = m as { role?: unknown; content?: unknown };
    if (msg === null || typeof msg !== "object" || !["system", "user", "assistant", "tool"].includes(msg.role as string)) {
      fail(`messages[${i}] must be { role: "system" | "user" | "assistant" | "tool", content }`);
    }
    if (typeof msg.content === "string") return;
    if (!Array.isArray(msg.content)) fail(`messages[${i}].content must be a string or an array of parts`);
    msg.content.forEach((p: unknown, j: number) => {
      if (p === null || typeof p !== "object" || Array.isArray(p) || typeof (p as { type?: unknown }).type !== "string") {
        fail(`messages[${i}].content[${j}] must be a part { type, … }, got ${typeof p === "string" ? "a bare string" : JSON.stringify(p) ?? String(p)}`);
      }
    });
  });
  if (provider !== "anthropic" && provider !== "bedrock" && provider !== "openai") fail(`provider must be "anthropic", "bedrock" or "openai", got ${JSON.stringify(provider)}`);
  if (typeof model !== "string" || model.trim() === "") fail("model must be a non-blank string");
  if (input.ttl !== undefined && input.ttl !== "5m" && input.ttl !== "1h") fail(`ttl must be "5m" or "1h", got ${JSON.stringify(input.ttl)}`);
  if (input.retention !== undefined && input.retention !== "in_memory" && input.retention !== "24h") fail(`retention must be "in_memory" or "24h", got ${JSON.stringify(input.retention)}`);
  if (input.sessionId !== undefined && (typeof input.sessionId !== "string" || input.sessionId === "")) fail("sessionId must be a non-empty string");
  if (input.cache !== undefined && typeof input.cache !== "boolean") fail(`cache must be true or false, got ${JSON.stringify(input.cache)}`);
  if (input.toolResultBreakpoints !== undefined && typeof input.toolResultBreakpoints !== "boolean") fail("toolResultBreakpoints must be true or false");
  const caching = input.cache !== false;
  const onToolResults = input.toolResultBreakpoints !== false;

  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const system: AiSdkSystemMessage[] = [stable, dynamicText].filter((t) => t.trim() !== "").map((content) => ({ role: "system", content }));
  const messages = input.messages.map((m) => structuredClone(m));

  if (provider === "openai") {
    const key = caching && input.sessionId !== undefined ? { promptCacheKey: input.sessionId } : {};
    const retention = caching && input.retention === "24h" && openaiCacheRetentions(model).includes("24h") ? { promptCacheRetention: "24h" as const } : {};
    const openai = { ...key, ...retention };
    return { system, messages, ...(Object.keys(openai).length > 0 ? { providerOptions: { openai } } : {}) };
  }

  // Markers already in the conversation are removed first, so last turn's messages fed back in are re-marked.
  for (const m of messages as AiSdkMessageLike[]) {
    setOptions(m, withoutMarker(m.providerOptions, provider));
    if (Array.isArray(m.content)) for (const p of m.content as AiSdkPartLike[]) setOptions(p, withoutMarker(p.providerOptions, provider));
  }
  if (!caching) return { system, messages };

  const count = input.countTokens ?? estimateTokens;
  const min = input.minCacheTokens ?? (provider === "anthropic" ? minCacheableTokens(model) : bedrockMinCacheTokens(model));
  const ttl = input.ttl ?? "5m";
  const marker: Options = provider === "anthropic"
    ? { anthropic: { cacheControl: { type: "ephemeral", ttl } } }
    : { bedrock: { cachePoint: ttl === "1h" && bedrockCacheTtls(model).includes("1h") ? { type: "default", ttl: "1h" } : { type: "default" } } };
  const mark = (target: { providerOptions?: unknown }): void => {
    const own = (target.providerOptions as Options | undefined) ?? {};
    setOptions(target, { ...own, [provider]: { ...(own[provider] ?? {}), ...structuredClone(marker[provider]!) } });
  };

  let budget = MAX_CACHE_BREAKPOINTS;
  let messageBudget = provider === "bedrock" ? AI_SDK_BEDROCK_MESSAGE_POINTS : MAX_CACHE_BREAKPOINTS;
  let prefix = 0;
  if (stable.trim() !== "") {
    prefix += count(stable);
    if (prefix >= min) { mark(system[0]!); budget--; }
  }
  if (dynamicText.trim() !== "") prefix += count(dynamicText);

  // Prefix length up to and including each message's markable part (or the whole string content), newest first.
  const candidates: Array<{ message: number; part: number | null; prefix: number }> = [];
  (messages as AiSdkMessageLike[]).forEach((m, i) => {
    if (typeof m.content === "string") {
      prefix += count(m.content);
      if (m.content.trim() !== "" && (onToolResults || m.role !== "tool")) candidates.push({ message: i, part: null, prefix });
      return;
    }
    let last = -1, upToLast = prefix;
    m.content.forEach((p, j) => {
      prefix += count(partText(p));
      if (canMark(p, onToolResults)) { last = j; upToLast = prefix; }
    });
    if (last >= 0) candidates.push({ message: i, part: last, prefix: upToLast });
  });
  for (let k = candidates.length - 1; k >= 0 && budget > 0 && messageBudget > 0; k--) {
    const c = candidates[k]!;
    if (c.prefix < min) break; // earlier messages close even shorter prefixes
    const m = (messages as AiSdkMessageLike[])[c.message]!;
    mark(c.part === null ? m : (m.content as AiSdkPartLike[])[c.part]!);
    budget--; messageBudget--;
  }
  return { system, messages };
}

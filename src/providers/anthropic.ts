// Anthropic Messages API request bodies with prompt-cache breakpoints. A pure function: the caller's prompt,
// messages and tools come in, a new request body goes out (nothing is mutated, nothing is sent). The body follows
// the Messages API (`POST /v1/messages`, header `anthropic-version: 2023-06-01`) with explicit `cache_control`
// breakpoints as the prompt-caching guide describes them:
// https://platform.claude.com/docs/en/build-with-claude/prompt-caching
//
// Why breakpoints go where they go: the cache key of a breakpoint is the whole prefix up to it, rendered in the order
// tools → system → messages (same page). promptasm's stable prefix (above CACHE_BOUNDARY) is the first system block
// and carries the first breakpoint, so it stays cached however the dynamic block and the conversation change; the
// remaining breakpoints go on the newest messages, so the next turn reads the conversation so far from the cache.

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { arr, canonical, isObj, maxTokensProblem, messageParts, type Obj, type Part } from "./parts.js";
import { cacheSwitches, type ProviderBuildInput, type ProviderRecord, type RequestKindSpec } from "./record.js";

/** Cache lifetime of a breakpoint: 5 minutes (the API default) or 1 hour, refreshed on each hit (prompt-caching page). */
export type AnthropicTtl = "5m" | "1h";

/** A breakpoint marker. `ttl` is always written by anthropicRequest, so every marker says how long it lives. */
export interface AnthropicCacheControl {
  type: "ephemeral";
  ttl?: AnthropicTtl;
}

/**
 * A text content block (system or message). The API rejects empty text blocks, so builders never emit one. Blocks
 * with citations pass through the builder as they are: type such messages with the SDK's own `MessageParam` (the
 * builder is generic over the message type).
 */
export interface AnthropicTextBlock {
  type: "text";
  text: string;
  cache_control?: AnthropicCacheControl;
}

/** Where an image comes from: base64 bytes, a URL, or a Files API id (the Messages API's three image sources). */
export type AnthropicImageSource =
  | { type: "base64"; media_type: "image/jpeg" | "image/png" | "image/gif" | "image/webp"; data: string }
  | { type: "url"; url: string }
  | { type: "file"; file_id: string };

/** An image content block (user turns). `source` is passed through untouched. */
export interface AnthropicImageBlock {
  type: "image";
  source: AnthropicImageSource;
  cache_control?: AnthropicCacheControl;
}

/** Where a document comes from: a base64 PDF, plain text, a URL, a Files API id, or content blocks. */
export type AnthropicDocumentSource =
  | { type: "base64"; media_type: "application/pdf"; data: string }
  | { type: "text"; media_type: "text/plain"; data: string }
  | { type: "url"; url: string }
  | { type: "file"; file_id: string }
  | { type: "content"; content: string | Array<AnthropicTextBlock | AnthropicImageBlock> };

/** A document content block (user turns; PDFs, plain text). `source` and the rest are passed through untouched. */
export interface AnthropicDocumentBlock {
  type: "document";
  source: AnthropicDocumentSource;
  title?: string | null;
  context?: string | null;
  citations?: { enabled?: boolean } | null;
  cache_control?: AnthropicCacheControl;
}

/** A tool call the model made (assistant turns). */
export interface AnthropicToolUseBlock {
  type: "tool_use";
  id: string;
  name: string;
  input: unknown;
  cache_control?: AnthropicCacheControl;
}

/**
 * The result of a tool call (user turns). A breakpoint goes on this block itself, never on the blocks inside its
 * `content` (the Messages API takes `cache_control` on the tool_result block).
 */
export interface AnthropicToolResultBlock {
  type: "tool_result";
  tool_use_id: string;
  content?: string | Array<AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock>;
  is_error?: boolean;
  cache_control?: AnthropicCacheControl;
}

/** Extended-thinking blocks (assistant turns). They cannot carry a breakpoint (prompt-caching page). */
export interface AnthropicThinkingBlock {
  type: "thinking";
  thinking: string;
  signature: string;
}

/** Redacted extended-thinking block; cannot carry a breakpoint. */
export interface AnthropicRedactedThinkingBlock {
  type: "redacted_thinking";
  data: string;
}

/** Every content block type this module knows. Other block types are passed through and never marked. */
export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock;

/** One conversation turn. String content is one text block to the API. */
export interface AnthropicMessage {
  role: "user" | "assistant";
  content: string | AnthropicContentBlock[];
}

/**
 * What anthropicRequest accepts as a message: a role and string or block content, blocks being objects with a
 * string `type`. Both {@link AnthropicMessage} and `@anthropic-ai/sdk`'s user and assistant `MessageParam`s fit, and the
 * request keeps the caller's message type, so a body built from SDK messages goes to `client.messages.create` with no
 * cast. System messages inside the conversation (the SDK's `SystemMessageParam`) are not taken — the prompt is the
 * `system` input — so type an SDK array as `Array<UserMessageParam | AssistantMessageParam>`.
 */
export interface AnthropicMessageLike {
  role: "user" | "assistant";
  content: string | ReadonlyArray<{ type: AnthropicContentBlock["type"] | (string & {}) }>;
}

/** A client tool definition. Tools render first in the cache prefix, so they count toward every breakpoint. */
export interface AnthropicTool {
  name: string;
  description?: string;
  /** A JSON Schema object; the API requires `type: "object"` at the top. */
  input_schema: { type: "object"; properties?: unknown; required?: string[] | null; [key: string]: unknown };
  cache_control?: AnthropicCacheControl;
}

/**
 * What anthropicRequest accepts as a tool: {@link AnthropicTool}, or any of the SDK's `ToolUnion` members (server
 * tools and toolsets included; a toolset has no `name`). A literal `input_schema.type` stays the literal `"object"`.
 */
export interface AnthropicToolLike {
  name?: string;
  type?: "custom" | (string & {}) | null;
  input_schema?: { type: "object"; [key: string]: unknown };
}

/**
 * A message as anthropicRequest returns it: the caller's message (blocks maybe carrying a new `cache_control`), or —
 * when a string content received a breakpoint — the same role with the string as one marked text block.
 */
export type AnthropicOutputMessage<M extends AnthropicMessageLike = AnthropicMessage> = M | { role: M["role"]; content: AnthropicTextBlock[] };

/**
 * The Messages API body anthropicRequest builds (spread other parameters — temperature, thinking, … — onto it).
 * Assignable to `@anthropic-ai/sdk`'s `MessageCreateParamsNonStreaming` when the message and tool types are
 * (checked by test/types/sdk.ts).
 */
export interface AnthropicMessagesRequest<M extends AnthropicMessageLike = AnthropicMessage, T extends AnthropicToolLike = AnthropicTool> {
  model: string;
  max_tokens: number;
  /** Stable block (with the first breakpoint when long enough), then the dynamic block; absent when both are empty. */
  system?: AnthropicTextBlock[];
  tools?: T[];
  messages: Array<AnthropicOutputMessage<M>>;
}

/** Input of anthropicRequest. */
export interface AnthropicRequestInput<M extends AnthropicMessageLike = AnthropicMessage, T extends AnthropicToolLike = AnthropicTool> {
  /** An assembled prompt (`assemble` output), usually holding CACHE_BOUNDARY; without it the whole prompt is stable. */
  system: string;
  /**
   * Per-request text (the ephemeral system prompt), never stored: appended to the dynamic block as
   * `dynamic + "\n\n" + ephemeral` (trimmed; blank text adds nothing).
   */
  ephemeral?: string;
  messages: readonly M[];
  model: string;
  /** Lifetime written on every marker (default "5m"). One value per request, so 1h and 5m entries never interleave. */
  ttl?: AnthropicTtl;
  /** `max_tokens`, a positive integer. */
  maxTokens: number;
  tools?: readonly T[];
  /**
   * Counts the tokens of a text; default {@link estimateTokens} (UTF-16 code units / 4, rounded up). Pass a real
   * counter for tighter decisions near the minimum.
   */
  countTokens?: (text: string) => number;
  /** Minimum cacheable prefix in tokens; default {@link minCacheableTokens}(model). */
  minCacheTokens?: number;
  /** false turns prompt caching off: no `cache_control` anywhere (markers in the input are removed too). Default true. */
  cache?: boolean;
  /**
   * false keeps breakpoints off `tool_result` blocks: a message's breakpoint goes on its last other block that can
   * carry one, and a message of tool results only gets none. OpenClaw does this so a tool result is not re-marked
   * turn after turn. Default true (a tool result may carry the message's breakpoint).
   */
  toolResultBreakpoints?: boolean;
}

/** Most `cache_control` breakpoints one request may carry (prompt-caching page: "up to 4 cache breakpoints"). */
export const MAX_CACHE_BREAKPOINTS = 4;

/**
 * Token estimate used when no counter is given: ceil(UTF-16 code units / 4). Four characters per token is the
 * usual rule of thumb for English text (the same ratio promptasm uses to turn a context window into a per-file cap);
 * it overestimates code and underestimates CJK text, so pass a real counter when it matters.
 */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / 4);
}

/**
 * Minimum cacheable prompt length per model family, in tokens: a breakpoint whose prefix is shorter caches nothing
 * (no error; the request is billed uncached). First match wins, so more specific patterns come first.
 *
 * Sources (looked up 2026): the "Cache limitations" list on
 * https://platform.claude.com/docs/en/build-with-claude/prompt-caching, as quoted verbatim from that page in
 * https://github.com/anthropics/anthropic-sdk-python/issues/1194 (Feb 2026): 4096 for Claude Opus 4.6, Opus 4.5 and
 * Haiku 4.5; 1024 for Sonnet 4.6, Sonnet 4.5, Opus 4.1, Opus 4, Sonnet 4 and Sonnet 3.7; 2048 for Haiku 3.5 and
 * Haiku 3. Newer models are not in that quote; their entries come from third-party tables and are marked so:
 * Opus 4.7: 4096 (LiteLLM's prompt-caching docs, docs.litellm.ai/docs/completion/prompt_caching, Oct 2026, Bedrock
 * row; other write-ups say 2048 — the higher value is kept so a breakpoint is never spent below the real minimum);
 * Opus 4.8 and Sonnet 5: 1024, Opus 5: 512 (LiteLLM, same page). Anything else: DEFAULT_MIN_CACHE_TOKENS.
 */
export const MIN_CACHE_TOKENS: ReadonlyArray<{ pattern: RegExp; tokens: number; source: "anthropic-docs" | "third-party" }> = [
  { pattern: /opus-4-[56]|opus-4\.[56]/i, tokens: 4096, source: "anthropic-docs" },
  { pattern: /haiku-4-5|haiku-4\.5/i, tokens: 4096, source: "anthropic-docs" },
  { pattern: /3-5-haiku|haiku-3-5|haiku-3\.5|3-haiku|haiku-3\b/i, tokens: 2048, source: "anthropic-docs" },
  { pattern: /sonnet-4|opus-4-1|opus-4\.1|opus-4-2\d{7}|opus-4$|opus-4@|3-7-sonnet|sonnet-3-7|sonnet-3\.7/i, tokens: 1024, source: "anthropic-docs" },
  { pattern: /opus-4-7|opus-4\.7/i, tokens: 4096, source: "third-party" },
  { pattern: /opus-4-8|opus-4\.8|sonnet-5/i, tokens: 1024, source: "third-party" },
  { pattern: /opus-5/i, tokens: 512, source: "third-party" },
];

/** Minimum for models not in MIN_CACHE_TOKENS: 1024 tokens, the value the prompt-caching page gives most models. */
export const DEFAULT_MIN_CACHE_TOKENS = 1024;

/**
 * The minimum cacheable prompt length of a model, in tokens (see MIN_CACHE_TOKENS for every number's source).
 * @param model an Anthropic model id ("claude-sonnet-4-5", "claude-haiku-4-5-20251001", a Bedrock/Vertex id, …).
 */
export function minCacheableTokens(model: string): number {
  const m = String(model);
  return MIN_CACHE_TOKENS.find((e) => e.pattern.test(m))?.tokens ?? DEFAULT_MIN_CACHE_TOKENS;
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

/**
 * Rejects a content array holding anything but block objects with a string `type`. A bare string inside the array is
 * an error rather than a text block: the API takes either a string or an array of blocks, and copying a string as an
 * object would turn it into {"0": "H", "1": "i", …}.
 */
function checkBlocks(messages: readonly { content: unknown }[], where: string): void {
  messages.forEach((m, i) => {
    if (!Array.isArray(m.content)) return;
    m.content.forEach((b: unknown, j: number) => {
      if (b === null || typeof b !== "object" || Array.isArray(b) || typeof (b as { type?: unknown }).type !== "string") {
        const got = typeof b === "string" ? "a bare string (use the string as the whole content, or { type: \"text\", text })" : JSON.stringify(b) ?? String(b);
        fail(`${where}[${i}].content[${j}] must be a content block { type, … }, got ${got}`);
      }
    });
  });
}

/** A deep copy of JSON-like data (what request bodies are); keeps the input untouched whatever we do to the copy. */
function copy<T>(value: T): T {
  return structuredClone(value);
}

/** Removes every cache_control marker from a block, including those inside a tool_result's content. */
function unmark<B extends { cache_control?: unknown }>(block: B): B {
  const { cache_control: _drop, ...rest } = block;
  const out = rest as B;
  const content = (out as { content?: unknown }).content;
  if ((out as { type?: unknown }).type === "tool_result" && Array.isArray(content)) {
    (out as unknown as { content: unknown[] }).content = content.map((c) => (c !== null && typeof c === "object" ? unmark(c as { cache_control?: unknown }) : c));
  }
  return out;
}

/** Whether the Messages API accepts a breakpoint on this block: non-blank text, images, documents, tool calls and results. */
export function canCarryBreakpoint(block: unknown): boolean {
  if (block === null || typeof block !== "object") return false;
  const b = block as { type?: unknown; text?: unknown };
  switch (b.type) {
    case "text": return typeof b.text === "string" && b.text.trim() !== "";
    case "image": case "document": case "tool_use": case "tool_result": return true;
    default: return false; // thinking, redacted_thinking and unknown types
  }
}

/**
 * The text of a content block that counts toward the cache prefix, for length estimates: a text block's text, a
 * tool_use's name and JSON input, a tool_result's text; images, documents and thinking count 0 (an underestimate,
 * never an overestimate). Used by anthropicRequest's minimum-length check and by the cache simulation.
 */
export function prefixTextOfBlock(block: AnthropicContentBlock): string {
  switch (block.type) {
    case "text": return block.text;
    case "tool_use": return block.name + JSON.stringify(block.input ?? null);
    case "tool_result":
      if (typeof block.content === "string") return block.content;
      return (block.content ?? []).map((c) => (c.type === "text" ? c.text : "")).join("");
    default: return "";
  }
}

/** Number of `cache_control` markers in a request body (system, tools, messages, tool_result content). */
export function countAnthropicBreakpoints(request: AnthropicMessagesRequest<AnthropicMessageLike, AnthropicToolLike>): number {
  let n = 0;
  const visit = (b: unknown): void => {
    if (b === null || typeof b !== "object") return;
    if ((b as { cache_control?: unknown }).cache_control !== undefined) n++;
    const content = (b as { type?: unknown; content?: unknown }).content;
    if ((b as { type?: unknown }).type === "tool_result" && Array.isArray(content)) content.forEach(visit);
  };
  (request.system ?? []).forEach(visit);
  (request.tools ?? []).forEach(visit);
  for (const m of request.messages) if (Array.isArray(m.content)) m.content.forEach(visit);
  return n;
}

/**
 * Builds an Anthropic Messages API body from an assembled prompt, with prompt-cache breakpoints.
 *
 * - `system` becomes text blocks split at CACHE_BOUNDARY (the marker line is dropped): the stable block, then the
 *   dynamic block, with `ephemeral` appended to the dynamic block as `dynamic + "\n\n" + ephemeral`. Empty blocks are
 *   left out (the API rejects them).
 * - Markers already in the input (system, tools, messages, tool_result content) are removed first and placed anew,
 *   so feeding last turn's body back in re-marks it instead of stacking markers.
 * - At most MAX_CACHE_BREAKPOINTS (4) markers, each `{ type: "ephemeral", ttl }`: first the stable system block, then
 *   the last block that can carry one (see canCarryBreakpoint) of each message, newest message first.
 * - A block is marked only when the prefix it closes (tools, system and messages up to and including it, counted
 *   with `countTokens`) reaches the model's minimum cacheable length: shorter prefixes cache nothing, so a marker
 *   there would be wasted. Images and documents count 0 tokens (an underestimate: such a block may go unmarked).

 * - `cache: false` places no marker at all; `toolResultBreakpoints: false` never puts one on a tool_result block.
 *
 * @returns a new body; the input (and every object in it) is left as it was.
 * @throws PromptasmError E_ARG when a content array holds a bare string or a non-block value (named by its place,
 *   e.g. "messages[1].content[0]"), `cache`/`toolResultBreakpoints` is not a boolean, system is not a string,
 *   messages is not an array of { role, content }, model is
 *   blank, maxTokens is not a positive integer or ttl is not "5m"/"1h".
 * @example
 *   const body = anthropicRequest({ system: result.prompt, messages: [{ role: "user", content: "Hi" }],
 *     model: "claude-sonnet-4-5", maxTokens: 1024, ttl: "1h" });
 *   // body.system[0].cache_control → { type: "ephemeral", ttl: "1h" } when the stable prefix has ≥ 1,024 tokens
 */
export function anthropicRequest<M extends AnthropicMessageLike = AnthropicMessage, T extends AnthropicToolLike = AnthropicTool>(
  input: AnthropicRequestInput<M, T>,
): AnthropicMessagesRequest<M, NoInfer<T>> {
  if (input === null || typeof input !== "object") fail("anthropicRequest needs { system, messages, model, maxTokens }");
  const { system, ephemeral, messages, model, ttl = "5m", maxTokens, tools } = input;
  if (typeof system !== "string") fail("system must be a string (an assembled prompt)");
  if (ephemeral !== undefined && typeof ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(messages) || messages.some((m) => m === null || typeof m !== "object" || (m.role !== "user" && m.role !== "assistant") || (typeof m.content !== "string" && !Array.isArray(m.content)))) {
    fail("messages must be an array of { role: \"user\" | \"assistant\", content: string | blocks }");
  }
  checkBlocks(messages, "messages");
  if (typeof model !== "string" || model.trim() === "") fail("model must be a non-blank string");
  const badMax = maxTokensProblem(maxTokens, "maxTokens");
  if (badMax !== null) fail(badMax);
  if (ttl !== "5m" && ttl !== "1h") fail(`ttl must be "5m" or "1h", got ${JSON.stringify(ttl)}`);
  if (tools !== undefined && !Array.isArray(tools)) fail("tools must be an array");
  if (input.cache !== undefined && typeof input.cache !== "boolean") fail(`cache must be true or false, got ${JSON.stringify(input.cache)}`);
  if (input.toolResultBreakpoints !== undefined && typeof input.toolResultBreakpoints !== "boolean") fail("toolResultBreakpoints must be true or false");
  const caching = input.cache !== false;
  const onToolResults = input.toolResultBreakpoints !== false;
  const count = input.countTokens ?? estimateTokens;
  const min = input.minCacheTokens ?? minCacheableTokens(model);
  const marker = (): AnthropicCacheControl => ({ type: "ephemeral", ttl });

  const { stable, dynamic } = splitAtBoundary(system);
  const extra = (ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const systemBlocks: AnthropicTextBlock[] = [stable, dynamicText].filter((t) => t.trim() !== "").map((text) => ({ type: "text", text }));
  const outTools = tools?.map((t) => unmark(copy(t) as T & { cache_control?: unknown }));
  // Worked on as AnthropicMessage (the blocks this module reads); unknown block types pass through untouched.
  const outMessages: AnthropicMessage[] = (messages as readonly AnthropicMessageLike[]).map((m) => ({
    role: m.role,
    content: typeof m.content === "string" ? m.content : (m.content as readonly AnthropicContentBlock[]).map((b) => unmark(copy(b) as AnthropicContentBlock & { cache_control?: unknown }) as AnthropicContentBlock),
  }) as AnthropicMessage);

  let budget = caching ? MAX_CACHE_BREAKPOINTS : 0;
  let prefix = (outTools ?? []).reduce((n, t) => n + count(JSON.stringify(t)), 0);
  // The stable block is system[0] only when there is stable text (a prompt that starts at the boundary has none).
  if (stable.trim() !== "") {
    prefix += count(stable);
    if (budget > 0 && prefix >= min) {
      systemBlocks[0]!.cache_control = marker();
      budget--;
    }
  }
  if (systemBlocks.length > (stable.trim() !== "" ? 1 : 0)) prefix += count(systemBlocks[systemBlocks.length - 1]!.text);

  // Prefix length up to and including each message's last markable block, then mark newest first.
  const candidates: Array<{ message: number; block: number; prefix: number }> = [];
  outMessages.forEach((m, i) => {
    const blocks: AnthropicContentBlock[] = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    let last = -1, upToLast = prefix;
    blocks.forEach((b, j) => {
      prefix += count(prefixTextOfBlock(b));
      if (canCarryBreakpoint(b) && (onToolResults || b.type !== "tool_result")) { last = j; upToLast = prefix; }
    });
    if (last >= 0) candidates.push({ message: i, block: last, prefix: upToLast });
  });
  for (let k = candidates.length - 1; k >= 0 && budget > 0; k--) {
    const c = candidates[k]!;
    if (c.prefix < min) break; // earlier messages close even shorter prefixes
    const m = outMessages[c.message]!;
    if (typeof m.content === "string") m.content = [{ type: "text", text: m.content }];
    (m.content[c.block] as { cache_control?: AnthropicCacheControl }).cache_control = marker();
    budget--;
  }

  return {
    model,
    max_tokens: maxTokens,
    ...(systemBlocks.length > 0 ? { system: systemBlocks } : {}),
    ...(outTools !== undefined && outTools.length > 0 ? { tools: outTools } : {}),
    messages: outMessages as Array<AnthropicOutputMessage<M>>,
  };
}

/** The TTLs the Messages API offers for every current model: "5m" (default) and "1h" (prompt-caching page). */
export const ANTHROPIC_TTLS: readonly AnthropicTtl[] = ["5m", "1h"];

/**
 * Whether a body is an Anthropic Messages request: a top-level `system`, or tool_use/tool_result blocks, or (with no
 * system/developer/tool role in it) `max_tokens` without OpenAI's `prompt_cache_key`/`max_completion_tokens`.
 */
function detectAnthropic(body: Obj): boolean {
  if (!Array.isArray(body.messages)) return false;
  if (body.system !== undefined) return true;
  const messages = body.messages as unknown[];
  if (messages.some((m) => isObj(m) && Array.isArray(m.content) && m.content.some((b) => isObj(b) && (b.type === "tool_use" || b.type === "tool_result")))) return true;
  if (messages.some((m) => isObj(m) && (m.role === "system" || m.role === "developer" || m.role === "tool"))) return false;
  return body.max_tokens !== undefined && body.prompt_cache_key === undefined && body.max_completion_tokens === undefined;
}

/** Tools, then system blocks up to the last marked one (the first when none is marked) as the prefix, then messages. */
function linearizeAnthropic(body: Obj): Part[] {
  const parts: Part[] = [];
  arr(body.tools).forEach((t, i) => parts.push({ label: `tools[${i}]`, text: canonical(t), prefix: true }));
  if (typeof body.system === "string") parts.push({ label: "system[0]", text: body.system, prefix: true });
  else {
    const blocks = arr(body.system);
    let last = -1;
    blocks.forEach((b, i) => { if (isObj(b) && b.cache_control !== undefined) last = i; });
    blocks.forEach((b, i) => parts.push({ label: `system[${i}]`, text: isObj(b) && typeof b.text === "string" ? b.text : canonical(b), prefix: i <= Math.max(last, 0) }));
  }
  arr(body.messages).forEach((m, i) => parts.push(...messageParts(`messages[${i}]`, m, false)));
  return parts;
}

/** The Messages request shape for explainCacheBreak. */
export const ANTHROPIC_REQUEST_KIND: RequestKindSpec = {
  kind: "anthropic",
  description: "an Anthropic Messages request",
  priority: 40,
  detect: detectAnthropic,
  linearize: linearizeAnthropic,
  model: (body) => (typeof body.model === "string" ? body.model : null),
};

/** The Anthropic Messages API in the provider registry (sources: the prompt-caching page cited above). */
export const anthropicProvider: ProviderRecord = {
  id: "anthropic",
  name: "Anthropic Messages API",
  caching: "breakpoints",
  maxBreakpoints: MAX_CACHE_BREAKPOINTS,
  ttls: () => ANTHROPIC_TTLS,
  minCacheableTokens,
  build: (input: ProviderBuildInput) => anthropicRequest({
    system: input.system,
    messages: input.messages as AnthropicMessage[],
    model: input.model,
    maxTokens: input.maxTokens ?? 1024,
    ...cacheSwitches(input),
    ...(input.tools !== undefined ? { tools: input.tools as unknown as AnthropicTool[] } : {}),
    ...(input.ttl !== undefined ? { ttl: input.ttl as AnthropicTtl } : {}),
  }),
  requestKinds: [ANTHROPIC_REQUEST_KIND],
  sources: ["https://platform.claude.com/docs/en/build-with-claude/prompt-caching"],
};

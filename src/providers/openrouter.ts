// Chat Completions bodies for an OpenAI-compatible router (OpenRouter and routers that copy its format), with prompt
// cache markers for Claude models. A pure function: nothing is mutated or sent.
//
// Why this shape: a router speaks the OpenAI Chat Completions format, but a Claude model behind it still caches only
// at explicit breakpoints. OpenRouter takes Anthropic's marker, `cache_control: { type: "ephemeral", ttl? }`, on a
// text part of a message's content array (system, user, assistant and tool messages) and forwards it to Anthropic
// (https://openrouter.ai/docs/client-sdks/typescript/models/anthropiccachecontroldirective: ttl "5m" | "1h").
// Anthropic's own rules still apply: at most 4 breakpoints, and a prefix below the model's minimum caches nothing.
// Other models behind the router get no markers: OpenAI models cache long prefixes on their own.

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { ANTHROPIC_TTLS, MAX_CACHE_BREAKPOINTS, estimateTokens, minCacheableTokens, type AnthropicTtl } from "./anthropic.js";
import type { OpenAIChatMessage, OpenAIChatMessageLike, OpenAIChatTool, OpenAIToolLike } from "./openai.js";
import { cacheSwitches, type ProviderBuildInput, type ProviderRecord } from "./record.js";
import { maxTokensProblem } from "./parts.js";

/** A text part with an optional breakpoint. */
export interface RouterTextPart {
  type: "text";
  text: string;
  cache_control?: { type: "ephemeral"; ttl?: "1h" };
}

/** The loose shape openrouterChatRequest works on: content is a string, or parts (text parts may carry a breakpoint). */
export interface RouterChatMessage {
  role: string;
  content?: string | Array<RouterTextPart | Record<string, unknown>> | null;
  tool_call_id?: string;
  tool_calls?: unknown[];
  name?: string;
}

/**
 * A message of the router body as openrouterChatRequest returns it: the caller's message (developer messages become
 * system messages; text parts may carry a breakpoint), or — when a string content received a breakpoint — the same
 * message with the string as one marked text part. Function-role messages (deprecated by OpenAI) are never marked.
 */
export type RouterOutputMessage<M> = M extends { role: "function" }
  ? M
  : RouterRole<M> | (Omit<RouterRole<M>, "content"> & { content: RouterTextPart[] });

/** Developer messages go out as system messages (routers pass the roles of Chat Completions through). */
type RouterRole<M> = M extends { role: "developer" } ? Omit<M, "role"> & { role: "system" } : M;

/** A system message carrying the prompt: the stable part as one text part (it may hold the first breakpoint). */
export type RouterInstructionMessage = { role: "system"; content: RouterTextPart[] } | { role: "system"; content: string };

/**
 * The body openrouterChatRequest builds: a Chat Completions body with Anthropic's `cache_control` on text parts.
 * Assignable to the `openai` SDK's `ChatCompletionCreateParamsNonStreaming` when the message and tool types are (the
 * marker is an extra property of a text part; checked by test/types/sdk.ts).
 */
export interface RouterChatRequest<M extends OpenAIChatMessageLike = OpenAIChatMessage, T extends OpenAIToolLike = OpenAIChatTool> {
  model: string;
  messages: Array<RouterInstructionMessage | RouterOutputMessage<M>>;
  tools?: T[];
  max_tokens?: number;
}

/** Input of openrouterChatRequest. */
export interface RouterChatInput<M extends OpenAIChatMessageLike = OpenAIChatMessage, T extends OpenAIToolLike = OpenAIChatTool> {
  /** An assembled prompt, usually holding CACHE_BOUNDARY. */
  system: string;
  /** Per-request text appended to the dynamic part as `dynamic + "\n\n" + ephemeral`; never stored. */
  ephemeral?: string;
  messages: readonly M[];
  /** The router's model id, e.g. "anthropic/claude-sonnet-4.5" or "openai/gpt-5". */
  model: string;
  maxTokens?: number;
  tools?: readonly T[];
  /** "5m" (default, no ttl written) or "1h" (written as `ttl: "1h"`). */
  ttl?: AnthropicTtl;
  /** false: no markers at all. Default true. */
  cache?: boolean;
  /** false: no marker on a tool message (its result would be re-marked every turn). Default true. */
  toolResultBreakpoints?: boolean;
  /** Token counter for the minimum-length check (default estimateTokens). */
  countTokens?: (text: string) => number;
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

/** True for a Claude model id as routers spell it ("anthropic/…" or any id naming claude). */
export function isRoutedClaude(model: string): boolean {
  return /^anthropic\//i.test(model) || /claude/i.test(model);
}

/** The text a part contributes to the prefix (text parts' text, other parts as JSON). */
function partText(p: unknown): string {
  return p !== null && typeof p === "object" && typeof (p as { text?: unknown }).text === "string" ? (p as { text: string }).text : JSON.stringify(p) ?? "";
}

/**
 * Builds a Chat Completions body for a router: the stable prefix as a system message of one text part, the dynamic
 * part (with `ephemeral`) as a second system message, then the conversation (deep-copied; markers in it removed).
 * For a Claude model (isRoutedClaude) and `cache` not false, breakpoints go on the stable part and on the last text
 * part of the newest messages (up to MAX_CACHE_BREAKPOINTS in all; string content becomes one text part to carry
 * one), each only where the prefix it closes reaches minCacheableTokens(model) — the same rule as anthropicRequest.
 * Function-role messages (deprecated by OpenAI, with no content parts) never carry one.
 * @returns a new body; the input is not mutated.
 * @throws PromptasmError E_ARG for a non-string system, non-array messages, a content array holding a bare string
 *   or non-object (named by its place), a blank model, a bad maxTokens, ttl, cache or toolResultBreakpoints.
 * @example
 *   openrouterChatRequest({ system: result.prompt, model: "anthropic/claude-sonnet-4.5", messages: [{ role: "user", content: "Hi" }] });
 *   // messages[0]: { role: "system", content: [{ type: "text", text: stable, cache_control: { type: "ephemeral" } }] }
 */
export function openrouterChatRequest<M extends OpenAIChatMessageLike = OpenAIChatMessage, T extends OpenAIToolLike = OpenAIChatTool>(
  input: RouterChatInput<M, T>,
): RouterChatRequest<M, NoInfer<T>> {
  if (input === null || typeof input !== "object" || typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object")) fail("messages must be an array of objects");
  (input.messages as readonly RouterChatMessage[]).forEach((m, i) => {
    if (!Array.isArray(m.content)) return;
    m.content.forEach((p: unknown, j: number) => {
      if (p !== null && typeof p === "object" && !Array.isArray(p)) return;
      fail(`messages[${i}].content[${j}] must be a content part { type, … }, got ${typeof p === "string" ? "a bare string" : JSON.stringify(p)}`);
    });
  });
  if (typeof input.model !== "string" || input.model.trim() === "") fail("model must be a non-blank string");
  const badMax = input.maxTokens === undefined ? null : maxTokensProblem(input.maxTokens, "maxTokens");
  if (badMax !== null) fail(badMax);
  if (input.ttl !== undefined && input.ttl !== "5m" && input.ttl !== "1h") fail(`ttl must be "5m" or "1h", got ${JSON.stringify(input.ttl)}`);
  if (input.cache !== undefined && typeof input.cache !== "boolean") fail("cache must be true or false");
  if (input.toolResultBreakpoints !== undefined && typeof input.toolResultBreakpoints !== "boolean") fail("toolResultBreakpoints must be true or false");
  const count = input.countTokens ?? estimateTokens;
  const marker = () => (input.ttl === "1h" ? { type: "ephemeral" as const, ttl: "1h" as const } : { type: "ephemeral" as const });
  const mark = input.cache !== false && isRoutedClaude(input.model);
  const min = minCacheableTokens(input.model);

  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const messages: RouterChatMessage[] = [];
  let budget = mark ? MAX_CACHE_BREAKPOINTS : 0;
  let prefix = (input.tools ?? []).reduce((n, t) => n + count(JSON.stringify(t)), 0);
  if (stable.trim() !== "") {
    prefix += count(stable);
    const part: RouterTextPart = { type: "text", text: stable };
    if (budget > 0 && prefix >= min) { part.cache_control = marker(); budget--; }
    messages.push({ role: "system", content: [part] });
  }
  if (dynamicText.trim() !== "") { prefix += count(dynamicText); messages.push({ role: "system", content: dynamicText }); }
  const start = messages.length;
  const ends: number[] = [];
  for (const m of input.messages) {
    const c = structuredClone(m) as unknown as RouterChatMessage;
    if (Array.isArray(c.content)) c.content = c.content.map((p) => { const { cache_control: _drop, ...rest } = p as RouterTextPart; return rest; });
    if (c.role === "developer") c.role = "system";
    prefix += typeof c.content === "string" ? count(c.content) : (c.content ?? []).reduce((n, p) => n + count(partText(p)), 0);
    ends.push(prefix);
    messages.push(c);
  }
  for (let k = ends.length - 1; k >= 0 && budget > 0; k--) {
    const m = messages[start + k]!;
    if (m.role === "function" || (m.role === "tool" && input.toolResultBreakpoints === false)) continue;
    if (ends[k]! < min) break;
    if (typeof m.content === "string" && m.content.trim() !== "") m.content = [{ type: "text", text: m.content }];
    const parts = Array.isArray(m.content) ? m.content : [];
    let j = parts.length - 1;
    while (j >= 0 && !((parts[j] as { type?: unknown }).type === "text" && partText(parts[j]).trim() !== "")) j--;
    if (j < 0) continue;
    (parts[j] as RouterTextPart).cache_control = marker();
    budget--;
  }
  return {
    model: input.model,
    messages: messages as Array<RouterInstructionMessage | RouterOutputMessage<M>>,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...(input.maxTokens !== undefined ? { max_tokens: input.maxTokens } : {}),
  };
}

/** Number of `cache_control` markers in a router body. */
export function countRouterBreakpoints(body: RouterChatRequest<OpenAIChatMessageLike, object>): number {
  let n = 0;
  for (const m of body.messages as RouterChatMessage[]) if (Array.isArray(m.content)) for (const p of m.content) if ((p as RouterTextPart).cache_control !== undefined) n++;
  return n;
}

/**
 * An OpenAI-compatible router in the provider registry. Its bodies are Chat Completions bodies, so explainCacheBreak
 * reads them as "openai-chat" (markers are ignored there); TTLs and the minimum follow Anthropic for Claude models.
 */
export const openrouterProvider: ProviderRecord = {
  id: "openrouter",
  name: "OpenRouter-style router (Chat Completions)",
  caching: "breakpoints",
  maxBreakpoints: MAX_CACHE_BREAKPOINTS,
  ttls: (model) => (isRoutedClaude(model) ? ANTHROPIC_TTLS : []),
  minCacheableTokens: (model) => (isRoutedClaude(model) ? minCacheableTokens(model) : 1024),
  build: (input: ProviderBuildInput) => openrouterChatRequest({
    system: input.system,
    messages: input.messages as OpenAIChatMessageLike[],
    model: input.model,
    ...cacheSwitches(input),
    ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
    ...(input.tools !== undefined ? { tools: input.tools } : {}),
    ...(input.ttl === "5m" || input.ttl === "1h" ? { ttl: input.ttl } : {}),
  }),
  requestKinds: [],
  sources: ["https://openrouter.ai/docs/client-sdks/typescript/models/anthropiccachecontroldirective", "https://platform.claude.com/docs/en/build-with-claude/prompt-caching"],
};

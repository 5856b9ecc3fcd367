// OpenAI request bodies (Chat Completions and Responses) from an assembled prompt. Pure functions: nothing is
// mutated or sent. OpenAI caches prompt prefixes automatically (prompts of 1,024 tokens or more, exact prefix
// matches; https://developers.openai.com/api/docs/guides/prompt-caching), so there are no markers to place: what
// matters is that the stable prefix comes first, byte-identical on every turn, and that requests of one session carry
// the same `prompt_cache_key` (it joins the prefix hash in routing requests to a cache, same page).
//
// Shapes follow the Chat Completions API (`POST /v1/chat/completions`: messages with role developer | system | user |
// assistant | tool, `max_completion_tokens`, `prompt_cache_key`) and the Responses API (`POST /v1/responses`: `input`
// items with role developer | system | user | assistant, `max_output_tokens`, `prompt_cache_key`).

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { toDeveloperRole } from "../sections/builders.js";
import { arr, canonical, isObj, maxTokensProblem, messageParts, type Obj, type Part } from "./parts.js";
import type { ProviderBuildInput, ProviderRecord, RequestKindSpec } from "./record.js";

/** The role the prompt goes out under: "developer" for gpt-5 and codex families (toDeveloperRole), else "system". */
export type OpenAIInstructionRole = "developer" | "system";

/** A text part of a Chat Completions message (the only part type every role takes). */
export interface OpenAIChatTextPart {
  type: "text";
  text: string;
}

/** An image part (user turns); `image_url.url` is an https URL or a data URL. */
export interface OpenAIChatImagePart {
  type: "image_url";
  image_url: { url: string; detail?: "auto" | "low" | "high" };
}

/** A content part this module's own message type knows; other part types go through the generic message type. */
export type OpenAIChatContentPart = OpenAIChatTextPart | OpenAIChatImagePart;

/** A function call the model made (assistant turns); `arguments` is a JSON string. */
export interface OpenAIChatToolCall {
  id: string;
  type: "function";
  function: { name: string; arguments: string };
}

/**
 * A Chat Completions message, one variant per role as the API defines them (so each is assignable to the `openai`
 * SDK's `ChatCompletionMessageParam`). Tool messages carry `tool_call_id`; assistant messages may carry `tool_calls`.
 */
export type OpenAIChatMessage =
  | { role: "developer" | "system"; content: string | OpenAIChatTextPart[]; name?: string }
  | { role: "user"; content: string | OpenAIChatContentPart[]; name?: string }
  | { role: "assistant"; content?: string | OpenAIChatTextPart[] | null; name?: string; tool_calls?: OpenAIChatToolCall[] }
  | { role: "tool"; content: string | OpenAIChatTextPart[]; tool_call_id: string };

/**
 * What openaiChatRequest accepts as a message: any object with one of the API's roles ({@link OpenAIChatMessage} or the SDK's
 * `ChatCompletionMessageParam`). The body keeps the caller's message type.
 */
export interface OpenAIChatMessageLike {
  role: "developer" | "system" | "user" | "assistant" | "tool" | "function";
  content?: string | ReadonlyArray<{ type: "text" | "image_url" | (string & {}) }> | null;
}

/** What the OpenAI builders accept as a tool: an object with a `type` ("function" for function tools). */
export interface OpenAIToolLike {
  type?: "function" | "custom" | (string & {});
}

/** A system or developer message carrying the prompt: the first (stable) and second (dynamic) instruction message. */
export interface OpenAIInstructionMessage {
  role: OpenAIInstructionRole;
  content: string;
}

/**
 * A conversation message as the builders return it: system/developer messages take the model's instruction role,
 * every other message is the caller's own.
 */
export type OpenAIOutputMessage<M> = M extends { role: "system" | "developer" } ? Omit<M, "role"> & { role: OpenAIInstructionRole } : M;

/**
 * A Responses input item as openaiResponsesRequest returns it: system/developer messages (items with no `type` or
 * `type: "message"`) take the model's instruction role; every other item is the caller's own.
 */
export type OpenAIOutputItem<M> = M extends { role: "system" | "developer"; type?: "message" | undefined } ? Omit<M, "role"> & { role: OpenAIInstructionRole } : M;

/** A function tool of the Chat Completions API. */
export interface OpenAIChatTool {
  type: "function";
  function: { name: string; description?: string; parameters?: Record<string, unknown>; strict?: boolean | null };
}

/** A function tool of the Responses API (flat: `name` and `parameters` at the top). */
export interface OpenAIResponsesTool {
  type: "function";
  name: string;
  description?: string | null;
  parameters: Record<string, unknown> | null;
  strict: boolean | null;
}

/** Any tool object; the builders pass tools through untouched. Kept for callers of earlier versions. */
export type OpenAITool = Record<string, unknown>;

/**
 * The Chat Completions body openaiChatRequest builds. Assignable to the `openai` SDK's
 * `ChatCompletionCreateParamsNonStreaming` when the message and tool types are (checked by test/types/sdk.ts).
 */
export interface OpenAIChatRequest<M extends OpenAIChatMessageLike = OpenAIChatMessage, T extends OpenAIToolLike = OpenAIChatTool> {
  model: string;
  /** The stable prefix first, then the dynamic part (if any), then the conversation. */
  messages: Array<OpenAIInstructionMessage | OpenAIOutputMessage<M>>;
  tools?: T[];
  prompt_cache_key?: string;
  prompt_cache_retention?: "24h";
  max_completion_tokens?: number;
}

/** A text part of a Responses message: `input_text` in user/system/developer turns, `output_text` in assistant ones. */
export type OpenAIResponsesTextPart = { type: "input_text"; text: string };

/**
 * A Responses API input item: a message (role + string or input_text content), a function call the model made, or a
 * function call's output — each assignable to the SDK's `ResponseInputItem`.
 */
export type OpenAIResponsesInputItem =
  | { role: "developer" | "system" | "user" | "assistant"; content: string | OpenAIResponsesTextPart[]; type?: "message" }
  | { type: "function_call"; call_id: string; name: string; arguments: string; id?: string }
  | { type: "function_call_output"; call_id: string; output: string; id?: string | null };

/** What openaiResponsesRequest accepts as an input item: a message (with a `role`) or any other item (with a `type`). */
export interface OpenAIResponsesItemLike {
  role?: "developer" | "system" | "user" | "assistant";
  type?: "message" | "function_call" | "function_call_output" | (string & {}) | null;
}

/**
 * The Responses body openaiResponsesRequest builds. Assignable to the SDK's `ResponseCreateParamsNonStreaming` when
 * the item and tool types are (checked by test/types/sdk.ts).
 */
export interface OpenAIResponsesRequest<M extends OpenAIResponsesItemLike = OpenAIResponsesInputItem, T extends OpenAIToolLike = OpenAIResponsesTool> {
  model: string;
  /** The stable prefix first, then the dynamic part (if any), then the conversation. */
  input: Array<OpenAIInstructionMessage | OpenAIOutputItem<M>>;
  tools?: T[];
  prompt_cache_key?: string;
  prompt_cache_retention?: "24h";
  max_output_tokens?: number;
}

/** Input shared by both builders. */
export interface OpenAIRequestInput<M, T extends object = OpenAITool> {
  /** An assembled prompt, usually holding CACHE_BOUNDARY; without it the whole prompt is the stable prefix. */
  system: string;
  /** Per-request text, never stored: appended to the dynamic part as `dynamic + "\n\n" + ephemeral` (trimmed). */
  ephemeral?: string;
  /** The conversation, passed through in order (system/developer messages in it get the model's role too). */
  messages: readonly M[];
  model: string;
  /** The session id, sent as `prompt_cache_key` (an opaque id: no secrets or personal data). */
  sessionId?: string;
  /** Output cap: `max_completion_tokens` (Chat) or `max_output_tokens` (Responses); a positive integer. */
  maxTokens?: number;
  tools?: readonly T[];
  /** false: no `prompt_cache_key` (OpenAI still caches long prefixes on its own; nothing turns that off). Default true. */
  cache?: boolean;
  /**
   * `prompt_cache_retention`: "in_memory" (the default, not written) or "24h" (extended retention). "24h" is written
   * only for models that offer it (openaiCacheRetentions); for others the request keeps the default.
   */
  retention?: OpenAICacheRetention;
}

/** OpenAI's cache retention values (prompt-caching guide): "in_memory" (default) and "24h" (extended). */
export type OpenAICacheRetention = "in_memory" | "24h";

/**
 * The retention values a model offers, default first. Extended ("24h") retention is listed in the prompt-caching guide
 * for the gpt-5 family (gpt-5, gpt-5.1, their codex and chat variants) and gpt-4.1; every other model only keeps
 * entries in memory (cleared after 5–10 minutes of inactivity, at most an hour, same guide).
 */
export function openaiCacheRetentions(model: string): readonly OpenAICacheRetention[] {
  return /gpt-5|gpt-4\.1/i.test(String(model)) ? ["in_memory", "24h"] : ["in_memory"];
}

/** Smallest prompt OpenAI caches: 1,024 tokens, for every model (prompt-caching guide). */
export const OPENAI_MIN_CACHE_TOKENS = 1024;

/** The instruction role for a model: "developer" for gpt-5/codex families, else "system" (see toDeveloperRole). */
export function instructionRole(model: string): OpenAIInstructionRole {
  return toDeveloperRole(model) ? "developer" : "system";
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

function check(input: OpenAIRequestInput<unknown, object>, what: string): { stable: string; dynamic: string } {
  if (input === null || typeof input !== "object") fail(`${what} needs { system, messages, model }`);
  if (typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object")) fail("messages must be an array of objects");
  if (typeof input.model !== "string" || input.model.trim() === "") fail("model must be a non-blank string");
  if (input.sessionId !== undefined && (typeof input.sessionId !== "string" || input.sessionId === "")) fail("sessionId must be a non-empty string");
  const badMax = input.maxTokens === undefined ? null : maxTokensProblem(input.maxTokens, "maxTokens");
  if (badMax !== null) fail(badMax);
  if (input.tools !== undefined && !Array.isArray(input.tools)) fail("tools must be an array");
  if (input.cache !== undefined && typeof input.cache !== "boolean") fail(`cache must be true or false, got ${JSON.stringify(input.cache)}`);
  if (input.retention !== undefined && input.retention !== "in_memory" && input.retention !== "24h") fail(`retention must be "in_memory" or "24h", got ${JSON.stringify(input.retention)}`);
  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  return { stable, dynamic: extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}` };
}

/** `prompt_cache_key` (unless caching is off) and `prompt_cache_retention: "24h"` where the model offers it. */
function cacheFields(input: OpenAIRequestInput<unknown, object>): { prompt_cache_key?: string; prompt_cache_retention?: "24h" } {
  if (input.cache === false) return {};
  return {
    ...(input.sessionId !== undefined ? { prompt_cache_key: input.sessionId } : {}),
    ...(input.retention === "24h" && openaiCacheRetentions(input.model).includes("24h") ? { prompt_cache_retention: "24h" as const } : {}),
  };
}

/** Instruction messages for the prompt: stable first, dynamic second, blank parts left out. */
function instructionTexts(parts: { stable: string; dynamic: string }): string[] {
  return [parts.stable, parts.dynamic].filter((t) => t.trim() !== "");
}

/**
 * Builds a Chat Completions body: the stable prefix as the first message, the dynamic part (with `ephemeral`) as the
 * second, both under the model's instruction role ("developer" for gpt-5/codex, else "system"), then the
 * conversation; `prompt_cache_key` from `sessionId`.
 * @returns a new body; the input is not mutated (messages and tools are deep-copied).
 * @throws PromptasmError E_ARG for a non-string system, non-array messages, blank model, bad maxTokens or sessionId.
 * @example
 *   openaiChatRequest({ system: result.prompt, messages: [{ role: "user", content: "Hi" }], model: "gpt-5", sessionId: "s-42" });
 *   // { model: "gpt-5", messages: [{ role: "developer", content: stable }, { role: "developer", content: dynamic }, …], prompt_cache_key: "s-42" }
 */
export function openaiChatRequest<M extends OpenAIChatMessageLike = OpenAIChatMessage, T extends OpenAIToolLike = OpenAIChatTool>(
  input: OpenAIRequestInput<M, T>,
): OpenAIChatRequest<M, NoInfer<T>> {
  const parts = check(input, "openaiChatRequest");
  const role = instructionRole(input.model);
  const messages: Array<OpenAIInstructionMessage | OpenAIOutputMessage<M>> = [
    ...instructionTexts(parts).map((content): OpenAIInstructionMessage => ({ role, content })),
    ...input.messages.map((m) => {
      const c = structuredClone(m);
      return (c.role === "system" || c.role === "developer" ? { ...c, role } : c) as OpenAIOutputMessage<M>;
    }),
  ];
  return {
    model: input.model,
    messages,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...cacheFields(input),
    ...(input.maxTokens !== undefined ? { max_completion_tokens: input.maxTokens } : {}),
  };
}

/**
 * Builds a Responses API body: `input` starts with the stable prefix, then the dynamic part (with `ephemeral`), both
 * as messages under the model's instruction role, then the conversation items; `prompt_cache_key` from `sessionId`.
 * The prompt goes into `input` rather than `instructions` so both APIs carry the same messages in the same order.
 * System/developer messages in the conversation (items with no `type` or `type: "message"`) take the instruction role
 * too; other items keep theirs (an `additional_tools` item is always "developer").
 * @returns a new body; the input is not mutated.
 * @throws PromptasmError E_ARG as openaiChatRequest.
 */
export function openaiResponsesRequest<M extends OpenAIResponsesItemLike = OpenAIResponsesInputItem, T extends OpenAIToolLike = OpenAIResponsesTool>(
  input: OpenAIRequestInput<M, T>,
): OpenAIResponsesRequest<M, NoInfer<T>> {
  const parts = check(input, "openaiResponsesRequest");
  const role = instructionRole(input.model);
  const items: Array<OpenAIInstructionMessage | OpenAIOutputItem<M>> = [
    ...instructionTexts(parts).map((content): OpenAIInstructionMessage => ({ role, content })),
    ...input.messages.map((m) => {
      const c = structuredClone(m);
      const message = c.type === undefined || c.type === "message";
      return (message && (c.role === "system" || c.role === "developer") ? { ...c, role } : c) as OpenAIOutputItem<M>;
    }),
  ];
  return {
    model: input.model,
    input: items,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...cacheFields(input),
    ...(input.maxTokens !== undefined ? { max_output_tokens: input.maxTokens } : {}),
  };
}

/** Tools and the first system/developer message are the prefix (what promptasm's stable part becomes). */
function linearizeChat(body: Obj): Part[] {
  const parts: Part[] = [];
  arr(body.tools).forEach((t, i) => parts.push({ label: `tools[${i}]`, text: canonical(t), prefix: true }));
  arr(body.messages).forEach((m, i) => {
    const first = i === 0 && isObj(m) && (m.role === "system" || m.role === "developer");
    parts.push(...messageParts(`messages[${i}]`, m, first));
  });
  return parts;
}

/** Tools and `instructions` (or the first system/developer input item) are the prefix. */
function linearizeResponses(body: Obj): Part[] {
  const parts: Part[] = [];
  const instructions = typeof body.instructions === "string" && body.instructions !== "";
  arr(body.tools).forEach((t, i) => parts.push({ label: `tools[${i}]`, text: canonical(t), prefix: true }));
  if (instructions) parts.push({ label: "instructions", text: body.instructions as string, prefix: true });
  if (typeof body.input === "string") parts.push({ label: "input", text: body.input, prefix: false });
  else arr(body.input).forEach((m, i) => {
    const first = !instructions && i === 0 && isObj(m) && (m.role === "system" || m.role === "developer");
    parts.push(...messageParts(`input[${i}]`, m, first));
  });
  return parts;
}

const modelField = (body: Obj): string | null => (typeof body.model === "string" ? body.model : null);

/** Chat Completions bodies: any remaining body with `messages` (the last kind tried). */
export const OPENAI_CHAT_REQUEST_KIND: RequestKindSpec = {
  kind: "openai-chat", description: "an OpenAI Chat Completions request", priority: 60,
  detect: (body) => Array.isArray(body.messages), linearize: linearizeChat, model: modelField,
};

/** Responses bodies: `input` with a string `model`. */
export const OPENAI_RESPONSES_REQUEST_KIND: RequestKindSpec = {
  kind: "openai-responses", description: "an OpenAI Responses request", priority: 30,
  detect: (body) => body.input !== undefined && typeof body.model === "string", linearize: linearizeResponses, model: modelField,
};

/** OpenAI (automatic prefix caching) in the provider registry; `build` makes a Chat Completions body. */
export const openaiProvider: ProviderRecord = {
  id: "openai",
  name: "OpenAI (Chat Completions, Responses)",
  caching: "automatic",
  maxBreakpoints: null,
  ttls: openaiCacheRetentions,
  minCacheableTokens: () => OPENAI_MIN_CACHE_TOKENS,
  build: (input: ProviderBuildInput) => openaiChatRequest({
    system: input.system,
    messages: input.messages as OpenAIChatMessageLike[],
    model: input.model,
    ...(input.ephemeral !== undefined ? { ephemeral: input.ephemeral } : {}),
    ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
    ...(input.tools !== undefined ? { tools: input.tools } : {}),
    ...(input.sessionId !== undefined ? { sessionId: input.sessionId } : {}),
    ...(input.cache !== undefined ? { cache: input.cache } : {}),
    ...(input.ttl === "24h" || input.ttl === "in_memory" ? { retention: input.ttl } : {}),
  }),
  requestKinds: [OPENAI_RESPONSES_REQUEST_KIND, OPENAI_CHAT_REQUEST_KIND],
  sources: ["https://developers.openai.com/api/docs/guides/prompt-caching"],
};

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

/** The role the prompt goes out under: "developer" for gpt-5 and codex families (toDeveloperRole), else "system". */
export type OpenAIInstructionRole = "developer" | "system";

/** A content part of a Chat Completions message (text; other part types are passed through). */
export interface OpenAIChatContentPart {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** A Chat Completions message. Tool messages carry `tool_call_id`; assistant messages may carry `tool_calls`. */
export interface OpenAIChatMessage {
  role: "developer" | "system" | "user" | "assistant" | "tool";
  content: string | OpenAIChatContentPart[] | null;
  name?: string;
  tool_call_id?: string;
  tool_calls?: unknown[];
}

/** A function tool as both APIs take it (Chat: `{ type, function }`; Responses: `{ type, name, parameters }`). */
export type OpenAITool = Record<string, unknown>;

/** The Chat Completions body openaiChatRequest builds. */
export interface OpenAIChatRequest {
  model: string;
  /** The stable prefix first, then the dynamic part (if any), then the conversation. */
  messages: OpenAIChatMessage[];
  tools?: OpenAITool[];
  prompt_cache_key?: string;
  max_completion_tokens?: number;
}

/** A Responses API input item: a message (role + content) or any other item (function_call, function_call_output, …). */
export type OpenAIResponsesInputItem =
  | { role: "developer" | "system" | "user" | "assistant"; content: string | Array<Record<string, unknown>>; type?: "message" }
  | { type: string; [key: string]: unknown };

/** The Responses body openaiResponsesRequest builds. */
export interface OpenAIResponsesRequest {
  model: string;
  /** The stable prefix first, then the dynamic part (if any), then the conversation. */
  input: OpenAIResponsesInputItem[];
  tools?: OpenAITool[];
  prompt_cache_key?: string;
  max_output_tokens?: number;
}

/** Input shared by both builders. */
export interface OpenAIRequestInput<M> {
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
  tools?: readonly OpenAITool[];
}

/** The instruction role for a model: "developer" for gpt-5/codex families, else "system" (see toDeveloperRole). */
export function instructionRole(model: string): OpenAIInstructionRole {
  return toDeveloperRole(model) ? "developer" : "system";
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

function check(input: OpenAIRequestInput<unknown>, what: string): { stable: string; dynamic: string } {
  if (input === null || typeof input !== "object") fail(`${what} needs { system, messages, model }`);
  if (typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object")) fail("messages must be an array of objects");
  if (typeof input.model !== "string" || input.model.trim() === "") fail("model must be a non-blank string");
  if (input.sessionId !== undefined && (typeof input.sessionId !== "string" || input.sessionId === "")) fail("sessionId must be a non-empty string");
  if (input.maxTokens !== undefined && (!Number.isInteger(input.maxTokens) || input.maxTokens <= 0)) fail(`maxTokens must be a positive integer, got ${JSON.stringify(input.maxTokens)}`);
  if (input.tools !== undefined && !Array.isArray(input.tools)) fail("tools must be an array");
  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  return { stable, dynamic: extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}` };
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
export function openaiChatRequest(input: OpenAIRequestInput<OpenAIChatMessage>): OpenAIChatRequest {
  const parts = check(input, "openaiChatRequest");
  const role = instructionRole(input.model);
  const messages: OpenAIChatMessage[] = [
    ...instructionTexts(parts).map((content) => ({ role, content })),
    ...input.messages.map((m) => {
      const c = structuredClone(m);
      return c.role === "system" || c.role === "developer" ? { ...c, role } : c;
    }),
  ];
  return {
    model: input.model,
    messages,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...(input.sessionId !== undefined ? { prompt_cache_key: input.sessionId } : {}),
    ...(input.maxTokens !== undefined ? { max_completion_tokens: input.maxTokens } : {}),
  };
}

/**
 * Builds a Responses API body: `input` starts with the stable prefix, then the dynamic part (with `ephemeral`), both
 * as messages under the model's instruction role, then the conversation items; `prompt_cache_key` from `sessionId`.
 * The prompt goes into `input` rather than `instructions` so both APIs carry the same messages in the same order.
 * @returns a new body; the input is not mutated.
 * @throws PromptasmError E_ARG as openaiChatRequest.
 */
export function openaiResponsesRequest(input: OpenAIRequestInput<OpenAIResponsesInputItem>): OpenAIResponsesRequest {
  const parts = check(input, "openaiResponsesRequest");
  const role = instructionRole(input.model);
  const items: OpenAIResponsesInputItem[] = [
    ...instructionTexts(parts).map((content) => ({ role, content })),
    ...input.messages.map((m) => {
      const c = structuredClone(m) as { role?: unknown };
      return c.role === "system" || c.role === "developer" ? ({ ...c, role } as OpenAIResponsesInputItem) : (c as OpenAIResponsesInputItem);
    }),
  ];
  return {
    model: input.model,
    input: items,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...(input.sessionId !== undefined ? { prompt_cache_key: input.sessionId } : {}),
    ...(input.maxTokens !== undefined ? { max_output_tokens: input.maxTokens } : {}),
  };
}

// Amazon Bedrock Converse request bodies with a prompt-cache checkpoint. A pure function: nothing is mutated or
// sent. Shapes follow the Converse API (`POST /model/{modelId}/converse`; SystemContentBlock, Message, ContentBlock,
// InferenceConfiguration) and its CachePointBlock, `{ cachePoint: { type: "default" } }` ("default" is the only
// valid type: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html). A cache point
// closes a cacheable prefix: everything before it (tools, then system blocks) is cached and reused while it stays
// byte-identical (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html).

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";

/** A cache checkpoint block. */
export interface BedrockCachePointBlock {
  cachePoint: { type: "default" };
}

/** A system block: text, or a cache point (guardContent and others pass through as they are). */
export type BedrockSystemBlock = { text: string } | BedrockCachePointBlock | Record<string, unknown>;

/** A message content block: `{ text }`, `{ image }`, `{ toolUse }`, `{ toolResult }`, `{ cachePoint }`, … (one key each). */
export type BedrockContentBlock = Record<string, unknown>;

/** A conversation turn. */
export interface BedrockMessage {
  role: "user" | "assistant";
  content: BedrockContentBlock[];
}

/** The Converse body bedrockConverseRequest builds (modelId goes in the URL too; it is kept here for the SDKs). */
export interface BedrockConverseRequest {
  modelId: string;
  /** Stable text, a cache point, then the dynamic text. */
  system?: BedrockSystemBlock[];
  messages: BedrockMessage[];
  inferenceConfig?: { maxTokens?: number };
  toolConfig?: { tools: Array<Record<string, unknown>> };
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

/** The one cache point block shape. */
export function cachePoint(): BedrockCachePointBlock {
  return { cachePoint: { type: "default" } };
}

/**
 * Builds a Converse body: `system` is the stable prefix of the assembled prompt, a cache point, then the dynamic part
 * (text below CACHE_BOUNDARY plus `ephemeral` as `dynamic + "\n\n" + ephemeral`); the marker line is dropped and blank
 * parts are left out (no cache point without stable text). Messages and tools are deep-copied and passed through:
 * cache points the caller put in messages stay where they are (Bedrock also caps checkpoints per request, so keep
 * those few).
 * @param input.tools toolSpec entries for `toolConfig.tools`; with `cacheTools`, a cache point follows them too.
 * @throws PromptasmError E_ARG for a non-string system, non-array messages, a blank modelId or a bad maxTokens.
 * @example
 *   bedrockConverseRequest({ system: result.prompt, messages: [{ role: "user", content: [{ text: "Hi" }] }],
 *     modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 1024 });
 *   // system: [{ text: stable }, { cachePoint: { type: "default" } }, { text: dynamic }]
 */
export function bedrockConverseRequest(input: {
  system: string;
  ephemeral?: string;
  messages: readonly BedrockMessage[];
  modelId: string;
  maxTokens?: number;
  tools?: ReadonlyArray<Record<string, unknown>>;
  cacheTools?: boolean;
}): BedrockConverseRequest {
  if (input === null || typeof input !== "object" || typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object" || !Array.isArray(m.content))) fail("messages must be an array of { role, content: blocks }");
  if (typeof input.modelId !== "string" || input.modelId.trim() === "") fail("modelId must be a non-blank string");
  if (input.maxTokens !== undefined && (!Number.isInteger(input.maxTokens) || input.maxTokens <= 0)) fail(`maxTokens must be a positive integer, got ${JSON.stringify(input.maxTokens)}`);
  if (input.tools !== undefined && !Array.isArray(input.tools)) fail("tools must be an array");
  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const system: BedrockSystemBlock[] = [];
  if (stable.trim() !== "") system.push({ text: stable }, cachePoint());
  if (dynamicText.trim() !== "") system.push({ text: dynamicText });
  const tools = input.tools !== undefined && input.tools.length > 0 ? structuredClone([...input.tools]) : undefined;
  return {
    modelId: input.modelId,
    ...(system.length > 0 ? { system } : {}),
    messages: input.messages.map((m) => structuredClone(m)),
    ...(input.maxTokens !== undefined ? { inferenceConfig: { maxTokens: input.maxTokens } } : {}),
    ...(tools !== undefined ? { toolConfig: { tools: input.cacheTools ? [...tools, cachePoint() as unknown as Record<string, unknown>] : tools } } : {}),
  };
}

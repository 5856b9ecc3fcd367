// Amazon Bedrock Converse request bodies with a prompt-cache checkpoint. A pure function: nothing is mutated or
// sent. Shapes follow the Converse API (`POST /model/{modelId}/converse`; SystemContentBlock, Message, ContentBlock,
// InferenceConfiguration) and its CachePointBlock, `{ cachePoint: { type: "default" } }` ("default" is the only
// valid type: https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html). A cache point
// closes a cacheable prefix: everything before it (tools, then system blocks) is cached and reused while it stays
// byte-identical (https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html).

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { estimateTokens, minCacheableTokens, MAX_CACHE_BREAKPOINTS } from "./anthropic.js";
import { arr, canonical, isObj, maxTokensProblem, messageParts, type Obj, type Part } from "./parts.js";
import { cacheSwitches, type ProviderBuildInput, type ProviderRecord, type RequestKindSpec } from "./record.js";

/** A cache checkpoint block. `ttl` is written only for "1h" (absent means the 5-minute default). */
export interface BedrockCachePointBlock {
  cachePoint: { type: "default"; ttl?: BedrockTtl };
}

/** Checkpoint lifetimes of the CachePointBlock API: "5m" (default) and "1h". */
export type BedrockTtl = "5m" | "1h";

/** A JSON value as the Converse API carries tool inputs and JSON results (Smithy's `DocumentType`). */
export type BedrockJson = null | boolean | number | string | BedrockJson[] | { [key: string]: BedrockJson };

/** A system block as bedrockConverseRequest writes it: text, or a cache point. */
export type BedrockSystemBlock = { text: string } | BedrockCachePointBlock;

/** A block inside a tool result: text or JSON. */
export type BedrockToolResultContent = { text: string } | { json: BedrockJson };

/**
 * A message content block this module's own message type knows — one key each, as the Converse API's ContentBlock
 * union has them: `{ text }`, `{ image }`, `{ toolUse }`, `{ toolResult }`, `{ cachePoint }`. Other blocks (documents,
 * reasoning, video, …) go through the generic message type (e.g. the SDK's own `Message`).
 */
export type BedrockContentBlock =
  | { text: string }
  | { image: { format: "png" | "jpeg" | "gif" | "webp"; source: { bytes: Uint8Array } } }
  | { toolUse: { toolUseId: string; name: string; input: BedrockJson } }
  | { toolResult: { toolUseId: string; content: BedrockToolResultContent[]; status?: "success" | "error" } }
  | BedrockCachePointBlock;

/** A conversation turn. */
export interface BedrockMessage {
  role: "user" | "assistant";
  content: BedrockContentBlock[];
}

/**
 * What bedrockConverseRequest accepts as a message: a role and an array of block objects ({@link BedrockMessage} or
 * the SDK's `Message`). The body keeps the caller's message type, plus the cache points it adds.
 */
export interface BedrockMessageLike {
  role?: "user" | "assistant" | "system" | undefined;
  content?: readonly object[] | undefined;
}

/** A message as bedrockConverseRequest returns it: the caller's, with cache points possibly appended to its content. */
export type BedrockOutputMessage<M extends BedrockMessageLike> = Omit<M, "content"> & {
  content: Array<NonNullable<M["content"]>[number] | BedrockCachePointBlock>;
};

/** A tool of `toolConfig.tools`: a tool specification with its input JSON Schema. */
export interface BedrockTool {
  toolSpec: { name: string; description?: string; inputSchema: { json: BedrockJson }; strict?: boolean };
}

/**
 * The Converse body bedrockConverseRequest builds (modelId goes in the URL too; it is kept here for the SDKs).
 * Assignable to `@aws-sdk/client-bedrock-runtime`'s `ConverseCommandInput` when the message and tool types are
 * (checked by test/types/sdk.ts).
 */
export interface BedrockConverseRequest<M extends BedrockMessageLike = BedrockMessage, T extends object = BedrockTool> {
  modelId: string;
  /** Stable text, a cache point, then the dynamic text. */
  system?: BedrockSystemBlock[];
  messages: Array<BedrockOutputMessage<M>>;
  inferenceConfig?: { maxTokens?: number };
  toolConfig?: { tools: Array<T | BedrockCachePointBlock> };
}

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

/** A cache point block; with ttl "1h" it carries `ttl: "1h"`, else the default 5-minute shape. */
export function cachePoint(ttl: BedrockTtl = "5m"): BedrockCachePointBlock {
  return ttl === "1h" ? { cachePoint: { type: "default", ttl: "1h" } } : { cachePoint: { type: "default" } };
}

/**
 * The checkpoint TTLs Bedrock offers for a model, default first: ["5m", "1h"] for Claude Sonnet 4.5, Haiku 4.5 and
 * Opus 4.5 (AWS added the 1-hour TTL for exactly these on 2026-01-26, as quoted in
 * https://github.com/aws-samples/bedrock-access-gateway/issues/224 and AWS's announcement; the API reference lists
 * "5m" | "1h": https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html), else ["5m"].
 */
export function bedrockCacheTtls(modelId: string): readonly BedrockTtl[] {
  return /claude-(?:sonnet|haiku|opus)-4-5|claude-(?:sonnet|haiku|opus)-4\.5/i.test(String(modelId)) ? ["5m", "1h"] : ["5m"];
}

/**
 * Minimum tokens per checkpoint: Anthropic's per-model minimum for Claude ids (minCacheableTokens), 1,000 for Amazon
 * Nova (the model table of https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html as quoted by
 * portkey.ai/docs/integrations/llms/bedrock/prompt-caching), else 1,024.
 */
export function bedrockMinCacheTokens(modelId: string): number {
  const m = String(modelId);
  if (/claude/i.test(m)) return minCacheableTokens(m);
  return /nova/i.test(m) ? 1000 : 1024;
}

/** Most cache checkpoints per request on Bedrock: 4 (same model table). */
export const BEDROCK_MAX_CACHE_POINTS = MAX_CACHE_BREAKPOINTS;

/**
 * Builds a Converse body: `system` is the stable prefix of the assembled prompt, a cache point, then the dynamic part
 * (text below CACHE_BOUNDARY plus `ephemeral` as `dynamic + "\n\n" + ephemeral`); the marker line is dropped and blank
 * parts are left out (no cache point without stable text). Messages and tools are deep-copied and passed through.
 * @param input.tools toolSpec entries for `toolConfig.tools`; with `cacheTools`, a cache point follows them too.
 * @param input.ttl "5m" (default) or "1h"; "1h" is written only where bedrockCacheTtls(modelId) offers it, else the
 *   checkpoints keep the 5-minute default (Bedrock rejects a TTL the model lacks). One TTL for every checkpoint, so
 *   the API's rule that TTLs never increase from tools to system to messages always holds.
 * @param input.cache false: no cache point anywhere (points the caller put in messages are removed). Default true.
 * @param input.messageCachePoints how many of the newest messages get a cache point after their last block (default
 *   0, the caller's own points are kept as they are); the total stays within BEDROCK_MAX_CACHE_POINTS (4), and a point
 *   goes only where the prefix it closes reaches bedrockMinCacheTokens (counted with `countTokens`, default
 *   estimateTokens). With a count above 0 the caller's points in messages are removed first and placed anew.
 * @param input.toolResultBreakpoints false: no cache point after a message whose last block is a toolResult.
 * @throws PromptasmError E_ARG for a non-string system, non-array messages, a blank modelId, a bad maxTokens, ttl,
 *   cache or messageCachePoints.
 * @example
 *   bedrockConverseRequest({ system: result.prompt, messages: [{ role: "user", content: [{ text: "Hi" }] }],
 *     modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 1024 });
 *   // system: [{ text: stable }, { cachePoint: { type: "default" } }, { text: dynamic }]
 */
export function bedrockConverseRequest<M extends BedrockMessageLike = BedrockMessage, T extends object = BedrockTool>(input: {
  system: string;
  ephemeral?: string;
  messages: readonly M[];
  modelId: string;
  maxTokens?: number;
  tools?: readonly T[];
  cacheTools?: boolean;
  ttl?: BedrockTtl;
  cache?: boolean;
  messageCachePoints?: number;
  toolResultBreakpoints?: boolean;
  countTokens?: (text: string) => number;
}): BedrockConverseRequest<M, NoInfer<T>> {
  if (input === null || typeof input !== "object" || typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object" || !Array.isArray(m.content))) fail("messages must be an array of { role, content: blocks }");
  if (typeof input.modelId !== "string" || input.modelId.trim() === "") fail("modelId must be a non-blank string");
  const badMax = input.maxTokens === undefined ? null : maxTokensProblem(input.maxTokens, "maxTokens");
  if (badMax !== null) fail(badMax);
  if (input.tools !== undefined && !Array.isArray(input.tools)) fail("tools must be an array");
  if (input.ttl !== undefined && input.ttl !== "5m" && input.ttl !== "1h") fail(`ttl must be "5m" or "1h", got ${JSON.stringify(input.ttl)}`);
  if (input.cache !== undefined && typeof input.cache !== "boolean") fail(`cache must be true or false, got ${JSON.stringify(input.cache)}`);
  const wanted = input.messageCachePoints ?? 0;
  if (!Number.isInteger(wanted) || wanted < 0 || wanted > BEDROCK_MAX_CACHE_POINTS) {
    fail(`messageCachePoints must be an integer from 0 to ${BEDROCK_MAX_CACHE_POINTS}, got ${JSON.stringify(input.messageCachePoints)}`);
  }
  const caching = input.cache !== false;
  const ttl: BedrockTtl = input.ttl === "1h" && bedrockCacheTtls(input.modelId).includes("1h") ? "1h" : "5m";
  const point = () => cachePoint(ttl);
  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const system: BedrockSystemBlock[] = [];
  if (stable.trim() !== "") system.push(...(caching ? [{ text: stable }, point()] : [{ text: stable }]));
  if (dynamicText.trim() !== "") system.push({ text: dynamicText });
  const tools = input.tools !== undefined && input.tools.length > 0 ? structuredClone([...input.tools]) : undefined;
  const replace = !caching || wanted > 0;
  // Worked on as plain block lists (the checks above made sure every content is an array of objects).
  const messages = input.messages.map((m) => {
    const c = structuredClone(m) as unknown as { content: object[] };
    return replace ? { ...c, content: c.content.filter((b) => !(isObj(b) && "cachePoint" in b)) } : c;
  });
  if (caching && wanted > 0) {
    const count = input.countTokens ?? estimateTokens;
    const min = bedrockMinCacheTokens(input.modelId);
    let used = (stable.trim() !== "" ? 1 : 0) + (input.cacheTools && tools !== undefined ? 1 : 0);
    let prefix = (tools ?? []).reduce((n, t) => n + count(JSON.stringify(t)), 0) + count(stable) + (dynamicText.trim() !== "" ? count(dynamicText) : 0);
    const ends = messages.map((m) => {
      for (const b of m.content) prefix += count(isObj(b) && typeof b.text === "string" ? b.text : JSON.stringify(b) ?? "");
      return prefix;
    });
    for (let i = messages.length - 1, placed = 0; i >= 0 && placed < wanted && used < BEDROCK_MAX_CACHE_POINTS; i--) {
      const last = messages[i]!.content[messages[i]!.content.length - 1];
      if (last === undefined || (input.toolResultBreakpoints === false && isObj(last) && "toolResult" in last)) continue;
      if (ends[i]! < min) break; // earlier messages close even shorter prefixes
      messages[i]!.content.push(point());
      placed++; used++;
    }
  }
  return {
    modelId: input.modelId,
    ...(system.length > 0 ? { system } : {}),
    messages: messages as unknown as Array<BedrockOutputMessage<M>>,
    ...(input.maxTokens !== undefined ? { inferenceConfig: { maxTokens: input.maxTokens } } : {}),
    ...(tools !== undefined ? { toolConfig: { tools: caching && input.cacheTools ? [...tools, point()] : tools } } : {}),
  };
}

/** Tools (cache points skipped), the system blocks before the last cache point as the prefix, then messages. */
function linearizeBedrock(body: Obj): Part[] {
  const parts: Part[] = [];
  const toolConfig = isObj(body.toolConfig) ? body.toolConfig : {};
  arr(toolConfig.tools).forEach((t, i) => { if (!(isObj(t) && "cachePoint" in t)) parts.push({ label: `toolConfig.tools[${i}]`, text: canonical(t), prefix: true }); });
  const blocks = arr(body.system);
  let lastPoint = -1;
  blocks.forEach((b, i) => { if (isObj(b) && "cachePoint" in b) lastPoint = i; });
  blocks.forEach((b, i) => {
    if (isObj(b) && "cachePoint" in b) return;
    parts.push({ label: `system[${i}]`, text: isObj(b) && typeof b.text === "string" ? b.text : canonical(b), prefix: lastPoint >= 0 ? i < lastPoint : i === 0 });
  });
  arr(body.messages).forEach((m, i) => parts.push(...messageParts(`messages[${i}]`, m, false)));
  return parts;
}

/** Converse bodies: `modelId`, or system blocks of the type-less `{ text }`/`{ cachePoint }` shape (needs `messages`). */
export const BEDROCK_REQUEST_KIND: RequestKindSpec = {
  kind: "bedrock",
  description: "a Bedrock Converse request",
  priority: 10,
  detect(body) {
    const system = body.system;
    const claims = typeof body.modelId === "string" || (Array.isArray(system) && system.some((b) => isObj(b) && b.type === undefined && ("text" in b || "cachePoint" in b)));
    if (!claims) return false;
    return Array.isArray(body.messages) ? true : null;
  },
  linearize: linearizeBedrock,
  model: (body) => (typeof body.modelId === "string" ? body.modelId : null),
  tools: (body) => arr(isObj(body.toolConfig) ? body.toolConfig.tools : undefined),
};

/** Amazon Bedrock Converse in the provider registry. */
export const bedrockProvider: ProviderRecord = {
  id: "bedrock",
  name: "Amazon Bedrock Converse",
  caching: "breakpoints",
  maxBreakpoints: BEDROCK_MAX_CACHE_POINTS,
  ttls: bedrockCacheTtls,
  minCacheableTokens: bedrockMinCacheTokens,
  build: (input: ProviderBuildInput) => bedrockConverseRequest({
    system: input.system,
    messages: input.messages as BedrockMessageLike[],
    modelId: input.model,
    ...cacheSwitches(input),
    ...(input.maxTokens !== undefined ? { maxTokens: input.maxTokens } : {}),
    ...(input.tools !== undefined ? { tools: input.tools } : {}),
    ...(input.ttl === "5m" || input.ttl === "1h" ? { ttl: input.ttl } : {}),
    messageCachePoints: 3,
  }),
  requestKinds: [BEDROCK_REQUEST_KIND],
  sources: [
    "https://docs.aws.amazon.com/bedrock/latest/userguide/prompt-caching.html",
    "https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_CachePointBlock.html",
  ],
};

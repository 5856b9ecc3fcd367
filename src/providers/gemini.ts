// Gemini API request bodies with explicit context caching. Pure functions: nothing is mutated or sent.
//
// Explicit caching is two calls (https://ai.google.dev/gemini-api/docs/caching): create a CachedContent entry once
// (`POST /v1beta/cachedContents`, body: model, systemInstruction, ttl, …; the response names it
// `cachedContents/{id}`), then reference that name from each `POST /v1beta/models/{model}:generateContent` request
// (body field `cachedContent`). A request that uses a cache may not set its own systemInstruction, tools or toolConfig
// (those belong to the entry), so the dynamic part of the prompt travels in `contents`. Entries are tied to the model
// they were created for. Shapes follow the v1beta REST reference (CachedContent, GenerateContentRequest, Content).

import { PromptasmError } from "../errors.js";
import { splitAtBoundary } from "../prompt/boundary.js";
import { arr, canonical, isObj, maxTokensProblem, messageParts, type Obj, type Part } from "./parts.js";
import type { ProviderBuildInput, ProviderRecord, RequestKindSpec } from "./record.js";

/**
 * A part of a Content this module's own type knows: text, inline bytes, a file reference, a function call or its
 * response (the REST `Part` fields promptasm's callers use most). Other parts go through the generic content type
 * (e.g. `@google/genai`'s own `Content`).
 */
export type GeminiPart =
  | { text: string; thought?: boolean }
  | { inlineData: { mimeType: string; data: string } }
  | { fileData: { fileUri: string; mimeType?: string } }
  | { functionCall: { name: string; args?: Record<string, unknown>; id?: string } }
  | { functionResponse: { name: string; response: Record<string, unknown>; id?: string } };

/** A turn: role "user" or "model". */
export interface GeminiContent {
  role?: "user" | "model";
  parts: GeminiPart[];
}

/**
 * What the Gemini builders accept as a turn: an optional role and an array of part objects ({@link GeminiContent} or
 * the SDK's `Content`). The request keeps the caller's content type.
 */
export interface GeminiContentLike {
  role?: string;
  parts?: readonly object[];
}

/**
 * A turn as the builders return it: the caller's, or — when the dynamic part is merged into the first user turn of a
 * request that uses a cache entry — a user turn whose first part is that text.
 */
export type GeminiOutputContent<M extends GeminiContentLike> = M | { role: "user"; parts: Array<{ text: string } | NonNullable<M["parts"]>[number]> };

/** A tool of the Gemini API: function declarations with their JSON Schema parameters. */
export interface GeminiTool {
  functionDeclarations: Array<{ name: string; description?: string; parametersJsonSchema?: unknown }>;
}

/** Body of `cachedContents.create` as geminiCachedContent builds it. */
export interface GeminiCachedContentCreate<T extends object = GeminiTool> {
  /** "models/{model}". */
  model: string;
  /** The stable prefix (text only, as the API requires for systemInstruction). */
  systemInstruction: { parts: [{ text: string }] };
  /** Duration string in seconds, e.g. "3600s". */
  ttl: string;
  displayName?: string;
  tools?: T[];
}

/** Body of `models/{model}:generateContent` as geminiGenerateContent builds it (the REST shape). */
export interface GeminiGenerateContentRequest<M extends GeminiContentLike = GeminiContent, T extends object = GeminiTool> {
  /** "cachedContents/{id}": the entry holding the stable prefix. Absent when no cache is used. */
  cachedContent?: string;
  /** Only when no cache is used: the stable prefix, then the dynamic part, as two text parts. */
  systemInstruction?: { parts: Array<{ text: string }> };
  /** The dynamic part (first text part of the first user turn when a cache is used), then the conversation. */
  contents: Array<GeminiOutputContent<M>>;
  tools?: T[];
  generationConfig?: { maxOutputTokens?: number };
}

/**
 * The parameters of `@google/genai`'s `ai.models.generateContent` (the SDK moves systemInstruction, cachedContent,
 * tools and maxOutputTokens into `config`). Assignable to the SDK's `GenerateContentParameters` when the content and
 * tool types are (checked by test/types/sdk.ts).
 */
export interface GeminiGenerateContentParams<M extends GeminiContentLike = GeminiContent, T extends object = GeminiTool> {
  model: string;
  contents: Array<GeminiOutputContent<M>>;
  config: {
    cachedContent?: string;
    systemInstruction?: { parts: Array<{ text: string }> };
    tools?: T[];
    maxOutputTokens?: number;
  };
}

/** The parameters of `@google/genai`'s `ai.caches.create` (assignable to its `CreateCachedContentParameters`). */
export interface GeminiCachedContentParams<T extends object = GeminiTool> {
  model: string;
  config: { systemInstruction: { parts: [{ text: string }] }; ttl: string; displayName?: string; tools?: T[] };
}

/**
 * TTL written when none is given: 3,600 s, the API's own default when `ttl` is unset ("If not set, the TTL defaults
 * to 1 hour", https://ai.google.dev/gemini-api/docs/caching). Written explicitly so the entry's lifetime is visible.
 */
export const GEMINI_DEFAULT_TTL_SECONDS = 3600;

function fail(message: string): never {
  throw new PromptasmError("E_ARG", message);
}

/** "models/x" for "x" (a name that already starts with "models/" or "tunedModels/" is kept). */
export function geminiModelName(model: string): string {
  return /^(?:models|tunedModels)\//.test(model) ? model : `models/${model}`;
}

/**
 * The body of `cachedContents.create` holding the stable prefix of an assembled prompt (the text above
 * CACHE_BOUNDARY; the whole prompt when there is no boundary) as systemInstruction.
 * @param input.ttlSeconds entry lifetime in seconds, a positive integer (default GEMINI_DEFAULT_TTL_SECONDS).
 * @param input.tools cached with the entry (requests that use the entry cannot send tools of their own).
 * @throws PromptasmError E_ARG for a non-string system, a blank stable prefix (nothing to cache), a blank model or
 *   a bad ttlSeconds.
 * Note: the API refuses entries below a model's minimum token count (1,024 to 4,096 depending on the model, listed
 * on the caching page above); check the stable prefix's size before creating one.
 */
export function geminiCachedContent<T extends object = GeminiTool>(input: { system: string; model: string; ttlSeconds?: number; displayName?: string; tools?: readonly T[] }): GeminiCachedContentCreate<NoInfer<T>> {
  if (input === null || typeof input !== "object" || typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (typeof input.model !== "string" || input.model.trim() === "") fail("model must be a non-blank string");
  const ttl = input.ttlSeconds ?? GEMINI_DEFAULT_TTL_SECONDS;
  if (!Number.isInteger(ttl) || ttl <= 0) fail(`ttlSeconds must be a positive integer, got ${JSON.stringify(input.ttlSeconds)}`);
  const { stable } = splitAtBoundary(input.system);
  if (stable.trim() === "") fail("the prompt has no stable prefix to cache");
  return {
    model: geminiModelName(input.model),
    systemInstruction: { parts: [{ text: stable }] },
    ttl: `${ttl}s`,
    ...(input.displayName !== undefined ? { displayName: input.displayName } : {}),
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
  };
}

/** Input of geminiGenerateContent (and, with `model`, of geminiGenerateContentParams). */
export interface GeminiGenerateContentInput<M extends GeminiContentLike = GeminiContent, T extends object = GeminiTool> {
  system: string;
  ephemeral?: string;
  messages: readonly M[];
  cachedContent?: string;
  maxOutputTokens?: number;
  tools?: readonly T[];
}

/**
 * The body of `generateContent` for one turn.
 *
 * With `cachedContent` (the name the create call returned): the request references the entry and carries the
 * dynamic part (text below CACHE_BOUNDARY, plus `ephemeral` as `dynamic + "\n\n" + ephemeral`) as the first text
 * part of the first user turn — merged into the conversation's first turn when that is a user turn, else as a user
 * turn of its own — because such a request may not set systemInstruction. Without `cachedContent` (prefix too short
 * to cache, or no entry yet): systemInstruction holds the stable prefix, then the dynamic part, as two parts, so
 * Gemini's implicit prefix cache still sees the stable text first.
 * @param input.messages the conversation, passed through (deep-copied).
 * @param input.maxOutputTokens sets generationConfig.maxOutputTokens (a positive integer).
 * @param input.tools only without cachedContent (with it, tools belong to the entry).
 * @throws PromptasmError E_ARG for bad shapes, a cachedContent that is not "cachedContents/…", or tools together
 *   with cachedContent.
 */
export function geminiGenerateContent<M extends GeminiContentLike = GeminiContent, T extends object = GeminiTool>(input: GeminiGenerateContentInput<M, T>): GeminiGenerateContentRequest<M, NoInfer<T>> {
  if (input === null || typeof input !== "object" || typeof input.system !== "string") fail("system must be a string (an assembled prompt)");
  if (input.ephemeral !== undefined && typeof input.ephemeral !== "string") fail("ephemeral must be a string");
  if (!Array.isArray(input.messages) || input.messages.some((m) => m === null || typeof m !== "object" || !Array.isArray(m.parts))) fail("messages must be an array of { role, parts }");
  if (input.cachedContent !== undefined && (typeof input.cachedContent !== "string" || !/^cachedContents\/\S+$/.test(input.cachedContent))) {
    fail(`cachedContent must be the entry's name, "cachedContents/{id}", got ${JSON.stringify(input.cachedContent)}`);
  }
  if (input.cachedContent !== undefined && input.tools !== undefined && input.tools.length > 0) fail("tools belong to the cached-content entry when cachedContent is used");
  const badMax = input.maxOutputTokens === undefined ? null : maxTokensProblem(input.maxOutputTokens, "maxOutputTokens");
  if (badMax !== null) fail(badMax);
  const { stable, dynamic } = splitAtBoundary(input.system);
  const extra = (input.ephemeral ?? "").trim();
  const dynamicText = extra === "" ? dynamic : dynamic === "" ? extra : `${dynamic}\n\n${extra}`;
  const contents: Array<GeminiOutputContent<M>> = input.messages.map((m) => structuredClone(m));
  const generationConfig = input.maxOutputTokens !== undefined ? { generationConfig: { maxOutputTokens: input.maxOutputTokens } } : {};
  if (input.cachedContent !== undefined) {
    if (dynamicText.trim() !== "") {
      const first = contents[0];
      if (first !== undefined && (first.role ?? "user") === "user") contents[0] = { ...first, parts: [{ text: dynamicText }, ...(first.parts ?? [])] } as GeminiOutputContent<M>;
      else contents.unshift({ role: "user", parts: [{ text: dynamicText }] });
    }
    return { cachedContent: input.cachedContent, contents, ...generationConfig };
  }
  const parts = [stable, dynamicText].filter((t) => t.trim() !== "").map((text) => ({ text }));
  return {
    ...(parts.length > 0 ? { systemInstruction: { parts } } : {}),
    contents,
    ...(input.tools !== undefined && input.tools.length > 0 ? { tools: structuredClone([...input.tools]) } : {}),
    ...generationConfig,
  };
}

/**
 * geminiCachedContent's entry as the parameters of `@google/genai`'s `ai.caches.create`: the same stable prefix, TTL,
 * display name and tools, under `config`.
 * @throws PromptasmError E_ARG as geminiCachedContent.
 * @example
 *   const cache = await ai.caches.create(geminiCachedContentParams({ system: result.prompt, model: "gemini-2.5-flash" }));
 */
export function geminiCachedContentParams<T extends object = GeminiTool>(input: { system: string; model: string; ttlSeconds?: number; displayName?: string; tools?: readonly T[] }): GeminiCachedContentParams<NoInfer<T>> {
  const { model, ...config } = geminiCachedContent(input);
  return { model, config };
}

/**
 * geminiGenerateContent's body as the parameters of `@google/genai`'s `ai.models.generateContent`: `contents` as the
 * REST body has them; `cachedContent`, `systemInstruction`, `tools` and `maxOutputTokens` under `config`.
 * @param input geminiGenerateContent's input plus `model` (a model id, "models/…" or not: the SDK takes both).
 * @throws PromptasmError E_ARG as geminiGenerateContent, or when model is blank.
 * @example
 *   const response = await ai.models.generateContent(geminiGenerateContentParams({ system: result.prompt,
 *     model: "gemini-2.5-flash", messages: [{ role: "user", parts: [{ text: "Hi" }] }], cachedContent: cache.name }));
 */
export function geminiGenerateContentParams<M extends GeminiContentLike = GeminiContent, T extends object = GeminiTool>(
  input: GeminiGenerateContentInput<M, T> & { model: string },
): GeminiGenerateContentParams<M, NoInfer<T>> {
  if (input === null || typeof input !== "object" || typeof input.model !== "string" || input.model.trim() === "") fail("model must be a non-blank string");
  const { contents, generationConfig, ...rest } = geminiGenerateContent<M, T>(input);
  return { model: input.model, contents, config: { ...rest, ...(generationConfig?.maxOutputTokens !== undefined ? { maxOutputTokens: generationConfig.maxOutputTokens } : {}) } };
}

/**
 * Minimum input tokens for a cache hit per Gemini model (implicit caching) and for a cachedContents entry, from the
 * table on https://ai.google.dev/gemini-api/docs/caching (page last updated 2026-10-13): 2,048 for Gemini 2.5 Flash
 * and 2.5 Pro, 4,096 for Gemini 3.x and later. Older pages gave 1,024 (2.5 Flash) and 4,096 (2.5 Pro); the current
 * values are used. Unknown models: 4,096, the highest value in the table, so no entry is planned below a minimum.
 */
export function geminiMinCacheTokens(model: string): number {
  return /gemini-2\.5/i.test(String(model)) ? 2048 : 4096;
}

/** Gemini's TTL: any duration in seconds ("…s"); "3600s" is the API's default (GEMINI_DEFAULT_TTL_SECONDS). */
export const GEMINI_TTLS: readonly string[] = [`${GEMINI_DEFAULT_TTL_SECONDS}s`];

const hasGeminiShape = (body: Obj): boolean => Array.isArray(body.contents) || typeof body.cachedContent === "string" || isObj(body.systemInstruction);

function systemInstructionParts(body: Obj, prefix: (i: number) => boolean): Part[] {
  const si = isObj(body.systemInstruction) ? arr(body.systemInstruction.parts) : [];
  return si.map((p, i) => ({ label: `systemInstruction.parts[${i}]`, text: isObj(p) && typeof p.text === "string" ? p.text : canonical(p), prefix: prefix(i) }));
}

/** generateContent: `cachedContent` is the prefix (else the first systemInstruction part), then tools and contents. */
function linearizeGenerate(body: Obj): Part[] {
  const parts: Part[] = [];
  const cached = typeof body.cachedContent === "string";
  if (cached) parts.push({ label: "cachedContent", text: body.cachedContent as string, prefix: true });
  arr(body.tools).forEach((t, i) => parts.push({ label: `tools[${i}]`, text: canonical(t), prefix: true }));
  parts.push(...systemInstructionParts(body, (i) => !cached && i === 0));
  arr(body.contents).forEach((c, i) => parts.push(...messageParts(`contents[${i}]`, c, false, "parts")));
  return parts;
}

/** cachedContents.create: everything in the entry is the prefix. */
function linearizeCreate(body: Obj): Part[] {
  const parts: Part[] = [];
  arr(body.tools).forEach((t, i) => parts.push({ label: `tools[${i}]`, text: canonical(t), prefix: true }));
  parts.push(...systemInstructionParts(body, () => true));
  arr(body.contents).forEach((c, i) => parts.push(...messageParts(`contents[${i}]`, c, true, "parts")));
  return parts;
}

/** cachedContents.create bodies: the Gemini shape plus `model`, `ttl` or `expireTime` (only the create body has them). */
export const GEMINI_CACHE_REQUEST_KIND: RequestKindSpec = {
  kind: "gemini-cache", description: "a Gemini cachedContents.create body", priority: 20,
  detect: (body) => hasGeminiShape(body) && (body.model !== undefined || body.ttl !== undefined || body.expireTime !== undefined),
  linearize: linearizeCreate,
  model: (body) => (typeof body.model === "string" ? body.model : null),
};

/** generateContent bodies: `contents`, `cachedContent` or `systemInstruction`. */
export const GEMINI_REQUEST_KIND: RequestKindSpec = {
  kind: "gemini", description: "a Gemini generateContent request", priority: 21,
  detect: hasGeminiShape, linearize: linearizeGenerate,
  model: (body) => (typeof body.model === "string" ? body.model : null),
};

/** The Gemini API in the provider registry; `build` makes a generateContent body (geminiCachedContent makes the entry). */
export const geminiProvider: ProviderRecord = {
  id: "gemini",
  name: "Gemini API",
  caching: "cached-content",
  maxBreakpoints: null,
  ttls: () => GEMINI_TTLS,
  minCacheableTokens: geminiMinCacheTokens,
  build: (input: ProviderBuildInput) => geminiGenerateContent({
    system: input.system,
    messages: input.messages as GeminiContent[],
    ...(input.ephemeral !== undefined ? { ephemeral: input.ephemeral } : {}),
    ...(input.cachedContent !== undefined && input.cache !== false ? { cachedContent: input.cachedContent } : {}),
    ...(input.maxTokens !== undefined ? { maxOutputTokens: input.maxTokens } : {}),
    ...(input.tools !== undefined && (input.cachedContent === undefined || input.cache === false) ? { tools: input.tools } : {}),
  }),
  requestKinds: [GEMINI_CACHE_REQUEST_KIND, GEMINI_REQUEST_KIND],
  sources: ["https://ai.google.dev/gemini-api/docs/caching"],
};

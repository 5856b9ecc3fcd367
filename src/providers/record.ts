// The shape of one provider record: everything promptasm knows about a provider's prompt cache in one place — how to
// build a request, how to recognise and read its request bodies (for explainCacheBreak), which TTLs exist, how many
// breakpoints a request may carry and the minimum cacheable size. The table of records is src/providers/registry.ts;
// adding a provider is one file exporting a ProviderRecord and one line in that table (docs/providers.md).
// Types only: this file imports nothing, so every provider file can use it without an import cycle.

import type { Obj, Part } from "./parts.js";

/**
 * How a provider caches a prompt prefix:
 * - `breakpoints`: only where the request marks it (Anthropic `cache_control`, Bedrock `cachePoint`);
 * - `automatic`: any long enough prefix, no markers (OpenAI);
 * - `cached-content`: a separately created entry the request names (Gemini explicit caching).
 */
export type CacheStyle = "breakpoints" | "automatic" | "cached-content";

/** One request shape of a provider, as explainCacheBreak reads it. */
export interface RequestKindSpec {
  /** Stable id, e.g. "anthropic", "openai-chat". */
  kind: string;
  /** For messages: "an Anthropic Messages request". */
  description: string;
  /**
   * Detection order across all kinds, lowest first (built-ins use 10–60; a shape that could be mistaken for a
   * built-in one needs a lower number).
   */
  priority: number;
  /** true: the body is this kind; null: it claims the body but the body is malformed (detection stops); false: not it. */
  detect(body: Obj): boolean | null;
  /** The body's parts in cache order, the leading ones flagged as the cached prefix. */
  linearize(body: Obj): Part[];
  /** The model the body names, or null (Gemini generateContent names it in the URL). */
  model(body: Obj): string | null;
  /** The body's tool list (for telling a reorder from a change); default `body.tools`. */
  tools?(body: Obj): unknown[];
}

/**
 * Input of a record's `build`: the provider-neutral part of every request builder. Message shapes are the provider's
 * own (Anthropic blocks, OpenAI messages, Bedrock blocks, Gemini contents).
 */
export interface ProviderBuildInput {
  /** An assembled prompt, usually holding CACHE_BOUNDARY. */
  system: string;
  /** Per-request text appended to the dynamic part; never stored. */
  ephemeral?: string;
  messages: readonly unknown[];
  model: string;
  /** Output cap, a positive integer (required by Anthropic; default 1024 there when absent). */
  maxTokens?: number;
  tools?: readonly Record<string, unknown>[];
  /** Requested TTL; a value the provider does not offer for `model` falls back to its default (see resolveCacheTtl). */
  ttl?: string;
  /** false turns prompt caching off: no markers, no cache key (default true). */
  cache?: boolean;
  /** false keeps breakpoints off tool-result blocks (default true: a tool result may carry one). */
  toolResultBreakpoints?: boolean;
  /** Session id, used as a cache key where the provider has one (OpenAI `prompt_cache_key`). */
  sessionId?: string;
  /** Gemini: the cached-content entry name. */
  cachedContent?: string;
}

/**
 * The optional per-request switches of a build input, each present only when the caller set it (the builders take
 * `exactOptionalPropertyTypes`-style options): `ephemeral` text, `cache` on/off and `toolResultBreakpoints`.
 * Shared by the registry records whose builders take all three (Anthropic, Bedrock, the router).
 */
export function cacheSwitches(input: ProviderBuildInput): { ephemeral?: string; cache?: boolean; toolResultBreakpoints?: boolean } {
  return {
    ...(input.ephemeral !== undefined ? { ephemeral: input.ephemeral } : {}),
    ...(input.cache !== undefined ? { cache: input.cache } : {}),
    ...(input.toolResultBreakpoints !== undefined ? { toolResultBreakpoints: input.toolResultBreakpoints } : {}),
  };
}

/** Everything promptasm knows about one provider's prompt cache. */
export interface ProviderRecord {
  /** Stable id, e.g. "anthropic", "openrouter". */
  id: string;
  /** Display name. */
  name: string;
  caching: CacheStyle;
  /** Most cache markers one request may carry, or null when the provider takes none. */
  maxBreakpoints: number | null;
  /**
   * The TTLs the provider documents for `model`, default first ([] when the provider has no TTL choice). Values are
   * the provider's own spellings ("5m", "1h", "24h", "3600s").
   */
  ttls(model: string): readonly string[];
  /** The smallest prefix that caches for `model`, in tokens (a shorter one caches nothing, without an error). */
  minCacheableTokens(model: string): number;
  /** Builds a request body from the provider-neutral input. */
  build(input: ProviderBuildInput): unknown;
  /** The request shapes explainCacheBreak recognises for this provider (may be empty: another record's shape). */
  requestKinds: readonly RequestKindSpec[];
  /** Where the numbers above come from (documentation URLs, with third-party ones marked). */
  sources: readonly string[];
}

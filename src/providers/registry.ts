// The provider table: one ProviderRecord per provider (request builder, explainer detection, TTL rules, breakpoint
// limit, minimum cacheable size). explainCacheBreak detects request bodies from this table, and buildProviderRequest
// and resolveCacheTtl read it. Adding a provider: one file exporting a ProviderRecord, one line in PROVIDERS
// (recipe in docs/providers.md). A caller can also pass its own table (withProviders) without touching this file.

import { PromptasmError } from "../errors.js";
import { anthropicProvider } from "./anthropic.js";
import { bedrockProvider } from "./bedrock.js";
import { geminiProvider } from "./gemini.js";
import { openaiProvider } from "./openai.js";
import { openrouterProvider } from "./openrouter.js";
import type { ProviderBuildInput, ProviderRecord, RequestKindSpec } from "./record.js";

export type { CacheStyle, ProviderBuildInput, ProviderRecord, RequestKindSpec } from "./record.js";

/** The built-in providers. Order is display order only; request detection follows each kind's `priority`. */
export const PROVIDERS: readonly ProviderRecord[] = [
  anthropicProvider,
  openaiProvider,
  openrouterProvider,
  bedrockProvider,
  geminiProvider,
];

/**
 * A provider table with `extra` records added after the built-ins (a record whose id is already there replaces it).
 * @throws PromptasmError E_ARG for a record without a non-blank string id or without `build`/`ttls`/`requestKinds`.
 */
export function withProviders(extra: readonly ProviderRecord[], base: readonly ProviderRecord[] = PROVIDERS): ProviderRecord[] {
  const out = [...base];
  for (const r of extra) {
    if (r === null || typeof r !== "object" || typeof r.id !== "string" || r.id.trim() === "" || typeof r.build !== "function" || typeof r.ttls !== "function" || !Array.isArray(r.requestKinds)) {
      throw new PromptasmError("E_ARG", `a provider record needs a non-blank id, build, ttls and requestKinds, got ${JSON.stringify((r as { id?: unknown })?.id)}`);
    }
    const at = out.findIndex((p) => p.id === r.id);
    if (at >= 0) out[at] = r; else out.push(r);
  }
  return out;
}

/**
 * The record of provider `id` (compared trimmed and lower-cased).
 * @throws PromptasmError E_ARG naming the known ids when there is none.
 */
export function providerById(id: string, providers: readonly ProviderRecord[] = PROVIDERS): ProviderRecord {
  const key = String(id).trim().toLowerCase();
  const found = providers.find((p) => p.id === key);
  if (!found) throw new PromptasmError("E_ARG", `unknown provider ${JSON.stringify(id)}; known: ${providers.map((p) => p.id).join(", ")}`);
  return found;
}

/** Every request kind of a table, in detection order (lowest priority first; ties keep table order). */
export function requestKinds(providers: readonly ProviderRecord[] = PROVIDERS): RequestKindSpec[] {
  return providers.flatMap((p) => p.requestKinds).map((k, i) => ({ k, i })).sort((a, b) => a.k.priority - b.k.priority || a.i - b.i).map(({ k }) => k);
}

/** What resolveCacheTtl decided. */
export interface ResolvedTtl {
  /** The TTL to write, or null when the provider has no TTL choice for this model. */
  ttl: string | null;
  /** True when the requested TTL is not offered and the default was taken instead. */
  fellBack: boolean;
  /** One line for a log, e.g. `"1h" is not offered by bedrock for amazon.nova-pro-v1:0; using "5m"`; "" when none. */
  note: string;
}

/**
 * The TTL a request should carry: `requested` when the provider documents it for `model`, else the provider's default
 * (first of `ttls(model)`), so a 1-hour TTL is never written where only the 5-minute one exists.
 * @param requested e.g. "1h"; undefined takes the default.
 * @throws PromptasmError E_ARG for an unknown provider id.
 * @example resolveCacheTtl("bedrock", "amazon.nova-pro-v1:0", "1h") // { ttl: "5m", fellBack: true, note: … }
 */
export function resolveCacheTtl(provider: string | ProviderRecord, model: string, requested?: string, providers: readonly ProviderRecord[] = PROVIDERS): ResolvedTtl {
  const record = typeof provider === "string" ? providerById(provider, providers) : provider;
  const offered = record.ttls(model);
  const fallback = offered[0] ?? null;
  if (requested === undefined || offered.includes(requested)) return { ttl: requested ?? fallback, fellBack: false, note: "" };
  const using = fallback === null ? "no TTL (the provider has no TTL choice)" : JSON.stringify(fallback);
  return { ttl: fallback, fellBack: true, note: `${JSON.stringify(requested)} is not offered by ${record.id} for ${model}; using ${using}` };
}

/**
 * Builds a request body for provider `provider` from the provider-neutral input, with the TTL resolved first (see
 * resolveCacheTtl).
 * @throws PromptasmError E_ARG for an unknown provider id, and whatever the provider's builder throws.
 * @example buildProviderRequest("openrouter", { system: result.prompt, messages, model: "anthropic/claude-sonnet-4.5" })
 */
export function buildProviderRequest(provider: string | ProviderRecord, input: ProviderBuildInput, providers: readonly ProviderRecord[] = PROVIDERS): unknown {
  const record = typeof provider === "string" ? providerById(provider, providers) : provider;
  const { ttl } = resolveCacheTtl(record, input.model, input.ttl, providers);
  const { ttl: _requested, ...rest } = input;
  return record.build(ttl === null ? rest : { ...rest, ttl });
}

// How many chars one context file may keep, from an explicit cap, a context window or a model name.

import { PromptasmError } from "../errors.js";

/** Cap when nothing else decides: 20,000 chars, as Hermes Agent's default per context file. */
export const DEFAULT_FILE_CAP = 20_000;
/** A file may take 6% of the context window, at 4 chars per token, clamped to [20,000, 500,000] chars (Hermes). */
export const WINDOW_SHARE = 0.06;
export const CHARS_PER_TOKEN = 4;
export const MIN_WINDOW_CAP = 20_000;
export const MAX_WINDOW_CAP = 500_000;

/**
 * Context windows (tokens) of model families, matched by substring of the lower-cased model name, first match wins.
 * Sources: the providers' model pages (Anthropic: 200,000 for Claude models; OpenAI: 400,000 for gpt-5,
 * 1,047,576 for gpt-4.1, 128,000 for gpt-4o; Google: 1,048,576 for Gemini 2.x).
 */
export const CONTEXT_WINDOWS: ReadonlyArray<readonly [string, number]> = [
  ["claude", 200_000],
  ["gpt-5", 400_000],
  ["gpt-4.1", 1_047_576],
  ["gpt-4o", 128_000],
  ["gemini", 1_048_576],
];

/** The context window (tokens) known for a model name, or undefined. */
export function contextWindowOf(model: string): number | undefined {
  const m = model.toLowerCase();
  return CONTEXT_WINDOWS.find(([key]) => m.includes(key))?.[1];
}

/**
 * The per-file truncation cap in chars (UTF-16 code units).
 * An explicit `maxChars` wins; else `contextWindow` (tokens), else the model's known window, gives
 * window × 4 × 6% clamped to [20,000, 500,000]; else 20,000.
 * @throws PromptasmError E_ARG when maxChars or contextWindow is not a positive integer.
 */
export function fileCap(options: { maxChars?: number; contextWindow?: number; model?: string }): number {
  const { maxChars, contextWindow, model } = options;
  if (maxChars !== undefined) {
    if (!Number.isSafeInteger(maxChars) || maxChars <= 0) throw new PromptasmError("E_ARG", `maxChars must be a positive integer, got ${maxChars}`);
    return maxChars;
  }
  if (contextWindow !== undefined && (!Number.isSafeInteger(contextWindow) || contextWindow <= 0)) {
    throw new PromptasmError("E_ARG", `contextWindow must be a positive integer number of tokens, got ${contextWindow}`);
  }
  const window = contextWindow ?? (model ? contextWindowOf(model) : undefined);
  if (window === undefined) return DEFAULT_FILE_CAP;
  return Math.min(MAX_WINDOW_CAP, Math.max(MIN_WINDOW_CAP, Math.floor(window * CHARS_PER_TOKEN * WINDOW_SHARE)));
}

// A request body as the prefix cache sees it: an ordered list of parts (tools, system blocks, messages), each with
// the text it contributes and whether it belongs to the cached prefix. Every provider record turns its request shapes
// into parts with these helpers (src/providers/registry.ts), and explainCacheBreak compares two part lists.
// Runtime-neutral and pure.

/**
 * Largest output-token cap a request builder accepts: 128,000, the largest maximum output any of the supported
 * providers documents for a model (OpenAI's GPT-5 models: 128,000 max output tokens; Anthropic's Claude Sonnet 3.7
 * with the `output-128k-2025-02-19` beta: 128,000). A larger value (1e308, Number.MAX_SAFE_INTEGER) is a bug in the
 * caller, and providers reject it only after the request was sent.
 */
export const MAX_OUTPUT_TOKENS = 128_000;

/**
 * Why an output-token cap is refused, or null when it is a positive integer up to MAX_OUTPUT_TOKENS.
 * @param name the field as the caller named it ("maxTokens", "maxOutputTokens").
 */
export function maxTokensProblem(value: unknown, name: string): string | null {
  if (!Number.isInteger(value) || (value as number) <= 0) return `${name} must be a positive integer, got ${JSON.stringify(value) ?? String(value)}`;
  if ((value as number) > MAX_OUTPUT_TOKENS) return `${name} must be at most ${MAX_OUTPUT_TOKENS} (the largest documented max output), got ${value}`;
  return null;
}

/** A plain JSON object. */
export type Obj = Record<string, unknown>;

/** True for a non-null, non-array object. */
export const isObj = (v: unknown): v is Obj => v !== null && typeof v === "object" && !Array.isArray(v);

/** The value when it is an array, else []. */
export const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/**
 * JSON with sorted keys and every `cache_control` key left out: markers move between turns without changing the
 * cached bytes, so two bodies that differ only in where the markers sit compare equal.
 */
export function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) => {
    if (!isObj(v)) return v;
    const out: Obj = {};
    for (const k of Object.keys(v).sort()) if (k !== "cache_control") out[k] = v[k];
    return out;
  });
}

/** One part of a request in cache order. */
export interface Part {
  /** Where it is in the body, e.g. "system[0]", "messages[3].content[1]". */
  label: string;
  /** Its bytes for comparison: text blocks as their text, anything else as canonical JSON. */
  text: string;
  /** Part of the cached (stable) prefix. */
  prefix: boolean;
}

/**
 * Parts of a message's content: a string is one text part; blocks are their text (text, input_text, output_text or
 * type-less `{ text }`) or canonical JSON; Bedrock `{ cachePoint }` blocks are skipped (they hold no bytes).
 */
export function contentParts(base: string, content: unknown, prefix: boolean): Part[] {
  if (typeof content === "string") return [{ label: `${base}[0]`, text: content, prefix }];
  if (!Array.isArray(content)) return content === undefined || content === null ? [] : [{ label: base, text: canonical(content), prefix }];
  const parts: Part[] = [];
  content.forEach((b, j) => {
    if (isObj(b) && "cachePoint" in b) return;
    const textual = isObj(b) && typeof b.text === "string" && (b.type === undefined || b.type === "text" || b.type === "input_text" || b.type === "output_text");
    parts.push({ label: `${base}[${j}]`, text: textual ? (b.text as string) : canonical(b), prefix });
  });
  return parts;
}

/** Parts of one message: its role, its content (under `contentKey`), then any other keys as one canonical part. */
export function messageParts(base: string, m: unknown, prefix: boolean, contentKey = "content"): Part[] {
  if (!isObj(m)) return [{ label: base, text: canonical(m), prefix }];
  const parts: Part[] = [];
  if (typeof m.role === "string") parts.push({ label: `${base}.role`, text: m.role, prefix });
  parts.push(...contentParts(`${base}.${contentKey}`, m[contentKey], prefix));
  const rest: Obj = {};
  for (const k of Object.keys(m)) if (k !== "role" && k !== contentKey) rest[k] = m[k];
  if (Object.keys(rest).length > 0) parts.push({ label: `${base}.meta`, text: canonical(rest), prefix });
  return parts;
}

/** Tool names of a tool list (Anthropic, OpenAI, Gemini or Bedrock shapes), for the reorder check. */
export function toolNames(tools: unknown[]): string[] {
  return tools.filter((t) => !(isObj(t) && "cachePoint" in t)).map((t) => {
    if (!isObj(t)) return canonical(t);
    const spec = isObj(t.toolSpec) ? t.toolSpec : isObj(t.function) ? t.function : t;
    return typeof spec.name === "string" ? spec.name : canonical(t);
  });
}

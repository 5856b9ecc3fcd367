// Why did the prompt cache miss? explainCacheBreak compares two prompts as a provider's prefix cache would and says
// where they first differ and what that means: whether the cached (stable) prefix of the previous prompt is still a
// byte-identical prefix of the next one, the first differing offset, the section or request part it falls in, and a
// one-line reason. Inputs are two `promptasm assemble --json` objects or two request bodies of one provider (the
// shapes built in this folder, or any body of the same API). Runtime-neutral and pure.

import { PromptasmError } from "../errors.js";
import { CACHE_BOUNDARY, splitAtBoundary } from "../prompt/boundary.js";
import { isContextFile } from "../discovery/names.js";
import type { Tier } from "../sections/types.js";
import { estimateTokens } from "./anthropic.js";
import { arr, isObj, toolNames, type Obj } from "./parts.js";
import { PROVIDERS, requestKinds, type ProviderRecord, type RequestKindSpec } from "./registry.js";

/**
 * What an input is: an `assemble --json` object or a request body of one provider API — a built-in kind below, or the
 * kind id of a provider record passed in (see src/providers/registry.ts).
 */
export type CacheInputKind = "assemble" | "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "gemini-cache" | "bedrock" | (string & {});

/** Options of detectCacheInput and explainCacheBreak. */
export interface ExplainOptions {
  /** The provider table whose request kinds are recognised (default PROVIDERS; see withProviders). */
  providers?: readonly ProviderRecord[];
}

/** Reason classes, one per kind of change. */
export type CacheBreakReason =
  | "identical" // nothing differs: the cache hits
  | "dynamic-only" // only text after the cached prefix changed: the cache still hits
  | "appended" // next only adds parts (new messages) after everything in previous: the cache still hits
  | "model" // another model: caches are per model
  | "identity" // the identity section (SOUL.md or the default) changed
  | "tools" // tool sections or tool definitions changed
  | "tools-order" // the same tools in another order
  | "order" // the same sections or parts in another order
  | "sections" // a section was added or removed above the boundary
  | "file-content" // a context file's text (or how it was cut) changed above the boundary
  | "system-message" // the caller's system message changed
  | "skills" // the skills index changed
  | "builtin" // built-in guidance or style text changed (another promptasm version or overrides)
  | "environment" // the environment section changed
  | "date-time" // a date or time line in the prefix changed
  | "platform-runtime" // the platform hint or runtime block in the prefix changed
  | "memory" // the memory snapshot in the prefix changed
  | "boundary" // the cache boundary marker was added or removed
  | "ephemeral-merged" // text was appended to the cached prefix (per-request text merged above the boundary)
  | "role" // the instruction role changed (system ↔ developer)
  | "cached-content" // Gemini: another cached-content entry
  | "prefix-text"; // the stable prefix changed, no finer attribution

/** The outcome of explainCacheBreak. Offsets and lengths are UTF-16 code units. */
export interface CacheBreakExplanation {
  kind: CacheInputKind;
  /** True when the previous prompt's cached prefix is still a byte-identical prefix of the next one. */
  survives: boolean;
  identical: boolean;
  /**
   * First differing offset in the compared text, or null when identical. For `assemble` the text is `prompt`; for
   * request bodies it is the request's parts (see `part`) concatenated in cache order (tools, system, messages), with
   * text blocks as their text and other blocks as JSON with sorted keys and cache markers left out.
   */
  offset: number | null;
  /** assemble: the section the offset falls in (of the previous prompt), or the boundary marker line. */
  section: { id: string; tier: Tier | "boundary" } | null;
  /** Request bodies: the request part the offset falls in (e.g. "system[0]", "messages[3].content[0]") and the offset in its text. */
  part: { label: string; offset: number } | null;
  /** Length of the previous prompt's cached prefix (assemble: the text above the boundary; requests: the prefix parts). */
  prefixChars: number;
  /** How much of that prefix the next prompt still shares. Equal to prefixChars when `survives`. */
  sharedChars: number;
  /**
   * sharedChars in tokens: the `--json` token counts of whole sections when present, else (and for the part of a
   * section) ceil(chars / 4). Providers that cache only at breakpoints (Anthropic, Bedrock) reuse nothing up to the
   * changed block; OpenAI's and Gemini's implicit caches reuse the shared prefix.
   */
  sharedTokens: number;
  reasonClass: CacheBreakReason;
  /** One line, e.g. "file AGENTS.md changed above the boundary". */
  reason: string;
}

/** The fields of an `assemble --json` object the explainer reads. */
export interface AssembleJsonInput {
  prompt: string;
  sections: Array<{ id: string; tier: Tier; chars: number; source?: string | null; sources?: string[]; tokens?: number }>;
  boundary: number | null;
}


/**
 * What kind of input `value` is, or null when it is none of them. An object with `prompt` + `sections` is an
 * assemble --json object; anything else is tried against the request kinds of the provider table in priority order
 * (built-ins: Bedrock — `modelId` or type-less `{ text }`/`{ cachePoint }` system blocks; Gemini cachedContents.create
 * — the Gemini shape plus `model`/`ttl`/`expireTime`; Gemini generateContent — `contents`, `cachedContent` or
 * `systemInstruction`; OpenAI Responses — `input` and a `model`; Anthropic — a top-level `system`, tool_use/tool_result
 * blocks, or `max_tokens` without OpenAI's fields and roles; OpenAI Chat — any other body with `messages`).
 */
export function detectCacheInput(value: unknown, options: ExplainOptions = {}): CacheInputKind | null {
  return detectKind(value, options.providers ?? PROVIDERS)?.kind ?? null;
}

/** The assemble marker kind, or the request kind spec that claims `value`. */
function detectKind(value: unknown, providers: readonly ProviderRecord[]): { kind: string; spec: RequestKindSpec | null } | null {
  if (!isObj(value)) return null;
  if (typeof value.prompt === "string" && Array.isArray(value.sections)) {
    const ok = value.sections.every((s) => isObj(s) && typeof s.id === "string" && Number.isInteger(s.chars) && (s.chars as number) >= 0);
    return ok && (value.boundary === null || value.boundary === undefined || Number.isInteger(value.boundary)) ? { kind: "assemble", spec: null } : null;
  }
  for (const spec of requestKinds(providers)) {
    const verdict = spec.detect(value);
    if (verdict === null) return null;
    if (verdict) return { kind: spec.kind, spec };
  }
  return null;
}

/**
 * A readable name for an input kind ("an Anthropic Messages request", …), for messages; the kind id itself for a kind
 * no record describes.
 */
export function describeCacheInput(kind: CacheInputKind, options: ExplainOptions = {}): string {
  if (kind === "assemble") return "an assemble --json object";
  return requestKinds(options.providers ?? PROVIDERS).find((k) => k.kind === kind)?.description ?? String(kind);
}

function commonPrefix(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let i = 0;
  while (i < n && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

/** The nearest "## <label>" heading at or before `offset` whose label names a context file (or passes `known`). */
function fileHeadingAt(text: string, offset: number, known?: (label: string) => boolean): string | null {
  const lineEnd = text.indexOf("\n", offset);
  const upTo = text.slice(0, lineEnd === -1 ? text.length : lineEnd);
  const re = /^## (.+)$/gm;
  let found: string | null = null;
  for (let m = re.exec(upTo); m !== null; m = re.exec(upTo)) {
    const label = m[1]!.trim();
    if (known ? known(label) : isContextFile(label)) found = label;
  }
  return found;
}

/** The label in a truncation-warning line "- <path> (<label>): …" holding `offset`. */
function truncatedFileAt(text: string, offset: number): string | null {
  const start = text.lastIndexOf("\n", Math.max(0, offset - 1)) + 1;
  const end = text.indexOf("\n", offset);
  const line = text.slice(start, end === -1 ? text.length : end);
  const m = /^- .* \(([^()]+)\): /.exec(line);
  return m ? m[1]! : null;
}

const sameMultiset = (a: readonly string[], b: readonly string[]): boolean => a.length === b.length && [...a].sort().join("\u0000") === [...b].sort().join("\u0000");

// ---- assemble --json --------------------------------------------------------------------------------------------

/** Where one section's text sits in an assembled prompt: `prompt.slice(start, end)`, in UTF-16 code units. */
export interface SectionSpan { id: string; tier: Tier; start: number; end: number; sources: string[]; tokens?: number }
type Span = SectionSpan;

/**
 * Where each section sits in an assembled prompt, from the `chars` of its sections: sections are joined by a blank
 * line ("\n\n") and the CACHE_BOUNDARY line, with a blank line on each side, stands at `boundary`.
 * @param j an `assemble --json` object or an AssembledPrompt (its prompt, sections and boundary).
 * @returns one span per section in order (offsets in UTF-16 code units; `tokens` when the section carries them),
 *   or null when the counts do not add up to the prompt (it was edited after assembly) or the marker is not at
 *   `boundary`.
 * @example
 *   for (const s of sectionSpans(result) ?? []) console.log(s.id, s.tier, result.prompt.slice(s.start, s.end));
 */
export function sectionSpans(j: AssembleJsonInput): SectionSpan[] | null {
  const spans: Span[] = [];
  let at = 0;
  for (const s of j.sections) {
    spans.push({ id: s.id, tier: s.tier, start: at, end: at + s.chars, sources: Array.isArray(s.sources) ? s.sources : s.source ? [s.source] : [], ...(typeof s.tokens === "number" ? { tokens: s.tokens } : {}) });
    at += s.chars + 2;
    if (j.boundary !== null && at === j.boundary) at += CACHE_BOUNDARY.length + 2;
  }
  const end = spans.length === 0 ? 0 : spans[spans.length - 1]!.end;
  if (end !== j.prompt.length) return null;
  if (j.boundary !== null && j.prompt.slice(j.boundary, j.boundary + CACHE_BOUNDARY.length) !== CACHE_BOUNDARY) return null;
  return spans;
}

function spanAt(spans: Span[] | null, boundary: number | null, offset: number): { id: string; tier: Tier | "boundary"; span: Span | null } | null {
  if (boundary !== null && offset >= boundary && offset < boundary + CACHE_BOUNDARY.length + 2) return { id: "cache-boundary", tier: "boundary", span: null };
  if (spans === null) return null;
  let hit: Span | null = null;
  for (const s of spans) if (s.start <= offset) hit = s;
  return hit ? { id: hit.id, tier: hit.tier, span: hit } : null;
}

const TOOL_SECTIONS = new Set(["tool-guidance", "tool-use-enforcement", "tool-list"]);
const BUILTIN_SECTIONS = new Set(["guidance", "interaction-style", "tool-call-style", "execution-bias"]);

function basename(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

function explainAssemble(prev: AssembleJsonInput, next: AssembleJsonInput): CacheBreakExplanation {
  const prevStable = splitAtBoundary(prev.prompt).stable;
  const nextStable = splitAtBoundary(next.prompt).stable;
  const prevSpans = sectionSpans(prev), nextSpans = sectionSpans(next);
  const identical = prev.prompt === next.prompt;
  const offset = identical ? null : commonPrefix(prev.prompt, next.prompt);
  const survives = prevStable === nextStable && (prev.boundary === null) === (next.boundary === null);
  const prefixChars = prevStable.length;
  const sharedChars = survives ? prefixChars : Math.min(offset ?? prefixChars, prefixChars);
  // Token counts of whole sections from the --json output where present, chars/4 for the rest.
  let sharedTokens = 0;
  if (prevSpans !== null) {
    for (const s of prevSpans) {
      if (s.start >= sharedChars) break;
      const whole = s.end <= sharedChars;
      sharedTokens += whole && s.tokens !== undefined ? s.tokens : estimateTokens(prev.prompt.slice(s.start, Math.min(s.end, sharedChars)));
    }
  } else sharedTokens = estimateTokens(prevStable.slice(0, sharedChars));

  let at = offset === null ? null : spanAt(prevSpans, prev.boundary, Math.min(offset, prev.prompt.length));
  let nextAt = offset === null ? null : spanAt(nextSpans, next.boundary, Math.min(offset, next.prompt.length));
  // Text added at the very end of a section leaves the whole old section as common prefix, so the first difference
  // falls where the next section (or the boundary) starts: name the section that grew instead.
  let grewAtEnd = false;
  if (offset !== null && prevSpans !== null && nextSpans !== null) {
    let k = -1;
    for (let i = 0; i < prevSpans.length; i++) if (prevSpans[i]!.end <= offset) k = i;
    const p = prevSpans[k], q = nextSpans[k];
    if (p && q && p.id === q.id && p.start === q.start && q.end > p.end && (at === null || at.span !== p)) {
      at = { id: p.id, tier: p.tier, span: p };
      nextAt = { id: q.id, tier: q.tier, span: q };
      grewAtEnd = true;
    }
  }
  const base = { kind: "assemble" as const, survives, identical, offset, section: at ? { id: at.id, tier: at.tier } : null, part: null, prefixChars, sharedChars, sharedTokens };
  const out = (reasonClass: CacheBreakReason, reason: string): CacheBreakExplanation => ({ ...base, reasonClass, reason });

  if (identical) return out("identical", "identical prompts: cache hits");
  if (survives) return out("dynamic-only", "only the dynamic suffix changed: cache still hits");
  const noBoundary = prev.boundary === null ? " (no cache boundary: the whole prompt is the cached prefix)" : "";
  if ((prev.boundary === null) !== (next.boundary === null)) {
    return out("boundary", next.boundary === null ? "the cache boundary marker was removed (--no-cache-boundary?): the whole prompt became the prefix" : "the cache boundary marker was added");
  }
  if (prevSpans === null || nextSpans === null) {
    // The prompt was edited after assembly: section counts no longer add up.
    if (nextStable.startsWith(prevStable)) return out("ephemeral-merged", "text was appended to the stable prefix: ephemeral or per-turn text merged above the boundary");
    return out("prefix-text", "the stable prefix changed (the prompt was edited after assembly, so sections cannot be named)");
  }
  const aboveIds = (spans: Span[], boundary: number | null) => spans.filter((s) => boundary === null || s.tier !== "volatile").map((s) => s.id);
  const prevIds = aboveIds(prevSpans, prev.boundary), nextIds = aboveIds(nextSpans, next.boundary);
  if (at?.id !== nextAt?.id || prevIds.join("\n") !== nextIds.join("\n")) {
    if (sameMultiset(prevIds, nextIds) && prevIds.join("\n") !== nextIds.join("\n")) return out("order", `section order changed above the boundary (${prevIds.join(", ")} → ${nextIds.join(", ")})`);
    const added = nextIds.filter((id) => !prevIds.includes(id)), removed = prevIds.filter((id) => !nextIds.includes(id));
    const what = [added.length > 0 ? `added ${added.join(", ")}` : "", removed.length > 0 ? `removed ${removed.join(", ")}` : ""].filter((s) => s !== "").join("; ");
    if (what !== "") {
      const tools = [...added, ...removed].some((id) => TOOL_SECTIONS.has(id));
      return out(tools ? "tools" : "sections", `${tools ? "tools changed: " : ""}sections ${what} above the boundary`);
    }
  }
  const id = at?.id ?? "";
  const span = at?.span ?? null;
  const local = span ? Math.min((offset ?? 0) - span.start, span.end - span.start) : 0;
  const text = span ? prev.prompt.slice(span.start, span.end) : "";
  const nextText = nextAt?.span ? next.prompt.slice(nextAt.span.start, nextAt.span.end) : "";
  switch (id) {
    case "identity": return out("identity", "identity changed");
    case "tool-list": {
      const lines = (t: string) => t.split("\n").filter((l) => l.startsWith("- "));
      return sameMultiset(lines(text), lines(nextText)) ? out("tools-order", "tool list reordered") : out("tools", "tool list changed");
    }
    case "tool-guidance": case "tool-use-enforcement": return out("tools", `tools changed (${id})`);
    case "system-message": return out("system-message", "the caller's system message changed");
    case "skills-index": return out("skills", "skills index changed");
    case "environment": return out("environment", "environment changed");
    case "project-context": case "dynamic-context": {
      const known = (label: string) => span!.sources.some((s) => s === label || s.endsWith("/" + label));
      // A difference right at a file's heading, where the new prompt has no heading, is text added at the end of
      // the file before it.
      const atHeading = !grewAtEnd && local > 0 && text[local - 1] === "\n" && text.startsWith("## ", local) && !next.prompt.startsWith("## ", offset ?? 0);
      const file = fileHeadingAt(text, atHeading ? local - 1 : local, known);
      return out("file-content", file ? `file ${file} changed above the boundary` : "project context changed above the boundary");
    }
    case "truncation-warning": case "dynamic-truncation-warning": {
      const file = truncatedFileAt(text, local);
      return out("file-content", file ? `file ${file} changed above the boundary (it is cut differently)` : "truncation warning changed above the boundary");
    }
    case "date": case "current-time": return out("date-time", `date/time changed${noBoundary}`);
    case "platform": case "runtime": return out("platform-runtime", `platform/runtime changed${noBoundary}`);
    case "memory": return out("memory", `memory changed${noBoundary}`);
  }
  if (BUILTIN_SECTIONS.has(id)) return out("builtin", `built-in text changed (${id}): another promptasm version or overrides`);
  if (span !== null && span.sources.length === 1) return out("file-content", `file ${basename(span.sources[0]!)} changed above the boundary`);
  return out("prefix-text", `the stable prefix changed${id !== "" ? ` (section ${id})` : ""}`);
}

// ---- request bodies ---------------------------------------------------------------------------------------------

function explainRequests(spec: RequestKindSpec, prev: Obj, next: Obj): CacheBreakExplanation {
  const kind = spec.kind;
  const modelOf = (body: Obj) => spec.model(body);
  const a = spec.linearize(prev), b = spec.linearize(next);
  const prefixCount = a.filter((p) => p.prefix).length;
  const prefixChars = a.filter((p) => p.prefix).reduce((n, p) => n + p.text.length, 0);
  let i = 0, offset = 0;
  while (i < a.length && i < b.length && a[i]!.label === b[i]!.label && a[i]!.text === b[i]!.text) offset += a[i++]!.text.length;
  const sameModel = modelOf(prev) === modelOf(next);
  const identical = sameModel && i === a.length && i === b.length;
  let partOffset = 0;
  if (!identical && i < a.length && i < b.length && a[i]!.label === b[i]!.label) partOffset = commonPrefix(a[i]!.text, b[i]!.text);
  const firstOffset = identical ? null : sameModel ? offset + partOffset : 0;
  const survives = sameModel && i >= prefixCount;
  const sharedChars = survives ? prefixChars : Math.min(firstOffset ?? 0, prefixChars);
  const label = identical ? null : !sameModel ? "model" : (a[i] ?? b[i])!.label;
  const base = {
    kind, survives, identical, offset: firstOffset, section: null,
    part: label === null ? null : { label, offset: label === "model" ? 0 : partOffset },
    prefixChars, sharedChars, sharedTokens: Math.ceil(sharedChars / 4),
  };
  const out = (reasonClass: CacheBreakReason, reason: string): CacheBreakExplanation => ({ ...base, reasonClass, reason });

  if (identical) return out("identical", "identical requests: cache hits");
  if (!sameModel) return out("model", `model changed (${modelOf(prev) ?? "none"} → ${modelOf(next) ?? "none"}): caches are per model`);
  if (survives) {
    if (i === a.length) return out("appended", "only new messages appended: cache still hits");
    return out("dynamic-only", `only the dynamic suffix changed (${label}): cache still hits`);
  }
  const pa = a[i], pb = b[i];
  if (label!.startsWith("tools[") || label!.startsWith("toolConfig.tools[")) {
    const tools = (body: Obj) => (spec.tools ? spec.tools(body) : arr(body.tools));
    const na = toolNames(tools(prev)), nb = toolNames(tools(next));
    if (sameMultiset(na, nb) && na.join("\n") !== nb.join("\n")) return out("tools-order", "tool list reordered");
    return out("tools", "tools changed");
  }
  if (label === "cachedContent" || (pa?.label !== pb?.label && (pa?.label === "cachedContent" || pb?.label === "cachedContent"))) {
    const name = (body: Obj) => (typeof body.cachedContent === "string" ? body.cachedContent : "none");
    return out("cached-content", `cached-content entry changed (${name(prev)} → ${name(next)})`);
  }
  if (label!.endsWith(".role")) return out("role", `instruction role changed (${pa?.text ?? "none"} → ${pb?.text ?? "none"})`);
  if (pa !== undefined && pb !== undefined && pa.label === pb.label && pb.text.startsWith(pa.text)) {
    return out("ephemeral-merged", `text was appended to the cached prefix (${label}): ephemeral or per-turn text merged above the boundary`);
  }
  if (pa !== undefined && pb !== undefined && pa.label === pb.label) {
    const file = fileHeadingAt(pa.text, partOffset);
    if (file !== null) return out("file-content", `file ${file} changed above the boundary`);
  }
  if (pa === undefined || pb === undefined || pa.label !== pb.label) return out("order", `the request's parts changed above the boundary (${pa?.label ?? "none"} → ${pb?.label ?? "none"})`);
  return out("prefix-text", `the stable prefix changed (${label})`);
}

/**
 * Explains whether the prompt cache survives from `previous` to `next`, and if not, why.
 *
 * Both inputs must be of one kind (see detectCacheInput): two `promptasm assemble --json` objects, or two request
 * bodies of one provider API. For `assemble`, the cached prefix is the text above CACHE_BOUNDARY (the whole prompt when
 * there is none) and it survives when that text is byte-identical; the first differing offset is mapped to a section
 * through the sections' `chars`. For request bodies, the cached prefix is: tools and the system blocks up to the last
 * `cache_control` (Anthropic; the first system block when unmarked), tools and the first system/developer message
 * (OpenAI Chat; `instructions` or the first input item for Responses), `cachedContent` (Gemini; else the first
 * systemInstruction part), tools and the system blocks before the last `cachePoint` (Bedrock); the model must match.
 * Cache markers themselves are ignored: moving a breakpoint does not change the cached bytes. Request kinds come from
 * the provider table (`options.providers`, default PROVIDERS), so a provider added there is explained too.
 *
 * @returns the explanation; offsets are UTF-16 code units.
 * @throws PromptasmError E_ARG when an input is not a recognized shape, or the two are of different kinds.
 * @example
 *   const e = explainCacheBreak(JSON.parse(turn1), JSON.parse(turn2));
 *   e.survives; // false
 *   e.reason;   // "file AGENTS.md changed above the boundary"
 */
export function explainCacheBreak(previous: unknown, next: unknown, options: ExplainOptions = {}): CacheBreakExplanation {
  const providers = options.providers ?? PROVIDERS;
  const da = detectKind(previous, providers), db = detectKind(next, providers);
  if (da === null) throw new PromptasmError("E_ARG", "previous is not an assemble --json object or a provider request body");
  if (db === null) throw new PromptasmError("E_ARG", "next is not an assemble --json object or a provider request body");
  const ka = da.kind, kb = db.kind;
  if (ka !== kb) throw new PromptasmError("E_ARG", `cannot compare ${describeCacheInput(ka, options)} with ${describeCacheInput(kb, options)}`);
  if (da.spec === null) {
    const norm = (v: Obj): AssembleJsonInput => ({ prompt: v.prompt as string, sections: v.sections as AssembleJsonInput["sections"], boundary: (v.boundary as number | null | undefined) ?? null });
    return explainAssemble(norm(previous as Obj), norm(next as Obj));
  }
  return explainRequests(da.spec, previous as Obj, next as Obj);
}

/**
 * The explanation as text for people: the verdict and reason, where the first difference is, and how much of the
 * cached prefix is shared. Three lines, each ending in "\n".
 */
export function formatCacheBreak(e: CacheBreakExplanation): string {
  const verdict = e.survives ? "cached prefix survives" : "cached prefix breaks";
  let where: string;
  if (e.offset === null) where = "no difference";
  else if (e.section) where = `first difference at offset ${e.offset} (UTF-16 code units), in section ${e.section.id}${e.section.tier === "boundary" ? "" : ` (tier ${e.section.tier})`}`;
  else if (e.part) where = `first difference at offset ${e.offset} (UTF-16 code units), in ${e.part.label === "model" ? "the model" : `${e.part.label} at ${e.part.offset}`}`;
  else where = `first difference at offset ${e.offset} (UTF-16 code units)`;
  return `${verdict}: ${e.reason}\n${where}\nstable prefix: ${e.prefixChars} chars, ${e.sharedChars} shared (about ${e.sharedTokens} tokens)\n`;
}

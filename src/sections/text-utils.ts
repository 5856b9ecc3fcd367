// Small, pure text helpers shared by the section builders: normalization, one-line cuts, a locale-free name order and
// a cut that never splits a surrogate pair. Everything counts UTF-16 code units.

import type { Section, Tier } from "./types.js";

/**
 * Normalizes prompt text: drops one leading BOM, turns CRLF and lone CR into LF, strips spaces and tabs at line ends
 * and trims blank space around the whole text. The same rules as the WASM core's normalize, in JS, because section
 * builders are pure and must not need the core. Idempotent.
 * @param text any string (non-strings are treated as "").
 * @returns the normalized text, possibly "".
 */
export function normalizeText(text: unknown): string {
  if (typeof text !== "string") return "";
  let t = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  t = t.replace(/\r\n?/g, "\n").replace(/[ \t]+$/gm, "");
  return t.trim();
}

/**
 * The first line of a text after normalization, with runs of spaces and tabs inside it collapsed to one space.
 * Used for tool summaries, which must stay on one line.
 * @returns "" for blank or non-string input.
 */
export function firstLine(text: unknown): string {
  const t = normalizeText(text);
  const nl = t.indexOf("\n");
  return (nl < 0 ? t : t.slice(0, nl)).replace(/[ \t]+/g, " ").trim();
}

/**
 * The whole text folded onto one line: every run of whitespace (line breaks included) becomes one space.
 * Used for skill names, descriptions and categories, which YAML may fold over several lines.
 * @returns "" for blank or non-string input.
 */
export function foldToLine(text: unknown): string {
  return normalizeText(text).replace(/\s+/g, " ");
}

/**
 * Case-insensitive order for names, independent of locale: compares the lower-cased strings by UTF-16 code unit, and
 * breaks ties (names that differ only in case) by the original strings' code units, so "Read" sorts before "read".
 * `localeCompare` is not used: its result depends on the ICU data of the runtime.
 * @returns negative, zero or positive, as Array.prototype.sort expects.
 */
export function compareNames(a: string, b: string): number {
  const la = a.toLowerCase();
  const lb = b.toLowerCase();
  if (la !== lb) return la < lb ? -1 : 1;
  return a === b ? 0 : a < b ? -1 : 1;
}

/** Plain code-unit order (what `<` does on strings), as a sort comparator. */
export function compareCodeUnits(a: string, b: string): number {
  return a === b ? 0 : a < b ? -1 : 1;
}

/** The ellipsis appended to a cut text: U+2026, one UTF-16 code unit. */
export const ELLIPSIS = "\u2026";

/**
 * Cuts `text` to at most `max` UTF-16 code units, the ellipsis included: a longer text keeps its first `max - 1`
 * units (one fewer when that boundary would split a surrogate pair), with trailing spaces dropped, plus "…".
 * A text of at most `max` units is returned unchanged.
 * @param max at least 1 (an integer).
 */
export function cutWithEllipsis(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = Math.max(0, max - 1);
  // A high surrogate at end - 1 has its low half at end: keep neither.
  if (end > 0 && isHighSurrogate(text.charCodeAt(end - 1)) && isLowSurrogate(text.charCodeAt(end))) end -= 1;
  return text.slice(0, end).trimEnd() + ELLIPSIS;
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/**
 * Builds a section from raw text: normalizes it and returns null when nothing is left, so every builder drops an
 * empty section the same way.
 */
export function makeSection(id: string, tier: Tier, text: string, sources: string[] = [], dynamic = false): Section | null {
  const t = normalizeText(text);
  if (t === "") return null;
  const s: Section = { id, tier, text: t, sources };
  if (dynamic) s.dynamic = true;
  return s;
}

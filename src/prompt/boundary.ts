// The cache boundary: one marker line between the stable prefix of a system prompt (identity, tooling, guidance,
// skills, static context files) and its dynamic suffix (dynamic files, memory, date, platform, runtime). Provider
// prefix caches hit on a byte-identical prefix, so everything that may change between turns goes below the line.

import { PromptasmError } from "../errors.js";

/** The marker line. Our own text; a provider request builder splits on it (and drops it). */
export const CACHE_BOUNDARY = "<!-- promptasm: cache boundary (stable prefix above, dynamic text below) -->";

/**
 * Offset (UTF-16 code units) of the first CACHE_BOUNDARY that stands on a line of its own: preceded by the start of
 * the text or "\n", followed by the end of the text, "\n" or "\r\n". A copy inside a line of other text (a quoted
 * example, a code span) is not the boundary, as in OpenClaw, which only splits on the marker as a whole line.
 * @returns the offset of the marker, or -1 when there is none on its own line.
 */
export function findBoundary(prompt: string): number {
  let at = prompt.indexOf(CACHE_BOUNDARY);
  while (at !== -1) {
    const end = at + CACHE_BOUNDARY.length;
    const startOk = at === 0 || prompt.charCodeAt(at - 1) === 10;
    const endOk = end === prompt.length || prompt.charCodeAt(end) === 10 || (prompt.charCodeAt(end) === 13 && prompt.charCodeAt(end + 1) === 10);
    if (startOk && endOk) return at;
    at = prompt.indexOf(CACHE_BOUNDARY, at + 1);
  }
  return -1;
}

/**
 * Splits a prompt at the cache boundary (the first marker on its own line, see findBoundary).
 * @returns the stable prefix and the dynamic suffix without the marker line and the blank lines around it; with no
 *   boundary, the whole prompt is `stable` and `dynamic` is "" (`found` false).
 * @throws PromptasmError E_ARG when `prompt` is not a string.
 */
export function splitAtBoundary(prompt: string): { stable: string; dynamic: string; found: boolean } {
  if (typeof prompt !== "string") throw new PromptasmError("E_ARG", `splitAtBoundary: prompt must be a string, got ${prompt === null ? "null" : typeof prompt}`);
  const at = findBoundary(prompt);
  if (at === -1) return { stable: prompt, dynamic: "", found: false };
  const stable = prompt.slice(0, at).replace(/(?:\r?\n)+$/, "");
  const dynamic = prompt.slice(at + CACHE_BOUNDARY.length).replace(/^(?:\r?\n)+/, "");
  return { stable, dynamic, found: true };
}

/**
 * The prompt without its boundary marker line, for a provider or a log that has no use for it: the stable prefix and
 * the dynamic suffix joined by one blank line ("\n\n"), or whichever of the two is not empty. A prompt without a
 * marker on its own line is returned unchanged (copies inside other lines stay).
 * @example stripBoundary(`A\n\n${"<marker>"}\n\nB`) // "A\n\nB"
 */
export function stripBoundary(prompt: string): string {
  const { stable, dynamic, found } = splitAtBoundary(prompt);
  if (!found) return prompt;
  return stable === "" ? dynamic : dynamic === "" ? stable : `${stable}\n\n${dynamic}`;
}

/**
 * Adds text to the dynamic part of a prompt: right after the boundary when there is one, else at the very end —
 * never before the stable prefix, so the cached prefix stays byte-identical.
 * @param text trimmed; blank text leaves the prompt unchanged.
 */
export function addDynamicText(prompt: string, text: string): string {
  const t = text.trim();
  if (t === "") return prompt;
  const at = findBoundary(prompt);
  if (at === -1) return prompt === "" ? t : `${prompt}\n\n${t}`;
  const end = at + CACHE_BOUNDARY.length;
  const rest = prompt.slice(end).replace(/^\n+/, "");
  return `${prompt.slice(0, end)}\n\n${t}${rest === "" ? "" : `\n\n${rest}`}`;
}

/** What a copy of the marker inside a file or caller text becomes, so only the real boundary splits the prompt. */
export const QUOTED_BOUNDARY = "<!-- promptasm: cache boundary (quoted; not the boundary) -->";

/** Replaces every copy of CACHE_BOUNDARY in `text` with QUOTED_BOUNDARY. */
export function quoteBoundary(text: string): string {
  return text.split(CACHE_BOUNDARY).join(QUOTED_BOUNDARY);
}

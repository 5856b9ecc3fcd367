// The cache boundary: one marker line between the stable prefix of a system prompt (identity, tooling, guidance,
// skills, static context files) and its dynamic suffix (dynamic files, memory, date, platform, runtime). Provider
// prefix caches hit on a byte-identical prefix, so everything that may change between turns goes below the line.

/** The marker line. Our own text; a provider request builder splits on it (and drops it). */
export const CACHE_BOUNDARY = "<!-- promptasm: cache boundary (stable prefix above, dynamic text below) -->";

/**
 * Splits a prompt at the cache boundary.
 * @returns the stable prefix and the dynamic suffix without the marker line and the blank lines around it; with no
 *   boundary, the whole prompt is `stable` and `dynamic` is "" (`found` false).
 */
export function splitAtBoundary(prompt: string): { stable: string; dynamic: string; found: boolean } {
  const at = prompt.indexOf(CACHE_BOUNDARY);
  if (at === -1) return { stable: prompt, dynamic: "", found: false };
  return { stable: prompt.slice(0, at).replace(/\n+$/, ""), dynamic: prompt.slice(at + CACHE_BOUNDARY.length).replace(/^\n+/, ""), found: true };
}

/**
 * Adds text to the dynamic part of a prompt: right after the boundary when there is one, else at the very end —
 * never before the stable prefix, so the cached prefix stays byte-identical.
 * @param text trimmed; blank text leaves the prompt unchanged.
 */
export function addDynamicText(prompt: string, text: string): string {
  const t = text.trim();
  if (t === "") return prompt;
  const at = prompt.indexOf(CACHE_BOUNDARY);
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

// The one head/tail cut: every truncation in promptasm (the budgets of the assembler, a policy's own byte limit, the
// public `Promptasm.truncate`) goes through cutHeadTail, so a cut file always reads the same way and always fits its
// limit with its marker. Runtime-neutral: no I/O, no runtime globals.
//
// Units: chars are UTF-16 code units (what String.prototype.length and slice count); bytes are UTF-8 bytes as
// TextEncoder writes them (a lone surrogate counts 3, as U+FFFD).

import type { Core } from "../core/wasm.js";
import { utf8Length } from "../discovery/codex.js";
import { truncationMarker, type Truncation } from "../guard/guard.js";

/** What a cut may take: at most `chars` UTF-16 code units and, when given, at most `bytes` UTF-8 bytes. */
export interface CutLimit {
  chars: number;
  bytes?: number;
}

/** The share of the limit kept from the start (`headRatio`) and from the end (`tailRatio`); the sum is at most 1. */
export interface CutSplit {
  headRatio: number;
  tailRatio: number;
}

/** The result of cutHeadTail. */
export interface HeadTailCut {
  /** The text whole, or head + blank line + marker + blank line + tail, or head + tail when `markerOmitted`. */
  text: string;
  /** Set when the text was cut; counts are UTF-16 code units of the input. */
  truncation?: Truncation;
  /** True when the limit was too small for any marker, so head and tail were joined without one. */
  markerOmitted?: true;
}

/** Chars around the marker: a blank line before it and one after it ("\n\n" twice). */
export const MARKER_GAP_CHARS = 4;

/**
 * Most refinement rounds when fitting a marker (our bound). Each round shrinks the budget by at least the overrun, so
 * the loop ends; in the tests 1 to 3 rounds are used. Past the bound the cut is made without a marker.
 */
const MAX_ROUNDS = 32;

/**
 * Cuts `text` head/tail so that the result, marker included, fits `limit`.
 *
 * A text within the limit comes back unchanged (no `truncation`). Otherwise the head and tail are cut at points from
 * `core.truncateCuts` (never inside a surrogate pair: the pair is dropped, so a cut may keep one char fewer) with
 * `split` applied to a budget that leaves room for the marker of guard.ts and the blank lines around it
 * (MARKER_GAP_CHARS = 4), so `result.text.length <= limit.chars` and, with `limit.bytes`, the result's UTF-8 size is
 * at most `limit.bytes`. When the limit is too small for a marker at all (a 22-char cap: every marker is over 100
 * chars), head and tail are cut with `split` from the whole limit and joined without a marker: `markerOmitted` says
 * so, and callers report it.
 *
 * @param core the loaded WASM core (truncateCuts).
 * @param text the text to cut (already normalized).
 * @param limit chars (UTF-16 code units, a non-negative integer) and optionally bytes (UTF-8).
 * @param split head and tail shares, e.g. HERMES_SPLIT (70/20) or OPENCLAW_SPLIT (75/25) of guard.ts.
 * @param name the label and the path the marker names (relative paths keep a prompt independent of the checkout).
 * @returns the text to use and what was cut.
 * @throws PromptasmError E_ARG (from core.truncateCuts) for a negative or fractional limit, or ratios outside [0, 1]
 *   or summing over 1.
 * @example
 *   cutHeadTail(core, "x".repeat(1_000), { chars: 500 }, HERMES_SPLIT, { label: "AGENTS.md", path: "AGENTS.md" })
 *   // { text: 350 x + marker + 100 x (≤ 500 chars), truncation: { originalChars: 1000, headChars: 350, tailChars: 100 } }
 */
export function cutHeadTail(
  core: Core, text: string, limit: CutLimit, split: CutSplit, name: { label: string; path: string },
): HeadTailCut {
  const maxBytes = limit.bytes ?? Infinity;
  const whole = core.truncateCuts(text, limit.chars, split.headRatio, split.tailRatio);
  if (whole.headEnd === text.length && (maxBytes === Infinity || utf8Length(text) <= maxBytes)) return { text };
  // The budget is the chars head + tail may take; it starts at the whole limit and shrinks until the result fits.
  let budget = Math.min(limit.chars, maxBytes);
  for (let round = 0; round < MAX_ROUNDS && budget >= 0; round++) {
    const { headEnd, tailStart } = core.truncateCuts(text, budget, split.headRatio, split.tailRatio);
    const truncation: Truncation = { originalChars: text.length, headChars: headEnd, tailChars: text.length - tailStart };
    const out = `${text.slice(0, headEnd)}\n\n${truncationMarker(name.label, name.path, truncation)}\n\n${text.slice(tailStart)}`;
    const overChars = out.length - limit.chars;
    const bytes = maxBytes === Infinity ? 0 : utf8Length(out);
    const overBytes = maxBytes === Infinity ? 0 : bytes - maxBytes;
    if (overChars <= 0 && overBytes <= 0) return { text: out, truncation };
    // Shrink by the overrun in chars; for bytes, scale by the bytes-per-char of what was kept (at least one char).
    const byBytes = overBytes > 0 ? Math.max(1, Math.ceil(overBytes * Math.max(1, headEnd + text.length - tailStart) / Math.max(1, bytes))) : 0;
    budget -= Math.max(overChars, byBytes, 1);
  }
  return cutWithoutMarker(core, text, limit, split);
}

// Head and tail with no marker between them, for a limit too small for one.
function cutWithoutMarker(core: Core, text: string, limit: CutLimit, split: CutSplit): HeadTailCut {
  const maxBytes = limit.bytes ?? Infinity;
  let budget = Math.min(limit.chars, maxBytes);
  for (;;) {
    const { headEnd, tailStart } = core.truncateCuts(text, budget, split.headRatio, split.tailRatio);
    const out = text.slice(0, headEnd) + text.slice(tailStart);
    const overBytes = maxBytes === Infinity ? 0 : utf8Length(out) - maxBytes;
    if (overBytes <= 0 || budget === 0) {
      return { text: out, truncation: { originalChars: text.length, headChars: headEnd, tailChars: text.length - tailStart }, markerOmitted: true };
    }
    budget = Math.max(0, budget - overBytes);
  }
}

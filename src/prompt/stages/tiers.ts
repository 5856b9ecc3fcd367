// Stage 5 of assembly: tiers. Puts the sections in prompt order (stable, context, volatile; runtime last), keeps what
// the prompt mode keeps, quotes any copy of the cache boundary marker inside section text, and splits the sections
// into the part above the boundary (stable and context tiers) and the part below (volatile). Section text is made
// well-formed here (a lone surrogate from a caller's string becomes U+FFFD): the prompt then has the bytes a session
// store keeps and a UTF-8 request body carries, so the assembled prompt equals the frozen one. Runtime-neutral.

import { modeFilter, orderSections, type PromptMode } from "../../sections/builders.js";
import type { Section } from "../../sections/types.js";
import { wellFormed } from "../../util/utf8.js";
import { CACHE_BOUNDARY, quoteBoundary } from "../boundary.js";

/** Sections in prompt order, split at the cache boundary. */
export interface Tiered {
  /** Every kept section, in prompt order. */
  ordered: Section[];
  /** Stable and context tiers: the cacheable prefix. */
  above: Section[];
  /** The volatile tier: below the boundary. */
  below: Section[];
}

/**
 * The tiers stage.
 * @throws PromptasmError E_ARG for an unknown mode (from modeFilter).
 */
export function tiersStage(mode: PromptMode, sections: Array<Section | null>): Tiered {
  // A marker line inside a file or caller text would move the split point: quote it.
  const ordered = modeFilter(mode, orderSections(sections)).map((s) => {
    const text = wellFormed(s.text);
    return text.includes(CACHE_BOUNDARY) ? { ...s, text: quoteBoundary(text) } : text === s.text ? s : { ...s, text };
  });
  return { ordered, above: ordered.filter((s) => s.tier !== "volatile"), below: ordered.filter((s) => s.tier === "volatile") };
}

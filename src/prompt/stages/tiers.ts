// Stage 5 of assembly: tiers. Puts the sections in prompt order (stable, context, volatile; runtime last), keeps what
// the prompt mode keeps, quotes any copy of the cache boundary marker inside section text, and splits the sections
// into the part above the boundary (stable and context tiers) and the part below (volatile). Runtime-neutral.

import { modeFilter, orderSections, type PromptMode } from "../../sections/builders.js";
import type { Section } from "../../sections/types.js";
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
  const ordered = modeFilter(mode, orderSections(sections)).map((s) => (s.text.includes(CACHE_BOUNDARY) ? { ...s, text: quoteBoundary(s.text) } : s));
  return { ordered, above: ordered.filter((s) => s.tier !== "volatile"), below: ordered.filter((s) => s.tier === "volatile") };
}

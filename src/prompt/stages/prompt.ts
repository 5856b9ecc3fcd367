// Stage 6 of assembly: the prompt string. Sections joined by one blank line; the cache boundary marker between the
// stable prefix and the dynamic suffix when both exist. Runtime-neutral.

import { CACHE_BOUNDARY } from "../boundary.js";
import type { Tiered } from "./tiers.js";

/**
 * Joins the tiers into one system prompt.
 * @param useMarker false leaves the marker out (AssembleOptions.cacheBoundary).
 * @returns the prompt and the marker's offset in it (UTF-16 code units), or null when there is none (no marker asked
 *   for, or nothing above or below it).
 */
export function promptStage(tiers: Tiered, useMarker: boolean): { prompt: string; boundary: number | null } {
  const head = tiers.above.map((s) => s.text).join("\n\n");
  const tail = tiers.below.map((s) => s.text).join("\n\n");
  const withMarker = useMarker && tiers.above.length > 0 && tiers.below.length > 0;
  const prompt = withMarker ? `${head}\n\n${CACHE_BOUNDARY}\n\n${tail}` : [head, tail].filter((t) => t !== "").join("\n\n");
  return { prompt, boundary: withMarker ? head.length + 2 : null };
}

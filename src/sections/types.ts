// Sections and tiers: the units a system prompt is built from.

/**
 * How often a part of the prompt changes, which decides its place: stable parts first (identity, guidance), then
 * context (the caller's system message, project context files), then volatile parts (memory snapshot, date,
 * platform). Provider prefix caches hit on the longest byte-identical prefix, so the least volatile text leads.
 */
export type Tier = "stable" | "context" | "volatile";

/** The tier order in the prompt. */
export const TIERS: readonly Tier[] = ["stable", "context", "volatile"];

/** One part of the prompt. */
export interface Section {
  /** Stable id, e.g. "identity", "project-context". */
  id: string;
  tier: Tier;
  /** The text as it goes into the prompt (trimmed). */
  text: string;
  /** Files the text came from (paths as the reader saw them); empty for built-in text. */
  sources: string[];
  /**
   * True when the text depends on the clock rather than only on the inputs (the date and current-time lines): a
   * cached or frozen prompt must rebuild these sections when the time moves on. Absent means false.
   */
  dynamic?: boolean;
}

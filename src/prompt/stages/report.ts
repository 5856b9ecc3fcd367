// The assembler's report: one object created at the start of assembly and passed explicitly to each stage, which
// appends what it found or did (the guard: findings, notes, blocked files; the budget: truncations and its notes).
// Stages never write into collections they did not receive. Types and one constructor; runtime-neutral.

import type { GuardReport } from "../../guard/types.js";

/** A file that was cut head/tail or dropped by the budget. Counts are UTF-16 code units of the normalized text. */
export interface FileTruncation {
  file: string;
  path: string;
  originalChars: number;
  headChars: number;
  tailChars: number;
  dropped?: boolean;
  /** True when the budget had no room for a marker: head and tail are joined without one. */
  markerOmitted?: boolean;
}

/** What assembly reports besides the prompt: the guard's part plus the budget's cuts. */
export interface AssemblyReport extends GuardReport {
  truncations: FileTruncation[];
}

/** An empty report. */
export function newReport(): AssemblyReport {
  return { findings: [], notes: [], blocked: [], nameBlocked: new Set(), truncations: [] };
}

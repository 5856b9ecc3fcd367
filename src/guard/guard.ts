// The guard's vocabulary: the head/tail splits, the notice that stands in for a blocked file and the marker inside a
// cut one. A file with a blocking finding is withheld whole, never cleaned (file.ts, joins.ts); a clean file is
// normalized, then cut head/tail by the budget with the one cut of src/prompt/cut.ts.

import type { Finding } from "../scan/scanner.js";

/** Head/tail split of the cap: 70% head + 20% tail, as Hermes Agent truncates context files. */
export const HERMES_SPLIT = { headRatio: 0.7, tailRatio: 0.2 } as const;
/** Head/tail split of the cap: 75% head + 25% tail, as OpenClaw's bootstrap truncation. */
export const OPENCLAW_SPLIT = { headRatio: 0.75, tailRatio: 0.25 } as const;

/** What was cut from a file. Counts are UTF-16 code units of the normalized text. */
export interface Truncation {
  originalChars: number;
  headChars: number;
  tailChars: number;
}

/** The one-line notice that stands in for a blocked file. */
export function blockNotice(label: string, findings: Finding[]): string {
  const rules = [...new Set(findings.map((f) => f.rule))].join(", ");
  return `[promptasm blocked ${label}: it matched ${rules}. Its contents were not loaded.]`;
}

/** The one-line marker between the kept head and tail of a truncated file. */
export function truncationMarker(label: string, path: string, t: Truncation): string {
  const cut = t.originalChars - t.headChars - t.tailChars;
  return `[promptasm cut ${cut} chars from the middle of ${label}: kept the first ${t.headChars} and the last ${t.tailChars} of ${t.originalChars}. The full file is ${path}.]`;
}

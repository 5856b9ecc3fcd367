// The guard: what happens to one file's text before it may enter a prompt. Scan first (on the text as read, so
// finding offsets point into the file); a file with any finding is blocked whole, never cleaned. A clean file is
// normalized, then cut head/tail if it is over the cap.

import type { Core } from "../core/wasm.js";
import type { Finding, Scanner } from "../scan/scanner.js";

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

/** The outcome for one file. */
export type GuardedText =
  | { status: "blocked"; findings: Finding[]; notice: string }
  | { status: "ok"; findings: []; text: string; truncation?: Truncation };

/** What the guard needs to know about a file. */
export interface GuardInput {
  /** Short name shown in the prompt, e.g. "services/api/AGENTS.md". */
  label: string;
  /** Where the full file is (shown in the truncation marker). */
  path: string;
  text: string;
}

/** Cap and split for head/tail truncation. */
export interface TruncationPolicy {
  /** Most UTF-16 code units a file may keep (head + tail; the marker comes on top). */
  cap: number;
  headRatio: number;
  tailRatio: number;
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

/**
 * Guards one file: scan, then block or normalize and truncate.
 * @param input the file; its text is scanned as given.
 * @param policy truncation cap (UTF-16 code units) and head/tail ratios.
 * @returns "blocked" with the findings and the notice, or "ok" with the text to place (marker included when cut).
 * @throws PromptasmError E_ARG when the policy is out of range (see Core.truncateCuts).
 */
export function guardText(core: Core, scanner: Scanner, input: GuardInput, policy: TruncationPolicy): GuardedText {
  const findings = scanner.scan(input.text);
  if (findings.length > 0) return { status: "blocked", findings, notice: blockNotice(input.label, findings) };
  const text = core.normalize(input.text);
  const { headEnd, tailStart } = core.truncateCuts(text, policy.cap, policy.headRatio, policy.tailRatio);
  if (headEnd === text.length) return { status: "ok", findings: [], text };
  const truncation = { originalChars: text.length, headChars: headEnd, tailChars: text.length - tailStart };
  const marker = truncationMarker(input.label, input.path, truncation);
  return {
    status: "ok",
    findings: [],
    text: `${text.slice(0, headEnd)}\n\n${marker}\n\n${text.slice(tailStart)}`,
    truncation,
  };
}

// Output formatters: pure functions from results to text.

import type { AssembledPrompt } from "../prompt/assemble.js";
export { assembleJson } from "../prompt/json.js";
import type { Finding } from "../scan/scanner.js";
import { codePointLabel } from "../util/escape.js";

/** The rule label shown for a finding: the rule id, plus the code point for invisible characters. */
export function ruleLabel(f: Finding): string {
  return f.codePoint === undefined ? f.rule : `${f.rule} ${codePointLabel(f.codePoint)}`;
}

/**
 * A path for human output: control characters (C0, DEL, C1), line and paragraph separators and bidi controls are
 * escaped (`\n`, `\t`, `\r`, else `\xHH` / `\uHHHH`), so a file name cannot break a line or reorder what is shown.
 */
export function escapePath(path: string): string {
  return path.replace(/[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028-\u202e\u2066-\u2069]/g, (ch) => {
    if (ch === "\n") return "\\n";
    if (ch === "\t") return "\\t";
    if (ch === "\r") return "\\r";
    const c = ch.charCodeAt(0);
    return c <= 0xff ? `\\x${c.toString(16).toUpperCase().padStart(2, "0")}` : `\\u${c.toString(16).toUpperCase().padStart(4, "0")}`;
  });
}

/**
 * At most `max` UTF-16 code units of `value` (never half a surrogate pair), with "…" when cut: for echoing
 * user-supplied values in messages.
 */
export function clip(value: string, max = 80): string {
  if (value.length <= max) return value;
  let s = value.slice(0, max);
  const last = s.charCodeAt(s.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) s = s.slice(0, -1);
  return s + "…";
}

/** `message` with every quoted value ('…' or "…") longer than `max` code units clipped (see {@link clip}). */
export function clipQuoted(message: string, max = 80): string {
  return message
    .replace(/"([^"\\]*(?:\\[^][^"\\]*)*)"/g, (all, inner: string) => (inner.length > max ? `"${clip(inner, max)}"` : all))
    .replace(/'([^'\n]*)'/g, (all, inner: string) => (inner.length > max ? `'${clip(inner, max)}'` : all));
}

/**
 * Human scan output: one `path:line:col rule-id excerpt` line per finding (line and column 1-based, the column in
 * UTF-16 code units; for invisible characters the rule id is followed by the code point, `invisible-unicode
 * U+200B`); a low-severity finding (a warning: the file would load) has `(warning)` after its rule label. The path
 * is escaped (see {@link escapePath}) and the excerpt's trailing white space trimmed, so each finding is exactly one
 * line.
 */
/**
 * Findings of one rule in one file that the human format prints; the rest are counted in a note. A binary file or a
 * pasted blob can hold tens of thousands of invisible characters: past a screenful the lines say nothing new.
 * JSON and SARIF keep every finding the scanner listed.
 */
export const HUMAN_LINES_PER_RULE = 20;

/**
 * Splits one file's findings for the human format: at most `perRule` of each rule (in their order), and per rule the
 * count left out. Shapes: `{ shown, left: [{ rule, count }] }`, `left` in first-seen rule order, no zero counts.
 */
export function capPerRule<F extends { rule: string }>(findings: readonly F[], perRule = HUMAN_LINES_PER_RULE): { shown: F[]; left: { rule: string; count: number }[] } {
  const seen = new Map<string, number>();
  const shown: F[] = [];
  for (const f of findings) {
    const n = (seen.get(f.rule) ?? 0) + 1;
    seen.set(f.rule, n);
    if (n <= perRule) shown.push(f);
  }
  const left = [...seen].filter(([, n]) => n > perRule).map(([rule, n]) => ({ rule, count: n - perRule }));
  return { shown, left };
}

export function formatFindingsText(file: string, findings: readonly Finding[]): string {
  const shown = escapePath(file);
  return findings.map((f) => {
    const excerpt = f.excerpt.trimEnd();
    const warn = f.severity === "low" ? " (warning)" : "";
    return `${shown}:${f.line}:${f.column} ${ruleLabel(f)}${warn}${excerpt === "" ? "" : ` ${excerpt}`}\n`;
  }).join("");
}

/**
 * JSON-lines scan output: one object per scanned file, `{ file, findings: [{ rule, category, severity ("high" |
 * "low"), offset, line, column, language?, hiddenIn?, codePoint?, excerpt }] }` and a line feed (offsets and columns in UTF-16 code units). `file` is the path as given,
 * unescaped.
 */
export function formatFindingsJson(file: string, findings: readonly Finding[]): string {
  return JSON.stringify({
    file,
    findings: findings.map((f) => ({
      rule: f.rule, category: f.category, severity: f.severity, offset: f.offset, line: f.line, column: f.column,
      ...(f.language !== undefined ? { language: f.language } : {}), ...(f.hiddenIn !== undefined ? { hiddenIn: f.hiddenIn } : {}),
      ...(f.codePoint !== undefined ? { codePoint: f.codePoint } : {}), excerpt: f.excerpt,
    })),
  }) + "\n";
}

/** Counts for the summary line of a scan (see {@link formatScanSummary}). */
export interface ScanSummary {
  /** Files scanned, and their size in bytes. */
  files: number;
  bytes: number;
  findings: number;
  /** Of the findings, how many are low-severity (warnings). */
  warnings?: number;
  filesWithFindings: number;
  /** Files skipped as binary (a NUL byte in the first 8 KiB), and over --max-bytes. */
  binary: number;
  tooLarge: number;
  /** Paths that could not be scanned (missing, unreadable, loops). */
  errors: number;
  /** Wall-clock time of the scan in milliseconds, and the worker threads that ran it. */
  ms: number;
  threads: number;
  /** Symlinks not followed because they lead outside every path given (see --follow-symlinks). */
  outside?: number;
}

const count = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** Bytes as decimal megabytes (10^6 bytes) with one decimal: "16.6 MB". */
export function megabytes(bytes: number): string {
  return `${(bytes / 1e6).toFixed(1)} MB`;
}

/**
 * The summary line `scan` prints on stderr after walking a directory, e.g. "promptasm: 1,298 files scanned
 * (16.6 MB) in 2.3 s on 2 threads: 5,120 findings in 301 files; 3 binary files skipped; 1 error".
 */
export function formatScanSummary(s: ScanSummary): string {
  const parts = [`${count(s.files, "file")} scanned (${megabytes(s.bytes)}) in ${(s.ms / 1000).toFixed(1)} s on ${count(s.threads, "thread")}: ` +
    (s.findings === 0 ? "no findings" : `${count(s.findings, "finding")}${(s.warnings ?? 0) > 0 ? ` (${count(s.warnings!, "warning")})` : ""} in ${count(s.filesWithFindings, "file")}`)];
  if (s.binary > 0) parts.push(`${count(s.binary, "binary file")} skipped`);
  if (s.tooLarge > 0) parts.push(`${count(s.tooLarge, "file")} over --max-bytes skipped`);
  if ((s.outside ?? 0) > 0) parts.push(`${count(s.outside!, "symlink")} to outside the scanned roots skipped`);
  if (s.errors > 0) parts.push(count(s.errors, "error"));
  return `promptasm: ${parts.join("; ")}\n`;
}

/** What the progress bar shows (see {@link formatProgress}). */
export interface ProgressView {
  filesDone: number;
  filesFound: number;
  bytesDone: number;
  bytesFound: number;
  findings: number;
  /** True while directories are still being walked: the totals may grow ("+" after them). */
  walking: boolean;
  /** Estimated seconds left, or null while unknown. */
  etaSeconds: number | null;
  /** Width of the bar itself in cells. */
  barWidth: number;
}

/** "42s", "3m 05s", "1h 02m". */
export function formatEta(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m ${String(s % 60).padStart(2, "0")}s`;
  return `${Math.floor(s / 3600)}h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
}

/**
 * One progress-bar line: the bar (share of bytes done), files, megabytes, findings and the time left, e.g.
 * "██████░░░░ 60% 780/1,298 files 9.9/16.6 MB 12 findings ETA 2s". While the walk goes on, the totals carry a "+".
 */
export function formatProgress(p: ProgressView): string {
  const share = p.bytesFound > 0 ? Math.min(1, p.bytesDone / p.bytesFound) : p.filesFound > 0 ? Math.min(1, p.filesDone / p.filesFound) : 0;
  const full = Math.round(share * p.barWidth);
  const more = p.walking ? "+" : "";
  const bar = "\u2588".repeat(full) + "\u2591".repeat(p.barWidth - full);
  const eta = p.etaSeconds === null || !Number.isFinite(p.etaSeconds) ? "--" : formatEta(p.etaSeconds);
  return `${bar} ${Math.floor(share * 100)}% ${p.filesDone.toLocaleString("en-US")}/${p.filesFound.toLocaleString("en-US")}${more} files ` +
    `${(p.bytesDone / 1e6).toFixed(1)}/${(p.bytesFound / 1e6).toFixed(1)}${more} MB ${count(p.findings, "finding")} ETA ${eta}`;
}

/** Human summary of an assembly for stderr: blocked files, truncations and notes, one per line. */
export function assembleSummary(r: AssembledPrompt, root?: string): string {
  const lines: string[] = [];
  const blocked = new Map<string, Set<string>>();
  for (const f of r.findings) (blocked.get(f.file) ?? blocked.set(f.file, new Set()).get(f.file)!).add(ruleLabel(f));
  for (const b of r.blocked) lines.push(`promptasm: blocked ${escapePath(b.file)} (${b.rules.join(", ")}); after review, allow it with sha256 ${b.sha256}`);
  for (const [file, rules] of blocked) {
    if (r.blocked.some((b) => b.file === file)) continue;
    lines.push(`promptasm: ${r.findings.find((f) => f.file === file)!.action} ${escapePath(file)} (${[...rules].join(", ")})`);
  }
  for (const t of r.truncations) {
    lines.push(t.dropped
      ? `promptasm: dropped ${escapePath(t.file)} (the total budget ran out)`
      : `promptasm: cut ${escapePath(t.file)} from ${t.originalChars} to ${t.headChars}+${t.tailChars} chars (head+tail)`);
  }
  // Notes name absolute paths (discovery's); shown relative to the root, as the lines above name files.
  for (const n of r.notes) lines.push(`promptasm: note: ${escapePath(root === undefined ? n.message : relativeToRoot(root, n.message))}`);
  lines.push(`promptasm: ${r.chars} chars in ${r.sections.length} sections (${r.sections.map((s) => s.id).join(", ")}); context: ${r.contextKind}`);
  return lines.join("\n") + "\n";
}

/**
 * `text` with every absolute path under `root` written relative to it (`/repo/docs/a.md` → `docs/a.md`, `/repo`
 * itself → `.`), as assemble names files (labels are relative to the project root); paths elsewhere (the home
 * directory, a symlink's target outside) stay absolute. A root of "/" changes nothing.
 * @example relativeToRoot("/repo", "/repo/a/CLAUDE.md: not loaded") // "a/CLAUDE.md: not loaded"
 */
export function relativeToRoot(root: string, text: string): string {
  const r = root.replace(/\/+$/, "");
  if (r === "") return text;
  const escaped = r.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  // A path starts the text or follows a space, quote or bracket; it ends the root at a "/" or at its own end.
  return text.replace(new RegExp(`(^|[\\s"'(\\[])${escaped}(/|(?![^\\s:,;)\\]"']))`, "g"), (_m, before: string, slash: string) => `${before}${slash === "/" ? "" : "."}`);
}

/**
 * What a note says, after "<path>: ", when a file the prompt would have held was skipped unread: the byte-level
 * skips of discovery (src/discovery/read.ts readCandidate, listSorted, notRegularNote) and of the home files
 * (src/prompt/stages/discover.ts readText, which passes a reader's error on as it is: NodeWorkspaceReader's
 * "is a directory", "not a regular file" or "<reason> (ECODE)").
 */
const UNREAD_NOTES: readonly RegExp[] = [
  /^skipped, binary /, /^skipped, \d+ bytes is over the \d+-byte limit$/, /^skipped, unreadable: /, /^skipped, not a regular file /,
  /^binary file \(\d+ bytes\), skipped$/, /^\d+ bytes is over the \d+-byte read limit, skipped$/,
  /^is a directory$/, /^not a regular file$/, /\(E[A-Z]+\)$/,
];

/**
 * The notes of an assembled prompt about files skipped unread (UNREAD_NOTES: binary, over the byte limit, unreadable,
 * not a regular file), which the prompt lacks though the workspace or home has them. Skips a policy decides on
 * (shadowed, duplicate, not attached, a link out of the workspace, a broken link) are not among them: the agent
 * would not load those either.
 */
export function skippedUnread(r: Pick<AssembledPrompt, "notes">): AssembledPrompt["notes"] {
  return r.notes.filter((n) => n.reason === undefined && n.path !== "" && n.message.startsWith(`${n.path}: `)
    && UNREAD_NOTES.some((p) => p.test(n.message.slice(n.path.length + 2))));
}

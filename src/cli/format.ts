// Output formatters: pure functions from results to text.

import type { AssembledPrompt } from "../prompt/assemble.js";
export { assembleJson } from "../prompt/json.js";
import type { Finding } from "../scan/scanner.js";

/** The rule label shown for a finding: the rule id, plus the code point for invisible characters. */
export function ruleLabel(f: Finding): string {
  return f.codePoint === undefined ? f.rule : `${f.rule} U+${f.codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
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
 * Human scan output: one `path:line:col rule-id  excerpt` line per finding. The path is escaped (see
 * {@link escapePath}) and the excerpt's trailing white space trimmed, so each finding is exactly one line.
 */
export function formatFindingsText(file: string, findings: Finding[]): string {
  const shown = escapePath(file);
  return findings.map((f) => {
    const excerpt = f.excerpt.trimEnd();
    return `${shown}:${f.line}:${f.column} ${ruleLabel(f)}${excerpt === "" ? "" : `  ${excerpt}`}\n`;
  }).join("");
}

/** JSON-lines scan output: one object per file. */
export function formatFindingsJson(file: string, findings: Finding[]): string {
  return JSON.stringify({
    file,
    findings: findings.map((f) => ({
      rule: f.rule, category: f.category, offset: f.offset, line: f.line, column: f.column,
      ...(f.codePoint !== undefined ? { codePoint: f.codePoint } : {}), excerpt: f.excerpt,
    })),
  }) + "\n";
}


/** Human summary of an assembly for stderr: blocked files, truncations and notes, one per line. */
export function assembleSummary(r: AssembledPrompt): string {
  const lines: string[] = [];
  const blocked = new Map<string, Set<string>>();
  for (const f of r.findings) (blocked.get(f.file) ?? blocked.set(f.file, new Set()).get(f.file)!).add(ruleLabel(f));
  for (const b of r.blocked) lines.push(`promptasm: blocked ${escapePath(b.file)} (${b.rules.join(", ")}); after review, allow it with sha256 ${b.sha256}`);
  for (const [file, rules] of blocked) if (!r.blocked.some((b) => b.file === file)) lines.push(`promptasm: ${r.findings.find((f) => f.file === file)!.action} ${escapePath(file)} (${[...rules].join(", ")})`);
  for (const t of r.truncations) lines.push(t.dropped ? `promptasm: dropped ${escapePath(t.file)} (the total budget ran out)` : `promptasm: cut ${escapePath(t.file)} from ${t.originalChars} to ${t.headChars}+${t.tailChars} chars (head+tail)`);
  for (const n of r.notes) lines.push(`promptasm: note: ${escapePath(n.message)}`);
  lines.push(`promptasm: ${r.chars} chars in ${r.sections.length} sections (${r.sections.map((s) => s.id).join(", ")}); context: ${r.contextKind}`);
  return lines.join("\n") + "\n";
}

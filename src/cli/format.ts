// Output formatters: pure functions from results to text.

import type { AssembledPrompt } from "../prompt/assemble.js";
import type { Finding } from "../scan/scanner.js";

/** The rule label shown for a finding: the rule id, plus the code point for invisible characters. */
export function ruleLabel(f: Finding): string {
  return f.codePoint === undefined ? f.rule : `${f.rule} U+${f.codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

/** Human scan output: one `path:line:col rule-id  excerpt` line per finding. */
export function formatFindingsText(file: string, findings: Finding[]): string {
  return findings.map((f) => `${file}:${f.line}:${f.column} ${ruleLabel(f)}  ${f.excerpt}\n`).join("");
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

/** The `assemble --json` object. */
export function assembleJson(r: AssembledPrompt): object {
  return {
    prompt: r.prompt,
    sections: r.sections.map(({ id, tier, source, chars }) => ({ id, tier, source, chars })),
    findings: r.findings.map((f) => ({ file: f.file, path: f.path, rule: f.rule, offset: f.offset, line: f.line, column: f.column, ...(f.codePoint !== undefined ? { codePoint: f.codePoint } : {}) })),
    truncations: r.truncations.map(({ file, path, originalChars, headChars, tailChars }) => ({ file, path, originalChars, headChars, tailChars })),
    notes: r.notes,
    contextKind: r.contextKind,
    cap: r.cap,
    chars: r.chars,
  };
}

/** Human summary of an assembly for stderr: blocked files, truncations and notes, one per line. */
export function assembleSummary(r: AssembledPrompt): string {
  const lines: string[] = [];
  const blocked = new Map<string, Set<string>>();
  for (const f of r.findings) (blocked.get(f.file) ?? blocked.set(f.file, new Set()).get(f.file)!).add(ruleLabel(f));
  for (const [file, rules] of blocked) lines.push(`promptasm: blocked ${file} (${[...rules].join(", ")})`);
  for (const t of r.truncations) lines.push(`promptasm: cut ${t.file} from ${t.originalChars} to ${t.headChars}+${t.tailChars} chars (head+tail)`);
  for (const n of r.notes) lines.push(`promptasm: note: ${n.message}`);
  lines.push(`promptasm: ${r.chars} chars in ${r.sections.length} sections (${r.sections.map((s) => s.id).join(", ")}); context: ${r.contextKind}`);
  return lines.join("\n") + "\n";
}

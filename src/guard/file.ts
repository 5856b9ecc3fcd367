// The guard for one text: scan it (and its name), then block, warn or allow by the caller's exemptions. A file with a
// blocking finding is withheld whole, never cleaned; a clean or exempt one is normalized by the core. Runtime-neutral.

import type { Core } from "../core/wasm.js";
import type { RuleScope } from "../scan/rules.js";
import type { Scanner } from "../scan/scanner.js";
import { oneLine } from "../util/escape.js";
import { sha256Hex } from "../util/hash.js";
import { blockNotice } from "./guard.js";
import type { FileFinding, GuardPolicy, GuardReport } from "./types.js";

/** The `file` and `path` of findings in the memory provider's block (AssembleOptions.externalMemory). */
export const EXTERNAL_MEMORY_LABEL = "externalMemory";

/**
 * Guards one file: scans its label (at the "context" scope; a hit blocks it, never exempt, and its notice withholds
 * the name) and its text at `scope`. No finding: the normalized text. Only low-severity findings (and not
 * `policy.warningsBlock`): loaded with a warning note. Otherwise blocked, unless the label is user-authored (warned)
 * or has an allow entry with the text's SHA-256 listing every rule found (allowed). Exemptions match a label only
 * where it comes from: "home/…" labels only for `origin` "home", others only for "workspace", so a repository cannot
 * claim a home label. Findings, notes and blocked entries are appended to `report`.
 * @returns the normalized text to use, or null when blocked (blockedNotice goes in its place).
 */
export async function guardFile(
  core: Core, scanner: Scanner, policy: GuardPolicy, report: GuardReport,
  file: { label: string; path: string; text: string; scope: RuleScope; origin: "home" | "workspace" },
): Promise<string | null> {
  const { label, path, text, scope, origin } = file;
  const labelFits = (origin === "home") === label.startsWith("home/");
  // A file or directory name reaches the prompt in headings and markers: it is scanned too, and never exempt.
  const inName = scanner.scan(label, { scope: "context" });
  if (inName.length > 0) {
    for (const f of inName) report.findings.push({ ...f, file: label, path, action: "blocked", inName: true });
    report.nameBlocked.add(path);
    report.blocked.push({ file: label, path, rules: [...new Set(inName.map((f) => f.rule))], sha256: await sha256Hex(text) });
    return null;
  }
  const result = scanner.scanDetailed(text, { scope });
  for (const s of result.suppressed) report.notes.push({ path, message: `${path}: ${s.count} more ${s.rule} findings not listed` });
  if (result.findings.length === 0) return core.normalize(text);
  const rules = [...new Set(result.findings.map((f) => f.rule))];
  // Only high-severity findings block (grade.ts); low ones are warnings unless the caller makes warnings block.
  if (!policy.warningsBlock && result.findings.every((f) => f.severity === "low")) {
    for (const f of result.findings) report.findings.push({ ...f, file: label, path, action: "warned" });
    report.notes.push({ path, message: `${path}: low-severity findings (${rules.join(", ")}): loaded with a warning` });
    return core.normalize(text);
  }
  let action: FileFinding["action"] = "blocked";
  let sha256: string | undefined;
  if (labelFits && policy.userAuthored.has(label)) action = "warned";
  else if (labelFits && policy.allow.some((a) => a.file === label)) {
    sha256 = await sha256Hex(text);
    const entry = policy.allow.find((a) => a.file === label && a.sha256.toLowerCase() === sha256);
    if (entry && rules.every((r) => entry.rules.includes(r))) action = "allowed";
    else report.notes.push({ path, message: `${path}: allow entry for ${label} does not match (the file changed, or it has findings of other rules); blocked` });
  }
  for (const f of result.findings) report.findings.push({ ...f, file: label, path, action });
  if (action === "warned") report.notes.push({ path, message: `${path}: user-authored file with findings (${rules.join(", ")}): loaded with a warning` });
  if (action !== "blocked") return core.normalize(text);
  report.blocked.push({ file: label, path, rules, sha256: sha256 ?? (await sha256Hex(text)) });
  return null;
}

/**
 * Guards the memory provider's block: agent memory like MEMORY.md, scanned at the "strict" scope. Low-severity
 * findings only (and not warningsBlock): loaded with a warning; any other finding withholds it. Never exempt.
 * Findings are filed under EXTERNAL_MEMORY_LABEL.
 * @returns the text, or null when withheld.
 */
export function guardExternal(scanner: Scanner, policy: GuardPolicy, report: GuardReport, text: string): string | null {
  const label = EXTERNAL_MEMORY_LABEL;
  const result = scanner.scanDetailed(text, { scope: "strict" });
  for (const s of result.suppressed) report.notes.push({ path: label, message: `${label}: ${s.count} more ${s.rule} findings not listed` });
  if (result.findings.length === 0) return text;
  const rules = [...new Set(result.findings.map((f) => f.rule))];
  if (!policy.warningsBlock && result.findings.every((f) => f.severity === "low")) {
    for (const f of result.findings) report.findings.push({ ...f, file: label, path: label, action: "warned" });
    report.notes.push({ path: label, message: `${label}: low-severity findings (${rules.join(", ")}): loaded with a warning` });
    return text;
  }
  for (const f of result.findings) report.findings.push({ ...f, file: label, path: label, action: "blocked" });
  report.notes.push({ path: label, message: `${label}: the memory provider's block matched ${rules.join(", ")}: withheld` });
  return null;
}

/** The notice that stands in for a blocked file; a file blocked for its name does not repeat the name. */
export function blockedNotice(report: GuardReport, label: string, path: string): string {
  const own = report.findings.filter((f) => f.path === path || f.spansPaths?.includes(path) === true);
  if (!report.nameBlocked.has(path)) return blockNotice(oneLine(label), own);
  return `[promptasm blocked a file whose name matched ${[...new Set(own.map((f) => f.rule))].join(", ")}: its name and contents were withheld.]`;
}

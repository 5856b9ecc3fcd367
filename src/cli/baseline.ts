// Scan baselines: a file of known, reviewed findings that `promptasm scan --baseline FILE` does not report and that do
// not fail the run, so CI fails only on new findings (the practice of gitleaks' and semgrep's baselines).
// `--write-baseline FILE` writes the current findings in the same format.
//
// A finding is known by three things: its rule id, its file (the path relative to the baseline file's own directory,
// "/"-separated, so the baseline works from any working directory) and a hash of its matched text (from where the
// match starts to the end of its line, at most 60 code units, secrets redacted; see findingHash), not its line: text
// moving up or down keeps its findings known, while an edit of the matched text itself makes a new finding. Entries are a multiset: two identical findings in one file need
// two entries, so a copy of a known finding is still new.
//
// The file (version 1):
//   { "version": 1, "tool": "promptasm",
//     "findings": [{ "rule": "ignore-instructions", "file": "docs/AGENTS.md", "hash": "<32 hex digits>", "line": 3,
//                    "reason"?: "a security guide that quotes attacks" }] }
// `line` is where the finding was when the baseline was written, for a reader; matching ignores it. `reason` is for
// the reviewer and is kept as written.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, sep } from "node:path";
import { describeFsError } from "../adapters/node/reader.js";
import { PromptasmError } from "../errors.js";
import type { FindingRegion } from "../adapters/fleet/scan-job.js";
import { INVISIBLE_RULE_ID } from "../scan/rules.js";
import type { Finding } from "../scan/scanner.js";
import { escapePath } from "./format.js";
import { redactSecrets } from "./redact.js";

/** The format version this promptasm reads and writes. */
export const BASELINE_VERSION = 1;

/** Hex digits of a baseline hash: 32 (128 bits of SHA-256), as SARIF's partial fingerprint uses. */
export const BASELINE_HASH_HEX = 32;

/** One known finding. */
export interface BaselineEntry {
  rule: string;
  /** Path relative to the baseline file's directory, "/"-separated; "<stdin>" for standard input. */
  file: string;
  /** {@link findingHash} of the finding. */
  hash: string;
  /** Its line when the baseline was written (1-based; informational). */
  line?: number;
  /** Why it was accepted (informational). */
  reason?: string;
}

/**
 * The content hash of a finding: the first 32 hex digits of the SHA-256 of its rule id and its matched text with
 * trailing white space trimmed and secrets redacted (redactSecrets: the hash never depends on a secret's hidden part,
 * and `--no-redact` does not change it). The matched text is the region's snippet when one is given (for a file read
 * whole: from the match to the end of its line, at most 60 code units; see FindingRegion), so what follows on the
 * next lines does not count; else, and for an invisible character (whose region is the character alone), the
 * excerpt: the 60 code units from the match.
 */
export function findingHash(f: Pick<Finding, "rule" | "excerpt" | "category">, region?: Pick<FindingRegion, "snippet">): string {
  const text = region !== undefined && f.rule !== INVISIBLE_RULE_ID ? region.snippet : f.excerpt;
  const shown = redactSecrets(text.trimEnd(), { secret: f.category === "secret" }).text;
  return createHash("sha256").update(`${f.rule}\u0000${shown}`, "utf8").digest("hex").slice(0, BASELINE_HASH_HEX);
}

/**
 * How a file is named in a baseline kept in `baseDir`: its path relative to that directory with "/" separators; a
 * file outside it keeps its absolute path (also "/"-separated).
 */
export function baselinePath(baseDir: string, path: string): string {
  const rel = relative(baseDir, path);
  const shown = rel === "" || isAbsolute(rel) ? path : rel;
  return sep === "/" ? shown : shown.split(sep).join("/");
}

/**
 * Parses a baseline file's text.
 * @param text the file's contents (JSON; a leading BOM is ignored).
 * @param source the file's name, put in front of every error.
 * @returns its entries, in file order.
 * @throws PromptasmError E_BASELINE naming the source and the problem: not JSON, not an object, a version other than
 *   1, unknown keys, `findings` not an array, an entry without a rule, file or 32-hex-digit hash.
 */
export function parseBaseline(text: string, source: string): BaselineEntry[] {
  const fail = (what: string): never => { throw new PromptasmError("E_BASELINE", `baseline ${source}: ${what}`); };
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return fail(`not valid JSON (${(e as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("must be a JSON object { version, tool, findings }");
  const o = raw as Record<string, unknown>;
  for (const key of Object.keys(o)) if (!["version", "tool", "findings"].includes(key)) fail(`unknown key ${JSON.stringify(key)} (expected version, tool, findings)`);
  if (o.version !== BASELINE_VERSION) fail(`version must be ${BASELINE_VERSION}, got ${JSON.stringify(o.version) ?? "none"} (written by another promptasm version?)`);
  if (o.tool !== undefined && o.tool !== "promptasm") fail(`tool must be "promptasm", got ${JSON.stringify(o.tool)}`);
  if (!Array.isArray(o.findings)) return fail("findings must be an array");
  return o.findings.map((e, i): BaselineEntry => {
    const where = `findings[${i}]`;
    if (typeof e !== "object" || e === null || Array.isArray(e)) return fail(`${where} must be an object { rule, file, hash }`);
    const x = e as Record<string, unknown>;
    for (const key of Object.keys(x)) if (!["rule", "file", "hash", "line", "reason"].includes(key)) fail(`${where}: unknown key ${JSON.stringify(key)}`);
    for (const key of ["rule", "file"] as const) if (typeof x[key] !== "string" || x[key] === "") fail(`${where}.${key} must be a non-empty string`);
    if (typeof x.hash !== "string" || !new RegExp(`^[0-9a-f]{${BASELINE_HASH_HEX}}$`).test(x.hash)) fail(`${where}.hash must be ${BASELINE_HASH_HEX} lowercase hex digits`);
    if (x.line !== undefined && !(Number.isSafeInteger(x.line) && (x.line as number) > 0)) fail(`${where}.line must be a positive integer`);
    if (x.reason !== undefined && typeof x.reason !== "string") fail(`${where}.reason must be a string`);
    return {
      rule: x.rule as string, file: x.file as string, hash: x.hash as string,
      ...(x.line !== undefined ? { line: x.line as number } : {}), ...(x.reason !== undefined ? { reason: x.reason as string } : {}),
    };
  });
}

/**
 * A baseline file's text: version 1, entries sorted by file, line, rule and hash (so a rewrite of the same findings
 * gives the same bytes and diffs stay small), two-space indented, one line feed at the end.
 */
export function formatBaseline(entries: readonly BaselineEntry[]): string {
  const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const sorted = [...entries].sort((a, b) => cmp(a.file, b.file) || (a.line ?? 0) - (b.line ?? 0) || cmp(a.rule, b.rule) || cmp(a.hash, b.hash));
  const findings = sorted.map((e) => ({ rule: e.rule, file: e.file, hash: e.hash, ...(e.line !== undefined ? { line: e.line } : {}), ...(e.reason !== undefined ? { reason: e.reason } : {}) }));
  return JSON.stringify({ version: BASELINE_VERSION, tool: "promptasm", findings }, null, 2) + "\n";
}

const key = (rule: string, file: string, hash: string) => `${rule}\u0000${file}\u0000${hash}`;

/** The known findings of one baseline file, matched as a multiset (see the file comment). */
export class Baseline {
  /** Entries still unmatched, by key. */
  private readonly left = new Map<string, number>();
  /** Findings matched so far. */
  matched = 0;

  /**
   * @param entries the file's entries (parseBaseline).
   * @param dir the baseline file's directory: finding paths are made relative to it.
   * @param source the file's name, for notes.
   */
  constructor(entries: readonly BaselineEntry[], readonly dir: string, readonly source: string) {
    for (const e of entries) this.left.set(key(e.rule, e.file, e.hash), (this.left.get(key(e.rule, e.file, e.hash)) ?? 0) + 1);
    this.total = entries.length;
  }

  /** Entries in the file. */
  readonly total: number;

  /**
   * Whether `f` (with its region, see findingHash), found in the file `file` (as {@link baselinePath} names it), is
   * known; a match uses up its entry.
   */
  take(f: Pick<Finding, "rule" | "excerpt" | "category">, file: string, region?: Pick<FindingRegion, "snippet">): boolean {
    const k = key(f.rule, file, findingHash(f, region));
    const n = this.left.get(k) ?? 0;
    if (n === 0) return false;
    if (n === 1) this.left.delete(k); else this.left.set(k, n - 1);
    this.matched++;
    return true;
  }

  /** Entries that matched no finding of this run (fixed, or their text changed). */
  get unmatched(): number {
    let n = 0;
    for (const c of this.left.values()) n += c;
    return n;
  }
}

/**
 * Reads and parses a --baseline file.
 * @param path its absolute path; `shown` how messages name it (the path as given).
 * @throws PromptasmError E_BASELINE naming the file: unreadable or missing ("no such file or directory (ENOENT)", with
 *   the --write-baseline command that creates it), or any problem parseBaseline finds.
 */
export async function loadBaseline(path: string, shown: string): Promise<Baseline> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (e) {
    // A first CI run has no baseline yet: say how to make one.
    const hint = (e as { code?: string }).code === "ENOENT" ? ` (record today's findings first: promptasm scan PATHS --write-baseline ${shown})` : "";
    throw new PromptasmError("E_BASELINE", `baseline ${escapePath(shown)}: ${describeFsError(e)}${hint}`, { cause: e });
  }
  return new Baseline(parseBaseline(text, escapePath(shown)), dirname(path), shown);
}

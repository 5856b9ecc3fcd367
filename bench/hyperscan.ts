// The Hyperscan anchor for `npm run bench`: exports a rule set to Hyperscan's pattern syntax and times Hyperscan on
// the same input file with ../shared/anchors/hs-bench (Debian's libhyperscan-dev), so the bench can print our engine's
// MB/s as a ratio of Hyperscan's, measured in the same run on the same bytes.
//
// The export is written from the parsed pattern tree (src/scan/pattern.ts), not from the source text: sets become
// classes of ASCII bytes (the parser has already closed them under ASCII case, so no `i` flag is needed), repeats keep
// their bounds, \b stays \b (byte mode: ASCII word characters, as ours). Each top-level alternative becomes its own
// Hyperscan pattern. Left out, so Hyperscan does less than our engine (a conservative anchor): non-ASCII characters
// (Hyperscan's Unicode mode refuses \b), and the junk allowed between a word's letters (see JUNK_KEY). What Hyperscan does not get is our evasion folding (fold.ts: confusables, NFKC,
// skipped invisible characters), which our engine does in the same pass for free; the comparison is the same rules'
// words over the same bytes.
//
//   tsx bench/hyperscan.ts FILE [scope]   prints Hyperscan's figures for our rules at `scope` (default strict) on FILE

import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parsePattern, type PatternNode, type SymbolSet } from "../dist/scan/pattern.js";
import { WORD_JUNK } from "../dist/scan/words.js";

// The run of junk our word patterns allow between two letters of a word ("i.g.n.o.r.e"): Hyperscan's pattern length
// limit does not fit a word list with this class between every two letters (our largest rules export to 47,000 to
// 103,000 characters), so the export leaves it out. Hyperscan then matches less than our engine does: a conservative
// anchor (it does less work than ours for the same rules).
const JUNK_KEY = JSON.stringify((parsePattern(WORD_JUNK) as { t: "set"; set: SymbolSet }).set);

/** The anchor script (../shared/anchors/hs-bench beside this repository). */
export const HS_BENCH = fileURLToPath(new URL("../../shared/anchors/hs-bench", import.meta.url));
/** The seed document's ten patterns plus its invisible-character set, as the seed wrote them (Hyperscan syntax). */
export const SEED10_PATTERNS = fileURLToPath(new URL("../../shared/anchors/seed10.patterns", import.meta.url));

// A byte inside a class: printable ASCII as itself (escaped where a class gives it meaning), the rest as \xHH.
const hex = (c: number) => (c > 0x20 && c < 0x7f ? (/[\]\\^\-\[]/.test(String.fromCharCode(c)) ? "\\" : "") + String.fromCharCode(c) : `\\x${c.toString(16).padStart(2, "0")}`);

/**
 * A set as a Hyperscan class of ASCII bytes. Patterns compile in byte mode, where \b and \w are ASCII as ours are
 * (Hyperscan refuses \b in its Unicode mode); the set's non-ASCII members are left out, and a set with none left
 * becomes \xff (a byte that never occurs in UTF-8), so a rule's non-ASCII words cost Hyperscan nothing.
 */
function emitSet(set: SymbolSet): string {
  const parts: string[] = [];
  for (const [lo, hi0] of set) {
    const hi = Math.min(hi0, 0x7f);
    if (lo > hi) continue;
    parts.push(lo === hi ? hex(lo) : `${hex(lo)}-${hex(hi)}`);
  }
  return parts.length === 0 ? "\\xff" : `[${parts.join("")}]`;
}

function emit(node: PatternNode): string {
  switch (node.t) {
    case "set": return emitSet(node.set);
    case "boundary": return "\\b";
    case "cat": return node.items.map((n) => (n.t === "alt" ? `(?:${emit(n)})` : emit(n))).join("");
    case "alt": return node.items.map(emit).join("|");
    case "rep": {
      if (node.min === 0 && node.max === Infinity && node.node.t === "set" && JSON.stringify(node.node.set) === JUNK_KEY) return "";
      const inner = node.node.t === "set" ? emit(node.node) : `(?:${emit(node.node)})`;
      const q = node.max === Infinity ? (node.min === 0 ? "*" : node.min === 1 ? "+" : `{${node.min},}`)
        : node.min === node.max ? `{${node.min}}` : node.min === 0 && node.max === 1 ? "?" : `{${node.min},${node.max}}`;
      return inner + q;
    }
  }
}

/**
 * A rule set as Hyperscan pattern lines ("u\t<pattern>", one per top-level alternative of each rule).
 * @returns the file's text and how many lines each rule became.
 */
export function toHyperscan(rules: ReadonlyArray<{ pattern: string; caseSensitive?: boolean }>): { text: string; lines: number } {
  const out: string[] = ["# promptasm rules exported by bench/hyperscan.ts (byte mode, ASCII classes already case-closed, word junk left out)"];
  for (const r of rules) {
    const tree = parsePattern(r.pattern, { caseSensitive: r.caseSensitive === true });
    const alts = tree.t === "alt" ? tree.items : [tree];
    for (const a of alts) out.push(`-\t${emit(a)}`);
  }
  return { text: out.join("\n") + "\n", lines: out.length - 1 };
}

/** What one hs-bench run reports. */
export interface HyperscanResult { bytes: number; patterns: number; compileSec: number; medianSec: number; minSec: number; matches: number; mbPerS: number }

/**
 * Times Hyperscan on `file` with a pattern file. Returns null, with the reason, when Hyperscan is not installed or
 * rejects the patterns (the bench says so and goes on).
 */
export function runHyperscan(file: string, patternsFile: string, reps = 5): { ok: true; result: HyperscanResult } | { ok: false; reason: string } {
  try {
    const out = execFileSync(HS_BENCH, [file, patternsFile, String(reps)], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 24 });
    const line = out.split("\n").find((l) => l.startsWith("RESULT "));
    if (!line) return { ok: false, reason: "hs-bench printed no RESULT line" };
    const r = JSON.parse(line.slice(7)) as Omit<HyperscanResult, "mbPerS" | "minSec">;
    // The fastest run as well as the median: on a shared machine the minimum is the steadier figure.
    const runs = out.split("\n").filter((l) => l.startsWith("RUN ")).map((l) => Number(l.slice(4)));
    const minSec = Math.min(...runs);
    return { ok: true, result: { ...r, minSec, mbPerS: r.bytes / 1e6 / minSec } };
  } catch (e) {
    const err = e as { status?: number; stderr?: string; code?: string };
    if (err.code === "ENOENT") return { ok: false, reason: `${HS_BENCH} not found` };
    if (err.status === 2) return { ok: false, reason: "libhyperscan-dev is not installed (apt-get install -y libhyperscan-dev)" };
    return { ok: false, reason: (err.stderr ?? String(e)).trim() };
  }
}

/**
 * Keeps the pattern lines Hyperscan compiles: tries the file on a one-byte input, drops the pattern it names as
 * failing ("Pattern is too large" for a few non-English phrase rules), and tries again.
 * @returns the file of the lines kept, and the failing lines' messages.
 */
export function compilablePatterns(text: string): { file: string; kept: number; dropped: string[] } {
  // Hyperscan takes minutes to compile our exported rules, so the outcome is kept in the temp directory, keyed by the
  // export's SHA-256: a second bench run with the same rules skips the search.
  const cache = join(tmpdir(), `promptasm-hs-${createHash("sha256").update(text).digest("hex").slice(0, 16)}.json`);
  if (existsSync(cache)) {
    const c = JSON.parse(readFileSync(cache, "utf8")) as { lines: string[]; dropped: string[] };
    return { file: tempFile("rules.patterns", c.lines.join("\n") + "\n"), kept: c.lines.length, dropped: c.dropped };
  }
  const found = search(text);
  writeFileSync(cache, JSON.stringify({ lines: found.lines, dropped: found.dropped }));
  return { file: found.file, kept: found.lines.length, dropped: found.dropped };
}

function search(text: string): { file: string; lines: string[]; dropped: string[] } {
  const lines = text.split("\n").filter((l) => l !== "" && !l.startsWith("#"));
  const tiny = tempFile("tiny.txt", "x");
  const dropped: string[] = [];
  for (;;) {
    const file = tempFile("rules.patterns", lines.join("\n") + "\n");
    const r = runHyperscan(tiny, file, 1);
    if (r.ok) return { file, lines, dropped };
    const m = /cannot compile pattern (\d+) .*: ([^:]+)$/s.exec(r.reason) ?? /cannot compile pattern (\d+)/.exec(r.reason);
    if (!m) throw new Error(`hs-bench: ${r.reason}`);
    const k = Number(m[1]);
    dropped.push(m[2]?.trim() ?? "rejected");
    lines.splice(k, 1);
    if (lines.length === 0) return { file, lines, dropped };
  }
}

/** Writes `text` to a new temporary file and returns its path. */
export function tempFile(name: string, text: string | Uint8Array): string {
  const path = join(mkdtempSync(join(tmpdir(), "promptasm-bench-")), name);
  writeFileSync(path, text);
  return path;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const { BUILTIN_RULES, rulesForScope } = await import("../dist/scan/rules.js");
  const scope = (process.argv[3] ?? "strict") as "all" | "context" | "strict";
  const { text, lines } = toHyperscan(rulesForScope(BUILTIN_RULES, scope));
  const { file, kept, dropped } = compilablePatterns(text);
  console.log(`${lines} Hyperscan patterns from the ${scope} rules, ${kept} compile (${dropped.length} dropped: ${dropped.join("; ")}): ${file}`);
  console.log(runHyperscan(process.argv[2]!, file));
}

// The anchor part of `npm run bench`, printed first (every MB/s is the fastest of several runs, ours and Hyperscan's): our engine beside Hyperscan on the same bytes in the same run,
// the rule groups against one automaton of the same rules (the design they replaced), and the start-up of a one-file
// `promptasm scan` beside `node -e 0`. Every figure of ours is checked before it is timed: the groups' matches equal
// the one automaton's, match for match.
//
//   npm run bench -- --anchor   this part only (about 2 minutes without Hyperscan's compile of our rules; see below)

import { spawnSync } from "node:child_process";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { Core, ScanRules } from "../dist/core/wasm.js";
import { compileRules } from "../dist/scan/compile.js";
import { BUILTIN_RULES, rulesForScope } from "../dist/scan/rules.js";
import { Scanner } from "../dist/scan/scanner.js";
import { SEED10_PATTERNS, compilablePatterns, runHyperscan, tempFile, toHyperscan } from "./hyperscan.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
const BIN = fileURLToPath(new URL("../bin/promptasm.js", import.meta.url));

function files(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  });
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The fastest of `reps` scans of `bytes` with each rule set, the sets taking turns (after one warm-up scan each, which
 * also builds the DFA states they need), so a busy neighbour slows both alike. Milliseconds, and each set's matches.
 */
function timeTurns(core: Core, sets: ScanRules[], bytes: Uint8Array, reps = 7): Array<{ ms: number; matches: Int32Array }> {
  const out = sets.map((rules) => ({ ms: Infinity, matches: core.scanBytes(rules, bytes).matches }));
  for (let k = 0; k < reps; k++) {
    sets.forEach((rules, j) => {
      const t = performance.now();
      core.scanBytes(rules, bytes);
      out[j]!.ms = Math.min(out[j]!.ms, performance.now() - t);
    });
  }
  return out;
}

/** The seed's ten threat patterns in our syntax (the seed10.patterns lines but the last, the invisible set: our bytes path runs its own invisible pass). */
function seedPatterns(): Array<{ source: string; caseSensitive: boolean }> {
  return readFileSync(SEED10_PATTERNS, "utf8").split("\n").filter((l) => l !== "" && !l.startsWith("#")).slice(0, 10)
    .map((l) => { const [flags, source] = l.split("\t"); return { source: source!, caseSensitive: !flags!.includes("i") }; });
}

/** Deterministic Markdown-like filler (mulberry32), as bench/scan.ts makes it. */
function markdown(chars: number): string {
  let seed = 42;
  const rnd = () => { seed = (seed + 0x6d2b79f5) | 0; let t = Math.imul(seed ^ (seed >>> 15), 1 | seed); t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t; return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
  const words = ["build", "the", "tests", "run", "module", "config", "deploy", "docs", "review", "prompt", "agent", "cache", "user", "file", "rules", "system", "previous", "all", "instructions"];
  const parts: string[] = [];
  let n = 0;
  while (n < chars) {
    let line = rnd() < 0.1 ? "## " : rnd() < 0.2 ? "- " : "";
    const len = 5 + Math.floor(rnd() * 12);
    for (let k = 0; k < len; k++) line += words[Math.floor(rnd() * words.length)] + (k < len - 1 ? " " : ".\n");
    parts.push(line);
    n += line.length;
  }
  return parts.join("");
}

export interface AnchorRow { input: string; mb: number; engine: string; mbPerS: number | null; ratio?: string; note?: string }

/**
 * Runs the anchor part and prints it. Hyperscan's rows say why they are missing when libhyperscan-dev is not
 * installed or it rejects a pattern, and the bench goes on.
 */
export function runAnchor(core: Core, print: (line: string) => void): AnchorRow[] {
  const rows: AnchorRow[] = [];
  const benign = Buffer.concat(files(join(CORPUS, "benign")).flatMap((f) => [readFileSync(f), Buffer.from("\n")]));
  const inputs = [
    { name: "benign corpus, concatenated", bytes: new Uint8Array(benign) },
    { name: "markdown 10 MB", bytes: new Uint8Array(Buffer.from(markdown(10e6), "utf8")) },
  ];
  const seed = compileRules(seedPatterns());
  const scanner = new Scanner(core);
  const one = (scope: "context" | "strict") => compileRules(rulesForScope(BUILTIN_RULES, scope).map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true })));
  const oneSets = { context: one("context"), strict: one("strict") };
  // Hyperscan's pattern files: the seed's as it wrote them, ours exported from the parsed rules (bench/hyperscan.ts).
  const exported = toHyperscan(rulesForScope(BUILTIN_RULES, "strict"));
  let full: { file: string; kept: number; dropped: string[] } | { error: string };
  try { full = process.env.BENCH_SKIP_HS_FULL ? { error: "BENCH_SKIP_HS_FULL is set" } : compilablePatterns(exported.text); } catch (e) { full = { error: String(e).slice(0, 200) }; }
  for (const inp of inputs) {
    const mb = inp.bytes.length / 1e6;
    const file = tempFile("input.txt", inp.bytes);
    const hsSeed = runHyperscan(file, SEED10_PATTERNS);
    const [ours] = timeTurns(core, [seed], inp.bytes) as [{ ms: number; matches: Int32Array }];
    const oursMbs = mb / (ours.ms / 1000);
    rows.push({ input: inp.name, mb, engine: "hyperscan seed 10 (+ invisible set)", mbPerS: hsSeed.ok ? hsSeed.result.mbPerS : null, ...(hsSeed.ok ? {} : { note: hsSeed.reason.split("\n")[0] }) });
    rows.push({ input: inp.name, mb, engine: "promptasm seed 10, bytes", mbPerS: oursMbs, ...(hsSeed.ok ? { ratio: `${(oursMbs / hsSeed.result.mbPerS).toFixed(2)}× hyperscan` } : {}) });
    let hsFullMbs: number | undefined;
    if ("file" in full) {
      const r = runHyperscan(file, full.file);
      if (r.ok) hsFullMbs = r.result.mbPerS;
      rows.push({ input: inp.name, mb, engine: `hyperscan our strict rules (${full.kept} patterns)`, mbPerS: r.ok ? r.result.mbPerS : null, note: r.ok ? `${full.dropped.length} exported patterns rejected by Hyperscan and left out; no word junk, ASCII only (bench/hyperscan.ts)` : r.reason.split("\n")[0] });
    } else rows.push({ input: inp.name, mb, engine: "hyperscan our strict rules", mbPerS: null, note: full.error });
    for (const scope of ["context", "strict"] as const) {
      const groups = scanner.compiledFor(scope).set;
      const [a, b] = timeTurns(core, [oneSets[scope], groups], inp.bytes) as [{ ms: number; matches: Int32Array }, { ms: number; matches: Int32Array }];
      if ([...a.matches].join() !== [...b.matches].join()) throw new Error(`${inp.name}: the ${scope} rule groups found ${b.matches.length / 2} matches, one automaton ${a.matches.length / 2}`);
      const aMbs = mb / (a.ms / 1000), bMbs = mb / (b.ms / 1000);
      rows.push({ input: inp.name, mb, engine: `promptasm ${scope}, one automaton (before)`, mbPerS: aMbs, ...(groups.groups.length === 1 ? { note: "the same automaton as the row below: the pair shows this run's noise" } : {}) });
      rows.push({ input: inp.name, mb, engine: `promptasm ${scope}, ${groups.groups.length} group(s), bytes`, mbPerS: bMbs, ratio: `${(bMbs / aMbs).toFixed(2)}× one automaton${scope === "strict" && hsFullMbs ? `, ${(bMbs / hsFullMbs).toFixed(2)}× hyperscan` : ""}` });
    }
  }
  // Start-up: a one-file scan as a whole process, beside node itself.
  const one1 = tempFile("one.md", "# Notes\nRun the tests before you push.\n");
  const wall = (args: string[]) => {
    const ms: number[] = [];
    for (let k = 0; k < 5; k++) {
      const t = performance.now();
      const r = spawnSync(process.execPath, args, { stdio: "ignore" });
      ms.push(performance.now() - t);
      if (r.status !== 0 && args[0] === BIN) throw new Error(`promptasm scan exited ${r.status}`);
    }
    return median(ms);
  };
  const nodeMs = wall(["-e", "0"]);
  const scanMs = wall([BIN, "scan", one1]);
  print(`start-up (median of 5 whole processes): node -e 0 ${nodeMs.toFixed(0)} ms; promptasm scan of a one-line file ${scanMs.toFixed(0)} ms (target <= 200)`);
  print("");
  print(["input".padEnd(28), "MB".padStart(6), "engine".padEnd(44), "MB/s".padStart(8), "  ratio / note"].join(" "));
  for (const r of rows) print([r.input.padEnd(28), r.mb.toFixed(2).padStart(6), r.engine.padEnd(44), (r.mbPerS === null ? "-" : r.mbPerS.toFixed(0)).padStart(8), `  ${r.ratio ?? ""}${r.ratio && r.note ? "; " : ""}${r.note ?? ""}`].join(" "));
  return rows;
}

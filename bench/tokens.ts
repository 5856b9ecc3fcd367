// Token-count benchmark: encoder construction per encoding, countTokens (pieces + memo off) against js-tiktoken's
// whole-text encode (the baseline) on real prose and on long runs without spaces, in one process. Counts are checked
// before anything is timed: on prose the two must be equal.
//
//   npx tsx bench/tokens.ts           table on stdout
//   npx tsx bench/tokens.ts --json    the same numbers as JSON
//   npx tsx bench/tokens.ts --slow    also times the baseline on 10,000 letters (about 10 s per encoding)
//
// Chars are UTF-16 code units. The memo is cleared before every timed countTokens call, so the SHA-256 of the text
// is part of what is timed, as it is on a cache miss.

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Tiktoken } from "js-tiktoken/lite";
import { clearTokenMemo, countTokens, ENCODINGS, splitForCounting, type Encoding } from "../src/tokens/tokens.js";

const RUNS = 3;
const CORPUS = fileURLToPath(new URL("../../shared/corpus/benign/", import.meta.url));
const json = process.argv.includes("--json");
const slow = process.argv.includes("--slow");

function files(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return statSync(p).isDirectory() ? files(p) : [p];
    });
}
const corpus = files(CORPUS).map((f) => new TextDecoder().decode(readFileSync(f))).join("\n\n");
// One million chars of it, ending at a space so the slice ends where a word does.
const prose = corpus.slice(0, corpus.lastIndexOf(" ", 1_000_000));

function randomLetters(n: number): string {
  let seed = 42;
  let out = "";
  for (let i = 0; i < n; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    out += String.fromCharCode(97 + (seed % 26));
  }
  return out;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function timeSync(runs: number, fn: () => void): number {
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

async function timeAsync(runs: number, fn: () => Promise<void>): Promise<number> {
  const ms: number[] = [];
  for (let k = 0; k < runs; k++) {
    const t0 = performance.now();
    await fn();
    ms.push(performance.now() - t0);
  }
  return median(ms);
}

const RANKS = { cl100k_base: () => import("js-tiktoken/ranks/cl100k_base"), o200k_base: () => import("js-tiktoken/ranks/o200k_base") };

interface Construction { encoding: Encoding; firstCountMs: number; constructMs: number }
interface Row {
  input: string;
  chars: number;
  encoding: Encoding;
  pieces: number;
  tokens: number;
  baselineTokens: number | null;
  ms: number;
  baselineMs: number | null;
  tokensPerS: number;
  speedup: number | null;
}
const construction: Construction[] = [];
const rows: Row[] = [];
const baselines = new Map<Encoding, Tiktoken>();

for (const encoding of ENCODINGS) {
  // Cold: the first countTokens imports js-tiktoken/lite and the ranks and builds the encoder.
  let t0 = performance.now();
  await countTokens("warm up", encoding);
  const firstCountMs = performance.now() - t0;
  // Warm: building another encoder from the already imported ranks (what a second process would pay after import).
  const ranks = (await RANKS[encoding]()).default;
  let encoder: Tiktoken | undefined;
  const constructMs = timeSync(RUNS, () => {
    encoder = new Tiktoken(ranks);
  });
  baselines.set(encoding, encoder!);
  construction.push({ encoding, firstCountMs, constructMs });
}

async function row(input: string, text: string, encoding: Encoding, opts: { runs: number; baseline: "equal" | "report" | "skip" }): Promise<void> {
  const base = baselines.get(encoding)!;
  clearTokenMemo();
  const tokens = await countTokens(text, encoding);
  let baselineTokens: number | null = null;
  let baselineMs: number | null = null;
  if (opts.baseline !== "skip") {
    baselineTokens = base.encode(text, [], []).length;
    if (opts.baseline === "equal" && baselineTokens !== tokens) {
      throw new Error(`${input} (${encoding}): countTokens gave ${tokens}, js-tiktoken ${baselineTokens}; they must be equal on prose`);
    }
    baselineMs = timeSync(opts.runs, () => void base.encode(text, [], []));
  }
  const ms = await timeAsync(opts.runs, async () => {
    clearTokenMemo();
    await countTokens(text, encoding);
  });
  rows.push({
    input, chars: text.length, encoding, pieces: splitForCounting(text).length, tokens, baselineTokens,
    ms: Number(ms.toFixed(1)), baselineMs: baselineMs === null ? null : Number(baselineMs.toFixed(1)),
    tokensPerS: Math.round(tokens / (ms / 1000)), speedup: baselineMs === null ? null : Number((baselineMs / ms).toFixed(2)),
  });
}

for (const encoding of ENCODINGS) {
  await row("prose, first 1,000,000 chars of the corpus", prose, encoding, { runs: RUNS, baseline: "equal" });
  await row("corpus benign, concatenated", corpus, encoding, { runs: 1, baseline: "report" });
  await row("random letters x 4,000", randomLetters(4_000), encoding, { runs: 1, baseline: "report" });
  if (slow) await row("random letters x 10,000", randomLetters(10_000), encoding, { runs: 1, baseline: "report" });
  await row("random letters x 40,000 (baseline: minutes, skipped)", randomLetters(40_000), encoding, { runs: 1, baseline: "skip" });
}

if (json) console.log(JSON.stringify({ construction, rows }, null, 2));
else {
  for (const c of construction) {
    console.log(`${c.encoding}: first countTokens (import + build) ${c.firstCountMs.toFixed(0)} ms; building one more encoder from imported ranks ${c.constructMs.toFixed(0)} ms (median of ${RUNS})`);
  }
  console.log(`\nchars = UTF-16 code units; prose rows: median of ${RUNS}, other rows one run; memo cleared before each countTokens\n`);
  console.log(["input".padEnd(52), "chars".padStart(10), "encoding".padEnd(12), "pieces".padStart(7), "tokens".padStart(9), "baseline".padStart(9), "ms".padStart(9), "base ms".padStart(9), "tokens/s".padStart(10), "speedup".padStart(8)].join(" "));
  for (const r of rows) {
    console.log([
      r.input.padEnd(52), String(r.chars).padStart(10), r.encoding.padEnd(12), String(r.pieces).padStart(7), String(r.tokens).padStart(9),
      String(r.baselineTokens ?? "-").padStart(9), r.ms.toFixed(1).padStart(9), (r.baselineMs === null ? "-" : r.baselineMs.toFixed(1)).padStart(9),
      String(r.tokensPerS).padStart(10), (r.speedup === null ? "-" : r.speedup.toFixed(2)).padStart(8),
    ].join(" "));
  }
}

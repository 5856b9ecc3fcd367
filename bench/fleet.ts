// Fleet-scanning benchmark (issue #8): every folder of ../shared/corpus/benign and ../shared/corpus/attacks as a
// workspace (76 roots), every file in them (`scan --all`, scope context), scanned by the built package's worker
// pool (dist/, what `promptasm scan` runs) at 1 thread and at all threads, in the same process. Before anything is
// timed, one run at each thread count must give identical results, file by file, with findings in them.
//
//   npm run bench:fleet                 table on stdout
//   npm run -s bench:fleet -- --json    the same numbers as JSON
//   npm run bench:fleet -- --runs 7     runs per row (default 5, at least 3); the median is reported
//   npm run bench:fleet -- --repeat 5   list every root 5 times: a fleet 5 times the corpus (same text, so the
//                                       lazy DFA's start-up cost is spread over more work)
//
// Rows. "cold": a new pool per run, so each run pays what one CLI run pays (starting the workers, compiling the WASM
// core and the rules in each, building the lazy DFA's states as the text needs them) plus the walk and the scan.
// "warm": one pool reused after five warm-up runs, its DFA tables built: the steady state of a long scan.
// "main thread": no workers, the same per-file scan (scanJob) called in this thread one file after another: the
// in-process baseline that fleet scanning replaced.
// Numbers: files/s = files scanned / wall-clock seconds of one run (walk included); MB/s = their bytes / 10^6 /
// seconds. Speed-up = median time at 1 thread / median time at all threads.
// Ceiling: the same fixed amount of pure CPU work (an integer loop, no I/O, no messages) split over 1 and over all
// worker threads, timed between the warm runs: the speed-up the machine itself offered during this run. Runs at 1
// and at all threads alternate throughout, so a change in the machine's load hits both. On a shared machine
// it can be far below the core count; compare the scan's speed-up with it, and rows within one run only.

import { readdirSync } from "node:fs";
import { Worker } from "node:worker_threads";
import { availableParallelism, cpus } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { runFleet, type FleetEvent, type FleetOptions, type FleetTarget } from "../dist/adapters/fleet/fleet.js";
import { ScanPool } from "../dist/adapters/fleet/pool.js";
import { scanJob, type FileJob } from "../dist/adapters/fleet/scan-job.js";
import { loadPromptasm } from "../dist/node.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
const json = process.argv.includes("--json");
/** The value of `--name <n>` as a positive integer, else `fallback`. */
function intArg(name: string, fallback: number, least: number): number {
  const at = process.argv.indexOf(name);
  if (at < 0) return fallback;
  const n = Number(process.argv[at + 1]);
  if (!/^\d+$/.test(process.argv[at + 1] ?? "") || !Number.isSafeInteger(n) || n < least) {
    // A usage error: a message, not a stack trace.
    process.stderr.write(`bench:fleet: ${name} must be an integer of at least ${least}, got ${JSON.stringify(process.argv[at + 1] ?? "nothing")}\n`);
    process.exit(2);
  }
  return n;
}
const RUNS = intArg("--runs", 5, 3);
/** How many times each root is listed: --repeat 5 scans the corpus five times over, a fleet five times the size. */
const REPEAT = intArg("--repeat", 1, 1);
const ALL = availableParallelism();
/** Runs before the warm rows are timed (see "warm" above). */
const WARM_UPS = 5;

const roots: FleetTarget[] = ["benign", "attacks"].flatMap((side) =>
  readdirSync(join(CORPUS, side), { withFileTypes: true }).filter((d) => d.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((d) => ({ arg: `${side}/${d.name}`, abs: join(CORPUS, side, d.name) })));
const targets: FleetTarget[] = Array.from({ length: REPEAT }, (_, k) => roots.map((r) => ({ ...r, arg: `${k}/${r.arg}` }))).flat();

/** What one run saw: per file, its status and finding count (the correctness check), and the totals timed. */
interface RunResult { ms: number; files: number; bytes: number; findings: number; perFile: string[] }

async function scanOnce(pool: FleetOptions["pool"]): Promise<RunResult> {
  const perFile: string[] = [];
  let files = 0, bytes = 0, findings = 0;
  const t0 = performance.now();
  await runFleet(targets, { scope: "context", maxBytes: 256 * 1024 * 1024, all: true, include: [], exclude: [], gitignore: true, pool }, {
    event(e: FleetEvent) {
      if (e.kind === "problem") { perFile.push(`${e.shown} ${e.level} ${e.reason}`); return; }
      const o = e.outcome;
      if (o.status === "scanned") {
        files++;
        bytes += o.bytes;
        findings += o.findings.length;
        perFile.push(`${e.shown} ${o.findings.map((f) => `${f.rule}@${f.offset}`).join(",")}`);
      } else perFile.push(`${e.shown} ${o.status}`);
    },
  });
  return { ms: performance.now() - t0, files, bytes, findings, perFile };
}

/** A run that also pays for the pool: start, load, scan, stop. */
async function coldRun(threads: number): Promise<RunResult> {
  const t0 = performance.now();
  const pool = new ScanPool({ threads });
  try {
    const r = await scanOnce(pool);
    return { ...r, ms: performance.now() - t0 };
  } finally {
    await pool.close();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// ---- Check before timing: 1 thread and all threads must agree file by file, and find something.
const check1 = await coldRun(1);
const checkN = await coldRun(ALL);
if (check1.findings === 0) throw new Error("the corpus gave no findings: nothing to compare");
if (check1.perFile.join("\n") !== checkN.perFile.join("\n") || check1.findings !== checkN.findings) {
  throw new Error(`results differ: ${check1.findings} findings at 1 thread, ${checkN.findings} at ${ALL} threads`);
}

interface Row { mode: string; threads: number; runs: number; medianMs: number; filesPerS: number; mbPerS: number; files: number; bytes: number; findings: number }
const row = (mode: string, threads: number, results: RunResult[]): Row => {
  for (const r of results) if (r.findings !== check1.findings || r.files !== check1.files) throw new Error(`${mode} at ${threads}: ${r.findings} findings in ${r.files} files, expected ${check1.findings} in ${check1.files}`);
  const ms = median(results.map((r) => r.ms));
  return {
    mode, threads, runs: results.length, medianMs: Math.round(ms), files: check1.files, bytes: check1.bytes, findings: check1.findings,
    filesPerS: Math.round(check1.files / (ms / 1000)), mbPerS: Math.round((check1.bytes / 1e6 / (ms / 1000)) * 10) / 10,
  };
};

/** Ms to run `total` loop steps split evenly over `threads` worker threads (see "Ceiling" above). */
async function cpuCeilingRun(threads: number, total: number): Promise<number> {
  const code = "const { parentPort, workerData } = require('node:worker_threads'); let x = 0; for (let i = 0; i < workerData; i++) x = (x * 31 + i) | 0; parentPort.postMessage(x);";
  const t0 = performance.now();
  await Promise.all(Array.from({ length: threads }, () => new Promise((resolve, reject) => {
    new Worker(code, { eval: true, workerData: Math.floor(total / threads) }).once("message", resolve).once("error", reject);
  })));
  return performance.now() - t0;
}
const CEILING_STEPS = 2e8;

// Runs at 1 thread and at all threads alternate, so that both see the same share of a shared machine.
const cold = { one: [] as RunResult[], all: [] as RunResult[] };
const warm = { one: [] as RunResult[], all: [] as RunResult[] };
const ceiling = { one: [] as number[], all: [] as number[] };
for (let i = 0; i < RUNS; i++) {
  cold.one.push(await coldRun(1));
  cold.all.push(await coldRun(ALL));
}
{
  const pools = { one: new ScanPool({ threads: 1 }), all: new ScanPool({ threads: ALL }) };
  try {
    // Warm-up: workers started and DFA states built. Several runs, since each worker builds the states of the files
    // it happens to get, and which files those are changes from run to run.
    for (let i = 0; i < WARM_UPS; i++) { await scanOnce(pools.one); await scanOnce(pools.all); }
    for (let i = 0; i < RUNS; i++) {
      warm.one.push(await scanOnce(pools.one));
      warm.all.push(await scanOnce(pools.all));
      ceiling.one.push(await cpuCeilingRun(1, CEILING_STEPS));
      ceiling.all.push(await cpuCeilingRun(ALL, CEILING_STEPS));
    }
  } finally {
    await pools.one.close();
    await pools.all.close();
  }
}
const rows: Row[] = [row("cold", 1, cold.one), row("cold", ALL, cold.all), row("warm", 1, warm.one), row("warm", ALL, warm.all)];
{
  // Baseline: the same per-file scan in this thread, no workers (warmed up like the warm rows).
  const pa = await loadPromptasm();
  const local = { scan: async (job: FileJob) => scanJob(pa, job) };
  for (let i = 0; i < WARM_UPS; i++) await scanOnce(local);
  const results: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await scanOnce(local));
  rows.push(row("main thread (no workers)", 1, results));
}
const ceiling1 = median(ceiling.one), ceilingN = median(ceiling.all);

const speedup = (mode: string) => {
  const one = rows.find((r) => r.mode === mode && r.threads === 1)!, all = rows.find((r) => r.mode === mode && r.threads === ALL)!;
  return Math.round((one.medianMs / all.medianMs) * 100) / 100;
};
const summary = {
  corpus: { roots: targets.length, repeat: REPEAT, files: check1.files, bytes: check1.bytes, findings: check1.findings, selection: "every file (--all), scope context" },
  machine: { availableParallelism: ALL, cpu: cpus()[0]?.model ?? "unknown", node: process.version },
  check: { findingsAt1: check1.findings, findingsAtAll: checkN.findings, identical: true },
  rows,
  speedup: { cold: speedup("cold"), warm: speedup("warm"), cpuCeiling: Math.round((ceiling1 / ceilingN) * 100) / 100 },
  cpuCeilingMs: { at1: Math.round(ceiling1), atAll: Math.round(ceilingN) },
};

if (json) {
  process.stdout.write(JSON.stringify(summary, null, 2) + "\n");
} else {
  const out: string[] = [];
  out.push(`promptasm fleet bench: ${targets.length} workspaces (shared/corpus/{benign,attacks}/*${REPEAT > 1 ? `, each listed ${REPEAT} times` : ""}), ${check1.files.toLocaleString("en-US")} files, ${(check1.bytes / 1e6).toFixed(1)} MB, every file, scope context`);
  out.push(`machine: ${ALL} threads available (os.availableParallelism), ${summary.machine.cpu}, Node ${process.version}; median of ${RUNS} runs`);
  out.push(`check: ${check1.findings.toLocaleString("en-US")} findings at 1 thread = ${checkN.findings.toLocaleString("en-US")} at ${ALL} threads, identical file by file`);
  out.push("");
  out.push(`${"mode".padEnd(26)}${"threads".padStart(8)}${"median ms".padStart(11)}${"files/s".padStart(10)}${"MB/s".padStart(8)}`);
  for (const r of rows) out.push(`${r.mode.padEnd(26)}${String(r.threads).padStart(8)}${String(r.medianMs).padStart(11)}${r.filesPerS.toLocaleString("en-US").padStart(10)}${r.mbPerS.toFixed(1).padStart(8)}`);
  out.push("");
  out.push(`speed-up at ${ALL} threads over 1: cold ${summary.speedup.cold}×, warm ${summary.speedup.warm}×`);
  out.push(`ceiling (pure CPU work split over ${ALL} threads, this run): ${summary.speedup.cpuCeiling}× (${summary.cpuCeilingMs.at1} ms at 1, ${summary.cpuCeilingMs.atAll} ms at ${ALL})`);
  process.stdout.write(out.join("\n") + "\n");
}

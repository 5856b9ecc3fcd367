// Fleet-scanning benchmark (issue #8): every folder of ../shared/corpus/benign and ../shared/corpus/attacks as a
// workspace (76 roots), every file in them (`scan --all`, scope context), scanned by the built package's worker
// pool (dist/, what `promptasm scan` runs) at 1 thread and at all threads, in the same process. Before anything is
// timed, one run at each thread count must give identical results, file by file, with findings in them.
//
//   npm run bench:fleet                 table on stdout
//   npm run -s bench:fleet -- --json    the same numbers as JSON
//   npm run bench:fleet -- --runs 7     runs per row (default 5, at least 3); the median is reported
//
// Rows. "cold": a new pool per run, so each run pays what one CLI run pays (starting the workers, compiling the WASM
// core and the rules in each, building the lazy DFA's states as the text needs them) plus the walk and the scan.
// "warm": one pool reused after two warm-up runs, its DFA tables built: the steady state of a long scan.
// "main thread": no workers, the same per-file scan (scanJob) called in this thread one file after another: the
// in-process baseline that fleet scanning replaced.
// Numbers: files/s = files scanned / wall-clock seconds of one run (walk included); MB/s = their bytes / 10^6 /
// seconds. Speed-up = median time at 1 thread / median time at all threads.
// Ceiling: the same fixed amount of pure CPU work (an integer loop, no I/O, no messages) split over 1 and over all
// worker threads, timed the same way: the speed-up the machine itself offered during this run. On a shared machine
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
const runsArg = process.argv.indexOf("--runs");
const RUNS = runsArg >= 0 ? Number(process.argv[runsArg + 1]) : 5;
if (!Number.isInteger(RUNS) || RUNS < 3) throw new Error(`--runs must be an integer of at least 3, got ${process.argv[runsArg + 1]}`);
const ALL = availableParallelism();

const targets: FleetTarget[] = ["benign", "attacks"].flatMap((side) =>
  readdirSync(join(CORPUS, side), { withFileTypes: true }).filter((d) => d.isDirectory()).sort((a, b) => (a.name < b.name ? -1 : 1))
    .map((d) => ({ arg: `${side}/${d.name}`, abs: join(CORPUS, side, d.name) })));

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

const rows: Row[] = [];
for (const threads of [1, ALL]) {
  const results: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await coldRun(threads));
  rows.push(row("cold", threads, results));
}
for (const threads of [1, ALL]) {
  const pool = new ScanPool({ threads });
  try {
    // Warm-up: workers started and DFA states built. Twice, since each worker builds the states of the files it
    // happens to get, and which files those are changes from run to run.
    await scanOnce(pool);
    await scanOnce(pool);
    const results: RunResult[] = [];
    for (let i = 0; i < RUNS; i++) results.push(await scanOnce(pool));
    rows.push(row("warm", threads, results));
  } finally {
    await pool.close();
  }
}
{
  // Baseline: the same per-file scan in this thread, no workers (warmed up like the warm rows).
  const pa = await loadPromptasm();
  const local = { scan: (job: FileJob) => scanJob(pa, job) };
  await scanOnce(local);
  const results: RunResult[] = [];
  for (let i = 0; i < RUNS; i++) results.push(await scanOnce(local));
  rows.push(row("main thread (no workers)", 1, results));
}

/** Median ms to run `total` loop steps split evenly over `threads` worker threads (see "Ceiling" above). */
async function cpuCeilingMs(threads: number, total: number): Promise<number> {
  const code = "const { parentPort, workerData } = require('node:worker_threads'); let x = 0; for (let i = 0; i < workerData; i++) x = (x * 31 + i) | 0; parentPort.postMessage(x);";
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await Promise.all(Array.from({ length: threads }, () => new Promise((resolve, reject) => {
      new Worker(code, { eval: true, workerData: Math.floor(total / threads) }).once("message", resolve).once("error", reject);
    })));
    times.push(performance.now() - t0);
  }
  return median(times);
}
const CEILING_STEPS = 2e8;
const ceiling1 = await cpuCeilingMs(1, CEILING_STEPS), ceilingN = await cpuCeilingMs(ALL, CEILING_STEPS);

const speedup = (mode: string) => {
  const one = rows.find((r) => r.mode === mode && r.threads === 1)!, all = rows.find((r) => r.mode === mode && r.threads === ALL)!;
  return Math.round((one.medianMs / all.medianMs) * 100) / 100;
};
const summary = {
  corpus: { roots: targets.length, files: check1.files, bytes: check1.bytes, findings: check1.findings, selection: "every file (--all), scope context" },
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
  out.push(`promptasm fleet bench: ${targets.length} workspaces (shared/corpus/{benign,attacks}/*), ${check1.files.toLocaleString("en-US")} files, ${(check1.bytes / 1e6).toFixed(1)} MB, every file, scope context`);
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

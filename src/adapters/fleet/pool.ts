// A pool of scan workers (worker_threads), each with its own WASM core and compiled rules (worker.ts). The main
// thread hands files over with scan(job) and gets each outcome back as that file finishes.
//
// Workers start lazily, one more whenever a job is waiting and every started worker is busy, up to `threads`: a scan
// of one file starts one worker. Each worker holds at most PIPELINE_DEPTH jobs (one running, the next already
// posted, so a worker never waits for the main thread); the rest wait in one queue, so a worker stuck on a large
// file holds no queue of small ones. A worker that dies (out of memory, a crash) fails only the file it was
// scanning, with a message naming it; its other job goes back to the queue and a new worker takes over.
//
// The worker entry is resolved next to this module: dist/adapters/fleet/worker.js in the built package; under
// TypeScript sources (vitest, tsx) worker.ts, started through ts-worker.mjs, which registers tsx in the thread.

import { Worker, type ResourceLimits } from "node:worker_threads";
import { PromptasmError, type ErrorCode } from "../../errors.js";
import type { Rule } from "../../scan/rules.js";
import type { Scanner } from "../../scan/scanner.js";
import type { FileJob, FileOutcome } from "./scan-job.js";
import type { FromWorker, ToWorker, WorkerInit } from "./worker.js";

/** Jobs posted to one worker at a time: the one it is scanning and the next, so it never waits for the main thread. */
export const PIPELINE_DEPTH = 2;

/** Options for {@link ScanPool}. */
export interface ScanPoolOptions {
  /** Most workers to run at once, at least 1 (the CLI's default: os.availableParallelism()). */
  threads: number;
  /** Rules added to the built-in ones in every worker (a config file's rules). */
  extraRules?: readonly Rule[];
  /** V8 heap limits per worker. */
  resourceLimits?: ResourceLimits;
  /**
   * A JavaScript worker entry to start instead of worker.js: tests use one that speaks the same protocol (see
   * worker.ts) to make a worker die on cue.
   */
  entry?: URL;
  /**
   * Scan on the calling thread, one file at a time, instead of starting workers: for a small job (one file, or
   * `threads` 1) a worker costs a thread start plus a second load of the core and the rules (the rule set is parsed
   * and compiled again in the worker), which is most of a one-file scan's time. Outcomes are the same.
   */
  inProcess?: boolean;
}

interface Task {
  id: number;
  job: FileJob;
  resolve: (outcome: FileOutcome) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Posted and not done yet, oldest first: the first is the one being scanned. */
  inflight: Task[];
  /** Why it stopped, from its 'error' event, for the message of the file it was scanning. */
  failure?: string;
}

const FROM_TS = import.meta.url.endsWith(".ts");

/** Starts one worker thread on `entry`, else worker.js (built) or worker.ts (sources, through tsx). */
function startWorker(init: WorkerInit, resourceLimits: ResourceLimits | undefined, custom: URL | undefined): Worker {
  const options = resourceLimits !== undefined ? { resourceLimits } : {};
  if (custom !== undefined) return new Worker(custom, { ...options, workerData: init });
  const entry = new URL(FROM_TS ? "./worker.ts" : "./worker.js", import.meta.url);
  if (!FROM_TS) return new Worker(entry, { ...options, workerData: init });
  return new Worker(new URL("./ts-worker.mjs", import.meta.url), { ...options, workerData: { ...init, entry: entry.href } });
}

/**
 * Scans files on worker threads. Create one per run, call scan() for each file (any number at once: they queue),
 * and close() at the end.
 * @example
 *   const pool = new ScanPool({ threads: os.availableParallelism() });
 *   try {
 *     const outcome = await pool.scan({ path: "/repo/AGENTS.md", asText: true, scope: "context", maxBytes: 2 ** 28 });
 *   } finally {
 *     await pool.close();
 *   }
 */
export class ScanPool {
  /** Most workers this pool runs. */
  readonly threads: number;
  private readonly init: WorkerInit;
  private readonly resourceLimits: ResourceLimits | undefined;
  private readonly entry: URL | undefined;
  private readonly slots: Slot[] = [];
  private readonly queue: Task[] = [];
  private nextId = 0;
  private fatal: PromptasmError | undefined;
  private closed = false;
  private startedCount = 0;
  /** warm() calls waiting for a worker to load. */
  private waiters: Array<{ resolve: () => void; reject: (e: Error) => void }> = [];
  private readonly inProcess: boolean;
  /** In-process mode: the loaded library and scanJob, loaded on first use (lazy imports: nothing loads until then). */
  private local: Promise<{ pa: { readonly scanner: Scanner }; scanJob: typeof import("./scan-job.js").scanJob }> | undefined;
  /** In-process mode: the previous scan, so scans run one at a time in order (as a worker runs them). */
  private chain: Promise<unknown> = Promise.resolve();

  /** @throws PromptasmError E_ARG when `threads` is not a positive integer. */
  constructor(options: ScanPoolOptions) {
    if (!Number.isSafeInteger(options.threads) || options.threads < 1) {
      throw new PromptasmError("E_ARG", `threads must be a positive integer, got ${options.threads}`);
    }
    this.threads = options.threads;
    this.init = { extraRules: [...(options.extraRules ?? [])] };
    this.resourceLimits = options.resourceLimits;
    this.entry = options.entry;
    this.inProcess = options.inProcess === true;
  }

  // In-process mode: loads the library on the calling thread once (as worker.ts does in a worker).
  private loadLocal(): Promise<{ pa: { readonly scanner: Scanner }; scanJob: typeof import("./scan-job.js").scanJob }> {
    this.local ??= (async () => {
      try {
        const [{ loadScanner }, { BUILTIN_RULES }, { scanJob }] = await Promise.all([import("../node/load-scanner.js"), import("../../scan/rules.js"), import("./scan-job.js")]);
        const pa = await loadScanner(this.init.extraRules.length > 0 ? { rules: [...BUILTIN_RULES, ...this.init.extraRules] } : {});
        return { pa, scanJob };
      } catch (e) {
        const error = e instanceof PromptasmError ? e : new PromptasmError("E_WASM", e instanceof Error ? e.message : String(e), { cause: e });
        this.fatal ??= error;
        throw error;
      }
    })();
    return this.local;
  }

  /** How many workers this pool has started so far (replacements for dead workers included). */
  get started(): number {
    return this.startedCount;
  }

  /**
   * Starts a worker (unless one is running) and waits until one has loaded, so that a rule set the core rejects is
   * reported before anything is scanned.
   * @throws PromptasmError as scan() does when the workers cannot load.
   */
  async warm(): Promise<void> {
    if (this.fatal) throw this.fatal;
    if (this.inProcess) { await this.loadLocal(); return; }
    if (this.slots.some((s) => s.ready)) return;
    if (this.slots.length === 0) this.spawn();
    await new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
  }

  /**
   * Scans one file on a worker.
   * @returns the file's outcome (file problems are outcomes, not rejections).
   * @throws PromptasmError when the workers cannot load (E_RULES for a bad rule, E_WASM for a missing core: the
   *   same error every call gets from then on), or E_ARG after close().
   */
  scan(job: FileJob): Promise<FileOutcome> {
    if (this.fatal) return Promise.reject(this.fatal);
    if (this.closed) return Promise.reject(new PromptasmError("E_ARG", "the scan pool is closed"));
    if (this.inProcess) {
      const run = this.chain.then(async () => {
        const { pa, scanJob } = await this.loadLocal();
        try {
          return await scanJob(pa, job);
        } catch (e) {
          return { status: "error", reason: `unexpected error while scanning: ${e instanceof Error ? e.message : String(e)}` } satisfies FileOutcome;
        }
      });
      this.chain = run.catch(() => undefined);
      return run;
    }
    return new Promise<FileOutcome>((resolve, reject) => {
      this.queue.push({ id: this.nextId++, job, resolve, reject });
      this.pump();
    });
  }

  /** Stops every worker. Jobs still queued or running are rejected. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const error = new PromptasmError("E_ARG", "the scan pool was closed before the file was scanned");
    for (const w of this.waiters.splice(0)) w.reject(error);
    for (const t of this.queue.splice(0)) t.reject(error);
    const slots = this.slots.splice(0);
    for (const s of slots) for (const t of s.inflight.splice(0)) t.reject(error);
    await Promise.all(slots.map((s) => s.worker.terminate()));
  }

  /** Posts queued jobs to ready workers with room, and starts workers while jobs would otherwise wait. */
  private pump(): void {
    if (this.fatal || this.closed) return;
    for (const slot of this.slots) {
      while (slot.ready && slot.inflight.length < PIPELINE_DEPTH && this.queue.length > 0) {
        const task = this.queue.shift()!;
        slot.inflight.push(task);
        slot.worker.postMessage({ type: "job", id: task.id, job: task.job } satisfies ToWorker);
      }
    }
    // Each worker still loading will take PIPELINE_DEPTH jobs once ready: start another only for jobs beyond that.
    while (this.slots.length < this.threads && this.queue.length > this.slots.filter((s) => !s.ready).length * PIPELINE_DEPTH) this.spawn();
  }

  private spawn(): void {
    const worker = startWorker(this.init, this.resourceLimits, this.entry);
    this.startedCount++;
    const slot: Slot = { worker, ready: false, inflight: [] };
    this.slots.push(slot);
    worker.on("message", (msg: FromWorker) => {
      if (msg.type === "ready") {
        slot.ready = true;
        for (const w of this.waiters.splice(0)) w.resolve();
        this.pump();
      } else if (msg.type === "fatal") {
        this.fail(new PromptasmError(msg.code as ErrorCode, msg.message));
      } else {
        const k = slot.inflight.findIndex((t) => t.id === msg.id);
        if (k >= 0) slot.inflight.splice(k, 1)[0]!.resolve(msg.outcome);
        this.pump();
      }
    });
    worker.on("error", (e) => {
      slot.failure = e instanceof Error ? e.message : String(e);
    });
    worker.on("exit", (code) => {
      const k = this.slots.indexOf(slot);
      if (k < 0) return; // closed or failed: already handled
      this.slots.splice(k, 1);
      const why = slot.failure ?? `exit code ${code}`;
      if (!slot.ready) {
        // It never loaded: another would not either (a missing entry file, a broken install).
        this.fail(new PromptasmError("E_WASM", `a scan worker could not start: ${why}`));
        return;
      }
      const [current, ...rest] = slot.inflight;
      current?.resolve({ status: "error", reason: `the scan worker stopped while scanning it (${why})` });
      this.queue.unshift(...rest);
      this.pump();
    });
  }

  /** Rejects every job, now and later, with `error`, and stops the workers. */
  private fail(error: PromptasmError): void {
    if (this.fatal) return;
    this.fatal = error;
    for (const w of this.waiters.splice(0)) w.reject(error);
    for (const t of this.queue.splice(0)) t.reject(error);
    const slots = this.slots.splice(0);
    for (const s of slots) {
      for (const t of s.inflight.splice(0)) t.reject(error);
      void s.worker.terminate();
    }
  }
}

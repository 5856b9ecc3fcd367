// A fleet scan worker (worker_threads entry). It loads its own promptasm once — it compiles the WASM core and the
// rule set in this thread — then scans the files the pool posts, one at a time, and posts each outcome back.
//
// Protocol (see pool.ts): workerData is WorkerInit. The worker posts { type: "ready" } once loaded, or
// { type: "fatal", code, message } when loading fails (bad rules, missing core). Then for each { type: "job", id,
// job } it posts { type: "done", id, outcome }. A bug while scanning one file becomes that file's "error" outcome.

import { parentPort, workerData } from "node:worker_threads";
import { PromptasmError } from "../../errors.js";
import { loadScanner } from "../node/load-scanner.js";
import { BUILTIN_RULES, type Rule } from "../../scan/rules.js";
import { scanJob, type FileJob, type FileOutcome } from "./scan-job.js";

/** What the pool hands a worker at start. */
export interface WorkerInit {
  /** Rules added to the built-in ones (a config file's rules); empty for the built-in set alone. */
  extraRules: Rule[];
}

/** Messages from the pool. */
export type ToWorker = { type: "job"; id: number; job: FileJob };
/** Messages to the pool. */
export type FromWorker =
  | { type: "ready" }
  | { type: "fatal"; code: string; message: string }
  | { type: "done"; id: number; outcome: FileOutcome };

const port = parentPort;
if (port === null) throw new Error("src/adapters/fleet/worker.ts is a worker_threads entry; the pool starts it");
const init = workerData as WorkerInit;

try {
  const pa = await loadScanner(init.extraRules.length > 0 ? { rules: [...BUILTIN_RULES, ...init.extraRules] } : {});
  // One file at a time, in order: scanFile (files over 8 MiB) is asynchronous, and its backward passes must not
  // interleave with another scan on this core.
  let chain = Promise.resolve();
  port.on("message", (msg: ToWorker) => {
    chain = chain.then(async () => {
      let outcome: FileOutcome;
      try {
        outcome = await scanJob(pa, msg.job);
      } catch (e) {
        const detail = e instanceof Error ? e.message : String(e);
        outcome = { status: "error", reason: `unexpected error while scanning: ${detail}` };
      }
      port.postMessage({ type: "done", id: msg.id, outcome } satisfies FromWorker);
    });
  });
  port.postMessage({ type: "ready" } satisfies FromWorker);
} catch (e) {
  const code = e instanceof PromptasmError ? e.code : "E_WASM";
  port.postMessage({ type: "fatal", code, message: e instanceof Error ? e.message : String(e) } satisfies FromWorker);
}

// A stand-in scan worker for test/fleet.test.ts: speaks the protocol of src/adapters/fleet/worker.ts, answers
// every job with a clean "scanned" outcome after a short pause, except that it dies (an uncaught error, or
// process.exit) on a file whose name says so, with its next job already posted to it.
import { parentPort } from "node:worker_threads";

parentPort.on("message", (msg) => {
  setTimeout(() => {
    if (msg.job.path.endsWith("throw.md")) throw new Error("boom in the worker");
    if (msg.job.path.endsWith("exit.md")) process.exit(3);
    parentPort.postMessage({ type: "done", id: msg.id, outcome: { status: "scanned", bytes: 0, findings: [], regions: [], suppressed: [], containsNul: false, streamed: false } });
  }, 20);
});
parentPort.postMessage({ type: "ready" });

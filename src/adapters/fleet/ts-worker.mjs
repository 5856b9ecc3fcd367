// Development only: starts worker.ts under tsx when the pool itself runs from TypeScript sources (vitest, `tsx
// bench/…`); Node 20 cannot load .ts files in a worker thread on its own. The built package never uses this file:
// dist/adapters/fleet/pool.js starts dist/adapters/fleet/worker.js directly.
import { workerData } from "node:worker_threads";
import { register } from "tsx/esm/api";

register();
await import(workerData.entry);

/// <reference path="../../src/adapters/workerd/wasm.d.ts" />
// Types of the workers tests' runtime, for `npx tsc -p test/workers`. The tests type-check with the DOM lib, as src
// does (tsconfig.json), so the global @cloudflare/workers-types are not loaded (they clash with DOM, and declare
// `crypto` and `console` as consts that src reaches through globalThis); the KV types come from its module form.
declare module "cloudflare:workers" {
  type KVNamespace = import("@cloudflare/workers-types/index").KVNamespace;
  type DurableObjectNamespace = import("@cloudflare/workers-types/index").DurableObjectNamespace;
  /** The bindings of wrangler.toml. */
  export const env: { PROMPTS: KVNamespace; SESSIONS: DurableObjectNamespace };
  /** Loopback bindings to the main module's exports (test/workers/app.ts). */
  export const exports: { default: { fetch(request: Request): Promise<Response> } };
}
declare module "cloudflare:test" {
  /** Runs `callback` inside the Durable Object `stub` points to, with its state (vitest-pool-workers). */
  export function runInDurableObject<R>(
    stub: unknown,
    callback: (instance: unknown, state: import("@cloudflare/workers-types/index").DurableObjectState) => R | Promise<R>,
  ): Promise<R>;
  /** Runs the alarm of the Durable Object `stub` points to now, if one is set; true when it ran. */
  export function runDurableObjectAlarm(stub: unknown): Promise<boolean>;
}
declare module "*?raw" {
  /** A file's text, inlined by Vite (the bundled examples in work-budget.workers.spec.ts). */
  const text: string;
  export default text;
}

/// <reference path="../../src/adapters/worker/wasm.d.ts" />
// Types of the workers tests' runtime, for `npx tsc -p test/workers`. The tests type-check with the DOM lib, as src
// does (tsconfig.json), so the global @cloudflare/workers-types are not loaded (they clash with DOM, and declare
// `crypto` and `console` as consts that src reaches through globalThis); the KV types come from its module form.
declare module "cloudflare:workers" {
  type KVNamespace = import("@cloudflare/workers-types/index").KVNamespace;
  /** The bindings of wrangler.toml. */
  export const env: { PROMPTS: KVNamespace };
  /** Loopback bindings to the main module's exports (test/workers/app.ts). */
  export const exports: { default: { fetch(request: Request): Promise<Response> } };
}

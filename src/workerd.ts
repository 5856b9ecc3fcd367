// promptasm for Cloudflare Workers (the "./workerd" export, and "." under the `workerd` and `worker` conditions):
// everything in the runtime-neutral entry, plus loadPromptasm(), which instantiates the core from the .wasm imported
// as a module, and the Worker's HTTP API as a router another app can mount.
//
// Why the .wasm is imported by a relative path ending in ".wasm": wrangler's default module rules bundle any import
// matching `**/*.wasm` as a CompiledWasm module, so a user's wrangler project needs no [[rules]] entry. A package
// specifier such as "promptasm/wasm" does not end in ".wasm" and would need one. Workers forbid compiling WASM from
// bytes at run time, so the module import is the only way in. Importing this file has no side effects.

import mod from "../build/release.wasm";
import { createPromptasm, type Promptasm } from "./api/promptasm.js";
import type { Rule } from "./scan/rules.js";

export * from "./index.js";
// The Worker's HTTP API as a library: createPromptasmRouter(options) gives a fetch(request, env, ctx) handler to mount
// in another app (base path, CORS origins, store choice); handlePromptasmRequest is the one the Worker itself serves.
// FrozenPromptObject is the Durable Object class a user's main module re-exports when it binds SESSIONS.
export { createPromptasmRouter, handlePromptasmRequest, type WorkerEnv } from "./adapters/workerd/worker.js";
export type { RouterOptions, PromptasmHandler } from "./adapters/workerd/router.js";
export type { CorsOptions } from "./adapters/workerd/cors.js";
export type { StoreChoice } from "./adapters/workerd/store.js";
export { FrozenPromptObject } from "./adapters/workerd/worker.js";
export { DurableObjectSessionStore, DO_MAX_PREFIX_CHARS, DO_MAX_RECORD_CHARS, DO_PART_CHARS } from "./stores/durable-object.js";
export type {
  DurableObjectNamespaceLike, DurableObjectResponseLike, DurableObjectSessionStoreOptions, DurableObjectStateLike,
} from "./stores/durable-object.js";

let shared: Promise<Promptasm> | undefined;

/**
 * Creates a Promptasm from the core bundled with this package (build/release.wasm, a CompiledWasm module).
 * Without `options.rules` the instance is made once per isolate and shared by every call (a failure is retried by the
 * next call); with them, each call instantiates its own.
 * @param options.rules rule set to use instead of BUILTIN_RULES.
 * @throws PromptasmError E_WASM when the module does not instantiate, E_RULES when a rule does not compile.
 * @example
 *   import { loadPromptasm, MapWorkspaceReader } from "promptasm/workerd";
 *   const pa = await loadPromptasm();
 *   const built = await pa.assemble(new MapWorkspaceReader({ "/ws/AGENTS.md": "Run npm test." }), { cwd: "/ws" });
 */
export function loadPromptasm(options: { rules?: readonly Rule[] } = {}): Promise<Promptasm> {
  if (options.rules !== undefined) return createPromptasm(mod, { rules: options.rules });
  shared ??= createPromptasm(mod).catch((cause: unknown) => {
    shared = undefined;
    throw cause;
  });
  return shared;
}

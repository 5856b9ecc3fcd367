// promptasm for browsers (the "./browser" export, and "." under the `browser` condition): everything in the
// runtime-neutral entry, plus loadPromptasm(), which fetches and compiles the core shipped in this package.
//
// The .wasm is found with `new URL("../build/release.wasm", import.meta.url)`: Vite (and webpack 5, Parcel) see that
// pattern, copy the file into the build and rewrite the URL, so a Vite app needs no plugin, no `?url` import and no
// config; served unbundled (an import map, a CDN), the URL points at the file beside this one. Importing this file
// has no side effects: nothing is fetched until loadPromptasm() is called.

import { createPromptasm, type Promptasm } from "./api/promptasm.js";
import { PromptasmError } from "./errors.js";
import type { Rule } from "./scan/rules.js";

export * from "./index.js";

/** Where the compiled core is: build/release.wasm of this package, resolved from this module's URL. */
export const WASM_URL: URL = new URL("../build/release.wasm", import.meta.url);

const compiled = new Map<string, Promise<WebAssembly.Module>>();

/**
 * Fetches and compiles the core once per page (per URL), then creates a Promptasm. Streams the compile
 * (WebAssembly.compileStreaming) when the server sends `application/wasm`, else compiles the downloaded bytes.
 * @param options.rules rule set to use instead of BUILTIN_RULES.
 * @param options.url where to fetch the .wasm from (default WASM_URL), e.g. a CDN copy of build/release.wasm.
 * @throws PromptasmError E_WASM when the fetch fails or answers other than 2xx, or the bytes are not a valid module;
 *   E_RULES when a rule does not compile.
 * @example
 *   import { loadPromptasm, MapWorkspaceReader } from "promptasm/browser";
 *   const pa = await loadPromptasm();
 *   const built = await pa.assemble(new MapWorkspaceReader({ "/ws/AGENTS.md": "Run npm test." }), { cwd: "/ws" });
 */
export async function loadPromptasm(options: { rules?: readonly Rule[]; url?: string | URL } = {}): Promise<Promptasm> {
  const url = String(options.url ?? WASM_URL);
  let module = compiled.get(url);
  if (module === undefined) {
    module = compile(url);
    compiled.set(url, module);
    module.catch(() => compiled.delete(url));
  }
  return createPromptasm(await module, options.rules !== undefined ? { rules: options.rules } : {});
}

async function compile(url: string): Promise<WebAssembly.Module> {
  try {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const type = response.headers.get("content-type") ?? "";
    if (typeof WebAssembly.compileStreaming === "function" && /^application\/wasm\b/i.test(type)) {
      return await WebAssembly.compileStreaming(response);
    }
    return await WebAssembly.compile(await response.arrayBuffer());
  } catch (cause) {
    throw new PromptasmError("E_WASM", `could not load the promptasm core from ${url}: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
  }
}

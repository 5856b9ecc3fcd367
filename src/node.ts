// promptasm for Node: everything in the runtime-neutral entry, plus a loader that reads the .wasm from this package
// and a WorkspaceReader over the filesystem.

import { readFile } from "node:fs/promises";
import { createPromptasm, type Promptasm } from "./index.js";
import type { Rule } from "./scan/rules.js";
import { PromptasmError } from "./errors.js";

export * from "./index.js";
export { NodeWorkspaceReader, DEFAULT_MAX_BYTES, type NodeReaderOptions } from "./adapters/node-reader.js";
export { scanFile } from "./adapters/node-scan-file.js";
export { SqliteSessionStore, type SqliteSessionStoreOptions, type SqliteConnection } from "./stores/sqlite.js";

/** Where the compiled core lives: build/release.wasm beside dist/ and src/ in this package. */
export const WASM_URL = new URL("../build/release.wasm", import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;

/**
 * Reads and compiles the core once per process, then creates a Promptasm.
 * @throws PromptasmError E_WASM when build/release.wasm is missing (run `npm run build`) or invalid.
 * @example
 *   const pa = await loadPromptasm();
 *   const result = await pa.assemble(new NodeWorkspaceReader(), { cwd: process.cwd() });
 */
export async function loadPromptasm(options: { rules?: readonly Rule[] } = {}): Promise<Promptasm> {
  compiled ??= readFile(WASM_URL).then((bytes) => WebAssembly.compile(bytes)).catch((cause) => {
    compiled = undefined;
    throw new PromptasmError("E_WASM", `could not load the promptasm core from ${WASM_URL.pathname} (run npm run build): ${String(cause)}`, { cause });
  });
  // Buffer's UTF-16LE encoder keeps every code unit (lone surrogates too) and copies natively.
  return createPromptasm(await compiled, { ...options, core: { encodeUtf16: (text) => Buffer.from(text, "utf16le") } });
}

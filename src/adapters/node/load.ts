// The Node loader: reads build/release.wasm from this package, compiles it once per process, and creates a Promptasm
// with Node's fast UTF-16 encoder. Node-only (node:fs); the package's "./node" entry re-exports it.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { decodeRuleTables, type PrecompiledRules } from "../../core/rule-tables.js";
import { createPromptasm, type Promptasm } from "../../api/promptasm.js";
import { PromptasmError } from "../../errors.js";
import type { Rule } from "../../scan/rules.js";

/**
 * Where the compiled core lives: build/release.wasm at the package root. This file is src/adapters/node/load.ts or
 * dist/adapters/node/load.js, three levels below the root either way.
 */
export const WASM_URL = new URL("../../../build/release.wasm", import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;

/** The built-in rule groups precompiled by `npm run build` (scripts/gen-rule-tables.ts), beside the core. */
export const RULE_TABLES_URL = new URL("../../../build/rules.bin", import.meta.url);

let ruleTables: Promise<PrecompiledRules | undefined> | undefined;
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/**
 * The precompiled rule tables, read once per process; undefined when the file is missing or not a table file (the
 * rules then compile as usual: slower start, same findings).
 */
export function loadRuleTables(): Promise<PrecompiledRules | undefined> {
  ruleTables ??= readFile(RULE_TABLES_URL).then((bytes) => ({ file: decodeRuleTables(bytes, sha256), digest: sha256 }), () => undefined).catch(() => undefined);
  return ruleTables;
}

/**
 * Reads and compiles the core once per process, then creates a Promptasm.
 * @param options.rules rule set to use instead of BUILTIN_RULES.
 * @throws PromptasmError E_WASM when build/release.wasm is missing (run `npm run build`) or invalid.
 * @example
 *   const pa = await loadPromptasm();
 *   const result = await pa.assemble(new NodeWorkspaceReader(), { cwd: process.cwd() });
 */
export async function loadPromptasm(options: { rules?: readonly Rule[] } = {}): Promise<Promptasm> {
  compiled ??= readFile(WASM_URL).then((bytes) => WebAssembly.compile(bytes)).catch((cause) => {
    compiled = undefined;
    const message = `could not load the promptasm core from ${WASM_URL.pathname} (run npm run build): ${String(cause)}`;
    throw new PromptasmError("E_WASM", message, { cause });
  });
  // Buffer's UTF-16LE encoder keeps every code unit (lone surrogates too) and copies natively.
  const [module, precompiled] = await Promise.all([compiled, loadRuleTables()]);
  return createPromptasm(module, { ...options, ...(precompiled ? { precompiled } : {}), core: { encodeUtf16: (text) => Buffer.from(text, "utf16le") } });
}

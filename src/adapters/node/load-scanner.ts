// The Node loader's lighter half: the compiled core (build/release.wasm, compiled once per process), the precompiled
// rule tables (build/rules.bin, read once), and a Scanner over them, without the assembler. `promptasm scan` and the
// fleet's workers load only this, so a scan does not load the prompt pipeline, sections, providers or stores
// (docs/engine.md, "Start-up"). load.ts builds the whole Promptasm on the same module and tables.

import { createHash } from "node:crypto";
import { readFile } from "node:fs/promises";
import { createCore, type CoreOptions } from "../../core/wasm.js";
import { decodeRuleTables, type PrecompiledRules } from "../../core/rule-tables.js";
import { PromptasmError } from "../../errors.js";
import { BUILTIN_RULES, type Rule } from "../../scan/rules.js";
import { Scanner } from "../../scan/scanner.js";

/**
 * Where the compiled core lives: build/release.wasm at the package root. This file is src/adapters/node/ or
 * dist/adapters/node/, three levels below the root either way.
 */
export const WASM_URL = new URL("../../../build/release.wasm", import.meta.url);

/** The built-in rule groups precompiled by `npm run build` (scripts/gen-rule-tables.ts), beside the core. */
export const RULE_TABLES_URL = new URL("../../../build/rules.bin", import.meta.url);

let compiled: Promise<WebAssembly.Module> | undefined;
let ruleTables: Promise<PrecompiledRules | undefined> | undefined;
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");

/**
 * The core's module, read and compiled once per process.
 * @throws PromptasmError E_WASM when build/release.wasm is missing (run `npm run build`) or invalid; a later call
 *   tries again.
 */
export function loadCoreModule(): Promise<WebAssembly.Module> {
  compiled ??= readFile(WASM_URL).then((bytes) => WebAssembly.compile(bytes)).catch((cause) => {
    compiled = undefined;
    const message = `could not load the promptasm core from ${WASM_URL.pathname} (run npm run build): ${String(cause)}`;
    throw new PromptasmError("E_WASM", message, { cause });
  });
  return compiled;
}

/**
 * The precompiled rule tables, read once per process; undefined when the file is missing or not a table file (the
 * rules then compile as usual: slower start, same findings).
 */
export function loadRuleTables(): Promise<PrecompiledRules | undefined> {
  ruleTables ??= readFile(RULE_TABLES_URL).then((bytes) => ({ file: decodeRuleTables(bytes, sha256), digest: sha256 }), () => undefined).catch(() => undefined);
  return ruleTables;
}

/** The core options the Node entry uses: Buffer's UTF-16LE encoder keeps every code unit (lone surrogates too). */
export const NODE_CORE_OPTIONS: CoreOptions = { encodeUtf16: (text) => Buffer.from(text, "utf16le") };

/**
 * A Scanner on a new core instance, with the precompiled tables when they load: what `promptasm scan` and the fleet's
 * workers scan with. Its findings equal those of loadPromptasm({ rules }).scanner.
 * @param options.rules rule set to use instead of BUILTIN_RULES.
 * @returns `{ scanner }`, the shape scanJob() and scanFile() take.
 * @throws PromptasmError E_WASM when the core does not load; E_RULES when a rule does not compile.
 */
export async function loadScanner(options: { rules?: readonly Rule[] } = {}): Promise<{ scanner: Scanner }> {
  const [module, precompiled] = await Promise.all([loadCoreModule(), loadRuleTables()]);
  const core = await createCore(module, NODE_CORE_OPTIONS);
  return { scanner: new Scanner(core, options.rules ?? BUILTIN_RULES, { precompiled }) };
}

// The Node loader: reads build/release.wasm from this package, compiles it once per process, and creates a Promptasm
// with Node's fast UTF-16 encoder. Node-only (node:fs); the package's "./node" entry re-exports it.

import { createPromptasm, type Promptasm } from "../../api/promptasm.js";
import type { Rule } from "../../scan/rules.js";
import { loadCoreModule, loadRuleTables, NODE_CORE_OPTIONS } from "./load-scanner.js";

export { loadRuleTables, RULE_TABLES_URL, WASM_URL } from "./load-scanner.js";

/**
 * Reads and compiles the core once per process, then creates a Promptasm.
 * @param options.rules rule set to use instead of BUILTIN_RULES.
 * @throws PromptasmError E_WASM when build/release.wasm is missing (run `npm run build`) or invalid.
 * @example
 *   const pa = await loadPromptasm();
 *   const result = await pa.assemble(new NodeWorkspaceReader(), { cwd: process.cwd() });
 */
export async function loadPromptasm(options: { rules?: readonly Rule[] } = {}): Promise<Promptasm> {
  const [module, precompiled] = await Promise.all([loadCoreModule(), loadRuleTables()]);
  return createPromptasm(module, { ...options, ...(precompiled ? { precompiled } : {}), core: NODE_CORE_OPTIONS });
}

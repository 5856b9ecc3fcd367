// DFA states a scope's rule groups visit on the benign corpus (and per rule alone on the first 2 MB), walked in JS
// through the rule sets' own step(): the size that decides how much of a group's table a scan touches, so how fast
// it runs. Run after `npm run build:ts` (reads dist/):   npx tsx bench/states.mts [scope=context] [--per-rule]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCore } from "../dist/core/wasm.js";
import { visited, type Walkable } from "./dfa-walk.js";
import { compileRules } from "../dist/scan/compile.js";
import { BUILTIN_RULES, rulesForScope } from "../dist/scan/rules.js";
import { Scanner } from "../dist/scan/scanner.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/benign/", import.meta.url));
const files = (d: string): string[] => readdirSync(d).sort().flatMap((n) => {
  const p = join(d, n);
  return statSync(p).isDirectory() ? files(p) : [p];
});
const text = new TextDecoder().decode(Buffer.concat(files(CORPUS).flatMap((f) => [readFileSync(f), Buffer.from("\n")])));
const scope = (process.argv.slice(2).find((a) => !a.startsWith("--")) ?? "context") as "context" | "strict" | "all";


const core = await createCore(await WebAssembly.compile(readFileSync(new URL("../build/release.wasm", import.meta.url))), {});
const set = new Scanner(core).compiledFor(scope).set as unknown as { groups: Walkable[] };
set.groups.forEach((g, k) => console.log(`${scope} group ${k}: ${visited(g, text)} states on the benign corpus (${(text.length / 1e6).toFixed(2)} M units)`));
if (process.argv.includes("--per-rule")) {
  const head = text.slice(0, 2e6);
  const rows = rulesForScope(BUILTIN_RULES, scope).map((rule) => {
    const r = compileRules([{ source: rule.pattern, caseSensitive: rule.caseSensitive === true }]) as unknown as Walkable;
    return [visited(r, head), rule.id] as const;
  }).sort((a, b) => b[0] - a[0]);
  for (const [n, id] of rows) console.log(`${String(n).padStart(6)}  ${id}`);
}

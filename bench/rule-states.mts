// DFA states one rule visits on the first 2 MB of the concatenated benign corpus, walked right to left as the core
// walks it (the per-rule figure of bench/states.mts, for a few rules): what a rule's change costs the lazy DFA.
// Run after `npm run build:ts` (reads dist/):   npx tsx bench/rule-states.mts <rule-id> [<rule-id> …]
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { visited, type Walkable } from "./dfa-walk.js";
import { compileRules } from "../dist/scan/compile.js";
import { BUILTIN_RULES } from "../dist/scan/rules.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/benign/", import.meta.url));
const files = (d: string): string[] => readdirSync(d).sort().flatMap((n) => {
  const p = join(d, n);
  return statSync(p).isDirectory() ? files(p) : [p];
});
const head = new TextDecoder().decode(Buffer.concat(files(CORPUS).flatMap((f) => [readFileSync(f), Buffer.from("\n")]))).slice(0, 2e6);


const ids = process.argv.slice(2);
if (ids.length === 0) throw new Error("usage: npx tsx bench/rule-states.mts <rule-id> [<rule-id> …]");
for (const id of ids) {
  const rule = BUILTIN_RULES.find((r) => r.id === id);
  if (!rule) throw new Error(`${id}: no such built-in rule`);
  const r = compileRules([{ source: rule.pattern, caseSensitive: rule.caseSensitive === true }]) as unknown as Walkable;
  console.log(`${String(visited(r, head)).padStart(6)}  ${id}`);
}

// Precompiles the built-in rule groups (every group a Scanner compiles, at every scope) into build/rules.bin, so a
// fresh process loads them instead of compiling (src/core/rule-tables.ts has the format; docs/engine.md the figures).
// Run: npx tsx scripts/gen-rule-tables.ts [--out FILE] [--check] (npm run gen:rule-tables; `npm run build` runs it).
// --check writes nothing: it exits 1 when FILE differs from what the current rules and compiler produce.
import { createHash } from "node:crypto";
import { readFileSync, renameSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { encodeRuleTables } from "../src/core/rule-tables.js";
import { compileRules, ruleTablesKey } from "../src/scan/compile.js";
import { BUILTIN_RULES } from "../src/scan/rules.js";
import { allRuleGroups } from "../src/scan/scanner.js";

const args = process.argv.slice(2);
const check = args.includes("--check");
const outArg = args.indexOf("--out");
const out = outArg >= 0 ? args[outArg + 1]! : fileURLToPath(new URL("../build/rules.bin", import.meta.url));

const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const t0 = performance.now();
const groups = allRuleGroups(BUILTIN_RULES).map(({ rules }) => {
  const specs = rules.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true }));
  return { key: ruleTablesKey(specs, sha256), tables: compileRules(specs).tables() };
});
const bytes = encodeRuleTables(groups, sha256);
const ms = Math.round(performance.now() - t0);

if (check) {
  let current: Uint8Array | undefined;
  try { current = readFileSync(out); } catch { /* missing: reported below */ }
  if (!current || Buffer.compare(Buffer.from(current), Buffer.from(bytes)) !== 0) {
    console.error(`${out} is ${current ? "stale" : "missing"}: run npm run gen:rule-tables`);
    process.exit(1);
  }
  console.log(`${out} is current (${groups.length} groups, ${bytes.length} bytes)`);
} else {
  // Written whole, then renamed: a reader never sees half a file.
  const tmp = `${out}.${process.pid}.tmp`;
  writeFileSync(tmp, bytes);
  renameSync(tmp, out);
  console.log(`wrote ${out}: ${groups.length} groups, ${bytes.length} bytes, compiled in ${ms} ms`);
}

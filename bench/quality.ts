// Rule quality on the shared corpus: per rule, how many benign context files and attack files it fires on, at the
// scope context files are scanned with ("context"), and at "strict". Compares attack recall with the first ten rules
// (the seed set, rule-set positions 0..9).
//
//   npm run bench:quality            table on stdout
//   npm run bench:quality -- --json  the same as JSON

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createCore } from "../src/core/wasm.js";
import { BUILTIN_RULES, type Rule, type RuleScope } from "../src/scan/rules.js";
import { Scanner } from "../src/scan/scanner.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
const json = process.argv.includes("--json");
const core = await createCore(await WebAssembly.compile(readFileSync(new URL("../build/release.wasm", import.meta.url))));

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : [p];
  }).sort();
}
const load = (side: string) => files(join(CORPUS, side)).map((f) => ({ file: relative(CORPUS, f), text: new TextDecoder().decode(readFileSync(f)) }));
const benign = load("benign");
const attacks = load("attacks");

function run(rules: readonly Rule[], scope: RuleScope) {
  const scanner = new Scanner(core, rules);
  const perRule = new Map<string, { benign: Set<string>; attacks: Set<string> }>();
  const hitFiles = { benign: new Set<string>(), attacks: new Set<string>() };
  for (const [side, set] of [["benign", benign], ["attacks", attacks]] as const) {
    for (const f of set) {
      for (const finding of scanner.scan(f.text, { scope })) {
        if (finding.rule === "invisible-unicode") continue;
        const r = perRule.get(finding.rule) ?? { benign: new Set(), attacks: new Set() };
        r[side].add(f.file);
        perRule.set(finding.rule, r);
        hitFiles[side].add(f.file);
      }
    }
  }
  return { perRule, hitFiles };
}

const report: Record<string, unknown> = { benignFiles: benign.length, attackFiles: attacks.length };
const seed = run(BUILTIN_RULES.slice(0, 10), "strict");
report.seed = { benignFilesHit: seed.hitFiles.benign.size, attackFilesHit: seed.hitFiles.attacks.size };
for (const scope of ["context", "strict"] as const) {
  const r = run(BUILTIN_RULES, scope);
  report[scope] = {
    benignFilesHit: r.hitFiles.benign.size,
    benignPercent: Number(((100 * r.hitFiles.benign.size) / benign.length).toFixed(2)),
    attackFilesHit: r.hitFiles.attacks.size,
    perRule: Object.fromEntries(BUILTIN_RULES.filter((x) => r.perRule.has(x.id)).map((x) => [x.id, { benign: [...r.perRule.get(x.id)!.benign], attacks: r.perRule.get(x.id)!.attacks.size }])),
  };
}
if (json) console.log(JSON.stringify(report, null, 2));
else {
  console.log(`corpus: ${benign.length} benign files, ${attacks.length} attack files`);
  console.log(`seed rules (first ten): ${seed.hitFiles.benign.size} benign files hit, ${seed.hitFiles.attacks.size} attack files hit`);
  for (const scope of ["context", "strict"] as const) {
    const r = report[scope] as { benignFilesHit: number; benignPercent: number; attackFilesHit: number; perRule: Record<string, { benign: string[]; attacks: number }> };
    console.log(`\nscope ${scope}: ${r.benignFilesHit} benign files hit (${r.benignPercent}%), ${r.attackFilesHit} attack files hit`);
    for (const [id, v] of Object.entries(r.perRule)) {
      console.log(`  ${id.padEnd(24)} attacks ${String(v.attacks).padStart(4)}  benign ${String(v.benign.length).padStart(3)}${v.benign.length ? "  " + v.benign.join(", ") : ""}`);
    }
  }
}

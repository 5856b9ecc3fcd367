// Precompiles the built-in rule groups (every group a Scanner compiles, at every scope) into build/rules.bin, so a
// fresh process loads them instead of compiling (src/core/rule-tables.ts has the format; docs/engine.md the figures),
// with the DFA states that scanning ordinary text needs (WARMUP_TEXTS), so a first scan or assemble builds few.
// Run: npx tsx scripts/gen-rule-tables.ts [--out FILE] [--check] (npm run gen:rule-tables; `npm run build` runs it
// after build:wasm, whose build/release.wasm it scans the sample text with).
// --check writes nothing: it exits 1 when FILE differs from what the current rules and compiler produce.
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { encodeRuleTables, type PrecompiledRules, type RuleSetTables } from "../src/core/rule-tables.js";
import { createCore } from "../src/core/wasm.js";
import { compileRules, ruleTablesKey } from "../src/scan/compile.js";
import { BUILTIN_RULES, SCOPES, type Rule } from "../src/scan/rules.js";
import { allRuleGroups, builtinGroupName, Scanner } from "../src/scan/scanner.js";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const sha256 = (data: Uint8Array | string) => createHash("sha256").update(data).digest("hex");
const specsOf = (rules: readonly Rule[]) => rules.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true }));

/**
 * Ordinary developer text of the kinds promptasm reads (context files, READMEs), written for the warm-up: headings,
 * lists, code, links, commands. Our own words; fixed, so the shipped states are the same on every build.
 */
const GENERATED_TEXT = [
  "# Project guide", "", "This repository holds the API service and its tests. Read this before you change anything.", "",
  "## Setup", "", "1. Install Node 20 and run `npm ci`.", "2. Copy `.env.example` to `.env.local` and fill in the database URL.",
  "3. Start the server with `npm run dev`; it listens on http://localhost:3000.", "",
  "## Conventions", "", "- Use TypeScript strict mode; prefer `const` and small pure functions.",
  "- Every public function has a docstring and a test. Run `npm test` before you push.",
  "- Do not commit secrets: keys live in the environment, never in the code.",
  "- Keep commits small, with a message that says why (see CONTRIBUTING.md).", "",
  "```ts", "export async function getUser(id: string): Promise<User | null> {", "  const row = await db.query(\"select * from users where id = $1\", [id]);",
  "  return row ? toUser(row) : null;", "}", "```", "",
  "> Note: the previous version of this guide said to use yarn; use npm instead.", "",
  "| command | what it does |", "|---|---|", "| `npm run lint` | checks style |", "| `npm run build` | compiles to dist/ |", "",
  "See [the architecture notes](docs/architecture.md) and <https://example.com/docs> for more. Ask in #dev if unsure.",
  "Always answer in English, be concise, and explain trade-offs. When unsure, ask the user before deleting files.",
].join("\n");

/** Every file under `dir`, sorted, as text. */
function textsUnder(dir: string): string[] {
  return readdirSync(dir).sort().flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? textsUnder(path) : [readFileSync(path, "utf8")];
  });
}

/** The warm-up: the bundled examples (what `npm start` assembles) and GENERATED_TEXT, in a fixed order. */
export function warmupTexts(): string[] {
  return [...textsUnder(join(ROOT, "examples")), GENERATED_TEXT];
}

/**
 * Compiles every built-in group, scans the warm-up texts with them at every scope (strings and UTF-8 bytes) while
 * recording the DFA transitions built, and encodes the tables with those states.
 * @returns the file's bytes and per group its key and number of shipped DFA states.
 * @throws Error when build/release.wasm is missing (run npm run build:wasm).
 */
export async function buildRuleTableFile(): Promise<{ bytes: Uint8Array; groups: Array<{ key: string; states: number }> }> {
  const core = await createCore(await WebAssembly.compile(readFileSync(join(ROOT, "build/release.wasm"))));
  const fresh = new Map<string, RuleSetTables>();
  for (const { rules } of allRuleGroups(BUILTIN_RULES)) {
    const specs = specsOf(rules);
    fresh.set(ruleTablesKey(specs, sha256), compileRules(specs).tables());
  }
  // The Scanner groups the rules as at run time; its sets are made from the fresh tables (no shipped states yet).
  const precompiled: PrecompiledRules = { file: { keys: [...fresh.keys()], get: (key) => fresh.get(key) }, digest: sha256 };
  const scanner = new Scanner(core, BUILTIN_RULES, { precompiled });
  const sets = new Set(SCOPES.flatMap((scope) => scanner.compiledFor(scope).set.groups));
  for (const set of sets) set.recordTransitions();
  const encoder = new TextEncoder();
  for (const text of warmupTexts()) {
    for (const scope of SCOPES) {
      scanner.scan(text, { scope });
      scanner.scanBytes(encoder.encode(text), { scope });
    }
  }
  // Each set's tables are the fresh ones: match them to their keys by identity.
  const keyOf = new Map([...fresh].map(([key, tables]) => [tables, key]));
  // Each group's name by content (builtinGroupName()), by its key: the Scanner finds it by that name at run time.
  const nameOf = new Map(allRuleGroups(BUILTIN_RULES).map(({ rules }) => [ruleTablesKey(specsOf(rules), sha256), builtinGroupName(rules)]));
  const groups = [...sets].map((set) => {
    const key = keyOf.get(set.tables())!;
    return { key, tables: { ...set.tables(), dfa: set.dfaTables() }, builtin: nameOf.get(key) };
  });
  const order = [...fresh.keys()];
  groups.sort((a, b) => order.indexOf(a.key) - order.indexOf(b.key));
  if (groups.length !== fresh.size || groups.some((g) => g.key === undefined)) throw new Error("gen-rule-tables: the Scanner's groups are not the compiled ones");
  return { bytes: encodeRuleTables(groups, sha256), groups: groups.map((g) => ({ key: g.key, states: g.tables.dfa.lastWord.length })) };
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const check = args.includes("--check");
  const outArg = args.indexOf("--out");
  const out = outArg >= 0 ? args[outArg + 1]! : join(ROOT, "build/rules.bin");
  const t0 = performance.now();
  const { bytes, groups } = await buildRuleTableFile();
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
    console.log(`wrote ${out}: ${groups.length} groups (DFA states ${groups.map((g) => g.states).join(", ")}), ${bytes.length} bytes, built in ${ms} ms`);
  }
}

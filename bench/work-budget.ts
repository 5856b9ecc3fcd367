// How many new DFA transitions (the unit of the Worker's WORK_BUDGET, ScanLimit.maxNewTransitions) the Worker's
// requests need from a cold rule set, and what one costs: the measurement behind DEFAULT_WORK_BUDGET
// (src/adapters/workerd/budget.ts; docs/worker.md "The per-request work budget"). Every case starts from a fresh
// Scanner with no DFA state, as a fresh Worker isolate (which compiles its rules): the rule groups are compiled once
// here and each fresh scanner loads their tables (no states), so a case does not pay the compile again. Each case
// runs the scans a Worker request runs, through a WorkBudget with no practical limit that counts what they build.
//   npx tsx bench/work-budget.ts            (needs build/release.wasm: npm run build:wasm)
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createCore } from "../src/core/wasm.js";
import { compileRules, ruleTablesKey } from "../src/scan/compile.js";
import { MapWorkspaceReader } from "../src/adapters/map-reader.js";
import { assembleOptions, files as mountFiles } from "../src/adapters/workerd/input.js";
import { assembleSystemPrompt } from "../src/prompt/assemble.js";
import { BUILTIN_RULES, type RuleScope } from "../src/scan/rules.js";
import { Scanner, WorkBudget, allRuleGroups } from "../src/scan/scanner.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const CORPUS = join(ROOT, "../shared/corpus");
const core = await createCore(await WebAssembly.compile(readFileSync(join(ROOT, "build/release.wasm"))), { encodeUtf16: (t) => Buffer.from(t, "utf16le") });
const digest = (text: string) => text;
const compiled = new Map(allRuleGroups(BUILTIN_RULES).map(({ rules }) => {
  const specs = rules.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true }));
  return [ruleTablesKey(specs, digest), compileRules(specs).tables()] as const;
}));
const precompiled = { digest, file: { keys: [...compiled.keys()], get: (key: string) => compiled.get(key) } };

const walk = (d: string): string[] => readdirSync(d).sort().flatMap((n) => (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : [join(d, n)]));
/** A fresh scanner's view with a counting budget: what the work below builds from a cold rule set. */
const cold = () => {
  const budget = new WorkBudget(Number.MAX_SAFE_INTEGER);
  return { budget, scanner: new Scanner(core, BUILTIN_RULES, { precompiled }).withBudget(budget) };
};
const round = (n: number, d = 1) => Math.round(n * 10 ** d) / 10 ** d;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

// 1. POST /v1/assemble of the bundled example (npm start's workspace), as the Worker mounts it.
async function assembleCase(name: string, dir: string, options: Record<string, unknown>) {
  const body: Record<string, string> = {};
  for (const f of walk(dir)) body[relative(dir, f).split("\\").join("/")] = readFileSync(f, "utf8");
  const { mounted } = mountFiles(body);
  const { budget, scanner } = cold();
  const t0 = performance.now();
  await assembleSystemPrompt(core, scanner, new MapWorkspaceReader(mounted), assembleOptions(options));
  const ms = performance.now() - t0;
  // The same request again: states cached, nothing more to build.
  const warm = new WorkBudget(Number.MAX_SAFE_INTEGER);
  await assembleSystemPrompt(core, Object.getPrototypeOf(scanner).withBudget(warm), new MapWorkspaceReader(mounted), assembleOptions(options));
  console.log(`assemble ${name}: ${budget.used} transitions cold (${round(ms)} ms), ${warm.used} warm`);
  return budget.used;
}
const examples = join(ROOT, "examples");
const need: number[] = [];
need.push(await assembleCase("examples/ (npm start: cwd workspace/services/api, home, maxChars 6000)", examples,
  { cwd: "workspace/services/api", root: "workspace", home: "home", maxChars: 6000, platform: "cli" }));
need.push(await assembleCase("examples/openclaw-workspace (policy openclaw)", join(examples, "openclaw-workspace"), { policy: "openclaw" }));
need.push(await assembleCase("examples/cursor-project (policy cursor)", join(examples, "cursor-project"), { policy: "cursor" }));

// 2. POST /v1/scan of each benign corpus file alone, cold (scope context: the route's default; strict: the most).
const benign = walk(join(CORPUS, "benign"));
for (const scope of ["context", "strict"] as RuleScope[]) {
  const per: Array<{ file: string; n: number; chars: number }> = [];
  for (const f of benign) {
    const text = readFileSync(f, "utf8");
    const { budget, scanner } = cold();
    scanner.scan(text, { scope });
    per.push({ file: relative(CORPUS, f), n: budget.used, chars: text.length });
  }
  const sorted = per.map((p) => p.n).sort((a, b) => a - b);
  const top = [...per].sort((a, b) => b.n - a.n).slice(0, 3).map((p) => `${p.file} (${p.chars} chars): ${p.n}`);
  console.log(`scan ${scope}, ${per.length} benign files one per request: median ${pct(sorted, 0.5)}, p99 ${pct(sorted, 0.99)}, max ${sorted.at(-1)}`);
  console.log(`  most: ${top.join("; ")}`);
  if (scope === "strict") need.push(sorted.at(-1)!);
}

// 3. One request holding a whole repository's files (POST /v1/scan, context), up to the 1 MiB body limit.
{
  let max = { repo: "", n: 0, bytes: 0 };
  for (const repo of readdirSync(join(CORPUS, "benign")).filter((d) => statSync(join(CORPUS, "benign", d)).isDirectory())) {
    const texts = walk(join(CORPUS, "benign", repo)).map((f) => readFileSync(f, "utf8"));
    const bytes = texts.reduce((a, t) => a + Buffer.byteLength(t), 0);
    if (bytes > 1_000_000) continue;
    const { budget, scanner } = cold();
    for (const t of texts) scanner.scan(t, { scope: "context" });
    if (budget.used > max.n) max = { repo, n: budget.used, bytes };
  }
  console.log(`scan context, one request per benign repository (<= 1 MB): max ${max.n} (${max.repo}, ${max.bytes} bytes)`);
  need.push(max.n);
}

// 4. Text made of rule fragments: what it would build unbounded, and the cost of one transition.
function fragments(chars: number, seed: number): string {
  const words = ["ignore", "all", "previous", "prior", "instructions", "disregard", "system", "prompt", "reveal", "secret", "api_key", "curl", "-d",
    "@.env", "base64", "you", "are", "now", "DAN", "developer", "mode", "forget", "rules", "print", "your", "hidden", "<!--", "-->", "send", "to",
    "https://x.example", "exfiltrate", "password", "token", "override", "jailbreak", "pretend", "act", "as", "do", "not", "tell", "the", "user"];
  let x = seed >>> 0; // a small LCG (Numerical Recipes' constants): the same text every run
  const rand = () => ((x = (Math.imul(x, 1664525) + 1013904223) >>> 0) / 2 ** 32);
  let out = "";
  while (out.length < chars) out += words[Math.floor(rand() * words.length)] + (rand() < 0.1 ? "\n" : " ");
  return out.slice(0, chars);
}
const attacks = walk(join(CORPUS, "attacks")).map((f) => readFileSync(f, "utf8")).join("\n").slice(0, 1_000_000);
for (const [name, text] of [["rule-word fragments, 1,000,000 chars", fragments(1_000_000, 7)], ["attack corpus, first 1,000,000 chars", attacks]] as const) {
  for (const scope of ["context", "strict"] as RuleScope[]) {
    const { budget, scanner } = cold();
    const t0 = performance.now();
    scanner.scan(text, { scope });
    const ms = performance.now() - t0;
    const { scanner: again } = cold();
    again.scan(text, { scope });
    const t1 = performance.now();
    again.scan(text, { scope }); // warm: the walk alone
    const walkMs = performance.now() - t1;
    console.log(`scan ${scope}, ${name}: ${budget.used} transitions cold, ${round(ms)} ms cold, ${round(walkMs)} ms warm: ${round(((ms - walkMs) * 1000) / budget.used)} µs per transition`);
  }
}
console.log(`largest need of a benign request above: ${Math.max(...need)} transitions`);

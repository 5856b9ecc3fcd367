// Detection quality on the shared corpus (../shared/corpus), at each scope (all, context, strict):
// - benign side: each file of benign/ scanned whole, as the CLI reads it (Scanner.scanBytes). A file is BLOCKED when
//   it has a high-severity finding, WARNED when it has findings and all of them are low;
// - attack side: each line of each file of attacks/, trimmed, when it has at least 20 code units, scanned on its own
//   (so one payload per line counts once, whatever the file's length). A line is FLAGGED when it has any finding, of
//   any severity, invisible-unicode included (the count issue 13 quotes: 668 of 15,501 at context on f3d80db);
// - the same three counts per rule, per rule language (rule.language, "en" when absent) and per encoding
//   (finding.hiddenIn, "plain" when absent), and every blocked benign file with the findings that block it.
// A finding's severity is finding.severity, else its rule's severity, else "high". Everything is scanned once, at
// strict; a narrower scope counts the findings of the rules that run at it (checked against direct scans of a sample
// first, which throws on any difference).
// Baseline in the same run: the ten seed rule ids alone (today's patterns), so the ratio shows what the rest adds.
//
//   npm run bench:quality            tables on stdout (builds first; `npx tsx bench/quality.ts` skips the build)
//   npm run bench:quality -- --json  the same as JSON

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { createCore } from "../src/core/wasm.js";
import { BUILTIN_RULES, SCOPES, scopeRank, type Rule, type RuleScope } from "../src/scan/rules.js";
import { Scanner, type Finding } from "../src/scan/scanner.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
/** Shortest trimmed attack line counted, in UTF-16 code units. */
const MIN_LINE = 20;
/** The seed rule set's ids (the baseline). */
const SEED_IDS = ["ignore-instructions", "hide-from-user", "system-prompt-override", "disregard-rules", "act-unrestricted", "html-comment-injection", "hidden-div", "translate-execute", "curl-secret-exfil", "read-secret-file"];
/** Findings printed per blocked benign file (JSON keeps up to MAX_REASONS_JSON). */
const MAX_REASONS_TEXT = 3;
const MAX_REASONS_JSON = 20;

const json = process.argv.includes("--json");
const started = performance.now();
const wasm = await WebAssembly.compile(readFileSync(new URL("../build/release.wasm", import.meta.url)));
/**
 * A fresh core and Scanner per measured rule set: a core keeps the DFA tables of every rule set it has run (up to
 * CORE_SLOTS), and its memory never shrinks.
 */
const freshScanner = async (rules?: readonly Rule[]) => new Scanner(await createCore(wasm), rules);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? walk(p) : [p];
  }).sort();
}
const benign = walk(join(CORPUS, "benign")).map((f) => ({ file: relative(CORPUS, f), bytes: readFileSync(f) }));
const utf8 = new TextDecoder();
const attackLines: string[] = [];
for (const f of walk(join(CORPUS, "attacks"))) {
  for (const raw of utf8.decode(readFileSync(f)).split("\n")) {
    const line = raw.trim();
    if (line.length >= MIN_LINE) attackLines.push(line);
  }
}

type Severity = "high" | "low";
/** Counts for one slice (the whole scope, a rule, a language, an encoding). */
interface Tally { blocked: number; warned: number; lines: number }
interface BlockedFile { file: string; rules: string[]; reasons: Array<{ rule: string; line: number; excerpt: string; hiddenIn?: string }> }
interface ScopeReport {
  total: Tally;
  perRule: Record<string, Tally>;
  perLanguage: Record<string, Tally>;
  perEncoding: Record<string, Tally>;
  blockedFiles: BlockedFile[];
}

/** Findings of one scan at the widest scope: per benign file and per attack line. */
interface Scans { benign: Finding[][]; lines: Finding[][]; rules: readonly Rule[]; seconds: number }

/** Scans both sides once, at `strict`, with a fresh core. */
async function scanAll(rules?: readonly Rule[]): Promise<Scans> {
  const scanner = await freshScanner(rules);
  const t0 = performance.now();
  const out: Scans = {
    benign: benign.map((f) => scanner.scanBytes(f.bytes, { scope: "strict" }).findings),
    lines: attackLines.map((l) => scanner.scan(l, { scope: "strict" })),
    rules: scanner.rules,
    seconds: 0,
  };
  out.seconds = (performance.now() - t0) / 1000;
  return out;
}

/**
 * A narrower scope's findings from a strict scan: the findings of the rules that run at that scope. Rules match and
 * are graded one by one (grade.ts looks at the text around a finding, never at other findings), so this equals
 * scanning at that scope; checkDerivedScopes() asserts it on a sample before anything is counted.
 */
const atScope = (findings: readonly Finding[], scope: RuleScope) => findings.filter((f) => scopeRank(f.scope) <= scopeRank(scope));

/** Scans a sample at each narrower scope directly and compares with atScope() of the strict scan; throws on a difference. */
async function checkDerivedScopes(scans: Scans): Promise<void> {
  const scanner = await freshScanner();
  const pick = <T>(xs: readonly T[], n: number) => xs.filter((_, i) => i % Math.max(1, Math.floor(xs.length / n)) === 0);
  const files = pick(benign.map((f, i) => ({ f, i })), 60);
  const lines = pick(attackLines.map((l, i) => ({ l, i })), 300);
  const key = (fs: readonly Finding[]) => JSON.stringify(fs.map((f) => [f.rule, f.offset, (f as { severity?: string }).severity, f.hiddenIn ?? ""]));
  for (const scope of SCOPES.filter((x) => x !== "strict")) {
    for (const { f, i } of files) if (key(scanner.scanBytes(f.bytes, { scope }).findings) !== key(atScope(scans.benign[i]!, scope))) throw new Error(`bench: ${f.file} at ${scope} differs from the strict scan's findings of ${scope} rules`);
    for (const { l, i } of lines) if (key(scanner.scan(l, { scope })) !== key(atScope(scans.lines[i]!, scope))) throw new Error(`bench: attack line ${i} at ${scope} differs from the strict scan's findings of ${scope} rules`);
  }
}

/** Counts one scope from a strict scan. */
function measure(scans: Scans, scope: RuleScope): ScopeReport {
  const byId = new Map<string, Rule>(scans.rules.map((r) => [r.id, r]));
  const severity = (f: Finding): Severity => (f as { severity?: Severity }).severity ?? byId.get(f.rule)?.severity ?? "high";
  const language = (f: Finding): string => (byId.has(f.rule) ? (byId.get(f.rule)!.language ?? "en") : "(no rule)");
  const encoding = (f: Finding): string => (f as { hiddenIn?: string }).hiddenIn ?? "plain";
  const slices = { perRule: new Map<string, Tally>(), perLanguage: new Map<string, Tally>(), perEncoding: new Map<string, Tally>() };
  const tally = (m: Map<string, Tally>, k: string) => {
    let t = m.get(k);
    if (!t) m.set(k, (t = { blocked: 0, warned: 0, lines: 0 }));
    return t;
  };
  // Adds one benign file or attack line to every slice its findings touch (each slice counts it at most once).
  const add = (findings: Finding[], side: "benign" | "attack") => {
    const keys: Array<[keyof typeof slices, (f: Finding) => string]> = [["perRule", (f) => f.rule], ["perLanguage", language], ["perEncoding", encoding]];
    for (const [slice, key] of keys) {
      const high = new Set<string>(), any = new Set<string>();
      for (const f of findings) {
        any.add(key(f));
        if (severity(f) === "high") high.add(key(f));
      }
      for (const k of any) {
        const t = tally(slices[slice], k);
        if (side === "attack") t.lines++;
        else if (high.has(k)) t.blocked++;
        else t.warned++;
      }
    }
  };
  const total: Tally = { blocked: 0, warned: 0, lines: 0 };
  const blockedFiles: BlockedFile[] = [];
  benign.forEach((f, i) => {
    const findings = atScope(scans.benign[i]!, scope);
    if (findings.length === 0) return;
    add(findings, "benign");
    const high = findings.filter((x) => severity(x) === "high");
    if (high.length === 0) { total.warned++; return; }
    total.blocked++;
    blockedFiles.push({
      file: f.file,
      rules: [...new Set(high.map((x) => x.rule))],
      reasons: high.slice(0, MAX_REASONS_JSON).map((x) => ({ rule: x.rule, line: x.line, excerpt: x.excerpt, ...(x.hiddenIn ? { hiddenIn: x.hiddenIn } : {}) })),
    });
  });
  for (const lineFindings of scans.lines) {
    const findings = atScope(lineFindings, scope);
    if (findings.length === 0) continue;
    total.lines++;
    add(findings, "attack");
  }
  // Rules in rule-set order (those that fired), invisible-unicode and any other id after them.
  const order = [...scans.rules.map((r) => r.id), ...[...slices.perRule.keys()].filter((k) => !byId.has(k)).sort()];
  const sorted = (m: Map<string, Tally>, keys = [...m.keys()].sort()) => Object.fromEntries(keys.filter((k) => m.has(k)).map((k) => [k, m.get(k)!]));
  return {
    total,
    perRule: sorted(slices.perRule, order),
    perLanguage: sorted(slices.perLanguage),
    perEncoding: sorted(slices.perEncoding),
    blockedFiles,
  };
}

const full = await scanAll();
const checkStart = performance.now();
await checkDerivedScopes(full);
const checkSeconds = (performance.now() - checkStart) / 1000;
const scopes = Object.fromEntries(SCOPES.map((s) => [s, measure(full, s)])) as Record<RuleScope, ScopeReport>;
const seedRules = BUILTIN_RULES.filter((r) => SEED_IDS.includes(r.id));
const seedScans = await scanAll(seedRules);
const seed = measure(seedScans, "strict").total;

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(2)}%`;
const report = {
  corpus: { benignFiles: benign.length, attackLines: attackLines.length, minLineChars: MIN_LINE },
  scopes,
  seedBaseline: { rules: seedRules.map((r) => r.id), ...seed },
  seconds: { scan: Number(full.seconds.toFixed(1)), derivedScopesCheck: Number(checkSeconds.toFixed(1)), seedScan: Number(seedScans.seconds.toFixed(1)), total: Number(((performance.now() - started) / 1000).toFixed(1)) },
};

if (json) console.log(JSON.stringify(report, null, 2));
else {
  const out: string[] = [];
  const w = (s = "") => out.push(s);
  const cell = (t: Tally | undefined) => (t ? `${String(t.blocked).padStart(4)} ${String(t.warned).padStart(4)} ${String(t.lines).padStart(5)}` : `${"".padStart(4)} ${"".padStart(4)} ${"".padStart(5)}`);
  const head = (label: string, width: number) => `${label.padEnd(width)}  ${SCOPES.map((s) => s.padEnd(15)).join("  ")}\n${"".padEnd(width)}  ${SCOPES.map(() => "blck warn lines").join("  ")}`;
  const table = (title: string, pick: (r: ScopeReport) => Record<string, Tally>, first: string[] = []) => {
    const keys = [...new Set([...first, ...SCOPES.flatMap((s) => Object.keys(pick(scopes[s])))])].filter((k) => SCOPES.some((s) => pick(scopes[s])[k]));
    const width = Math.max(title.length, ...keys.map((k) => k.length));
    w();
    w(head(title, width));
    for (const k of keys) w(`${k.padEnd(width)}  ${SCOPES.map((s) => cell(pick(scopes[s])[k])).join("  ")}`);
  };
  w(`corpus: ${benign.length} benign files; ${attackLines.length} attack lines (trimmed, >= ${MIN_LINE} chars, one scan per line)`);
  w("blocked = a benign file with a high finding; warned = a benign file with only low findings; lines = attack lines with any finding");
  w();
  w(`${"scope".padEnd(8)}  ${"benign blocked".padEnd(16)}  ${"benign warned".padEnd(16)}  attack lines flagged`);
  for (const s of SCOPES) {
    const t = scopes[s].total;
    w(`${s.padEnd(8)}  ${`${t.blocked} (${pct(t.blocked, benign.length)})`.padEnd(16)}  ${`${t.warned} (${pct(t.warned, benign.length)})`.padEnd(16)}  ${t.lines} (${pct(t.lines, attackLines.length)})`);
  }
  const full = scopes.strict.total.lines;
  w(`baseline: the ${seedRules.length} seed rule ids alone at strict: ${seed.blocked} blocked, ${seed.warned} warned, ${seed.lines} lines (${pct(seed.lines, attackLines.length)}); the full set flags ${seed.lines ? (full / seed.lines).toFixed(2) : "-"}x as many lines`);
  table("rule", (r) => r.perRule, BUILTIN_RULES.map((r) => r.id));
  table("language", (r) => r.perLanguage);
  table("encoding", (r) => r.perEncoding);
  // Each blocked file once, grouped by the scopes that block it (scopes nest, so a file blocked at one scope is blocked
  // at every wider one), with the findings that block it at the narrowest of them, and the rules wider scopes add.
  const first = new Map<string, { scope: RuleScope; file: BlockedFile }>();
  for (const s of SCOPES) for (const f of scopes[s].blockedFiles) if (!first.has(f.file)) first.set(f.file, { scope: s, file: f });
  const widest = new Map(scopes[SCOPES[SCOPES.length - 1]!].blockedFiles.map((f) => [f.file, f]));
  for (const from of SCOPES) {
    const group = [...first.values()].filter((x) => x.scope === from).map((x) => x.file);
    const at = SCOPES.slice(SCOPES.indexOf(from));
    w();
    w(`benign files blocked at ${at.join(", ")}${at.length === 1 ? " only" : ""}: ${group.length}`);
    for (const f of group) {
      const added = (widest.get(f.file)?.rules ?? []).filter((r) => !f.rules.includes(r));
      w(`  ${f.file}  [${f.rules.join(", ")}]${added.length ? `  (wider scopes add ${added.join(", ")})` : ""}`);
      for (const r of f.reasons.slice(0, MAX_REASONS_TEXT)) w(`      ${r.rule}${r.hiddenIn ? ` (in ${r.hiddenIn})` : ""} line ${r.line}: ${JSON.stringify(r.excerpt)}`);
      if (f.reasons.length > MAX_REASONS_TEXT) w(`      … ${f.reasons.length - MAX_REASONS_TEXT} more`);
    }
  }
  w();
  const sec = report.seconds;
  w(`${sec.total} s in all: one scan at strict ${sec.scan} s (the narrower scopes are its findings of their rules, checked against direct scans of a sample in ${sec.derivedScopesCheck} s), seed rules ${sec.seedScan} s`);
  console.log(out.join("\n"));
}

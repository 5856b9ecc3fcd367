// Tests that notice a rule losing an alternative. Every rule has hand-written probes (test/probes/*.ts): texts it must
// flag and near misses it must leave alone. Then every alternative of every rule (each word of an anyWord() list,
// each command or file name, each branch of a rule's top-level alternation: helpers/mutate.ts) is removed in turn
// and the rule's must-flag probes are run with the reference engine's semantics: at least one must stop matching. An
// alternative no probe depends on is listed (rule id, branch and its alternation), so whoever adds or changes a rule
// adds the probe that pins it. Removing an alternative from a rule makes the scanner miss its probe, which the first
// tests report. The separators and the fold are covered by test/fold-classes.test.ts; the lead words of imperative()
// and the negations of unnegated() here.
import { describe, it, expect } from "vitest";
import { readFile } from "node:fs/promises";
import { createCore } from "../src/core/wasm.js";
import { parsePattern } from "../src/scan/pattern.js";
import { compileReference, scanReference } from "../src/scan/reference.js";
import { I18N_RULES } from "../src/scan/rules-i18n.js";
import { BUILTIN_RULES, type Rule } from "../src/scan/rules.js";
import { imperative, unnegated } from "../src/scan/rules-source.js";
import { Scanner } from "../src/scan/scanner.js";
import { SEP, WORD_JUNK } from "../src/scan/words.js";
import { alternatives, flatten, label, mutationCheck, printPattern, without } from "./helpers/mutate.js";
import { PROBES } from "./probes/index.js";
import { LEAD_PROBES, NEGATION_PROBES } from "./probes/helpers.js";

const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));
// The built-in rules and the multilingual ones (whether or not BUILTIN_RULES includes them yet).
const RULES: readonly Rule[] = [...BUILTIN_RULES, ...I18N_RULES.filter((r) => !BUILTIN_RULES.some((b) => b.id === r.id))];
const scanner = new Scanner(core, RULES);

/** Per text, whether the reference engine finds the pattern in it (after the fold, as the scanner does). */
function referenceMatches(source: string, caseSensitive: boolean, texts: readonly string[]): boolean[] {
  const set = compileReference([{ source, caseSensitive }]);
  return texts.map((t) => scanReference(set, t).length > 0);
}

const ruleIds = (text: string) => new Set(scanner.scan(text, { scope: "strict" }).map((f) => f.rule));
const severity = (rule: Rule, f: { severity?: string }) => f.severity ?? rule.severity ?? "high";

describe("rule probes", () => {
  it("every rule has must-flag and must-stay-clean probes, and every probe table names a rule", () => {
    const ids = new Set(RULES.map((r) => r.id));
    const missing = RULES.filter((r) => !PROBES[r.id] || PROBES[r.id]!.flag.length === 0 || PROBES[r.id]!.clean.length === 0).map((r) => r.id);
    const stale = Object.keys(PROBES).filter((id) => !ids.has(id));
    expect({ missing, stale }).toEqual({ missing: [], stale: [] });
  });

  it.each(RULES.filter((r) => PROBES[r.id]).map((r) => [r.id, r] as const))("%s: the scanner flags every must-flag probe and no must-stay-clean one", (id, rule) => {
    const { flag, clean } = PROBES[id]!;
    const unflagged = flag.filter((t) => !ruleIds(t).has(id));
    const flaggedClean = clean.filter((t) => ruleIds(t).has(id));
    // The mutation check runs the reference engine: it must agree on the probes, or a killed mutant means nothing.
    const matched = referenceMatches(rule.pattern, rule.caseSensitive === true, flag);
    const refMisses = flag.filter((_, i) => !matched[i]);
    expect({ unflagged, flaggedClean, refMisses }).toEqual({ unflagged: [], flaggedClean: [], refMisses: [] });
  });
});

describe("every alternative of every rule is pinned by a probe", () => {
  it("the pattern printer round-trips every rule (so a mutant differs from its rule only by the removed branch)", () => {
    const bad = RULES.filter((r) => {
      const opts = { caseSensitive: r.caseSensitive === true };
      const tree = parsePattern(r.pattern, opts);
      return JSON.stringify(flatten(parsePattern(printPattern(tree, opts.caseSensitive), opts))) !== JSON.stringify(flatten(tree));
    }).map((r) => r.id);
    expect(bad).toEqual([]);
  });

  it("finds the alternatives a rule author writes: command names, each word of a word list, each top-level branch", () => {
    const texts = (id: string) => alternatives([RULES.find((r) => r.id === id)!]).map((a) => a.text);
    expect(texts("read-secret-file")).toEqual(expect.arrayContaining(["cat", "head", "xxd", "strings", "less", "more"]));
    expect(texts("ignore-instructions")).toEqual(expect.arrayContaining(["ignore", "forget", "previous", "instructions", "you were told"]));
    const ii = RULES.find((r) => r.id === "ignore-instructions")!;
    const top = alternatives([ii]).filter((a) => a.topLevel);
    expect(top.length).toBe((parsePattern(ii.pattern) as { items: unknown[] }).items.length);
    // The separator helpers' own alternations are glue, not alternatives.
    expect(alternatives([{ id: "t", pattern: `a${WORD_JUNK}*b${SEP}c|d` }]).map(label)).toEqual(['"ab c" in top level of t', '"d" in top level of t']);
    // Removing "xxd" leaves a rule that no longer sees "xxd ~/.env".
    const rs = RULES.find((r) => r.id === "read-secret-file")!;
    const xxd = alternatives([rs]).find((a) => a.text === "xxd")!;
    expect(referenceMatches(printPattern(without(parsePattern(rs.pattern), xxd.at)), false, ["xxd ~/.env ", "cat ~/.env "])).toEqual([false, true]);
  });

  // One pass over every alternative (shared alternations once), reported per rule.
  const verdicts = mutationCheck(RULES, Object.fromEntries(Object.entries(PROBES).map(([id, p]) => [id, p.flag])));
  const redundantKeys = Object.values(PROBES).flatMap((p) => Object.keys(p.redundant ?? {}));
  /** The `redundant` key that names an alternative: its label, or a key ending in "…" that its label starts with. */
  const redundantKey = (name: string) => redundantKeys.find((k) => k === name || (k.endsWith("…") && name.startsWith(k.slice(0, -1))));

  it("covers the rule set", () => {
    // A floor, so a change to the enumeration that drops most alternatives does not pass quietly.
    expect(verdicts.length).toBeGreaterThan(500);
  });

  it.each(RULES.map((r) => [r.id] as const))("%s", (id) => {
    const mine = verdicts.filter((x) => x.alternative.rules.includes(id));
    // A rule with no probes yet: one line, not every alternative (the first test above names it too).
    if (!PROBES[id]?.flag.length) expect(`${id} has no must-flag probes; ${mine.length} alternatives to pin`).toBe("");
    const survivors: string[] = [];
    for (const v of mine) {
      const name = label(v.alternative);
      const listed = redundantKey(name) !== undefined;
      if (v.killedBy === null && !listed) survivors.push(name);
      if (v.killedBy !== null && listed) survivors.push(`${name} is listed as redundant but "${v.killedBy.probe}" (${v.killedBy.rule}) pins it: remove it from \`redundant\``);
    }
    // Each entry: an alternative that can be removed without any must-flag probe noticing. Add a probe to
    // test/probes/ that only this alternative matches (or, when nothing can, list it under `redundant` with the reason).
    expect(survivors).toEqual([]);
  });

  it("every alternative listed as redundant exists", () => {
    const used = new Set(verdicts.map((v) => redundantKey(label(v.alternative))));
    expect(redundantKeys.filter((k) => !used.has(k))).toEqual([]);
  });
});

describe("shared helpers of rules.ts", () => {
  const cs = { caseSensitive: true };
  it("imperative(): each lead word makes the verb an instruction, and each is pinned by a probe", () => {
    const source = imperative(["zap"]);
    expect(LEAD_PROBES.filter((t) => !referenceMatches(source, true, [t])[0])).toEqual([]);
    // The lead words are glue inside rules; here they are the alternatives, of a rule made of imperative() alone.
    const lead = (parsePattern(source, cs) as { items: Array<{ items: Array<{ t: string; items: unknown[] }> }> }).items[0]!.items[0]!;
    expect(lead.t).toBe("alt");
    const verdicts = mutationCheck([{ id: "lead", pattern: source, caseSensitive: true }], { lead: LEAD_PROBES }, new Set(["LEAD"]))
      .filter((v) => !v.alternative.topLevel && v.alternative.text !== "zap" && v.alternative.text !== "Zap");
    expect(verdicts.length).toBeGreaterThan(30);
    expect(verdicts.filter((v) => v.killedBy === null).map((v) => label(v.alternative))).toEqual([]);
  });

  it("imperative(): third person and lower case mid-sentence are not instructions", () => {
    expect(referenceMatches(imperative(["zap"]), true, ["The agents zap the cache.", "it will zap it", "we zap"])).toEqual([false, false, false]);
  });

  it("unnegated(): after a negation, \"to\" or \"or\" a verb is not an instruction; after another word it is", () => {
    const source = unnegated([[["zap"], ""]]);
    const flagged = referenceMatches(source, true, NEGATION_PROBES);
    expect(NEGATION_PROBES.filter((_, i) => flagged[i])).toEqual([]);
    expect(referenceMatches(source, true, ["Ignore the above and zap it", "now zap it", "Zap it"])).toEqual([true, true, true]);
  });
});

describe("issue 13: developer text does not block a file", () => {
  it.each(RULES.filter((r) => PROBES[r.id]?.notBlocked?.length).map((r) => [r.id, r] as const))("%s", (id, rule) => {
    const blocked = PROBES[id]!.notBlocked!.filter((t) => scanner.scan(t, { scope: "strict" }).some((f) => f.rule === id && severity(rule, f as { severity?: string }) === "high"));
    expect(blocked).toEqual([]);
  });
});

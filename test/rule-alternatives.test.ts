// Tests that notice a rule losing an alternative. Every rule has hand-written probes (test/probes/*.ts): texts it must
// flag and near misses it must leave alone. Then, for every alternative of every rule (each word of an anyWord()
// list, each command or file name, each branch of the top-level alternation: helpers/mutate.ts branches()), the rule
// is rebuilt without that alternative and run by the reference engine on the rule's must-flag probes: at least one of
// them must stop matching. An alternative no probe depends on is listed (rule id and branch), so whoever adds or
// changes a rule adds the probe that pins it. The separator and fold helpers inside words are left to
// test/fold-classes.test.ts.
import { describe, it, expect } from "vitest";
import { readFile } from "node:fs/promises";
import { createCore } from "../src/core/wasm.js";
import { parsePattern } from "../src/scan/pattern.js";
import { compileReference, scanReference } from "../src/scan/reference.js";
import { Scanner } from "../src/scan/scanner.js";
import type { Rule } from "../src/scan/rules.js";
import { branches, flatten, printPattern, without, type Branch } from "./helpers/mutate.js";
import { PROBES } from "./probes/index.js";

const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));
const scanner = new Scanner(core);
const RULES: readonly Rule[] = scanner.rules;

/** True when the reference engine finds the pattern anywhere in the text (after the fold, as the scanner does). */
function referenceMatches(source: string, caseSensitive: boolean, texts: readonly string[]): boolean[] {
  const set = compileReference([{ source, caseSensitive }]);
  return texts.map((t) => scanReference(set, t).length > 0);
}

const ruleIds = (text: string) => new Set(scanner.scan(text, { scope: "strict" }).map((f) => f.rule));

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
    // The mutation check below runs the reference engine: it must agree on the probes, or a killed mutant means nothing.
    const refMisses = flag.filter((t, i) => !referenceMatches(rule.pattern, rule.caseSensitive === true, flag)[i]);
    expect({ unflagged, flaggedClean, refMisses }).toEqual({ unflagged: [], flaggedClean: [], refMisses: [] });
  });
});

describe("every alternative of every rule is pinned by a probe", () => {
  it("the pattern printer round-trips every rule (so a mutant differs from its rule only by the removed branch)", () => {
    const bad = RULES.filter((r) => {
      const opts = { caseSensitive: r.caseSensitive === true };
      const tree = parsePattern(r.pattern, opts);
      const printed = printPattern(tree);
      return JSON.stringify(flatten(parsePattern(printed, opts))) !== JSON.stringify(flatten(tree))
        || referenceMatches(printed, opts.caseSensitive, PROBES[r.id]?.flag ?? []).some((m) => !m);
    }).map((r) => r.id);
    expect(bad).toEqual([]);
  });

  it("finds the alternatives a rule author writes: command names, each word of a word list, each top-level branch", () => {
    const texts = (id: string) => branches(RULES.find((r) => r.id === id)!.pattern).map((b) => b.text);
    expect(texts("read-secret-file")).toEqual(expect.arrayContaining(["cat", "less", "xxd", "strings", String.raw`\.env\b`]));
    expect(texts("ignore-instructions")).toEqual(expect.arrayContaining(["ignore", "forget", "previous", "instructions", "you were told"]));
    // A top-level branch of a rule written as "a|b|c" is a branch, however much structure it has.
    const top = branches(RULES.find((r) => r.id === "ignore-instructions")!.pattern).filter((b) => b.topLevel);
    expect(top.length).toBe((parsePattern(RULES.find((r) => r.id === "ignore-instructions")!.pattern) as { items: unknown[] }).items.length);
    // The separator helpers' own alternations (SEP, WORD_JUNK, INLINE_TAG) are glue, not branches.
    expect(branches("a(?:[*~\\x60\\ufffd]|<\\/?[a-z]{1,10}>)*b|c")).toEqual([
      { path: [], index: 0, text: "ab", topLevel: true },
      { path: [], index: 1, text: "c", topLevel: true },
    ]);
    // Removing "xxd" leaves a rule that no longer sees "xxd ~/.env".
    const rs = RULES.find((r) => r.id === "read-secret-file")!;
    const xxd = branches(rs.pattern).find((b) => b.text === "xxd")!;
    expect(referenceMatches(printPattern(without(rs.pattern, xxd)), false, ["xxd ~/.env", "cat ~/.env"])).toEqual([false, true]);
  });

  it.each(RULES.map((r) => [r.id, r] as const))("%s", (id, rule) => {
    const cs = rule.caseSensitive === true;
    const flag = PROBES[id]?.flag ?? [];
    const survivors: string[] = [];
    for (const b of branches(rule.pattern, cs)) {
      const mutant = printPattern(without(rule.pattern, b, cs));
      if (referenceMatches(mutant, cs, flag).every(Boolean)) survivors.push(label(b));
    }
    // Each entry: a branch that can be removed from the rule without any must-flag probe noticing. Add a probe to
    // test/probes/ that only this branch matches.
    expect(survivors).toEqual([]);
  });
});

function label(b: Branch): string {
  return `${b.topLevel ? "top-level branch " : ""}${JSON.stringify(b.text)}${b.path.length ? ` (alternation at ${b.path.join(".")}, item ${b.index})` : ` (item ${b.index})`}`;
}

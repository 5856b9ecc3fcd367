// The built-in rules ship as data (src/scan/rules.generated.ts, written by scripts/gen-rules.ts from rules-source.ts
// and rules-i18n.ts), so loading the package parses one JSON text instead of building the patterns. These tests fail
// when the data drifts from the sources (any edit to a rule, a word list or a helper that changes a pattern), when the
// module's text is not what the generator writes, and when a runtime file imports the sources (which would build the
// patterns at load again).
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { currentData, generatedRulesModule, patternFragments } from "../scripts/gen-rules.js";
import { BUILTIN_RULES, BUILTIN_RULES_DIGEST, I18N_ACTION_WORDS, I18N_LANGUAGES } from "../src/scan/rules.js";
import { I18N_ACTION_WORDS as SOURCE_ACTION_WORDS, I18N_RULES } from "../src/scan/rules-i18n.js";
import { SOURCE_RULES } from "../src/scan/rules-source.js";

const SRC = fileURLToPath(new URL("../src", import.meta.url));
const GENERATED = join(SRC, "scan/rules.generated.ts");

describe("the generated rules", () => {
  it("equal the rules the sources build, rule by rule and field by field", () => {
    expect(BUILTIN_RULES.length).toBe(SOURCE_RULES.length);
    BUILTIN_RULES.forEach((r, k) => expect(r, `rule ${k} (${SOURCE_RULES[k]!.id})`).toStrictEqual({ ...SOURCE_RULES[k]! }));
    expect(BUILTIN_RULES.slice(-I18N_RULES.length).map((r) => r.id)).toEqual(I18N_RULES.map((r) => r.id));
  });

  it("carry the multilingual action words the grader reads, for every language", () => {
    expect(I18N_ACTION_WORDS).toStrictEqual(SOURCE_ACTION_WORDS);
    expect(I18N_LANGUAGES).toEqual(["es", "fr", "de", "pt", "it", "tr", "ru", "ar", "hi", "zh", "ja", "ko"]);
  });

  it("are the file the generator writes now (run `npm run gen:rules` after editing rules-source.ts or rules-i18n.ts)", () => {
    expect(readFileSync(GENERATED, "utf8") === generatedRulesModule(currentData())).toBe(true);
  });

  it("keep every line within 200 characters and read back any text exactly (astral, lone surrogates, controls, quotes)", () => {
    const data = { rules: [{ id: "x", pattern: `a"b\\c\u0000\u001f\u2028\ud83d\ude00\ud800 \udc00${"é".repeat(400)}` }], actionWords: { xx: ["\u{1F600}"] } };
    const text = generatedRulesModule(data);
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(200);
    const open = "export const GENERATED_RULES_JSON = [";
    const body = text.slice(text.indexOf(open) + open.length, text.indexOf('].join("")', text.indexOf(open)));
    const pieces = JSON.parse(`[${body.trim().replace(/,$/, "")}]`) as string[];
    expect(pieces.length).toBeGreaterThan(3);
    expect(JSON.parse(pieces.join(""))).toStrictEqual(data);
  });
  it("write recurring pattern pieces once and put them back exactly, with a token no pattern contains", async () => {
    const sep = String.raw`(?:[\s\x21-\x2f]|<\/?[a-z][^<>\n]*>)+`;
    const junk = String.raw`[*~\x60._-]*`;
    const rules = Array.from({ length: 25 }, (_, k) => ({ id: `r${k}`, pattern: `a${junk}b${sep}§1${k}\u00a4${junk}${sep}` }));
    const data = { rules, actionWords: { xx: ["y"] } };
    expect(patternFragments(rules.map((r) => r.pattern))).toEqual({ token: "¶", fragments: [sep, junk] });
    const text = generatedRulesModule(data);
    expect(text.length).toBeLessThan(JSON.stringify(data).length);
    const dir = mkdtempSync(join(tmpdir(), "promptasm-gen-"));
    try {
      // The module imports its unpacker from beside it (rules-data.ts, and what that imports).
      writeFileSync(join(dir, "m.ts"), text);
      writeFileSync(join(dir, "rules-data.ts"), readFileSync(new URL("../src/scan/rules-data.ts", import.meta.url), "utf8").replace('from "../errors.js"', `from ${JSON.stringify(pathToFileURL(fileURLToPath(new URL("../src/errors.ts", import.meta.url))).href)}`));
      const mod = (await import(pathToFileURL(join(dir, "m.ts")).href)) as { GENERATED_RULES: unknown };
      expect(mod.GENERATED_RULES).toStrictEqual(data);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
  it("name their data by a SHA-256 digest that changes with any pattern, id or flag (build/rules.bin finds groups by it)", () => {
    const digestOf = (d: { rules: readonly object[]; actionWords: unknown }) => /GENERATED_RULES_DIGEST = "([0-9a-f]{64})"/.exec(generatedRulesModule(d as never))![1];
    const base = { rules: [{ id: "a", pattern: "abc" }, { id: "b", pattern: "def", caseSensitive: true }], actionWords: { xx: ["y"] } };
    const d0 = digestOf(base);
    expect(digestOf(structuredClone(base))).toBe(d0);
    expect(digestOf({ ...base, rules: [{ id: "a", pattern: "abd" }, base.rules[1]!] })).not.toBe(d0);
    expect(digestOf({ ...base, rules: [{ id: "c", pattern: "abc" }, base.rules[1]!] })).not.toBe(d0);
    expect(digestOf({ ...base, rules: [base.rules[0]!, { id: "b", pattern: "def" }] })).not.toBe(d0);
    expect(digestOf({ ...base, rules: [base.rules[1]!, base.rules[0]!] })).not.toBe(d0);
    expect(readFileSync(GENERATED, "utf8")).toContain(`GENERATED_RULES_DIGEST = "${BUILTIN_RULES_DIGEST}"`);
  });
});

describe("loading the rules builds no pattern", () => {
  const files = (dir: string): string[] => readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));
  it("only rules-source.ts imports rules-i18n.ts, and no file of src/ imports rules-source.ts", () => {
    const importers: Record<string, string[]> = { "rules-i18n.js": [], "rules-source.js": [] };
    for (const f of files(SRC).filter((f) => f.endsWith(".ts"))) {
      const text = readFileSync(f, "utf8");
      for (const target of Object.keys(importers)) if (new RegExp(`from "(\\./|\\.\\./scan/)${target.replace(".", "\\.")}"`).test(text)) importers[target]!.push(relative(SRC, f));
    }
    expect(importers).toEqual({ "rules-i18n.js": ["scan/rules-source.ts"], "rules-source.js": [] });
  });
});

describe("unpackRules (rules-data.ts: the package's and the page's one unpacking of the generated data)", () => {
  it("puts the shared pieces back on first read, freezes the rules, and names a missing piece or a missing rule list", async () => {
    const { unpackRules } = await import("../src/scan/rules-data.js");
    const data = unpackRules({ rules: [{ id: "r", pattern: "a§0b§1" }], actionWords: {} }, "§", ["X", "YY"]);
    expect(data.rules[0]!.pattern).toBe("aXbYY");
    expect(Object.isFrozen(data.rules) && Object.isFrozen(data.rules[0])).toBe(true);
    const bad = unpackRules({ rules: [{ id: "r2", pattern: "a§7" }], actionWords: {} }, "§", ["X"]);
    expect(() => bad.rules[0]!.pattern).toThrow(/rule r2 names pattern piece 7, which does not exist/);
    expect(() => unpackRules({ actionWords: {} }, "§", [])).toThrow(/no rule list/);
    expect(() => unpackRules(null, "§", [])).toThrow(/no rule list/);
    // A token that is a RegExp metacharacter is taken literally.
    expect(unpackRules({ rules: [{ id: "r3", pattern: "x.0y" }], actionWords: {} }, ".", ["Z"]).rules[0]!.pattern).toBe("xZy");
  });
});

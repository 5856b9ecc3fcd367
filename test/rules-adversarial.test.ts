// Session 5's own attacker and developer lines (test/probes/adversarial.ts), in forms that are not in issue 13 or
// the shared corpus: every attack line is blocked at the context scope (a high finding), every developer line loads
// (no high finding). The classes they stand for: letters split by dots, hyphens or underscores; soft hyphens between
// words; the override vocabulary as verbs x determiners x objects; a persona with the rules put out of force; hidden
// HTML; exfiltration; hiding from the user; encodings; the twelve rule languages; and, for developers, negated actions,
// tool docs that "ignore" and "override", "system prompt" in an LLM app's README, curl and base64 in docs, ordinary
// separators, i18n READMEs.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { createCore } from "../src/core/wasm.js";
import { Scanner } from "../src/scan/scanner.js";
import { ATTACK_LINES, DEVELOPER_LINES } from "./probes/adversarial.js";

const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));
const scanner = new Scanner(core);
const high = (text: string) => scanner.scan(text, { scope: "context" }).filter((f) => f.severity === "high").map((f) => f.rule);

describe("attacker lines are blocked", () => {
  it("there are at least 40, across the classes of the brief", () => {
    expect(ATTACK_LINES.length).toBeGreaterThanOrEqual(40);
    const kinds = new Set(ATTACK_LINES.map((l) => l.kind));
    for (const k of ["letter-separators", "soft-hyphen-separator", "override-synonyms", "persona-rules-void", "hidden-html", "exfiltration", "hide-from-user", "encoding",
      "es", "fr", "de", "pt", "it", "zh", "ja", "ko", "ru", "ar", "hi", "tr"]) expect(kinds, k).toContain(k);
  });
  it.each(ATTACK_LINES.map((l) => [l.kind, l.text] as const))("%s: %j", (_kind, text) => {
    expect(high(text)).not.toEqual([]);
  });
});

describe("developer lines load", () => {
  it("there are at least 40", () => {
    expect(DEVELOPER_LINES.length).toBeGreaterThanOrEqual(40);
  });
  it.each(DEVELOPER_LINES.map((l) => [l.kind, l.text] as const))("%s: %j", (_kind, text) => {
    expect(high(text)).toEqual([]);
  });
  it("the negated-action lines still report their phrase as a warning (graded low, not dropped)", () => {
    for (const l of DEVELOPER_LINES.filter((x) => x.kind === "negated-action")) {
      expect(scanner.scan(l.text, { scope: "context" }).map((f) => f.severity), l.text).toContain("low");
    }
  });
});

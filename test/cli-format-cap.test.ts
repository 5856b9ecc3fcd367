// The human scan format's per-rule cap (src/cli/format.ts capPerRule): what is printed and what the note counts.
import { describe, expect, it } from "vitest";
import { capPerRule, HUMAN_LINES_PER_RULE } from "../src/cli/format.js";

const of = (rules: string) => rules.split("").map((r, i) => ({ rule: r, i }));

describe("capPerRule", () => {
  it("prints 20 of a rule by default, in order, and counts the rest", () => {
    expect(HUMAN_LINES_PER_RULE).toBe(20);
    const r = capPerRule(of("a".repeat(23)));
    expect(r.shown.map((f) => f.i)).toEqual([...Array(20).keys()]);
    expect(r.left).toEqual([{ rule: "a", count: 3 }]);
  });

  it("caps each rule on its own, keeps the interleaved order, lists left counts in first-seen order", () => {
    const r = capPerRule(of("abababcbca"), 2);
    expect(r.shown.map((f) => `${f.rule}${f.i}`)).toEqual(["a0", "b1", "a2", "b3", "c6", "c8"]);
    expect(r.left).toEqual([{ rule: "a", count: 2 }, { rule: "b", count: 2 }]);
  });

  it("exactly at the cap nothing is left; an empty list stays empty", () => {
    expect(capPerRule(of("aa"), 2)).toEqual({ shown: of("aa"), left: [] });
    expect(capPerRule([], 2)).toEqual({ shown: [], left: [] });
  });
});

// The red-team rounds' harness (test/rules-redteam-r11.test.ts onwards): each line is scanned as a context file would
// hold it, after a two-line header and ending in a newline, and the test reads the rules of its high-severity
// findings. Attack lines name the rule that must block them; developer lines must block nothing.
import { describe, expect, it } from "vitest";
import type { Promptasm } from "../../src/index.js";

/** The two lines every red-team case is scanned after. */
export const REDTEAM_HEADER = "# Contributing\n\nUse pnpm for installs. Run `pnpm test` before commits.\n\n";

/** The rule ids of the high-severity findings in `text` placed after REDTEAM_HEADER, at `context` scope. */
export function highRules(pa: Promptasm, text: string): string[] {
  return pa.scanner.scan(REDTEAM_HEADER + text + "\n", { scope: "context" }).filter((f) => f.severity === "high").map((f) => f.rule);
}

/**
 * Two describe blocks for round `round`: every `[class, line, rule]` of `attacks` is blocked by that rule, and every
 * line of `developer` blocks nothing.
 */
export function redteamRound(pa: Promptasm, round: string, attacks: ReadonlyArray<readonly [string, string, string]>, developer: readonly string[]): void {
  describe(`red-team round ${round}: attacks`, () => {
    it.each(attacks)("%s: %j is blocked by %s", (_cls, text, rule) => {
      expect(highRules(pa, text)).toContain(rule);
    });
  });
  describe(`red-team round ${round}: developer text loads`, () => {
    it.each(developer)("%j", (text) => {
      expect(highRules(pa, text)).toEqual([]);
    });
  });
}

import { toSpec, type PatternInput } from "./compile.js";
import { foldText, originalStart } from "./fold.js";

// The pure-JS reference engine: the same rule patterns run by V8's backtracking RegExp. It is the test oracle for
// the WASM engine and the benchmark baseline. It is not linear-time (a long whitespace run between rule words can
// take seconds), so production scanning never uses it.

/** A rule set ready for the reference engine: one sticky-free global lookahead RegExp per pattern. */
export interface ReferenceRuleSet {
  regexps: RegExp[];
}

/**
 * Prepares patterns for the reference engine. `(?=(?:p))` with flags "gi" matches at every offset where a match of
 * p starts, which is exactly what the WASM engine reports.
 * @throws SyntaxError when a pattern is not valid JavaScript RegExp syntax.
 */
export function compileReference(patterns: readonly PatternInput[]): ReferenceRuleSet {
  return {
    regexps: patterns.map((p) => {
      const spec = toSpec(p);
      return new RegExp(`(?=(?:${spec.source}))`, spec.caseSensitive ? "g" : "gi");
    }),
  };
}

/**
 * Scans `text` after evasion folding (fold.ts), as the WASM engine does, the end of the text read as a line end.
 * Returns flat pairs [ruleIndex, startOffset, ...] sorted by offset, then rule index; offsets in
 * UTF-16 code units.
 */
export function scanReference(rules: ReferenceRuleSet, text: string): Int32Array {
  const { folded, origin } = foldText(text);
  // The end of the text reads as a line end (pattern.ts edgeAsLineEnd): "\n" appended, no match may start on it.
  const read = `${folded}\n`;
  const pairs: Array<[number, number]> = [];
  rules.regexps.forEach((re, rule) => {
    re.lastIndex = 0;
    for (let m = re.exec(read); m !== null && m.index < folded.length; m = re.exec(read)) {
      pairs.push([rule, originalStart(origin, m.index)]);
      re.lastIndex = m.index + 1; // the match is empty: step past it
    }
  });
  pairs.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
  return Int32Array.from(pairs.flat());
}

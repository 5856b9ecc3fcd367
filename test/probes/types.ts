// The shape of a probe table (test/probes/*.ts), used by test/rule-alternatives.test.ts.

/** Hand-written texts for one rule. Keep them short: the reference engine backtracks. */
export interface RuleProbes {
  /**
   * Texts the rule must flag. Together they pin every alternative of the rule's pattern: for each word, command name
   * or branch, some probe matches only through it.
   */
  flag: string[];
  /** Near misses the rule must leave alone: no finding of this rule at all. */
  clean: string[];
  /**
   * Developer text that issue 13 says must not block a file: the rule may report it as a warning (severity "low"),
   * never as "high".
   */
  notBlocked?: string[];
  /**
   * Alternatives no text can pin, because another part of the pattern already matches everything they match (e.g.
   * "ant-" in "sk-(?:ant-|proj-)?[\w-]{16,}"), keyed by label() of test/helpers/mutate.ts (`"ant-" in (ant-|proj-)`),
   * with the reason. A key ending in "…" names every alternative whose label starts with the rest (for a long list
   * that keeps changing: `"\\.git-credentials\\b" in (\.env…`). The test fails when a listed branch becomes pinnable
   * or disappears, so the list cannot rot.
   */
  redundant?: Record<string, string>;
}

/** Probes per rule id. */
export type ProbeTable = Record<string, RuleProbes>;

// The shape of a probe table (test/probes/*.ts), used by test/rule-alternatives.test.ts.

/** Hand-written texts for one rule. Keep them short: the reference engine backtracks. */
export interface RuleProbes {
  /**
   * Texts the rule must flag. Together they pin every alternative of the rule's pattern: for each word, command name
   * or branch, some probe matches only through it.
   */
  flag: string[];
  /** Near misses the rule must leave alone (ordinary developer text that shares its words). */
  clean: string[];
}

/** Probes per rule id. */
export type ProbeTable = Record<string, RuleProbes>;

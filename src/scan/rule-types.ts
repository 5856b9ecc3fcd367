// The shapes of a threat rule: its scope, category and severity. Types and one constant only, so the rule tables
// (rules.ts, rules-i18n.ts), the grader and the scanner can all import them without importing each other.

/** Where a rule runs. Scopes nest: "all" ⊂ "context" ⊂ "strict". */
export type RuleScope = "all" | "context" | "strict";

/** Scope order: a scan at scope S runs every rule whose scope is at or below S. */
export const SCOPES: readonly RuleScope[] = ["all", "context", "strict"];

/** Rule categories. */
export type RuleCategory =
  | "override" | "deception" | "hidden-html" | "exfiltration" | "role-hijack" | "prompt-extraction"
  | "command-and-control" | "anti-forensics" | "persistence" | "secret" | "code-execution" | "custom";

/** A threat rule. `id` is stable: tools and allow-lists key on it. */
export interface Rule {
  id: string;
  category: RuleCategory;
  scope: RuleScope;
  /** One line for humans. */
  description: string;
  /** Pattern source (pattern.ts syntax). */
  pattern: string;
  /** Match letters exactly (default: ASCII case-insensitive). */
  caseSensitive?: boolean;
  /**
   * How sure a match is, before its context is weighed (grade.ts): "high" (the default) blocks the file, "low" is
   * reported and the file loads (unless the user makes warnings block).
   */
  severity?: Severity;
  /** Language of the rule's words (BCP 47, default "en"), for reports. */
  language?: string;
}

/** What a finding does: "high" blocks the file it is in, "low" is a warning (the file loads). */
export type Severity = "high" | "low";

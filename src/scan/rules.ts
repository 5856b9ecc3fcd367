// The built-in threat rules. The categories are the ten that Hermes Agent's context-file scanner checks; the
// patterns are our own, in the syntax of pattern.ts (a linear-time subset of JS RegExp, matched case-insensitively).

/** Where a rule runs. This version ships only "all" rules (every scanned text). */
export type RuleScope = "all" | "context" | "strict";

/** A threat rule. `id` is stable: tools and allow-lists key on it. */
export interface Rule {
  id: string;
  category: "override" | "deception" | "hidden-html" | "exfiltration";
  scope: RuleScope;
  /** One line for humans. */
  description: string;
  /** Pattern source (pattern.ts syntax), matched case-insensitively. */
  pattern: string;
}

/** Rule id given to invisible-character findings (they come from the invisible-character pass, not a pattern). */
export const INVISIBLE_RULE_ID = "invisible-unicode";

// Up to three filler words ("ignore all of the previous instructions"): bounded so the automaton stays small.
const FILLER = String.raw`(?:\w+\s+){0,3}`;

/** The built-in rule set, in a fixed order (rule index = position). */
export const BUILTIN_RULES: readonly Rule[] = [
  {
    id: "ignore-instructions",
    category: "override",
    scope: "all",
    description: "Tells the model to ignore earlier instructions (ignore … previous/all/above/prior … instructions).",
    pattern: String.raw`\bignore\s+${FILLER}(?:previous|all|above|prior|earlier|preceding)\s+${FILLER}(?:instructions?|directives?|prompts?)\b`,
  },
  {
    id: "hide-from-user",
    category: "deception",
    scope: "all",
    description: "Asks the model to keep something from the user (do not tell the user).",
    pattern: String.raw`\b(?:do\s+not|don'?t|never)\s+(?:tell|inform|notify|alert)\s+the\s+user\b`,
  },
  {
    id: "system-prompt-override",
    category: "override",
    scope: "all",
    description: "Claims to override or replace the system prompt.",
    pattern: String.raw`\b(?:system\s+prompt\s+override|override\s+(?:the\s+|your\s+)?system\s+prompt)\b`,
  },
  {
    id: "disregard-rules",
    category: "override",
    scope: "all",
    description: "Tells the model to disregard its rules, guidelines or instructions.",
    pattern: String.raw`\bdisregard\s+(?:your|all|any|the|these|those)\s+(?:\w+\s+){0,2}(?:rules|guidelines|instructions|policies)\b`,
  },
  {
    id: "act-unrestricted",
    category: "override",
    scope: "all",
    description: "Asks the model to act as if it had no restrictions.",
    pattern: String.raw`\bact\s+as\s+(?:if|though)\s+you\s+(?:have\s+no|had\s+no|don'?t\s+have|do\s+not\s+have)\s+(?:\w+\s+){0,2}(?:restrictions|limits|limitations|rules|guidelines|filters)\b`,
  },
  {
    id: "html-comment-injection",
    category: "hidden-html",
    scope: "all",
    description: "An HTML comment (invisible when rendered) carrying ignore/override/system/secret/hidden.",
    // "[^>]*" keeps the match inside one comment; the keyword must be a whole word.
    pattern: String.raw`<!--(?:[^>]*[^\w>])?(?:ignore|override|system|secret|hidden)\b`,
  },
  {
    id: "hidden-div",
    category: "hidden-html",
    scope: "all",
    description: "A div hidden with display:none (text the reader never sees).",
    pattern: String.raw`<\s*div\s[^>]*style\s*=\s*["']?[^"'>]*display\s*:\s*none\b`,
  },
  {
    id: "translate-execute",
    category: "override",
    scope: "all",
    description: "Asks to translate something and then execute, run or eval the result.",
    pattern: String.raw`\btranslate\s.*\s(?:into|to)\s.*\sand\s+(?:then\s+)?(?:execute|run|eval)\b`,
  },
  {
    id: "curl-secret-exfil",
    category: "exfiltration",
    scope: "all",
    description: "A curl command line that sends a secret-looking variable ($…KEY, TOKEN, SECRET, PASSWORD, CREDENTIAL).",
    pattern: String.raw`\bcurl\s[^\n]*\$\{?\w*(?:key|token|secret|passw(?:or)?d|credential)`,
  },
  {
    id: "read-secret-file",
    category: "exfiltration",
    scope: "all",
    description: "Reads a secrets file (.env, credentials, .netrc, .pgpass) with cat.",
    pattern: String.raw`\bcat\s[^\n]*(?:\.env|\bcredentials|\.netrc|\.pgpass)\b`,
  },
];

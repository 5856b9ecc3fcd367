// The scanner: threat rules (DFA banks in the WASM core) plus invisible-character detection, turned into findings
// with rule ids, line and column.

import type { Core } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { compileRules, type CompiledRuleSet } from "./compile.js";
import { BUILTIN_RULES, INVISIBLE_RULE_ID, type Rule } from "./rules.js";

/** One thing the scanner found. Offsets and columns count UTF-16 code units. */
export interface Finding {
  /** Rule id, e.g. "ignore-instructions", or "invisible-unicode". */
  rule: string;
  category: Rule["category"] | "invisible";
  /** Where the match starts (UTF-16 code units from the start of the scanned text). */
  offset: number;
  /** 1-based line; LF, CRLF and lone CR each end a line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
  /** For invisible-unicode findings: the code point, e.g. 0x200B. */
  codePoint?: number;
  /** Up to 60 code units of the text from `offset`, control and invisible characters shown as \u escapes. */
  excerpt: string;
}

/** Longest excerpt kept with a finding, in UTF-16 code units. */
export const EXCERPT_CHARS = 60;

/**
 * A compiled rule set bound to a core.
 * Build one per rule set and reuse it: compiling takes a few hundred milliseconds (measured by `npm run bench`).
 * @throws PromptasmError E_RULES when two rules share an id or a pattern does not compile (see compileRules).
 */
export class Scanner {
  readonly rules: readonly Rule[];
  readonly compiled: CompiledRuleSet;
  constructor(private readonly core: Core, rules: readonly Rule[] = BUILTIN_RULES) {
    const ids = new Set<string>();
    for (const r of rules) {
      if (ids.has(r.id) || r.id === INVISIBLE_RULE_ID) throw new PromptasmError("E_RULES", `rule id ${JSON.stringify(r.id)} is used twice (or is reserved)`);
      ids.add(r.id);
    }
    this.rules = rules;
    this.compiled = compileRules(rules.map((r) => r.pattern));
  }

  /**
   * Scans a text for threats and invisible characters.
   * @returns findings sorted by offset, then rule order (threat rules in rule-set order, invisible-unicode last).
   */
  scan(text: string): Finding[] {
    const raw = this.core.scanRaw(this.compiled, text);
    const hits: Array<Omit<Finding, "line" | "column" | "excerpt">> = [];
    for (let k = 0; k < raw.length; k += 2) {
      const rule = this.rules[raw[k]!]!;
      hits.push({ rule: rule.id, category: rule.category, offset: raw[k + 1]! });
    }
    for (const inv of this.core.findInvisible(text)) {
      hits.push({ rule: INVISIBLE_RULE_ID, category: "invisible", offset: inv.offset, codePoint: inv.codePoint });
    }
    hits.sort((a, b) => a.offset - b.offset || rank(this.rules, a.rule) - rank(this.rules, b.rule));
    return locate(text, hits);
  }
}

function rank(rules: readonly Rule[], id: string): number {
  const i = rules.findIndex((r) => r.id === id);
  return i === -1 ? rules.length : i;
}

// Adds line, column and excerpt to offset-sorted hits in one pass over the text.
function locate(text: string, hits: Array<Omit<Finding, "line" | "column" | "excerpt">>): Finding[] {
  let line = 1, lineStart = 0, pos = 0;
  return hits.map((h) => {
    for (; pos < h.offset; pos++) {
      const c = text.charCodeAt(pos);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(pos + 1) !== 0x0a)) { line++; lineStart = pos + 1; }
    }
    return { ...h, line, column: h.offset - lineStart + 1, excerpt: excerpt(text, h.offset) };
  });
}

/** Text from `offset` for display: one line, at most EXCERPT_CHARS code units, invisible characters escaped. */
export function excerpt(text: string, offset: number): string {
  let s = text.slice(offset, offset + EXCERPT_CHARS);
  const last = s.charCodeAt(s.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) s = s.slice(0, -1); // never end on half a surrogate pair
  return s.replace(/[\u0000-\u001f\u007f-\u009f\u00ad\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|[\udb40][\udc00-\udc7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
    (ch) => (ch === "\n" || ch === "\t" ? " " : ch.length === 2 ? `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}` : `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`));
}

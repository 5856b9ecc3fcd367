// Rule mutation for test/rule-alternatives.test.ts: print a pattern syntax tree (pattern.ts) back to pattern source,
// find the alternatives of a rule that a probe must pin (words, command names, phrase branches), and build the rule
// with one of them removed. The printed source is plain pattern syntax, so the reference engine (reference.ts) runs
// a mutant as it runs the rule itself.

import { SPACE, WORD, parsePattern, type PatternNode, type SymbolSet } from "../../src/scan/pattern.js";
import { INLINE_TAG, SEP, SEP_UNIT, WORD_JUNK } from "../../src/scan/words.js";

const hex4 = (u: number) => `\\u${u.toString(16).padStart(4, "0")}`;

/** Pattern source of a symbol set: one class of \uHHHH ranges (EDGE never occurs in a parsed pattern). */
function printSet(set: SymbolSet): string {
  return `[${set.map(([lo, hi]) => (lo === hi ? hex4(lo) : `${hex4(lo)}-${hex4(hi)}`)).join("")}]`;
}

/**
 * Pattern source for a syntax tree: parsePattern(printPattern(t), same case option) gives back flatten(t) (the test
 * checks this for every rule). Classes hold the case-closed sets as they are, so the source means the same with or without
 * the case-insensitive flag.
 */
export function printPattern(node: PatternNode): string {
  switch (node.t) {
    case "set": return printSet(node.set);
    case "boundary": return String.raw`\b`;
    case "cat": return node.items.map((n) => (n.t === "alt" ? `(?:${printPattern(n)})` : printPattern(n))).join("");
    case "alt": return node.items.map(printPattern).join("|");
    case "rep": {
      const q = node.max === Infinity ? (node.min === 0 ? "*" : node.min === 1 ? "+" : `{${node.min},}`)
        : node.min === 0 && node.max === 1 ? "?" : node.min === node.max ? `{${node.min}}` : `{${node.min},${node.max}}`;
      return `(?:${printPattern(node.node)})${q}`;
    }
  }
}

/** The tree with nested cats and alts flattened ("(?:ab)c" is "abc"): what printPattern keeps of a tree. */
export function flatten(node: PatternNode): PatternNode {
  switch (node.t) {
    case "cat": case "alt": {
      const items = node.items.map(flatten).flatMap((n) => (n.t === node.t ? (n as { items: PatternNode[] }).items : [n]));
      return { t: node.t, items } as PatternNode;
    }
    case "rep": return { ...node, node: flatten(node.node) };
    default: return node;
  }
}

/** One code unit, or one ASCII letter in both cases: a literal character of the source. */
function literalChar(set: SymbolSet): string | null {
  if (set.length === 1 && set[0]![0] === set[0]![1]) return String.fromCharCode(set[0]![0]);
  if (set.length === 2 && set[0]![0] === set[0]![1] && set[1]![0] === set[1]![1] && set[1]![0] - set[0]![0] === 32 && set[0]![0] >= 0x41 && set[0]![0] <= 0x5a) return String.fromCharCode(set[1]![0]);
  return null;
}

/**
 * The separator helpers of words.ts, as syntax trees in both case modes. A rule's subtree equal to one of them is
 * glue: not an alternative a rule probe pins (the fold and separator tests cover them).
 */
function helperKeys(caseSensitive: boolean): Map<string, string> {
  const out = new Map<string, string>();
  for (const [name, src] of Object.entries({ SEP, SEP_UNIT, WORD_JUNK, INLINE_TAG })) out.set(JSON.stringify(parsePattern(src, { caseSensitive })), name);
  return out;
}
const HELPERS = { true: helperKeys(true), false: helperKeys(false) };

/** Short human form of a subtree, for failure messages: literal characters as they are, helpers by name. */
export function describe(node: PatternNode, helpers: Map<string, string> = HELPERS.false): string {
  const helper = helpers.get(JSON.stringify(node));
  if (helper === "SEP") return " ";
  if (helper) return "";
  switch (node.t) {
    case "set": {
      const c = literalChar(node.set);
      if (c !== null) return /[\\^$.*+?()[\]{}|]/.test(c) ? `\\${c}` : /[\x20-\x7e]/.test(c) ? c : hex4(c.charCodeAt(0));
      const s = JSON.stringify(node.set);
      return s === JSON.stringify(SPACE) ? String.raw`\s` : s === JSON.stringify(WORD) ? String.raw`\w` : "[…]";
    }
    case "boundary": return String.raw`\b`;
    case "cat": return node.items.map((n) => describe(n, helpers)).join("");
    case "alt": return `(${node.items.map((n) => describe(n, helpers)).join("|")})`;
    case "rep": {
      const inner = describe(node.node, helpers);
      if (inner === "" || inner === " ") return inner;
      const q = node.max === Infinity ? (node.min === 0 ? "*" : "+") : node.min === 0 && node.max === 1 ? "?" : `{${node.min},${node.max}}`;
      return `${inner.length === 1 || /^\\[sw]$/.test(inner) ? inner : `(${inner})`}${q}`;
    }
  }
}

/** An alternative of a rule a probe must pin. */
export interface Branch {
  /** Indexes from the root to the alt node (into cat/alt items; a rep's node is index 0). */
  path: number[];
  /** Which item of that alt node. */
  index: number;
  /** describe() of the branch, e.g. "xxd", "poll for", ".ssh/id_\w+". */
  text: string;
  /** True for a branch of the rule's top-level alternation. */
  topLevel: boolean;
}

/** Walks the tree, calling f on every node outside helper subtrees (helpers are glue: not entered). */
function hasOutsideHelpers(node: PatternNode, helpers: Map<string, string>, f: (n: PatternNode) => boolean): boolean {
  if (helpers.has(JSON.stringify(node))) return false;
  if (f(node)) return true;
  switch (node.t) {
    case "cat": case "alt": return node.items.some((n) => hasOutsideHelpers(n, helpers, f));
    case "rep": return hasOutsideHelpers(node.node, helpers, f);
    default: return false;
  }
}

/**
 * A word-like branch: at least one literal character and no alternation of its own (outside the separator helpers):
 * a word of an anyWord() list with its WORD_JUNK glue, a command name, a multi-word phrase with \s+ or SEP between
 * its words, a file name such as "\.env\b". Branches with alternations inside are covered through their own
 * alternatives (and, at the top level, as a whole).
 */
function wordLike(node: PatternNode, helpers: Map<string, string>): boolean {
  return hasOutsideHelpers(node, helpers, (n) => n.t === "set" && literalChar(n.set) !== null)
    && !hasOutsideHelpers(node, helpers, (n) => n.t === "alt");
}

/** The branches of a rule's pattern a probe must pin: every top-level alternative and every word-like one. */
export function branches(source: string, caseSensitive = false): Branch[] {
  const helpers = HELPERS[String(caseSensitive) as "true" | "false"];
  const root = parsePattern(source, { caseSensitive });
  const out: Branch[] = [];
  const walk = (node: PatternNode, path: number[]) => {
    if (helpers.has(JSON.stringify(node))) return;
    switch (node.t) {
      case "alt":
        node.items.forEach((b, index) => {
          const topLevel = path.length === 0;
          if (topLevel || wordLike(b, helpers)) out.push({ path, index, text: describe(b, helpers), topLevel });
          walk(b, [...path, index]);
        });
        break;
      case "cat": node.items.forEach((n, i) => walk(n, [...path, i])); break;
      case "rep": walk(node.node, [...path, 0]); break;
      default: break;
    }
  };
  walk(root, []);
  return out;
}

/** The rule's tree with one branch removed (an alt left with one item becomes that item). */
export function without(source: string, branch: Branch, caseSensitive = false): PatternNode {
  const rebuild = (node: PatternNode, depth: number): PatternNode => {
    if (depth === branch.path.length) {
      if (node.t !== "alt") throw new Error(`no alternation at ${branch.path.join(".")}`);
      const items = node.items.filter((_, i) => i !== branch.index);
      return items.length === 1 ? items[0]! : { t: "alt", items };
    }
    const k = branch.path[depth]!;
    switch (node.t) {
      case "cat": case "alt": return { ...node, items: node.items.map((n, i) => (i === k ? rebuild(n, depth + 1) : n)) };
      case "rep": return { ...node, node: rebuild(node.node, depth + 1) };
      default: throw new Error(`path ${branch.path.join(".")} leaves the tree`);
    }
  };
  return rebuild(parsePattern(source, { caseSensitive }), 0);
}

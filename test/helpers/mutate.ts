// Rule mutation for test/rule-alternatives.test.ts: find the alternatives of the rules that a probe must pin (each
// word of a word list, each command or file name, each branch of a rule's top-level alternation), remove one at a
// time, and see whether some must-flag probe stops matching. The mutant is printed back to pattern source and run as
// the reference engine runs a rule (RegExp over folded text: reference.ts, fold.ts).
//
// An alternative is an alternation node plus one of its branches. The same alternation written into several rules
// (a shared constant such as the list of secret files) is one alternative: removing it removes it everywhere, and a
// probe of any of those rules that stops matching notices. Helpers that are tested on their own are glue, not
// alternatives: the separator runs of words.ts (SEP, WORD_JUNK, INLINE_TAG; test/fold-classes.test.ts), the lead
// words of imperative() (test/rule-alternatives.test.ts), and the complement tries of notWords() (removing a word
// from those makes a rule match more, which the must-stay-clean probes notice).

import { foldText } from "../../src/scan/fold.js";
import { DIGIT, DOT, SPACE, WORD, complementUnits, parsePattern, type PatternNode, type SymbolSet } from "../../src/scan/pattern.js";
import { anyCase, imperative } from "../../src/scan/rules-source.js";
import { INLINE_TAG, SEP, SEP_UNIT, WORD_JUNK } from "../../src/scan/words.js";

const hex4 = (u: number) => `\\u${u.toString(16).padStart(4, "0")}`;

/** One code unit inside a class: printable ASCII as itself (escaped where the class syntax needs it), else \\uHHHH. */
const classUnit = (u: number) => (u >= 0x20 && u <= 0x7e ? (/[\\\]\[^-]/.test(String.fromCharCode(u)) ? `\\${String.fromCharCode(u)}` : String.fromCharCode(u)) : hex4(u));

const SHORTHANDS: Array<[string, SymbolSet]> = [[String.raw`\s`, SPACE], [String.raw`\w`, WORD], [String.raw`\d`, DIGIT], [String.raw`\S`, complementUnits(SPACE)], [String.raw`\W`, complementUnits(WORD)], [String.raw`\D`, complementUnits(DIGIT)], [".", DOT]];
const SHORTHAND_OF = new Map(SHORTHANDS.map(([src, set]) => [JSON.stringify(set), src]));

/**
 * Pattern source of a symbol set: a shorthand (\\s, \\w, ".", …) when it is one, a single literal for one code unit
 * or one ASCII letter in both cases (the case-insensitive flag, or its absence, means the same for it), else a class.
 * Short sources compile faster, and the mutation check compiles one per alternative.
 */
function printSet(set: SymbolSet, caseSensitive: boolean): string {
  const short = SHORTHAND_OF.get(JSON.stringify(set));
  if (short) return short;
  const one = set.length === 1 && set[0]![0] === set[0]![1] ? set[0]![0] : -1;
  const pair = !caseSensitive && set.length === 2 && set[0]![0] === set[0]![1] && set[1]![0] === set[1]![1] && set[1]![0] - set[0]![0] === 32 && set[0]![0] >= 0x41 && set[0]![0] <= 0x5a ? set[1]![0] : -1;
  const lit = one >= 0 ? one : pair;
  if (lit >= 0) return lit >= 0x30 && lit <= 0x39 || lit >= 0x41 && lit <= 0x5a || lit >= 0x61 && lit <= 0x7a || lit === 0x20 ? String.fromCharCode(lit) : `[${classUnit(lit)}]`;
  return `[${set.map(([lo, hi]) => (lo === hi ? classUnit(lo) : `${classUnit(lo)}-${classUnit(hi)}`)).join("")}]`;
}

const printed = { true: new WeakMap<PatternNode, string>(), false: new WeakMap<PatternNode, string>() };

/**
 * Pattern source for a syntax tree: parsePattern(printPattern(t, cs), { caseSensitive: cs }) gives back flatten(t)
 * (the test checks this for every rule). Memoized per node, so printing a mutant reuses its untouched subtrees.
 */
export function printPattern(node: PatternNode, caseSensitive = false): string {
  const memo = printed[String(caseSensitive) as "true" | "false"];
  let out = memo.get(node);
  if (out !== undefined) return out;
  switch (node.t) {
    case "set": out = printSet(node.set, caseSensitive); break;
    case "boundary": out = String.raw`\b`; break;
    case "cat": out = node.items.map((n) => (n.t === "alt" ? `(?:${printPattern(n, caseSensitive)})` : printPattern(n, caseSensitive))).join(""); break;
    case "alt": out = node.items.map((n) => printPattern(n, caseSensitive)).join("|"); break;
    case "rep": {
      const q = node.max === Infinity ? (node.min === 0 ? "*" : node.min === 1 ? "+" : `{${node.min},}`)
        : node.min === 0 && node.max === 1 ? "?" : node.min === node.max ? `{${node.min}}` : `{${node.min},${node.max}}`;
      const inner = printPattern(node.node, caseSensitive);
      out = `${node.node.t === "set" ? inner : `(?:${inner})`}${q}`;
      break;
    }
  }
  memo.set(node, out);
  return out;
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

const units = (set: SymbolSet) => set.reduce((n, [lo, hi]) => n + hi - lo + 1, 0);

/** One code unit, or one ASCII letter in both cases: a literal character of the source. */
function literalChar(set: SymbolSet): string | null {
  if (set.length === 1 && set[0]![0] === set[0]![1]) return String.fromCharCode(set[0]![0]);
  if (set.length === 2 && set[0]![0] === set[0]![1] && set[1]![0] === set[1]![1] && set[1]![0] - set[0]![0] === 32 && set[0]![0] >= 0x41 && set[0]![0] <= 0x5a) return String.fromCharCode(set[1]![0]);
  return null;
}

/**
 * A small class of letters standing for one letter of a word: a Latin accent family ("eéèêë"), a letter group of
 * the multilingual rules, "[pousr]" in "gh[pousr]_". Not a broad class such as [a-z] or \w.
 */
function letterClass(set: SymbolSet): string | null {
  if (units(set) > 24) return null;
  let s = "";
  for (const [lo, hi] of set) for (let u = lo; u <= hi; u++) s += String.fromCharCode(u);
  return /^[\p{L}\p{M}]+$/u.test(s) ? s : null;
}

const isLetter = (n: PatternNode) => n.t === "set" && (literalChar(n.set) !== null || letterClass(n.set) !== null);

/** A notWords() trie (rules.ts): an alternation whose last branch is "[other first letters][word chars]*". */
function isComplementTrie(node: PatternNode): boolean {
  if (node.t !== "alt") return false;
  const last = node.items[node.items.length - 1]!;
  return last.t === "cat" && last.items.length === 2 && last.items[0]!.t === "set" && !isLetter(last.items[0]!)
    && last.items[1]!.t === "rep" && last.items[1]!.min === 0 && last.items[1]!.max === Infinity && last.items[1]!.node.t === "set";
}

const ids = new Map<string, number>();
const idOf = new WeakMap<PatternNode, number>();

/** A structural id: two subtrees have the same id when they are the same tree (hash-consing, memoized per node). */
function sid(node: PatternNode): number {
  let id = idOf.get(node);
  if (id !== undefined) return id;
  const key = node.t === "set" ? `s${JSON.stringify(node.set)}` : node.t === "boundary" ? "b"
    : node.t === "rep" ? `r${node.min},${node.max},${sid(node.node)}` : `${node.t[0]}${node.items.map(sid).join(",")}`;
  id = ids.get(key);
  if (id === undefined) ids.set(key, (id = ids.size));
  idOf.set(node, id);
  return id;
}

/** Helper subtrees that are glue (see the header), by their syntax tree, with a name. */
const GLUE: Map<number, string> = (() => {
  const out = new Map<number, string>();
  const add = (name: string, src: string, caseSensitive: boolean) => out.set(sid(parsePattern(src, { caseSensitive })), name);
  for (const [name, src] of Object.entries({ SEP, SEP_UNIT, WORD_JUNK, INLINE_TAG })) {
    add(name, src, false);
    add(name, src, true);
    add(name, anyCase(src), true);
  }
  // imperative(verbs) is "(?:LEAD verbs|\bCapitalized verbs)": its first branch starts with LEAD.
  const lead = (parsePattern(imperative(["zap"]), { caseSensitive: true }) as { items: Array<{ items: PatternNode[] }> }).items[0]!.items[0]!;
  out.set(sid(lead), "LEAD");
  return out;
})();

const NONE: ReadonlySet<string> = new Set();

/** Which glue a subtree is, if any; names in `keep` are not glue (a helper's own test enumerates them). */
const glueName = (node: PatternNode, keep: ReadonlySet<string> = NONE) => {
  const name = GLUE.get(sid(node)) ?? (isComplementTrie(node) ? "notWords" : undefined);
  return name !== undefined && !keep.has(name) ? name : undefined;
};

/** Short human form of a subtree: literal characters as they are, letter classes in brackets, helpers by name. */
export function describe(node: PatternNode, keep: ReadonlySet<string> = NONE): string {
  const glue = glueName(node, keep);
  if (glue === "SEP") return " ";
  if (glue === "LEAD") return "LEAD ";
  if (glue === "notWords") return "(not …)";
  if (glue) return "";
  switch (node.t) {
    case "set": {
      const c = literalChar(node.set);
      if (c !== null) return /[\\^$.*+?()[\]{}|]/.test(c) ? `\\${c}` : /[\x20-\x7e]/.test(c) ? c : c.charCodeAt(0) >= 0xa0 && /\p{L}|\p{M}/u.test(c) ? c : hex4(c.charCodeAt(0));
      const letters = letterClass(node.set);
      if (letters !== null) return `[${letters}]`;
      const s = JSON.stringify(node.set);
      return s === JSON.stringify(SPACE) ? String.raw`\s` : s === JSON.stringify(WORD) ? String.raw`\w` : "[…]";
    }
    case "boundary": return String.raw`\b`;
    case "cat": return node.items.map((n) => describe(n, keep)).join("");
    case "alt": return `(${node.items.map((n) => describe(n, keep)).join("|")})`;
    case "rep": {
      const inner = describe(node.node, keep);
      if (inner === "" || inner === " ") return inner;
      const q = node.max === Infinity ? (node.min === 0 ? "*" : "+") : node.min === 0 && node.max === 1 ? "?" : `{${node.min},${node.max}}`;
      return `${inner.length === 1 || /^\\[sw]$|^\[[^\]]*\]$/.test(inner) ? inner : `(${inner})`}${q}`;
    }
  }
}

/** True when f holds for some node outside the glue subtrees. */
function someOutsideGlue(node: PatternNode, f: (n: PatternNode) => boolean, keep: ReadonlySet<string>): boolean {
  if (glueName(node, keep)) return false;
  if (f(node)) return true;
  switch (node.t) {
    case "cat": case "alt": return node.items.some((n) => someOutsideGlue(n, f, keep));
    case "rep": return someOutsideGlue(node.node, f, keep);
    default: return false;
  }
}

/** A rule as the mutation check needs it. */
export interface RuleLike {
  id: string;
  pattern: string;
  caseSensitive?: boolean;
}

/** An alternative: one branch of an alternation, wherever that alternation occurs in the rule set. */
export interface Alternative {
  /** describe() of the branch, e.g. "xxd", "poll for", "\.env\b". */
  text: string;
  /** describe() of its alternation, or "top level of <rule id>" for a branch of a rule's own alternation. */
  within: string;
  topLevel: boolean;
  /** Ids of the rules it occurs in. */
  rules: string[];
  /** Where: per occurrence, the rule, the path of indexes from the root to the alternation, and the branch index. */
  at: Array<{ rule: number; path: number[]; index: number }>;
}

/** How an alternative is named in failures and in a probe table's `redundant` list: `"xxd" in (cat|head|…)`. */
export function label(a: Alternative): string {
  return `${JSON.stringify(a.text)} in ${a.within}`;
}

/**
 * The alternatives of a rule set a probe must pin: every branch of a rule's top-level alternation, and every
 * word-like branch (one with a literal character or a letter class outside the glue) of every other alternation.
 */
export function alternatives(rules: readonly RuleLike[], keep: ReadonlySet<string> = NONE): Alternative[] {
  const byKey = new Map<string, Alternative>();
  rules.forEach((rule, r) => {
    const root = parsePattern(rule.pattern, { caseSensitive: rule.caseSensitive === true });
    const walk = (node: PatternNode, path: number[]) => {
      if (glueName(node, keep)) return;
      switch (node.t) {
        case "alt": {
          const topLevel = path.length === 0;
          const altKey = topLevel ? `top ${rule.id}` : String(sid(node));
          node.items.forEach((b, index) => {
            if (topLevel || someOutsideGlue(b, isLetter, keep)) {
              const key = `${altKey}#${index}`;
              let a = byKey.get(key);
              if (!a) byKey.set(key, (a = { text: describe(b, keep), within: topLevel ? `top level of ${rule.id}` : describe(node, keep), topLevel, rules: [], at: [] }));
              if (!a.rules.includes(rule.id)) a.rules.push(rule.id);
              a.at.push({ rule: r, path, index });
            }
            walk(b, [...path, index]);
          });
          break;
        }
        case "cat": node.items.forEach((n, i) => walk(n, [...path, i])); break;
        case "rep": walk(node.node, [...path, 0]); break;
        default: break;
      }
    };
    walk(root, []);
  });
  return [...byKey.values()];
}

/** `tree` with the branches at `at` removed (an alternation left with one branch becomes that branch). */
export function without(tree: PatternNode, at: ReadonlyArray<{ path: number[]; index: number }>): PatternNode {
  const go = (node: PatternNode, prefix: number[]): PatternNode => {
    const here = at.filter((o) => o.path.length === prefix.length && o.path.every((k, i) => k === prefix[i]));
    const below = at.some((o) => o.path.length > prefix.length && prefix.every((k, i) => o.path[i] === k));
    if (here.length === 0 && !below) return node;
    switch (node.t) {
      case "alt": {
        const items = node.items.map((n, i) => go(n, [...prefix, i])).filter((_, i) => !here.some((o) => o.index === i));
        return items.length === 1 ? items[0]! : { t: "alt", items };
      }
      case "cat": return { ...node, items: node.items.map((n, i) => go(n, [...prefix, i])) };
      case "rep": return { ...node, node: go(node.node, [...prefix, 0]) };
      default: return node;
    }
  };
  return go(tree, []);
}

/** What the mutation check found for one alternative. */
export interface Verdict {
  alternative: Alternative;
  /** A must-flag probe that no longer matches its rule without the alternative, or null when none does. */
  killedBy: { rule: string; probe: string } | null;
}

/**
 * Removes each alternative in turn and runs each affected rule's must-flag probes (those the rule itself matches)
 * with the reference engine's semantics: an alternative is pinned when some probe stops matching. Work is cut by
 * splitting a rule at its top-level alternation: a probe that another, untouched top-level branch matches cannot
 * notice, and only the touched branches are recompiled.
 * @param keep glue names ("LEAD", "notWords", …) to treat as alternatives, for a helper's own test.
 */
export function mutationCheck(rules: readonly RuleLike[], probes: Readonly<Record<string, readonly string[]>>, keep: ReadonlySet<string> = NONE): Verdict[] {
  const prepared = rules.map((rule) => {
    const cs = rule.caseSensitive === true;
    const root = parsePattern(rule.pattern, { caseSensitive: cs });
    const tops = root.t === "alt" ? root.items : [root];
    // Sticky: a mutant matches a subset of what its rule matches, at the same start offsets, so it is tried only at
    // the offsets where the rule matched (a failed search over every offset is what costs).
    const compile = (nodes: PatternNode[]) => new RegExp(nodes.map((n) => `(?:${printPattern(n, cs)})`).join("|"), cs ? "y" : "iy");
    const starts = (re: RegExp, text: string) => {
      const out: number[] = [];
      for (let i = 0; i < text.length; i++) {
        re.lastIndex = i;
        if (re.test(text)) out.push(i);
      }
      return out;
    };
    const texts = (probes[rule.id] ?? []).map((p) => ({ probe: p, folded: foldText(p).folded }));
    const regexps = tops.map((t) => compile([t]));
    const live = texts.map((t) => ({ ...t, at: regexps.map((re) => starts(re, t.folded)) })).filter((t) => t.at.some((a) => a.length > 0));
    return { rule, root, tops, compile, live, split: root.t === "alt" };
  });
  return alternatives(rules, keep).map((alternative) => {
    for (const r of new Set(alternative.at.map((o) => o.rule))) {
      const p = prepared[r]!;
      const occ = alternative.at.filter((o) => o.rule === r);
      if (alternative.topLevel) {
        const gone = occ[0]!.index;
        const probe = p.live.find((t) => !t.at.some((a, k) => a.length > 0 && k !== gone));
        if (probe) return { alternative, killedBy: { rule: p.rule.id, probe: probe.probe } };
        continue;
      }
      const touched = [...new Set(occ.map((o) => (p.split ? o.path[0]! : 0)))];
      const candidates = p.live.filter((t) => !t.at.some((a, k) => a.length > 0 && !touched.includes(k)));
      if (candidates.length === 0) continue;
      const mutated = touched.map((k) => without(p.split ? p.tops[k]! : p.root, occ.filter((o) => (p.split ? o.path[0] === k : true)).map((o) => ({ path: p.split ? o.path.slice(1) : o.path, index: o.index }))));
      const re = p.compile(mutated);
      const probe = candidates.find((t) => !touched.some((k) => t.at[k]!.some((i) => {
        re.lastIndex = i;
        return re.test(t.folded);
      })));
      if (probe) return { alternative, killedBy: { rule: p.rule.id, probe: probe.probe } };
    }
    return { alternative, killedBy: null };
  });
}

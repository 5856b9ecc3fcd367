// Rule pattern syntax: a subset of JavaScript RegExp (non-unicode mode, flag "i") that has a linear-time
// automaton. The same source string runs in the WASM engine (compiled by compile.ts) and, unchanged, in the pure-JS
// reference (reference.ts), so the two can be compared on any input.
//
// Supported: literal characters; "." (any code unit but \n \r \u2028 \u2029); classes [...] and [^...] with ranges
// and \d \w \s inside; escapes \d \D \w \W \s \S \n \r \t \v \f \0 \xHH \uHHHH and escaped punctuation; groups
// (...) and (?:...); alternation |; quantifiers ? * + {n} {n,} {n,m} (a trailing "?" for laziness is accepted and
// changes nothing, since findings are match start offsets); \b (word boundary, ASCII \w as in JS).
// Not supported (rejected with E_RULES): ^ $ \B, lookaround, backreferences, named groups, \p{...}, non-ASCII
// literals the fold changes (write them folded: fold.ts foldWord).

import { PromptasmError } from "../errors.js";
import { foldTable, SKIP } from "./fold.js";

/** The symbol after the last code unit of a UTF-16 text: the text edge. It is never a character. */
export const EDGE = 0x10000;
/** Largest symbol value: code units are 0..0xFFFF, EDGE is 0x10000. */
export const MAX_SYMBOL = EDGE;

/** A set of symbols as sorted, disjoint, non-adjacent inclusive ranges [lo, hi]. */
export type SymbolSet = Array<[number, number]>;

/** Pattern syntax tree. */
export type PatternNode =
  | { t: "set"; set: SymbolSet }
  | { t: "cat"; items: PatternNode[] }
  | { t: "alt"; items: PatternNode[] }
  | { t: "rep"; node: PatternNode; min: number; max: number } // max = Infinity for unbounded
  | { t: "boundary" };

/** Largest {n,m} bound accepted; larger counts make automata that are too big to be useful. */
export const MAX_REPEAT = 100;

/** Normalizes a list of ranges into a SymbolSet. */
export function makeSet(ranges: Array<[number, number]>): SymbolSet {
  const sorted = ranges.filter(([lo, hi]) => lo <= hi).sort((a, b) => a[0] - b[0]);
  const out: SymbolSet = [];
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1];
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else out.push([lo, hi]);
  }
  return out;
}

/** Complement within the code units 0..0xFFFF (the result never holds EDGE). */
export function complementUnits(set: SymbolSet): SymbolSet {
  const out: Array<[number, number]> = [];
  let next = 0;
  for (const [lo, hi] of set) {
    if (lo > 0xffff) break;
    if (lo > next) out.push([next, lo - 1]);
    next = Math.max(next, hi + 1);
  }
  if (next <= 0xffff) out.push([next, 0xffff]);
  return makeSet(out);
}

/** True when `set` contains symbol `c`. */
export function setHas(set: SymbolSet, c: number): boolean {
  for (const [lo, hi] of set) if (c >= lo && c <= hi) return true;
  return false;
}

export const WORD: SymbolSet = makeSet([[0x30, 0x39], [0x41, 0x5a], [0x5f, 0x5f], [0x61, 0x7a]]);
export const DIGIT: SymbolSet = makeSet([[0x30, 0x39]]);
/** JavaScript's \s: WhiteSpace plus LineTerminator (ECMA-262 22.2.2.9). */
export const SPACE: SymbolSet = makeSet([
  [0x09, 0x0d], [0x20, 0x20], [0xa0, 0xa0], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029],
  [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff],
]);
/** JavaScript's "." without the s flag: every code unit but the line terminators. */
export const DOT: SymbolSet = complementUnits(makeSet([[0x0a, 0x0a], [0x0d, 0x0d], [0x2028, 0x2029]]));
export const ANY_UNIT: SymbolSet = makeSet([[0, 0xffff]]);
export const ANY_SYMBOL: SymbolSet = makeSet([[0, MAX_SYMBOL]]);

/**
 * Adds the other ASCII case of every ASCII letter. A one-code-unit set (a literal) above ASCII must be written as the
 * fold gives it (fold.ts: lower case, NFKC, confusable prototype), since the text is folded before the rules see it
 * and a letter the fold changes would never match: "И" is rejected, "и" accepted. Ranges are not checked (members the
 * fold changes are simply never seen).
 */
function closeCase(set: SymbolSet, source: string): SymbolSet {
  const extra: Array<[number, number]> = [];
  for (const [lo, hi] of set) {
    const a = Math.max(lo, 0x41), b = Math.min(hi, 0x5a);
    if (a <= b) extra.push([a + 32, b + 32]);
    const c = Math.max(lo, 0x61), d = Math.min(hi, 0x7a);
    if (c <= d) extra.push([c - 32, d - 32]);
  }
  if (set.length === 1 && set[0]![0] === set[0]![1] && set[0]![0] >= 0x80 && set[0]![0] <= 0xffff) checkFolded(set[0]![0], source);
  return makeSet([...set, ...extra]);
}

function checkFolded(u: number, source: string): void {
  const f = foldTable()[u]!;
  if (f === u || (u >= 0xd800 && u <= 0xdfff)) return;
  const hex = (n: number) => `U+${n.toString(16).toUpperCase().padStart(4, "0")}`;
  throw new PromptasmError("E_RULES", `pattern ${JSON.stringify(source)}: ${hex(u)} is never seen by the rules (the text is folded first); write ${f === SKIP ? "nothing (it is skipped)" : `${hex(f)} ${JSON.stringify(String.fromCharCode(f))}`} (foldWord() gives the folded spelling)`);
}

/** A pattern and how it matches. Case-insensitive (ASCII) unless caseSensitive. */
export interface PatternSpec {
  source: string;
  caseSensitive?: boolean;
}

/**
 * Parses a rule pattern into a syntax tree. Throws E_RULES naming the pattern and the offset of the problem.
 * @param options.caseSensitive match letters exactly (default: ASCII case-insensitive, as JS's "i" flag).
 */
export function parsePattern(source: string, options: { caseSensitive?: boolean } = {}): PatternNode {
  let pos = 0;
  const caseClose = options.caseSensitive ? (set: SymbolSet) => set : closeCase;
  const fail = (what: string): never => {
    throw new PromptasmError("E_RULES", `pattern ${JSON.stringify(source)} at offset ${pos}: ${what}`);
  };
  const peek = () => source[pos];
  const eof = () => pos >= source.length;

  function parseAlt(): PatternNode {
    const items = [parseCat()];
    while (!eof() && peek() === "|") {
      pos++;
      items.push(parseCat());
    }
    return items.length === 1 ? items[0]! : { t: "alt", items };
  }

  function parseCat(): PatternNode {
    const items: PatternNode[] = [];
    while (!eof() && peek() !== "|" && peek() !== ")") items.push(parseRepeat());
    return items.length === 1 ? items[0]! : { t: "cat", items };
  }

  // One atom and at most one quantifier (plus an optional lazy "?"). A second quantifier ("a**", "a{2}+", "a???") is
  // a syntax error in JS ("nothing to repeat"); the next parseAtom() rejects it the same way.
  function parseRepeat(): PatternNode {
    const node = parseAtom();
    const c = peek();
    let min: number, max: number;
    if (c === "*") { min = 0; max = Infinity; pos++; }
    else if (c === "+") { min = 1; max = Infinity; pos++; }
    else if (c === "?") { min = 0; max = 1; pos++; }
    else if (c === "{") {
      const m = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(pos));
      if (!m) fail("'{' must start a quantifier {n}, {n,} or {n,m}; escape it as \\{");
      min = Number(m![1]);
      max = m![2] === undefined ? min : m![3] === "" ? Infinity : Number(m![3]);
      if (min > max) fail(`quantifier {${min},${max}} has min > max`);
      if (min > MAX_REPEAT || (max !== Infinity && max > MAX_REPEAT)) fail(`quantifier bound over ${MAX_REPEAT}`);
      pos += m![0].length;
    } else return node;
    if (peek() === "?") pos++; // lazy: same start offsets
    if (node.t === "boundary") fail("a quantifier cannot follow \\b");
    return { t: "rep", node, min, max };
  }

  function parseAtom(): PatternNode {
    const c = source[pos++];
    switch (c) {
      case "(": {
        if (peek() === "?") {
          if (source[pos + 1] !== ":") fail("only (?:...) groups are supported (no lookaround or named groups)");
          pos += 2;
        }
        const inner = parseAlt();
        if (peek() !== ")") fail("missing ')'");
        pos++;
        return inner;
      }
      case "[": return { t: "set", set: parseClass() };
      case ".": return { t: "set", set: DOT };
      case "\\": return parseEscape();
      case "^": case "$": return fail(`anchor '${c}' is not supported`);
      case ")": return fail("unmatched ')'");
      case "*": case "+": case "?": case "{": return fail(`quantifier '${c}' with nothing to repeat`);
      case "]": case "}": return fail(`unescaped '${c}'`);
      default: {
        const u = c!.charCodeAt(0);
        return { t: "set", set: caseClose([[u, u]], source) };
      }
    }
  }

  // Reads one escape after the backslash: a single code unit, a shorthand class (\d \w \s and negations, not
  // case-closed: see parseClass) or a word boundary. Inside a class \b is rejected (JS reads it as backspace there).
  function readEscape(inClass: boolean): { unit: number } | { set: SymbolSet } | { boundary: true } {
    if (eof()) fail("pattern ends with '\\'");
    const c = source[pos++]!;
    switch (c) {
      case "d": return { set: DIGIT };
      case "D": return { set: complementUnits(DIGIT) };
      case "w": return { set: WORD };
      case "W": return { set: complementUnits(WORD) };
      case "s": return { set: SPACE };
      case "S": return { set: complementUnits(SPACE) };
      case "b": return inClass ? fail("\\b inside a class is not supported") : { boundary: true };
      case "n": return { unit: 0x0a };
      case "r": return { unit: 0x0d };
      case "t": return { unit: 0x09 };
      case "v": return { unit: 0x0b };
      case "f": return { unit: 0x0c };
      case "0": return /[0-9]/.test(peek() ?? "") ? fail("octal escapes are not supported") : { unit: 0 };
      case "x": case "u": {
        const len = c === "x" ? 2 : 4;
        const hex = source.slice(pos, pos + len);
        if (!new RegExp(`^[0-9a-fA-F]{${len}}$`).test(hex)) fail(`\\${c} needs ${len} hex digits`);
        pos += len;
        return { unit: parseInt(hex, 16) };
      }
      default:
        return /[A-Za-z0-9]/.test(c) ? fail(`escape \\${c} is not supported`) : { unit: c.charCodeAt(0) };
    }
  }

  function parseEscape(): PatternNode {
    const e = readEscape(false);
    if ("boundary" in e) return { t: "boundary" };
    if ("set" in e) return { t: "set", set: e.set };
    return { t: "set", set: caseClose([[e.unit, e.unit]], source) };
  }

  // Returns the class already case-closed: literal members fold ASCII case; \d \w \s (and negations) are taken
  // as they are, since JS's non-unicode "i" never maps a non-ASCII code unit to an ASCII letter.
  function parseClass(): SymbolSet {
    let negate = false;
    if (peek() === "^") { negate = true; pos++; }
    const literal: Array<[number, number]> = [];
    const shorthand: Array<[number, number]> = [];
    const single = (): SymbolSet | number => {
      if (eof()) fail("missing ']'");
      const c = source[pos++]!;
      if (c !== "\\") return c.charCodeAt(0);
      const e = readEscape(true);
      return "unit" in e ? e.unit : (e as { set: SymbolSet }).set;
    };
    while (!eof() && peek() !== "]") {
      const a = single();
      if (peek() === "-" && pos + 1 < source.length && source[pos + 1] !== "]") {
        pos++;
        const b = single();
        if (typeof a !== "number" || typeof b !== "number") fail("a class range needs single characters at both ends");
        if ((a as number) > (b as number)) fail("class range out of order");
        literal.push([a as number, b as number]);
      } else if (typeof a === "number") literal.push([a, a]);
      else shorthand.push(...a);
    }
    if (eof()) fail("missing ']'");
    pos++;
    const set = makeSet([...caseClose(makeSet(literal), source), ...shorthand]);
    return negate ? complementUnits(set) : set;
  }

  const tree = parseAlt();
  if (!eof()) fail("unmatched ')'");
  if (nullable(tree)) throw new PromptasmError("E_RULES", `pattern ${JSON.stringify(source)} matches the empty string`);
  return tree;
}

/** True when the node can match without consuming a code unit. */
export function nullable(node: PatternNode): boolean {
  switch (node.t) {
    case "set": return false;
    case "boundary": return true;
    case "cat": return node.items.every(nullable);
    case "alt": return node.items.some(nullable);
    case "rep": return node.min === 0 || nullable(node.node);
  }
}

/** The same language, read right to left. */
export function reverse(node: PatternNode): PatternNode {
  switch (node.t) {
    case "set": case "boundary": return node;
    case "cat": return { t: "cat", items: node.items.map(reverse).reverse() };
    case "alt": return { t: "alt", items: node.items.map(reverse) };
    case "rep": return { ...node, node: reverse(node.node) };
  }
}

/**
 * The tree with the end of the text read as a line end: every set that holds "\n" also holds EDGE, so a rule that
 * wants a line end, a blank or a closing quote after its last word ("… < .env", "… id_rsa" with `[\s"')]` after it)
 * also matches when the text stops there, as it would in a file that ends with a newline. (At the start of a text a
 * set never meets EDGE: the reversed rule's extra symbol comes after it, and nothing comes after the left edge.) The
 * reference engine scans the text with "\n" appended for the same reading (reference.ts).
 */
export function edgeAsLineEnd(node: PatternNode): PatternNode {
  switch (node.t) {
    case "set": {
      if (!setHas(node.set, 0x0a) || setHas(node.set, EDGE)) return node;
      const last = node.set[node.set.length - 1]!;
      // Ranges stay disjoint and non-adjacent: a set that runs to 0xFFFF grows its last range.
      return { t: "set", set: last[1] === EDGE - 1 ? [...node.set.slice(0, -1), [last[0], EDGE]] : [...node.set, [EDGE, EDGE]] };
    }
    case "boundary": return node;
    case "cat": case "alt": return { t: node.t, items: node.items.map(edgeAsLineEnd) };
    case "rep": return { ...node, node: edgeAsLineEnd(node.node) };
  }
}

/** Every symbol set that occurs in the tree (for the class partition). */
export function collectSets(node: PatternNode, out: SymbolSet[] = []): SymbolSet[] {
  switch (node.t) {
    case "set": out.push(node.set); break;
    case "boundary": break;
    case "cat": case "alt": for (const n of node.items) collectSets(n, out); break;
    case "rep": collectSets(node.node, out); break;
  }
  return out;
}

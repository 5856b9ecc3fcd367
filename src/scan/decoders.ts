// Decoders for text hidden in an encoding a model reads through: HTML entities, percent-encoding, \x and \u escapes,
// hex runs, base64 runs (and, in scanner.ts, Unicode tag characters). The scanner runs the same compiled rules over
// each decoded text and reports a match there with `hiddenIn` naming the encoding and the offset of the encoded span in
// the original text.
//
// Two kinds of decoding:
// - In place: HTML entities (&#105; &#x69; &lt; &nbsp; …), percent escapes (%69, %C3%A9), \x escapes (\x69) and
//   the code-point escapes of JavaScript, JSON, Python, C, Java, Rust and Swift (\u0069, \u{69}, \U00000069) are
//   replaced where they stand, in one pass, giving a text of the same shape (origin map: each decoded code unit ->
//   the offset in the original text of the escape it came from, or of itself). Built only when the text has escapes.
// - Runs: a run of 16 or more hex digits, or of 16 or more base64 characters (standard and URL-safe alphabets,
//   padding optional) holding 16 in a row that decode to ASCII text, is decoded whole. The bytes must be UTF-8 text
//   (at most one code point in ten replacement or control characters), so hashes, keys, image data and UUIDs give
//   nothing. Every match in a decoded run points at the run's first character.
// A decoded text is decoded once more (MAX_DEPTH 2: base64 inside percent-encoding, an entity spelled with &amp;,
// hex inside base64, …). The work is bounded: at most MAX_RUN code units of one run are decoded and at most
// MAX_DECODED_BYTES bytes of run output per scan, so a file full of base64 costs time linear in its size.
//
// The candidate conditions here (hasEscapeCandidate, hexRuns, base64Runs) are exactly those of the core's encoded-text
// pass (assembly/encoded.ts), which tells the scanner which decoders have anything to do without a pass in
// JavaScript; test/decoders.test.ts holds the two equal.
//
// Units: offsets and lengths are UTF-16 code units unless a name says bytes.

import { ENCODED_BASE64, ENCODED_ESCAPE, ENCODED_HEX } from "../core/wasm.js";

/** Where a finding's text was hidden. */
export type Encoding = "html-entities" | "percent-encoding" | "base64" | "hex" | "unicode-escapes" | "tag-characters" | "rot13" | "reversed";

/** Shortest hex or base64 run the decoders look at: 16 code units (8 bytes of hex, 12 of base64). */
export const MIN_RUN = 16;
/**
 * Most code units of one run that are decoded: 65,536 (64 KiB of base64 is 48 KiB of text). A longer run is decoded
 * in its first MAX_RUN units only; no context file needs more to say something, and the bound keeps one run's cost
 * fixed.
 */
export const MAX_RUN = 1 << 16;
/**
 * Most bytes one scan decodes from hex and base64 runs, over every run, attempt and depth: 1 MiB (1,048,576),
 * counted before a decoding is accepted or rejected. Runs after the budget is spent are not decoded, so a file made
 * of base64 costs at most this much decoding (and scanning of decoded text) on top of its linear scans. The figure is
 * far above real use, measured on the shared corpus: a benign file decodes at most 82 bytes (7 of 1,046 decode any),
 * an attack file at most 1,277 (its largest payload that is text: 180 bytes).
 */
export const MAX_DECODED_BYTES = 1 << 20;
/** Layers of decoding: 2 (the original text's encodings, and one encoding inside a decoded text). */
export const MAX_DEPTH = 2;
/** Longest HTML entity name looked at: 32 code units (HTML's longest, "CounterClockwiseContourIntegral", has 31). */
export const MAX_ENTITY_NAME = 32;
/** A decoded run is text when at most 1 code point in this many is U+FFFD or a control character (tab, LF, CR aside). */
export const BAD_CODE_POINT_RATIO = 10;

// ---- candidates (mirrored by assembly/encoded.ts) ----

/**
 * An escape a decoder may decode: &#<digit>, &#x<hex digit> (x in either case), &name; (a letter then up to 31 letters
 * or digits), &nbsp &amp &lt &gt &quot in any case without the semicolon, %HH, \xHH (lower-case x), \uHHHH, \u{<hex
 * digit> and \UHHHHHHHH.
 */
const ESCAPE_CANDIDATE = /&#[0-9]|&#[xX][0-9a-fA-F]|&[A-Za-z][A-Za-z0-9]{0,31};|&(?:[nN][bB][sS][pP]|[aA][mM][pP]|[lL][tT]|[gG][tT]|[qQ][uU][oO][tT])|%[0-9a-fA-F]{2}|\\x[0-9a-fA-F]{2}|\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]|\\U[0-9a-fA-F]{8}/;

/** Whether `text` holds an escape the in-place decoder looks at (the core's ENCODED_ESCAPE condition). */
export function hasEscapeCandidate(text: string): boolean {
  return ESCAPE_CANDIDATE.test(text);
}

const B64_VALUE = new Int8Array(128).fill(-1);
for (let c = 0; c < 26; c++) { B64_VALUE[0x41 + c] = c; B64_VALUE[0x61 + c] = 26 + c; }
for (let c = 0; c < 10; c++) B64_VALUE[0x30 + c] = 52 + c;
B64_VALUE[0x2b] = 62; B64_VALUE[0x2d] = 62; B64_VALUE[0x2f] = 63; B64_VALUE[0x5f] = 63;

/** The 6-bit value of a base64 character of either alphabet (+ and - are 62, / and _ are 63), or -1. */
function b64Value(c: number): number {
  return c < 128 ? B64_VALUE[c]! : -1;
}

/**
 * Whether the four characters at i are a text quad: their 24 bits are three bytes in 00–0F or 20–7F (ASCII text,
 * loosely). The first character's value v0 has v0 < 4 or 8 <= v0 < 32; the second's low four bits are 0 or 2..7;
 * the third's low two bits are 1, or 0 with the fourth under 16 or at least 32.
 */
function textQuadAt(s: string, i: number): boolean {
  const v0 = b64Value(s.charCodeAt(i)), v1 = b64Value(s.charCodeAt(i + 1)), v2 = b64Value(s.charCodeAt(i + 2)), v3 = b64Value(s.charCodeAt(i + 3));
  if (v0 < 0 || v1 < 0 || v2 < 0 || v3 < 0) return false;
  if (!(v0 < 4 || (v0 >= 8 && v0 < 32))) return false;
  const lo = v1 & 15;
  if (!(lo === 0 || (lo >= 2 && lo <= 7))) return false;
  return (v2 & 3) === 1 || ((v2 & 3) === 0 && (v3 < 16 || v3 >= 32));
}

/**
 * Whether `run` (base64 characters) holds 16 in a row, at any offset, that decode to 12 bytes of ASCII text: four
 * text quads in a row. Base64 of real text nearly always does (checked on the attack corpus: 99% of its lines,
 * whatever the script, since spaces, digits and Latin words sit among the other characters); identifiers, paths,
 * hashes and keys nearly never.
 */
export function hasTextWindow(run: string): boolean {
  return firstTextWindow(run, 0, run.length) >= 0;
}

/** Where the first text window of s[start, end) starts (four text quads in a row), or -1. */
function firstTextWindow(s: string, start: number, end: number): number {
  const streak = [0, 0, 0, 0];
  for (let k = start; k + 4 <= end; k++) {
    const r = (k - start) & 3;
    streak[r] = textQuadAt(s, k) ? streak[r]! + 1 : 0;
    if (streak[r]! >= 4) return k - 12;
  }
  return -1;
}

/** A run of characters: [start, end) in UTF-16 code units. */
export interface Run {
  start: number;
  end: number;
}

/** Maximal runs of 16 or more hex digits (the core's ENCODED_HEX condition), in text order. */
export function hexRuns(text: string): Run[] {
  return runsOf(text, UNIT_HEX);
}

/**
 * Maximal runs of 16 or more base64 characters (A–Z a–z 0–9 + / - _) that hold a text window (hasTextWindow; the
 * core's ENCODED_BASE64 condition), in text order. Padding ("=") is not part of a run.
 */
export function base64Runs(text: string): Run[] {
  return textRuns(text, runsOf(text, UNIT_BASE64));
}

/** The runs of `runs` (base64 runs of `text`) that hold a text window. */
function textRuns(text: string, runs: Run[]): Run[] {
  return runs.filter((r) => firstTextWindow(text, r.start, r.end) >= 0);
}

/** Bits of UNIT_KINDS: a hex digit, a base64 character of either alphabet. */
const UNIT_HEX = 1, UNIT_BASE64 = 2;
/** Per ASCII code unit, its UNIT_HEX and UNIT_BASE64 bits. */
const UNIT_KINDS = new Uint8Array(128);
for (let u = 0; u < 128; u++) {
  const hex = (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x46) || (u >= 0x61 && u <= 0x66);
  const b64 = (u >= 0x30 && u <= 0x39) || (u >= 0x41 && u <= 0x5a) || (u >= 0x61 && u <= 0x7a) || u === 0x2b || u === 0x2f || u === 0x5f || u === 0x2d;
  UNIT_KINDS[u] = (hex ? UNIT_HEX : 0) | (b64 ? UNIT_BASE64 : 0);
}

/** Whether code unit `u` has `bit` (UNIT_HEX or UNIT_BASE64). */
function isUnit(u: number, bit: number): boolean {
  return u < 128 && (UNIT_KINDS[u]! & bit) !== 0;
}

/**
 * Maximal runs of MIN_RUN or more code units with `bit` (UNIT_HEX or UNIT_BASE64), in text order. A loop over a
 * table, not a RegExp: a greedy quantifier over a run of millions of characters overflows V8's backtracking stack
 * (RangeError).
 */
function runsOf(text: string, bit: number): Run[] {
  return bit === UNIT_HEX ? bothRuns(text).hex : bothRuns(text).base64;
}

/**
 * The hex runs and the base64 runs of `text` (runsOf for each bit) in one pass: every hex digit is a base64
 * character, so each hex run lies inside a base64 run and is found while walking it.
 */
function bothRuns(text: string): { hex: Run[]; base64: Run[] } {
  const hex: Run[] = [], base64: Run[] = [];
  const n = text.length;
  for (let i = 0; i < n;) {
    let u = text.charCodeAt(i);
    if (u >= 128 || (UNIT_KINDS[u]! & UNIT_BASE64) === 0) { i++; continue; }
    const start = i;
    let hexStart = -1;
    for (; i < n && (u = text.charCodeAt(i)) < 128 && (UNIT_KINDS[u]! & UNIT_BASE64) !== 0; i++) {
      if ((UNIT_KINDS[u]! & UNIT_HEX) !== 0) { if (hexStart < 0) hexStart = i; }
      else if (hexStart >= 0) { if (i - hexStart >= MIN_RUN) hex.push({ start: hexStart, end: i }); hexStart = -1; }
    }
    if (hexStart >= 0 && i - hexStart >= MIN_RUN) hex.push({ start: hexStart, end: i });
    if (i - start >= MIN_RUN) base64.push({ start, end: i });
  }
  return { hex, base64 };
}

/**
 * The maximal runs of MIN_RUN or more code units with `bit` that hold at least one of the units of `spans` (sorted,
 * disjoint [start, end) ranges of `text`), in text order: what runsOf(text, bit) gives, filtered, at a cost of the
 * spans and the runs they touch rather than of the whole text.
 */
function runsTouching(text: string, bit: number, spans: readonly Run[]): Run[] {
  const out: Run[] = [];
  let covered = 0; // text before this is in a run already given (or was passed)
  for (const span of spans) {
    for (let k = Math.max(span.start, covered); k < span.end; k++) {
      if (!isUnit(text.charCodeAt(k), bit)) continue;
      let start = k, end = k + 1;
      while (start > covered && isUnit(text.charCodeAt(start - 1), bit)) start--;
      while (end < text.length && isUnit(text.charCodeAt(end), bit)) end++;
      if (end - start >= MIN_RUN) out.push({ start, end });
      covered = end;
      k = end - 1;
    }
  }
  return out;
}

/**
 * The encoded-text flags of a text (ENCODED_ESCAPE | ENCODED_HEX | ENCODED_BASE64 from core/wasm.ts), computed in
 * JavaScript: what the core's pass (assembly/encoded.ts) reports for the same text. The scanner takes the core's
 * answer (no extra pass); this is the fallback for a core that gives none, and the tests' reference.
 */
export function encodedFlags(text: string): number {
  let flags = 0;
  if (hasEscapeCandidate(text)) flags |= ENCODED_ESCAPE;
  if (/[0-9a-fA-F]{16}/.test(text)) flags |= ENCODED_HEX;
  if (base64Runs(text).length > 0) flags |= ENCODED_BASE64;
  return flags;
}

// ---- in-place decoding ----

/**
 * HTML named character references the in-place decoder knows (HTML's names; case matters, as in HTML): every ASCII
 * punctuation mark and space, the invisible and spacing characters, quotes and dashes, and the Latin-1 letters.
 * Names HTML also accepts without the semicolon are in LEGACY_ENTITIES.
 */
export const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  Tab: "\t", NewLine: "\n", nbsp: "\u00a0", NonBreakingSpace: "\u00a0", ensp: "\u2002", emsp: "\u2003",
  emsp13: "\u2004", emsp14: "\u2005", numsp: "\u2007", puncsp: "\u2008", thinsp: "\u2009", ThinSpace: "\u2009",
  hairsp: "\u200a", VeryThinSpace: "\u200a", MediumSpace: "\u205f", zwnj: "\u200c", zwj: "\u200d", lrm: "\u200e",
  rlm: "\u200f", shy: "\u00ad", ZeroWidthSpace: "\u200b", NoBreak: "\u2060", ic: "\u2063", it: "\u2062",
  InvisibleTimes: "\u2062", InvisibleComma: "\u2063", af: "\u2061", ApplyFunction: "\u2061",
  excl: "!", quot: '"', QUOT: '"', num: "#", dollar: "$", percnt: "%", amp: "&", AMP: "&", apos: "'", lpar: "(",
  rpar: ")", ast: "*", midast: "*", plus: "+", comma: ",", period: ".", sol: "/", colon: ":", semi: ";", lt: "<",
  LT: "<", equals: "=", gt: ">", GT: ">", quest: "?", commat: "@", lsqb: "[", lbrack: "[", bsol: "\\", rsqb: "]",
  rbrack: "]", Hat: "^", lowbar: "_", UnderBar: "_", grave: "`", DiacriticalGrave: "`", lcub: "{", lbrace: "{",
  verbar: "|", vert: "|", VerticalLine: "|", rcub: "}", rbrace: "}", hyphen: "\u2010", dash: "\u2010",
  ndash: "\u2013", mdash: "\u2014", horbar: "\u2015", lsquo: "\u2018", rsquo: "\u2019", rsquor: "\u2019",
  sbquo: "\u201a", ldquo: "\u201c", rdquo: "\u201d", rdquor: "\u201d", bdquo: "\u201e", laquo: "\u00ab",
  raquo: "\u00bb", lsaquo: "\u2039", rsaquo: "\u203a", hellip: "\u2026", mldr: "\u2026", bull: "\u2022",
  bullet: "\u2022", middot: "\u00b7", centerdot: "\u00b7", prime: "\u2032", Prime: "\u2033", copy: "\u00a9",
  reg: "\u00ae", trade: "\u2122", deg: "\u00b0", times: "\u00d7", divide: "\u00f7", iexcl: "\u00a1",
  iquest: "\u00bf", sect: "\u00a7", para: "\u00b6", not: "\u00ac", macr: "\u00af", acute: "\u00b4",
  cedil: "\u00b8", uml: "\u00a8", tilde: "\u02dc", circ: "\u02c6", ordf: "\u00aa", ordm: "\u00ba",
  Agrave: "À", Aacute: "Á", Acirc: "Â", Atilde: "Ã", Auml: "Ä", Aring: "Å", AElig: "Æ", Ccedil: "Ç", Egrave: "È",
  Eacute: "É", Ecirc: "Ê", Euml: "Ë", Igrave: "Ì", Iacute: "Í", Icirc: "Î", Iuml: "Ï", ETH: "Ð", Ntilde: "Ñ",
  Ograve: "Ò", Oacute: "Ó", Ocirc: "Ô", Otilde: "Õ", Ouml: "Ö", Oslash: "Ø", Ugrave: "Ù", Uacute: "Ú", Ucirc: "Û",
  Uuml: "Ü", Yacute: "Ý", THORN: "Þ", szlig: "ß", agrave: "à", aacute: "á", acirc: "â", atilde: "ã", auml: "ä",
  aring: "å", aelig: "æ", ccedil: "ç", egrave: "è", eacute: "é", ecirc: "ê", euml: "ë", igrave: "ì", iacute: "í",
  icirc: "î", iuml: "ï", eth: "ð", ntilde: "ñ", ograve: "ò", oacute: "ó", ocirc: "ô", otilde: "õ", ouml: "ö",
  oslash: "ø", ugrave: "ù", uacute: "ú", ucirc: "û", uuml: "ü", yacute: "ý", thorn: "þ", yuml: "ÿ",
  OElig: "Œ", oelig: "œ", Scaron: "Š", scaron: "š", Yuml: "Ÿ", fnof: "ƒ", imath: "ı", inodot: "ı", jmath: "ȷ",
};

/** Entity names HTML decodes without their semicolon (a subset of its legacy list: the ones text uses). */
export const LEGACY_ENTITIES: Readonly<Record<string, string>> = { nbsp: "\u00a0", amp: "&", AMP: "&", lt: "<", LT: "<", gt: ">", GT: ">", quot: '"', QUOT: '"' };

/** The encoding named for each escape kind of an in-place decoding (kind 0, copied text, never names one). */
const KIND_ENCODING: readonly Encoding[] = ["html-entities", "html-entities", "percent-encoding", "hex", "unicode-escapes"];
const KIND_ENTITY = 1, KIND_PERCENT = 2, KIND_HEX = 3, KIND_UNICODE = 4;

/**
 * A text with its escapes decoded in place. `segments` map it back: each holds a stretch of decoded code units
 * [at, at + length) that came from the original text at `from` (kind 0: copied, unit for unit) or from one escape
 * starting at `from` (kind 1 entity, 2 percent, 3 \x, 4 \u or \U; every unit of the stretch maps to `from`).
 */
export interface InPlaceText {
  text: string;
  segments: Array<{ at: number; length: number; from: number; kind: number }>;
}

/** Decodes one numeric character reference's digits: the code point, or -1 when it is 0, a surrogate or over U+10FFFF. */
function numericReference(digits: string, radix: 10 | 16): number {
  const trimmed = digits.replace(/^0+/, "");
  if (trimmed.length > (radix === 16 ? 6 : 7)) return -1;
  const cp = trimmed === "" ? 0 : parseInt(trimmed, radix);
  return cp >= 1 && cp <= 0x10ffff && !(cp >= 0xd800 && cp <= 0xdfff) ? cp : -1;
}

/**
 * Decodes the bytes of a run of %HH or \xHH escapes (one byte per escape, in order) as UTF-8. Returns, per code point
 * decoded, its text, the index of its first escape and how many escapes it took; an escape that does not start a
 * well-formed UTF-8 sequence is left out (it stays as written).
 */
function utf8Escapes(bytes: number[]): Array<{ text: string; first: number; count: number }> {
  const out: Array<{ text: string; first: number; count: number }> = [];
  for (let i = 0; i < bytes.length;) {
    const b = bytes[i]!;
    let need = -1, cp = 0, lower = 0x80, upper = 0xbf;
    if (b < 0x80) { need = 0; cp = b; }
    else if (b >= 0xc2 && b <= 0xdf) { need = 1; cp = b & 0x1f; }
    else if (b >= 0xe0 && b <= 0xef) { need = 2; cp = b & 0x0f; if (b === 0xe0) lower = 0xa0; else if (b === 0xed) upper = 0x9f; }
    else if (b >= 0xf0 && b <= 0xf4) { need = 3; cp = b & 0x07; if (b === 0xf0) lower = 0x90; else if (b === 0xf4) upper = 0x8f; }
    let ok = need >= 0 && i + need < bytes.length;
    for (let k = 1; ok && k <= need; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < lower || c > upper) { ok = false; break; }
      cp = (cp << 6) | (c & 0x3f);
      lower = 0x80; upper = 0xbf;
    }
    if (!ok) { i++; continue; }
    out.push({ text: String.fromCodePoint(cp), first: i, count: need + 1 });
    i += need + 1;
  }
  return out;
}

/** One code-point escape: \uHHHH, \u{H…} (JavaScript, Rust, Swift; 1 to 16 digits, leading zeros allowed) or \UHHHHHHHH. */
const UNICODE_ESCAPE = /\\u([0-9a-fA-F]{4})|\\u\{([0-9a-fA-F]{1,16})\}|\\U([0-9a-fA-F]{8})/g;

/**
 * The code points of a run of \uHHHH, \u{H…} and \UHHHHHHHH escapes (`escapes`, offsets from its start), as
 * JavaScript, JSON, Python and C read them: a \uHHHH high surrogate followed by a \uHHHH low one is one code point (the
 * pair's two escapes). An escape for 0, a lone surrogate or a value over U+10FFFF is left out (it stays as written).
 * Returns, per code point, its text, the offset of its first escape and the length (code units) of what it took.
 */
function unicodeEscapes(escapes: string): Array<{ text: string; first: number; count: number }> {
  const parts: Array<{ cp: number; at: number; length: number; short: boolean }> = [];
  for (const m of escapes.matchAll(UNICODE_ESCAPE)) {
    const [whole, four, braced, eight] = m;
    const digits = (four ?? braced ?? eight!).replace(/^0+/, "");
    parts.push({ cp: digits.length > 6 ? -1 : parseInt(digits || "0", 16), at: m.index!, length: whole.length, short: four !== undefined });
  }
  const out: Array<{ text: string; first: number; count: number }> = [];
  for (let k = 0; k < parts.length; k++) {
    const p = parts[k]!;
    let cp = p.cp, count = p.length;
    const next = parts[k + 1];
    if (p.short && cp >= 0xd800 && cp <= 0xdbff && next?.short && next.cp >= 0xdc00 && next.cp <= 0xdfff) {
      cp = 0x10000 + ((cp - 0xd800) << 10) + (next.cp - 0xdc00);
      count += next.length;
      k++;
    }
    if (cp < 1 || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) continue;
    out.push({ text: String.fromCodePoint(cp), first: p.at, count });
  }
  return out;
}

/**
 * Every escape the in-place decoder decodes: an entity (numeric or named), or a run of %HH, of \xHH or of code-point
 * escapes (UNICODE_ESCAPE).
 */
const IN_PLACE = /&#([0-9]+);?|&#[xX]([0-9a-fA-F]+);?|&([A-Za-z][A-Za-z0-9]{0,31});|&(nbsp|amp|AMP|lt|LT|gt|GT|quot|QUOT)|((?:%[0-9a-fA-F]{2})+)|((?:\\x[0-9a-fA-F]{2})+)|((?:\\u[0-9a-fA-F]{4}|\\u\{[0-9a-fA-F]{1,16}\}|\\U[0-9a-fA-F]{8})+)/g;

/**
 * Decodes HTML entities, percent escapes, \x escapes and code-point escapes where they stand (one pass; an escape that
 * does not decode — &#0;, &#xD800;, &#xFFFFFFFF;, an unknown name, %FF alone, \uD800 alone, \u{110000} — stays as
 * written). Runs of %HH or \xHH are read as UTF-8; a \uHHHH pair of surrogates as one code point.
 * @returns the decoded text and its map to `text`, or null when nothing decodes. Linear in the text's length.
 */
export function decodeInPlace(text: string): InPlaceText | null {
  let out = "";
  const segments: InPlaceText["segments"] = [];
  let copied = 0; // text[copied..] not yet in `out`
  const copyTo = (end: number) => {
    if (end > copied) { segments.push({ at: out.length, length: end - copied, from: copied, kind: 0 }); out += text.slice(copied, end); }
    copied = Math.max(copied, end);
  };
  const emit = (s: string, from: number, kind: number) => { segments.push({ at: out.length, length: s.length, from, kind }); out += s; };
  let changed = false;
  for (const m of text.matchAll(IN_PLACE)) {
    const at = m.index!;
    const [whole, dec, hex, name, legacy, percent, backslash, unicode] = m;
    if (dec !== undefined || hex !== undefined) {
      const cp = numericReference(dec ?? hex!, dec !== undefined ? 10 : 16);
      if (cp < 0) continue;
      copyTo(at);
      emit(String.fromCodePoint(cp), at, KIND_ENTITY);
      copied = at + whole.length;
    } else if (name !== undefined || legacy !== undefined) {
      const s = name !== undefined ? NAMED_ENTITIES[name] : LEGACY_ENTITIES[legacy!];
      if (s === undefined || !Object.hasOwn(name !== undefined ? NAMED_ENTITIES : LEGACY_ENTITIES, name ?? legacy!)) continue;
      copyTo(at);
      emit(s, at, KIND_ENTITY);
      copied = at + whole.length;
    } else if (unicode !== undefined) {
      const decoded = unicodeEscapes(unicode);
      if (decoded.length === 0) continue;
      for (const d of decoded) {
        copyTo(at + d.first);
        emit(d.text, at + d.first, KIND_UNICODE);
        copied = at + d.first + d.count;
      }
    } else {
      const step = percent !== undefined ? 3 : 4; // "%HH" or "\xHH"
      const escapes = (percent ?? backslash)!;
      const bytes: number[] = [];
      for (let k = 0; k < escapes.length; k += step) bytes.push(parseInt(escapes.slice(k + step - 2, k + step), 16));
      const kind = percent !== undefined ? KIND_PERCENT : KIND_HEX;
      const decoded = utf8Escapes(bytes);
      if (decoded.length === 0) continue;
      for (const d of decoded) {
        const from = at + d.first * step;
        copyTo(from);
        emit(d.text, from, kind);
        copied = from + d.count * step;
      }
    }
    changed = true;
  }
  if (!changed) return null;
  copyTo(text.length);
  return { text: out, segments };
}

/** Index of the segment of an in-place decoding that holds decoded unit `at` (binary search). */
function segmentAt(d: InPlaceText, at: number): number {
  const segs = d.segments;
  let lo = 0, hi = segs.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segs[mid]!.at <= at) lo = mid; else hi = mid - 1;
  }
  return lo;
}

// ---- run decoding ----

/** Decodes base64 (either alphabet; stops at the first character outside it, so padding ends it). Whole bytes only. */
function base64Bytes(s: string, start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.floor(((end - start) * 3) / 4));
  let n = 0, acc = 0, bits = 0;
  for (let i = start; i < end; i++) {
    const v = b64Value(s.charCodeAt(i));
    if (v < 0) break;
    acc = ((acc << 6) | v) & 0xffffff;
    bits += 6;
    if (bits >= 8) { bits -= 8; out[n++] = (acc >> bits) & 0xff; }
  }
  return out.subarray(0, n);
}

/** Decodes pairs of hex digits from `start` (an odd last digit is dropped). */
function hexBytes(s: string, start: number, end: number): Uint8Array {
  const out = new Uint8Array(Math.floor((end - start) / 2));
  for (let k = 0; k < out.length; k++) out[k] = parseInt(s.slice(start + 2 * k, start + 2 * k + 2), 16);
  return out;
}

const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

/**
 * The bytes as text when they are text: UTF-8 with at most 1 code point in BAD_CODE_POINT_RATIO a U+FFFD (an
 * ill-formed sequence) or a control character (tab, LF and CR aside), and at least 4 code points. Otherwise null.
 */
export function asText(bytes: Uint8Array): string | null {
  if (bytes.length < 4) return null;
  const s = utf8.decode(bytes);
  let points = 0, bad = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0xdc00 && c <= 0xdfff) continue; // the second half of a pair: its code point was counted
    points++;
    if (c === 0xfffd || (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) || (c >= 0x7f && c <= 0x9f)) bad++;
  }
  return points >= 4 && bad * BAD_CODE_POINT_RATIO <= points ? s : null;
}

/** What is left of one scan's decoding budget, in bytes (starts at MAX_DECODED_BYTES). */
export interface DecodeBudget {
  bytes: number;
}

/** A decoded run: where it was, how it was encoded, and the text. */
export interface DecodedRun extends Run {
  encoding: "base64" | "hex";
  text: string;
}

/**
 * Decodes the base64 and hex runs of `text` that are text (asText), spending `budget` (bytes of output; a run
 * is not decoded once it is spent). A base64 run is decoded from its first character; when that is not text
 * (letters glued before the payload, as in "decode-this-SWdub3Jl…"), from its first text window and the three
 * characters before it. A hex run is decoded from its first digit, and from its second when that fails and its
 * length is odd. At most MAX_RUN code units of a run are read.
 * @param flags which kinds to look for (ENCODED_HEX, ENCODED_BASE64); the others are skipped.
 * @param within when given (sorted, disjoint spans of `text`), only runs that hold a unit of a span are decoded; the
 *   others are not looked at, so the cost follows the spans, not the text.
 */
export function decodeRuns(text: string, flags: number, budget: DecodeBudget, within?: readonly Run[]): DecodedRun[] {
  const out: DecodedRun[] = [];
  const runs = within ? undefined : bothRuns(text);
  const tryDecode = (bytes: () => Uint8Array, size: number): string | null => {
    if (budget.bytes <= 0) return null;
    budget.bytes -= size;
    return asText(bytes());
  };
  if (flags & ENCODED_BASE64) {
    for (const r of textRuns(text, runs ? runs.base64 : runsTouching(text, UNIT_BASE64, within!))) {
      const end = Math.min(r.end, r.start + MAX_RUN);
      let s = tryDecode(() => base64Bytes(text, r.start, end), ((end - r.start) * 3) >> 2);
      if (s === null) {
        const w = firstTextWindow(text, r.start, end) - r.start;
        for (let k = Math.max(1, w - 3); s === null && w > 0 && k <= w; k++) s = tryDecode(() => base64Bytes(text, r.start + k, end), ((end - r.start - k) * 3) >> 2);
      }
      if (s !== null) out.push({ ...r, encoding: "base64", text: s });
    }
  }
  if (flags & ENCODED_HEX) {
    for (const r of runs ? runs.hex : runsTouching(text, UNIT_HEX, within!)) {
      const end = Math.min(r.end, r.start + MAX_RUN);
      let s = tryDecode(() => hexBytes(text, r.start, end), (end - r.start) >> 1);
      if (s === null && (end - r.start) % 2 === 1) s = tryDecode(() => hexBytes(text, r.start + 1, end), (end - r.start - 1) >> 1);
      if (s !== null) out.push({ ...r, encoding: "hex", text: s });
    }
  }
  return out.sort((a, b) => a.start - b.start);
}

// ---- layers ----

/** A decoded text to scan, and how its code units map back to the text it was decoded from. */
export interface Layer {
  /** The decoded text (for runs: every decoded run, joined with a line feed between them). */
  text: string;
  /** 1 for a decoding of the scanned text, 2 for a decoding inside a decoded text. */
  depth: number;
  /** Where decoded unit `at` points in the scanned text (UTF-16 offset), and the encoding that hid it. */
  locate(at: number): { offset: number; encoding: Encoding };
  /** The excerpt's source: the decoded text around unit `at`, and `at` within it. */
  around(at: number): { text: string; at: number };
  /**
   * The units that came from an escape or a run (not text an in-place decoding copied), as sorted, disjoint
   * [start, end) spans of `text`.
   */
  decodedSpans(): readonly Run[];
}

/** The in-place layer of `text` (null when nothing decodes). */
function inPlaceLayer(text: string, depth: number): Layer | null {
  const d = decodeInPlace(text);
  if (d === null) return null;
  return {
    text: d.text,
    depth,
    locate(at) {
      const segs = d.segments;
      const k = segmentAt(d, Math.min(at, d.text.length - 1));
      const seg = segs[k]!;
      // The encoding is that of the first escape at or after `at` (the match starts there or runs into it), else of
      // the nearest one before it.
      let enc: Encoding | undefined;
      for (let j = k; j < segs.length && enc === undefined; j++) if (segs[j]!.kind !== 0) enc = KIND_ENCODING[segs[j]!.kind];
      for (let j = k - 1; j >= 0 && enc === undefined; j--) if (segs[j]!.kind !== 0) enc = KIND_ENCODING[segs[j]!.kind];
      return { offset: seg.kind === 0 ? seg.from + (at - seg.at) : seg.from, encoding: enc ?? "html-entities" };
    },
    around: (at) => ({ text: d.text, at }),
    decodedSpans: () => d.segments.filter((g) => g.kind !== 0 && g.length > 0).map((g) => ({ start: g.at, end: g.at + g.length })),
  };
}

/** The layer of decoded runs of `text` (null when none is text). */
function runsLayer(text: string, flags: number, depth: number, budget: DecodeBudget, within?: readonly Run[]): Layer | null {
  const runs = decodeRuns(text, flags, budget, within);
  if (runs.length === 0) return null;
  const starts: number[] = [];
  let joined = "";
  for (const r of runs) {
    if (joined !== "") joined += "\n";
    starts.push(joined.length);
    joined += r.text;
  }
  const index = (at: number) => {
    let lo = 0, hi = starts.length - 1;
    while (lo < hi) { const mid = (lo + hi + 1) >> 1; if (starts[mid]! <= at) lo = mid; else hi = mid - 1; }
    return lo;
  };
  return {
    text: joined,
    depth,
    locate(at) { const r = runs[index(at)]!; return { offset: r.start, encoding: r.encoding }; },
    around(at) { const k = index(at); return { text: runs[k]!.text, at: Math.max(0, at - starts[k]!) }; },
    decodedSpans: () => [{ start: 0, end: joined.length }],
  };
}

/**
 * The decodings of `text` to scan, for the decoders whose flag is set: at most two layers, the in-place one (entities,
 * percent and \x escapes) and the one of decoded runs (base64, hex), each mapping its units back to `text`. Nothing is
 * decoded for a clear flag, so a clean text costs nothing here.
 * @param flags encoded-text flags of `text` (the core's, or encodedFlags(text)).
 * @param depth the layers' depth: 1 for decodings of the scanned text, 2 inside a decoded text; over MAX_DEPTH, none.
 * @param budget the scan's remaining run-decoding budget (bytes), spent here.
 * @param parent when `text` is itself a decoded layer: decode only escapes and runs that touch its decoded units
 *   (the rest was decoded from the original text already).
 */
export function decodeLayers(text: string, flags: number, depth: number, budget: DecodeBudget, parent?: Layer): Layer[] {
  const out: Layer[] = [];
  if (depth > MAX_DEPTH) return out;
  // Inside a decoded layer, a second in-place pass only matters where an escape was made by decoding (&amp;#105;).
  const spans = parent?.decodedSpans();
  if (flags & ENCODED_ESCAPE && (!spans || touchesDecoded(text, spans))) {
    const layer = inPlaceLayer(text, depth);
    if (layer) out.push(layer);
  }
  if (flags & (ENCODED_HEX | ENCODED_BASE64)) {
    const layer = runsLayer(text, flags, depth, budget, spans);
    if (layer) out.push(layer);
  }
  return out;
}

/** Whether an escape in `text` has a unit of `spans` (sorted, disjoint: what the parent layer decoded, as &#105; from &amp;#105;). */
function touchesDecoded(text: string, spans: readonly Run[]): boolean {
  let j = 0;
  for (const m of text.matchAll(IN_PLACE)) {
    const start = m.index!, end = start + m[0].length;
    while (j < spans.length && spans[j]!.end <= start) j++;
    if (j === spans.length) return false;
    if (spans[j]!.start < end) return true;
  }
  return false;
}

// ---- ciphers a text asks the reader to undo ----

/**
 * A text that tells its reader it is in ROT13 ("rot13", "ROT-13", "rot 13"): the whole text is read rotated as well.
 * A cipher with no key of its own cannot be found by its shape (every ASCII word is some ROT13 word), so only the
 * mention turns the pass on.
 */
export const ROT13_MENTION = /\brot[ \t_-]?13\b/i;
/** A text that tells its reader to read it backwards ("read this backwards", "reversed", "in reverse"). */
export const REVERSED_MENTION = /\b(?:backwards?|reversed|in[ \t]+reverse|reverse[ \t]+(?:it|this|the[ \t]+(?:text|string|line)|order))\b/i;

/** Whether `text` mentions ROT13 or reading backwards (cipherLayers() then has something to do). */
export function mentionsCipher(text: string): boolean {
  return ROT13_MENTION.test(text) || REVERSED_MENTION.test(text);
}

/** ROT13_MENTION and REVERSED_MENTION as global expressions, made once (mentionsCipherBytes walks every match in a window). */
const MENTIONS_GLOBAL: readonly RegExp[] = [new RegExp(ROT13_MENTION.source, "gi"), new RegExp(REVERSED_MENTION.source, "gi")];
/** Half the widest match of ROT13_MENTION or REVERSED_MENTION ("reverse the string" is 18), rounded up with room. */
const MENTION_REACH = 24;

/**
 * mentionsCipher() of the text UTF-8 `bytes` decode to, without decoding them (Scanner.scanBytes' clean path): every
 * match holds a "3" (rot13), a "k" (backward) or a "v" (reverse), so only the bytes around those are read, and
 * only where a cheap look at the letters before them fits. Both mentions are ASCII, so the bytes of any other
 * character (never ASCII in UTF-8) read as a non-word character, as that character does in the text.
 */
export function mentionsCipherBytes(bytes: Uint8Array): boolean {
  const lower = (i: number): number => (i >= 0 && i < bytes.length ? bytes[i]! | 0x20 : 0);
  const near = (i: number): boolean => {
    const from = Math.max(0, i - MENTION_REACH), to = Math.min(bytes.length, i + MENTION_REACH);
    let w = "";
    for (let j = from; j < to; j++) w += String.fromCharCode(bytes[j]! < 0x80 ? bytes[j]! : 0x80);
    for (const g of MENTIONS_GLOBAL) {
      g.lastIndex = 0;
      for (let m = g.exec(w); m !== null; m = g.exec(w)) {
        // A match that touches a cut edge of the window might not be one in the text: the window around another
        // candidate (or this one, when the cut is the text's edge) sees it whole.
        if ((m.index > 0 || from === 0) && (m.index + m[0].length < w.length || to === bytes.length)) return true;
      }
    }
    return false;
  };
  const each = (byte: number, fits: (i: number) => boolean): boolean => {
    for (let i = bytes.indexOf(byte); i >= 0; i = bytes.indexOf(byte, i + 1)) if (fits(i) && near(i)) return true;
    return false;
  };
  // "rot13": "3" after "1"; "backward": "k" after "bac"; "reverse"/"reversed": "v" after "re".
  const rot = (i: number) => lower(i - 1) === 0x31;
  const back = (i: number) => lower(i - 1) === 0x63 && lower(i - 2) === 0x61 && lower(i - 3) === 0x62;
  const rev = (i: number) => lower(i - 1) === 0x65 && lower(i - 2) === 0x72;
  return each(0x33, rot) || each(0x6b, back) || each(0x4b, back) || each(0x76, rev) || each(0x56, rev);
}

/** ROT13 of the ASCII letters of `text`; every other code unit is kept, so offsets are the same. */
export function rot13(text: string): string {
  return text.replace(/[a-zA-Z]/g, (c) => {
    const base = c <= "Z" ? 65 : 97;
    return String.fromCharCode(((c.charCodeAt(0) - base + 13) % 26) + base);
  });
}

/**
 * `text` read backwards, by code point (a surrogate pair stays a pair, a lone surrogate stays itself), with, per unit
 * of the result, the offset of that code point in `text`.
 */
export function reversed(text: string): { text: string; origin: Int32Array } {
  const points: Array<[string, number]> = [];
  for (let i = 0; i < text.length; ) {
    const c = text.codePointAt(i)!;
    const n = c > 0xffff ? 2 : 1;
    points.push([text.slice(i, i + n), i]);
    i += n;
  }
  let out = "";
  const origin = new Int32Array(text.length);
  let k = 0;
  for (let j = points.length - 1; j >= 0; j--) {
    const [p, at] = points[j]!;
    out += p;
    for (let u = 0; u < p.length; u++) origin[k++] = at;
  }
  return { text: out, origin };
}

/**
 * The whole text as its reader is told to read it: ROT13 when it mentions ROT13, backwards when it says to read it
 * backwards (both when it says both), each a layer at depth 1 whose matches point at the same code point of `text`
 * (for a reversed text, the code point the reversed match starts on, which is its last one in `text`). Texts over
 * MAX_DECODED_BYTES code units are not read again.
 */
export function cipherLayers(text: string): Layer[] {
  if (text.length > MAX_DECODED_BYTES) return [];
  const out: Layer[] = [];
  const whole = (t: string, encoding: Encoding, locate: (at: number) => number): Layer => ({
    text: t,
    depth: 1,
    locate: (at) => ({ offset: locate(Math.min(at, t.length - 1)), encoding }),
    around: (at) => ({ text: t, at }),
    decodedSpans: () => [{ start: 0, end: t.length }],
  });
  if (text.length === 0) return out;
  if (ROT13_MENTION.test(text)) out.push(whole(rot13(text), "rot13", (at) => at));
  if (REVERSED_MENTION.test(text)) {
    const r = reversed(text);
    out.push(whole(r.text, "reversed", (at) => r.origin[at]!));
  }
  return out;
}

/** A rule match in a decoded text, located in the scanned text. */
export interface HiddenMatch {
  /** Rule index in the compiled set. */
  rule: number;
  /** Offset in the scanned text (UTF-16 code units): the start of the encoded span. */
  offset: number;
  encoding: Encoding;
  /** The decoded text from the match, for the finding's excerpt. */
  source: { text: string; at: number };
}

/** What a scan of a decoded text gives: [rule, offset, …] pairs as Core.scanRaw, and the text's encoded-text flags. */
export type LayerScan = (text: string) => { raw: Int32Array; flags: number };

/**
 * Scans the decodings of `text` (and, to MAX_DEPTH, the decodings inside them) with `scan`, keeping each match whose
 * rule and offset are not in `seen` (the matches reported already — the plain text's and those in tag characters — as
 * `${ruleIndex}@${offset}`; matches kept are added, so a span found through two decodings is reported once).
 * The text as a cipher it names (cipherLayers(): ROT13, read backwards) is scanned too, whatever `flags` say.
 * @param flags the text's encoded-text flags (the core's, from the plain scan); 0: no encoding to decode.
 * @param scanned decoded texts the caller scanned already (the text hidden in tag characters), with their
 *   encoded-text flags: their own decodings are scanned here, at depth 2, and located through them.
 * @returns the matches in decoded text, in the order found (the caller sorts).
 */
export function scanHidden(text: string, flags: number, scan: LayerScan, seen: Set<string>, scanned: Array<{ layer: Layer; flags: number }> = []): HiddenMatch[] {
  const out: HiddenMatch[] = [];
  const budget: DecodeBudget = { bytes: MAX_DECODED_BYTES };
  type Place = (at: number) => { offset: number; encoding: Encoding };
  const placeIn = (layer: Layer, outer: Place | null): Place => (at) => {
    const here = layer.locate(at);
    return outer ? outer(here.offset) : here;
  };
  const descend = (layer: Layer, inner: number, place: Place) => {
    if (layer.depth >= MAX_DEPTH || inner === 0) return;
    for (const child of decodeLayers(layer.text, inner, layer.depth + 1, budget, layer)) visit(child, place);
  };
  const visit = (layer: Layer, outer: Place | null) => {
    const { raw, flags: inner } = scan(layer.text);
    const place = placeIn(layer, outer);
    for (let k = 0; k < raw.length; k += 2) {
      const at = raw[k + 1]!;
      const { offset, encoding } = place(at);
      const key = `${raw[k]}@${offset}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ rule: raw[k]!, offset, encoding, source: layer.around(at) });
    }
    descend(layer, inner, place);
  };
  if (flags !== 0) for (const layer of decodeLayers(text, flags, 1, budget)) visit(layer, null);
  for (const { layer, flags: inner } of scanned) descend(layer, inner, placeIn(layer, null));
  for (const layer of cipherLayers(text)) visit(layer, null);
  return out;
}

/**
 * The text hidden in tag characters (decodeTagText's result) as a layer, so the decoders can look inside it: each
 * unit points at its tag character, encoding "tag-characters".
 */
export function tagLayer(hidden: { text: string; origin: number[] }): Layer {
  return {
    text: hidden.text,
    depth: 1,
    locate: (at) => ({ offset: hidden.origin[Math.min(at, hidden.origin.length - 1)]!, encoding: "tag-characters" }),
    around: (at) => ({ text: hidden.text, at }),
    decodedSpans: () => [{ start: 0, end: hidden.text.length }],
  };
}

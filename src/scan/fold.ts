// Evasion folding: the text the rules see. Applied through the class map in the WASM engine (a code unit takes the
// class of its fold target) and, for the reference engine, by rewriting the text (foldText). Both give the same
// findings because both match the same folded text.
//
// - Compatibility forms fold as NFKC does when NFKC turns one code unit into one ASCII character (fullwidth "ｉ",
//   circled "Ⓘ", mathematical "ℐ", Roman numeral "Ⅰ", superscript "¹", …). Computed with String.prototype.normalize.
// - Cyrillic and Greek letters that look like Latin ones fold to the Latin letter (a subset of the Unicode
//   confusables data of UTS #39, confusables.txt; single-letter prototypes only).
// - Horizontal Unicode spaces fold to U+0020, so a literal space in a pattern matches any of them.
// - Zero-width and invisible format characters are skipped (as if absent), so "ig\u200Bnore" reads "ignore"; they
//   are still reported by the invisible-character pass.
// Case folding is the rule syntax's job (patterns match ASCII case-insensitively).

/** Marks a code unit that is skipped. */
export const SKIP = -1;

/**
 * Code units read as absent: zero-width, soft hyphen, bidi controls and marks, word joiner family, BOM, CGJ, MVS,
 * Arabic letter mark, Hangul fillers, variation selectors, interlinear annotation controls, and U+FFFD (what an
 * invalid UTF-8 byte decodes to: "ign\xFFore" still reads "ignore").
 */
export const SKIPPED_UNITS: ReadonlyArray<readonly [number, number]> = [
  // C0 controls but tab, LF, VT, FF and CR; DEL and the C1 controls (invisible, and they split words)
  [0x0000, 0x0008], [0x000e, 0x001f], [0x007f, 0x009f],
  [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c], [0x180e, 0x180e], [0x200b, 0x200f], [0x202a, 0x202e],
  [0x2060, 0x2064], [0x2066, 0x2069], [0x3164, 0x3164], [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0],
  [0xfff9, 0xfffb], [0xfffd, 0xfffd],
];

/** Typographic quotes folded to ASCII, so "don’t" reads "don't" (U+2018/2019/201B/02BC/FF07 and U+201C/201D/201F). */
const QUOTES: ReadonlyArray<readonly [number, number]> = [
  [0x2018, 0x27], [0x2019, 0x27], [0x201b, 0x27], [0x02bc, 0x27], [0x2032, 0x27], [0x201c, 0x22], [0x201d, 0x22], [0x201f, 0x22],
];

/** Horizontal spaces folded to U+0020 (JS \s members other than tab, line breaks and U+FEFF). */
const SPACES: ReadonlyArray<readonly [number, number]> = [[0x00a0, 0x00a0], [0x1680, 0x1680], [0x2000, 0x200a], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000]];

/** Cyrillic and Greek look-alikes of Latin letters (UTS #39 confusables, single-letter prototypes). */
export const CONFUSABLES: Readonly<Record<string, string>> = {
  // Cyrillic small
  "а": "a", "в": "b", "е": "e", "к": "k", "м": "m", "н": "h", "о": "o", "р": "p", "с": "c", "т": "t", "у": "y",
  "х": "x", "ѕ": "s", "і": "i", "ј": "j", "ԁ": "d", "һ": "h", "ӏ": "l", "ԛ": "q", "ԝ": "w", "ɡ": "g", "ѵ": "v",
  // Cyrillic capital
  "А": "a", "В": "b", "Е": "e", "К": "k", "М": "m", "Н": "h", "О": "o", "Р": "p", "С": "c", "Т": "t", "У": "y",
  "Х": "x", "Ѕ": "s", "І": "i", "Ј": "j", "Ԁ": "d", "Һ": "h", "Ӏ": "l", "Ԛ": "q", "Ԝ": "w", "Ѵ": "v",
  // Greek small
  "α": "a", "ο": "o", "ρ": "p", "ν": "v", "ι": "i", "κ": "k", "υ": "u", "χ": "x", "ϲ": "c", "ϳ": "j",
  // Greek capital
  "Α": "a", "Β": "b", "Ε": "e", "Ζ": "z", "Η": "h", "Ι": "i", "Κ": "k", "Μ": "m", "Ν": "n", "Ο": "o", "Ρ": "p",
  "Τ": "t", "Υ": "y", "Χ": "x", "Ϲ": "c",
};

let table: Int32Array | undefined;

/**
 * The fold table: 65,536 entries, code unit -> folded code unit, SKIP, or itself. Built once per process
 * (about 65,536 NFKC calls, tens of milliseconds).
 */
export function foldTable(): Int32Array {
  if (table) return table;
  const t = new Int32Array(0x10000);
  for (let u = 0; u < 0x10000; u++) {
    t[u] = u;
    if (u < 0x80 || (u >= 0xd800 && u <= 0xdfff)) continue;
    const nfkc = String.fromCharCode(u).normalize("NFKC");
    if (nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80) t[u] = nfkc.charCodeAt(0);
    const conf = CONFUSABLES[nfkc] ?? CONFUSABLES[String.fromCharCode(u)];
    if (conf !== undefined) t[u] = conf.charCodeAt(0);
  }
  for (const [lo, hi] of SPACES) for (let u = lo; u <= hi; u++) t[u] = 0x20;
  for (const [u, to] of QUOTES) t[u] = to;
  for (const [lo, hi] of SKIPPED_UNITS) for (let u = lo; u <= hi; u++) t[u] = SKIP;
  return (table = t);
}

let astral: Uint8Array | undefined;

/**
 * The astral fold table of the core's UTF-8 entry (assembly/utf8.ts): 65,536 entries, one per code point of plane 1
 * (U+10000..U+1FFFF), holding the ASCII character NFKC turns it into, or 0. Planes 2..16 have no such code point
 * (test/core-bytes.test.ts checks all of them), so this is every letter foldAstralPairs folds. Built once per
 * process (65,536 NFKC calls).
 */
export function astralFoldTable(): Uint8Array {
  if (astral) return astral;
  const t = new Uint8Array(0x10000);
  for (let v = 0; v < 0x10000; v++) {
    const nfkc = String.fromCodePoint(0x10000 + v).normalize("NFKC");
    if (nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80) t[v] = nfkc.charCodeAt(0);
  }
  return (astral = t);
}

const astralCache = new Map<string, string>();

/**
 * Folds astral letters that NFKC turns into one ASCII character (mathematical alphanumerics such as "𝐢", enclosed
 * letters such as "🄸") into that character followed by U+200B, which keeps the text's length (so every offset
 * stays valid) and which the scan steps over. The class table works per code unit and cannot see a surrogate pair
 * as one letter, so this runs on the text before the core scans it, and in foldText for the reference engine.
 * @returns `text` itself when it has no such pair.
 */
export function foldAstralPairs(text: string): string {
  if (!/[\ud800-\udbff]/.test(text)) return text;
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, (pair) => {
    let f = astralCache.get(pair);
    if (f === undefined) {
      const nfkc = pair.normalize("NFKC");
      f = nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80 ? `${nfkc}\u200b` : pair;
      if (astralCache.size < 4096) astralCache.set(pair, f);
    }
    return f;
  });
}

/**
 * Folds `text` for the reference engine.
 * @returns the folded text and, for each folded code unit, its offset in `text` (UTF-16 code units).
 */
export function foldText(input: string): { folded: string; origin: Int32Array } {
  const text = foldAstralPairs(input);
  const t = foldTable();
  const units = new Uint16Array(text.length);
  const origin = new Int32Array(text.length);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    const f = t[text.charCodeAt(i)]!;
    if (f === SKIP) continue;
    units[n] = f;
    origin[n++] = i;
  }
  let folded = "";
  for (let k = 0; k < n; k += 8192) folded += String.fromCharCode(...units.subarray(k, Math.min(n, k + 8192)));
  return { folded, origin: origin.subarray(0, n) };
}

/**
 * Maps a match start in folded text back to the original text: the offset just after the previous kept code unit
 * (so skipped characters right before a match count as part of it), or 0 at the start.
 */
export function originalStart(origin: Int32Array, foldedStart: number): number {
  return foldedStart === 0 ? 0 : origin[foldedStart - 1]! + 1;
}

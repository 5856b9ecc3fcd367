// Evasion folding: the text the rules see, what a model reads rather than the raw characters. Applied through the
// class map in the WASM engine (a code unit takes the class of its fold target) and, for the reference engine, by
// rewriting the text (foldText). Both give the same findings because both match the same folded text. Per non-ASCII
// code unit, in this order:
// - skipped (read as absent): every Default_Ignorable_Code_Point (zero-width, soft hyphen, bidi controls, word
//   joiners, variation selectors, Hangul fillers, …; the soft hyphen reads as U+FFFD instead: SEPARATING_IGNORABLES), every combining mark (General_Category Mn and Me, so
//   "igno\u0301re" reads "ignore"), the C0/C1 controls but tab and line breaks, and the Arabic tatweel. The invisible-character pass still
//   reports the ones that hide text.
// - otherwise folded to a fixed point of: NFKC (fullwidth "ｉ", circled "ⓘ", "ℐ" -> one code unit); the UTS #39
//   confusables skeleton (unicode-data.ts, generated from confusables.txt: Cyrillic "а" -> "a", Greek "ο" -> "o",
//   Greek capital "Ν" -> "N", …), by the character's own shape first; lower case (toLowerCase when it gives one code
//   unit: "И" -> "и") and the lower case's prototype; and an accented letter's base letter ("ó" -> "o": NFD gives the
//   letter and combining marks only; Latin, Greek and Cyrillic letters). ASCII is the target alphabet: ASCII characters are never folded, so
//   case-sensitive rules still see ASCII case and digits. Case pairs fold alike: a capital whose shape is a Latin
//   letter takes its lower case with it ("Н" -> "H", so "н" -> "h"); a capital shaped like "l" reads "I".
// - then, when the character or its result is non-ASCII punctuation, a symbol or a separator (General_Category P*,
//   S*, Z*), it reads as a space: an em dash, an arrow or a bullet between words separates them as a space does. Three exceptions keep
//   their own symbol: U+FFFD (what an invalid byte decodes to; rules treat it as a separator and as junk inside a
//   word, see rules.ts), and U+2028/U+2029 (line terminators, as in JS).
// Folds that give more than one code unit (NFKC "ﬁ" -> "fi", "ß" has no one-unit upper/lower change, multi-character
// confusable prototypes) are not applied: the class map maps one code unit to one class. Case folding of ASCII is the
// rule syntax's job (patterns match ASCII case-insensitively); non-ASCII letters in patterns are written folded.

import { COMBINING_MARKS_BMP, CONFUSABLE_PAIRS, DEFAULT_IGNORABLE_BMP, SEPARATORS_BMP } from "./unicode-data.js";
import { astralFoldTable, foldAstralPairs } from "../util/astral-fold.js";
import { FOLD_RUNS } from "./fold-table.generated.js";

export { astralFoldTable, foldAstralPairs };

/** Marks a code unit that is skipped. */
export const SKIP = -1;

/** C0 controls but tab, LF, VT, FF and CR; DEL and the C1 controls: invisible, and read as absent. */
export const CONTROL_UNITS: ReadonlyArray<readonly [number, number]> = [[0x0000, 0x0008], [0x000e, 0x001f], [0x007f, 0x009f]];

/** Letters that only stretch a word and are read as absent too: the Arabic tatweel (U+0640), "تــجاهل" = "تجاهل". */
export const STRETCH_UNITS: readonly number[] = [0x0640];

/**
 * Default-ignorables that read as U+FFFD rather than as absent: the soft hyphen (U+00AD). It is invisible except at a
 * line break, so it sits inside long words ("Donau\u00ADdampf\u00ADschiff") and, in an attack, between words
 * ("Ignore\u00ADall\u00ADprevious"), where skipping it would join the words into one. As U+FFFD it is what the phrase
 * helpers (words.ts) read through inside a word and count as a separator between words.
 */
export const SEPARATING_IGNORABLES: readonly number[] = [0x00ad];

/** Code units that keep their own symbol though they are symbols or separators (see the header). */
export const KEPT_SYMBOLS: readonly number[] = [0xfffd, 0x2028, 0x2029];

let table: Int32Array | undefined;

/** Calls `f(lo, hi)` for each inclusive range of a flat [lo, hi, lo, hi, …] list. */
function eachRange(flat: readonly number[], f: (lo: number, hi: number) => void): void {
  for (let k = 0; k + 1 < flat.length; k += 2) f(flat[k]!, flat[k + 1]!);
}

/**
 * One step of the fold for a non-ASCII code unit: NFKC; an accented Latin, Greek or Cyrillic letter's base letter
 * (NFD gives one letter followed only by combining marks: "ó" -> "o", "İ" -> "I"); else the confusable prototype by
 * the character's own shape (a Greek or Cyrillic capital that looks like a Latin capital reads as that letter: "Ν" ->
 * "N", "Н" -> "H"); else its lower case, then the lower case's prototype. Each only when it gives one code unit.
 */
function foldStep(u: number, conf: Map<number, number>, marks: Uint8Array): number {
  const nfkc = String.fromCharCode(u).normalize("NFKC");
  let v = nfkc.length === 1 ? nfkc.charCodeAt(0) : u;
  if (v < 0x80) return v;
  // Accents are stripped first, and in the Latin, Greek and Cyrillic blocks only: "ö" is an o with marks before it
  // is anything it looks like, and elsewhere (kana voicing marks, Indic vowel signs) the mark changes the word.
  const nfd = v < 0x0530 || (v >= 0x1e00 && v <= 0x1fff) ? String.fromCharCode(v).normalize("NFD") : "";
  if (nfd.length > 1) {
    let onlyMarks = true;
    for (let k = 1; k < nfd.length && onlyMarks; k++) onlyMarks = marks[nfd.charCodeAt(k)] === 1;
    if (onlyMarks) return nfd.charCodeAt(0);
  }
  const shape = conf.get(v);
  if (shape !== undefined) return shape;
  const lower = String.fromCharCode(v).toLowerCase();
  if (lower.length === 1 && lower.charCodeAt(0) !== v) return conf.get(lower.charCodeAt(0)) ?? lower.charCodeAt(0);
  return v;
}

/**
 * The fold table: 65,536 entries, code unit -> folded code unit, SKIP, or itself (see the header for the order of
 * the steps), decoded from the table shipped in fold-table.generated.ts (written at build time from
 * computeFoldTable(), so every runtime folds alike whatever its ICU version, and no process pays the 65,536 NFKC
 * calls). Built once per process; callers must not write to it.
 */
export function foldTable(): Int32Array {
  if (table) return table;
  return (table = decodeFoldRuns(FOLD_RUNS));
}

/**
 * The fold table as runs, for the generated module: a flat list of triples [start, count, value]. count > 0: the
 * `count` code units from `start` fold to value, value + 1, … (a shifted block: "Ａ".."Ｚ" -> "A".."Z"); count < 0: the
 * -count code units from `start` all fold to value (SKIP, or a space for punctuation). Every other unit is itself.
 */
export function encodeFoldRuns(t: Int32Array): number[] {
  const out: number[] = [];
  let i = 0;
  while (i < 0x10000) {
    if (t[i] === i) { i++; continue; }
    let j = i + 1;
    if (j < 0x10000 && t[j] === t[i]) {
      while (j < 0x10000 && t[j] === t[i]) j++;
      out.push(i, -(j - i), t[i]!);
    } else {
      while (j < 0x10000 && t[j] !== j && t[j]! - j === t[i]! - i && t[j] !== t[j - 1]) j++;
      out.push(i, j - i, t[i]!);
    }
    i = j;
  }
  return out;
}

/** The table encodeFoldRuns() encoded. Throws a RangeError on a run outside the BMP or a triple cut short. */
export function decodeFoldRuns(runs: readonly number[]): Int32Array {
  if (runs.length % 3 !== 0) throw new RangeError(`fold runs: ${runs.length} numbers is not a list of triples`);
  const t = new Int32Array(0x10000);
  for (let u = 0; u < 0x10000; u++) t[u] = u;
  for (let k = 0; k < runs.length; k += 3) {
    const start = runs[k]!, count = runs[k + 1]!, value = runs[k + 2]!;
    const n = Math.abs(count);
    if (start < 0 || n === 0 || start + n > 0x10000) throw new RangeError(`fold runs: run ${k / 3} [${start}, ${count}] is outside the BMP`);
    for (let d = 0; d < n; d++) t[start + d] = count > 0 ? value + d : value;
  }
  return t;
}

/**
 * The fold table computed from unicode-data.ts and this engine's NFKC and toLowerCase (about 65,536 NFKC calls, tens
 * of milliseconds): what scripts/gen-fold-table.ts ships and test/fold-table.test.ts compares with the shipped table.
 */
export function computeFoldTable(): Int32Array {
  const t = new Int32Array(0x10000);
  const skip = new Uint8Array(0x10000);
  for (const [lo, hi] of CONTROL_UNITS) skip.fill(1, lo, hi + 1);
  for (const u of STRETCH_UNITS) skip[u] = 1;
  eachRange(DEFAULT_IGNORABLE_BMP, (lo, hi) => skip.fill(1, lo, hi + 1));
  eachRange(COMBINING_MARKS_BMP, (lo, hi) => skip.fill(1, lo, hi + 1));
  const sep = new Uint8Array(0x10000);
  eachRange(SEPARATORS_BMP, (lo, hi) => sep.fill(1, lo, hi + 1));
  for (const u of KEPT_SYMBOLS) sep[u] = 0;
  const conf = new Map<number, number>();
  for (let k = 0; k + 1 < CONFUSABLE_PAIRS.length; k += 2) conf.set(CONFUSABLE_PAIRS[k]!, CONFUSABLE_PAIRS[k + 1]!);
  const marks = new Uint8Array(0x10000);
  eachRange(COMBINING_MARKS_BMP, (lo, hi) => marks.fill(1, lo, hi + 1));
  for (let u = 0; u < 0x10000; u++) {
    t[u] = u;
    if (SEPARATING_IGNORABLES.includes(u)) { t[u] = 0xfffd; continue; }
    if (skip[u]) { t[u] = SKIP; continue; }
    if (u < 0x80 || (u >= 0xd800 && u <= 0xdfff) || KEPT_SYMBOLS.includes(u)) continue;
    let v = u;
    for (let n = 0; n < 6 && v >= 0x80; n++) {
      const w = foldStep(v, conf, marks);
      if (w === v) break;
      v = w;
    }
    if (skip[v]) { t[u] = SKIP; continue; }
    // Punctuation or a symbol by what it is or by what it folds to (a dash whose prototype is a letter-like mark).
    if (v >= 0x80 && (sep[v] || sep[u])) v = 0x20;
    t[u] = v;
  }
  // Case pairs fold alike: a capital whose shape is a Latin letter ("Н" -> "H", "Ν" -> "N") takes its lower case
  // with it ("н" -> "h"), so upper- and lower-case text in that script read the same, and rules written in lower case
  // match both (outside Cyrillic, a lower case with an ASCII prototype of its own keeps it: "ν" reads "v"). A capital shaped like "l" is
  // a capital I ("Ι", "І", "Ӏ"): it reads "I".
  for (let u = 0x80; u < 0x10000; u++) {
    const v = t[u]!;
    if (v === SKIP || v >= 0x80) continue;
    const ch = String.fromCharCode(u);
    const lower = ch.toLowerCase();
    // A capital shaped like a digit ("З" -> "3") is a letter of its script: it folds as its lower case does.
    if (/[0-9]/.test(String.fromCharCode(v)) && lower !== ch && lower.length === 1) { t[u] = t[lower.charCodeAt(0)]!; continue; }
    if (!/[A-Za-z]/.test(String.fromCharCode(v))) continue;
    // Outside Cyrillic (the script with rules of its own, in rules-i18n.ts, which need both cases to read alike), a
    // lower case keeps an ASCII prototype of its own: Greek "ν" looks like "v" though "Ν" looks like "N".
    const cyrillic = u >= 0x0400 && u <= 0x052f;
    if (lower === ch || lower.length !== 1 || t[lower.charCodeAt(0)] === SKIP || (!cyrillic && t[lower.charCodeAt(0)]! < 0x80)) {
      if (v === 0x6c && lower !== ch) t[u] = 0x49;
      continue;
    }
    const letter = v === 0x6c ? "i" : String.fromCharCode(v).toLowerCase();
    t[u] = letter.toUpperCase().charCodeAt(0);
    t[lower.charCodeAt(0)] = letter.charCodeAt(0);
  }
  return t;
}

/**
 * `s` as the rules see it: each code unit through foldTable (skipped ones dropped). Rule authors write non-ASCII
 * words with this, so a pattern holds the same letters as folded text ("ИГНОРИРУЙ" and "игнорируй" give one
 * spelling). ASCII is unchanged.
 */
export function foldWord(s: string): string {
  const t = foldTable();
  let out = "";
  for (let i = 0; i < s.length; i++) {
    const f = t[s.charCodeAt(i)]!;
    if (f !== SKIP) out += String.fromCharCode(f);
  }
  return out;
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

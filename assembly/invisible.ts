// Invisible-character detection: control, zero-width, bidi-control, soft-hyphen, filler, variation-selector and tag
// characters that hide text from a human reader but not from a model. Works on UTF-16 code units; offsets are
// code-unit offsets.

/** True for the single-code-unit characters that are always reported (when not excused by their neighbours). */
@inline
function isInvisibleBmp(c: u32, offset: i32): bool {
  if (c == 0x00AD) return true; // soft hyphen
  if (c == 0x034F) return true; // combining grapheme joiner
  if (c == 0x061C) return true; // Arabic letter mark
  if (c == 0x180E) return true; // Mongolian vowel separator
  if (c >= 0x200B && c <= 0x200F) return true; // ZWSP, ZWNJ, ZWJ, LRM, RLM
  if (c >= 0x202A && c <= 0x202E) return true; // bidi embeddings/overrides
  if (c >= 0x2060 && c <= 0x2064) return true; // word joiner, invisible operators
  if (c >= 0x2066 && c <= 0x2069) return true; // bidi isolates
  if (c == 0x3164 || c == 0xFFA0) return true; // Hangul fillers
  if (c >= 0xFE00 && c <= 0xFE0F) return true; // variation selectors
  if (c >= 0xFFF9 && c <= 0xFFFB) return true; // interlinear annotation controls
  if (c == 0xFEFF) return offset != 0; // a BOM at offset 0 is a file signature, elsewhere a zero-width no-break space
  return false;
}

/** A right-to-left letter (Hebrew, Arabic, Syriac, Thaana, NKo, Samaritan, Mandaic, Arabic presentation forms). */
@inline
function isRtl(c: u32): bool {
  return (c >= 0x0590 && c <= 0x08FF) || (c >= 0xFB1D && c <= 0xFDFF) || (c >= 0xFE70 && c <= 0xFEFC);
}

/** A letter for the soft-hyphen test: ASCII letters, and non-ASCII letters of the Latin, Greek and Cyrillic blocks. */
@inline
function isLetter(c: u32): bool {
  return (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || (c >= 0xC0 && c <= 0x24F && c != 0xD7 && c != 0xF7) || (c >= 0x370 && c <= 0x52F);
}

/** True when an RTL letter is among the 8 code units before or after `i` (a bidi mark inside right-to-left text). */
function nearRtl(base: usize, n: i32, i: i32): bool {
  const lo = i >= 8 ? i - 8 : 0;
  const hi = i + 9 <= n ? i + 9 : n;
  for (let k = lo; k < hi; k++) {
    if (k != i && isRtl(<u32>load<u16>(base + (<usize>k << 1)))) return true;
  }
  return false;
}

/**
 * The RGI emoji tag sequences (RGI_Emoji_Tag_Sequence, Unicode 17.0: the flags of England, Scotland and Wales), as
 * their tag letters after U+1F3F4 and before the cancel tag U+E007F. src/scan/unicode-data.ts has them from Unicode's
 * data; test/invisible.test.ts checks this list against it.
 */
const RGI_TAG_SPECS: string[] = ["gbeng", "gbsct", "gbwls"];

/**
 * When `i` starts a run of tag characters that, with the U+1F3F4 before it, is an RGI emoji tag sequence: the index
 * just after its cancel tag; otherwise -1.
 */
function rgiTagSequenceEnd(base: usize, n: i32, i: i32): i32 {
  if (i < 2 || load<u16>(base + (<usize>(i - 2) << 1)) != 0xD83C || load<u16>(base + (<usize>(i - 1) << 1)) != 0xDFF4) return -1;
  for (let s = 0; s < RGI_TAG_SPECS.length; s++) {
    const spec = unchecked(RGI_TAG_SPECS[s]);
    const len = spec.length;
    const end = i + (len + 1) * 2;
    if (end > n) continue;
    let ok = true;
    for (let k = 0; k < len && ok; k++) {
      ok = load<u16>(base + (<usize>(i + 2 * k) << 1)) == 0xDB40 && <u32>load<u16>(base + (<usize>(i + 2 * k + 1) << 1)) == 0xDC00 + <u32>spec.charCodeAt(k);
    }
    if (ok && load<u16>(base + (<usize>(i + 2 * len) << 1)) == 0xDB40 && load<u16>(base + (<usize>(i + 2 * len + 1) << 1)) == 0xDC7F) return end;
  }
  return -1;
}

/** A neighbour that makes a joiner or selector legitimate: a non-ASCII code unit that is not itself invisible. */
@inline
function joinsScript(c: u32, offset: i32): bool {
  return c > 0x9F && !isInvisibleBmp(c, offset) && c != 0xDB40;
}

let total: i32 = 0;

/** How many invisible characters the last findInvisibleAt()/findInvisibleIn() call found (it may have returned fewer). */
export function invisibleTotal(): i32 { return total; }

/**
 * Finds invisible characters in the `n` UTF-16 code units at address `base` (the core's text buffer, assembly/utf8.ts:
 * decoded UTF-8 or a string TypeScript wrote there).
 * Returns pairs [codePoint, offset] in ascending offset order (offset in UTF-16 code units), at most `max` pairs;
 * invisibleTotal() tells how many there were.
 * - Tag characters U+E0000..U+E007F (the surrogate pair DB40 DC00..DC7F) are reported once, at the high surrogate.
 * - Variation selectors U+E0100..U+E01EF (DB40 DD00..DDEF) are reported when they follow ASCII or another selector
 *   (a run of selectors can smuggle bytes); one selector after a non-ASCII character is ordinary.
 * - ZWNJ/ZWJ between two non-ASCII characters (emoji sequences, Persian and Indic scripts) are not reported; nor is
 *   U+FE00..U+FE0F after a non-ASCII character or inside a keycap sequence (digit, U+FE0F, U+20E3).
 * - Not reported either: an RGI emoji tag sequence (a subdivision flag, U+1F3F4 + tags + U+E007F); LRM, RLM and the
 *   Arabic letter mark within 8 code units of a right-to-left letter; a soft hyphen between two letters.
 */
export function findInvisibleAt(base: usize, n: i32, max: i32): Int32Array {
  return findInvisibleIn(base, n, 0, n, max);
}

/**
 * findInvisible() for the code units [from, to) of the `n` at `base`, the others serving only as neighbours (a
 * block of a larger text with some of its context on each side). Offsets are indices into the `n` units.
 */
export function findInvisibleIn(base: usize, n: i32, from: i32, to: i32, max: i32): Int32Array {
  const out = new Array<i32>();
  total = 0;
  const lo20 = i16x8.splat(0x1F);
  const hi7F = i16x8.splat(0x7F);
  const tab = i16x8.splat(0x08);
  const cr = i16x8.splat(0x0E);
  for (let i = from; i < to; i++) {
    if (i + 8 <= to) {
      // Eight code units of printable ASCII, tab or line breaks at a time (none is ever reported); otherwise go
      // to the first other one. Signed compares: units >= 0x8000 are negative and fail both ranges.
      const v = v128.load(base + (<usize>i << 1));
      const printable = v128.and(i16x8.gt_s(v, lo20), i16x8.lt_s(v, hi7F));
      const spaces = v128.and(i16x8.gt_s(v, tab), i16x8.lt_s(v, cr));
      const good = i16x8.bitmask(v128.or(printable, spaces));
      if (good == 0xFF) { i += 7; continue; }
      i += <i32>ctz(~good);
    }
    // i < n, so the load stays inside the string's 2*n bytes.
    const c = <u32>load<u16>(base + (<usize>i << 1));
    if (c < 0xAD) {
      // Controls: C0 but tab, LF, VT, FF and CR; DEL and C1. Everything else below U+00AD is visible.
      if (c < 0x09 || (c >= 0x0E && c < 0x20) || (c >= 0x7F && c <= 0x9F)) add(out, max, <i32>c, i);
      continue;
    }
    if (c == 0xDB40 && i + 1 < n) {
      const lo = <u32>load<u16>(base + (<usize>(i + 1) << 1));
      let report = false;
      if (lo >= 0xDC00 && lo <= 0xDC7F) {
        const end = rgiTagSequenceEnd(base, n, i);
        if (end > 0) { i = end - 1; continue; } // a subdivision flag: an ordinary emoji
        report = true;
      }
      else if (lo >= 0xDD00 && lo <= 0xDDEF) {
        const prev = i > 0 ? <u32>load<u16>(base + (<usize>(i - 1) << 1)) : 0;
        const prevIsSelector = i >= 2 && prev >= 0xDD00 && prev <= 0xDDEF && load<u16>(base + (<usize>(i - 2) << 1)) == 0xDB40;
        report = i == 0 || prev < 0x80 || prevIsSelector || (prev >= 0xFE00 && prev <= 0xFE0F);
      }
      if (lo >= 0xDC00 && lo <= 0xDFFF) {
        if (report) add(out, max, <i32>(0x10000 + ((c - 0xD800) << 10) + (lo - 0xDC00)), i);
        i++;
        continue;
      }
    }
    if (!isInvisibleBmp(c, i)) continue;
    const prev = i > 0 ? <u32>load<u16>(base + (<usize>(i - 1) << 1)) : 0;
    const next = i + 1 < n ? <u32>load<u16>(base + (<usize>(i + 1) << 1)) : 0;
    if ((c == 0x200E || c == 0x200F || c == 0x061C) && nearRtl(base, n, i)) continue; // a bidi mark in RTL text
    if (c == 0x00AD && i > 0 && i + 1 < n && isLetter(prev) && isLetter(next)) continue; // a soft hyphen inside a word
    if ((c == 0x200C || c == 0x200D) && i > 0 && i + 1 < n && joinsScript(prev, i - 1) && joinsScript(next, i + 1)) continue;
    if (c >= 0xFE00 && c <= 0xFE0F && i > 0 && (joinsScript(prev, i - 1) || next == 0x20E3)) continue;
    add(out, max, <i32>c, i);
  }
  const res = new Int32Array(out.length);
  for (let k = 0; k < out.length; k++) res[k] = unchecked(out[k]);
  return res;
}

function add(out: Array<i32>, max: i32, codePoint: i32, offset: i32): void {
  total++;
  if ((out.length >> 1) < max) {
    out.push(codePoint);
    out.push(offset);
  }
}

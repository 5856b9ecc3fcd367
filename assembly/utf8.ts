import { findInvisibleAt, findInvisibleIn } from "./invisible";
import { isInvisibleCodePoint } from "./invisible-set";

// UTF-8 entry: file bytes go into the core as they are and are decoded here, into a UTF-16 buffer the invisible pass
// and the threat scan read in place, so no JS string is made for a clean file. Decoding follows the WHATWG Encoding
// Standard's UTF-8 decoder (what TextDecoder does): each maximal subpart of an ill-formed sequence becomes one
// U+FFFD, so every UTF-16 offset equals the one the string path reports for `new TextDecoder().decode(bytes)`.
// A leading BOM is kept (as TextDecoder with ignoreBOM: true), so offsets count it, as they do on a string read
// with the BOM kept.

/** Most bytes one decode takes: 16 MiB (the core then holds 16 MiB of bytes and up to 32 MiB of UTF-16). */
const MAX_INPUT: i32 = 16 << 20;

let input: Uint8Array = new Uint8Array(0);
let decoded: Uint16Array = new Uint16Array(0);
let decodedLength: i32 = 0;
let sawInvisibleCandidate = false;
let sawFoldableAstral = false;
let firstInvalid: i32 = -1; // byte offset of the first ill-formed sequence of the last decodeInput(), or -1

/**
 * Astral letters that NFKC turns into one ASCII character, per code point of plane 1 (U+10000..U+1FFFF): the ASCII
 * code, or 0. Planes 2..16 have none (test/core-bytes.test.ts checks every code point). Loaded by TypeScript from
 * String.prototype.normalize so the core and the reference engine fold the same letters (src/scan/fold.ts).
 */
let astralFold: Uint8Array = new Uint8Array(0);

/** Installs the plane-1 fold table (65,536 bytes). Returns 0, or -1 when the length is wrong. */
export function loadAstralFold(table: Uint8Array): i32 {
  if (table.length != 0x10000) return -1;
  astralFold = table;
  return 0;
}

/**
 * A byte buffer of at least `length` bytes inside the core, for the caller to fill before decodeInput(); returns
 * its address (valid until the next call that allocates), or 0 when `length` is outside 0..16 MiB.
 */
export function inputBuffer(length: i32): usize {
  if (length < 0 || length > MAX_INPUT) return 0;
  if (input.length < length) input = new Uint8Array(max(length, 4096));
  return input.dataStart;
}

/**
 * Decodes the first `length` bytes of the input buffer as UTF-8 (WHATWG: one U+FFFD per maximal ill-formed
 * subpart) into the core's UTF-16 buffer. Returns the number of UTF-16 code units, or -1 when `length` is out of
 * range. Afterwards decodedInvisibleCandidates() and decodedFoldableAstral() say whether the invisible pass and the
 * astral fold have anything to do.
 */
export function decodeInput(length: i32): i32 {
  if (length < 0 || length > input.length) return -1;
  if (decoded.length < length) decoded = new Uint16Array(max(length, 4096)); // never more units than bytes
  const src = input.dataStart;
  const dst = decoded.dataStart;
  const fold = astralFold;
  let invisible = false;
  let astral = false;
  let bad: i32 = -1;
  let i: i32 = 0;
  let n: i32 = 0;
  // In range: i < length <= input.length for every byte read; n <= i at every store (a unit never takes more
  // than one byte, a pair never more than four), so n < decoded.length.
  const lo20 = i8x16.splat(0x1F);
  const hi7F = i8x16.splat(0x7F);
  const tab = i8x16.splat(0x08);
  const cr = i8x16.splat(0x0E);
  while (i < length) {
    // 16 bytes of printable ASCII, tab or line breaks at a time: widen them to UTF-16 as they are.
    // A block with another byte is widened whole anyway and the bytes before that one kept (the rest are written
    // again below): in range, since n + 16 <= i + 16 <= length <= decoded.length.
    while (i + 16 <= length) {
      const v = v128.load(src + <usize>i);
      // Signed compares: bytes >= 0x80 are negative, so they fail both ranges.
      const printable = v128.and(i8x16.gt_s(v, lo20), i8x16.lt_s(v, hi7F));
      const spaces = v128.and(i8x16.gt_s(v, tab), i8x16.lt_s(v, cr));
      const good = i8x16.bitmask(v128.or(printable, spaces));
      v128.store(dst + (<usize>n << 1), v128.load_ext<u8>(src + <usize>i));
      v128.store(dst + (<usize>n << 1), v128.load_ext<u8>(src + <usize>i + 8), 16);
      if (good == 0xFFFF) {
        i += 16;
        n += 16;
        continue;
      }
      const run = <i32>ctz(~good); // the good bytes before the first other one
      i += run;
      n += run;
      break;
    }
    if (i >= length) break;
    const b = <u32>load<u8>(src + <usize>i);
    if (b < 0x80) {
      if (b < 0x09 || (b >= 0x0E && b < 0x20) || b == 0x7F) invisible = true;
      store<u16>(dst + (<usize>n << 1), <u16>b);
      i++;
      n++;
      continue;
    }
    // Lead byte: how many continuation bytes follow, and the allowed range of the first one.
    let need: i32 = 0;
    let lower: u32 = 0x80;
    let upper: u32 = 0xBF;
    let cp: u32 = 0;
    if (b >= 0xC2 && b <= 0xDF) { need = 1; cp = b & 0x1F; }
    else if (b >= 0xE0 && b <= 0xEF) {
      need = 2; cp = b & 0x0F;
      if (b == 0xE0) lower = 0xA0; // no overlong forms
      else if (b == 0xED) upper = 0x9F; // no surrogates
    } else if (b >= 0xF0 && b <= 0xF4) {
      need = 3; cp = b & 0x07;
      if (b == 0xF0) lower = 0x90; // no overlong forms
      else if (b == 0xF4) upper = 0x8F; // nothing above U+10FFFF
    } else {
      // 0x80..0xC1 and 0xF5..0xFF never start a sequence.
      if (bad < 0) bad = i;
      store<u16>(dst + (<usize>n << 1), 0xFFFD);
      i++;
      n++;
      continue;
    }
    const lead = i;
    let j = i + 1;
    let ok = true;
    for (let k = 0; k < need; k++) {
      if (j >= length) { ok = false; break; }
      const c = <u32>load<u8>(src + <usize>j);
      if (c < lower || c > upper) { ok = false; break; } // this byte starts over: it is not consumed
      cp = (cp << 6) | (c & 0x3F);
      lower = 0x80;
      upper = 0xBF;
      j++;
    }
    i = j;
    if (!ok) {
      if (bad < 0) bad = lead;
      store<u16>(dst + (<usize>n << 1), 0xFFFD); // the maximal subpart read so far is one replacement
      n++;
      continue;
    }
    if (isInvisibleCodePoint(cp)) invisible = true;
    if (cp < 0x10000) {
      store<u16>(dst + (<usize>n << 1), <u16>cp);
      n++;
    } else {
      const v = cp - 0x10000;
      store<u16>(dst + (<usize>n << 1), <u16>(0xD800 + (v >> 10)));
      store<u16>(dst + (<usize>n << 1) + 2, <u16>(0xDC00 + (v & 0x3FF)));
      n += 2;
      if (cp < 0x20000 && fold.length == 0x10000 && unchecked(fold[cp - 0x10000]) != 0) astral = true;
    }
  }
  decodedLength = n;
  sawInvisibleCandidate = invisible;
  sawFoldableAstral = astral;
  firstInvalid = bad;
  return n;
}

/**
 * Makes the decoded-text buffer hold `units` UTF-16 code units for the caller to fill (text handed in as UTF-16, so
 * the scan and the invisible pass read it in place and no String is allocated per call); returns its address (valid
 * until the next call that allocates), or 0 when `units` is outside 0..16 Mi.
 */
export function unitsBuffer(units: i32): usize {
  if (units < 0 || units > MAX_INPUT) return 0;
  if (decoded.length < units) decoded = new Uint16Array(max(units, 4096));
  decodedLength = units;
  return decoded.dataStart;
}

/**
 * Lets go of the input and decoded-text buffers (the next call allocates what it needs), so the collector can hand
 * their memory to the next large input instead of the core keeping one buffer pair per size it has seen.
 */
export function releaseBuffers(): void {
  input = new Uint8Array(0);
  decoded = new Uint16Array(0);
  decodedLength = 0;
}

/** Address of the input buffer (bytes for decodeInput()); valid until the next call that allocates. */
export function inputPointer(): usize { return input.dataStart; }
/** Size of the input buffer in bytes (at least what the last inputBuffer() asked for). */
export function inputLength(): i32 { return input.length; }

/** Byte offset of the first ill-formed sequence (its lead byte) the last decodeInput() met, or -1 when none. */
export function decodedFirstInvalid(): i32 { return firstInvalid; }

/** Whether the last decodeInput() met a code point findInvisible() may report. */
export function decodedInvisibleCandidates(): bool { return sawInvisibleCandidate; }
/** Whether the last decodeInput() met an astral letter the scan folds (see foldDecodedAstral()). */
export function decodedFoldableAstral(): bool { return sawFoldableAstral; }

/** Address of the decoded text (UTF-16 code units), for the invisible pass and the scan; valid until the next allocation. */
export function decodedPointer(): usize { return decoded.dataStart; }
/** Length of the decoded text in UTF-16 code units. */
export function decodedUnits(): i32 { return decodedLength; }

/**
 * Folds astral letters in the decoded text in place, as src/scan/fold.ts foldAstralPairs does on a string: a pair
 * whose code point NFKC turns into one ASCII character becomes that character and U+200B (same length, and the
 * scan steps over U+200B). Run it after the invisible pass, which must see the original text.
 */
export function foldDecodedAstral(): void {
  const p = decoded.dataStart;
  const n = decodedLength;
  const fold = astralFold;
  if (fold.length != 0x10000) return;
  // In range: k + 1 < n <= decoded.length.
  for (let k = 0; k + 1 < n; k++) {
    const hi = <u32>load<u16>(p + (<usize>k << 1));
    if (hi < 0xD800 || hi > 0xDBFF) continue;
    const lo = <u32>load<u16>(p + (<usize>(k + 1) << 1));
    if (lo < 0xDC00 || lo > 0xDFFF) continue;
    const cp = 0x10000 + ((hi - 0xD800) << 10) + (lo - 0xDC00);
    if (cp < 0x20000) {
      const a = <u32>unchecked(fold[cp - 0x10000]);
      if (a != 0) {
        store<u16>(p + (<usize>k << 1), <u16>a);
        store<u16>(p + (<usize>(k + 1) << 1), 0x200B);
      }
    }
    k++;
  }
}

/** findInvisible() over the decoded text (same result as on the string TextDecoder makes of the bytes). */
export function findInvisibleDecoded(max: i32): Int32Array {
  return findInvisibleAt(decoded.dataStart, decodedLength, max);
}

/**
 * findInvisible() over the decoded code units [from, to), the rest of the decoded text serving as neighbours (a block
 * of a larger input decoded with a few units of context on each side). Offsets are indices into the decoded text.
 * Returns an empty array when the range is not inside the decoded text.
 */
export function findInvisibleDecodedRange(from: i32, to: i32, max: i32): Int32Array {
  if (from < 0 || to < from || to > decodedLength) return new Int32Array(0);
  return findInvisibleIn(decoded.dataStart, decodedLength, from, to, max);
}

// Encoded-text candidates: does a text hold anything the scanner's decoders (src/scan/decoders.ts) would decode —
// an HTML entity, a percent, \x or \u escape, a hex run or a base64 run that looks like text? One pass, 64 characters per
// step: a nibble-table lookup (SIMD) classifies 16 at once as base64 alphabet or '&' '%' '\', and bit masks find the
// runs of 16 or more alphabet characters; only those runs (about 7% of the shared corpus's text) and the escape
// characters get a closer look. It runs over UTF-8 bytes (the UTF-8 entry, before decoding: every character looked for
// is one ASCII byte, and an ASCII byte always decodes to itself) or over UTF-16 code units (the string entry, the
// units already copied into the core for the scan). Measured on the benign corpus (6.45 MB, one core): about 1.5 ms,
// 0.24 ns per byte — a third classification, a third run bookkeeping, a third the closer look at long runs — where
// the DFA scan of the 28 seed rules took 1.2–1.7 ns per byte in the same runs.
//
// The conditions are exactly those of decoders.ts (a flag is set when, and only when, that decoder has a candidate),
// so the scanner skips a decoder whose flag is clear, and a clean file never reaches the JavaScript decoders:
// test/decoders.test.ts compares the two on random texts and on every corpus file. Where a text arrives in blocks or
// pieces, a run or escape that starts in one and reaches its open end sets its flag unchecked (a superset: the
// decoders then look at the whole text and decide).

import { decodedPointer, decodedUnits, inputLength, inputPointer } from "./utf8";

/** An HTML entity (&#…, &#x…, &name; or &nbsp/&amp/&lt/&gt/&quot), a %HH escape, or a \xHH, \uHHHH, \u{H or \UHHHHHHHH escape. */
const ENCODED_ESCAPE: i32 = 1;
/** A run of 16 or more hex digits. */
const ENCODED_HEX: i32 = 2;
/** A run of 16 or more base64 characters (both alphabets) holding 16 that decode to 12 bytes of ASCII text. */
const ENCODED_BASE64: i32 = 4;
const ALL: i32 = 7;

/** Shortest run (code units) the hex and base64 decoders look at. */
const MIN_RUN: i32 = 16;
/** Longest entity name, in code units (HTML's longest is 31: "CounterClockwiseContourIntegral"). */
const MAX_ENTITY_NAME: i32 = 32;

// Per ASCII character (CLASS; 0 for every other code unit), for the scalar steps: base64 alphabet (A–Z a–z 0–9 + /
// - _), hex digit, letter or digit.
const C_ALPHA: u32 = 1, C_HEX: u32 = 2, C_ALNUM: u32 = 4;
const CLASS = new StaticArray<u8>(128);

// Nibble tables for the SIMD pass: a byte is in the alphabet when LO[low nibble] & HI[high nibble] & 0x1F is not
// zero, and is '&', '%' or '\' when that AND has a bit of 0x60. Rectangles: 0x01 @A–O `a–o (high 4/6, low 1–F),
// 0x02 P–Z p–z (high 5/7, low 0–A), 0x04 0–9, 0x08 + - / (high 2, low B/D/F), 0x10 _ (high 5, low F), 0x20 % &
// (high 2, low 5/6), 0x40 \ (high 5, low C). Bytes 0x80–0xFF (and code units over 0xFF, narrowed to 0xFF) have
// high nibble 8–F, whose HI entry is 0.
const NIBBLE_LO = new StaticArray<u8>(16);
const NIBBLE_HI = new StaticArray<u8>(16);

function initTables(): void {
  const value = new StaticArray<i32>(128);
  for (let c = 0; c < 128; c++) unchecked(value[c] = -1);
  for (let c = 0; c < 26; c++) { unchecked(value[0x41 + c] = c); unchecked(value[0x61 + c] = 26 + c); }
  for (let c = 0; c < 10; c++) unchecked(value[0x30 + c] = 52 + c);
  unchecked(value[0x2B] = 62); unchecked(value[0x2D] = 62); unchecked(value[0x2F] = 63); unchecked(value[0x5F] = 63);
  for (let c = 0; c < 128; c++) {
    const v = unchecked(value[c]);
    let k: u32 = 0;
    if (v >= 0) {
      k |= C_ALPHA;
      if ((c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66)) k |= C_HEX;
      if (v < 62) k |= C_ALNUM;
    }
    unchecked(CLASS[c] = <u8>k);
  }
  for (let lo = 0; lo < 16; lo++) {
    let x: u32 = 0;
    if (lo >= 1) x |= 0x01;
    if (lo <= 0xA) x |= 0x02;
    if (lo <= 9) x |= 0x04;
    if (lo == 0xB || lo == 0xD || lo == 0xF) x |= 0x08;
    if (lo == 0xF) x |= 0x10;
    if (lo == 5 || lo == 6) x |= 0x20;
    if (lo == 0xC) x |= 0x40;
    unchecked(NIBBLE_LO[lo] = <u8>x);
  }
  unchecked(NIBBLE_HI[2] = 0x08 | 0x20);
  unchecked(NIBBLE_HI[3] = 0x04);
  unchecked(NIBBLE_HI[4] = 0x01);
  unchecked(NIBBLE_HI[5] = 0x02 | 0x10 | 0x40);
  unchecked(NIBBLE_HI[6] = 0x01);
  unchecked(NIBBLE_HI[7] = 0x02);
}
initTables();

/** Unit i of a text of T (u8: UTF-8 bytes, where every character looked for is one ASCII byte; u16: code units). */
@inline
function unitAt<T>(p: usize, i: i32): u32 {
  return <u32>load<T>(p + (<usize>i << alignof<T>()));
}

/** 16 units from unit i as 16 bytes (code units over 0xFF become 0xFF, in no class). */
@inline
function load16<T>(p: usize, i: i32): v128 {
  const q = p + (<usize>i << alignof<T>());
  if (sizeof<T>() == 1) return v128.load(q);
  return i8x16.narrow_i16x8_u(v128.load(q), v128.load(q, 16));
}

@inline
function classOf(c: u32): u32 {
  return c < 128 ? <u32>unchecked(CLASS[c]) : 0;
}

@inline
function isHexUnit(c: u32): bool {
  return (classOf(c) & C_HEX) != 0;
}

/**
 * Masks of 16 units at unit index b (bit j: unit b + j) into out[0..6]: hex digit; the text-quad classes of the
 * character's 6-bit base64 value v — Q0 (v < 4 or 8 <= v < 32: the top six bits of a byte in 00–0F or 20–7F, so it
 * may start a quad), Q1 (v & 15 is 0 or 2..7: the next byte's high nibble is 0 or 2..7), D0 and D1 (v & 3 is 0 or 1:
 * the third byte's top two bits), G (v < 16 or v >= 32: after a D0, the third byte is in 00–0F or 20–3F) — and the
 * alphabet. Units over 0x7F are in no class.
 */
@inline
function classMasks16<T>(p: usize, b: i32, out: StaticArray<u32>): void {
  const c = load16<T>(p, b);
  const lower = v128.or(c, i8x16.splat(0x20));
  const letter = i8x16.lt_u(i8x16.sub(lower, i8x16.splat(0x61)), i8x16.splat(26));
  const digit = i8x16.lt_u(i8x16.sub(c, i8x16.splat(0x30)), i8x16.splat(10));
  const alnum = v128.or(letter, digit);
  const special = v128.or(v128.or(i8x16.eq(c, i8x16.splat(0x2B)), i8x16.eq(c, i8x16.splat(0x2D))), v128.or(i8x16.eq(c, i8x16.splat(0x2F)), i8x16.eq(c, i8x16.splat(0x5F))));
  // The base64 value of a letter or digit: the character plus an offset that depends on its high nibble
  // (3: digits +4; 4, 5: A–Z -65; 6, 7: a–z -71). Garbage elsewhere, masked by alnum below.
  const v = i8x16.add(c, i8x16.swizzle(v128.load(changetype<usize>(VALUE_OFFSET)), i8x16.shr_u(c, 4)));
  const lo4 = v128.and(v, i8x16.splat(15));
  const lo2 = v128.and(v, i8x16.splat(3));
  const q0 = v128.and(alnum, v128.or(i8x16.lt_u(v, i8x16.splat(4)), i8x16.lt_u(i8x16.sub(v, i8x16.splat(8)), i8x16.splat(24))));
  const q1 = v128.and(alnum, v128.or(i8x16.eq(lo4, i8x16.splat(0)), i8x16.lt_u(i8x16.sub(lo4, i8x16.splat(2)), i8x16.splat(6))));
  const d0 = v128.and(alnum, i8x16.eq(lo2, i8x16.splat(0)));
  const d1 = v128.and(alnum, i8x16.eq(lo2, i8x16.splat(1)));
  const g = v128.or(special, v128.and(alnum, i8x16.ge_u(i8x16.sub(v, i8x16.splat(16)), i8x16.splat(16))));
  const hexLetter = v128.and(letter, i8x16.lt_u(i8x16.sub(lower, i8x16.splat(0x61)), i8x16.splat(6)));
  unchecked(out[0] = <u32>i8x16.bitmask(v128.or(digit, hexLetter)));
  unchecked(out[1] = <u32>i8x16.bitmask(q0));
  unchecked(out[2] = <u32>i8x16.bitmask(q1));
  unchecked(out[3] = <u32>i8x16.bitmask(d0));
  unchecked(out[4] = <u32>i8x16.bitmask(d1));
  unchecked(out[5] = <u32>i8x16.bitmask(g));
  unchecked(out[6] = <u32>i8x16.bitmask(v128.or(alnum, special)));
}

/** Per high nibble, what turns a letter or digit into its base64 value (see classMasks16). */
const VALUE_OFFSET = new StaticArray<u8>(16);
unchecked(VALUE_OFFSET[3] = 4);
unchecked(VALUE_OFFSET[4] = <u8>(256 - 65));
unchecked(VALUE_OFFSET[5] = <u8>(256 - 65));
unchecked(VALUE_OFFSET[6] = <u8>(256 - 71));
unchecked(VALUE_OFFSET[7] = <u8>(256 - 71));

const MASKS = new StaticArray<u32>(7);

/**
 * The flags of one alphabet run [s, e) (every unit in it is an ASCII base64 character, e - s >= MIN_RUN), of those in
 * `want`: HEX for MIN_RUN hex digits in a row; BASE64 for four text quads in a row at any offset. A text quad is four
 * characters whose 24 bits are three bytes in 00–0F or 20–7F: Q0 Q1, then D1 and any alphabet character, or D0 and G.
 * Works on 64-unit windows of the run (bit masks, 16 units per SIMD step), each starting 49 units after the last, so
 * every 16 units in a row of the run lie inside one window.
 */
function runFlags<T>(p: usize, s: i32, e: i32, want: i32): i32 {
  let flags: i32 = 0;
  const m = MASKS;
  for (let w = s; w + MIN_RUN <= e; w += 49) {
    const len = min(e - w, 64);
    let hx: u64 = 0, q0: u64 = 0, q1: u64 = 0, d0: u64 = 0, d1: u64 = 0, g: u64 = 0, al: u64 = 0;
    for (let k = 0; k < len; k += 16) {
      // The last 16 may start before k (overlapping what is read already: same bits) so no read passes e.
      const at = k + 16 <= len ? k : len - 16;
      classMasks16<T>(p, w + at, m);
      hx |= <u64>unchecked(m[0]) << at;
      q0 |= <u64>unchecked(m[1]) << at;
      q1 |= <u64>unchecked(m[2]) << at;
      d0 |= <u64>unchecked(m[3]) << at;
      d1 |= <u64>unchecked(m[4]) << at;
      g |= <u64>unchecked(m[5]) << at;
      al |= <u64>unchecked(m[6]) << at;
    }
    if ((want & ENCODED_HEX) != 0) {
      let r = hx & (hx >> 1);
      r &= r >> 2;
      r &= r >> 4;
      r &= r >> 8;
      if (r != 0) flags |= ENCODED_HEX;
    }
    if ((want & ENCODED_BASE64) != 0) {
      const quad = q0 & (q1 >> 1) & ((d1 >> 2) | ((d0 >> 2) & (g >> 3))) & (al >> 3);
      if ((quad & (quad >> 4) & (quad >> 8) & (quad >> 12)) != 0) flags |= ENCODED_BASE64;
    }
    if ((flags & want) == want) break;
  }
  return flags & want;
}

/** Entity names decoders.ts also decodes without a semicolon, as browsers do (lower case; matched in any case here). */
const LEGACY: StaticArray<string> = ["nbsp", "amp", "lt", "gt", "quot"];

@inline
function lowerAscii(c: u32): u32 {
  return c >= 0x41 && c <= 0x5A ? c | 0x20 : c;
}

/** Whether the units at i.. spell `word` (ASCII letters, any case); -1 when the text ends first. */
function spells<T>(p: usize, n: i32, i: i32, word: string): i32 {
  for (let k = 0; k < word.length; k++) {
    if (i + k >= n) return -1;
    if (lowerAscii(unitAt<T>(p, i + k)) != <u32>word.charCodeAt(k)) return 0;
  }
  return 1;
}

/** Whether the `count` units at i are hex digits: 1 yes, 0 no, -1 the text ends first. */
function hexDigitsAt<T>(p: usize, n: i32, i: i32, count: i32): i32 {
  for (let k = 0; k < count; k++) {
    if (i + k >= n) return -1;
    if (!isHexUnit(unitAt<T>(p, i + k))) return 0;
  }
  return 1;
}

/**
 * Whether the '&', '%' or '\' at i starts an escape: 1 yes, 0 no, -1 the text ends before it can tell (an open end
 * then counts as yes).
 */
function escapeAt<T>(p: usize, n: i32, i: i32): i32 {
  const c = unitAt<T>(p, i);
  if (c == 0x25) { // %HH
    if (i + 2 >= n) return -1;
    return isHexUnit(unitAt<T>(p, i + 1)) && isHexUnit(unitAt<T>(p, i + 2)) ? 1 : 0;
  }
  if (c == 0x5C) { // \xHH, \uHHHH, \u{H, \UHHHHHHHH
    if (i + 1 >= n) return -1;
    const d = unitAt<T>(p, i + 1);
    if (d == 0x78) return hexDigitsAt<T>(p, n, i + 2, 2);
    if (d == 0x55) return hexDigitsAt<T>(p, n, i + 2, 8);
    if (d != 0x75) return 0;
    if (i + 2 >= n) return -1;
    if (unitAt<T>(p, i + 2) == 0x7B) return hexDigitsAt<T>(p, n, i + 3, 1);
    return hexDigitsAt<T>(p, n, i + 2, 4);
  }
  // '&'
  if (i + 1 >= n) return -1;
  const d = unitAt<T>(p, i + 1);
  if (d == 0x23) { // &#1… or &#x1…
    if (i + 2 >= n) return -1;
    const e = unitAt<T>(p, i + 2);
    if (e >= 0x30 && e <= 0x39) return 1;
    if (e != 0x78 && e != 0x58) return 0;
    if (i + 3 >= n) return -1;
    return isHexUnit(unitAt<T>(p, i + 3)) ? 1 : 0;
  }
  const ld = lowerAscii(d);
  if (ld < 0x61 || ld > 0x7A) return 0;
  // Legacy names a browser decodes without the semicolon.
  let open = false;
  for (let w = 0; w < LEGACY.length; w++) {
    const r = spells<T>(p, n, i + 1, unchecked(LEGACY[w]));
    if (r == 1) return 1;
    if (r < 0) open = true;
  }
  // &name; with a name of letters and digits, at most MAX_ENTITY_NAME long.
  for (let k = i + 2; k <= i + 1 + MAX_ENTITY_NAME; k++) {
    if (k >= n) return -1;
    const u = unitAt<T>(p, k);
    if (u == 0x3B) return 1;
    if ((classOf(u) & C_ALNUM) == 0) return open ? -1 : 0;
  }
  return open ? -1 : 0;
}

/**
 * The encoded-text flags (ENCODED_ESCAPE | ENCODED_HEX | ENCODED_BASE64) of the `n` UTF-16 code units at `p`,
 * counting only escapes and runs that start in [from, to) (the units around that range are a neighbouring block's
 * context, read but owned by that block). When `openEnd` is true the units end inside the text (a block or piece
 * with more after it): an escape or a run that reaches unit `n` sets its flag unchecked.
 */
function encodedFlagsAt<T>(p: usize, n: i32, from: i32, to: i32, openEnd: bool): i32 {
  let flags: i32 = 0;
  let trail: i32 = 0; // alphabet units in a row just before unit i
  const lowNibble = v128.load(changetype<usize>(NIBBLE_LO));
  const highNibble = v128.load(changetype<usize>(NIBBLE_HI));
  const mask0F = i8x16.splat(0x0F);
  const alphaBits = i8x16.splat(0x1F);
  const escapeBits = i8x16.splat(0x60);
  const toTop = i8x16.splat(0x7F);
  let i: i32 = 0;
  // 64 units per step (four narrowed vectors), so the run bookkeeping runs once per 64. In range: i + 64 <= n.
  for (; i + 64 <= n; i += 64) {
    const x0 = nibbleClasses(load16<T>(p, i), lowNibble, highNibble, mask0F);
    const x1 = nibbleClasses(load16<T>(p, i + 16), lowNibble, highNibble, mask0F);
    const x2 = nibbleClasses(load16<T>(p, i + 32), lowNibble, highNibble, mask0F);
    const x3 = nibbleClasses(load16<T>(p, i + 48), lowNibble, highNibble, mask0F);
    if (v128.any_true(v128.and(v128.or(v128.or(x0, x1), v128.or(x2, x3)), escapeBits)) && (flags & ENCODED_ESCAPE) == 0) {
      const e = topBits(x0, x1, x2, x3, escapeBits, toTop);
      flags |= escapesIn<T>(p, n, i, e, from, to, openEnd);
    }
    const m = topBits(x0, x1, x2, x3, alphaBits, toTop);
    if (m == <u64>-1) { trail += 64; continue; }
    const lead = <i32>ctz(~m); // alphabet units at the start of these 64, continuing the run before them
    if (trail + lead >= MIN_RUN) flags |= runIfOwned<T>(p, i - trail, i + lead, from, to, flags);
    const tail = <i32>clz(~m); // alphabet units at the end: a run that may go on
    // Runs inside the 64 (touching neither end) are at most 62 long; r has bit j set when 16 start at j.
    let r = m & (m >> 1);
    r &= r >> 2;
    r &= r >> 4;
    r &= r >> 8;
    r &= ~((<u64>1 << lead) - 1) & (<u64>-1 >> tail);
    if (r != 0) {
      let b = m & ~((<u64>1 << lead) - 1) & (<u64>-1 >> tail);
      while (b != 0) {
        const st = <i32>ctz(b);
        const len = <i32>ctz(~(b >> st));
        if (len >= MIN_RUN) flags |= runIfOwned<T>(p, i + st, i + st + len, from, to, flags);
        b &= ~(((<u64>1 << len) - 1) << st);
      }
    }
    if (flags == ALL) return flags;
    trail = tail;
  }
  // The last units one at a time.
  for (; i < n; i++) {
    const c = unitAt<T>(p, i);
    if ((c == 0x26 || c == 0x25 || c == 0x5C) && (flags & ENCODED_ESCAPE) == 0) flags |= escapesIn<T>(p, n, i, 1, from, to, openEnd);
    if ((classOf(c) & C_ALPHA) != 0) { trail++; continue; }
    if (trail >= MIN_RUN) {
      const start = i - trail;
      if (start >= from && start < to) flags |= runFlags<T>(p, start, i, ALL & ~flags);
    }
    trail = 0;
  }
  if (trail > 0) {
    const start = n - trail;
    if (start >= from && start < to) {
      if (openEnd) flags |= ENCODED_HEX | ENCODED_BASE64;
      else if (trail >= MIN_RUN) flags |= runFlags<T>(p, start, n, ALL & ~flags);
    }
  }
  return flags;
}

/** The nibble classes (NIBBLE_LO & NIBBLE_HI) of 16 bytes (load16: a code unit over 0xFF is 0xFF, in no class). */
@inline
function nibbleClasses(v: v128, lowNibble: v128, highNibble: v128, mask0F: v128): v128 {
  return v128.and(i8x16.swizzle(lowNibble, v128.and(v, mask0F)), i8x16.swizzle(highNibble, i8x16.shr_u(v, 4)));
}

/** Bit j set when lane j (of the 64 in x0..x3) has a bit of `bits`: a non-zero byte plus 0x7F has its top bit set. */
@inline
function topBits(x0: v128, x1: v128, x2: v128, x3: v128, bits: v128, toTop: v128): u64 {
  return <u64>i8x16.bitmask(i8x16.add_sat_u(v128.and(x0, bits), toTop))
    | (<u64>i8x16.bitmask(i8x16.add_sat_u(v128.and(x1, bits), toTop)) << 16)
    | (<u64>i8x16.bitmask(i8x16.add_sat_u(v128.and(x2, bits), toTop)) << 32)
    | (<u64>i8x16.bitmask(i8x16.add_sat_u(v128.and(x3, bits), toTop)) << 48);
}

/** runFlags for the run [s, e) when this call owns it (it starts in [from, to)), for the flags not yet in `have`. */
@inline
function runIfOwned<T>(p: usize, s: i32, e: i32, from: i32, to: i32, have: i32): i32 {
  return s >= from && s < to ? runFlags<T>(p, s, e, ALL & ~have) : 0;
}

/** ENCODED_ESCAPE when one of the '&', '%' or '\\' at i + (each set bit of `bits`) starts an escape owned by [from, to). */
function escapesIn<T>(p: usize, n: i32, i: i32, bits: u64, from: i32, to: i32, openEnd: bool): i32 {
  while (bits != 0) {
    const at = i + <i32>ctz(bits);
    bits &= bits - 1;
    if (at < from || at >= to) continue;
    const r = escapeAt<T>(p, n, at);
    if (r > 0 || (r < 0 && openEnd)) return ENCODED_ESCAPE;
  }
  return 0;
}

/**
 * encodedFlagsAt over the decoded-text buffer (assembly/utf8.ts): the text decodeInput() made of UTF-8 bytes, or the
 * code units written with unitsBuffer(). `from`..`to` is the range this call owns (0..decodedUnits() for a whole
 * text); `openEnd` says more text follows the buffer. Returns -1 when the range is not inside the buffer.
 */
export function encodedFlagsDecoded(from: i32, to: i32, openEnd: bool): i32 {
  const n = decodedUnits();
  if (from < 0 || to < from || to > n) return -1;
  return encodedFlagsAt<u16>(decodedPointer(), n, from, to, openEnd);
}

/**
 * encodedFlagsAt over the first `length` UTF-8 bytes of the input buffer (assembly/utf8.ts inputBuffer), the bytes
 * decodeInput() reads: the same flags as encodedFlagsDecoded over the text they decode to, since every character the
 * decoders look for is one ASCII byte and an ASCII byte always decodes to itself (a multi-byte character or an
 * ill-formed sequence is several non-class bytes where the text has one non-class unit, and either ends a run).
 * Half the memory of the decoded text and no narrowing: the UTF-8 entry's pass. `from`, `to` in bytes. Returns -1
 * when the range is not inside [0, length] or `length` is not inside the buffer.
 */
export function encodedFlagsInput(length: i32, from: i32, to: i32, openEnd: bool): i32 {
  if (length < 0 || length > inputLength() || from < 0 || to < from || to > length) return -1;
  return encodedFlagsAt<u8>(inputPointer(), length, from, to, openEnd);
}

// UTF-8 checks shared by every layer (readers, the scanner, the Worker). Runtime-neutral: plain loops over bytes, no
// TextDecoder, no runtime global; imports nothing, so any file may import it.

/**
 * The byte offset of the first invalid UTF-8 sequence in `bytes`, or -1 when all of it is valid UTF-8.
 * "Invalid" follows the WHATWG decoder (what TextDecoder uses): bad lead bytes (0x80–0xC1, 0xF5–0xFF), missing or
 * out-of-range continuation bytes (which rules out overlong forms, UTF-16 surrogates and code points past
 * U+10FFFF), and a sequence cut off by the end of the input. The offset is that of the sequence's lead byte.
 */
export function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const lead = bytes[i];
    if (lead < 0x80) {
      i++;
      continue;
    }
    let extra: number;
    // Range allowed for the first continuation byte; the rest are always 0x80–0xBF.
    let lo = 0x80;
    let hi = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) extra = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      extra = 2;
      if (lead === 0xe0) lo = 0xa0; // below is overlong
      if (lead === 0xed) hi = 0x9f; // above encodes a surrogate
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      extra = 3;
      if (lead === 0xf0) lo = 0x90; // below is overlong
      if (lead === 0xf4) hi = 0x8f; // above is past U+10FFFF
    } else return i;
    for (let k = 1; k <= extra; k++) {
      if (i + k >= bytes.length) return i;
      const b = bytes[i + k];
      if (b < lo || b > hi) return i;
      lo = 0x80;
      hi = 0xbf;
    }
    i += extra + 1;
  }
  return -1;
}

/**
 * `text` with each lone surrogate (a UTF-16 code unit D800–DFFF not in a pair) replaced by U+FFFD, as
 * String.prototype.toWellFormed does (used where the runtime has it). The length is unchanged: one code unit for one.
 * UTF-8 (files, SQLite TEXT, KV, a request body) cannot carry a lone surrogate and TextEncoder writes U+FFFD for it,
 * so a text made well-formed is one whose bytes every later reader sees alike.
 */
export function wellFormed(text: string): string {
  const t = text as string & { isWellFormed?: () => boolean; toWellFormed?: () => string };
  if (typeof t.isWellFormed === "function") return t.isWellFormed() ? text : t.toWellFormed!();
  return text.replace(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, "\uFFFD");
}

// From a file's bytes to what a WorkspaceReader returns: the binary test, UTF-8 decoding, and the byte offset of the
// first invalid sequence. Shared by every reader that holds bytes (NodeWorkspaceReader over the filesystem,
// MapWorkspaceReader over Blobs, e.g. files picked in a browser page), so they all agree on what "binary" and
// "invalid UTF-8" mean. Runtime-neutral: only TextDecoder, which Node, browsers and Workers all have.

import type { ReadResult } from "../discovery/reader.js";

/** How far into a file to look for a NUL byte when deciding it is binary: 8 KiB, the idea of git's own heuristic. */
export const BINARY_SNIFF_BYTES = 8 * 1024;

// Made on first use, so importing this module constructs nothing.
let strictUtf8: TextDecoder | undefined;
let lenientUtf8: TextDecoder | undefined;

/**
 * Decodes a whole file's bytes as a reader reports them.
 * - a NUL byte in the first BINARY_SNIFF_BYTES (8 KiB) → `{ kind: "binary", bytes }`, unless `binaryAsText`;
 * - else UTF-8 text, a leading BOM kept as U+FEFF (the core decides about it); invalid sequences become U+FFFD and
 *   `invalidUtf8At` is the byte offset of the first one.
 * `bytes` in the result is the input's length in bytes. Never throws.
 * @param options.binaryAsText decode files that look binary as text too (NULs kept as U+0000); default false.
 */
export function decodeFileBytes(bytes: Uint8Array, options: { binaryAsText?: boolean } = {}): ReadResult {
  if (!options.binaryAsText && looksBinary(bytes)) return { kind: "binary", bytes: bytes.length };
  strictUtf8 ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return { kind: "text", text: strictUtf8.decode(bytes), bytes: bytes.length };
  } catch {
    lenientUtf8 ??= new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
    return { kind: "text", text: lenientUtf8.decode(bytes), bytes: bytes.length, invalidUtf8At: firstInvalidUtf8(bytes) };
  }
}

/** The binary test: a NUL byte in the first BINARY_SNIFF_BYTES (8 KiB) of a file's bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

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

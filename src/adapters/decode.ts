// From a file's bytes to what a WorkspaceReader returns: the binary test, UTF-8 decoding, and the byte offset of the
// first invalid sequence. Shared by every reader that holds bytes (NodeWorkspaceReader over the filesystem,
// MapWorkspaceReader over Blobs, e.g. files picked in a browser page), so they all agree on what "binary" and
// "invalid UTF-8" mean. Runtime-neutral: only TextDecoder, which Node, browsers and Workers all have.

import type { ReadResult } from "../discovery/reader.js";
import { firstInvalidUtf8 } from "../util/utf8.js";

export { firstInvalidUtf8 };

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

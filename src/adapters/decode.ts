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
 * - a UTF-16 byte order mark first (FF FE little-endian, FE FF big-endian; the bytes Windows editors and PowerShell's
 *   `Out-File` write) → UTF-16 text, checked before the NUL test since such text is full of NUL bytes; the BOM is kept
 *   as U+FEFF as for UTF-8, a lone surrogate or odd last byte becomes U+FFFD (no `invalidUtf8At`: it is not UTF-8);
 * - else UTF-8 text, a leading BOM kept as U+FEFF (the core decides about it); invalid sequences become U+FFFD and
 *   `invalidUtf8At` is the byte offset of the first one.
 * `bytes` in the result is the input's length in bytes. Never throws.
 * @param options.binaryAsText decode files that look binary as text too (NULs kept as U+0000); default false.
 */
export function decodeFileBytes(bytes: Uint8Array, options: { binaryAsText?: boolean } = {}): ReadResult {
  const utf16 = decodeUtf16Bom(bytes);
  if (utf16 !== null) return { kind: "text", text: utf16, bytes: bytes.length };
  if (!options.binaryAsText && looksBinary(bytes)) return { kind: "binary", bytes: bytes.length };
  strictUtf8 ??= new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
  try {
    return { kind: "text", text: strictUtf8.decode(bytes), bytes: bytes.length };
  } catch {
    lenientUtf8 ??= new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });
    return { kind: "text", text: lenientUtf8.decode(bytes), bytes: bytes.length, invalidUtf8At: firstInvalidUtf8(bytes) };
  }
}

const utf16Decoders: Partial<Record<"utf-16le" | "utf-16be", TextDecoder>> = {};

/** The encoding a leading UTF-16 byte order mark names: FF FE → "utf-16le", FE FF → "utf-16be"; null without one. */
export function utf16Bom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (bytes.length < 2) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return "utf-16le";
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return "utf-16be";
  return null;
}

/**
 * The text of bytes that start with a UTF-16 byte order mark (utf16Bom), BOM kept as U+FEFF, invalid units as
 * U+FFFD; null when there is no such mark. Never throws.
 */
export function decodeUtf16Bom(bytes: Uint8Array): string | null {
  const encoding = utf16Bom(bytes);
  if (encoding === null) return null;
  const decoder = (utf16Decoders[encoding] ??= new TextDecoder(encoding, { fatal: false, ignoreBOM: true }));
  return decoder.decode(bytes);
}

/** The binary test: a NUL byte in the first BINARY_SNIFF_BYTES (8 KiB) of a file's bytes. */
export function looksBinary(bytes: Uint8Array): boolean {
  return bytes.subarray(0, BINARY_SNIFF_BYTES).includes(0);
}

/**
 * Largest UTF-16 file, in bytes, that a reader which streams big files reads whole instead: 256 MiB, the CLI's
 * default `--max-bytes` (DEFAULT_MAX_BYTES in node/reader.ts). Its text is then at most 128 Mi code units, a quarter
 * of V8's string limit (2^29 - 24 code units), and the CLI's worst case for memory stays what a default run allows.
 */
export const MAX_UTF16_WHOLE_BYTES = 256 * 1024 * 1024;

/**
 * How to read a file too big to read whole by default (the CLI streams files over 8 MiB in UTF-8 chunks):
 * - `stream`: UTF-8 (or binary), chunk by chunk;
 * - `whole`: it starts with a UTF-16 byte order mark (utf16Bom), and UTF-8 chunks would read its every other byte as
 *   a NUL: read it whole and decode it as decodeFileBytes does;
 * - `refuse`: UTF-16 over MAX_UTF16_WHOLE_BYTES (256 MiB); `reason` says so and how to convert it (no path in it:
 *   callers name the file their own way).
 * @param head the file's first bytes (at least 2 to see a BOM; more are ignored).
 * @param size the file's size in bytes.
 */
export function largeFilePlan(head: Uint8Array, size: number): { kind: "stream" } | { kind: "whole" } | { kind: "refuse"; reason: string } {
  const encoding = utf16Bom(head);
  if (encoding === null) return { kind: "stream" };
  if (size <= MAX_UTF16_WHOLE_BYTES) return { kind: "whole" };
  return { kind: "refuse", reason: utf16TooLargeReason(encoding, size) };
}

/** Why a UTF-16 file of `size` bytes is not scanned in chunks (see largeFilePlan), with the fix. */
export function utf16TooLargeReason(encoding: "utf-16le" | "utf-16be", size: number): string {
  const mib = (n: number) => `${Math.round((n / (1024 * 1024)) * 10) / 10} MiB`;
  return `${encoding.toUpperCase()} text (byte order mark) of ${mib(size)} is over the ${mib(MAX_UTF16_WHOLE_BYTES)} that can be decoded whole, `
    + `and only UTF-8 is scanned in chunks: convert it first (iconv -f UTF-16 -t UTF-8)`;
}

// A file's first bytes, for the decisions made before a file is read: the binary test and whether it is UTF-16
// (decode.ts: largeFilePlan). Node-only (node:fs); the decisions themselves stay runtime-neutral in decode.ts.

import { closeSync, openSync, readSync } from "node:fs";
import type { FileHandle } from "node:fs/promises";
import { PromptasmError } from "../../errors.js";
import { utf16Bom } from "../decode.js";

/**
 * Up to `count` bytes from the start of the file at `path` (fewer for a shorter file); an empty array when it
 * cannot be opened or read: the read that follows reports that failure with its reason.
 */
export function readHeadSync(path: string, count: number): Uint8Array {
  let fd: number | undefined;
  try {
    fd = openSync(path, "r");
    const buffer = Buffer.alloc(count);
    const bytesRead = readSync(fd, buffer, 0, count, 0);
    return buffer.subarray(0, bytesRead);
  } catch {
    return new Uint8Array(0);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * Throws when the open file starts with a UTF-16 byte order mark: a reader that decodes UTF-8 chunk by chunk
 * (scanFile) would read such text as a NUL every other byte and miss every match.
 * @throws PromptasmError E_IO `"<path>: UTF-16LE text …"` naming the encoding and what to do instead (read it whole
 *   with NodeWorkspaceReader, which decodes UTF-16, or convert it to UTF-8); a failed read is left to the caller's own.
 */
export async function refuseUtf16Stream(fh: FileHandle, path: string): Promise<void> {
  const head = Buffer.alloc(2);
  const { bytesRead } = await fh.read(head, 0, 2, 0).catch(() => ({ bytesRead: 0 }));
  const encoding = utf16Bom(head.subarray(0, bytesRead));
  if (encoding === null) return;
  throw new PromptasmError("E_IO", `${path}: ${encoding.toUpperCase()} text (byte order mark): scanFile decodes UTF-8 only; `
    + "read it whole with NodeWorkspaceReader (which decodes UTF-16) and scan the text, or convert it (iconv -f UTF-16 -t UTF-8)");
}

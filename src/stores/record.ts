// Making and checking session records: the content hash, a normalized copy (what every backend stores and returns),
// and the well-formed text rule that keeps the stored bytes equal to the bytes sent on the first turn.

import { sha256Hex } from "../util/hash.js";
import { wellFormed } from "../util/utf8.js";
import type { SessionRecord, SessionRuntime } from "./types.js";

/**
 * SHA-256 of `prompt`'s UTF-8 bytes in lower-case hex (64 chars), through `globalThis.crypto.subtle`.
 * @example await contentHash("") // "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
 */
export function contentHash(prompt: string): Promise<string> {
  return sha256Hex(prompt);
}

/**
 * `text` with every lone surrogate replaced by U+FFFD (src/util/utf8.ts `wellFormed`). UTF-8 stores (SQLite TEXT, KV)
 * and the SHA-256 of the UTF-8 bytes cannot tell a lone surrogate from U+FFFD, so a prompt is made well-formed before
 * it is hashed, stored or sent: the first turn then sends the same bytes every later turn reads.
 */
export const toWellFormed = wellFormed;

/**
 * A new record for `prompt` (made well-formed first), hashed.
 * @param runtime copied; undefined fields are left out.
 * @param now the build time (default: the current time).
 */
export async function createSessionRecord(prompt: string, runtime: SessionRuntime, platform?: string, now: Date = new Date()): Promise<SessionRecord> {
  const text = toWellFormed(prompt);
  return copyRecord({ prompt: text, contentHash: await contentHash(text), runtime, platform, createdAt: now.toISOString() });
}

/**
 * A deep copy of `record` in the normalized shape backends store and return: optional fields that are undefined or
 * null are left out, so a record reads back equal (toStrictEqual) from every backend.
 */
export function copyRecord(record: SessionRecord): SessionRecord {
  const runtime: SessionRuntime = {};
  const r = record.runtime ?? {};
  if (r.model != null) runtime.model = r.model;
  if (r.provider != null) runtime.provider = r.provider;
  if (r.cwd != null) runtime.cwd = r.cwd;
  const out: SessionRecord = { prompt: record.prompt, contentHash: record.contentHash, runtime, createdAt: record.createdAt };
  if (record.platform != null) out.platform = record.platform;
  return out;
}

/**
 * Checks the shape of a value read from a store: a `prompt` that is a string or null, a string `contentHash` and
 * `createdAt`, a `runtime` object with string-or-absent fields, a string-or-absent `platform`.
 */
export function isSessionRecord(value: unknown): value is SessionRecord {
  if (value === null || typeof value !== "object") return false;
  const v = value as Record<string, unknown>;
  const optString = (x: unknown) => x === undefined || x === null || typeof x === "string";
  if (!(v.prompt === null || typeof v.prompt === "string")) return false;
  if (typeof v.contentHash !== "string" || typeof v.createdAt !== "string" || !optString(v.platform)) return false;
  if (v.runtime === null || typeof v.runtime !== "object") return false;
  const r = v.runtime as Record<string, unknown>;
  return optString(r.model) && optString(r.provider) && optString(r.cwd);
}

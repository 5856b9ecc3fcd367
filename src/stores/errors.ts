// Errors a session store throws, with stable codes so the lifecycle (and callers) can branch on the kind of failure
// without parsing a backend's message.

import { PromptasmError } from "../errors.js";
import { MAX_SESSION_ID_CHARS } from "./types.js";

/**
 * Stable codes of store failures:
 * - `E_STORE_QUOTA`: out of space (IndexedDB QuotaExceededError, SQLITE_FULL, a memory store's byte limit);
 * - `E_STORE_LOCKED`: another connection holds the lock (SQLITE_BUSY / SQLITE_LOCKED after the busy timeout);
 * - `E_STORE_UNAVAILABLE`: the backend cannot run here (no IndexedDB in this runtime, better-sqlite3 not built);
 * - `E_STORE_IO`: any other backend failure.
 */
export type StoreErrorCode = "E_STORE_QUOTA" | "E_STORE_LOCKED" | "E_STORE_UNAVAILABLE" | "E_STORE_IO";

/** A store failure with a stable `code`; the backend's original error is `cause`. */
export class SessionStoreError extends Error {
  readonly code: StoreErrorCode;
  constructor(code: StoreErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "SessionStoreError";
    this.code = code;
  }
}

/**
 * Checks a session id (a non-empty string of at most MAX_SESSION_ID_CHARS UTF-16 code units).
 * @throws PromptasmError E_ARG otherwise.
 */
export function checkSessionId(sessionId: unknown): asserts sessionId is string {
  if (typeof sessionId !== "string" || sessionId.length === 0 || sessionId.length > MAX_SESSION_ID_CHARS) {
    const shown = typeof sessionId === "string" ? `a string of ${sessionId.length} chars` : typeof sessionId;
    throw new PromptasmError("E_ARG", `session id must be a non-empty string of at most ${MAX_SESSION_ID_CHARS} chars, got ${shown}`);
  }
}

/** The one-line text of an error of unknown type, for messages. */
export function errorText(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

// The session store: where a session's frozen system prompt lives between turns. The core owns this interface and
// the record shape; backends (memory, IndexedDB, SQLite, …) implement it and import nothing from each other. Nothing
// here touches a runtime global.

/** The runtime facts a frozen prompt was built for. A change of any of them makes the stored prompt stale. */
export interface SessionRuntime {
  model?: string;
  provider?: string;
  /** The agent's working directory (absolute). */
  cwd?: string;
}

/**
 * One session's frozen system prompt as a store holds it.
 *
 * `prompt` is typed `string | null` because a store may hold a null left by an older writer or a damaged row: the
 * lifecycle reads that as the `null` state and rebuilds. freezeSession only ever writes strings.
 */
export interface SessionRecord {
  /** The system prompt, exactly the bytes sent on every turn of the session. */
  prompt: string | null;
  /** SHA-256 of `prompt` (its UTF-8 bytes) in lower-case hex, 64 chars; lets a reader tell a torn or damaged value. */
  contentHash: string;
  /** What the prompt was built for; compared with the current runtime on every read. */
  runtime: SessionRuntime;
  /** The platform the prompt's platform line names (e.g. "cli"); a different platform later is not stale. */
  platform?: string;
  /** When the prompt was built: an ISO 8601 UTC timestamp (`Date.prototype.toISOString`). */
  createdAt: string;
}

/**
 * A place to keep one frozen prompt per session id. Every method is atomic on its own: a reader never sees half of a
 * write, and a failed write leaves the previous value in place.
 *
 * Session ids are non-empty strings of at most MAX_SESSION_ID_CHARS UTF-16 code units; methods reject others with
 * PromptasmError E_ARG. Backends return records as stored (absent optional fields omitted, never `undefined`) and
 * do not check `contentHash`: freezeSession does.
 *
 * Failures are thrown as SessionStoreError (E_STORE_QUOTA, E_STORE_LOCKED, E_STORE_UNAVAILABLE, E_STORE_IO), with the
 * backend's error as `cause`.
 */
export interface SessionStore {
  /** The stored record for `sessionId`, or null when there is none. */
  get(sessionId: string): Promise<SessionRecord | null>;
  /** Stores `record` for `sessionId`, replacing any previous value, in one atomic step. */
  put(sessionId: string, record: SessionRecord): Promise<void>;
  /**
   * Stores `record` only if nothing is stored for `sessionId`, in one atomic step (one transaction or one statement),
   * and returns the value stored afterwards: `record` when it was written, else the value that was already there.
   * Of several concurrent calls for one id exactly one writes, and all of them return that value.
   */
  putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord>;
  /** Removes the value for `sessionId`; no-op when there is none. */
  delete(sessionId: string): Promise<void>;
}

/** Longest accepted session id, in UTF-16 code units. */
export const MAX_SESSION_ID_CHARS = 512;

/** Where freezeSession reports warnings (a failed write, a damaged value, …); the turn always goes on. */
export interface SessionLogger {
  /**
   * @param message one line for a person.
   * @param detail the machine-readable part: the warning code, the session id and the original error, if any.
   */
  warn(message: string, detail: { code: SessionWarningCode; sessionId: string; cause?: unknown }): void;
}

/**
 * Why freezeSession warned:
 * - `stored-null` / `stored-empty`: the stored prompt is null or "" (rebuilt);
 * - `hash-mismatch`: the stored prompt does not match its contentHash, e.g. a torn write (treated as empty);
 * - `invalid-record`: the stored value is not a SessionRecord (treated as empty);
 * - `stored-findings`: the stored prompt has threat findings that a fresh build of the session does not have (a
 *   planted or edited store; treated as empty, rebuilt and replaced). Only with FreezeOptions.scanner;
 * - `read-failed`: the store's get threw (treated as missing);
 * - `write-failed`: put or putIfAbsent threw (the turn uses the built prompt, unstored);
 * - `winner-unusable`: a concurrent first build stored a value this turn cannot use (damaged or for another runtime);
 *   the turn uses its own build;
 * - `delete-failed`: invalidateSession could not delete the stored prompt (later turns keep reusing it).
 */
export type SessionWarningCode =
  | "stored-null"
  | "stored-empty"
  | "hash-mismatch"
  | "invalid-record"
  | "stored-findings"
  | "read-failed"
  | "write-failed"
  | "winner-unusable"
  | "delete-failed";

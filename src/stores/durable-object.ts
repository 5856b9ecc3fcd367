// A session store in Cloudflare Durable Objects: one object per session id, holding that session's frozen prompt in
// the object's own SQLite storage. A Durable Object runs one event at a time and its SQLite calls are synchronous, so
// a read and a write in one synchronous transaction cannot be interleaved with another request: putIfAbsent is exact
// (first write wins) where the KV store's is best effort. Two parts, one module:
// - DurableObjectSessionStore, the SessionStore a Worker uses (one fetch to the session's object per call);
// - FrozenPromptObject, the Durable Object class, which the Worker's main module must export.
// Both are typed with minimal local interfaces (as the KV store is), so neither this module nor its published types
// need @cloudflare/workers-types, and importing it touches no Workers global and imports no `cloudflare:*` module.

import { PromptasmError } from "../errors.js";
import { SessionStoreError, checkSessionId, errorText, type StoreErrorCode } from "./errors.js";
import { copyRecord, isSessionRecord } from "./record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/** The part of a Response the store reads (the Workers and DOM Response types both have it). */
export interface DurableObjectResponseLike {
  readonly ok: boolean;
  readonly status: number;
  text(): Promise<string>;
}

/** The part of a Durable Object stub (`DurableObjectStub` in @cloudflare/workers-types) the store calls. */
export interface DurableObjectStubLike {
  fetch(input: string, init?: { method?: string; body?: string; headers?: Record<string, string> }): Promise<DurableObjectResponseLike>;
}

/**
 * The part of a Durable Object namespace binding (`DurableObjectNamespace` in @cloudflare/workers-types) the store
 * uses. A real binding (`env.SESSIONS`) satisfies it, and so does `env.SESSIONS.jurisdiction("eu")`.
 */
export interface DurableObjectNamespaceLike {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStubLike;
}

/** Options of DurableObjectSessionStore. */
export interface DurableObjectSessionStoreOptions {
  /**
   * Put in front of every object name, e.g. a tenant: `tenant/42/` (default `promptasm/`). Stores with different
   * prefixes never share an object (session ids are escaped so they contain no `/`). A well-formed string of at most
   * DO_MAX_PREFIX_CHARS UTF-16 code units.
   */
  prefix?: string;
  /**
   * Seconds after each write until the record expires (at least 60, as KvSessionStore takes; default: kept until
   * deleted). From then on it reads as missing, so the next turn builds and stores the prompt again, and the
   * object's alarm empties its storage, so an abandoned session stops costing storage. Reads do not extend it.
   */
  expirationTtl?: number;
}

/**
 * Longest accepted prefix, in UTF-16 code units. Cloudflare documents no limit on the name given to `idFromName` (it
 * is hashed into the object id); this cap is ours, the same as MAX_SESSION_ID_CHARS, so a name stays short.
 */
export const DO_MAX_PREFIX_CHARS = 512;

/**
 * Largest record one object holds: its JSON text, in UTF-16 code units (8 Mi). Our cap, not Cloudflare's: the object
 * holds a record about four times while writing it (the request body, its text, the parsed check, the SQLite rows),
 * at most 2 bytes a code unit in V8, so 8 Mi code units stay near 64 MiB, half of a Worker's 128 MB memory limit.
 * A larger record is refused with E_STORE_QUOTA before anything is sent.
 */
export const DO_MAX_RECORD_CHARS = 8 * 1024 * 1024;

/**
 * Size of one stored part of a record's JSON text, in UTF-16 code units (512 Ki). SQLite-backed Durable Objects refuse
 * a string or row over 2 MB (Cloudflare, "Durable Objects limits"); SQLite keeps text as UTF-8, at most 3 bytes a
 * code unit, so a part is at most 1.5 MiB (1,572,864 bytes) on disk.
 */
export const DO_PART_CHARS = 512 * 1024;

/** Where requests to a session's object go; a Durable Object ignores the host, the path names the operation. */
const ORIGIN = "https://frozen-prompt.promptasm.invalid";
const RECORD_PATH = "/record";
const IF_ABSENT_PATH = "/record/if-absent";

/** Shortest accepted expirationTtl, in seconds: KV's minimum, so both stores take the same options. */
const DO_MIN_TTL_SECONDS = 60;
/**
 * Longest accepted expirationTtl, in seconds: 100 years of 365.25 days. The object's alarm is set for the expiry, and
 * workerd's setAlarm refuses dates after 2189 ("This API doesn't support dates after 2189", measured).
 */
const DO_MAX_TTL_SECONDS = 3_155_760_000;

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/**
 * Error text that means a size or space limit (E_STORE_QUOTA): SQLite's "string or blob too big" and "database or
 * disk is full", a storage size or quota message. A timeout that "exceeded" something is not one.
 */
const QUOTA_TEXT = /SQLITE_TOOBIG|SQLITE_FULL|too big|database size|storage limit|quota/i;
/** workerd's error for `storage.sql` in an object class declared without SQLite storage (E_STORE_UNAVAILABLE). */
const NO_SQL_TEXT = /SQL is not enabled/i;
const STORE_CODES: ReadonlySet<string> = new Set<StoreErrorCode>(["E_STORE_QUOTA", "E_STORE_LOCKED", "E_STORE_UNAVAILABLE", "E_STORE_IO"]);

/**
 * A SessionStore over a Durable Object namespace: session `id` lives in the object named
 * `prefix + "s/" + escaped id` (`idFromName`), alone, in that object's SQLite storage.
 *
 * What it gives that the KV store does not:
 * - **Exact first write wins.** putIfAbsent reads and writes inside one synchronous SQLite transaction in the
 *   session's object; Cloudflare runs one object in one place, one event at a time, so of any number of concurrent
 *   calls for one id (from any isolate or location) exactly one writes and every call returns that record.
 * - **Read after write, everywhere.** Every call goes to the one object, so a write is seen by the next read from any
 *   location (no 60-second propagation), and there is no one-write-per-second limit per key.
 * - A reply is sent only once its write is durable (the object's output gate), so "stored" is never taken back.
 *
 * Costs: one request to the object per call (a turn that reuses a prompt makes one, a first turn two), billed as
 * Durable Object requests; the object sits in one location, so callers far from it wait longer than a KV read.
 * A Durable Object is only available on Cloudflare's Workers Paid plan.
 *
 * With `expirationTtl`, every write expires that many seconds later, as in KV: from then on the session reads as
 * missing (the next turn builds and stores afresh) and the object's alarm empties its storage.
 *
 * Failures the runtime marks `retryable` (and not `overloaded`) are retried once, immediately: every call here is
 * idempotent (putIfAbsent retried after a lost reply finds its own record and returns it).
 *
 * @param namespace the Durable Object binding, e.g. `env.SESSIONS` (class FrozenPromptObject).
 * @throws PromptasmError E_ARG (constructor) for a prefix that is not a well-formed string of at most
 *   DO_MAX_PREFIX_CHARS code units, or an expirationTtl that is not an integer number of seconds from 60 to
 *   3,155,760,000 (100 years).
 * @throws (from every method) PromptasmError E_ARG for a bad session id; SessionStoreError E_STORE_QUOTA for a
 *   record over DO_MAX_RECORD_CHARS or storage that is full, E_STORE_IO on any other failure (the runtime's error is
 *   `cause`; an error inside the object arrives as its message).
 * @example
 *   export { FrozenPromptObject } from "promptasm/workerd";
 *   export default {
 *     async fetch(request: Request, env: { SESSIONS: DurableObjectNamespace }) {
 *       const store = new DurableObjectSessionStore(env.SESSIONS, { prefix: `tenant/${tenantId}/`, expirationTtl: 7 * 86400 });
 *       const turn = await freezeSession(store, sessionId, build, { model, provider, platform: "web" });
 *       // …
 *     },
 *   };
 */
export class DurableObjectSessionStore implements SessionStore {
  readonly namespace: DurableObjectNamespaceLike;
  readonly prefix: string;
  readonly expirationTtl: number | undefined;

  constructor(namespace: DurableObjectNamespaceLike, options: DurableObjectSessionStoreOptions = {}) {
    const prefix = options.prefix ?? "promptasm/";
    if (typeof prefix !== "string" || LONE_SURROGATE.test(prefix) || prefix.length > DO_MAX_PREFIX_CHARS) {
      throw new PromptasmError("E_ARG", `Durable Object name prefix must be a well-formed string of at most ${DO_MAX_PREFIX_CHARS} chars`);
    }
    const ttl = options.expirationTtl;
    if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= DO_MIN_TTL_SECONDS && ttl <= DO_MAX_TTL_SECONDS)) {
      throw new PromptasmError("E_ARG", `expirationTtl must be an integer number of seconds from ${DO_MIN_TTL_SECONDS} to ${DO_MAX_TTL_SECONDS}, got ${String(ttl)}`);
    }
    this.namespace = namespace;
    this.prefix = prefix;
    this.expirationTtl = ttl;
  }

  /**
   * The name of the object that holds `sessionId` under this store's prefix (`idFromName(name)` finds it).
   * @throws PromptasmError E_ARG for a bad session id.
   */
  name(sessionId: string): string {
    checkSessionId(sessionId);
    return `${this.prefix}s/${escapeId(sessionId)}`;
  }

  /** See SessionStore.get. */
  async get(sessionId: string): Promise<SessionRecord | null> {
    const name = this.name(sessionId);
    const response = await this.#call(name, "get", RECORD_PATH, { method: "GET" });
    return response.status === 404 ? null : parseStored(await response.text());
  }

  /** See SessionStore.put: replaces the stored record in one transaction. */
  async put(sessionId: string, record: SessionRecord): Promise<void> {
    const name = this.name(sessionId);
    await this.#call(name, "put", RECORD_PATH, { method: "PUT", body: recordText(record, name) });
  }

  /** See SessionStore.putIfAbsent: exact, one transaction in the session's object. */
  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    const name = this.name(sessionId);
    const response = await this.#call(name, "putIfAbsent", IF_ABSENT_PATH, { method: "POST", body: recordText(record, name) });
    return parseStored(await response.text());
  }

  /** See SessionStore.delete: the object's storage is emptied (an empty object costs nothing to keep). */
  async delete(sessionId: string): Promise<void> {
    const name = this.name(sessionId);
    await this.#call(name, "delete", RECORD_PATH, { method: "DELETE" });
  }

  async #call(name: string, op: string, path: string, init: { method: string; body?: string }): Promise<DurableObjectResponseLike> {
    const context = `Durable Object session store: ${op} in ${JSON.stringify(name)} failed`;
    let response: DurableObjectResponseLike;
    try {
      const stub = this.namespace.get(this.namespace.idFromName(name));
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (this.expirationTtl !== undefined) headers[TTL_HEADER] = String(this.expirationTtl);
      const send = () => stub.fetch(`${ORIGIN}${path}`, init.body === undefined ? init : { ...init, headers });
      try {
        response = await send();
      } catch (first) {
        // Cloudflare marks transient failures (a reset object, a lost connection) `retryable`; `overloaded` means the
        // object is already behind, where an immediate retry only adds load.
        const e = first as { retryable?: unknown; overloaded?: unknown } | null;
        if (e === null || typeof e !== "object" || e.retryable !== true || e.overloaded === true) throw first;
        response = await send();
      }
    } catch (cause) {
      throw new SessionStoreError(QUOTA_TEXT.test(errorText(cause)) ? "E_STORE_QUOTA" : "E_STORE_IO", `${context}: ${errorText(cause)}`, { cause });
    }
    if (response.ok || (op === "get" && response.status === 404)) return response;
    const detail = await response.text().catch(() => "");
    let code: StoreErrorCode = response.status === 413 ? "E_STORE_QUOTA" : "E_STORE_IO";
    let message = detail;
    try {
      const body = JSON.parse(detail) as { code?: unknown; message?: unknown };
      if (typeof body.code === "string" && STORE_CODES.has(body.code)) code = body.code as StoreErrorCode;
      if (typeof body.message === "string") message = body.message;
    } catch {
      // not our JSON (a runtime error page): keep the text
    }
    throw new SessionStoreError(code, `${context}: HTTP ${response.status}: ${message}`);
  }
}

/** The JSON text of `record` as stored. @throws SessionStoreError E_STORE_QUOTA when over DO_MAX_RECORD_CHARS. */
function recordText(record: SessionRecord, name: string): string {
  const text = JSON.stringify(copyRecord(record));
  if (text.length > DO_MAX_RECORD_CHARS) {
    throw new SessionStoreError("E_STORE_QUOTA", `Durable Object session store: the record for ${JSON.stringify(name)} is ${text.length} chars of JSON, over the ${DO_MAX_RECORD_CHARS}-char limit`);
  }
  return text;
}

/** A stored JSON text as a record (a copy); a value that is not a record is returned as is (freezeSession replaces it). */
function parseStored(text: string): SessionRecord {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return text as unknown as SessionRecord;
  }
  return isSessionRecord(value) ? copyRecord(value) : (value as SessionRecord);
}

/**
 * `id` made safe for an object name: `%` → `%25`, `/` → `%2F`, a lone surrogate → `%uXXXX`. One-to-one, well-formed
 * (names are hashed as UTF-8, where a lone surrogate would become U+FFFD and two ids would share an object) and free
 * of `/`, so no prefix plus `s/` plus id equals another prefix plus `s/` plus id.
 */
function escapeId(id: string): string {
  return id.replace(/[%/]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (c) => {
    const code = c.charCodeAt(0);
    return code >= 0xd800 ? `%u${code.toString(16).toUpperCase()}` : `%${code.toString(16).toUpperCase()}`;
  });
}

// ---------------------------------------------------------------------------------------------------------------
// The Durable Object.

/** The part of a SQL cursor (`SqlStorageCursor`) the object reads. */
export interface SqlCursorLike {
  toArray(): Array<Record<string, unknown>>;
}

/** The part of a Durable Object's state (`DurableObjectState` in @cloudflare/workers-types) the object uses. */
export interface DurableObjectStateLike {
  storage: {
    sql: { exec(query: string, ...bindings: unknown[]): SqlCursorLike };
    transactionSync<T>(closure: () => T): T;
    deleteAll(): Promise<void>;
    setAlarm(scheduledTime: number): Promise<void>;
    deleteAlarm(): Promise<void>;
  };
}

/** The record's JSON text, in parts. */
const TABLE = "frozen_prompt";
/** When the record expires (ms since the epoch), one row, only when it was written with a TTL. */
const EXPIRY = "frozen_prompt_expiry";

/**
 * The Durable Object behind DurableObjectSessionStore: one object per session, holding the session's record as JSON
 * text in table `frozen_prompt` (`part` 0, 1, …, each at most DO_PART_CHARS code units, joined in order) and, when
 * written with a TTL, its expiry time in `frozen_prompt_expiry`. Its class must use SQLite storage: declare it in
 * wrangler.toml under `[[migrations]] new_sqlite_classes`.
 *
 * Requests (from DurableObjectSessionStore only; a Durable Object is not reachable from the Internet):
 * - `GET /record` → 200 with the stored JSON text, or 404 when nothing is stored (or it expired);
 * - `PUT /record` with a record's JSON → 204, stored in place of any previous record;
 * - `POST /record/if-absent` with a record's JSON → 201 with that text when it was stored, else 200 with the
 *   stored text. The read and the write run in one synchronous `transactionSync` closure: an object handles one
 *   event at a time and synchronous code is never interleaved, so no other request can write in between;
 * - `DELETE /record` → 204, the object's storage emptied and its alarm removed.
 * A write with header `x-promptasm-expiration-ttl: N` (whole seconds, 1 to 100 years) expires N s later: from then on reads see
 * nothing, and the object's alarm (set for that time) empties its storage. A write without it never expires.
 * Errors are JSON `{ code, message }`: 400 E_ARG (a body that is not a record, a bad TTL), 413 E_STORE_QUOTA (over
 * DO_MAX_RECORD_CHARS, or SQLite refused the size), 503 E_STORE_UNAVAILABLE (the class was declared without SQLite
 * storage), 404/405 for another path or method, 500 E_STORE_IO.
 *
 * Import it into the Worker's main module and export it under the class name wrangler.toml gives.
 */
export class FrozenPromptObject {
  readonly #storage: DurableObjectStateLike["storage"];

  constructor(state: DurableObjectStateLike, _env?: unknown) {
    this.#storage = state.storage;
  }

  /** Handles one store call (see the class docs). Never throws: failures are JSON error responses. */
  async fetch(request: Request): Promise<Response> {
    const path = new URL(request.url).pathname;
    try {
      if (path === RECORD_PATH) {
        if (request.method === "GET") {
          const text = this.#storage.transactionSync(() => this.#read(Date.now()));
          return text === null ? reply(404, "E_NO_SESSION", "nothing is stored") : stored(200, text);
        }
        if (request.method === "PUT") {
          const expiresAt = expiryOf(request);
          const text = await recordBody(request);
          this.#storage.transactionSync(() => this.#write(text, expiresAt));
          if (expiresAt !== null) await this.#storage.setAlarm(expiresAt);
          return new Response(null, { status: 204 });
        }
        if (request.method === "DELETE") {
          await this.#storage.deleteAll();
          await this.#storage.deleteAlarm(); // deleteAll leaves alarms in place
          return new Response(null, { status: 204 });
        }
        return reply(405, "E_ARG", `${request.method} is not allowed on ${path}`);
      }
      if (path === IF_ABSENT_PATH) {
        if (request.method !== "POST") return reply(405, "E_ARG", `${request.method} is not allowed on ${path}`);
        const expiresAt = expiryOf(request);
        const text = await recordBody(request);
        // Read and write in one synchronous closure: nothing else runs in this object between them.
        const result = this.#storage.transactionSync(() => {
          const existing = this.#read(Date.now());
          if (existing !== null) return { status: 200, text: existing };
          this.#write(text, expiresAt);
          return { status: 201, text };
        });
        if (result.status === 201 && expiresAt !== null) await this.#storage.setAlarm(expiresAt);
        return stored(result.status, result.text);
      }
      return reply(404, "E_ARG", `no such path: ${path}`);
    } catch (error) {
      if (error instanceof BodyError) return reply(error.status, error.code, error.message);
      const text = errorText(error);
      if (NO_SQL_TEXT.test(text)) {
        return reply(503, "E_STORE_UNAVAILABLE", `${text} (declare the class under new_sqlite_classes in a wrangler.toml [[migrations]] entry)`);
      }
      const quota = QUOTA_TEXT.test(text);
      return reply(quota ? 413 : 500, quota ? "E_STORE_QUOTA" : "E_STORE_IO", text);
    }
  }

  /**
   * The alarm set by a write with a TTL: empties the storage when the record has expired; re-arms for the current
   * expiry when the record was rewritten since with a later one; does nothing when it was rewritten without a TTL.
   */
  async alarm(): Promise<void> {
    const at = this.#storage.transactionSync(() => this.#expiry());
    if (at === null) return;
    if (at <= Date.now()) {
      await this.#storage.deleteAll();
      return;
    }
    await this.#storage.setAlarm(at);
  }

  /** The names of this object's tables among `frozen_prompt` and `frozen_prompt_expiry`. */
  #tables(): Set<string> {
    const rows = this.#storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name IN (?, ?)", TABLE, EXPIRY).toArray();
    return new Set(rows.map((r) => r.name as string));
  }

  /** When the stored record expires (ms since the epoch), or null when it does not. Call inside transactionSync. */
  #expiry(): number | null {
    if (!this.#tables().has(EXPIRY)) return null;
    const row = this.#storage.sql.exec(`SELECT at FROM ${EXPIRY}`).toArray()[0];
    return row === undefined ? null : (row.at as number);
  }

  /** The stored JSON text, or null (nothing stored, or expired at `now`: then removed). Call inside transactionSync. */
  #read(now: number): string | null {
    if (!this.#tables().has(TABLE)) return null;
    const at = this.#expiry();
    if (at !== null && at <= now) {
      // Expired but the alarm has not run yet: it reads as nothing, as KV's expiration does.
      this.#storage.sql.exec(`DELETE FROM ${TABLE}`);
      this.#storage.sql.exec(`DELETE FROM ${EXPIRY}`);
      return null;
    }
    const rows = this.#storage.sql.exec(`SELECT text FROM ${TABLE} ORDER BY part`).toArray();
    return rows.length === 0 ? null : rows.map((r) => r.text as string).join("");
  }

  /**
   * Replaces the stored text with `text`, in parts, and its expiry with `expiresAt` (null: never). Call inside
   * transactionSync (all of it or none).
   */
  #write(text: string, expiresAt: number | null): void {
    const sql = this.#storage.sql;
    sql.exec(`CREATE TABLE IF NOT EXISTS ${TABLE} (part INTEGER PRIMARY KEY, text TEXT NOT NULL)`);
    sql.exec(`CREATE TABLE IF NOT EXISTS ${EXPIRY} (at INTEGER NOT NULL)`);
    sql.exec(`DELETE FROM ${TABLE}`);
    sql.exec(`DELETE FROM ${EXPIRY}`);
    splitParts(text, DO_PART_CHARS).forEach((part, i) => sql.exec(`INSERT INTO ${TABLE} (part, text) VALUES (?, ?)`, i, part));
    if (expiresAt !== null) sql.exec(`INSERT INTO ${EXPIRY} (at) VALUES (?)`, expiresAt);
  }
}

/** The header a write's TTL travels in, in whole seconds. */
const TTL_HEADER = "x-promptasm-expiration-ttl";

/** When a write expires (ms since the epoch), from its TTL header; null without one. @throws BodyError 400 for a bad TTL. */
function expiryOf(request: Request): number | null {
  const value = request.headers.get(TTL_HEADER);
  if (value === null) return null;
  if (!/^[1-9][0-9]{0,9}$/.test(value) || Number(value) > DO_MAX_TTL_SECONDS) {
    throw new BodyError(400, "E_ARG", `${TTL_HEADER} must be a whole number of seconds from 1 to ${DO_MAX_TTL_SECONDS}, got ${JSON.stringify(value)}`);
  }
  return Date.now() + Number(value) * 1000;
}

/** A request body that cannot be stored. */
class BodyError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

/** The body of a write: a record's JSON text, checked. @throws BodyError 413 (too large) or 400 (not a record). */
async function recordBody(request: Request): Promise<string> {
  const text = await request.text();
  if (text.length > DO_MAX_RECORD_CHARS) throw new BodyError(413, "E_STORE_QUOTA", `the record is ${text.length} chars of JSON, over the ${DO_MAX_RECORD_CHARS}-char limit`);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new BodyError(400, "E_ARG", "the body is not JSON");
  }
  if (!isSessionRecord(value)) throw new BodyError(400, "E_ARG", "the body is not a session record");
  return text;
}

/**
 * `text` cut into parts of at most `size` code units, never between the two halves of a surrogate pair (each half
 * alone would become U+FFFD in SQLite's UTF-8). `text` is a JSON text, so it has no lone surrogates (JSON.stringify
 * escapes them) and joining the parts gives it back exactly. Exported for tests.
 */
export function splitParts(text: string, size: number): string[] {
  const parts: string[] = [];
  for (let start = 0; start < text.length; ) {
    let end = Math.min(start + size, text.length);
    const before = text.charCodeAt(end - 1);
    if (end < text.length && end - 1 > start && before >= 0xd800 && before <= 0xdbff) end -= 1;
    parts.push(text.slice(start, end));
    start = end;
  }
  return parts;
}

const stored = (status: number, text: string) => new Response(text, { status, headers: { "content-type": "application/json; charset=utf-8" } });
const reply = (status: number, code: string, message: string) => Response.json({ code, message }, { status });

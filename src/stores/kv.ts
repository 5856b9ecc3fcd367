// A session store in a Cloudflare Workers KV namespace. KV is eventually consistent and has no transactions, so this
// store keeps the SessionStore contract except where that needs atomicity across writers: put is last-writer-wins and
// putIfAbsent is best effort (see KvSessionStore). The binding is typed with a minimal local interface, so neither
// this module nor its published types need @cloudflare/workers-types, and importing it touches no Workers global.

import { PromptasmError } from "../errors.js";
import { SessionStoreError, checkSessionId, errorText } from "./errors.js";
import { contentHash, copyRecord, isSessionRecord } from "./record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/**
 * The part of a Workers KV namespace binding (`KVNamespace` in @cloudflare/workers-types) that KvSessionStore uses.
 * A real binding (`env.PROMPTS`) satisfies it.
 */
export interface KvNamespaceLike {
  get(key: string, type: "text"): Promise<string | null>;
  put(key: string, value: string, options?: { expirationTtl?: number; metadata?: KvRecordMetadata }): Promise<void>;
  delete(key: string): Promise<void>;
}

/**
 * The KV metadata written with every record: its content hash and build time, so `list({ prefix })` shows which
 * build each session holds without reading the values. The value (JSON) carries the same hash; reads use that one.
 */
export interface KvRecordMetadata {
  contentHash: string;
  createdAt: string;
}

/** Options of KvSessionStore. */
export interface KvSessionStoreOptions {
  /**
   * Put in front of every key, e.g. a tenant: `tenant/42/` (default `promptasm/`). Stores with different prefixes
   * never share a key (session ids are escaped so they contain no `/`). A well-formed string of at most
   * KV_MAX_PREFIX_BYTES UTF-8 bytes.
   */
  prefix?: string;
  /**
   * Seconds after each write until KV drops the record on its own (at least 60, KV's minimum; default: kept until
   * deleted). A dropped record reads as missing: the next turn builds and stores the prompt again.
   */
  expirationTtl?: number;
}

/** KV's limit on a key, in UTF-8 bytes. */
const KV_MAX_KEY_BYTES = 512;
/** Longest accepted prefix, in UTF-8 bytes: room is left for the `h/` marker and a 64-char SHA-256. */
export const KV_MAX_PREFIX_BYTES = KV_MAX_KEY_BYTES - 2 - 64;
/** KV's smallest expirationTtl, in seconds. */
const KV_MIN_TTL_SECONDS = 60;

const encoder = new TextEncoder();
const utf8Bytes = (text: string) => encoder.encode(text).length;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * A SessionStore over a Workers KV namespace, one JSON value per session (the record, with its contentHash) under
 * `prefix + "s/" + escaped id`, or `prefix + "h/" + SHA-256 of the escaped id` when that would pass KV's 512-byte key
 * limit.
 *
 * What KV does not give, and what that means here:
 * - **Last writer wins.** KV has no transactions: concurrent puts to one key keep whichever lands last, and a write
 *   can take 60 s or more to be seen in other Cloudflare locations (readers there get the previous value meanwhile).
 *   KV also allows about one write per second to a key; a faster rewrite fails (E_STORE_IO), which freezeSession
 *   logs as `write-failed` while the turn goes on.
 * - **putIfAbsent is best effort.** It reads, writes when nothing was there, then reads back and returns what it
 *   finds. Two first builds racing (in two isolates, or two locations) may both see nothing and both write; each then
 *   returns the value it read back, usually its own. Each record carries the SHA-256 of its prompt, so a reader can
 *   tell which build it got (compare contentHash) and a value that does not match its hash is never used:
 *   freezeSession reads it as `empty` and rebuilds. Once the writes settle, every turn reads the one value that won
 *   and keeps reusing it: at worst a turn that lost the race sent its own build, and the next turn sends the winner
 *   (one prefix-cache miss).
 * - A value that is not a record (unparseable, or written by something else) is returned as is: freezeSession reads
 *   it as `empty` (`invalid-record`) and replaces it.
 *
 * @param namespace the KV binding, e.g. `env.PROMPTS`.
 * @throws PromptasmError E_ARG (constructor) for a prefix that is not a well-formed string of at most
 *   KV_MAX_PREFIX_BYTES UTF-8 bytes, or an expirationTtl that is not an integer ≥ 60.
 * @throws (from every method) PromptasmError E_ARG for a bad session id; SessionStoreError E_STORE_QUOTA when KV
 *   refuses a write for a limit (a value over 25 MiB, the daily write quota), E_STORE_IO on any other KV failure (the
 *   binding's error is `cause`).
 * @example
 *   export default {
 *     async fetch(request: Request, env: { PROMPTS: KVNamespace }) {
 *       const store = new KvSessionStore(env.PROMPTS, { prefix: `tenant/${tenantId}/`, expirationTtl: 7 * 86400 });
 *       const turn = await freezeSession(store, sessionId, build, { model, provider, platform: "web" }, { scanner: pa });
 *       // …
 *     },
 *   };
 */
export class KvSessionStore implements SessionStore {
  readonly namespace: KvNamespaceLike;
  readonly prefix: string;
  readonly expirationTtl: number | undefined;

  constructor(namespace: KvNamespaceLike, options: KvSessionStoreOptions = {}) {
    const prefix = options.prefix ?? "promptasm/";
    if (typeof prefix !== "string" || LONE_SURROGATE.test(prefix) || utf8Bytes(prefix) > KV_MAX_PREFIX_BYTES) {
      throw new PromptasmError("E_ARG", `KV key prefix must be a well-formed string of at most ${KV_MAX_PREFIX_BYTES} UTF-8 bytes`);
    }
    const ttl = options.expirationTtl;
    if (ttl !== undefined && !(Number.isInteger(ttl) && ttl >= KV_MIN_TTL_SECONDS)) {
      throw new PromptasmError("E_ARG", `expirationTtl must be an integer number of seconds of at least ${KV_MIN_TTL_SECONDS}, got ${String(ttl)}`);
    }
    this.namespace = namespace;
    this.prefix = prefix;
    this.expirationTtl = ttl;
  }

  /**
   * The KV key of `sessionId` under this store's prefix (for inspection with `wrangler kv key get`, or a list).
   * @throws PromptasmError E_ARG for a bad session id.
   */
  async key(sessionId: string): Promise<string> {
    checkSessionId(sessionId);
    const escaped = escapeId(sessionId);
    const direct = `${this.prefix}s/${escaped}`;
    if (utf8Bytes(direct) <= KV_MAX_KEY_BYTES) return direct;
    // Too long for a KV key: the escaped id is well-formed, so its SHA-256 is one-to-one in practice.
    return `${this.prefix}h/${await contentHash(escaped)}`;
  }

  /** See SessionStore.get. */
  async get(sessionId: string): Promise<SessionRecord | null> {
    const key = await this.key(sessionId);
    return this.#read(key);
  }

  /** See SessionStore.put: last writer wins. */
  async put(sessionId: string, record: SessionRecord): Promise<void> {
    const key = await this.key(sessionId);
    await this.#write(key, copyRecord(record));
  }

  /**
   * See SessionStore.putIfAbsent, except that it is best effort: read, write when absent, read back. Of two calls
   * racing from different isolates or locations both may write; each returns what its read-back found (or its own
   * record when the read-back finds nothing or fails: the write itself succeeded).
   */
  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    const key = await this.key(sessionId);
    const copy = copyRecord(record);
    const existing = await this.#read(key);
    if (existing !== null) return existing;
    await this.#write(key, copy);
    // A racing first build may have written after us: returning what is stored now lets freezeSession use that one
    // (it compares contentHash), so both turns send the bytes later turns will read.
    try {
      return (await this.#read(key)) ?? copyRecord(copy);
    } catch {
      return copyRecord(copy);
    }
  }

  /** See SessionStore.delete. */
  async delete(sessionId: string): Promise<void> {
    const key = await this.key(sessionId);
    await this.#call("delete", key, () => this.namespace.delete(key));
  }

  async #read(key: string): Promise<SessionRecord | null> {
    const text = await this.#call("get", key, () => this.namespace.get(key, "text"));
    if (text === null) return null;
    let value: unknown;
    try {
      value = JSON.parse(text);
    } catch {
      return text as unknown as SessionRecord; // not a record: freezeSession reads it as invalid and replaces it
    }
    return isSessionRecord(value) ? copyRecord(value) : (value as SessionRecord);
  }

  async #write(key: string, record: SessionRecord): Promise<void> {
    const options: { expirationTtl?: number; metadata?: KvRecordMetadata } = {};
    // Metadata is capped at 1024 bytes by KV; a real hash and timestamp are ~90.
    if (typeof record.contentHash === "string" && record.contentHash.length <= 128 && typeof record.createdAt === "string" && record.createdAt.length <= 64) {
      options.metadata = { contentHash: record.contentHash, createdAt: record.createdAt };
    }
    if (this.expirationTtl !== undefined) options.expirationTtl = this.expirationTtl;
    const value = JSON.stringify(record);
    await this.#call("put", key, () => this.namespace.put(key, value, options));
  }

  async #call<T>(op: "get" | "put" | "delete", key: string, body: () => Promise<T>): Promise<T> {
    try {
      return await body();
    } catch (cause) {
      throw storeError(cause, `KV session store: ${op} of ${JSON.stringify(key)} failed`);
    }
  }
}

/**
 * `id` made safe for a key: `%` → `%25`, `/` → `%2F`, a lone surrogate → `%uXXXX`. One-to-one, well-formed (KV keys
 * are UTF-8, where a lone surrogate would turn into U+FFFD and two ids would share a key) and free of `/` (so no
 * prefix plus id can equal another prefix plus id).
 */
function escapeId(id: string): string {
  return id.replace(/[%/]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g, (c) => {
    const code = c.charCodeAt(0);
    return code >= 0xd800 ? `%u${code.toString(16).toUpperCase()}` : `%${code.toString(16).toUpperCase()}`;
  });
}

/**
 * Maps a KV failure to a SessionStoreError: a value, metadata or quota limit (HTTP 413, "exceeds limit", "limit
 * exceeded") → E_STORE_QUOTA; anything else (network, 429 too many writes to one key, 5xx) → E_STORE_IO.
 */
function storeError(cause: unknown, context: string): SessionStoreError {
  if (cause instanceof SessionStoreError) return cause;
  const text = errorText(cause);
  const code = /\b413\b|exceeds limit|limit exceeded|quota/i.test(text) ? "E_STORE_QUOTA" : "E_STORE_IO";
  return new SessionStoreError(code, `${context}: ${text}`, { cause });
}

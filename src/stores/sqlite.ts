// A session store in a SQLite file through better-sqlite3 (Node only; exported from the Node entry). The native
// module is loaded on first use, not at import, so importing promptasm in Node works even where it was not built.

import { mkdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname } from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { SessionStoreError, checkSessionId, errorText } from "./errors.js";
import { copyRecord } from "./record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/** The table, one row per session. `prompt` may be NULL (read as the `null` state); STRICT rejects other types. */
const SCHEMA = `CREATE TABLE IF NOT EXISTS promptasm_sessions (
  session_id TEXT PRIMARY KEY NOT NULL,
  prompt TEXT,
  content_hash TEXT NOT NULL,
  model TEXT,
  provider TEXT,
  cwd TEXT,
  platform TEXT,
  created_at TEXT NOT NULL
) STRICT`;

const COLUMNS = "session_id, prompt, content_hash, model, provider, cwd, platform, created_at";
const VALUES = "@session_id, @prompt, @content_hash, @model, @provider, @cwd, @platform, @created_at";

interface Row {
  session_id: string;
  prompt: string | null;
  content_hash: string;
  model: string | null;
  provider: string | null;
  cwd: string | null;
  platform: string | null;
  created_at: string;
}

/**
 * The part of the better-sqlite3 connection that SqliteSessionStore.database exposes (pragmas, maintenance
 * queries). Declared here so the published types do not need @types/better-sqlite3.
 */
export interface SqliteConnection {
  pragma(source: string, options?: { simple?: boolean }): unknown;
  exec(source: string): unknown;
  prepare(source: string): { run(...params: unknown[]): { changes: number }; get(...params: unknown[]): unknown; all(...params: unknown[]): unknown[] };
}

/** Options of SqliteSessionStore. */
export interface SqliteSessionStoreOptions {
  /**
   * How long a write waits for another connection's lock before it fails with E_STORE_LOCKED, in milliseconds
   * (default 1000). better-sqlite3 is synchronous: the wait blocks this thread.
   */
  busyTimeoutMs?: number;
}

interface Opened {
  db: BetterSqlite3.Database;
  get: BetterSqlite3.Statement<[string], Row>;
  put: BetterSqlite3.Statement<[Row]>;
  insertIfAbsent: BetterSqlite3.Statement<[Row]>;
  delete: BetterSqlite3.Statement<[string]>;
  putIfAbsent: (row: Row) => Row | undefined;
}

/**
 * A SessionStore in a SQLite database file (WAL journal), for the CLI and other Node processes; several processes
 * may share one file. putIfAbsent is one `INSERT … ON CONFLICT(session_id) DO NOTHING` statement (read back in the
 * same transaction when it lost), put one `INSERT … ON CONFLICT DO UPDATE`; SQLite commits each atomically, so a
 * crash mid-write leaves the previous value. In WAL mode reads go on while another connection holds the write lock.
 *
 * The file (and its directory) is created and the schema set up on the first call; a failure there is thrown by
 * that call and retried by the next.
 * @param path the database file (":memory:" for a private in-memory database).
 * @throws (from every method) SessionStoreError E_STORE_UNAVAILABLE when better-sqlite3 does not load,
 *   E_STORE_LOCKED on SQLITE_BUSY/SQLITE_LOCKED after the busy timeout, E_STORE_QUOTA on SQLITE_FULL (disk full or
 *   max_page_count reached), E_STORE_IO on any other SQLite failure.
 * @example
 *   // Outside the workspace (a repository must not be able to plant the file), e.g. the CLI's defaultStoreFile().
 *   const store = new SqliteSessionStore(join(homedir(), ".local", "state", "promptasm", "sessions.sqlite"));
 *   const turn = await freezeSession(store, sessionId, build, { model, provider, cwd, platform: "cli" }, { scanner: pa });
 *   store.close();
 */
export class SqliteSessionStore implements SessionStore {
  readonly path: string;
  readonly #busyTimeoutMs: number;
  #opened: Opened | undefined;

  constructor(path: string, options: SqliteSessionStoreOptions = {}) {
    this.path = path;
    this.#busyTimeoutMs = options.busyTimeoutMs ?? 1000;
  }

  /** The open better-sqlite3 connection (opened now if it is not yet), for pragmas and maintenance. */
  get database(): SqliteConnection {
    return this.#open().db as unknown as SqliteConnection;
  }

  /** See SessionStore.get. */
  async get(sessionId: string): Promise<SessionRecord | null> {
    checkSessionId(sessionId);
    const row = this.#sql("read", (o) => o.get.get(sessionId));
    return row === undefined ? null : fromRow(row);
  }

  /** See SessionStore.put. */
  async put(sessionId: string, record: SessionRecord): Promise<void> {
    checkSessionId(sessionId);
    const row = toRow(sessionId, record);
    this.#sql("write", (o) => o.put.run(row));
  }

  /** See SessionStore.putIfAbsent. */
  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    checkSessionId(sessionId);
    const row = toRow(sessionId, record);
    const existing = this.#sql("write", (o) => o.putIfAbsent(row));
    return existing === undefined ? fromRow(row) : fromRow(existing);
  }

  /** See SessionStore.delete. */
  async delete(sessionId: string): Promise<void> {
    checkSessionId(sessionId);
    this.#sql("write", (o) => o.delete.run(sessionId));
  }

  /** Closes the connection, if open; a later call opens it again. */
  close(): void {
    const o = this.#opened;
    this.#opened = undefined;
    o?.db.close();
  }

  #sql<T>(kind: "read" | "write", body: (o: Opened) => T): T {
    const o = this.#open();
    try {
      return body(o);
    } catch (cause) {
      throw storeError(cause, `SQLite session store ${this.path}: ${kind} failed`);
    }
  }

  #open(): Opened {
    if (this.#opened !== undefined) return this.#opened;
    const Database = loadDriver();
    let db: BetterSqlite3.Database | undefined;
    try {
      if (this.path !== ":memory:" && this.path !== "") {
        try {
          makeDirs(dirname(this.path));
        } catch (cause) {
          throw storeError(cause, `could not create the directory of SQLite session store ${this.path}`);
        }
      }
      const conn = new Database(this.path, { timeout: this.#busyTimeoutMs });
      db = conn;
      conn.pragma("journal_mode = WAL");
      conn.exec(SCHEMA);
      const insertIfAbsent = conn.prepare<[Row]>(`INSERT INTO promptasm_sessions (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT(session_id) DO NOTHING`);
      const get = conn.prepare<[string], Row>(`SELECT ${COLUMNS} FROM promptasm_sessions WHERE session_id = ?`);
      const opened: Opened = {
        db: conn,
        get,
        put: conn.prepare<[Row]>(`INSERT INTO promptasm_sessions (${COLUMNS}) VALUES (${VALUES}) ON CONFLICT(session_id) DO UPDATE SET
          prompt = excluded.prompt, content_hash = excluded.content_hash, model = excluded.model, provider = excluded.provider,
          cwd = excluded.cwd, platform = excluded.platform, created_at = excluded.created_at`),
        insertIfAbsent,
        delete: conn.prepare<[string]>("DELETE FROM promptasm_sessions WHERE session_id = ?"),
        // The insert is the whole decision; the transaction only makes the loser's read-back see the row that beat it.
        putIfAbsent: conn.transaction((row: Row) => (insertIfAbsent.run(row).changes === 1 ? undefined : get.get(row.session_id))),
      };
      this.#opened = opened;
      return opened;
    } catch (cause) {
      try { db?.close(); } catch { /* the open failed; nothing to keep */ }
      throw storeError(cause, `could not open SQLite session store ${this.path}`);
    }
  }
}

let driver: typeof BetterSqlite3 | undefined;

/**
 * The fix printed when better-sqlite3 is not installed. It is an optional peer dependency of promptasm (only this store
 * and the CLI's `assemble --session` use it), so installing promptasm never compiles a native module by itself.
 */
export const SQLITE_INSTALL_FIX = "npm install better-sqlite3@12";

/**
 * Loads better-sqlite3 once per process, on first use (a require, not an import(), so that the synchronous
 * `database` getter and every method can open the store in one step; it is still loaded only when a store is used).
 * @throws SessionStoreError E_STORE_UNAVAILABLE naming the fix: SQLITE_INSTALL_FIX when the package is not installed,
 *   `npm rebuild better-sqlite3` when it is installed but its native part does not load for this Node.
 */
function loadDriver(): typeof BetterSqlite3 {
  if (driver !== undefined) return driver;
  try {
    driver = createRequire(import.meta.url)("better-sqlite3") as typeof BetterSqlite3;
    return driver;
  } catch (cause) {
    const missing = (cause as { code?: unknown } | null)?.code === "MODULE_NOT_FOUND" && /['"]better-sqlite3['"]/.test(errorText(cause));
    const message = missing
      ? `the SQLite session store needs better-sqlite3, an optional peer dependency of promptasm that is not installed: run \`${SQLITE_INSTALL_FIX}\` in your project`
      : `better-sqlite3 is installed but did not load for Node ${process.versions.node} (run \`npm rebuild better-sqlite3\`; building it needs a C++ toolchain and Python 3): ${errorText(cause)}`;
    throw new SessionStoreError("E_STORE_UNAVAILABLE", message, { cause });
  }
}

function toRow(sessionId: string, record: SessionRecord): Row {
  const r = copyRecord(record);
  return {
    session_id: sessionId,
    prompt: r.prompt,
    content_hash: r.contentHash,
    model: r.runtime.model ?? null,
    provider: r.runtime.provider ?? null,
    cwd: r.runtime.cwd ?? null,
    platform: r.platform ?? null,
    created_at: r.createdAt,
  };
}

function fromRow(row: Row): SessionRecord {
  return copyRecord({
    prompt: row.prompt,
    contentHash: row.content_hash,
    runtime: { model: row.model ?? undefined, provider: row.provider ?? undefined, cwd: row.cwd ?? undefined },
    platform: row.platform ?? undefined,
    createdAt: row.created_at,
  });
}

/** Maps a SQLite failure to a SessionStoreError by its result code. */
function storeError(cause: unknown, context: string): SessionStoreError {
  if (cause instanceof SessionStoreError) return cause;
  const code = String((cause as { code?: unknown } | null)?.code ?? "");
  const kind = code.startsWith("SQLITE_BUSY") || code.startsWith("SQLITE_LOCKED") ? "E_STORE_LOCKED" : code === "SQLITE_FULL" ? "E_STORE_QUOTA" : "E_STORE_IO";
  return new SessionStoreError(kind, `${context}: ${errorText(cause)}${code !== "" ? ` (${code})` : ""}`, { cause });
}

/**
 * Creates `dir` and its missing parents one level at a time. Not mkdirSync({ recursive: true }): on Node 20 that spins
 * forever where mkdir answers ENOENT under an existing parent (procfs, e.g. /proc/x/sessions.sqlite).
 * @throws the fs error of the first level that cannot be created (ENOTDIR when a parent is a file).
 */
function makeDirs(dir: string): void {
  const missing: string[] = [];
  for (let d = dir; ; d = dirname(d)) {
    try {
      if (statSync(d).isDirectory()) break;
      throw Object.assign(new Error(`${d} is not a directory`), { code: "ENOTDIR" });
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "ENOENT" || dirname(d) === d) throw e;
    }
    missing.unshift(d);
  }
  for (const d of missing) {
    try {
      mkdirSync(d);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
  }
}

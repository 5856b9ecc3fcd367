// A session store in the browser's IndexedDB, through idb. The global `indexedDB` is looked up on first use, never
// at import, so this module imports cleanly in Node, Workers and tests (which install fake-indexeddb first).

import { openDB, type DBSchema, type IDBPDatabase, type IDBPObjectStore } from "idb";
import { SessionStoreError, checkSessionId, errorText } from "./errors.js";
import { copyRecord, isSessionRecord } from "./record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/** The object store holding the records, keyed by session id (out-of-line keys). */
const STORE = "sessions";
const VERSION = 1;

/** The database schema: one object store, session id → SessionRecord. */
interface SessionDB extends DBSchema {
  sessions: { key: string; value: SessionRecord };
}

type Store<M extends IDBTransactionMode> = IDBPObjectStore<SessionDB, ["sessions"], "sessions", M>;

/** Options of IndexedDbSessionStore. */
export interface IndexedDbSessionStoreOptions {
  /** The IndexedDB database name (default "promptasm-sessions"). */
  name?: string;
}

/**
 * A SessionStore over IndexedDB (browsers; Node tests with fake-indexeddb). putIfAbsent reads and writes in one
 * readwrite transaction, and IndexedDB runs readwrite transactions on one store one after another, so concurrent
 * first writes (in this tab or another) have one winner. A failed transaction is aborted: nothing of it is stored.
 *
 * The database opens on the first call (not in the constructor) and stays open until close(); a version change from
 * another tab closes it, and the next call opens it again.
 * @throws (from every method) SessionStoreError E_STORE_UNAVAILABLE when the runtime has no `indexedDB`,
 *   E_STORE_QUOTA on QuotaExceededError, E_STORE_IO on any other IndexedDB failure.
 * @example
 *   const store = new IndexedDbSessionStore({ name: "my-agent" });
 *   const turn = await freezeSession(store, sessionId, build, { model, provider, cwd, platform: "web" }, { scanner: pa });
 */
export class IndexedDbSessionStore implements SessionStore {
  readonly name: string;
  #db: Promise<IDBPDatabase<SessionDB>> | undefined;

  constructor(options: IndexedDbSessionStoreOptions = {}) {
    this.name = options.name ?? "promptasm-sessions";
  }

  /** See SessionStore.get. */
  async get(sessionId: string): Promise<SessionRecord | null> {
    checkSessionId(sessionId);
    const value = await this.#run("readonly", (store) => store.get(sessionId));
    if (value === undefined) return null;
    return isSessionRecord(value) ? copyRecord(value) : value;
  }

  /** See SessionStore.put. */
  async put(sessionId: string, record: SessionRecord): Promise<void> {
    checkSessionId(sessionId);
    const copy = copyRecord(record);
    await this.#run("readwrite", async (store) => { await store.put(copy, sessionId); });
  }

  /** See SessionStore.putIfAbsent: one readwrite transaction (get, then add when absent). */
  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    checkSessionId(sessionId);
    const copy = copyRecord(record);
    const existing = await this.#run("readwrite", async (store) => {
      const found = await store.get(sessionId);
      if (found === undefined) await store.add(copy, sessionId);
      return found;
    });
    if (existing === undefined) return copyRecord(copy);
    return isSessionRecord(existing) ? copyRecord(existing) : existing;
  }

  /** See SessionStore.delete. */
  async delete(sessionId: string): Promise<void> {
    checkSessionId(sessionId);
    await this.#run("readwrite", async (store) => { await store.delete(sessionId); });
  }

  /** Closes the database connection, if open; a later call opens it again. */
  async close(): Promise<void> {
    const db = this.#db;
    this.#db = undefined;
    if (db !== undefined) (await db.catch(() => undefined))?.close();
  }

  #open(): Promise<IDBPDatabase<SessionDB>> {
    if (this.#db !== undefined) return this.#db;
    if (typeof globalThis.indexedDB === "undefined") {
      return Promise.reject(new SessionStoreError("E_STORE_UNAVAILABLE", "IndexedDB is not available in this runtime (no globalThis.indexedDB)"));
    }
    const opening = openDB<SessionDB>(this.name, VERSION, {
      upgrade(db) {
        if (!db.objectStoreNames.contains(STORE)) db.createObjectStore(STORE);
      },
      // Another connection wants a newer version: step aside, and reopen on the next call.
      blocking: () => { void this.close(); },
      terminated: () => { if (this.#db === opening) this.#db = undefined; },
    }).catch((cause) => {
      if (this.#db === opening) this.#db = undefined;
      throw storeError(cause, `could not open IndexedDB database ${this.name}`);
    });
    this.#db = opening;
    return opening;
  }

  // One transaction around `body`: resolves once the transaction has committed, and aborts it when `body` fails, so
  // no part of a failed write is stored.
  async #run<T, M extends IDBTransactionMode>(mode: M, body: (store: Store<M>) => Promise<T>): Promise<T> {
    const db = await this.#open();
    let tx;
    try {
      tx = db.transaction(STORE, mode);
    } catch (cause) {
      throw storeError(cause, `IndexedDB database ${this.name}: could not start a transaction`);
    }
    const done = tx.done;
    done.catch(() => {}); // awaited below; this only keeps an abort from being reported as unhandled
    try {
      const result = await body(tx.store as Store<M>);
      await done;
      return result;
    } catch (cause) {
      try { tx.abort(); } catch { /* already finished or aborted */ }
      throw storeError(cause ?? tx.error, `IndexedDB database ${this.name}: ${mode} transaction failed`);
    }
  }
}

/** Maps an IndexedDB failure to a SessionStoreError (QuotaExceededError → E_STORE_QUOTA, else E_STORE_IO). */
function storeError(cause: unknown, context: string): SessionStoreError {
  if (cause instanceof SessionStoreError) return cause;
  const name = (cause as { name?: unknown } | null)?.name;
  const code = name === "QuotaExceededError" ? "E_STORE_QUOTA" : "E_STORE_IO";
  return new SessionStoreError(code, `${context}: ${errorText(cause)}`, { cause });
}

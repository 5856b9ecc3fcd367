// A session store in memory: for tests, sub-agents and one-process runs where a session ends with the process.

import { SessionStoreError, checkSessionId } from "./errors.js";
import { copyRecord } from "./record.js";
import type { SessionRecord, SessionStore } from "./types.js";

/** Options of MemorySessionStore. */
export interface MemorySessionStoreOptions {
  /**
   * Most prompt text the store holds at once, in UTF-16 code units summed over all sessions (default: no limit).
   * A write that would go over it throws SessionStoreError E_STORE_QUOTA and changes nothing, like a full disk.
   */
  maxChars?: number;
}

/**
 * A SessionStore in a Map. Each method does its whole work synchronously inside one call, so every method is atomic
 * and putIfAbsent has exactly one winner. Records are copied in and out: changing a returned record changes nothing
 * stored.
 * @example
 *   const store = new MemorySessionStore();
 *   const turn = await freezeSession(store, "s1", () => pa.assemble(reader, options), { model, platform: "cli" }, { scanner: pa });
 */
export class MemorySessionStore implements SessionStore {
  readonly #records = new Map<string, SessionRecord>();
  readonly #maxChars: number;

  constructor(options: MemorySessionStoreOptions = {}) {
    this.#maxChars = options.maxChars ?? Infinity;
  }

  /** See SessionStore.get. */
  async get(sessionId: string): Promise<SessionRecord | null> {
    checkSessionId(sessionId);
    const record = this.#records.get(sessionId);
    return record === undefined ? null : copyRecord(record);
  }

  /** See SessionStore.put. @throws SessionStoreError E_STORE_QUOTA over maxChars. */
  async put(sessionId: string, record: SessionRecord): Promise<void> {
    checkSessionId(sessionId);
    this.#write(sessionId, record);
  }

  /** See SessionStore.putIfAbsent. @throws SessionStoreError E_STORE_QUOTA over maxChars. */
  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    checkSessionId(sessionId);
    const existing = this.#records.get(sessionId);
    if (existing !== undefined) return copyRecord(existing);
    this.#write(sessionId, record);
    return copyRecord(record);
  }

  /** See SessionStore.delete. */
  async delete(sessionId: string): Promise<void> {
    checkSessionId(sessionId);
    this.#records.delete(sessionId);
  }

  /** Number of sessions stored. */
  get size(): number {
    return this.#records.size;
  }

  #write(sessionId: string, record: SessionRecord): void {
    const copy = copyRecord(record);
    let used = copy.prompt?.length ?? 0;
    for (const [id, r] of this.#records) if (id !== sessionId) used += r.prompt?.length ?? 0;
    if (used > this.#maxChars) {
      throw new SessionStoreError("E_STORE_QUOTA", `memory session store is full: ${used} chars of prompt text would exceed its limit of ${this.#maxChars}`);
    }
    this.#records.set(sessionId, copy);
  }
}

// A fake session store added the way docs/architecture.md ("Adding a store") says: one new file implementing
// SessionStore with the shared helpers (checkSessionId, copyRecord), and one line that hands it to the contract
// suites (test/architecture-stores.test.ts). It keeps each record as JSON text in a Map, like a key-value service
// that stores strings (localStorage, Redis); a "location" is the Map, so a second store object on the same Map is a
// second connection and a reopen.
import { checkSessionId } from "../src/stores/errors.js";
import { copyRecord } from "../src/stores/record.js";
import type { SessionRecord, SessionStore } from "../src/stores/types.js";

/** A SessionStore over a Map of session id → JSON text. Every method does its work synchronously: atomic. */
export class JsonTextSessionStore implements SessionStore {
  constructor(private readonly texts: Map<string, string>) {}

  async get(sessionId: string): Promise<SessionRecord | null> {
    checkSessionId(sessionId);
    const text = this.texts.get(sessionId);
    return text === undefined ? null : copyRecord(JSON.parse(text) as SessionRecord);
  }

  async put(sessionId: string, record: SessionRecord): Promise<void> {
    checkSessionId(sessionId);
    this.texts.set(sessionId, JSON.stringify(copyRecord(record)));
  }

  async putIfAbsent(sessionId: string, record: SessionRecord): Promise<SessionRecord> {
    checkSessionId(sessionId);
    if (!this.texts.has(sessionId)) this.texts.set(sessionId, JSON.stringify(copyRecord(record)));
    return copyRecord(JSON.parse(this.texts.get(sessionId)!) as SessionRecord);
  }

  async delete(sessionId: string): Promise<void> {
    checkSessionId(sessionId);
    this.texts.delete(sessionId);
  }
}

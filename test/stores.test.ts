// Session stores: the shared contract and lifecycle run against memory, IndexedDB (fake-indexeddb) and SQLite
// (better-sqlite3 on a temp file), then each backend's real failure modes (quota, a lock held by another connection,
// a crash mid-write, an unopenable file, no IndexedDB at all) and a frozen session over the real assembler.
import { execFileSync } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { deleteDB } from "idb";
import Database from "better-sqlite3";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { MapWorkspaceReader, type Promptasm } from "../src/index.js";
import * as neutralEntry from "../src/index.js";
import * as nodeEntry from "../src/node.js";
import { SessionStoreError } from "../src/stores/errors.js";
import { IndexedDbSessionStore } from "../src/stores/indexeddb.js";
import { MemorySessionStore } from "../src/stores/memory.js";
import { createSessionRecord } from "../src/stores/record.js";
import { freezeSession, invalidateSession, platformNote, requestSystemText, type CurrentRuntime } from "../src/stores/session.js";
import { SqliteSessionStore } from "../src/stores/sqlite.js";
import type { SessionRecord, SessionStore } from "../src/stores/types.js";
import { loadForTest } from "./helpers/load.js";
import { counted, recordingLogger, samplePrompt, sessionLifecycleContract, sessionStoreContract, type StoreBackend } from "./stores-contract.js";

// Evaluated after every static import above (the stores included) and before fake-indexeddb installs its globals:
// importing the IndexedDB store must not need `indexedDB`.
const importedWithoutIndexedDB = typeof (globalThis as { indexedDB?: unknown }).indexedDB === "undefined";
await import("fake-indexeddb/auto");

const NOW = new Date("2026-11-29T12:00:00.000Z");
const cli: CurrentRuntime = { model: "m1", provider: "p1", cwd: "/repo/app", platform: "cli" };
const REPO = fileURLToPath(new URL("..", import.meta.url));

let tmp: string;
beforeAll(async () => { tmp = await mkdtemp(join(tmpdir(), "promptasm-stores-")); });
afterAll(async () => { await rm(tmp, { recursive: true, force: true }); });

let seq = 0;
const memoryBackend: StoreBackend = {
  name: "MemorySessionStore",
  noReopen: "a MemorySessionStore keeps its records in the object itself; nothing outlives it",
  async fresh() {
    const store = new MemorySessionStore();
    return { open: async () => store, close: async () => {}, destroy: async () => {} };
  },
};
const indexedDbBackend: StoreBackend = {
  name: "IndexedDbSessionStore (fake-indexeddb)",
  async fresh() {
    const name = `promptasm-test-${++seq}`;
    return {
      open: async () => new IndexedDbSessionStore({ name }),
      close: async (s) => (s as IndexedDbSessionStore).close(),
      destroy: () => deleteDB(name),
    };
  },
};
const sqliteBackend: StoreBackend = {
  name: "SqliteSessionStore (better-sqlite3, WAL file)",
  async fresh() {
    const dir = join(tmp, `sqlite-${++seq}`);
    const path = join(dir, "nested", "sessions.db");
    return {
      open: async () => new SqliteSessionStore(path),
      close: async (s) => (s as SqliteSessionStore).close(),
      destroy: () => rm(dir, { recursive: true, force: true }),
    };
  },
};

for (const backend of [memoryBackend, indexedDbBackend, sqliteBackend]) {
  sessionStoreContract(backend);
  sessionLifecycleContract(backend);
}

/** A store over `inner` whose methods named in `fail` throw `error`. */
function failing(inner: SessionStore, fail: Partial<Record<keyof SessionStore, unknown>>): SessionStore {
  const wrap = <K extends keyof SessionStore>(k: K) => ((...args: unknown[]) => {
    if (k in fail) return Promise.reject(fail[k]);
    return (inner[k] as (...a: unknown[]) => unknown).apply(inner, args);
  }) as SessionStore[K];
  return { get: wrap("get"), put: wrap("put"), putIfAbsent: wrap("putIfAbsent"), delete: wrap("delete") };
}

const opts = (logger = recordingLogger()) => ({ logger, now: () => NOW });

describe("write failures: the turn goes on with the built prompt, nothing stored is lost", () => {
  it("memory store over its quota: first turn uses the build unstored (E_STORE_QUOTA), the next turn tries again", async () => {
    const store = new MemorySessionStore({ maxChars: 50 });
    const logger = recordingLogger();
    const b = counted(() => samplePrompt("too big for the quota"));
    const turn = await freezeSession(store, "s", b.build, cli, opts(logger));
    expect(turn.state).toBe("missing");
    expect(turn.prompt).toBe(samplePrompt("too big for the quota"));
    expect(turn.stored).toBe(false);
    expect(logger.codes()).toEqual(["write-failed"]);
    expect((logger.entries[0]!.cause as SessionStoreError).code).toBe("E_STORE_QUOTA");
    expect(turn.warnings[0]!.cause).toBe(logger.entries[0]!.cause);
    expect(await store.get("s")).toBeNull();
    const again = await freezeSession(store, "s", b.build, cli, opts());
    expect(again.state).toBe("missing");
    expect(b.calls()).toBe(2);
  });

  it("memory store: a rebuild over the quota keeps the stored prompt in the store", async () => {
    const store = new MemorySessionStore({ maxChars: 200 });
    await freezeSession(store, "s", counted(() => "short prompt").build, cli, opts());
    const before = await store.get("s");
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => "long ".repeat(100)).build, { ...cli, model: "m2" }, opts(logger));
    expect(turn.state).toBe("stale");
    expect(turn.prompt).toBe("long ".repeat(100));
    expect(turn.stored).toBe(false);
    expect(logger.codes()).toEqual(["write-failed"]);
    expect(await store.get("s")).toStrictEqual(before);
  });

  it("a store whose put and putIfAbsent throw: warned, the turn goes on, the stored value stays", async () => {
    const inner = new MemorySessionStore();
    await freezeSession(inner, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    const store = failing(inner, { put: new Error("disk on fire"), putIfAbsent: new Error("disk on fire") });
    const logger = recordingLogger();
    const stale = await freezeSession(store, "s", counted(() => samplePrompt("new model")).build, { ...cli, model: "m2" }, opts(logger));
    expect(stale).toMatchObject({ state: "stale", prompt: samplePrompt("new model"), stored: false });
    const first = await freezeSession(store, "t", counted(() => samplePrompt("first")).build, cli, opts(logger));
    expect(first).toMatchObject({ state: "missing", prompt: samplePrompt("first"), stored: false });
    expect(logger.codes()).toEqual(["write-failed", "write-failed"]);
    expect(logger.entries[0]!.message).toContain("disk on fire");
    expect((await inner.get("s"))!.prompt).toBe(samplePrompt("kept"));
    const present = await freezeSession(store, "s", counted(() => "unused").build, cli, opts());
    expect(present).toMatchObject({ state: "present", prompt: samplePrompt("kept") });
  });

  it("a store whose get throws: read-failed, then putIfAbsent returns the value already stored (no needless cache break)", async () => {
    const inner = new MemorySessionStore();
    await freezeSession(inner, "s", counted(() => samplePrompt("stored earlier")).build, cli, opts());
    const logger = recordingLogger();
    const turn = await freezeSession(failing(inner, { get: new Error("read timeout") }), "s", counted(() => samplePrompt("rebuilt")).build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "missing", prompt: samplePrompt("stored earlier"), stored: true });
    expect(logger.codes()).toEqual(["read-failed"]);
  });

  it("a store whose get returns something that is not a record: empty, invalid-record, rebuilt and stored", async () => {
    const inner = new MemorySessionStore();
    const store: SessionStore = { ...failing(inner, {}), get: async () => ({ hello: "world" }) as unknown as SessionRecord };
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => "fresh").build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "empty", prompt: "fresh", stored: true });
    expect(logger.codes()).toEqual(["invalid-record"]);
  });

  it("a store whose every method throws: the turn still gets its prompt", async () => {
    const err = new SessionStoreError("E_STORE_IO", "gone");
    const logger = recordingLogger();
    const store = failing(new MemorySessionStore(), { get: err, put: err, putIfAbsent: err, delete: err });
    const turn = await freezeSession(store, "s", counted(() => "still works").build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "missing", prompt: "still works", stored: false });
    expect(logger.codes()).toEqual(["read-failed", "write-failed"]);
    expect(await invalidateSession(store, "s", { logger })).toBe(false);
    expect(logger.codes().at(-1)).toBe("delete-failed");
  });

  it("the default logger is console.warn", async () => {
    const spy = vi.spyOn(console, "warn").mockImplementation(() => {});
    try {
      const store = failing(new MemorySessionStore(), { putIfAbsent: new Error("nope") });
      await freezeSession(store, "s", counted(() => "x").build, cli);
      expect(spy).toHaveBeenCalledTimes(1);
      expect(String(spy.mock.calls[0]![0])).toContain("nope");
    } finally {
      spy.mockRestore();
    }
  });
});

describe("IndexedDB failures", () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it("QuotaExceededError on write: E_STORE_QUOTA, turn goes on, the stored value stays", async () => {
    const store = new IndexedDbSessionStore({ name: `quota-${++seq}` });
    await freezeSession(store, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    const quota = () => { throw new DOMException("The quota has been exceeded.", "QuotaExceededError"); };
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(quota);
    vi.spyOn(IDBObjectStore.prototype, "add").mockImplementation(quota);
    const logger = recordingLogger();
    const stale = await freezeSession(store, "s", counted(() => samplePrompt("new")).build, { ...cli, model: "m2" }, opts(logger));
    expect(stale).toMatchObject({ state: "stale", prompt: samplePrompt("new"), stored: false });
    const first = await freezeSession(store, "t", counted(() => samplePrompt("first")).build, cli, opts(logger));
    expect(first).toMatchObject({ state: "missing", stored: false });
    expect(logger.codes()).toEqual(["write-failed", "write-failed"]);
    for (const e of logger.entries) expect((e.cause as SessionStoreError).code).toBe("E_STORE_QUOTA");
    vi.restoreAllMocks();
    expect((await store.get("s"))!.prompt).toBe(samplePrompt("kept"));
    expect(await store.get("t")).toBeNull();
    await store.close();
  });

  it("a transaction aborted after its write stores nothing (no half-written value)", async () => {
    const store = new IndexedDbSessionStore({ name: `abort-${++seq}` });
    await freezeSession(store, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
      const request = realPut.apply(this, args);
      this.transaction.abort();
      return request;
    });
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => samplePrompt("aborted")).build, { ...cli, model: "m2" }, opts(logger));
    expect(turn).toMatchObject({ state: "stale", prompt: samplePrompt("aborted"), stored: false });
    expect((logger.entries[0]!.cause as SessionStoreError).code).toBe("E_STORE_IO");
    vi.restoreAllMocks();
    expect((await store.get("s"))!.prompt).toBe(samplePrompt("kept"));
    await store.close();
  });

  it("no indexedDB in the runtime: importing is fine, calls fail with E_STORE_UNAVAILABLE, the turn goes on", async () => {
    expect(importedWithoutIndexedDB).toBe(true);
    const g = globalThis as { indexedDB?: IDBFactory };
    const saved = g.indexedDB;
    delete g.indexedDB;
    try {
      const store = new IndexedDbSessionStore({ name: "never-opened" });
      await expect(store.get("s")).rejects.toMatchObject({ name: "SessionStoreError", code: "E_STORE_UNAVAILABLE" });
      const logger = recordingLogger();
      const turn = await freezeSession(store, "s", counted(() => "built anyway").build, cli, opts(logger));
      expect(turn).toMatchObject({ state: "missing", prompt: "built anyway", stored: false });
      expect(logger.codes()).toEqual(["read-failed", "write-failed"]);
    } finally {
      g.indexedDB = saved;
    }
  });
});

describe("SQLite failures", () => {
  const stores: SqliteSessionStore[] = [];
  const others: Database.Database[] = [];
  afterEach(() => {
    for (const o of others.splice(0)) { if (o.inTransaction) o.exec("ROLLBACK"); o.close(); }
    for (const s of stores.splice(0)) s.close();
  });
  const open = (name: string, options = {}) => {
    const store = new SqliteSessionStore(join(tmp, name), options);
    stores.push(store);
    return store;
  };
  const connect = (name: string) => {
    const db = new Database(join(tmp, name));
    others.push(db);
    return db;
  };

  it("uses WAL and a STRICT table", async () => {
    const store = open(`wal-${++seq}.db`);
    await store.get("s");
    expect(store.database.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(String((store.database.prepare("SELECT sql FROM sqlite_schema WHERE name = 'promptasm_sessions'").get() as { sql: string }).sql)).toContain("STRICT");
  });

  it("a lock held by another connection (exclusive transaction): E_STORE_LOCKED, the turn goes on, reads still work, nothing lost", async () => {
    const name = `locked-${++seq}.db`;
    const store = open(name, { busyTimeoutMs: 0 });
    await freezeSession(store, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    const other = connect(name);
    other.exec("BEGIN EXCLUSIVE");
    other.prepare("UPDATE promptasm_sessions SET prompt = 'uncommitted' WHERE session_id = 's'").run();

    const logger = recordingLogger();
    const stale = await freezeSession(store, "s", counted(() => samplePrompt("new model")).build, { ...cli, model: "m2" }, opts(logger));
    expect(stale).toMatchObject({ state: "stale", prompt: samplePrompt("new model"), stored: false });
    const first = await freezeSession(store, "t", counted(() => samplePrompt("first")).build, cli, opts(logger));
    expect(first).toMatchObject({ state: "missing", prompt: samplePrompt("first"), stored: false });
    expect(logger.codes()).toEqual(["write-failed", "write-failed"]);
    for (const e of logger.entries) {
      expect((e.cause as SessionStoreError).code).toBe("E_STORE_LOCKED");
      expect(e.message).toContain("SQLITE_BUSY");
    }
    // WAL: the reader sees the last committed value, not the other connection's uncommitted write.
    const present = await freezeSession(store, "s", counted(() => "unused").build, cli, opts());
    expect(present).toMatchObject({ state: "present", prompt: samplePrompt("kept") });

    other.exec("ROLLBACK");
    expect((await store.get("s"))!.prompt).toBe(samplePrompt("kept"));
    expect(await store.get("t")).toBeNull();
    const retry = await freezeSession(store, "t", counted(() => samplePrompt("first")).build, cli, opts());
    expect(retry).toMatchObject({ state: "missing", stored: true });
  });

  it("disk full (max_page_count reached): E_STORE_QUOTA, the turn goes on, the stored value stays", async () => {
    const store = open(`full-${++seq}.db`);
    await freezeSession(store, "s", counted(() => "small prompt").build, cli, opts());
    const pages = store.database.pragma("page_count", { simple: true }) as number;
    store.database.pragma(`max_page_count = ${pages}`);
    const logger = recordingLogger();
    const big = "big ".repeat(100_000);
    const turn = await freezeSession(store, "s", counted(() => big).build, { ...cli, model: "m2" }, opts(logger));
    expect(turn).toMatchObject({ state: "stale", prompt: big, stored: false });
    expect((logger.entries[0]!.cause as SessionStoreError).code).toBe("E_STORE_QUOTA");
    expect(logger.entries[0]!.message).toContain("SQLITE_FULL");
    expect((await store.get("s"))!.prompt).toBe("small prompt");
  });

  it("a process killed in the middle of a write leaves the previous value, whole", async () => {
    const name = `crash-${++seq}.db`;
    const path = join(tmp, name);
    const store = open(name);
    const first = await freezeSession(store, "s", counted(() => samplePrompt("before the crash")).build, cli, opts());
    store.close();
    const script = `
      const db = require("better-sqlite3")(${JSON.stringify(path)});
      db.exec("BEGIN IMMEDIATE");
      db.prepare("UPDATE promptasm_sessions SET prompt = ?, content_hash = 'x' WHERE session_id = 's'").run("half ".repeat(50000));
      process.kill(process.pid, "SIGKILL");`;
    expect(() => execFileSync(process.execPath, ["-e", script], { cwd: REPO, stdio: "pipe" })).toThrow();
    const reopened = open(name);
    const turn = await freezeSession(reopened, "s", counted(() => "unused").build, cli, opts());
    expect(turn).toMatchObject({ state: "present", prompt: first.prompt });
  });

  it("a value torn by another writer is never read back: hash mismatch → empty → rebuilt and stored", async () => {
    const name = `torn-${++seq}.db`;
    const store = open(name);
    await freezeSession(store, "s", counted(() => samplePrompt("whole")).build, cli, opts());
    connect(name).prepare("UPDATE promptasm_sessions SET prompt = substr(prompt, 1, 20) WHERE session_id = 's'").run();
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => samplePrompt("rebuilt")).build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "empty", prompt: samplePrompt("rebuilt"), stored: true });
    expect(logger.codes()).toEqual(["hash-mismatch"]);
  });

  it("a NULL prompt column reads as the null state", async () => {
    const name = `null-${++seq}.db`;
    const store = open(name);
    await freezeSession(store, "s", counted(() => "x").build, cli, opts());
    connect(name).prepare("UPDATE promptasm_sessions SET prompt = NULL").run();
    const turn = await freezeSession(store, "s", counted(() => "rebuilt").build, cli, opts());
    expect(turn.state).toBe("null");
    expect((await store.get("s"))!.prompt).toBe("rebuilt");
  });

  it("a file that cannot be opened (the path is a directory): E_STORE_IO on each call, the turn goes on", async () => {
    const bad = new SqliteSessionStore(tmp);
    stores.push(bad);
    await expect(bad.get("s")).rejects.toMatchObject({ code: "E_STORE_IO" });
    const logger = recordingLogger();
    const turn = await freezeSession(bad, "s", counted(() => "built anyway").build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "missing", prompt: "built anyway", stored: false });
    expect(logger.codes()).toEqual(["read-failed", "write-failed"]);
  });
});

describe("a frozen session over the real assembler", () => {
  let pa: Promptasm;
  beforeAll(async () => { pa = await loadForTest(); });

  it("20 turns: memory writes, a platform switch, a compression; the prompt changes only after invalidation", async () => {
    const files: Record<string, string> = {
      "/repo/.git/": "",
      "/repo/AGENTS.md": "Run npm test before committing.",
      "/home/agent/SOUL.md": "You are Wren, a careful reviewer.",
      "/home/agent/MEMORY.md": "- The user prefers tabs.",
    };
    const store = new SqliteSessionStore(join(tmp, `e2e-${++seq}.db`));
    let platform = "cli";
    const build = () => pa.assemble(new MapWorkspaceReader({ ...files }), { cwd: "/repo", home: "/home/agent", model: "m1", provider: "p1", platform, now: NOW, timeZone: "UTC" });
    const prompts: string[] = [];
    const states: string[] = [];
    for (let turn = 1; turn <= 20; turn += 1) {
      if (turn === 5) files["/home/agent/MEMORY.md"] = "- The user prefers tabs.\n- The user switched to spaces.";
      if (turn === 8) platform = "telegram";
      if (turn === 12) platform = "cli";
      if (turn === 15) expect(await invalidateSession(store, "e2e", { logger: recordingLogger() })).toBe(true); // compression
      const t = await freezeSession(store, "e2e", build, { model: "m1", provider: "p1", cwd: "/repo", platform }, opts());
      prompts.push(t.prompt);
      const ephemeral = turn % 3 === 0 ? `Ephemeral note ${turn}.` : undefined;
      expect(requestSystemText(t.prompt, ephemeral)).toBe(ephemeral === undefined ? t.prompt : `${t.prompt}\n\n${ephemeral}`);
      states.push(t.state);
      if (turn >= 8 && turn < 12) expect(t.platformNote).toContain("Telegram");
      else expect(t.platformNote).toBeUndefined();
    }
    store.close();
    expect(states).toEqual(["missing", ...Array(13).fill("present"), "missing", ...Array(5).fill("present")]);
    expect(new Set(prompts.slice(0, 14)).size).toBe(1);
    expect(new Set(prompts.slice(14)).size).toBe(1);
    expect(prompts[0]).not.toContain("switched to spaces");
    expect(prompts[14]).toContain("switched to spaces");
    expect(prompts[0]).toContain("Platform: a terminal");
  });
});

describe("entries and helpers", () => {
  it("the runtime-neutral entry exports the neutral stores and the lifecycle, never the SQLite store", () => {
    expect(typeof neutralEntry.freezeSession).toBe("function");
    expect(typeof neutralEntry.MemorySessionStore).toBe("function");
    expect(typeof neutralEntry.IndexedDbSessionStore).toBe("function");
    expect("SqliteSessionStore" in neutralEntry).toBe(false);
    expect(nodeEntry.SqliteSessionStore).toBe(SqliteSessionStore);
    expect(nodeEntry.freezeSession).toBe(freezeSession);
  });

  it("platformNote: none without a current platform or for the same one; names both otherwise", () => {
    expect(platformNote("cli", undefined)).toBeUndefined();
    expect(platformNote("cli", "cli")).toBeUndefined();
    expect(platformNote(undefined, "email")).toMatch(/^Platform note \(this turn\): the conversation is now on email\. Platform: email\./);
    expect(platformNote("cli", "my-bridge")).toBe("Platform note (this turn): the conversation moved from cli to my-bridge; the system prompt still describes cli. Platform: my-bridge.");
  });

  it("requestSystemText appends with one blank line and keeps the ephemeral text as given", () => {
    expect(requestSystemText("A", "  B  ")).toBe("A\n\n  B  ");
  });

  it("createSessionRecord hashes the well-formed text", async () => {
    const r = await createSessionRecord("a\uD800", {}, undefined, NOW);
    expect(r.prompt).toBe("a\uFFFD");
    expect(r.contentHash).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe("SqliteSessionStore: store directory under procfs", () => {
  // mkdir({ recursive: true }) spins forever on Node 20 where mkdir answers ENOENT under an existing parent.
  it("a path under /proc fails with E_STORE_IO instead of hanging", async () => {
    const store = new SqliteSessionStore("/proc/promptasm-test/sessions.sqlite");
    await expect(store.get("s")).rejects.toMatchObject({ code: "E_STORE_IO" });
  }, 20_000);
});

// IndexedDbSessionStore's failure modes provoked in Chromium itself, not simulated: a quota the browser enforces (a
// storage bucket opened with a quota), a transaction aborted after its write, a value the browser refuses to clone,
// site data cleared mid-session, and another tab's schema upgrade. In each the turn goes on and nothing stored is lost
// or half-written.
import { deleteDB, openDB } from "idb";
import { afterEach, describe, expect, it, vi } from "vitest";
import { cdp } from "vitest/browser";
import { SessionStoreError } from "../../src/stores/errors.js";
import { IndexedDbSessionStore } from "../../src/stores/indexeddb.js";
import { createSessionRecord } from "../../src/stores/record.js";
import { freezeSession, type CurrentRuntime } from "../../src/stores/session.js";
import type { SessionRecord } from "../../src/stores/types.js";
import { counted, recordingLogger, samplePrompt } from "../stores-contract.js";

const NOW = new Date("2026-11-29T12:00:00.000Z");
const cli: CurrentRuntime = { model: "m1", provider: "p1", cwd: "/repo/app", platform: "cli" };
const opts = (logger = recordingLogger()) => ({ logger, now: () => NOW });
const run = crypto.randomUUID().slice(0, 8);
let seq = 0;

const stores: IndexedDbSessionStore[] = [];
function fresh(label: string): IndexedDbSessionStore {
  const store = new IndexedDbSessionStore({ name: `promptasm-chromium-${run}-${label}-${++seq}` });
  stores.push(store);
  return store;
}
afterEach(async () => {
  vi.restoreAllMocks();
  for (const store of stores.splice(0)) {
    await store.close();
    await deleteDB(store.name);
  }
});

/**
 * `chars` CJK code units from a fixed xorshift sequence: about 3 bytes each in UTF-8 and incompressible, so Chromium's
 * value compression cannot shrink it under a quota (a repeated letter compresses to almost nothing).
 */
function incompressible(chars: number): string {
  let x = 2463534242;
  const units = new Uint16Array(chars);
  for (let i = 0; i < chars; i += 1) {
    x ^= x << 13; x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5; x >>>= 0;
    units[i] = 0x4e00 + (x & 0x0fff);
  }
  let out = "";
  for (let i = 0; i < chars; i += 8192) out += String.fromCharCode(...units.subarray(i, i + 8192));
  return out;
}

/**
 * The Storage Buckets API (Chromium 122+; not in TypeScript's DOM types yet). The quota case uses a bucket opened with
 * a small quota, which Chromium enforces from the first write. Lowering the origin's quota through DevTools
 * (Storage.overrideQuotaForOrigin) works too, but once the origin's IndexedDB is open Chromium keeps using its cached
 * free space for up to 30 s (measured here: the override took 30.0 s to bite).
 */
interface StorageBucket { indexedDB: IDBFactory }
function storageBuckets(): { open(name: string, options?: { quota?: number }): Promise<StorageBucket>; delete(name: string): Promise<void> } {
  return (navigator as unknown as { storageBuckets: ReturnType<typeof storageBuckets> }).storageBuckets;
}

/**
 * Runs `body` with `globalThis.indexedDB` set to `factory`, then puts the page's own back. IndexedDbSessionStore (and
 * idb) reach IndexedDB only through that global, so this is how a store is pointed at a storage bucket.
 */
async function withIndexedDb<T>(factory: IDBFactory, body: () => Promise<T>): Promise<T> {
  const own = Object.getOwnPropertyDescriptor(globalThis, "indexedDB")!;
  Object.defineProperty(globalThis, "indexedDB", { value: factory, configurable: true, writable: true });
  try {
    return await body();
  } finally {
    Object.defineProperty(globalThis, "indexedDB", own);
  }
}

const storeCode = (e: { cause?: unknown }) => (e.cause as SessionStoreError).code;
const backendName = (e: { cause?: unknown }) => ((e.cause as SessionStoreError).cause as { name?: string } | undefined)?.name;

describe("IndexedDB failures in Chromium", () => {
  it("quota: Chromium fails the write with QuotaExceededError → E_STORE_QUOTA; the turn goes on, the stored value stays", async () => {
    const big = `${samplePrompt("too big")}\n${incompressible(600_000)}`; // about 1.8 MB of UTF-8
    const bucketName = `promptasm-quota-${run}`;
    const bucket = await storageBuckets().open(bucketName, { quota: 256 * 1024 });
    const logger = recordingLogger();
    let store: IndexedDbSessionStore | undefined;
    try {
      await withIndexedDb(bucket.indexedDB, async () => {
        store = new IndexedDbSessionStore({ name: `promptasm-chromium-${run}-quota` });
        await freezeSession(store, "s", counted(() => samplePrompt("kept")).build, cli, opts());
        const stale = await freezeSession(store, "s", counted(() => big).build, { ...cli, model: "m2" }, opts(logger));
        expect(stale).toMatchObject({ state: "stale", stored: false });
        expect(stale.prompt === big).toBe(true);
        const first = await freezeSession(store, "t", counted(() => big).build, cli, opts(logger));
        expect(first).toMatchObject({ state: "missing", stored: false });
        expect(logger.codes()).toEqual(["write-failed", "write-failed"]);
        for (const e of logger.entries) {
          expect(storeCode(e)).toBe("E_STORE_QUOTA");
          expect(backendName(e)).toBe("QuotaExceededError");
        }
        // Reads still work over quota, and the aborted writes left nothing behind.
        expect((await store.get("s"))!.prompt).toBe(samplePrompt("kept"));
        expect(await store.get("t")).toBeNull();
        await store.close();
      });
    } finally {
      await store?.close();
      await storageBuckets().delete(bucketName);
    }
    // The same write fits in the default bucket: the failure was the quota, not the value.
    const roomy = fresh("roomy");
    expect(await freezeSession(roomy, "t", counted(() => big).build, cli, opts())).toMatchObject({ state: "missing", stored: true });
    expect((await roomy.get("t"))!.prompt === big).toBe(true);
  });

  it("a transaction aborted after its write request stores nothing (no half-written value): E_STORE_IO", async () => {
    const store = fresh("abort");
    await freezeSession(store, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    // The real put is issued to Chromium, then its transaction is aborted before it can commit.
    const realPut = IDBObjectStore.prototype.put;
    vi.spyOn(IDBObjectStore.prototype, "put").mockImplementation(function (this: IDBObjectStore, ...args: Parameters<IDBObjectStore["put"]>) {
      const request = realPut.apply(this, args);
      this.transaction.abort();
      return request;
    });
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => samplePrompt("aborted")).build, { ...cli, model: "m2" }, opts(logger));
    expect(turn).toMatchObject({ state: "stale", prompt: samplePrompt("aborted"), stored: false });
    expect(logger.codes()).toEqual(["write-failed"]);
    expect(storeCode(logger.entries[0]!)).toBe("E_STORE_IO");
    expect(backendName(logger.entries[0]!)).toBe("AbortError");
    vi.restoreAllMocks();
    expect((await store.get("s"))!.prompt).toBe(samplePrompt("kept"));
    // The next turn still finds the old runtime's prompt, so it rebuilds (and now stores).
    expect(await freezeSession(store, "s", counted(() => samplePrompt("aborted")).build, { ...cli, model: "m2" }, opts())).toMatchObject({ state: "stale", stored: true });
  });

  it("a value Chromium cannot clone (DataCloneError) aborts the write: E_STORE_IO, the stored value stays", async () => {
    const store = fresh("clone");
    const kept = await createSessionRecord(samplePrompt("kept"), { model: "m1" }, "cli", NOW);
    await store.put("s", kept);
    const uncloneable = { ...kept, prompt: "other", runtime: { model: (() => "a function") as unknown as string } } as SessionRecord;
    const err = await store.put("s", uncloneable).then(() => undefined, (e: unknown) => e);
    expect(err).toBeInstanceOf(SessionStoreError);
    expect((err as SessionStoreError).code).toBe("E_STORE_IO");
    expect(((err as SessionStoreError).cause as Error).name).toBe("DataCloneError");
    await expect(store.putIfAbsent("fresh", uncloneable)).rejects.toMatchObject({ code: "E_STORE_IO" });
    expect(await store.get("s")).toStrictEqual(kept);
    expect(await store.get("fresh")).toBeNull();
  });

  it("site data cleared mid-session (DevTools Storage.clearDataForOrigin): the next turn is `missing`, rebuilt and stored", async () => {
    const store = fresh("cleared");
    const first = await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
    expect(first.stored).toBe(true);
    // This clears every IndexedDB database of the origin: safe because the project runs its files one at a time.
    await cdp().send("Storage.clearDataForOrigin", { origin: location.origin, storageTypes: "indexeddb" });
    const logger = recordingLogger();
    const next = await freezeSession(store, "s", counted(() => samplePrompt("v2")).build, cli, opts(logger));
    expect(next).toMatchObject({ state: "missing", prompt: samplePrompt("v2"), stored: true });
    expect(logger.entries).toEqual([]);
    expect((await freezeSession(store, "s", counted(() => "unused").build, cli, opts())).prompt).toBe(samplePrompt("v2"));
  });

  it("another tab upgrades the schema: the store steps aside at once (the upgrade is not blocked), then fails with E_STORE_IO and turns go on unstored", async () => {
    const store = fresh("upgrade");
    await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
    let blocked = false;
    const newer = await openDB(store.name, 2, { blocked: () => { blocked = true; } });
    expect(newer.version).toBe(2);
    expect(blocked).toBe(false);
    newer.close();
    // This store's schema (version 1) is older than the database now: Chromium refuses to open it (VersionError).
    await expect(store.get("s")).rejects.toMatchObject({ code: "E_STORE_IO" });
    const logger = recordingLogger();
    const turn = await freezeSession(store, "s", counted(() => samplePrompt("v2")).build, cli, opts(logger));
    expect(turn).toMatchObject({ state: "missing", prompt: samplePrompt("v2"), stored: false });
    expect(logger.codes()).toEqual(["read-failed", "write-failed"]);
    expect(backendName(logger.entries[0]!)).toBe("VersionError");
  });
});

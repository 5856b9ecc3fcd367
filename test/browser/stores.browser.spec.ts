// The shared SessionStore contract and freezeSession lifecycle (test/stores-contract.ts), run inside headless
// Chromium against IndexedDbSessionStore on the browser's own IndexedDB (on disk, in this run's fresh profile).
import { deleteDB } from "idb";
import { describe, expect, it } from "vitest";
import { IndexedDbSessionStore } from "../../src/stores/indexeddb.js";
import { sessionLifecycleContract, sessionStoreContract, type StoreBackend } from "../stores-contract.js";

// Database names are unique per run, so a profile reused by hand never hands a test another run's data.
const run = crypto.randomUUID().slice(0, 8);
let seq = 0;

const chromiumIndexedDb: StoreBackend = {
  name: "IndexedDbSessionStore (Chromium IndexedDB)",
  async fresh() {
    const name = `promptasm-chromium-${run}-${++seq}`;
    return {
      open: async () => new IndexedDbSessionStore({ name }),
      close: async (s) => (s as IndexedDbSessionStore).close(),
      // Every store on the location is closed first (the harness does), so the delete is never blocked.
      destroy: () => deleteDB(name),
    };
  },
};

describe("the runtime is Chromium's own IndexedDB", () => {
  it("no polyfill: indexedDB is the native IDBFactory of a headless Chrome", async () => {
    expect(navigator.userAgent).toContain("HeadlessChrome");
    expect(indexedDB).toBeInstanceOf(IDBFactory);
    expect(Function.prototype.toString.call(IDBFactory.prototype.open)).toContain("[native code]");
    // The store really opens a database there: it shows up in the browser's own list.
    const name = `promptasm-chromium-${run}-probe`;
    const store = new IndexedDbSessionStore({ name });
    expect(await store.get("s")).toBeNull();
    expect((await indexedDB.databases()).map((d) => d.name)).toContain(name);
    await store.close();
    await deleteDB(name);
  });
});

sessionStoreContract(chromiumIndexedDb);
sessionLifecycleContract(chromiumIndexedDb);

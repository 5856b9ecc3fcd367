// DurableObjectSessionStore inside workerd (vitest-pool-workers) over the real Durable Object binding of wrangler.toml
// (env.SESSIONS, class FrozenPromptObject exported by test/workers/app.ts): the shared SessionStore contract and
// freezeSession lifecycle with no case skipped, then what is particular to Durable Objects — exact first-write-wins
// under a 50-way race (through the Worker and at the store), the parts a large record is stored in, the object's
// requests and errors, failures going through freezeSession's warning path, expiry (expirationTtl and the object's
// alarm), and the name layout.
import { env, exports } from "cloudflare:workers";
import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PromptasmError } from "../../src/errors.js";
import {
  DO_MAX_PREFIX_CHARS,
  DO_MAX_RECORD_CHARS,
  DO_PART_CHARS,
  DurableObjectSessionStore,
  FrozenPromptObject,
  splitParts,
  type DurableObjectNamespaceLike,
  type DurableObjectStateLike,
  type DurableObjectStubLike,
} from "../../src/stores/durable-object.js";
import { SessionStoreError } from "../../src/stores/errors.js";
import { contentHash, copyRecord, createSessionRecord } from "../../src/stores/record.js";
import { freezeSession, invalidateSession, type CurrentRuntime } from "../../src/stores/session.js";
import { MAX_SESSION_ID_CHARS, type SessionRecord } from "../../src/stores/types.js";
import { counted, recordingLogger, samplePrompt, sessionLifecycleContract, sessionStoreContract, type StoreBackend } from "../stores-contract.js";

// The real binding and state fit the minimal interfaces the module is typed with (checked by `tsc -p test/workers`).
const namespace: DurableObjectNamespaceLike = env.SESSIONS;
type RealState = import("@cloudflare/workers-types/index").DurableObjectState;
const _stateFits = (s: RealState): DurableObjectStateLike => s;
void _stateFits;

const NOW = new Date("2026-11-29T12:00:00.000Z");
const cli: CurrentRuntime = { model: "m1", provider: "p1", cwd: "/repo/app", platform: "cli" };
const opts = (logger = recordingLogger()) => ({ logger, now: () => NOW });
const record = (prompt: string, runtime = { model: "m1" }) => createSessionRecord(prompt, runtime, "cli", NOW);

let seq = 0;
/** A prefix no other test uses: every session of it lives in objects no other test touches. */
const freshPrefix = (label: string) => `${label}/${++seq}/`;

const doBackend: StoreBackend = {
  name: "DurableObjectSessionStore (workerd, env.SESSIONS)",
  async fresh() {
    // A location is a prefix; every store opened on it is a new object over the binding, like a new request.
    const prefix = freshPrefix("contract");
    return {
      open: async () => new DurableObjectSessionStore(namespace, { prefix }),
      close: async () => {},
      destroy: async () => {},
    };
  },
};

sessionStoreContract(doBackend);
sessionLifecycleContract(doBackend);

/** The stub of the object holding `sessionId` under `prefix`. */
const stubOf = (prefix: string, sessionId: string) => env.SESSIONS.get(env.SESSIONS.idFromName(new DurableObjectSessionStore(namespace, { prefix }).name(sessionId)));

/** The rows of an object's `frozen_prompt` table ([] when the table does not exist). */
const partsOf = (prefix: string, sessionId: string) =>
  runInDurableObject(stubOf(prefix, sessionId), (_instance, state) => {
    const tables = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'frozen_prompt'").toArray();
    if (tables.length === 0) return [] as Array<{ part: number; text: string }>;
    return state.storage.sql.exec("SELECT part, text FROM frozen_prompt ORDER BY part").toArray() as Array<{ part: number; text: string }>;
  });

interface TurnReply {
  state: string;
  prompt: string;
  stored: boolean;
  contentHash: string;
  warnings: string[];
  ownStored?: boolean;
}

/** One first turn through the test Worker (a request of its own), over the Durable Object or the KV store. */
async function turn(route: "turn-do" | "turn", sessionId: string, prompt: string, tenant: string, buildMs = 0): Promise<TurnReply> {
  const response = await exports.default.fetch(
    new Request(`https://worker.test/test/${route}/${encodeURIComponent(sessionId)}`, {
      method: "POST",
      body: JSON.stringify({ model: "m1", prompt, tenant, buildMs }),
    }),
  );
  expect(response.status).toBe(200);
  return (await response.json()) as TurnReply;
}

describe("DurableObjectSessionStore: exact first write wins", () => {
  it("50 parallel first turns through the Worker: exactly one stores its own build, every response is the finally stored value", async () => {
    const tenant = `race50-${++seq}`;
    const prompts = Array.from({ length: 50 }, (_, i) => samplePrompt(`racer ${i}`));
    // Each build takes 20 ms, as an assembly does, so the turns read before any of them stores (they race at the write).
    const replies = await Promise.all(prompts.map((p) => turn("turn-do", "s", p, tenant, 20)));
    const stored = (await new DurableObjectSessionStore(namespace, { prefix: `app/${tenant}/` }).get("s"))!;
    expect(prompts).toContain(stored.prompt);
    expect(replies.filter((r) => r.ownStored === true)).toHaveLength(1);
    expect(replies.find((r) => r.ownStored === true)!.prompt).toBe(stored.prompt);
    for (const r of replies) {
      expect(r.prompt).toBe(stored.prompt);
      expect(r.contentHash).toBe(stored.contentHash);
      expect(r.stored).toBe(true);
      expect(r.warnings).toEqual([]);
      // A turn that read before the winner wrote is `missing` (it built and lost); one that read after is `present`.
      expect(["missing", "present"]).toContain(r.state);
    }
    expect(await contentHash(stored.prompt!)).toBe(stored.contentHash);
  });

  it("50 stores (isolates) calling putIfAbsent at once: exactly one writes, all 50 return the stored record", async () => {
    const prefix = freshPrefix("race-store");
    const records = await Promise.all(Array.from({ length: 50 }, (_, i) => record(samplePrompt(`candidate ${i}`))));
    const results = await Promise.all(records.map((r) => new DurableObjectSessionStore(namespace, { prefix }).putIfAbsent("s", r)));
    const stored = (await new DurableObjectSessionStore(namespace, { prefix }).get("s"))!;
    expect(records).toContainEqual(stored);
    expect(results.filter((r, i) => r.contentHash === records[i]!.contentHash)).toHaveLength(1);
    for (const r of results) expect(r).toStrictEqual(stored);
  });

  it("50 first turns that all built before any stored: all `missing`, one own build stored, all send it, the next turn reuses it", async () => {
    const prefix = freshPrefix("race-turns");
    let started = 0;
    let release!: () => void;
    const allStarted = new Promise<void>((r) => { release = r; });
    const racer = (label: string) => async () => {
      started += 1;
      if (started === 50) release();
      await allStarted;
      return { prompt: samplePrompt(label) };
    };
    const turns = await Promise.all(
      Array.from({ length: 50 }, (_, i) => freezeSession(new DurableObjectSessionStore(namespace, { prefix }), "s", racer(`build ${i}`), cli, opts())),
    );
    const stored = (await new DurableObjectSessionStore(namespace, { prefix }).get("s"))!;
    expect(turns.filter((t) => t.built!.prompt === t.prompt)).toHaveLength(1);
    for (const t of turns) {
      expect(t.state).toBe("missing");
      expect(t.stored).toBe(true);
      expect(t.warnings).toEqual([]);
      expect(t.prompt).toBe(stored.prompt);
      expect(t.record).toStrictEqual(stored);
    }
    const next = await freezeSession(new DurableObjectSessionStore(namespace, { prefix }), "s", counted(() => "unused").build, cli, opts());
    expect(next).toMatchObject({ state: "present", prompt: stored.prompt });
  });

  it("the interleaving that makes KV's race lossy cannot happen: a call held on its way to the object gets the record that won", async () => {
    const prefix = freshPrefix("held");
    // A's putIfAbsent is held between the caller and the object (as a slow network would) until B's has finished.
    let releaseA!: () => void;
    let aSent!: () => void;
    const gate = new Promise<void>((r) => { releaseA = r; });
    const aOnItsWay = new Promise<void>((r) => { aSent = r; });
    const slow: DurableObjectNamespaceLike = {
      idFromName: (name) => namespace.idFromName(name),
      get: (id) => ({
        async fetch(input, init) {
          if (init?.method === "POST") { aSent(); await gate; }
          return namespace.get(id).fetch(input, init);
        },
      }),
    };
    const a = new DurableObjectSessionStore(slow, { prefix });
    const b = new DurableObjectSessionStore(namespace, { prefix });
    const ra = await record(samplePrompt("a"));
    const rb = await record(samplePrompt("b"));
    const pa = a.putIfAbsent("s", ra);
    await aOnItsWay;
    expect(await b.putIfAbsent("s", rb)).toStrictEqual(rb);
    releaseA();
    expect(await pa).toStrictEqual(rb); // A learns at once that it lost, and which record won
    expect(await b.get("s")).toStrictEqual(rb); // nothing overwrote the first write
  });

  it("a write in one request is read by the next request at once (no propagation delay)", async () => {
    const tenant = `rw-${++seq}`;
    const first = await turn("turn-do", "s", samplePrompt("first"), tenant);
    expect(first).toMatchObject({ state: "missing", stored: true, ownStored: true });
    const second = await turn("turn-do", "s", samplePrompt("second"), tenant);
    expect(second).toMatchObject({ state: "present", prompt: samplePrompt("first"), ownStored: false });
  });
});

describe("FrozenPromptObject: how a record is stored", () => {
  it("splitParts: parts of at most `size` code units, a surrogate pair never cut, joined back exactly", () => {
    expect(splitParts("abcdefg", 3)).toEqual(["abc", "def", "g"]);
    expect(splitParts("ab🦊c", 3)).toEqual(["ab", "🦊c"]);
    expect(splitParts("a🦊🦊", 2)).toEqual(["a", "🦊", "🦊"]);
    expect(splitParts("", 3)).toEqual([]);
    // A part of one code unit cannot hold a pair: cut rather than loop forever.
    // (Compared as JSON: a failure message with a lone surrogate would break the test runner's UTF-8 channel.)
    expect(JSON.stringify(splitParts("🦊", 1))).toBe('["\\ud83e","\\udd8a"]');
  });

  it("a record over one part is stored in parts of DO_PART_CHARS (the cut moved off a surrogate pair) and read back exactly", async () => {
    const prefix = freshPrefix("parts");
    const store = new DurableObjectSessionStore(namespace, { prefix });
    // The JSON text starts with {"prompt":" (11 chars), so code unit DO_PART_CHARS - 1 is the first half of a 🦊.
    const r = await record("🦊".repeat(300_000));
    const text = JSON.stringify(copyRecord(r));
    expect(text.startsWith('{"prompt":"')).toBe(true);
    await store.put("s", r);
    const parts = await partsOf(prefix, "s");
    expect(parts.map((p) => p.part)).toEqual([0, 1]);
    expect(parts[0]!.text.length).toBe(DO_PART_CHARS - 1);
    expect(parts.map((p) => p.text).join("")).toBe(text);
    for (const p of parts) expect(new TextEncoder().encode(p.text).length).toBeLessThan(2_000_000);
    expect(await store.get("s")).toStrictEqual(r);
  });

  it("why parts: workerd's SQLite refuses one string of 2.2 MB (SQLITE_TOOBIG), a part is at most 1.5 MiB", async () => {
    const stub = stubOf(freshPrefix("toobig"), "s");
    const attempt = (text: string) =>
      runInDurableObject(stub, (_i, state) => {
        state.storage.sql.exec("CREATE TABLE IF NOT EXISTS probe (text TEXT)");
        try {
          state.storage.sql.exec("INSERT INTO probe (text) VALUES (?)", text);
          return "stored";
        } catch (e) {
          return String(e);
        }
      });
    expect(await attempt("é".repeat(1_100_000))).toMatch(/SQLITE_TOOBIG/); // 2,200,000 UTF-8 bytes
    expect(await attempt("\u0800".repeat(DO_PART_CHARS))).toBe("stored"); // a worst-case part: 3 bytes a code unit
  });

  it("a 3 MB (UTF-8) prompt takes ceil(chars / DO_PART_CHARS) parts; a rewrite with a short one leaves one part", async () => {
    const prefix = freshPrefix("big");
    const store = new DurableObjectSessionStore(namespace, { prefix });
    const big = await record("x".repeat(1_000_000) + "é".repeat(1_000_000));
    await store.put("s", big);
    const text = JSON.stringify(copyRecord(big));
    expect((await partsOf(prefix, "s")).length).toBe(Math.ceil(text.length / DO_PART_CHARS));
    expect(Math.ceil(text.length / DO_PART_CHARS)).toBe(4);
    await store.put("s", await record("short"));
    expect((await partsOf(prefix, "s")).length).toBe(1);
    expect((await store.get("s"))!.prompt).toBe("short");
  });

  it("delete empties the object's storage (no table left), and a later putIfAbsent writes again", async () => {
    const prefix = freshPrefix("delete");
    const store = new DurableObjectSessionStore(namespace, { prefix });
    await store.put("s", await record("soon gone"));
    expect((await partsOf(prefix, "s")).length).toBe(1);
    await store.delete("s");
    expect(await partsOf(prefix, "s")).toEqual([]);
    expect(await store.get("s")).toBeNull();
    const again = await record("again");
    expect(await store.putIfAbsent("s", again)).toStrictEqual(again);
  });

  it("a stored value that is not a record is returned as is and read as `empty` (invalid-record): rebuilt and replaced", async () => {
    const prefix = freshPrefix("foreign");
    const store = new DurableObjectSessionStore(namespace, { prefix });
    await runInDurableObject(stubOf(prefix, "s"), (_i, state) => {
      state.storage.sql.exec("CREATE TABLE frozen_prompt (part INTEGER PRIMARY KEY, text TEXT NOT NULL)");
      state.storage.sql.exec("INSERT INTO frozen_prompt (part, text) VALUES (0, ?)", '{"prompt": 42}');
    });
    expect(await store.get("s")).toEqual({ prompt: 42 });
    const logger = recordingLogger();
    const t = await freezeSession(store, "s", counted(() => "fresh").build, cli, opts(logger));
    expect(t).toMatchObject({ state: "empty", prompt: "fresh", stored: true });
    expect(logger.codes()).toEqual(["invalid-record"]);
    expect((await store.get("s"))!.prompt).toBe("fresh");
  });

  it("requests the store never sends: 400 for a body that is not a record, 405 for another method, 404 for another path", async () => {
    const stub = stubOf(freshPrefix("raw"), "s");
    const send = async (path: string, init: RequestInit) => {
      const response = await stub.fetch(`https://frozen-prompt.promptasm.invalid${path}`, init as never);
      return { status: response.status, body: (await response.json()) as { code: string; message: string } };
    };
    expect(await send("/record", { method: "PUT", body: "not json" })).toEqual({ status: 400, body: { code: "E_ARG", message: "the body is not JSON" } });
    expect(await send("/record/if-absent", { method: "POST", body: '{"prompt":"x"}' })).toEqual({ status: 400, body: { code: "E_ARG", message: "the body is not a session record" } });
    expect((await send("/record", { method: "POST", body: "{}" })).status).toBe(405);
    expect((await send("/record/if-absent", { method: "PUT", body: "{}" })).status).toBe(405);
    expect(await send("/elsewhere", { method: "GET" })).toEqual({ status: 404, body: { code: "E_ARG", message: "no such path: /elsewhere" } });
    expect(await send("/record", { method: "GET" })).toEqual({ status: 404, body: { code: "E_NO_SESSION", message: "nothing is stored" } });
  });

  it("a body over DO_MAX_RECORD_CHARS sent straight to the object is refused with 413 E_STORE_QUOTA, nothing stored", async () => {
    const prefix = freshPrefix("raw-huge");
    const stub = stubOf(prefix, "s");
    const r = await record("y");
    const body = JSON.stringify({ ...copyRecord(r), prompt: "y".repeat(DO_MAX_RECORD_CHARS) });
    const response = await stub.fetch("https://frozen-prompt.promptasm.invalid/record/if-absent", { method: "POST", body } as never);
    expect(response.status).toBe(413);
    expect(((await response.json()) as { code: string }).code).toBe("E_STORE_QUOTA");
    expect(await partsOf(prefix, "s")).toEqual([]);
  });
});

/** A namespace over `inner` whose stubs' fetch throws or answers what `fail(call)` returns (undefined: pass through). */
function failingNamespace(inner: DurableObjectNamespaceLike, fail: (call: number) => unknown): DurableObjectNamespaceLike & { calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    idFromName: (name) => inner.idFromName(name),
    get(id): DurableObjectStubLike {
      const stub = inner.get(id);
      return {
        async fetch(input, init) {
          calls += 1;
          const outcome = fail(calls);
          if (outcome instanceof Response) return outcome;
          if (outcome !== undefined) throw outcome;
          return stub.fetch(input, init);
        },
      };
    },
  };
}

/** The error `promise` rejects with; fails the test when it resolves. */
const failure = (promise: Promise<unknown>): Promise<SessionStoreError> =>
  promise.then(
    () => { throw new Error("expected a rejection"); },
    (e: unknown) => e as SessionStoreError,
  );

/** An error shaped like the runtime's Durable Object failures (`retryable`, `overloaded`). */
const runtimeError = (message: string, flags: { retryable?: boolean; overloaded?: boolean }) => Object.assign(new Error(message), flags);

describe("DurableObjectSessionStore: failures", () => {
  it("a failure marked retryable is retried once and the call succeeds", async () => {
    const prefix = freshPrefix("retry-ok");
    const ns = failingNamespace(namespace, (n) => (n === 1 ? runtimeError("Durable Object reset because its code was updated.", { retryable: true }) : undefined));
    const r = await record("after a retry");
    expect(await new DurableObjectSessionStore(ns, { prefix }).putIfAbsent("s", r)).toStrictEqual(r);
    expect(ns.calls()).toBe(2);
  });

  it("a putIfAbsent whose reply was lost after it wrote: the retry finds the caller's own record, so its turn counts as first stored", async () => {
    const prefix = freshPrefix("retry-lost-reply");
    const real = new DurableObjectSessionStore(namespace, { prefix });
    let calls = 0;
    const lossy: DurableObjectNamespaceLike = {
      idFromName: (name) => namespace.idFromName(name),
      get(id) {
        const stub = namespace.get(id);
        return {
          async fetch(input, init) {
            calls += 1;
            const response = await stub.fetch(input, init);
            if (calls === 2) throw runtimeError("Network connection lost.", { retryable: true }); // after the write
            return response;
          },
        };
      },
    };
    const t = await freezeSession(new DurableObjectSessionStore(lossy, { prefix }), "s", counted(() => samplePrompt("mine")).build, cli, opts());
    expect(calls).toBe(3); // get, the lost putIfAbsent, its retry
    expect(t).toMatchObject({ state: "missing", stored: true, prompt: samplePrompt("mine") });
    expect(t.built!.prompt).toBe(t.prompt);
    expect((await real.get("s"))!.prompt).toBe(samplePrompt("mine"));
  });

  it("an overloaded object is not retried: E_STORE_IO after one call; a retryable failure twice: E_STORE_IO after two", async () => {
    const overloaded = runtimeError("Durable Object is overloaded. Too many requests queued.", { retryable: true, overloaded: true });
    const ns1 = failingNamespace(namespace, () => overloaded);
    const e1 = await failure(new DurableObjectSessionStore(ns1, { prefix: freshPrefix("overloaded") }).get("s"));
    expect(e1).toBeInstanceOf(SessionStoreError);
    expect((e1 as SessionStoreError).code).toBe("E_STORE_IO");
    expect((e1 as SessionStoreError).cause).toBe(overloaded);
    expect((e1 as SessionStoreError).message).toContain("overloaded");
    expect(ns1.calls()).toBe(1);

    const flaky = runtimeError("Network connection lost.", { retryable: true });
    const ns2 = failingNamespace(namespace, () => flaky);
    const e2 = await failure(new DurableObjectSessionStore(ns2, { prefix: freshPrefix("flaky") }).delete("s"));
    expect((e2 as SessionStoreError).code).toBe("E_STORE_IO");
    expect(ns2.calls()).toBe(2);

    const plain = new Error("boom");
    const ns3 = failingNamespace(namespace, () => plain);
    await expect(new DurableObjectSessionStore(ns3).get("s")).rejects.toBeInstanceOf(SessionStoreError);
    expect(ns3.calls()).toBe(1);
  });

  it("error replies from the object keep its code and message: 500 E_STORE_IO, 413 E_STORE_QUOTA, a non-JSON 502", async () => {
    const replyWith = (response: () => Response) => new DurableObjectSessionStore(failingNamespace(namespace, () => response()), { prefix: freshPrefix("replies") });
    const io = await failure(replyWith(() => Response.json({ code: "E_STORE_IO", message: "SqliteError: disk I/O error" }, { status: 500 })).get("s"));
    expect(io.code).toBe("E_STORE_IO");
    expect(io.message).toBe('Durable Object session store: get in "replies/' + seq + '/s/s" failed: HTTP 500: SqliteError: disk I/O error');
    const full = await failure(replyWith(() => Response.json({ code: "E_STORE_QUOTA", message: "SQLITE_FULL" }, { status: 413 })).put("s", await record("x")));
    expect(full.code).toBe("E_STORE_QUOTA");
    const gateway = await failure(replyWith(() => new Response("Bad Gateway", { status: 502 })).delete("s"));
    expect(gateway.code).toBe("E_STORE_IO");
    expect(gateway.message).toContain("HTTP 502: Bad Gateway");
  });

  it("a record over DO_MAX_RECORD_CHARS is E_STORE_QUOTA before anything is sent; through freezeSession: write-failed, the build is sent unstored", async () => {
    const ns = failingNamespace(namespace, () => undefined);
    const prefix = freshPrefix("too-big");
    const store = new DurableObjectSessionStore(ns, { prefix });
    const huge = "z".repeat(DO_MAX_RECORD_CHARS);
    const e = await failure(store.put("s", await record(huge)));
    expect(e).toBeInstanceOf(SessionStoreError);
    expect(e.code).toBe("E_STORE_QUOTA");
    expect(ns.calls()).toBe(0);
    const logger = recordingLogger();
    const t = await freezeSession(store, "s", async () => ({ prompt: huge }), cli, opts(logger));
    expect(t).toMatchObject({ state: "missing", stored: false });
    expect(t.prompt.length).toBe(huge.length);
    expect(logger.codes()).toEqual(["write-failed"]);
    expect((logger.entries[0]!.cause as SessionStoreError).code).toBe("E_STORE_QUOTA");
    expect(ns.calls()).toBe(1); // the turn's read; the write was never sent
    // One code unit under the limit (as JSON) is stored.
    const fits = await record("z");
    const room = DO_MAX_RECORD_CHARS - JSON.stringify(copyRecord(fits)).length + 1;
    const largest = await record("z".repeat(room));
    expect(JSON.stringify(copyRecord(largest)).length).toBe(DO_MAX_RECORD_CHARS);
    await store.put("max", largest);
    expect((await store.get("max"))!.prompt!.length).toBe(room);
  });

  it("a read that fails is read-failed, a write that fails is write-failed, a delete that fails is delete-failed; the stored prompt stays", async () => {
    const prefix = freshPrefix("warnings");
    const real = new DurableObjectSessionStore(namespace, { prefix });
    await freezeSession(real, "s", counted(() => samplePrompt("kept")).build, cli, opts());
    const down = runtimeError("Durable Object storage operation exceeded timeout", {});
    const store = new DurableObjectSessionStore(failingNamespace(namespace, () => down), { prefix });
    const logger = recordingLogger();
    const t = await freezeSession(store, "s", counted(() => samplePrompt("built")).build, cli, opts(logger));
    expect(t).toMatchObject({ state: "missing", stored: false, prompt: samplePrompt("built") });
    expect(logger.codes()).toEqual(["read-failed", "write-failed"]);
    expect(await invalidateSession(store, "s", { logger })).toBe(false);
    expect(logger.codes()).toEqual(["read-failed", "write-failed", "delete-failed"]);
    expect((logger.entries[0]!.cause as SessionStoreError).code).toBe("E_STORE_IO"); // a timeout is not a quota
    expect((await real.get("s"))!.prompt).toBe(samplePrompt("kept"));
  });

  it("an object class declared without SQLite storage: 503 E_STORE_UNAVAILABLE naming the fix, and the store passes the code on", async () => {
    const noSql = {
      storage: {
        get sql(): never { throw new Error("SQL is not enabled for this Durable Object class."); },
        transactionSync: <T>(closure: () => T): T => closure(),
        deleteAll: async () => {},
        setAlarm: async () => {},
        deleteAlarm: async () => {},
      },
    } as DurableObjectStateLike;
    const object = new FrozenPromptObject(noSql);
    const response = await object.fetch(new Request("https://frozen-prompt.promptasm.invalid/record"));
    expect(response.status).toBe(503);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("E_STORE_UNAVAILABLE");
    expect(body.message).toContain("new_sqlite_classes");
    const ns: DurableObjectNamespaceLike = { idFromName: (name) => name, get: () => ({ fetch: (input, init) => object.fetch(new Request(input, init)) }) };
    const e = await failure(new DurableObjectSessionStore(ns).get("s"));
    expect(e.code).toBe("E_STORE_UNAVAILABLE");
    expect(e.message).toContain("HTTP 503: Error: SQL is not enabled");
  });

  it("a thrown size or space error is E_STORE_QUOTA: SQLITE_FULL, SQLITE_TOOBIG, a storage quota", async () => {
    for (const message of ["SQLITE_FULL: database or disk is full", "string or blob too big: SQLITE_TOOBIG", "Exceeded storage quota for this account"]) {
      const e = await failure(new DurableObjectSessionStore(failingNamespace(namespace, () => new Error(message))).put("s", await record("x")));
      expect([message, e.code]).toEqual([message, "E_STORE_QUOTA"]);
    }
  });

  it("a bad session id is E_ARG before the namespace is touched", async () => {
    const ns = failingNamespace(namespace, () => undefined);
    const store = new DurableObjectSessionStore(ns);
    const r: SessionRecord = await record("x");
    for (const id of ["", "x".repeat(MAX_SESSION_ID_CHARS + 1), 7 as unknown as string]) {
      for (const call of [() => store.get(id), () => store.put(id, r), () => store.putIfAbsent(id, r), () => store.delete(id)]) {
        await expect(call()).rejects.toSatisfy((e: unknown) => e instanceof PromptasmError && e.code === "E_ARG");
      }
    }
    expect(ns.calls()).toBe(0);
  });
});

/** The expiry row and the alarm of an object: `{ at, alarm }` (null when absent). */
const expiryOf = (prefix: string, sessionId: string) =>
  runInDurableObject(stubOf(prefix, sessionId), async (_i, state) => {
    const tables = state.storage.sql.exec("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'frozen_prompt_expiry'").toArray();
    const row = tables.length === 0 ? undefined : state.storage.sql.exec("SELECT at FROM frozen_prompt_expiry").toArray()[0];
    return { at: row === undefined ? null : (row.at as number), alarm: await state.storage.getAlarm() };
  });

/** Moves an object's expiry `ms` into the past (the alarm stays where it is). */
const expire = (prefix: string, sessionId: string) =>
  runInDurableObject(stubOf(prefix, sessionId), (_i, state) => {
    state.storage.sql.exec("UPDATE frozen_prompt_expiry SET at = ?", Date.now() - 1);
  });

describe("DurableObjectSessionStore: expirationTtl", () => {
  it("accepts whole seconds from 60 (KV's minimum) and refuses others with E_ARG", () => {
    expect(new DurableObjectSessionStore(namespace, { expirationTtl: 60 }).expirationTtl).toBe(60);
    expect(new DurableObjectSessionStore(namespace).expirationTtl).toBeUndefined();
    expect(new DurableObjectSessionStore(namespace, { expirationTtl: 3_155_760_000 }).expirationTtl).toBe(3_155_760_000);
    for (const expirationTtl of [59, 0, -60, 90.5, Number.NaN, 3_155_760_001, "120" as unknown as number]) {
      expect(() => new DurableObjectSessionStore(namespace, { expirationTtl })).toThrowError(
        expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("expirationTtl must be an integer number of seconds from 60") }),
      );
    }
  });

  it("a write sets the expiry to now + TTL and the object's alarm to the same time; without a TTL neither", async () => {
    const prefix = freshPrefix("ttl-set");
    // The longest TTL (100 years) is one the object and its alarm take (workerd's alarms stop at 2189).
    const longest = new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 3_155_760_000 });
    await longest.put("far", await record("far"));
    expect((await expiryOf(prefix, "far")).alarm).toBeGreaterThan(Date.now() + 3_155_000_000 * 1000);
    expect((await longest.get("far"))!.prompt).toBe("far");
    const before = Date.now();
    await new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 3600 }).put("s", await record("p"));
    const after = Date.now();
    const { at, alarm } = await expiryOf(prefix, "s");
    expect(at).toBeGreaterThanOrEqual(before + 3_600_000);
    expect(at).toBeLessThanOrEqual(after + 3_600_000);
    expect(alarm).toBe(at);
    // Rewritten without a TTL: the expiry goes (the alarm, left set, will find nothing to do).
    await new DurableObjectSessionStore(namespace, { prefix }).put("s", await record("kept"));
    expect((await expiryOf(prefix, "s")).at).toBeNull();
    expect(await runDurableObjectAlarm(stubOf(prefix, "s"))).toBe(true);
    expect((await new DurableObjectSessionStore(namespace, { prefix }).get("s"))!.prompt).toBe("kept");
    // putIfAbsent sets it too; a putIfAbsent that finds a record leaves its expiry alone (reads do not extend it).
    const other = new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 60 });
    await other.putIfAbsent("t", await record("first"));
    const first = await expiryOf(prefix, "t");
    expect(first.at).toBe(first.alarm);
    expect(first.at! - Date.now()).toBeLessThanOrEqual(60_000);
    await new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 86_400 }).putIfAbsent("t", await record("second"));
    expect(await expiryOf(prefix, "t")).toEqual(first);
  });

  it("an expired record reads as missing before its alarm runs: the next turn builds and stores afresh", async () => {
    const prefix = freshPrefix("ttl-read");
    const store = new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 120 });
    await freezeSession(store, "s", counted(() => samplePrompt("old")).build, cli, opts());
    await expire(prefix, "s");
    expect(await store.get("s")).toBeNull();
    const t = await freezeSession(store, "s", counted(() => samplePrompt("new")).build, cli, opts());
    expect(t).toMatchObject({ state: "missing", stored: true, prompt: samplePrompt("new") });
    expect((await store.get("s"))!.prompt).toBe(samplePrompt("new"));
  });

  it("the alarm empties an expired object's storage (no table left), and re-arms when the record was rewritten with a later expiry", async () => {
    const prefix = freshPrefix("ttl-alarm");
    const store = new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 120 });
    await store.put("s", await record("p"));
    await expire(prefix, "s");
    expect(await runDurableObjectAlarm(stubOf(prefix, "s"))).toBe(true);
    expect(await partsOf(prefix, "s")).toEqual([]);
    expect(await expiryOf(prefix, "s")).toEqual({ at: null, alarm: null });

    await store.put("u", await record("p"));
    const { at } = await expiryOf(prefix, "u");
    // An alarm that fires before the record's expiry (one set by an earlier write): it sets the alarm for the expiry.
    await runInDurableObject(stubOf(prefix, "u"), async (instance, state) => {
      await state.storage.deleteAlarm();
      await (instance as FrozenPromptObject).alarm();
    });
    expect(await expiryOf(prefix, "u")).toEqual({ at, alarm: at });
    expect((await store.get("u"))!.prompt).toBe("p");
  });

  it("delete removes the alarm too; a bad TTL header sent straight to the object is 400 E_ARG", async () => {
    const prefix = freshPrefix("ttl-delete");
    const store = new DurableObjectSessionStore(namespace, { prefix, expirationTtl: 600 });
    await store.put("s", await record("p"));
    expect((await expiryOf(prefix, "s")).alarm).not.toBeNull();
    await store.delete("s");
    expect(await expiryOf(prefix, "s")).toEqual({ at: null, alarm: null });
    const body = JSON.stringify(await record("p"));
    for (const ttl of ["0", "-5", "1.5", "soon", "3155760001", "12345678901"]) {
      const response = await stubOf(prefix, "s").fetch("https://frozen-prompt.promptasm.invalid/record", { method: "PUT", body, headers: { "x-promptasm-expiration-ttl": ttl } } as never);
      expect(response.status).toBe(400);
      expect(((await response.json()) as { code: string }).code).toBe("E_ARG");
    }
    expect(await partsOf(prefix, "s")).toEqual([]);
  });
});

describe("DurableObjectSessionStore: names and prefixes", () => {
  it("name layout: prefix + s/ + escaped id (% / and lone surrogates escaped)", () => {
    const store = new DurableObjectSessionStore(namespace);
    expect(store.prefix).toBe("promptasm/");
    expect(store.name("abc")).toBe("promptasm/s/abc");
    expect(store.name("a/b%c")).toBe("promptasm/s/a%2Fb%25c");
    expect(store.name("x\uD800y\uDC00")).toBe("promptasm/s/x%uD800y%uDC00");
    expect(store.name("🦊")).toBe("promptasm/s/🦊");
    expect(new DurableObjectSessionStore(namespace, { prefix: "tenant/42/" }).name("s")).toBe("tenant/42/s/s");
  });

  it("prefixes: a well-formed string of at most DO_MAX_PREFIX_CHARS, else E_ARG naming the limit", () => {
    expect(new DurableObjectSessionStore(namespace, { prefix: "p".repeat(DO_MAX_PREFIX_CHARS) }).prefix.length).toBe(512);
    expect(new DurableObjectSessionStore(namespace, { prefix: "" }).name("s")).toBe("s/s");
    for (const prefix of ["p".repeat(DO_MAX_PREFIX_CHARS + 1), "t\uD800/", 42 as unknown as string]) {
      expect(() => new DurableObjectSessionStore(namespace, { prefix })).toThrowError(
        expect.objectContaining({ code: "E_ARG", message: "Durable Object name prefix must be a well-formed string of at most 512 chars" }),
      );
    }
  });

  it("prefixes isolate tenants, even when one prefix starts with another (t/ and t/s/x/)", async () => {
    const base = freshPrefix("tenants");
    const outer = new DurableObjectSessionStore(namespace, { prefix: base });
    const inner = new DurableObjectSessionStore(namespace, { prefix: `${base}s/x/` });
    expect(outer.name("x/s/y")).not.toBe(inner.name("y"));
    await outer.put("x/s/y", await record("outer"));
    await inner.put("y", await record("inner"));
    expect((await outer.get("x/s/y"))!.prompt).toBe("outer");
    expect((await inner.get("y"))!.prompt).toBe("inner");
    await inner.delete("y");
    expect((await outer.get("x/s/y"))!.prompt).toBe("outer");
  });

  it("ids that UTF-8 would merge (a lone surrogate, U+FFFD, their escaped spelling) stay separate sessions", async () => {
    const store = new DurableObjectSessionStore(namespace, { prefix: freshPrefix("surrogates") });
    const ids = ["x\uD800", "x\uFFFD", "x%uD800", "x\uDC00", "x%2F", "x/"];
    for (const id of ids) await store.put(id, await record(`for ${JSON.stringify(id)}`));
    for (const id of ids) expect((await store.get(id))!.prompt).toBe(`for ${JSON.stringify(id)}`);
    expect(new Set(ids.map((id) => store.name(id))).size).toBe(ids.length);
  });

  it("a stored prompt with a lone surrogate (written with put, not freezeSession) reads back exactly", async () => {
    const store = new DurableObjectSessionStore(namespace, { prefix: freshPrefix("lone") });
    const r = { ...(await record("whole")), prompt: "lone \uD800 high and \uDC00 low" };
    await store.put("s", r);
    // Compared as JSON (lone surrogates escaped), so a failure message stays well-formed for the runner.
    expect(JSON.stringify(await store.get("s"))).toBe(JSON.stringify(r));
  });

  it("FrozenPromptObject is the class the binding runs (exported by the main module)", async () => {
    const prefix = freshPrefix("class");
    await new DurableObjectSessionStore(namespace, { prefix }).put("s", await record("x"));
    expect(await runInDurableObject(stubOf(prefix, "s"), (instance) => instance instanceof FrozenPromptObject)).toBe(true);
  });
});

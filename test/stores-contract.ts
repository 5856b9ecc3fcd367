// The SessionStore contract, written once and run against every backend (memory, IndexedDB, SQLite here; KV in
// workerd and IndexedDB in Chromium can run the same functions). Runtime-neutral: vitest and src/stores only, no
// node:* import, so it runs wherever the store does.
import { afterEach, describe, expect, it } from "vitest";
import { PromptasmError } from "../src/errors.js";
import { createSessionRecord, contentHash } from "../src/stores/record.js";
import { freezeSession, invalidateSession, requestSystemText, type CurrentRuntime } from "../src/stores/session.js";
import { MAX_SESSION_ID_CHARS, type SessionLogger, type SessionRecord, type SessionStore, type SessionWarningCode } from "../src/stores/types.js";

/** One empty store location of a backend; open() may be called again for a second connection or a reopen. */
export interface StoreLocation {
  open(): Promise<SessionStore>;
  close(store: SessionStore): Promise<void>;
  /** Removes the location (files, databases). Called once, after every store on it is closed. */
  destroy(): Promise<void>;
}

/** A backend under test. */
export interface StoreBackend {
  name: string;
  /** A new, empty location per call. */
  fresh(): Promise<StoreLocation>;
  /** Set when a value cannot outlive its store object; the reopen case is skipped with this reason. */
  noReopen?: string;
}

const NOW = new Date("2026-11-29T12:00:00.000Z");

/** A synthetic assembled prompt, shaped like a real one (stable prefix, boundary, dynamic suffix). */
export function samplePrompt(label: string, memory = "- The user prefers tabs."): string {
  return `You are Wren, a careful reviewer. (${label})\n\n<!-- promptasm: cache boundary (stable prefix above, dynamic text below) -->\n\n## Memory\n${memory}\n\nPlatform: a terminal.`;
}

/** Opens stores on fresh locations of `backend` and closes/destroys them after each test. */
function harness(backend: StoreBackend) {
  const opened: Array<{ loc: StoreLocation; store: SessionStore }> = [];
  const locations: StoreLocation[] = [];
  afterEach(async () => {
    for (const { loc, store } of opened.splice(0)) await loc.close(store);
    for (const loc of locations.splice(0)) await loc.destroy();
  });
  const open = async (loc: StoreLocation) => {
    const store = await loc.open();
    opened.push({ loc, store });
    return store;
  };
  return {
    /** A store on a new location, plus a function opening another store (connection) on the same location. */
    async fresh(): Promise<{ store: SessionStore; another(): Promise<SessionStore>; reopen(old: SessionStore): Promise<SessionStore> }> {
      const loc = await backend.fresh();
      locations.push(loc);
      const store = await open(loc);
      return {
        store,
        another: () => open(loc),
        async reopen(old) {
          const i = opened.findIndex((o) => o.store === old);
          if (i >= 0) opened.splice(i, 1);
          await loc.close(old);
          return open(loc);
        },
      };
    },
  };
}

/** Runs the SessionStore contract against `backend`. */
export function sessionStoreContract(backend: StoreBackend): void {
  describe(`SessionStore contract: ${backend.name}`, () => {
    const h = harness(backend);
    const record = (prompt: string | null, extra: Partial<SessionRecord> = {}): Promise<SessionRecord> =>
      createSessionRecord(prompt ?? "", { model: "m1", provider: "p1", cwd: "/repo" }, "cli", NOW).then((r) => ({ ...r, ...(prompt === null ? { prompt: null } : {}), ...extra }));

    it("get of an unknown session is null", async () => {
      const { store } = await h.fresh();
      expect(await store.get("nobody")).toBeNull();
    });

    it("put then get gives the record back, every field, optional fields absent when not set", async () => {
      const { store } = await h.fresh();
      const full = await record(samplePrompt("a"));
      await store.put("s1", full);
      expect(await store.get("s1")).toStrictEqual(full);
      const bare = await createSessionRecord("bare", {}, undefined, NOW);
      await store.put("s2", bare);
      const back = await store.get("s2");
      expect(back).toStrictEqual({ prompt: "bare", contentHash: bare.contentHash, runtime: {}, createdAt: NOW.toISOString() });
      expect(Object.keys(back!)).not.toContain("platform");
    });

    it("keeps the prompt's code units exactly: CRLF, NUL, BOM, astral, combining, trailing blanks, 2 MB", async () => {
      const { store } = await h.fresh();
      const texts = [
        "\uFEFFline one\r\nline two\r\n",
        "nul\u0000inside\u0000",
        "astral 🦊𝔘 and combining e\u0301 and zero width a\u200Bb",
        "trailing blanks   \n\n\t",
        "x".repeat(1_000_000) + "é".repeat(1_000_000),
      ];
      for (const [i, text] of texts.entries()) {
        await store.put(`t${i}`, await record(text));
        const back = await store.get(`t${i}`);
        expect(back!.prompt === text, `text ${i} round-trips exactly`).toBe(true);
        expect(back!.contentHash).toBe(await contentHash(text));
      }
    });

    it("put replaces the stored record", async () => {
      const { store } = await h.fresh();
      await store.put("s", await record("one"));
      const two = await record("two", { runtime: { model: "m2" }, platform: "web" });
      await store.put("s", two);
      expect(await store.get("s")).toStrictEqual(two);
    });

    it("putIfAbsent writes when nothing is stored and returns the record", async () => {
      const { store } = await h.fresh();
      const r = await record("first");
      expect(await store.putIfAbsent("s", r)).toStrictEqual(r);
      expect(await store.get("s")).toStrictEqual(r);
    });

    it("putIfAbsent keeps an existing record and returns it", async () => {
      const { store } = await h.fresh();
      const first = await record("first");
      const second = await record("second");
      await store.put("s", first);
      expect(await store.putIfAbsent("s", second)).toStrictEqual(first);
      expect(await store.get("s")).toStrictEqual(first);
    });

    it("concurrent putIfAbsent calls on one connection: one winner, every caller gets it", async () => {
      const { store } = await h.fresh();
      const records = await Promise.all(Array.from({ length: 8 }, (_, i) => record(`candidate ${i}`)));
      const results = await Promise.all(records.map((r) => store.putIfAbsent("s", r)));
      const stored = await store.get("s");
      expect(records.some((r) => r.prompt === stored!.prompt)).toBe(true);
      for (const r of results) expect(r).toStrictEqual(stored);
    });

    it("concurrent putIfAbsent calls on two connections to one location: one winner", async () => {
      const { store, another } = await h.fresh();
      const other = await another();
      const [a, b] = await Promise.all([store.putIfAbsent("s", await record("from a")), other.putIfAbsent("s", await record("from b"))]);
      expect(a).toStrictEqual(b);
      expect(await store.get("s")).toStrictEqual(a);
      expect(await other.get("s")).toStrictEqual(a);
    });

    it("delete removes the record; deleting an unknown session is a no-op; putIfAbsent then writes again", async () => {
      const { store } = await h.fresh();
      await store.put("s", await record("gone soon"));
      await store.delete("s");
      expect(await store.get("s")).toBeNull();
      await store.delete("s");
      await store.delete("never-stored");
      const fresh = await record("new");
      expect(await store.putIfAbsent("s", fresh)).toStrictEqual(fresh);
    });

    it("sessions are independent", async () => {
      const { store } = await h.fresh();
      const a = await record("A");
      const b = await record("B");
      await store.put("a", a);
      await store.put("b", b);
      await store.delete("a");
      expect(await store.get("a")).toBeNull();
      expect(await store.get("b")).toStrictEqual(b);
    });

    it("a null prompt is stored and read back as null (the lifecycle's `null` state)", async () => {
      const { store } = await h.fresh();
      const r = await record(null);
      await store.put("s", r);
      expect((await store.get("s"))!.prompt).toBeNull();
    });

    it("returns the value as stored, without checking its hash (the lifecycle does)", async () => {
      const { store } = await h.fresh();
      const torn = { ...(await record("the whole prompt")), prompt: "the who" };
      await store.put("s", torn);
      expect(await store.get("s")).toStrictEqual(torn);
    });

    it("records are copies: changing a returned or written record changes nothing stored", async () => {
      const { store } = await h.fresh();
      const r = await record("original");
      await store.put("s", r);
      r.runtime.model = "changed after put";
      const back = await store.get("s");
      back!.runtime.model = "changed after get";
      back!.prompt = "changed after get";
      const again = await store.get("s");
      expect(again!.runtime.model).toBe("m1");
      expect(again!.prompt).toBe("original");
    });

    it("rejects a bad session id with E_ARG in every method", async () => {
      const { store } = await h.fresh();
      const r = await record("x");
      for (const id of ["", "x".repeat(MAX_SESSION_ID_CHARS + 1), 42 as unknown as string]) {
        for (const call of [() => store.get(id), () => store.put(id, r), () => store.putIfAbsent(id, r), () => store.delete(id)]) {
          await expect(call()).rejects.toSatisfy((e: unknown) => e instanceof PromptasmError && e.code === "E_ARG");
        }
      }
      const longest = "y".repeat(MAX_SESSION_ID_CHARS);
      await store.put(longest, r);
      expect(await store.get(longest)).toStrictEqual(r);
    });

    it("session ids are exact strings (case, Unicode, spaces)", async () => {
      const { store } = await h.fresh();
      const ids = ["Session", "session", "séssion", "se\u0301ssion", " session", "telegram:123/abc"];
      for (const id of ids) await store.put(id, await record(`for ${JSON.stringify(id)}`));
      for (const id of ids) expect((await store.get(id))!.prompt).toBe(`for ${JSON.stringify(id)}`);
    });

    const reopenTitle = "a stored record outlives its store object (reopen)";
    if (backend.noReopen !== undefined) {
      it.skip(`${reopenTitle} — skipped: ${backend.noReopen}`, () => {});
    } else {
      it(reopenTitle, async () => {
        const { store, reopen } = await h.fresh();
        const r = await record(samplePrompt("persist"));
        await store.put("s", r);
        const again = await reopen(store);
        expect(await again.get("s")).toStrictEqual(r);
      });
    }
  });
}

/** A logger that keeps what it is told. */
export function recordingLogger(): SessionLogger & { codes(): SessionWarningCode[]; entries: Array<{ message: string; code: SessionWarningCode; cause?: unknown }> } {
  const entries: Array<{ message: string; code: SessionWarningCode; cause?: unknown }> = [];
  return {
    entries,
    warn(message, detail) {
      entries.push({ message, code: detail.code, ...(detail.cause !== undefined ? { cause: detail.cause } : {}) });
    },
    codes: () => entries.map((e) => e.code),
  };
}

/** A build function that counts its calls and returns `text()` at call time. */
export function counted(text: () => string): { build: () => Promise<{ prompt: string; chars: number }>; calls(): number } {
  let n = 0;
  return {
    build: async () => {
      n += 1;
      const prompt = text();
      return { prompt, chars: prompt.length };
    },
    calls: () => n,
  };
}

/** Runs the frozen-session lifecycle over `backend`: every state, invalidation, the ephemeral path, races. */
export function sessionLifecycleContract(backend: StoreBackend): void {
  describe(`freezeSession lifecycle: ${backend.name}`, () => {
    const h = harness(backend);
    const cli: CurrentRuntime = { model: "m1", provider: "p1", cwd: "/repo/app", platform: "cli" };
    const opts = (logger = recordingLogger()) => ({ logger, now: () => NOW });

    it("missing: the first turn builds once and stores the prompt with its hash and runtime", async () => {
      const { store } = await h.fresh();
      const b = counted(() => samplePrompt("v1"));
      const logger = recordingLogger();
      const turn = await freezeSession(store, "s", b.build, cli, opts(logger));
      expect(turn.state).toBe("missing");
      expect(turn.stored).toBe(true);
      expect(turn.prompt).toBe(samplePrompt("v1"));
      expect(turn.built!.prompt).toBe(turn.prompt);
      expect(turn.platformNote).toBeUndefined();
      expect(turn.warnings).toEqual([]);
      expect(logger.entries).toEqual([]);
      expect(b.calls()).toBe(1);
      expect(await store.get("s")).toStrictEqual({
        prompt: samplePrompt("v1"),
        contentHash: await contentHash(samplePrompt("v1")),
        runtime: { model: "m1", provider: "p1", cwd: "/repo/app" },
        platform: "cli",
        createdAt: NOW.toISOString(),
      });
    });

    it("present: later turns reuse the stored bytes exactly and never call build", async () => {
      const { store } = await h.fresh();
      const first = await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
      const b = counted(() => samplePrompt("something else entirely"));
      for (let i = 0; i < 5; i += 1) {
        const turn = await freezeSession(store, "s", b.build, cli, opts());
        expect(turn.state).toBe("present");
        expect(turn.prompt === first.prompt).toBe(true);
        expect(turn.stored).toBe(true);
        expect(turn.built).toBeUndefined();
      }
      expect(b.calls()).toBe(0);
    });

    it("memory written during the session changes nothing until invalidateSession; then the next turn rebuilds", async () => {
      const { store } = await h.fresh();
      let memory = "- The user prefers tabs.";
      const b = counted(() => samplePrompt("v1", memory));
      const first = await freezeSession(store, "s", b.build, cli, opts());
      memory = "- The user prefers tabs.\n- The user now prefers spaces.";
      const second = await freezeSession(store, "s", b.build, cli, opts());
      expect(second.state).toBe("present");
      expect(second.prompt).toBe(first.prompt);
      expect(b.calls()).toBe(1);

      expect(await invalidateSession(store, "s", { logger: recordingLogger() })).toBe(true);
      const third = await freezeSession(store, "s", b.build, cli, opts());
      expect(third.state).toBe("missing");
      expect(third.prompt).toContain("now prefers spaces");
      expect(b.calls()).toBe(2);
      const fourth = await freezeSession(store, "s", b.build, cli, opts());
      expect(fourth.state).toBe("present");
      expect(fourth.prompt).toBe(third.prompt);
    });

    for (const [key, value] of [["model", "m2"], ["provider", "p2"], ["cwd", "/repo/other"]] as const) {
      it(`stale: another ${key} rebuilds and stores the new prompt`, async () => {
        const { store } = await h.fresh();
        await freezeSession(store, "s", counted(() => samplePrompt("old")).build, cli, opts());
        const logger = recordingLogger();
        const now = { ...cli, [key]: value };
        const turn = await freezeSession(store, "s", counted(() => samplePrompt(`new ${key}`)).build, now, opts(logger));
        expect(turn.state).toBe("stale");
        expect(turn.reason).toContain(key);
        expect(turn.prompt).toBe(samplePrompt(`new ${key}`));
        expect(turn.stored).toBe(true);
        expect(logger.entries).toEqual([]);
        const stored = await store.get("s");
        expect(stored!.prompt).toBe(samplePrompt(`new ${key}`));
        expect(stored!.runtime[key]).toBe(value);
        expect((await freezeSession(store, "s", counted(() => "unused").build, now, opts())).state).toBe("present");
      });
    }

    it("stale: a model named now but not when the prompt was built is another model", async () => {
      const { store } = await h.fresh();
      await freezeSession(store, "s", counted(() => "built without a model").build, { cwd: "/repo" }, opts());
      const turn = await freezeSession(store, "s", counted(() => "built with one").build, { cwd: "/repo", model: "m1" }, opts());
      expect(turn.state).toBe("stale");
    });

    it("a platform switch is not stale: same bytes, a one-turn note naming the new surface, nothing rewritten", async () => {
      const { store } = await h.fresh();
      const first = await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
      const before = await store.get("s");
      const b = counted(() => "must not be built");
      const turn = await freezeSession(store, "s", b.build, { ...cli, platform: "telegram" }, opts());
      expect(turn.state).toBe("present");
      expect(turn.prompt === first.prompt).toBe(true);
      expect(b.calls()).toBe(0);
      expect(turn.platformNote).toContain("from cli to telegram");
      expect(turn.platformNote).toContain("Telegram");
      expect(turn.prompt).not.toContain("Telegram");
      expect(await store.get("s")).toStrictEqual(before);
      const back = await freezeSession(store, "s", b.build, cli, opts());
      expect(back.platformNote).toBeUndefined();
      expect((await freezeSession(store, "s", b.build, { ...cli, platform: " CLI " }, opts())).platformNote).toBeUndefined();
    });

    it("null: a stored null prompt warns, rebuilds and stores", async () => {
      const { store } = await h.fresh();
      await store.put("s", { ...(await createSessionRecord("x", {}, "cli", NOW)), prompt: null });
      const logger = recordingLogger();
      const turn = await freezeSession(store, "s", counted(() => samplePrompt("rebuilt")).build, cli, opts(logger));
      expect(turn.state).toBe("null");
      expect(turn.prompt).toBe(samplePrompt("rebuilt"));
      expect(turn.stored).toBe(true);
      expect(logger.codes()).toEqual(["stored-null"]);
      expect(turn.warnings.map((w) => w.code)).toEqual(["stored-null"]);
      expect((await store.get("s"))!.prompt).toBe(samplePrompt("rebuilt"));
    });

    it("empty: a stored empty prompt warns, rebuilds and stores", async () => {
      const { store } = await h.fresh();
      await store.put("s", await createSessionRecord("", { model: "m1", provider: "p1", cwd: "/repo/app" }, "cli", NOW));
      const logger = recordingLogger();
      const turn = await freezeSession(store, "s", counted(() => samplePrompt("rebuilt")).build, cli, opts(logger));
      expect(turn.state).toBe("empty");
      expect(logger.codes()).toEqual(["stored-empty"]);
      expect((await store.get("s"))!.prompt).toBe(samplePrompt("rebuilt"));
    });

    it("a half-written value (prompt does not match its hash) is never read back: empty, rebuilt, stored", async () => {
      const { store } = await h.fresh();
      const whole = await createSessionRecord(samplePrompt("whole"), { model: "m1", provider: "p1", cwd: "/repo/app" }, "cli", NOW);
      await store.put("s", { ...whole, prompt: whole.prompt!.slice(0, 40) });
      const logger = recordingLogger();
      const turn = await freezeSession(store, "s", counted(() => samplePrompt("rebuilt")).build, cli, opts(logger));
      expect(turn.state).toBe("empty");
      expect(logger.codes()).toEqual(["hash-mismatch"]);
      expect(turn.prompt).toBe(samplePrompt("rebuilt"));
      const stored = await store.get("s");
      expect(stored!.prompt).toBe(samplePrompt("rebuilt"));
      expect(stored!.contentHash).toBe(await contentHash(samplePrompt("rebuilt")));
    });

    it("the hash check runs before the staleness check (a damaged value for another model is `empty`)", async () => {
      const { store } = await h.fresh();
      const r = await createSessionRecord("whole", { model: "other" }, "cli", NOW);
      await store.put("s", { ...r, contentHash: "0".repeat(64) });
      const turn = await freezeSession(store, "s", counted(() => "new").build, cli, opts());
      expect(turn.state).toBe("empty");
    });

    it("ephemeral system text goes into the request only: stored + blank line + ephemeral, never stored", async () => {
      const { store } = await h.fresh();
      const turn = await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
      const request = requestSystemText(turn.prompt, "Answer in French this turn.");
      expect(request).toBe(`${turn.prompt}\n\nAnswer in French this turn.`);
      expect(request.startsWith(turn.prompt)).toBe(true);
      expect((await store.get("s"))!.prompt).toBe(turn.prompt);
      const next = await freezeSession(store, "s", counted(() => "unused").build, cli, opts());
      expect(next.prompt).toBe(turn.prompt);
      expect(requestSystemText(turn.prompt)).toBe(turn.prompt);
      expect(requestSystemText(turn.prompt, "")).toBe(turn.prompt);
      expect(requestSystemText(turn.prompt, " \n ")).toBe(turn.prompt);
    });

    it("a prompt with a lone surrogate is stored and sent well-formed (U+FFFD), the same bytes every turn", async () => {
      const { store } = await h.fresh();
      const first = await freezeSession(store, "s", counted(() => "broken \uD800 pair and \uDC00 too").build, cli, opts());
      expect(first.prompt).toBe("broken \uFFFD pair and \uFFFD too");
      const second = await freezeSession(store, "s", counted(() => "unused").build, cli, opts());
      expect(second.state).toBe("present");
      expect(second.prompt).toBe(first.prompt);
    });

    it("race: two first builds for one session end with one stored value that both use", async () => {
      const { store } = await h.fresh();
      // Both builds wait until both have started, so both turns saw `missing` and both built.
      let started = 0;
      let release!: () => void;
      const bothStarted = new Promise<void>((r) => { release = r; });
      const racer = (label: string) => async () => {
        started += 1;
        if (started === 2) release();
        await bothStarted;
        return { prompt: samplePrompt(label) };
      };
      const [a, b] = await Promise.all([
        freezeSession(store, "s", racer("a"), cli, opts()),
        freezeSession(store, "s", racer("b"), cli, opts()),
      ]);
      expect(a.state).toBe("missing");
      expect(b.state).toBe("missing");
      expect(a.built!.prompt).not.toBe(b.built!.prompt);
      expect(a.prompt).toBe(b.prompt);
      expect(a.stored && b.stored).toBe(true);
      expect(a.warnings).toEqual([]);
      expect(b.warnings).toEqual([]);
      expect((await store.get("s"))!.prompt).toBe(a.prompt);
      const next = await freezeSession(store, "s", counted(() => "unused").build, cli, opts());
      expect(next.prompt).toBe(a.prompt);
    });

    it("race across two connections to one location: one stored value, both use it", async () => {
      const { store, another } = await h.fresh();
      const other = await another();
      let started = 0;
      let release!: () => void;
      const bothStarted = new Promise<void>((r) => { release = r; });
      const racer = (label: string) => async () => {
        started += 1;
        if (started === 2) release();
        await bothStarted;
        return { prompt: samplePrompt(label) };
      };
      const [a, b] = await Promise.all([
        freezeSession(store, "s", racer("a"), cli, opts()),
        freezeSession(other, "s", racer("b"), cli, opts()),
      ]);
      expect(a.prompt).toBe(b.prompt);
      expect((await store.get("s"))!.prompt).toBe(a.prompt);
      expect((await other.get("s"))!.prompt).toBe(a.prompt);
    });

    it("race between runtimes: the loser cannot use a winner built for another model, so it uses its own build unstored", async () => {
      const { store } = await h.fresh();
      let started = 0;
      let release!: () => void;
      const bothStarted = new Promise<void>((r) => { release = r; });
      const racer = (label: string) => async () => {
        started += 1;
        if (started === 2) release();
        await bothStarted;
        return { prompt: samplePrompt(label) };
      };
      const la = recordingLogger();
      const lb = recordingLogger();
      const [a, b] = await Promise.all([
        freezeSession(store, "s", racer("m1"), cli, opts(la)),
        freezeSession(store, "s", racer("m2"), { ...cli, model: "m2" }, opts(lb)),
      ]);
      const [winner, loser, loserLog] = a.stored ? [a, b, lb] : [b, a, la];
      expect(winner.stored).toBe(true);
      expect(loser.stored).toBe(false);
      expect(loser.prompt).toBe(loser.built!.prompt);
      expect(loserLog.codes()).toEqual(["winner-unusable"]);
      expect((await store.get("s"))!.prompt).toBe(winner.prompt);
    });

    it("a build that throws rejects the turn and leaves the store as it was", async () => {
      const { store } = await h.fresh();
      await freezeSession(store, "s", counted(() => samplePrompt("v1")).build, cli, opts());
      const before = await store.get("s");
      const boom = async (): Promise<{ prompt: string }> => { throw new Error("assembly failed"); };
      await expect(freezeSession(store, "s", boom, { ...cli, model: "m2" }, opts())).rejects.toThrow("assembly failed");
      await expect(freezeSession(store, "other", boom, cli, opts())).rejects.toThrow("assembly failed");
      expect(await store.get("s")).toStrictEqual(before);
      expect(await store.get("other")).toBeNull();
    });
  });
}

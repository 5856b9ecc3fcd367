// The Worker inside workerd: the real entry's routes (through `exports.default`, the test Worker of app.ts, and by
// calling the entry module directly), and a frozen prompt surviving from one request to the next through the KV
// binding (each request builds its own KvSessionStore; only KV carries the prompt).
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import worker from "../../src/adapters/workerd/worker.js";
import { contentHash } from "../../src/stores/record.js";
import { KvSessionStore } from "../../src/stores/kv.js";

const fetchWorker = (path: string, init?: RequestInit) => exports.default.fetch(new Request(`http://promptasm.test${path}`, init));
const turn = async (sessionId: string, body: { model: string; prompt: string; tenant?: string }) => {
  const response = await fetchWorker(`/test/turn/${encodeURIComponent(sessionId)}`, { method: "POST", body: JSON.stringify(body) });
  expect(response.status).toBe(200);
  return (await response.json()) as { state: string; prompt: string; stored: boolean; contentHash: string; warnings: string[] };
};

describe("Worker entry (src/adapters/workerd/worker.ts)", () => {
  it("GET /healthz answers 200 JSON { ok: true }", async () => {
    for (const response of [await fetchWorker("/healthz"), await worker.fetch(new Request("http://x/healthz"), env)]) {
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      expect(await response.json()).toEqual({ ok: true });
    }
  });

  it("anything else answers 404 JSON", async () => {
    for (const [path, init] of [["/", undefined], ["/nope", undefined], ["/healthz/", undefined], ["/v1/sessions/a/b/system-prompt", undefined]] as const) {
      const response = await fetchWorker(path, init);
      expect(response.status, path).toBe(404);
      expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
      const body = (await response.json()) as { ok: boolean; error: { code: string; message: string } };
      expect(body.ok).toBe(false);
      expect(body.error.code).toBe("E_NOT_FOUND");
      expect(body.error.message).toContain(path);
    }
    expect((await worker.fetch(new Request("http://x/sessions"), env)).status).toBe(404);
  });
});

describe("a frozen prompt across requests to the Worker", () => {
  it("the first request builds and stores; later requests send the stored bytes, whatever they would build", async () => {
    const first = await turn("chat-1", { model: "m1", prompt: "You are Wren. (v1)" });
    expect(first).toEqual({ state: "missing", prompt: "You are Wren. (v1)", stored: true, contentHash: await contentHash("You are Wren. (v1)"), warnings: [] });
    for (const build of ["You are Wren. (v2)", "something else"]) {
      const later = await turn("chat-1", { model: "m1", prompt: build });
      expect(later).toEqual({ ...first, state: "present" });
    }
    // The value is in the KV namespace itself, readable from outside any request the Worker served.
    const stored = await new KvSessionStore(env.PROMPTS, { prefix: "app/t0/" }).get("chat-1");
    expect(stored).toMatchObject({ prompt: "You are Wren. (v1)", contentHash: first.contentHash, runtime: { model: "m1" }, platform: "web" });
  });

  it("a model change rebuilds once, then that prompt is frozen; tenants and sessions are separate", async () => {
    await turn("chat-2", { model: "m1", prompt: "old" });
    expect(await turn("chat-2", { model: "m2", prompt: "new" })).toMatchObject({ state: "stale", prompt: "new", stored: true });
    expect(await turn("chat-2", { model: "m2", prompt: "newer" })).toMatchObject({ state: "present", prompt: "new" });
    expect(await turn("chat-2", { model: "m2", prompt: "other tenant", tenant: "t1" })).toMatchObject({ state: "missing", prompt: "other tenant" });
    expect(await turn("chat-3", { model: "m2", prompt: "other session" })).toMatchObject({ state: "missing", prompt: "other session" });
    expect(await turn("chat-2", { model: "m2", prompt: "unused" })).toMatchObject({ state: "present", prompt: "new" });
  });
});

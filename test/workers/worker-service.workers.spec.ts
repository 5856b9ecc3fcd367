// The Worker as a library and a service, inside workerd: the router mounted under a base path and inside a Hono app,
// CORS for configured origins (a preflight gets 204 with the origin), a 400 naming the field for each malformed
// provider body (anthropic, openai chat and responses, gemini, bedrock), HTTP status from the error's code, C1
// control characters refused in paths and ids, `./` paths accepted, and the Durable Object store used when SESSIONS
// is bound, with a 50-way first-write race through the real PUT route.
// The Worker is called with this file's own env (its own token, SESSIONS bound), not through test/workers/app.ts.
import { env } from "cloudflare:workers";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import worker, { createPromptasmRouter, handlePromptasmRequest, handleRequest, type WorkerEnv } from "../../src/adapters/workerd/worker.js";
import { CORS_MAX_AGE_SECONDS, corsPolicy } from "../../src/adapters/workerd/cors.js";
import { PROMPTASM_ERROR_STATUS, STORE_ERROR_STATUS, errorAnswer } from "../../src/adapters/workerd/status.js";
import { checkProviderInput } from "../../src/adapters/workerd/validate-messages.js";
import { HttpError } from "../../src/adapters/workerd/input.js";
import { PromptasmError } from "../../src/errors.js";
import { SessionStoreError } from "../../src/stores/errors.js";
import { DurableObjectSessionStore, type DurableObjectNamespaceLike } from "../../src/stores/durable-object.js";
import type { SessionStore } from "../../src/stores/types.js";

type Json = Record<string, any>;
const TOKEN = "token-g6";
const SESSIONS = env.SESSIONS as unknown as DurableObjectNamespaceLike;
/** The full env: KV and the Durable Object both bound, one token. */
const ENV: WorkerEnv = { PROMPTS: env.PROMPTS, SESSIONS, API_TOKENS: TOKEN };
const ORIGIN = "https://agent.example.com";
const AGENTS = "# API service\n\nRun `npm test` before every commit.\n";
const OPTIONS = { model: "claude-sonnet-4-5", provider: "anthropic", platform: "api", now: "2026-01-02T03:04:05Z", timeZone: "UTC" };
let seq = 0;
const fresh = (label: string) => `${label}-${++seq}-${Date.now()}`;

const request = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
  new Request(`https://svc.test${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
    ...(body !== undefined ? { body: typeof body === "string" ? body : JSON.stringify(body) } : {}),
  });
const read = async (response: Response) => ({ status: response.status, headers: response.headers, body: (response.status === 204 ? null : await response.json()) as Json });
const serve = async (method: string, path: string, body?: unknown, headers?: Record<string, string>, e: WorkerEnv = ENV) =>
  read(await worker.fetch(request(method, path, body, headers), e));
const sessionPath = (id: string) => `/v1/sessions/${encodeURIComponent(id)}/system-prompt`;

describe("the router, mountable in another app", () => {
  it("createPromptasmRouter({ basePath }) serves every route under the base path and 404s outside it", async () => {
    const router = createPromptasmRouter({ basePath: "/promptasm" });
    expect(await read(await router(request("GET", "/promptasm/healthz"), ENV))).toMatchObject({ status: 200, body: { ok: true } });
    const scan = await read(await router(request("POST", "/promptasm/v1/scan", { files: { "AGENTS.md": AGENTS } }), ENV));
    expect(scan).toMatchObject({ status: 200, body: { files: [{ file: "AGENTS.md", findings: [] }], clean: true } });
    const outside = await read(await router(request("POST", "/v1/scan", { files: {} }), ENV));
    expect(outside).toMatchObject({ status: 404, body: { ok: false, error: { code: "E_NOT_FOUND" } } });
    expect(outside.body.error.message).toContain("/promptasm");
    // "/promptasmx" is not under "/promptasm".
    expect((await router(request("GET", "/promptasmx/healthz"), ENV)).status).toBe(404);
    // A PUT through the base path freezes the same session the root routes read.
    const id = fresh("based");
    const put = await read(await router(request("PUT", `/promptasm${sessionPath(id)}`, { files: { "AGENTS.md": AGENTS }, options: OPTIONS }), ENV));
    expect(put.status).toBe(201);
    expect((await serve("GET", sessionPath(id))).body).toMatchObject({ state: "present", prompt: put.body.prompt });
  });

  it("bad router options fail at once with E_ARG, not per request", () => {
    for (const basePath of ["promptasm", "/promptasm/", "/a?b", "/a//b"]) {
      expect(() => createPromptasmRouter({ basePath })).toThrow(expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("basePath") }));
    }
    expect(() => createPromptasmRouter({ store: "redis" as never })).toThrow(expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("store") }));
    expect(() => createPromptasmRouter({ cors: { origins: ["https://a.example/path"] } })).toThrow(expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("cors.origins[0]") }));
    expect(() => createPromptasmRouter({ cors: { origins: ["*"], credentials: true } })).toThrow(expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("credentials") }));
    expect(() => createPromptasmRouter({ cors: { origins: ["*", ORIGIN] } })).toThrow(expect.objectContaining({ code: "E_ARG" }));
    expect(() => createPromptasmRouter({ cors: { origins: [ORIGIN], maxAge: -1 } })).toThrow(expect.objectContaining({ code: "E_ARG", message: expect.stringContaining("maxAge") }));
  });

  it("mounted in a Hono app with app.mount, next to the app's own routes", async () => {
    const app = new Hono<{ Bindings: WorkerEnv }>();
    app.get("/", (c) => c.text("the app's own page"));
    app.mount("/promptasm", createPromptasmRouter({ cors: { origins: [ORIGIN] } }));
    const own = await app.fetch(new Request("https://svc.test/"), ENV);
    expect(await own.text()).toBe("the app's own page");
    const scan = await read(await app.fetch(request("POST", "/promptasm/v1/scan", { files: { "zw.md": "a\u200bb" } }, { origin: ORIGIN }), ENV));
    expect(scan.status).toBe(200);
    expect(scan.body.files[0].findings[0]).toMatchObject({ rule: "invisible-unicode", codePoint: 0x200b });
    expect(scan.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    const preflight = await app.fetch(request("OPTIONS", "/promptasm/v1/scan", undefined, { origin: ORIGIN, "access-control-request-method": "POST" }), ENV);
    expect(preflight.status).toBe(204);
    expect((await read(await app.fetch(request("GET", "/promptasm/v1/nothing"), ENV))).body.error.code).toBe("E_NOT_FOUND");
  });

  it("the default export and handleRequest still serve the routes (no CORS without CORS_ORIGINS)", async () => {
    expect((await serve("GET", "/healthz")).body).toEqual({ ok: true });
    const direct = await handleRequest(request("POST", "/v1/scan", { files: { "a.md": "x" } }, { origin: ORIGIN }), ENV);
    expect(direct.status).toBe(200);
    expect(direct.headers.get("access-control-allow-origin")).toBeNull();
    expect((await handlePromptasmRequest(request("GET", "/healthz"), ENV)).status).toBe(200);
  });
});

describe("CORS for configured origins", () => {
  const preflight = (origin: string, path = "/v1/scan") =>
    request("OPTIONS", path, undefined, { origin, "access-control-request-method": "POST", "access-control-request-headers": "authorization, content-type" });

  it("a preflight from a configured origin gets 204 with that origin, the methods, the headers and the max-age", async () => {
    const router = createPromptasmRouter({ cors: { origins: [ORIGIN, "https://other.example"] } });
    const r = await router(preflight(ORIGIN), ENV);
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(r.headers.get("access-control-allow-methods")).toBe("GET, PUT, POST, DELETE");
    expect(r.headers.get("access-control-allow-headers")).toBe("authorization, content-type");
    expect(r.headers.get("access-control-max-age")).toBe("7200");
    expect(CORS_MAX_AGE_SECONDS).toBe(7200);
    expect(r.headers.get("access-control-allow-credentials")).toBeNull();
    expect(r.headers.get("vary")).toBe("Origin");
    expect(await r.text()).toBe("");
    // The preflight needs no token: browsers never send one on it.
    const bare = await router(new Request("https://svc.test/v1/scan", { method: "OPTIONS", headers: { origin: "https://other.example", "access-control-request-method": "PUT" } }), ENV);
    expect(bare.status).toBe(204);
    expect(bare.headers.get("access-control-allow-origin")).toBe("https://other.example");
  });

  it("a preflight from any other origin gets 403 E_CORS_ORIGIN and no CORS headers; without CORS configured, 403 (never 405)", async () => {
    const router = createPromptasmRouter({ cors: { origins: [ORIGIN] } });
    for (const origin of ["https://evil.example", "http://agent.example.com", "https://agent.example.com:8443", "null", "https://agent.example.com.evil.example"]) {
      const r = await read(await router(preflight(origin), ENV));
      expect(r.status, origin).toBe(403);
      expect(r.body.error.code).toBe("E_CORS_ORIGIN");
      expect(r.headers.get("access-control-allow-origin")).toBeNull();
      expect(r.headers.get("access-control-allow-methods")).toBeNull();
    }
    const none = await read(await worker.fetch(preflight(ORIGIN), ENV));
    expect(none.status).toBe(403);
    expect(none.body.error.message).toContain("CORS_ORIGINS");
    // An OPTIONS that is not a preflight (no Access-Control-Request-Method) is an ordinary request: 405 with Allow.
    const plain = await read(await router(request("OPTIONS", "/v1/scan", undefined, { origin: ORIGIN }), ENV));
    expect(plain.status).toBe(405);
    expect(plain.headers.get("allow")).toBe("POST");
  });

  it("responses carry the allowed origin (errors too, so a page can read them); another origin's get none", async () => {
    const router = createPromptasmRouter({ cors: { origins: [ORIGIN] } });
    const ok = await router(request("POST", "/v1/scan", { files: { "a.md": "x" } }, { origin: ORIGIN }), ENV);
    expect(ok.status).toBe(200);
    expect(ok.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(ok.headers.get("access-control-expose-headers")).toBe("www-authenticate, allow");
    expect(ok.headers.get("vary")).toContain("Origin");
    const denied = await router(new Request("https://svc.test/v1/scan", { method: "POST", headers: { origin: ORIGIN }, body: "{}" }), ENV);
    expect(denied.status).toBe(401);
    expect(denied.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(denied.headers.get("www-authenticate")).toBe("Bearer");
    const other = await router(request("POST", "/v1/scan", { files: { "a.md": "x" } }, { origin: "https://evil.example" }), ENV);
    expect(other.status).toBe(200);
    expect(other.headers.get("access-control-allow-origin")).toBeNull();
    expect(other.headers.get("vary")).toContain("Origin");
  });

  it("origins from the CORS_ORIGINS variable (commas or spaces), compared as serialized origins", async () => {
    const e: WorkerEnv = { ...ENV, CORS_ORIGINS: "HTTPS://Agent.Example.com:443, http://localhost:5173" };
    expect((await worker.fetch(preflight(ORIGIN), e)).headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect((await worker.fetch(preflight("http://localhost:5173"), e)).status).toBe(204);
    expect((await worker.fetch(preflight("http://localhost:5174"), e)).status).toBe(403);
    // A bad variable is the service's configuration, not the client's: 500 E_CONFIG naming it.
    const bad = await read(await worker.fetch(preflight(ORIGIN), { ...ENV, CORS_ORIGINS: "agent.example.com/app" }));
    expect(bad.status).toBe(500);
    expect(bad.body.error).toMatchObject({ code: "E_CONFIG", message: expect.stringContaining("CORS_ORIGINS") });
  });

  it("credentials: the one origin echoed with Allow-Credentials, never `*`; `*` without credentials sends `*`", async () => {
    const withCredentials = await createPromptasmRouter({ cors: { origins: [ORIGIN], credentials: true } })(preflight(ORIGIN), ENV);
    expect(withCredentials.headers.get("access-control-allow-origin")).toBe(ORIGIN);
    expect(withCredentials.headers.get("access-control-allow-credentials")).toBe("true");
    const any = createPromptasmRouter({ cors: { origins: ["*"], maxAge: 600 } });
    const r = await any(preflight("https://anyone.example"), ENV);
    expect(r.status).toBe(204);
    expect(r.headers.get("access-control-allow-origin")).toBe("*");
    expect(r.headers.get("access-control-max-age")).toBe("600");
    expect(corsPolicy({ origins: ["https://A.example:443/"] }).origins).toEqual(new Set(["https://a.example"]));
  });
});

describe("every malformed provider body is a 400 naming the field", () => {
  const id = fresh("shapes");
  let frozen: Promise<unknown> | undefined;
  const ask = async (provider: string, messages: unknown, tools?: unknown) => {
    frozen ??= serve("PUT", sessionPath(id), { files: { "AGENTS.md": AGENTS }, options: OPTIONS });
    await frozen;
    return serve("POST", `/v1/sessions/${id}/request`, { provider, model: "claude-sonnet-4-5", messages, ...(tools !== undefined ? { tools } : {}) });
  };
  const user = (content: unknown) => [{ role: "user", content }];

  // [provider, messages, tools, code, field named in the message]
  const cases: Array<[string, unknown, unknown, string, string]> = [
    // anthropic (the cases first: they answered 500 before)
    ["anthropic", user([null]), undefined, "E_TYPE", "messages[0].content[0] must be an object, got null"],
    ["anthropic", user([{ type: "text" }]), undefined, "E_TYPE", "messages[0].content[0].text must be a string, got nothing"],
    ["anthropic", user("hi"), [null], "E_TYPE", "tools[0] must be an object, got null"],
    ["anthropic", [{ role: 5, content: "hi" }], undefined, "E_VALUE", "messages[0].role must be one of user, assistant, got 5"],
    ["anthropic", user(5), undefined, "E_TYPE", "messages[0].content must be an array of content blocks (or a string), got number"],
    ["anthropic", user([{ type: 7 }]), undefined, "E_TYPE", "messages[0].content[0].type must be a string"],
    ["anthropic", user([{ type: "image" }]), undefined, "E_TYPE", "messages[0].content[0].source must be an object"],
    ["anthropic", [{ role: "assistant", content: [{ type: "tool_use", id: "t1", name: "bash" }] }], undefined, "E_TYPE", "messages[0].content[0].input must be an object"],
    ["anthropic", user([{ type: "tool_result", tool_use_id: "t1", content: [null] }]), undefined, "E_TYPE", "messages[0].content[0].content[0] must be an object"],
    ["anthropic", user([{ type: "tool_result", content: "x" }]), undefined, "E_TYPE", "messages[0].content[0].tool_use_id must be a string"],
    ["anthropic", user("hi"), [{ name: "bash" }], "E_TYPE", "tools[0].input_schema must be an object, got nothing"],
    ["anthropic", user("hi"), [{ name: "bash", input_schema: { type: "string" } }], "E_VALUE", "tools[0].input_schema.type must be \"object\""],
    ["anthropic", user("hi"), [{ input_schema: { type: "object" } }], "E_TYPE", "tools[0].name must be a string"],
    ["anthropic", ["hi"], undefined, "E_TYPE", "messages[0] must be an object, got string"],
    // openai-chat
    ["openai-chat", [{ role: 5, content: "hi" }], undefined, "E_VALUE", "messages[0].role must be one of developer, system, user, assistant, tool, function, got 5"],
    ["openai-chat", user([null]), undefined, "E_TYPE", "messages[0].content[0] must be an object, got null"],
    ["openai-chat", user([{ type: "text" }]), undefined, "E_TYPE", "messages[0].content[0].text must be a string"],
    ["openai-chat", user(null), undefined, "E_TYPE", "messages[0].content must be an array of content parts (or a string), got null"],
    ["openai-chat", [{ role: "system", content: [{ type: "image_url", image_url: { url: "https://x/y.png" } }] }], undefined, "E_VALUE", "messages[0].content[0].type must be one of text in a system message"],
    ["openai-chat", user([{ type: "image_url", image_url: {} }]), undefined, "E_TYPE", "messages[0].content[0].image_url.url must be a string"],
    ["openai-chat", [{ role: "tool", content: "42" }], undefined, "E_TYPE", "messages[0].tool_call_id must be a string"],
    ["openai-chat", [{ role: "assistant", tool_calls: [{ id: "c1", type: "function", function: { name: "f", arguments: { a: 1 } } }] }], undefined, "E_TYPE", "messages[0].tool_calls[0].function.arguments must be a string, got object"],
    ["openai-chat", [{ role: "user", content: "hi", name: 3 }], undefined, "E_TYPE", "messages[0].name must be a string"],
    ["openai-chat", user("hi"), [null], "E_TYPE", "tools[0] must be an object, got null"],
    ["openai-chat", user("hi"), [{ type: "function" }], "E_TYPE", "tools[0].function must be an object, got nothing"],
    ["openai-chat", user("hi"), [{ type: "function", function: { name: "f", parameters: "{}" } }], "E_TYPE", "tools[0].function.parameters must be an object"],
    ["openai-chat", user("hi"), [{ type: "retrieval" }], "E_VALUE", "tools[0].type must be one of function, custom"],
    // openai-responses
    ["openai-responses", [{ role: 5, content: "hi" }], undefined, "E_VALUE", "messages[0].role must be one of user, assistant, system, developer, got 5"],
    ["openai-responses", user([null]), undefined, "E_TYPE", "messages[0].content[0] must be an object, got null"],
    ["openai-responses", user([{ type: "input_text" }]), undefined, "E_TYPE", "messages[0].content[0].text must be a string"],
    ["openai-responses", [{ type: "function_call", name: "f", arguments: "{}" }], undefined, "E_TYPE", "messages[0].call_id must be a string"],
    ["openai-responses", [{ type: "function_call_output", call_id: "c1", output: 5 }], undefined, "E_TYPE", "messages[0].output must be an array of content parts (or a string), got number"],
    ["openai-responses", [{ type: 3 }], undefined, "E_TYPE", "messages[0].type must be a string"],
    ["openai-responses", user("hi"), [null], "E_TYPE", "tools[0] must be an object, got null"],
    ["openai-responses", user("hi"), [{ type: "function" }], "E_TYPE", "tools[0].name must be a string"],
    // gemini
    ["gemini", [{ role: "user", parts: [null] }], undefined, "E_TYPE", "messages[0].parts[0] must be an object, got null"],
    ["gemini", [{ role: "user", parts: [{}] }], undefined, "E_TYPE", "messages[0].parts[0] must hold exactly one of text, inlineData"],
    ["gemini", [{ role: "user", parts: [{ type: "text" }] }], undefined, "E_TYPE", "messages[0].parts[0] must hold exactly one of"],
    ["gemini", [{ role: "user", parts: [{ text: 5 }] }], undefined, "E_TYPE", "messages[0].parts[0].text must be a string, got number"],
    ["gemini", [{ role: "user", parts: [{ text: "a", inlineData: { mimeType: "image/png", data: "AA==" } }] }], undefined, "E_TYPE", "got text and inlineData"],
    ["gemini", [{ role: 5, parts: [{ text: "hi" }] }], undefined, "E_VALUE", "messages[0].role must be one of user, model, got 5"],
    ["gemini", [{ role: "user", content: "hi" }], undefined, "E_TYPE", "messages[0].parts must be an array of parts, got nothing"],
    ["gemini", [{ role: "user", parts: [{ functionResponse: { name: "f", response: "ok" } }] }], undefined, "E_TYPE", "messages[0].parts[0].functionResponse.response must be an object"],
    ["gemini", [{ role: "user", parts: [{ text: "hi" }] }], [null], "E_TYPE", "tools[0] must be an object, got null"],
    ["gemini", [{ role: "user", parts: [{ text: "hi" }] }], [{ functionDeclarations: [{ description: "no name" }] }], "E_TYPE", "tools[0].functionDeclarations[0].name must be a string"],
    // bedrock
    ["bedrock", user([null]), undefined, "E_TYPE", "messages[0].content[0] must be an object, got null"],
    ["bedrock", user([{ type: "text" }]), undefined, "E_VALUE", "messages[0].content[0] has an unknown member \"type\""],
    ["bedrock", user([{ type: "text", text: "hi" }]), undefined, "E_TYPE", "messages[0].content[0] must have exactly one member"],
    ["bedrock", user([{}]), undefined, "E_TYPE", "messages[0].content[0] must have exactly one member (text, image"],
    ["bedrock", user([{ text: 5 }]), undefined, "E_TYPE", "messages[0].content[0].text must be a string, got number"],
    ["bedrock", user("hi"), undefined, "E_TYPE", "messages[0].content must be an array of content blocks, got string"],
    ["bedrock", [{ role: 5, content: [{ text: "hi" }] }], undefined, "E_VALUE", "messages[0].role must be one of user, assistant, got 5"],
    ["bedrock", user([{ toolResult: { toolUseId: "t1", content: [{ text: "ok" }], status: "done" } }]), undefined, "E_VALUE", "messages[0].content[0].toolResult.status must be one of success, error"],
    ["bedrock", user([{ cachePoint: { type: "eternal" } }]), undefined, "E_VALUE", "messages[0].content[0].cachePoint.type must be \"default\""],
    ["bedrock", user([{ text: "hi" }]), [null], "E_TYPE", "tools[0] must be an object, got null"],
    ["bedrock", user([{ text: "hi" }]), [{ toolSpec: { name: "x" } }], "E_TYPE", "tools[0].toolSpec.inputSchema must be an object, got nothing"],
  ];

  for (const [provider, messages, tools, code, mention] of cases) {
    it(`${provider}: ${JSON.stringify({ messages, ...(tools !== undefined ? { tools } : {}) })} → 400 ${code}`, async () => {
      const r = await ask(provider, messages, tools);
      expect(r.status, JSON.stringify(r.body)).toBe(400);
      expect(r.body.error.code).toBe(code);
      expect(r.body.error.message).toContain(mention);
    });
  }

  it("well-formed bodies with tools, tool calls and results pass for every provider (200)", async () => {
    const good: Array<[string, unknown[], unknown[]]> = [
      ["anthropic", [
        { role: "user", content: "list files" },
        { role: "assistant", content: [{ type: "text", text: "running ls" }, { type: "tool_use", id: "t1", name: "bash", input: { cmd: "ls" } }] },
        { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "a.md" }] }] },
      ], [{ name: "bash", description: "run a command", input_schema: { type: "object", properties: { cmd: { type: "string" } } } }, { type: "web_search_20250305", name: "web_search" }]],
      ["openai-chat", [
        { role: "user", content: [{ type: "text", text: "list files" }, { type: "image_url", image_url: { url: "data:image/png;base64,AA==" } }] },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "bash", arguments: "{\"cmd\":\"ls\"}" } }] },
        { role: "tool", tool_call_id: "c1", content: "a.md" },
      ], [{ type: "function", function: { name: "bash", parameters: { type: "object" } } }]],
      ["openai-responses", [
        { role: "user", content: [{ type: "input_text", text: "list files" }] },
        { type: "function_call", call_id: "c1", name: "bash", arguments: "{}" },
        { type: "function_call_output", call_id: "c1", output: "a.md" },
        { type: "reasoning", id: "r1", summary: [] },
      ], [{ type: "function", name: "bash", parameters: null, strict: null }, { type: "web_search" }]],
      ["gemini", [
        { role: "user", parts: [{ text: "list files" }] },
        { role: "model", parts: [{ text: "listing", thought: true, thoughtSignature: "c2ln" }, { functionCall: { name: "bash", args: { cmd: "ls" } } }] },
        { role: "user", parts: [{ functionResponse: { name: "bash", response: { out: "a.md" } } }] },
      ], [{ functionDeclarations: [{ name: "bash" }] }, { googleSearch: {} }]],
      ["bedrock", [
        { role: "user", content: [{ text: "list files" }] },
        { role: "assistant", content: [{ toolUse: { toolUseId: "t1", name: "bash", input: { cmd: "ls" } } }] },
        { role: "user", content: [{ toolResult: { toolUseId: "t1", content: [{ json: { out: "a.md" } }], status: "success" } }, { cachePoint: { type: "default" } }] },
      ], [{ toolSpec: { name: "bash", inputSchema: { json: { type: "object" } } } }]],
    ];
    for (const [provider, messages, tools] of good) {
      const r = await ask(provider, messages, tools);
      expect(r.status, `${provider}: ${JSON.stringify(r.body)}`).toBe(200);
      expect(r.body.provider).toBe(provider);
    }
  });

  it("checkProviderInput skips a format it does not know and refuses a non-array", () => {
    expect(() => checkProviderInput("cohere", [null], [null])).not.toThrow();
    expect(() => checkProviderInput("openrouter", [{ role: 5 }], undefined)).toThrow(expect.objectContaining({ status: 400, code: "E_VALUE" }));
    expect(() => checkProviderInput("anthropic", {}, undefined)).toThrow(expect.objectContaining({ code: "E_TYPE", message: "messages must be an array of messages, got object" }));
  });
});

describe("HTTP status comes from the error's code", () => {
  it("one table: the client's codes 4xx, our own failures 5xx", () => {
    expect(PROMPTASM_ERROR_STATUS).toEqual({ E_ARG: 400, E_NOT_FOUND: 400, E_WORK_BUDGET: 429, E_WASM: 503, E_RULES: 500, E_IO: 500, E_CONFIG: 500, E_BASELINE: 500 });
    expect(STORE_ERROR_STATUS).toEqual({ E_STORE_IO: 502, E_STORE_UNAVAILABLE: 503, E_STORE_LOCKED: 503, E_STORE_QUOTA: 507 });
    expect(errorAnswer(new PromptasmError("E_WASM", "the core did not instantiate"))).toMatchObject({ status: 503, code: "E_WASM", message: "the service failed: the core did not instantiate" });
    expect(errorAnswer(new PromptasmError("E_ARG", "bad"))).toMatchObject({ status: 400, code: "E_ARG", message: "bad" });
    expect(errorAnswer(new PromptasmError("E_WORK_BUDGET", "spent"))).toEqual({ status: 429, code: "E_WORK_BUDGET", message: "spent", headers: { "retry-after": "1" } });
    expect(errorAnswer(new HttpError(401, "E_AUTH", "no"))).toEqual({ status: 401, code: "E_AUTH", message: "no", headers: { "www-authenticate": "Bearer" } });
    expect(errorAnswer(new TypeError("x is undefined"))).toMatchObject({ status: 500, code: "E_INTERNAL" });
    expect(errorAnswer(new PromptasmError("E_NEW" as never, "cast"))).toMatchObject({ status: 500, code: "E_NEW" });
  });

  const failing = (error: unknown): SessionStore => {
    const fail = async (): Promise<never> => { throw error; };
    return { get: fail, put: fail, putIfAbsent: fail, delete: fail };
  };
  const through = async (error: unknown) => {
    const router = createPromptasmRouter({ store: () => failing(error) });
    return read(await router(request("POST", `/v1/sessions/${fresh("fail")}/request`, { provider: "anthropic", model: "m", messages: [] }), ENV));
  };

  it("through a route: a failing store is 502/503/507 with its code, a core that does not load 503, a bug 500, a bad argument 400", async () => {
    const cases: Array<[unknown, number, string]> = [
      [new SessionStoreError("E_STORE_IO", "KV GET failed"), 502, "E_STORE_IO"],
      [new SessionStoreError("E_STORE_UNAVAILABLE", "no binding"), 503, "E_STORE_UNAVAILABLE"],
      [new SessionStoreError("E_STORE_QUOTA", "full"), 507, "E_STORE_QUOTA"],
      [new PromptasmError("E_WASM", "the core did not instantiate"), 503, "E_WASM"],
      [new TypeError("undefined is not a function"), 500, "E_INTERNAL"],
      [new PromptasmError("E_ARG", "session id must be a non-empty string"), 400, "E_ARG"],
    ];
    for (const [error, status, code] of cases) {
      const r = await through(error);
      expect(r.status, code).toBe(status);
      expect(r.body).toMatchObject({ ok: false, error: { code } });
    }
  });

  it("a store choice whose binding is missing is 503 E_NOT_CONFIGURED", async () => {
    const r = await read(await createPromptasmRouter({ store: "durable-object" })(request("GET", sessionPath("x")), { PROMPTS: env.PROMPTS, API_TOKENS: TOKEN }));
    expect(r).toMatchObject({ status: 503, body: { error: { code: "E_NOT_CONFIGURED", message: expect.stringContaining("SESSIONS") } } });
  });
});

describe("paths and ids", () => {
  it("C1 control characters (U+0080–U+009F) in file names and path options are 400 E_PATH, as C0 ones are; U+00A0 is not a control", async () => {
    for (const ch of ["\u0080", "\u0085", "\u009b", "\u009f", "\u0001", "\u007f"]) {
      const name = `docs/a${ch}b.md`;
      for (const [method, path] of [["POST", "/v1/scan"], ["POST", "/v1/assemble"], ["PUT", sessionPath(fresh("c1"))]] as const) {
        const r = await serve(method, path, { files: { [name]: "text" } });
        expect(r.status, `${JSON.stringify(name)} ${path}`).toBe(400);
        expect(r.body.error).toMatchObject({ code: "E_PATH", message: expect.stringContaining("control character") });
      }
      const cwd = await serve("POST", "/v1/assemble", { files: {}, options: { cwd: `a${ch}b` } });
      expect(cwd.body.error).toMatchObject({ code: "E_PATH", message: expect.stringContaining("options.cwd") });
    }
    expect((await serve("POST", "/v1/scan", { files: { "a\u00a0b.md": "text" } })).status).toBe(200);
  });

  it("C0 and C1 control characters in session ids are 400 E_SESSION_ID naming the code point", async () => {
    for (const [encoded, cp] of [["%C2%80", "U+0080"], ["%C2%85", "U+0085"], ["%C2%9F", "U+009F"], ["%0A", "U+000A"], ["%00", "U+0000"], ["%7F", "U+007F"]]) {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const r = await serve(method, `/v1/sessions/s${encoded}x/system-prompt`, method === "PUT" ? { files: {} } : undefined);
        expect(r.status, `${method} ${encoded}`).toBe(400);
        expect(r.body.error).toMatchObject({ code: "E_SESSION_ID", message: `the session id holds a control character (${cp} at 1)` });
      }
      expect((await serve("POST", `/v1/sessions/s${encoded}/request`, { provider: "anthropic", model: "m", messages: [] })).body.error.code).toBe("E_SESSION_ID");
    }
    expect((await serve("GET", sessionPath(`nbsp\u00a0${fresh("id")}`))).status).toBe(404);
  });

  it("./-prefixed file names are accepted and normalized; ../ and inner . segments are still refused", async () => {
    const scan = await serve("POST", "/v1/scan", { files: { "./AGENTS.md": AGENTS, "././docs/b.md": "b", "c.md": "c" } });
    expect(scan.status).toBe(200);
    expect(scan.body.files.map((f: Json) => f.file)).toEqual(["AGENTS.md", "docs/b.md", "c.md"]);
    const built = await serve("POST", "/v1/assemble", { files: { "./AGENTS.md": AGENTS }, options: { ...OPTIONS, cwd: "./" } });
    expect(built.status, JSON.stringify(built.body)).toBe(200);
    expect(built.body.prompt).toContain("Run `npm test` before every commit.");
    const refused: Array<[string, string]> = [["./../x.md", ".."], ["./", "workspace itself"], ["a/./b.md", ". segment"], [".//a.md", ". segment"], ["./a/../b.md", ".."]];
    for (const [name, mention] of refused) {
      const r = await serve("POST", "/v1/scan", { files: { [name]: "x" } });
      expect(r.body.error, name).toMatchObject({ code: "E_PATH", message: expect.stringContaining(mention) });
    }
    const twice = await serve("POST", "/v1/scan", { files: { "./a.md": "one", "a.md": "two" } });
    expect(twice.body.error).toMatchObject({ code: "E_PATH", message: expect.stringContaining("names the same file") });
  });
});

describe("the Durable Object store when SESSIONS is bound", () => {
  it("PUT stores in the Durable Object (KV untouched); store \"kv\" and an env without SESSIONS use KV", async () => {
    const id = fresh("where");
    const put = await serve("PUT", sessionPath(id), { files: { "AGENTS.md": AGENTS }, options: OPTIONS });
    expect(put.status).toBe(201);
    const tenant = (await env.PROMPTS.list({ prefix: "tenant/" })).keys.map((k) => k.name).filter((k) => k.endsWith(`/s/${id}`));
    expect(tenant).toEqual([]);
    const sha = [...new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(TOKEN)))].map((b) => b.toString(16).padStart(2, "0")).join("").slice(0, 32);
    const stored = await new DurableObjectSessionStore(SESSIONS, { prefix: `tenant/${sha}/` }).get(id);
    expect(stored).toMatchObject({ prompt: put.body.prompt, contentHash: put.body.contentHash });

    const kvId = fresh("kv");
    const viaKv = await read(await createPromptasmRouter({ store: "kv" })(request("PUT", sessionPath(kvId), { files: { "AGENTS.md": AGENTS }, options: OPTIONS }), ENV));
    expect(viaKv.status).toBe(201);
    expect((await env.PROMPTS.list({ prefix: `tenant/${sha}/` })).keys.map((k) => k.name).filter((k) => k.endsWith(`/s/${kvId}`))).toHaveLength(1);
    expect(await new DurableObjectSessionStore(SESSIONS, { prefix: `tenant/${sha}/` }).get(kvId)).toBeNull();

    const noDo = fresh("nodo");
    expect((await serve("PUT", sessionPath(noDo), { files: { "AGENTS.md": AGENTS }, options: OPTIONS }, undefined, { PROMPTS: env.PROMPTS, API_TOKENS: TOKEN })).status).toBe(201);
    expect((await env.PROMPTS.list({ prefix: `tenant/${sha}/` })).keys.map((k) => k.name).filter((k) => k.endsWith(`/s/${noDo}`))).toHaveLength(1);
  });

  it("50 parallel first PUTs of one session through the real route: exactly one 201 (first stored), every response is the stored prompt", async () => {
    const id = fresh("race");
    const bodies = Array.from({ length: 50 }, (_, i) => ({ files: { "AGENTS.md": `# Racer ${i}\n\nRun \`npm test\` (racer ${i}).\n` }, options: OPTIONS }));
    const replies = await Promise.all(bodies.map((b) => serve("PUT", sessionPath(id), b)));
    const get = await serve("GET", sessionPath(id));
    expect(get.body.state).toBe("present");
    expect(replies.filter((r) => r.status === 201)).toHaveLength(1);
    expect(replies.filter((r) => r.status === 200)).toHaveLength(49);
    const winner = replies.find((r) => r.status === 201)!;
    expect(winner.body.prompt).toBe(get.body.prompt);
    for (const r of replies) {
      expect(r.body.prompt).toBe(get.body.prompt);
      expect(r.body.contentHash).toBe(get.body.contentHash);
      expect(r.body.stored).toBe(true);
      expect(["missing", "present"]).toContain(r.body.state);
    }
    // The stored prompt is one racer's own build.
    expect(bodies.filter((_, i) => get.body.prompt.includes(`(racer ${i}).`))).toHaveLength(1);
  });
});

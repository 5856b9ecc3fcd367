// The options of issues 16 and 17 through the Worker's HTTP API (src/adapters/workerd/worker.ts, input.ts): each new
// assembly option reaches the prompt with its value (POST /v1/assemble), a malformed platform override is a note and
// not a 400, and /request takes the builders' cache options (ttl where the provider has TTLs, cache, tool-result
// breakpoints, retention, message cache points) and the "openrouter" format. The schema side is in
// test/architecture-options.test.ts; the CLI side in test/cli.test.ts.
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";

const TOKEN = "token-alpha";
type Json = Record<string, any>;

const call = async (method: string, path: string, body?: unknown) => {
  const response = await exports.default.fetch(new Request(`http://promptasm.test${path}`, {
    method, headers: { authorization: `Bearer ${TOKEN}`, "content-type": "application/json" }, ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  }));
  return { status: response.status, body: (await response.json()) as Json };
};
const ids = (r: { body: Json }): string[] => r.body.sections.map((s: Json) => s.id);

const para = "Run the unit tests before every commit and keep each change small. ";
const FILES = {
  "AGENTS.md": para.repeat(Math.ceil(10_000 / para.length)),
  "home/MEMORY.md": "The user prefers tabs.\n",
  "home/USER.md": "Name: Ada.\n",
};
const BASE = { home: "home", now: "2026-11-29T23:30:00Z", timeZone: "UTC", model: "claude-sonnet-4-5" };

describe("POST /v1/assemble: the options of issues 16 and 17", () => {
  it("bootstrap limits, truncation warning once and its shown signatures", async () => {
    const options = { ...BASE, budget: "openclaw", bootstrapMaxChars: 3000, bootstrapTotalMaxChars: 50000, truncationWarning: "once" };
    const first = await call("POST", "/v1/assemble", { files: FILES, options });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const cut = first.body.truncations[0];
    expect(cut.file).toBe("AGENTS.md");
    expect(cut.headChars + cut.tailChars).toBeLessThanOrEqual(3000);
    expect(cut.headChars + cut.tailChars).toBeGreaterThan(2500);
    expect(ids(first)).not.toContain("truncation-warning");
    expect(first.body.truncationWarning.show).toBe(true);
    const again = await call("POST", "/v1/assemble", { files: FILES, options: { ...options, shownWarnings: [first.body.truncationWarning.signature] } });
    expect(again.body.truncationWarning).toEqual({ ...first.body.truncationWarning, show: false });
    expect(again.body.userPromptPrefix).toBe("");
  });

  it("memoryFiles, sessionStart, gitSnapshot, toolUseEnforcement \"off\" and openclaw sections", async () => {
    const r = await call("POST", "/v1/assemble", {
      files: FILES,
      options: {
        ...BASE, model: "gpt-5", tools: [{ name: "read" }], toolUseEnforcement: "off",
        memoryFiles: { user: false }, sessionStart: { form: "weekday-time", sessionId: "s-42" },
        gitSnapshot: { branch: "main", staged: 1, modified: 0, untracked: 2, conflicted: 0, commits: [{ hash: "1a2b3c4", subject: "Add the agent guide" }] },
        openclaw: { runtime: { channel: "Telegram", capabilities: ["Reactions"], thinking: "low", host: "box" }, include: { safety: false } },
      },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.prompt).toContain("The user prefers tabs.");
    expect(r.body.prompt).not.toContain("Name: Ada.");
    expect(r.body.prompt).toContain("Session started: Sunday, 2026-11-29 23:30 (UTC).");
    expect(r.body.prompt).toContain("Session id: s-42");
    expect(r.body.prompt).toContain("Add the agent guide");
    // "off" is off for a GPT model (it used to read as auto, which turns enforcement on for gpt-5).
    expect(ids(r)).not.toContain("tool-use-enforcement");
    expect(ids(r)).toEqual(expect.arrayContaining(["git-snapshot", "silent-replies", "messaging", "channel-capabilities"]));
    expect(ids(r)).not.toContain("safety");
    expect(r.body.prompt).toContain("Runtime: host=box | model=gpt-5 | channel=telegram | capabilities=reactions | thinking=low");
    expect(r.body.prompt).not.toContain("=== runtime ===");
  });

  it("a malformed platform override is a note and the default hint, not a 400", async () => {
    const r = await call("POST", "/v1/assemble", { files: FILES, options: { ...BASE, platform: "cli", platformOverrides: { cli: 3 } } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.notes.map((n: Json) => n.message)).toContain('platformOverrides["cli"] must be a string or { replace, append } with string values, got 3: the default hint is used');
    const plain = await call("POST", "/v1/assemble", { files: FILES, options: { ...BASE, platform: "cli" } });
    expect(r.body.prompt).toBe(plain.body.prompt);
  });

  it("refuses wrong shapes with 400 naming the field", async () => {
    for (const [options, code, message] of [
      [{ memoryFiles: { user: "no" } }, "E_TYPE", "options.memoryFiles.user must be true or false"],
      [{ sessionStart: { form: "time" } }, "E_VALUE", 'options.sessionStart.form must be one of date, weekday-time, got "time"'],
      [{ openclaw: { runtime: { thinking: "max" } } }, "E_VALUE", 'options.openclaw.runtime.thinking must be one of off, minimal, low, medium, high, xhigh, got "max"'],
      [{ gitSnapshot: { branch: "main" } }, "E_TYPE", "options.gitSnapshot.staged must be a non-negative integer"],
      [{ toolUseEnforcement: "maybe" }, "E_VALUE", 'options.toolUseEnforcement must be "on", "off", "auto", true, false or a list of model-name substrings, got "maybe"'],
      [{ truncationWarning: "twice" }, "E_VALUE", "options.truncationWarning must be one of section, off, once, always"],
      [{ platformOverrides: "cli" }, "E_TYPE", "options.platformOverrides must be an object"],
    ] as const) {
      const r = await call("POST", "/v1/assemble", { files: FILES, options });
      expect(r.status, JSON.stringify(options)).toBe(400);
      expect(r.body.error.code, JSON.stringify(options)).toBe(code);
      expect(r.body.error.message).toContain(message);
    }
  });
});

describe("POST /v1/sessions/:id/request: the builders' cache options", () => {
  const id = "builder-options";
  const put = () => call("PUT", `/v1/sessions/${id}/system-prompt`, { files: { "AGENTS.md": `# Guide\n\n${para.repeat(120)}\n` }, options: { model: "claude-sonnet-4-5", now: BASE.now, timeZone: "UTC" } });
  const request = (body: Json) => call("POST", `/v1/sessions/${id}/request`, { model: "claude-sonnet-4-5", messages: [{ role: "user", content: "Hi" }], ...body });

  // The guide is about 8,000 chars (some 2,000 tokens): over every model's minimum cacheable prefix, so markers go in.
  it("openrouter: cache_control in the system content parts, ttl kept for a Claude model", async () => {
    expect((await put()).status).toBeLessThan(300);
    const r = await request({ provider: "openrouter", model: "anthropic/claude-sonnet-4.5", ttl: "1h" });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.provider).toBe("openrouter");
    expect(JSON.stringify(r.body.request.messages[0])).toContain('"cache_control":{"type":"ephemeral","ttl":"1h"}');
    const off = await request({ provider: "openrouter", model: "anthropic/claude-sonnet-4.5", cache: false });
    expect(JSON.stringify(off.body.request)).not.toContain("cache_control");
  });

  it("bedrock takes ttl (falling back with a note where the model lacks 1h) and messageCachePoints", async () => {
    await put();
    const messages = [{ role: "user", content: [{ text: "Hi" }] }];
    const nova = await request({ provider: "bedrock", model: "amazon.nova-pro-v1:0", messages, ttl: "1h" });
    expect(nova.status, JSON.stringify(nova.body)).toBe(200);
    expect(nova.body.notes).toEqual(['"1h" is not offered by bedrock for amazon.nova-pro-v1:0; using "5m"']);
    expect(JSON.stringify(nova.body.request)).not.toContain('"ttl":"1h"');
    const bad = await request({ provider: "bedrock", model: "amazon.nova-pro-v1:0", messages, messageCachePoints: 9 });
    expect([bad.status, bad.body.error.code]).toEqual([400, "E_TYPE"]);
  });

  it("anthropic: cache false leaves no marker; openai takes retention; each option only where its format takes it", async () => {
    await put();
    const anthropic = await request({ provider: "anthropic", cache: false });
    expect(anthropic.status, JSON.stringify(anthropic.body)).toBe(200);
    expect(JSON.stringify(anthropic.body.request)).not.toContain("cache_control");
    const openai = await request({ provider: "openai-chat", model: "gpt-5", retention: "24h" });
    expect(openai.status, JSON.stringify(openai.body)).toBe(200);
    expect(openai.body.request.prompt_cache_retention).toBe("24h");
    for (const [body, message] of [
      [{ provider: "gemini", ttl: "1h" }, "ttl applies to providers anthropic, bedrock, openrouter only"],
      [{ provider: "anthropic", retention: "24h" }, "retention applies to providers openai-chat, openai-responses only"],
      [{ provider: "anthropic", messageCachePoints: 1 }, "messageCachePoints applies to provider bedrock only"],
      [{ provider: "openai-chat", toolResultBreakpoints: false }, "toolResultBreakpoints applies to providers anthropic, bedrock, openrouter only"],
    ] as const) {
      const r = await request(body);
      expect([r.status, r.body.error.code, r.body.error.message]).toEqual([400, "E_UNKNOWN_FIELD", message]);
    }
    const badTtl = await request({ provider: "anthropic", ttl: "2h" });
    expect([badTtl.status, badTtl.body.error.code]).toEqual([400, "E_VALUE"]);
  });
});

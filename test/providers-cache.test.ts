// Issue 17 (provider cache markers) and issue 14 step 4 (the provider registry): provider-aware TTLs, the switch that
// turns caching off, breakpoints kept off tool results, cache markers for Claude models behind an OpenAI-compatible
// router, the registry (a fake provider added as one record), boundary helpers, and the small fixes (requestSystemText
// with an empty stored prompt, bare strings in content arrays, an empty current provider).
import { describe, expect, it } from "vitest";
import { PromptasmError } from "../src/errors.js";
import { CACHE_BOUNDARY, addDynamicText, findBoundary, splitAtBoundary, stripBoundary } from "../src/prompt/boundary.js";
import { anthropicRequest, countAnthropicBreakpoints, type AnthropicContentBlock, type AnthropicMessage } from "../src/providers/anthropic.js";
import { BEDROCK_MAX_CACHE_POINTS, bedrockCacheTtls, bedrockConverseRequest, bedrockMinCacheTokens } from "../src/providers/bedrock.js";
import { describeCacheInput, detectCacheInput, explainCacheBreak } from "../src/providers/explain.js";
import { geminiMinCacheTokens } from "../src/providers/gemini.js";
import { openaiCacheRetentions, openaiChatRequest, openaiResponsesRequest } from "../src/providers/openai.js";
import { countRouterBreakpoints, isRoutedClaude, openrouterChatRequest } from "../src/providers/openrouter.js";
import { isObj, type Part } from "../src/providers/parts.js";
import { PROVIDERS, buildProviderRequest, providerById, requestKinds, resolveCacheTtl, withProviders, type ProviderRecord } from "../src/providers/registry.js";
import { MemorySessionStore } from "../src/stores/memory.js";
import { freezeSession, requestSystemText } from "../src/stores/session.js";

const STABLE = "S".repeat(5000); // 1,250 estimated tokens: over 1,024 (Sonnet), under 4,096 (Haiku 4.5)
const prompt = (stable: string, dynamic: string) => `${stable}\n\n${CACHE_BOUNDARY}\n\n${dynamic}`;
const long = (tag: string) => `${tag} ${"w".repeat(1200)}`; // 301+ estimated tokens each

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

const argError = (message: RegExp) => expect.objectContaining({ code: "E_ARG", message: expect.stringMatching(message) });

describe("the provider registry", () => {
  it("holds one record per provider with its caching style, breakpoint limit and TTLs", () => {
    expect(PROVIDERS.map((p) => p.id)).toEqual(["anthropic", "openai", "openrouter", "bedrock", "gemini"]);
    const row = (id: string, model: string) => { const p = providerById(id); return [p.caching, p.maxBreakpoints, [...p.ttls(model)], p.minCacheableTokens(model)]; };
    expect(row("anthropic", "claude-sonnet-4-5")).toEqual(["breakpoints", 4, ["5m", "1h"], 1024]);
    expect(row("anthropic", "claude-haiku-4-5")).toEqual(["breakpoints", 4, ["5m", "1h"], 4096]);
    expect(row("openai", "gpt-5")).toEqual(["automatic", null, ["in_memory", "24h"], 1024]);
    expect(row("openai", "gpt-4o")).toEqual(["automatic", null, ["in_memory"], 1024]);
    expect(row("openrouter", "anthropic/claude-sonnet-4.5")).toEqual(["breakpoints", 4, ["5m", "1h"], 1024]);
    expect(row("openrouter", "openai/gpt-5")).toEqual(["breakpoints", 4, [], 1024]);
    expect(row("bedrock", "anthropic.claude-sonnet-4-5-20250929-v1:0")).toEqual(["breakpoints", 4, ["5m", "1h"], 1024]);
    expect(row("bedrock", "anthropic.claude-3-7-sonnet-20250219-v1:0")).toEqual(["breakpoints", 4, ["5m"], 1024]);
    expect(row("bedrock", "amazon.nova-pro-v1:0")).toEqual(["breakpoints", 4, ["5m"], 1000]);
    expect(row("gemini", "gemini-2.5-flash")).toEqual(["cached-content", null, ["3600s"], 2048]);
    expect(row("gemini", "gemini-3.1-pro-preview")).toEqual(["cached-content", null, ["3600s"], 4096]);
    for (const p of PROVIDERS) expect(p.sources.length, p.id).toBeGreaterThan(0);
  });

  it("detection order comes from the kinds' priorities", () => {
    expect(requestKinds().map((k) => k.kind)).toEqual(["bedrock", "gemini-cache", "gemini", "openai-responses", "anthropic", "openai-chat"]);
    expect(describeCacheInput("bedrock")).toBe("a Bedrock Converse request");
    expect(describeCacheInput("assemble")).toBe("an assemble --json object");
  });

  it("providerById names the known ids for an unknown one; withProviders checks a record's shape", () => {
    expect(providerById(" OpenRouter ").id).toBe("openrouter");
    expect(() => providerById("mistral")).toThrow(argError(/unknown provider "mistral"; known: anthropic, openai, openrouter, bedrock, gemini/));
    expect(() => withProviders([{ id: " " } as unknown as ProviderRecord])).toThrow(PromptasmError);
    // A record with a known id replaces the built-in one in place.
    const mine = { ...providerById("openai"), name: "My OpenAI" };
    const table = withProviders([mine]);
    expect(table.map((p) => p.id)).toEqual(["anthropic", "openai", "openrouter", "bedrock", "gemini"]);
    expect(providerById("openai", table).name).toBe("My OpenAI");
    expect(PROVIDERS[1]!.name).toBe("OpenAI (Chat Completions, Responses)");
  });

  it("every built-in record builds its provider's body from the neutral input", () => {
    const system = prompt(STABLE, "DYN");
    expect(buildProviderRequest("openai", { system, messages: [], model: "gpt-5", sessionId: "s", ttl: "24h" })).toEqual({
      model: "gpt-5", messages: [{ role: "developer", content: STABLE }, { role: "developer", content: "DYN" }], prompt_cache_key: "s", prompt_cache_retention: "24h",
    });
    expect(buildProviderRequest("gemini", { system, messages: [], model: "gemini-2.5-pro", cachedContent: "cachedContents/abc", maxTokens: 9 })).toEqual({
      cachedContent: "cachedContents/abc", contents: [{ role: "user", parts: [{ text: "DYN" }] }], generationConfig: { maxOutputTokens: 9 },
    });
    expect(buildProviderRequest("gemini", { system, messages: [], model: "gemini-2.5-pro", cachedContent: "cachedContents/abc", cache: false })).toEqual({
      systemInstruction: { parts: [{ text: STABLE }, { text: "DYN" }] }, contents: [],
    });
    const bedrock = buildProviderRequest("bedrock", { system, messages: [{ role: "user", content: [{ text: long("q") }] }], model: "anthropic.claude-sonnet-4-5-20250929-v1:0" }) as { messages: Array<{ content: unknown[] }> };
    expect(bedrock.messages[0]!.content).toEqual([{ text: long("q") }, { cachePoint: { type: "default" } }]);
    const router = buildProviderRequest("openrouter", { system, messages: [], model: "anthropic/claude-sonnet-4.5", ttl: "1h" }) as { messages: unknown[] };
    expect(router.messages[0]).toEqual({ role: "system", content: [{ type: "text", text: STABLE, cache_control: { type: "ephemeral", ttl: "1h" } }] });
    const anthropic = buildProviderRequest("anthropic", { system, messages: [], model: "claude-sonnet-4-5" }) as { max_tokens: number };
    expect(anthropic.max_tokens).toBe(1024);
  });

  // The recipe of docs/providers.md: one record (what a new file would export) and one registry line (withProviders).
  const fake: ProviderRecord = {
    id: "fakecache",
    name: "Fake cache API",
    caching: "breakpoints",
    maxBreakpoints: 2,
    ttls: (model) => (model.startsWith("big-") ? ["10m", "2h"] : ["10m"]),
    minCacheableTokens: () => 100,
    build: (input) => ({ fake_model: input.model, prefix: splitAtBoundary(input.system).stable, rest: input.messages, ...(input.ttl ? { keep: input.ttl } : {}) }),
    requestKinds: [{
      kind: "fake", description: "a Fake cache request", priority: 5,
      detect: (body) => typeof body.fake_model === "string",
      linearize: (body): Part[] => [
        { label: "prefix", text: String(body.prefix), prefix: true },
        ...(Array.isArray(body.rest) ? body.rest : []).map((m, i) => ({ label: `rest[${i}]`, text: isObj(m) ? String(m.text) : "", prefix: false })),
      ],
      model: (body) => String(body.fake_model),
    }],
    sources: ["test"],
  };

  it("a fake provider added as one record is built, its TTL resolved, and its bodies explained", () => {
    const table = withProviders([fake]);
    expect(table.map((p) => p.id)).toEqual(["anthropic", "openai", "openrouter", "bedrock", "gemini", "fakecache"]);
    const a = buildProviderRequest("fakecache", { system: prompt("STABLE", "one"), messages: [{ text: "hi" }], model: "big-1", ttl: "2h" }, table);
    expect(a).toEqual({ fake_model: "big-1", prefix: "STABLE", rest: [{ text: "hi" }], keep: "2h" });
    const small = buildProviderRequest("fakecache", { system: "X", messages: [], model: "small", ttl: "2h" }, table);
    expect(small).toEqual({ fake_model: "small", prefix: "X", rest: [], keep: "10m" });
    expect(detectCacheInput(a, { providers: table })).toBe("fake");
    expect(detectCacheInput(a)).toBeNull(); // the built-in table does not know it
    const b = buildProviderRequest("fakecache", { system: prompt("STABLE", "two"), messages: [{ text: "hi" }, { text: "more" }], model: "big-1" }, table);
    const e = explainCacheBreak(a, b, { providers: table });
    expect([e.kind, e.survives, e.reasonClass]).toEqual(["fake", true, "appended"]);
    const c = buildProviderRequest("fakecache", { system: prompt("STABLE!", "two"), messages: [], model: "big-1" }, table);
    const broken = explainCacheBreak(a, c, { providers: table });
    expect([broken.survives, broken.part]).toEqual([false, { label: "prefix", offset: 6 }]);
    expect(() => explainCacheBreak(a, { model: "claude-sonnet-4-5", max_tokens: 1, messages: [] }, { providers: table })).toThrow(argError(/cannot compare a Fake cache request with an Anthropic Messages request/));
  });
});

describe("provider-aware TTL", () => {
  it("resolveCacheTtl keeps a TTL the provider offers for the model and falls back to the default otherwise", () => {
    expect(resolveCacheTtl("anthropic", "claude-sonnet-4-5", "1h")).toEqual({ ttl: "1h", fellBack: false, note: "" });
    expect(resolveCacheTtl("bedrock", "amazon.nova-pro-v1:0", "1h")).toEqual({ ttl: "5m", fellBack: true, note: "\"1h\" is not offered by bedrock for amazon.nova-pro-v1:0; using \"5m\"" });
    expect(resolveCacheTtl("bedrock", "anthropic.claude-opus-4-5-20251101-v1:0", "1h").ttl).toBe("1h");
    expect(resolveCacheTtl("bedrock", "anthropic.claude-sonnet-4-20250514-v1:0", "1h").ttl).toBe("5m");
    expect(resolveCacheTtl("openai", "gpt-4o", "24h")).toMatchObject({ ttl: "in_memory", fellBack: true });
    expect(resolveCacheTtl("openrouter", "openai/gpt-5", "1h")).toEqual({ ttl: null, fellBack: true, note: "\"1h\" is not offered by openrouter for openai/gpt-5; using no TTL (the provider has no TTL choice)" });
    expect(resolveCacheTtl("gemini", "gemini-2.5-pro")).toEqual({ ttl: "3600s", fellBack: false, note: "" });
  });

  it("Bedrock writes ttl 1h only on models that offer it; the 5-minute default has no ttl field", () => {
    expect(bedrockCacheTtls("us.anthropic.claude-haiku-4-5-20251001-v1:0")).toEqual(["5m", "1h"]);
    const body = (modelId: string) => bedrockConverseRequest({ system: prompt("STABLE", "DYN"), modelId, messages: [], ttl: "1h" });
    expect(body("anthropic.claude-sonnet-4-5-20250929-v1:0").system).toEqual([{ text: "STABLE" }, { cachePoint: { type: "default", ttl: "1h" } }, { text: "DYN" }]);
    expect(body("amazon.nova-pro-v1:0").system).toEqual([{ text: "STABLE" }, { cachePoint: { type: "default" } }, { text: "DYN" }]);
    expect(() => bedrockConverseRequest({ system: "S", modelId: "m", messages: [], ttl: "2h" as never })).toThrow(argError(/ttl must be "5m" or "1h", got "2h"/));
  });

  it("buildProviderRequest resolves the TTL before building: no 1h where only 5m exists", () => {
    const r = buildProviderRequest("bedrock", { system: prompt("STABLE", "DYN"), messages: [], model: "amazon.nova-lite-v1:0", ttl: "1h" }) as { system: unknown[] };
    expect(JSON.stringify(r)).not.toContain("1h");
    const a = buildProviderRequest("anthropic", { system: prompt(STABLE, "DYN"), messages: [], model: "claude-sonnet-4-5", ttl: "1h" }) as { system: Array<{ cache_control?: unknown }> };
    expect(a.system[0]!.cache_control).toEqual({ type: "ephemeral", ttl: "1h" });
  });

  it("OpenAI: prompt_cache_retention 24h only where the model offers it", () => {
    expect(openaiCacheRetentions("gpt-4.1-mini")).toEqual(["in_memory", "24h"]);
    const five = openaiChatRequest({ system: "S", messages: [], model: "gpt-5", sessionId: "s1", retention: "24h" });
    expect(five).toEqual({ model: "gpt-5", messages: [{ role: "developer", content: "S" }], prompt_cache_key: "s1", prompt_cache_retention: "24h" });
    const four = openaiResponsesRequest({ system: "S", messages: [], model: "gpt-4o", sessionId: "s1", retention: "24h" });
    expect(four).toEqual({ model: "gpt-4o", input: [{ role: "system", content: "S" }], prompt_cache_key: "s1" });
    expect(() => openaiChatRequest({ system: "S", messages: [], model: "gpt-5", retention: "1h" as never })).toThrow(argError(/retention must be "in_memory" or "24h"/));
  });

  it("Gemini minimums follow the caching page's table", () => {
    expect([geminiMinCacheTokens("gemini-2.5-flash"), geminiMinCacheTokens("models/gemini-2.5-pro"), geminiMinCacheTokens("gemini-3.5-flash"), geminiMinCacheTokens("gemini-4-argon")]).toEqual([2048, 2048, 4096, 4096]);
    expect([bedrockMinCacheTokens("anthropic.claude-haiku-4-5-20251001-v1:0"), bedrockMinCacheTokens("meta.llama3")]).toEqual([4096, 1024]);
  });
});

describe("turning caching off", () => {
  const messages: AnthropicMessage[] = [{ role: "user", content: [{ type: "text", text: long("q"), cache_control: { type: "ephemeral" } }] }];

  it("Anthropic: cache false places no marker and removes the input's markers", () => {
    const r = anthropicRequest(deepFreeze({ system: prompt(STABLE, "DYN"), messages, model: "claude-sonnet-4-5", maxTokens: 10, cache: false }));
    expect(countAnthropicBreakpoints(r)).toBe(0);
    expect(r.system).toEqual([{ type: "text", text: STABLE }, { type: "text", text: "DYN" }]);
    expect(() => anthropicRequest({ system: "S", messages: [], model: "m", maxTokens: 1, cache: "no" as never })).toThrow(argError(/cache must be true or false, got "no"/));
  });

  it("OpenAI: no prompt_cache_key; Bedrock: no cache point anywhere; router: no cache_control", () => {
    expect(openaiChatRequest({ system: "S", messages: [], model: "gpt-5", sessionId: "s1", cache: false })).toEqual({ model: "gpt-5", messages: [{ role: "developer", content: "S" }] });
    const b = bedrockConverseRequest({ system: prompt("STABLE", "DYN"), modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", tools: [{ toolSpec: { name: "t" } }], cacheTools: true, messages: [{ role: "user", content: [{ text: "hi" }, { cachePoint: { type: "default" } }] }], cache: false });
    expect(JSON.stringify(b)).not.toContain("cachePoint");
    const o = openrouterChatRequest({ system: prompt(STABLE, "DYN"), model: "anthropic/claude-sonnet-4.5", messages: [{ role: "user", content: long("q") }], cache: false });
    expect(countRouterBreakpoints(o)).toBe(0);
  });
});

describe("breakpoints kept off tool results", () => {
  const toolTurn: AnthropicMessage[] = [
    { role: "user", content: long("question") },
    { role: "assistant", content: [{ type: "text", text: "Reading." }, { type: "tool_use", id: "t1", name: "read", input: { path: "a" } }] },
    { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: long("result") }] },
  ];

  it("Anthropic: with toolResultBreakpoints false the tool-result message gets no marker; the newest other blocks do", () => {
    const on = anthropicRequest({ system: prompt(STABLE, "DYN"), messages: toolTurn, model: "claude-sonnet-4-5", maxTokens: 10 });
    expect((on.messages[2]!.content as AnthropicContentBlock[])[0]).toHaveProperty("cache_control");
    const off = anthropicRequest(deepFreeze({ system: prompt(STABLE, "DYN"), messages: toolTurn, model: "claude-sonnet-4-5", maxTokens: 10, toolResultBreakpoints: false }));
    expect((off.messages[2]!.content as AnthropicContentBlock[])[0]).not.toHaveProperty("cache_control");
    expect((off.messages[1]!.content as AnthropicContentBlock[])[1]).toHaveProperty("cache_control"); // the tool_use
    expect(countAnthropicBreakpoints(off)).toBe(3);
    // A tool_result mixed with text: the text after it carries the message's marker.
    const mixed = anthropicRequest({ system: prompt(STABLE, ""), messages: [{ role: "user", content: [{ type: "tool_result", tool_use_id: "t", content: "r" }, { type: "text", text: "and?" }] }], model: "claude-sonnet-4-5", maxTokens: 10, toolResultBreakpoints: false });
    expect(mixed.messages[0]!.content).toEqual([{ type: "tool_result", tool_use_id: "t", content: "r" }, { type: "text", text: "and?", cache_control: { type: "ephemeral", ttl: "5m" } }]);
  });

  it("Bedrock: message cache points on the newest messages, never after a tool result when asked, within 4 in all", () => {
    const messages = [
      { role: "user" as const, content: [{ text: long("a") }] },
      { role: "assistant" as const, content: [{ toolUse: { toolUseId: "t1", name: "read", input: {} } }] },
      { role: "user" as const, content: [{ toolResult: { toolUseId: "t1", content: [{ text: long("r") }] } }] },
    ];
    const modelId = "anthropic.claude-sonnet-4-5-20250929-v1:0";
    const on = bedrockConverseRequest(deepFreeze({ system: prompt(STABLE, "DYN"), modelId, messages, messageCachePoints: 3 }));
    expect(on.messages.map((m) => m.content.some((b) => "cachePoint" in b))).toEqual([true, true, true]);
    const off = bedrockConverseRequest({ system: prompt(STABLE, "DYN"), modelId, messages, messageCachePoints: 3, toolResultBreakpoints: false });
    expect(off.messages.map((m) => m.content.some((b) => "cachePoint" in b))).toEqual([true, true, false]);
    const many = bedrockConverseRequest({ system: prompt(STABLE, "DYN"), modelId, messages: [...messages, ...messages], messageCachePoints: 3, tools: [{ toolSpec: { name: "t" } }], cacheTools: true });
    expect((JSON.stringify(many).match(/cachePoint/g) ?? []).length).toBe(BEDROCK_MAX_CACHE_POINTS);
    // Below the minimum (a short prompt on Haiku 4.5, 4,096 tokens) no message point is placed.
    const short = bedrockConverseRequest({ system: "S", modelId: "anthropic.claude-haiku-4-5-20251001-v1:0", messages, messageCachePoints: 2 });
    expect(JSON.stringify(short.messages)).not.toContain("cachePoint");
    expect(() => bedrockConverseRequest({ system: "S", modelId, messages: [], messageCachePoints: 5 })).toThrow(argError(/messageCachePoints must be an integer from 0 to 4, got 5/));
  });
});

describe("Claude through an OpenAI-compatible router", () => {
  it("puts cache_control on the stable system part and the last text part of the newest messages", () => {
    const messages = [
      { role: "user" as const, content: long("one") },
      { role: "assistant" as const, content: long("two") },
      { role: "user" as const, content: [{ type: "text", text: long("three") }, { type: "image_url", image_url: { url: "data:," } }] },
    ];
    const r = openrouterChatRequest(deepFreeze({ system: prompt(STABLE, "DYN"), ephemeral: "EPH", model: "anthropic/claude-sonnet-4.5", messages, maxTokens: 100, ttl: "1h" as const }));
    const mark = { type: "ephemeral", ttl: "1h" };
    expect(r.messages[0]).toEqual({ role: "system", content: [{ type: "text", text: STABLE, cache_control: mark }] });
    expect(r.messages[1]).toEqual({ role: "system", content: "DYN\n\nEPH" });
    expect(r.messages[2]).toEqual({ role: "user", content: [{ type: "text", text: long("one"), cache_control: mark }] });
    expect(r.messages[4]).toEqual({ role: "user", content: [{ type: "text", text: long("three"), cache_control: mark }, { type: "image_url", image_url: { url: "data:," } }] });
    expect(countRouterBreakpoints(r)).toBe(4);
    expect(r.max_tokens).toBe(100);
    expect(JSON.stringify(r)).not.toContain(CACHE_BOUNDARY);
  });

  it("the 5-minute default writes no ttl; a non-Claude model gets no markers; short prefixes none", () => {
    const five = openrouterChatRequest({ system: STABLE, model: "anthropic/claude-sonnet-4.5", messages: [] });
    expect(five.messages[0]!.content).toEqual([{ type: "text", text: STABLE, cache_control: { type: "ephemeral" } }]);
    expect(countRouterBreakpoints(openrouterChatRequest({ system: STABLE, model: "openai/gpt-5", messages: [{ role: "user", content: long("x") }] }))).toBe(0);
    expect(countRouterBreakpoints(openrouterChatRequest({ system: "short", model: "anthropic/claude-haiku-4.5", messages: [{ role: "user", content: "hi" }] }))).toBe(0);
    expect([isRoutedClaude("anthropic/claude-opus-4.5"), isRoutedClaude("claude-sonnet-4-5"), isRoutedClaude("google/gemini-2.5-pro")]).toEqual([true, true, false]);
  });

  it("tool messages stay unmarked with toolResultBreakpoints false; markers in the input are not stacked", () => {
    const messages = [
      { role: "user" as const, content: [{ type: "text", text: long("q"), cache_control: { type: "ephemeral" } }] },
      { role: "assistant" as const, content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }] },
      { role: "tool" as const, tool_call_id: "c1", content: long("result") },
    ];
    const r = openrouterChatRequest({ system: prompt(STABLE, ""), model: "anthropic/claude-sonnet-4.5", messages, toolResultBreakpoints: false });
    expect(r.messages[3]!.content).toBe(long("result"));
    expect(countRouterBreakpoints(r)).toBe(2);
    const on = openrouterChatRequest({ system: prompt(STABLE, ""), model: "anthropic/claude-sonnet-4.5", messages });
    expect(on.messages[3]!.content).toEqual([{ type: "text", text: long("result"), cache_control: { type: "ephemeral" } }]);
  });

  it("explainCacheBreak reads router bodies as Chat Completions, ignoring where the markers sit", () => {
    const a = openrouterChatRequest({ system: prompt(STABLE, "D1"), model: "anthropic/claude-sonnet-4.5", messages: [{ role: "user", content: long("q") }] });
    const b = openrouterChatRequest({ system: prompt(STABLE, "D2"), model: "anthropic/claude-sonnet-4.5", messages: [{ role: "user", content: long("q") }, { role: "assistant", content: "ok" }, { role: "user", content: long("q2") }] });
    const e = explainCacheBreak(a, b);
    expect([e.kind, e.survives, e.reasonClass]).toEqual(["openai-chat", true, "dynamic-only"]);
  });
});

describe("bare strings inside a content array", () => {
  it("are rejected with the place named, never turned into {\"0\": …}", () => {
    const bad = [{ role: "user", content: ["Hi", { type: "text", text: "x" }] }] as unknown as AnthropicMessage[];
    expect(() => anthropicRequest({ system: "S", messages: bad, model: "claude-sonnet-4-5", maxTokens: 1 })).toThrow(argError(/^messages\[0\]\.content\[0\] must be a content block \{ type, … \}, got a bare string/));
    expect(() => anthropicRequest({ system: "S", messages: [{ role: "user", content: [null] }] as unknown as AnthropicMessage[], model: "claude-sonnet-4-5", maxTokens: 1 })).toThrow(argError(/content\[0\] must be a content block \{ type, … \}, got null/));
    expect(() => openrouterChatRequest({ system: "S", model: "anthropic/claude-sonnet-4.5", messages: [{ role: "user", content: ["Hi"] as never }] })).toThrow(argError(/messages\[0\]\.content\[0\] must be a content part \{ type, … \}, got a bare string/));
    // String content (not inside an array) is fine.
    expect(anthropicRequest({ system: "S", messages: [{ role: "user", content: "Hi" }], model: "claude-sonnet-4-5", maxTokens: 1 }).messages).toEqual([{ role: "user", content: "Hi" }]);
  });
});

describe("boundary helpers", () => {
  it("the marker counts only on its own line", () => {
    const inline = `A mentions ${CACHE_BOUNDARY} in a line\n\nB`;
    expect(findBoundary(inline)).toBe(-1);
    expect(splitAtBoundary(inline)).toEqual({ stable: inline, dynamic: "", found: false });
    const both = `${inline}\n\n${CACHE_BOUNDARY}\n\nC`;
    expect(findBoundary(both)).toBe(inline.length + 2);
    expect(splitAtBoundary(both)).toEqual({ stable: inline, dynamic: "C", found: true });
    expect(splitAtBoundary(`A\r\n${CACHE_BOUNDARY}\r\nB`)).toEqual({ stable: "A", dynamic: "B", found: true });
    expect(findBoundary(CACHE_BOUNDARY)).toBe(0);
    expect(findBoundary(`x${CACHE_BOUNDARY}`)).toBe(-1);
    expect(findBoundary(`${CACHE_BOUNDARY}x`)).toBe(-1);
    expect(addDynamicText(inline, "T")).toBe(`${inline}\n\nT`);
  });

  it("stripBoundary drops the marker line and joins the two parts with one blank line", () => {
    expect(stripBoundary(prompt("A", "B"))).toBe("A\n\nB");
    expect(stripBoundary(prompt("", "B"))).toBe("B");
    expect(stripBoundary(`A\n\n${CACHE_BOUNDARY}`)).toBe("A");
    expect(stripBoundary("no marker")).toBe("no marker");
    const inline = `keep ${CACHE_BOUNDARY} here`;
    expect(stripBoundary(inline)).toBe(inline);
  });
});

describe("session fixes", () => {
  it("requestSystemText with an empty stored prompt is the ephemeral text alone", () => {
    expect(requestSystemText("", "X")).toBe("X");
    expect(requestSystemText("S", "X")).toBe("S\n\nX");
    expect(requestSystemText("", " ")).toBe("");
  });

  it("an empty current provider does not make a frozen prompt stale; a different one does", async () => {
    const store = new MemorySessionStore();
    let builds = 0;
    const build = async () => ({ prompt: `prompt ${++builds}` });
    const log = { warn() {} };
    await freezeSession(store, "s", build, { model: "m", provider: "anthropic", cwd: "/r" }, { logger: log });
    const blank = await freezeSession(store, "s", build, { model: "m", provider: "", cwd: "/r" }, { logger: log });
    expect([blank.state, blank.prompt]).toEqual(["present", "prompt 1"]);
    const absent = await freezeSession(store, "s", build, { model: "m", cwd: "/r" }, { logger: log });
    expect(absent.state).toBe("present");
    const other = await freezeSession(store, "s", build, { model: "m", provider: "openai", cwd: "/r" }, { logger: log });
    expect([other.state, other.prompt]).toEqual(["stale", "prompt 2"]);
  });
});

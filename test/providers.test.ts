// Provider request builders: exact request shapes, Anthropic breakpoint placement (never over 4, never on short
// prefixes or blocks that cannot carry one, re-marking idempotent), the developer-role matrix, and inputs that are
// never mutated (every input is deep-frozen, so a write would throw in this strict-mode module).
import { describe, expect, it } from "vitest";
import {
  CACHE_BOUNDARY,
  DEFAULT_MIN_CACHE_TOKENS,
  MAX_CACHE_BREAKPOINTS,
  PromptasmError,
  anthropicRequest,
  bedrockConverseRequest,
  canCarryBreakpoint,
  countAnthropicBreakpoints,
  estimateTokens,
  geminiCachedContent,
  geminiGenerateContent,
  instructionRole,
  minCacheableTokens,
  openaiChatRequest,
  openaiResponsesRequest,
  type AnthropicContentBlock,
  type AnthropicMessage,
  type AnthropicMessagesRequest,
} from "../src/index.js";

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/** Calls `build` on a deep-frozen input and checks the input still equals a snapshot taken before. */
function pure<I, O>(input: I, build: (input: I) => O): O {
  const before = structuredClone(input);
  const out = build(deepFreeze(input));
  expect(input).toEqual(before);
  return out;
}

const STABLE = "S".repeat(5000); // 1,250 estimated tokens: over 1,024 (Sonnet), under 4,096 (Haiku 4.5)
const prompt = (stable: string, dynamic: string) => `${stable}\n\n${CACHE_BOUNDARY}\n\n${dynamic}`;
const MARK_5M = { type: "ephemeral", ttl: "5m" } as const;
const MARK_1H = { type: "ephemeral", ttl: "1h" } as const;

/** Every block that carries a marker, as "messages[i].content[j]" / "system[i]" / "tools[i]". */
function markedPaths(r: AnthropicMessagesRequest): string[] {
  const out: string[] = [];
  (r.system ?? []).forEach((b, i) => { if (b.cache_control) out.push(`system[${i}]`); });
  (r.tools ?? []).forEach((t, i) => { if (t.cache_control) out.push(`tools[${i}]`); });
  r.messages.forEach((m, i) => {
    if (typeof m.content === "string") return;
    m.content.forEach((b, j) => {
      if ((b as { cache_control?: unknown }).cache_control) out.push(`messages[${i}].content[${j}]`);
      if (b.type === "tool_result" && Array.isArray(b.content)) b.content.forEach((c, k) => { if (c.cache_control) out.push(`messages[${i}].content[${j}].content[${k}]`); });
    });
  });
  return out;
}

describe("anthropicRequest", () => {
  it("builds the exact Messages body: stable block with the first breakpoint, dynamic + ephemeral block, marker line dropped", () => {
    const r = pure({ system: prompt(STABLE, "DYN"), ephemeral: "  EPH  ", messages: [{ role: "user", content: "hi" }] as AnthropicMessage[], model: "claude-sonnet-4-5", ttl: "1h" as const, maxTokens: 512 }, anthropicRequest);
    expect(r).toEqual({
      model: "claude-sonnet-4-5",
      max_tokens: 512,
      system: [
        { type: "text", text: STABLE, cache_control: MARK_1H },
        { type: "text", text: "DYN\n\nEPH" },
      ],
      messages: [{ role: "user", content: [{ type: "text", text: "hi", cache_control: MARK_1H }] }],
    });
    expect(JSON.stringify(r)).not.toContain(CACHE_BOUNDARY);
  });

  it("without a boundary the whole prompt is the stable block; blank parts are left out; ttl defaults to 5m", () => {
    const r = pure({ system: STABLE, messages: [{ role: "user", content: "hi" }] as AnthropicMessage[], model: "claude-sonnet-4-5", maxTokens: 10 }, anthropicRequest);
    expect(r.system).toEqual([{ type: "text", text: STABLE, cache_control: MARK_5M }]);
    const onlyEphemeral = anthropicRequest({ system: "", ephemeral: "EPH", messages: [], model: "claude-sonnet-4-5", maxTokens: 10 });
    expect(onlyEphemeral).toEqual({ model: "claude-sonnet-4-5", max_tokens: 10, system: [{ type: "text", text: "EPH" }], messages: [] });
    const nothing = anthropicRequest({ system: "", messages: [], model: "claude-sonnet-4-5", maxTokens: 10 });
    expect(nothing).toEqual({ model: "claude-sonnet-4-5", max_tokens: 10, messages: [] });
  });

  it("never places more than 4 breakpoints: the stable block, then the newest messages", () => {
    const messages: AnthropicMessage[] = Array.from({ length: 10 }, (_, i) => ({ role: i % 2 === 0 ? "user" : "assistant", content: `turn ${i} ` + "x".repeat(400) }));
    const r = pure({ system: prompt(STABLE, "DYN"), messages, model: "claude-sonnet-4-5", maxTokens: 10 }, anthropicRequest);
    expect(countAnthropicBreakpoints(r)).toBe(MAX_CACHE_BREAKPOINTS);
    expect(markedPaths(r)).toEqual(["system[0]", "messages[7].content[0]", "messages[8].content[0]", "messages[9].content[0]"]);
    // Unmarked messages keep their string content.
    expect(r.messages[6]!.content).toBe(messages[6]!.content);
  });

  it("random conversations: at most 4 markers, only on blocks that can carry one, every marker with the ttl", () => {
    let seed = 12345;
    const rand = (n: number) => { seed = (seed * 1103515245 + 12345) & 0x7fffffff; return seed % n; };
    const block = (): AnthropicContentBlock => {
      switch (rand(7)) {
        case 0: return { type: "text", text: "" };
        case 1: return { type: "text", text: "   " };
        case 2: return { type: "thinking", thinking: "t".repeat(rand(3000)), signature: "sig" };
        case 3: return { type: "tool_use", id: `t${rand(100)}`, name: "read", input: { path: "a".repeat(rand(2000)) }, ...(rand(2) ? { cache_control: { type: "ephemeral" as const } } : {}) };
        case 4: return { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "r".repeat(rand(3000)), cache_control: { type: "ephemeral" as const } }] };
        case 5: return { type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } };
        default: return { type: "text", text: "w".repeat(rand(5000)), ...(rand(2) ? { cache_control: { type: "ephemeral" as const, ttl: "5m" as const } } : {}) };
      }
    };
    const models = ["claude-sonnet-4-5", "claude-haiku-4-5", "claude-3-5-haiku-20241022", "claude-opus-4-6"];
    const placed = new Map<number, number>();
    for (let k = 0; k < 300; k++) {
      const messages: AnthropicMessage[] = Array.from({ length: rand(12) }, (_, i) => ({
        role: i % 2 === 0 ? "user" : "assistant",
        content: rand(4) === 0 ? "s".repeat(rand(3000)) : Array.from({ length: 1 + rand(4) }, block),
      }));
      const ttl = rand(2) ? "1h" as const : "5m" as const;
      const r = pure({ system: prompt("S".repeat(rand(20000)), "D".repeat(rand(200))), messages, model: models[rand(models.length)]!, ttl, maxTokens: 100 }, anthropicRequest);
      expect(countAnthropicBreakpoints(r)).toBeLessThanOrEqual(MAX_CACHE_BREAKPOINTS);
      placed.set(countAnthropicBreakpoints(r), (placed.get(countAnthropicBreakpoints(r)) ?? 0) + 1);
      for (const m of r.messages) {
        if (typeof m.content === "string") continue;
        for (const b of m.content) {
          const cc = (b as { cache_control?: unknown }).cache_control;
          if (cc !== undefined) {
            expect(canCarryBreakpoint(b)).toBe(true);
            expect(cc).toEqual({ type: "ephemeral", ttl });
          }
          if (b.type === "tool_result" && Array.isArray(b.content)) for (const c of b.content) expect(c.cache_control).toBeUndefined();
        }
      }
      for (const s of r.system ?? []) if (s.cache_control) expect(s.cache_control).toEqual({ type: "ephemeral", ttl });
      expect(r.system?.[1]?.cache_control).toBeUndefined(); // the dynamic block never carries one
    }
    for (const n of [0, 1, 2, 3, 4]) expect([n, placed.get(n) ?? 0]).not.toEqual([n, 0]); // every count occurs: the cases are not vacuous
  });

  it("short prefixes are not marked: a breakpoint is placed only where tools + system + messages so far reach the model's minimum", () => {
    const short = anthropicRequest({ system: prompt("short stable", "dyn"), messages: [{ role: "user", content: "hi" }], model: "claude-sonnet-4-5", maxTokens: 10 });
    expect(countAnthropicBreakpoints(short)).toBe(0);
    expect(short.messages).toEqual([{ role: "user", content: "hi" }]);

    // 1,250 estimated tokens: enough for Sonnet 4.5 (1,024), not for Haiku 4.5 (4,096).
    const sonnet = anthropicRequest({ system: prompt(STABLE, "dyn"), messages: [{ role: "user", content: "hi" }], model: "claude-sonnet-4-5", maxTokens: 10 });
    expect(markedPaths(sonnet)).toEqual(["system[0]", "messages[0].content[0]"]);
    const haiku = anthropicRequest({ system: prompt(STABLE, "dyn"), messages: [{ role: "user", content: "hi" }], model: "claude-haiku-4-5-20251001", maxTokens: 10 });
    expect(markedPaths(haiku)).toEqual([]);
    // The conversation grows the prefix past 4,096 tokens: the newest message gets the breakpoint, the stable block does not.
    const long = anthropicRequest({ system: prompt(STABLE, "dyn"), messages: [{ role: "user", content: "x".repeat(12000) }, { role: "assistant", content: "ok" }], model: "claude-haiku-4-5-20251001", maxTokens: 10 });
    expect(markedPaths(long)).toEqual(["messages[0].content[0]", "messages[1].content[0]"]);
    // Exactly at the minimum is enough; one token under is not.
    const at = (chars: number) => markedPaths(anthropicRequest({ system: "a".repeat(chars), messages: [], model: "claude-sonnet-4-5", maxTokens: 10 }));
    expect(at(1024 * 4)).toEqual(["system[0]"]);
    expect(at(1023 * 4)).toEqual([]);
  });

  it("uses a given token counter and minimum", () => {
    const counted: string[] = [];
    const r = anthropicRequest({ system: prompt("tiny", "d"), messages: [{ role: "user", content: "hi" }], model: "claude-sonnet-4-5", maxTokens: 10, countTokens: (t) => { counted.push(t); return 10_000; } });
    expect(markedPaths(r)).toEqual(["system[0]", "messages[0].content[0]"]);
    expect(counted).toContain("tiny");
    const r2 = anthropicRequest({ system: prompt("tiny", "d"), messages: [], model: "claude-sonnet-4-5", maxTokens: 10, minCacheTokens: 1 });
    expect(markedPaths(r2)).toEqual(["system[0]"]);
  });

  it("tool results carry the marker on the tool_result block; thinking and empty text are skipped for an earlier block", () => {
    const messages: AnthropicMessage[] = [
      { role: "user", content: "x".repeat(6000) },
      { role: "assistant", content: [{ type: "text", text: "calling" }, { type: "tool_use", id: "t1", name: "read", input: {} }, { type: "thinking", thinking: "hm", signature: "s" }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "file text", cache_control: { type: "ephemeral" } }] }, { type: "text", text: "" }] },
    ];
    const r = pure({ system: "", messages, model: "claude-sonnet-4-5", maxTokens: 10 }, anthropicRequest);
    expect(markedPaths(r)).toEqual(["messages[0].content[0]", "messages[1].content[1]", "messages[2].content[0]"]);
    expect(r.messages[2]!.content).toEqual([
      { type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "file text" }], cache_control: MARK_5M },
      { type: "text", text: "" },
    ]);
  });

  it("re-marking is idempotent: last turn's body fed back in gives the same body, never extra markers", () => {
    const input = { system: prompt(STABLE, "DYN"), messages: Array.from({ length: 6 }, (_, i): AnthropicMessage => ({ role: i % 2 === 0 ? "user" : "assistant", content: "m".repeat(800) + i })), model: "claude-sonnet-4-5", maxTokens: 10, ttl: "1h" as const };
    const once = anthropicRequest(input);
    const twice = pure({ ...input, messages: once.messages }, anthropicRequest);
    expect(twice).toEqual(once);
    // Markers everywhere in the input (with other ttls) are replaced by ours.
    const overMarked: AnthropicMessage[] = once.messages.map((m) => ({ role: m.role, content: [{ type: "text", text: typeof m.content === "string" ? m.content : (m.content[0] as { text: string }).text, cache_control: { type: "ephemeral", ttl: "5m" } }] }));
    const again = pure({ ...input, messages: overMarked, tools: [{ name: "read", input_schema: { type: "object" }, cache_control: { type: "ephemeral" as const } }] }, anthropicRequest);
    expect(countAnthropicBreakpoints(again)).toBe(4);
    expect(again.tools).toEqual([{ name: "read", input_schema: { type: "object" } }]);
    expect(markedPaths(again)).toEqual(markedPaths(once));
    for (const p of [again, once]) expect(JSON.stringify(p)).not.toContain('"5m"');
  });

  it("minimum cacheable lengths per model family (sources in MIN_CACHE_TOKENS)", () => {
    const cases: Array<[string, number]> = [
      ["claude-opus-4-6", 4096], ["claude-opus-4-5-20251101", 4096], ["claude-haiku-4-5-20251001", 4096],
      ["claude-3-5-haiku-20241022", 2048], ["claude-3-haiku-20240307", 2048],
      ["claude-sonnet-4-6", 1024], ["claude-sonnet-4-5-20250929", 1024], ["claude-sonnet-4-20250514", 1024], ["claude-opus-4-1-20250805", 1024],
      ["claude-opus-4-20250514", 1024], ["claude-3-7-sonnet-20250219", 1024], ["anthropic.claude-sonnet-4-5-20250929-v1:0", 1024],
      ["claude-opus-4-7", 4096], ["claude-opus-5", 512], ["some-future-model", DEFAULT_MIN_CACHE_TOKENS],
    ];
    for (const [model, tokens] of cases) expect([model, minCacheableTokens(model)]).toEqual([model, tokens]);
    expect(estimateTokens("abcde")).toBe(2);
  });

  it("rejects bad input with E_ARG", () => {
    const ok = { system: "s", messages: [] as AnthropicMessage[], model: "claude-sonnet-4-5", maxTokens: 10 };
    for (const bad of [{ ...ok, system: 1 }, { ...ok, messages: [{ role: "system", content: "x" }] }, { ...ok, model: " " }, { ...ok, maxTokens: 0 }, { ...ok, maxTokens: 1.5 }, { ...ok, ttl: "10m" }]) {
      expect(() => anthropicRequest(bad as never)).toThrow(PromptasmError);
      try { anthropicRequest(bad as never); } catch (e) { expect((e as PromptasmError).code).toBe("E_ARG"); }
    }
  });
});

describe("OpenAI", () => {
  it("developer role for gpt-5 and codex families, system for the rest", () => {
    const matrix: Array<[string, "developer" | "system"]> = [
      ["gpt-5", "developer"], ["gpt-5-mini", "developer"], ["gpt-5.1", "developer"], ["GPT-5-Codex", "developer"], ["codex-mini-latest", "developer"], ["gpt-5.1-codex-max", "developer"],
      ["gpt-4o", "system"], ["gpt-4.1-mini", "system"], ["o3", "system"], ["claude-sonnet-4-5", "system"],
    ];
    for (const [model, role] of matrix) {
      expect([model, instructionRole(model)]).toEqual([model, role]);
      const chat = openaiChatRequest({ system: prompt("STABLE", "DYN"), messages: [], model });
      expect(chat.messages.map((m) => m.role)).toEqual([role, role]);
      const responses = openaiResponsesRequest({ system: prompt("STABLE", "DYN"), messages: [], model });
      expect(responses.input.map((m) => (m as { role: string }).role)).toEqual([role, role]);
    }
  });

  it("Chat Completions: stable prefix first, dynamic + ephemeral second, then the conversation; prompt_cache_key from the session id", () => {
    const r = pure({
      system: prompt("STABLE", "DYN"), ephemeral: "EPH", model: "gpt-5", sessionId: "session-42", maxTokens: 300,
      messages: [{ role: "system" as const, content: "caller note" }, { role: "user" as const, content: "hi" }, { role: "assistant" as const, content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }] }, { role: "tool" as const, content: "out", tool_call_id: "c1" }],
      tools: [{ type: "function", function: { name: "read", parameters: { type: "object" } } }],
    }, openaiChatRequest);
    expect(r).toEqual({
      model: "gpt-5",
      messages: [
        { role: "developer", content: "STABLE" },
        { role: "developer", content: "DYN\n\nEPH" },
        { role: "developer", content: "caller note" },
        { role: "user", content: "hi" },
        { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "read", arguments: "{}" } }] },
        { role: "tool", content: "out", tool_call_id: "c1" },
      ],
      tools: [{ type: "function", function: { name: "read", parameters: { type: "object" } } }],
      prompt_cache_key: "session-42",
      max_completion_tokens: 300,
    });
    expect(openaiChatRequest({ system: "ALL", messages: [{ role: "user", content: "hi" }], model: "gpt-4o" })).toEqual({
      model: "gpt-4o", messages: [{ role: "system", content: "ALL" }, { role: "user", content: "hi" }],
    });
  });

  it("Responses: the same messages as input items, max_output_tokens, prompt_cache_key", () => {
    const r = pure({ system: prompt("STABLE", "DYN"), model: "gpt-4.1", sessionId: "s1", maxTokens: 50, messages: [{ role: "user" as const, content: "hi" }, { type: "function_call_output", call_id: "c1", output: "x" }] }, openaiResponsesRequest);
    expect(r).toEqual({
      model: "gpt-4.1",
      input: [{ role: "system", content: "STABLE" }, { role: "system", content: "DYN" }, { role: "user", content: "hi" }, { type: "function_call_output", call_id: "c1", output: "x" }],
      prompt_cache_key: "s1",
      max_output_tokens: 50,
    });
  });

  it("rejects bad input with E_ARG", () => {
    expect(() => openaiChatRequest({ system: "s", messages: [], model: "gpt-5", sessionId: "" })).toThrow(/sessionId/);
    expect(() => openaiResponsesRequest({ system: 3 as never, messages: [], model: "gpt-5" })).toThrow(PromptasmError);
  });
});

describe("Gemini", () => {
  it("cachedContents.create body holds the stable prefix as systemInstruction, with a ttl", () => {
    const c = pure({ system: prompt("STABLE", "DYN"), model: "gemini-2.5-pro", ttlSeconds: 600, displayName: "promptasm s1", tools: [{ functionDeclarations: [{ name: "read" }] }] }, geminiCachedContent);
    expect(c).toEqual({
      model: "models/gemini-2.5-pro",
      systemInstruction: { parts: [{ text: "STABLE" }] },
      ttl: "600s",
      displayName: "promptasm s1",
      tools: [{ functionDeclarations: [{ name: "read" }] }],
    });
    expect(geminiCachedContent({ system: "ALL", model: "models/gemini-2.5-flash" })).toEqual({ model: "models/gemini-2.5-flash", systemInstruction: { parts: [{ text: "ALL" }] }, ttl: "3600s" });
    expect(() => geminiCachedContent({ system: prompt("", "DYN"), model: "gemini-2.5-pro" })).toThrow(/no stable prefix/);
  });

  it("generateContent references the entry by name and carries the dynamic part in the first user turn", () => {
    const r = pure({ system: prompt("STABLE", "DYN"), ephemeral: "EPH", cachedContent: "cachedContents/abc123", maxOutputTokens: 100, messages: [{ role: "user" as const, parts: [{ text: "hi" }] }, { role: "model" as const, parts: [{ text: "hello" }] }, { role: "user" as const, parts: [{ text: "more" }] }] }, geminiGenerateContent);
    expect(r).toEqual({
      cachedContent: "cachedContents/abc123",
      contents: [
        { role: "user", parts: [{ text: "DYN\n\nEPH" }, { text: "hi" }] },
        { role: "model", parts: [{ text: "hello" }] },
        { role: "user", parts: [{ text: "more" }] },
      ],
      generationConfig: { maxOutputTokens: 100 },
    });
    const modelFirst = geminiGenerateContent({ system: prompt("STABLE", "DYN"), cachedContent: "cachedContents/x", messages: [{ role: "model", parts: [{ text: "hello" }] }] });
    expect(modelFirst.contents).toEqual([{ role: "user", parts: [{ text: "DYN" }] }, { role: "model", parts: [{ text: "hello" }] }]);
  });

  it("without an entry, systemInstruction holds the stable prefix then the dynamic part", () => {
    const r = geminiGenerateContent({ system: prompt("STABLE", "DYN"), messages: [{ role: "user", parts: [{ text: "hi" }] }] });
    expect(r).toEqual({ systemInstruction: { parts: [{ text: "STABLE" }, { text: "DYN" }] }, contents: [{ role: "user", parts: [{ text: "hi" }] }] });
    expect(() => geminiGenerateContent({ system: "s", messages: [], cachedContent: "abc" })).toThrow(/cachedContents\//);
    expect(() => geminiGenerateContent({ system: "s", messages: [], cachedContent: "cachedContents/a", tools: [{}] })).toThrow(/tools belong/);
  });
});

describe("Bedrock Converse", () => {
  it("a cachePoint block after the stable prefix in system", () => {
    const r = pure({ system: prompt("STABLE", "DYN"), ephemeral: "EPH", modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", maxTokens: 200, messages: [{ role: "user" as const, content: [{ text: "hi" }] }] }, bedrockConverseRequest);
    expect(r).toEqual({
      modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0",
      system: [{ text: "STABLE" }, { cachePoint: { type: "default" } }, { text: "DYN\n\nEPH" }],
      messages: [{ role: "user", content: [{ text: "hi" }] }],
      inferenceConfig: { maxTokens: 200 },
    });
  });

  it("tools with an optional cache point after them; no stable text, no cache point", () => {
    const tools = [{ toolSpec: { name: "read", inputSchema: { json: { type: "object" } } } }];
    const r = pure({ system: "ALL", modelId: "m", messages: [], tools, cacheTools: true }, bedrockConverseRequest);
    expect(r).toEqual({ modelId: "m", system: [{ text: "ALL" }, { cachePoint: { type: "default" } }], messages: [], toolConfig: { tools: [...tools, { cachePoint: { type: "default" } }] } });
    expect(bedrockConverseRequest({ system: prompt("", "DYN"), modelId: "m", messages: [] }).system).toEqual([{ text: "DYN" }]);
    expect(() => bedrockConverseRequest({ system: "s", modelId: "", messages: [] })).toThrow(PromptasmError);
  });
});

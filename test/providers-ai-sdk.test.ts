// The Vercel AI SDK adapter (aiSdkPrompt) with exact outputs per provider, and the SDK-shaped additions to the
// builders (Gemini's generateContent/caches.create parameters, Responses items that keep their role, router function
// messages). Type-level agreement with the SDKs is test/sdk-types.test.ts; these tests pin the values.
import { describe, expect, it } from "vitest";
import { CACHE_BOUNDARY } from "../src/prompt/boundary.js";
import { PromptasmError } from "../src/errors.js";
import { AI_SDK_BEDROCK_MESSAGE_POINTS, aiSdkPrompt, type AiSdkMessageLike } from "../src/providers/ai-sdk.js";
import { geminiCachedContentParams, geminiGenerateContentParams } from "../src/providers/gemini.js";
import { openaiResponsesRequest } from "../src/providers/openai.js";
import { openrouterChatRequest } from "../src/providers/openrouter.js";

const PROMPT = `Stable rules.\n\n${CACHE_BOUNDARY}\n\nDynamic facts.`;
const big = (): number => 5000; // every text counts 5,000 tokens: above every minimum
const small = (): number => 1; // every text counts 1 token: below every minimum

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

const ANTHROPIC_1H = { anthropic: { cacheControl: { type: "ephemeral", ttl: "1h" } } };
const ANTHROPIC_5M = { anthropic: { cacheControl: { type: "ephemeral", ttl: "5m" } } };
const BEDROCK_5M = { bedrock: { cachePoint: { type: "default" } } };
const BEDROCK_1H = { bedrock: { cachePoint: { type: "default", ttl: "1h" } } };

const conversation = (): AiSdkMessageLike[] => [
  { role: "user", content: "First question" },
  { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool-call", toolCallId: "c1", toolName: "look", input: { q: 1 } } as never] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "look", output: { type: "text", value: "a cat" } } as never] },
  { role: "assistant", content: [{ type: "text", text: "A cat." }, { type: "reasoning", text: "done" } as never] },
  { role: "user", content: [{ type: "text", text: "Thanks" }] },
];

describe("aiSdkPrompt: Anthropic", () => {
  it("marks the stable system message and the three newest messages' last markable parts, with the TTL", () => {
    const input = deepFreeze({ system: PROMPT, messages: conversation(), provider: "anthropic" as const, model: "claude-sonnet-4-5", ttl: "1h" as const, countTokens: big });
    const out = aiSdkPrompt(input);
    expect(out.system).toEqual([
      { role: "system", content: "Stable rules.", providerOptions: ANTHROPIC_1H },
      { role: "system", content: "Dynamic facts." },
    ]);
    expect(out.messages).toEqual([
      { role: "user", content: "First question" },
      { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool-call", toolCallId: "c1", toolName: "look", input: { q: 1 } }] },
      { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "look", output: { type: "text", value: "a cat" } , providerOptions: ANTHROPIC_1H }] },
      // the reasoning part cannot carry a breakpoint, so the text before it does
      { role: "assistant", content: [{ type: "text", text: "A cat.", providerOptions: ANTHROPIC_1H }, { type: "reasoning", text: "done" }] },
      { role: "user", content: [{ type: "text", text: "Thanks", providerOptions: ANTHROPIC_1H }] },
    ]);
    expect(out.providerOptions).toBeUndefined();
    expect(input.messages[4]).toEqual({ role: "user", content: [{ type: "text", text: "Thanks" }] }); // input untouched
  });

  it("puts a string message's marker on the message, writes ttl 5m by default, and stops at 4 breakpoints", () => {
    const messages: AiSdkMessageLike[] = [1, 2, 3, 4, 5].map((n) => ({ role: n % 2 === 1 ? "user" : "assistant", content: `m${n}` }));
    const out = aiSdkPrompt({ system: PROMPT, messages, provider: "anthropic", model: "claude-sonnet-4-5", countTokens: big });
    expect(out.system[0]!.providerOptions).toEqual(ANTHROPIC_5M);
    expect(out.messages.map((m) => m.providerOptions ?? null)).toEqual([null, null, ANTHROPIC_5M, ANTHROPIC_5M, ANTHROPIC_5M]);
  });

  it("places no marker where the prefix it closes is below the model's minimum", () => {
    const out = aiSdkPrompt({ system: PROMPT, messages: conversation(), provider: "anthropic", model: "claude-sonnet-4-5", countTokens: small });
    expect(out.system[0]).toEqual({ role: "system", content: "Stable rules." });
    expect(JSON.stringify(out.messages)).not.toContain("cacheControl");
  });

  it("counts the prefix in tokens: 1,024 is enough for Sonnet 4.5, 4,096 is needed for Haiku 4.5", () => {
    const stable = "x".repeat(4 * 1024); // estimateTokens: 1,024 tokens
    const system = `${stable}\n${CACHE_BOUNDARY}\nnow`;
    expect(aiSdkPrompt({ system, messages: [], provider: "anthropic", model: "claude-sonnet-4-5" }).system[0]!.providerOptions).toEqual(ANTHROPIC_5M);
    expect(aiSdkPrompt({ system, messages: [], provider: "anthropic", model: "claude-haiku-4-5" }).system[0]!.providerOptions).toBeUndefined();
  });

  it("toolResultBreakpoints: false keeps tool results unmarked", () => {
    const out = aiSdkPrompt({ system: PROMPT, messages: conversation(), provider: "anthropic", model: "claude-sonnet-4-5", countTokens: big, toolResultBreakpoints: false });
    const marked = out.messages.map((m) => JSON.stringify(m).includes("cacheControl"));
    expect(marked).toEqual([false, true, false, true, true]);
    expect(JSON.stringify(out.messages[1])).toContain('"toolName":"look","input":{"q":1},"providerOptions"'); // on the tool call
  });

  it("removes markers already in the input and keeps the caller's other options; cache: false removes them all", () => {
    const messages: AiSdkMessageLike[] = [
      { role: "user", content: "old", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" }, sendReasoning: true }, other: { x: 1 } } },
      { role: "user", content: [{ type: "text", text: "part", providerOptions: { anthropic: { cache_control: { type: "ephemeral" } } } }] },
      { role: "assistant", content: "reply" },
    ];
    const on = aiSdkPrompt({ system: PROMPT, messages, provider: "anthropic", model: "claude-sonnet-4-5", countTokens: big });
    expect(on.messages[0]).toEqual({ role: "user", content: "old", providerOptions: { anthropic: { sendReasoning: true, cacheControl: { type: "ephemeral", ttl: "5m" } }, other: { x: 1 } } });
    const off = aiSdkPrompt({ system: PROMPT, messages, provider: "anthropic", model: "claude-sonnet-4-5", countTokens: big, cache: false });
    expect(off.system).toEqual([{ role: "system", content: "Stable rules." }, { role: "system", content: "Dynamic facts." }]);
    expect(off.messages).toEqual([
      { role: "user", content: "old", providerOptions: { anthropic: { sendReasoning: true }, other: { x: 1 } } },
      { role: "user", content: [{ type: "text", text: "part" }] },
      { role: "assistant", content: "reply" },
    ]);
  });

  it("appends ephemeral text to the dynamic system message and leaves blank parts out", () => {
    expect(aiSdkPrompt({ system: PROMPT, ephemeral: "  Turn note. ", messages: [], provider: "anthropic", model: "m", countTokens: small }).system)
      .toEqual([{ role: "system", content: "Stable rules." }, { role: "system", content: "Dynamic facts.\n\nTurn note." }]);
    expect(aiSdkPrompt({ system: "Only stable.", messages: [], provider: "anthropic", model: "m", countTokens: small }).system)
      .toEqual([{ role: "system", content: "Only stable." }]);
  });
});

describe("aiSdkPrompt: Bedrock", () => {
  it("writes cache points, at most 3 on messages, with ttl 1h only where the model offers it", () => {
    const messages: AiSdkMessageLike[] = [1, 2, 3, 4, 5].map((n) => ({ role: n % 2 === 1 ? "user" : "assistant", content: `m${n}` }));
    const claude = aiSdkPrompt({ system: PROMPT, messages, provider: "bedrock", model: "anthropic.claude-sonnet-4-5-20250929-v1:0", ttl: "1h", countTokens: big });
    expect(claude.system[0]).toEqual({ role: "system", content: "Stable rules.", providerOptions: BEDROCK_1H });
    expect(claude.messages.map((m) => m.providerOptions ?? null)).toEqual([null, null, BEDROCK_1H, BEDROCK_1H, BEDROCK_1H]);
    expect(AI_SDK_BEDROCK_MESSAGE_POINTS).toBe(3);
    const nova = aiSdkPrompt({ system: PROMPT, messages, provider: "bedrock", model: "amazon.nova-pro-v1:0", ttl: "1h", countTokens: big });
    expect(nova.system[0]!.providerOptions).toEqual(BEDROCK_5M);
    expect(nova.messages[4]!.providerOptions).toEqual(BEDROCK_5M);
  });

  it("uses Bedrock's minimum (Nova: 1,000 tokens) and never touches anthropic options", () => {
    const system = `${"x".repeat(4000)}\n${CACHE_BOUNDARY}\nnow`; // 1,000 tokens
    const messages: AiSdkMessageLike[] = [{ role: "user", content: "q", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } } } }];
    const out = aiSdkPrompt({ system, messages, provider: "bedrock", model: "amazon.nova-pro-v1:0" });
    expect(out.system[0]!.providerOptions).toEqual(BEDROCK_5M);
    expect(out.messages[0]).toEqual({ role: "user", content: "q", providerOptions: { anthropic: { cacheControl: { type: "ephemeral" } }, ...BEDROCK_5M } });
    expect(aiSdkPrompt({ system: `${"x".repeat(3996)}\n${CACHE_BOUNDARY}\nnow`, messages: [], provider: "bedrock", model: "amazon.nova-pro-v1:0" }).system[0]!.providerOptions).toBeUndefined();
  });
});

describe("aiSdkPrompt: OpenAI", () => {
  it("sends the session id as promptCacheKey and 24h retention only where the model offers it; no markers", () => {
    const messages = conversation();
    const gpt5 = aiSdkPrompt({ system: PROMPT, messages, provider: "openai", model: "gpt-5", sessionId: "s-42", retention: "24h", countTokens: big });
    expect(gpt5.providerOptions).toEqual({ openai: { promptCacheKey: "s-42", promptCacheRetention: "24h" } });
    expect(gpt5.system).toEqual([{ role: "system", content: "Stable rules." }, { role: "system", content: "Dynamic facts." }]);
    expect(gpt5.messages).toEqual(messages);
    expect(aiSdkPrompt({ system: PROMPT, messages, provider: "openai", model: "gpt-4o", sessionId: "s-42", retention: "24h" }).providerOptions).toEqual({ openai: { promptCacheKey: "s-42" } });
    expect(aiSdkPrompt({ system: PROMPT, messages, provider: "openai", model: "gpt-5", sessionId: "s-42", cache: false }).providerOptions).toBeUndefined();
    expect(aiSdkPrompt({ system: PROMPT, messages, provider: "openai", model: "gpt-5" }).providerOptions).toBeUndefined();
  });
});

describe("aiSdkPrompt: bad input", () => {
  const ok = { system: PROMPT, messages: [] as AiSdkMessageLike[], provider: "anthropic" as const, model: "claude-sonnet-4-5" };
  it.each([
    [{ ...ok, system: 1 }, "system must be a string"],
    [{ ...ok, messages: "x" }, "messages must be an array"],
    [{ ...ok, messages: [{ role: "robot", content: "x" }] }, "messages[0] must be { role"],
    [{ ...ok, messages: [{ role: "user", content: ["Hi"] }] }, "messages[0].content[0] must be a part { type, … }, got a bare string"],
    [{ ...ok, messages: [{ role: "user", content: [{ text: "Hi" }] }] }, "messages[0].content[0] must be a part"],
    [{ ...ok, provider: "google" }, 'provider must be "anthropic", "bedrock" or "openai", got "google"'],
    [{ ...ok, model: " " }, "model must be a non-blank string"],
    [{ ...ok, ttl: "10m" }, 'ttl must be "5m" or "1h", got "10m"'],
    [{ ...ok, retention: "1d" }, 'retention must be "in_memory" or "24h"'],
    [{ ...ok, sessionId: "" }, "sessionId must be a non-empty string"],
    [{ ...ok, cache: "no" }, "cache must be true or false"],
    [{ ...ok, toolResultBreakpoints: 0 }, "toolResultBreakpoints must be true or false"],
  ])("rejects %j with E_ARG", (bad, message) => {
    let caught: unknown;
    try { aiSdkPrompt(bad as never); } catch (e) { caught = e; }
    expect(caught).toBeInstanceOf(PromptasmError);
    expect((caught as PromptasmError).code).toBe("E_ARG");
    expect((caught as Error).message).toContain(message);
  });
});

describe("SDK-shaped builder results", () => {
  it("geminiGenerateContentParams moves systemInstruction, tools and maxOutputTokens under config", () => {
    const messages = [{ role: "user" as const, parts: [{ text: "Hi" }] }];
    const tools = [{ functionDeclarations: [{ name: "look" }] }];
    expect(geminiGenerateContentParams({ system: PROMPT, messages, model: "gemini-2.5-flash", maxOutputTokens: 64, tools })).toEqual({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "Hi" }] }],
      config: { systemInstruction: { parts: [{ text: "Stable rules." }, { text: "Dynamic facts." }] }, tools, maxOutputTokens: 64 },
    });
    expect(geminiGenerateContentParams({ system: PROMPT, messages, model: "gemini-2.5-flash", cachedContent: "cachedContents/abc" })).toEqual({
      model: "gemini-2.5-flash",
      contents: [{ role: "user", parts: [{ text: "Dynamic facts." }, { text: "Hi" }] }],
      config: { cachedContent: "cachedContents/abc" },
    });
    expect(() => geminiGenerateContentParams({ system: PROMPT, messages, model: "" })).toThrow("model must be a non-blank string");
  });

  it("geminiCachedContentParams puts the entry under config", () => {
    expect(geminiCachedContentParams({ system: PROMPT, model: "gemini-2.5-flash", ttlSeconds: 600, displayName: "agent" })).toEqual({
      model: "models/gemini-2.5-flash",
      config: { systemInstruction: { parts: [{ text: "Stable rules." }] }, ttl: "600s", displayName: "agent" },
    });
  });

  it("openaiResponsesRequest gives the instruction role to system/developer messages only, not to other items", () => {
    const out = openaiResponsesRequest({
      system: PROMPT, model: "gpt-5",
      messages: [
        { role: "system", content: "Be brief." },
        { role: "system", content: "Typed.", type: "message" },
        { role: "developer", type: "additional_tools", tools: [] } as never,
      ],
    });
    expect(out.input.slice(2)).toEqual([
      { role: "developer", content: "Be brief." },
      { role: "developer", content: "Typed.", type: "message" },
      { role: "developer", type: "additional_tools", tools: [] },
    ]);
    const legacy = openaiResponsesRequest({ system: PROMPT, model: "gpt-4o", messages: [{ role: "developer", type: "additional_tools", tools: [] } as never, { role: "developer", content: "x" }] });
    expect(legacy.input.slice(2)).toEqual([{ role: "developer", type: "additional_tools", tools: [] }, { role: "system", content: "x" }]);
  });

  it("openrouterChatRequest never marks a function-role message", () => {
    const out = openrouterChatRequest({
      system: PROMPT, model: "anthropic/claude-sonnet-4.5", countTokens: big,
      messages: [{ role: "user", content: "q" }, { role: "function", name: "f", content: "result" } as never],
    });
    expect(out.messages.slice(2)).toEqual([
      { role: "user", content: [{ type: "text", text: "q", cache_control: { type: "ephemeral" } }] },
      { role: "function", name: "f", content: "result" },
    ]);
  });
});

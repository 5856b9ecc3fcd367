// aiSdkPrompt's output through the real AI SDK (ai, @ai-sdk/anthropic, @ai-sdk/amazon-bedrock, @ai-sdk/openai; dev
// dependencies) with a fetch that records the HTTP body instead of sending it: the cache options land where the
// providers' own APIs want them (Anthropic `cache_control` on the right blocks, Bedrock `cachePoint` blocks after
// them, OpenAI `prompt_cache_key`). Offline: nothing leaves the process (credentials are fake; signing is local).
import { generateText, jsonSchema, tool, type ModelMessage } from "ai";
import { createAmazonBedrock } from "@ai-sdk/amazon-bedrock";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { describe, expect, it } from "vitest";
import { CACHE_BOUNDARY } from "../src/prompt/boundary.js";
import { aiSdkPrompt } from "../src/providers/ai-sdk.js";

const PROMPT = `Stable rules.\n\n${CACHE_BOUNDARY}\n\nDynamic facts.`;
const big = (): number => 5000;

/** A fetch that keeps each request's JSON body and answers with `reply`. */
function recorder(reply: unknown): { fetch: typeof fetch; bodies: Array<Record<string, unknown>> } {
  const bodies: Array<Record<string, unknown>> = [];
  const fake = async (_url: unknown, init?: RequestInit): Promise<Response> => {
    bodies.push(JSON.parse(String(init?.body)) as Record<string, unknown>);
    return new Response(JSON.stringify(reply), { status: 200, headers: { "content-type": "application/json" } });
  };
  return { fetch: fake as typeof fetch, bodies };
}

const messages: ModelMessage[] = [
  { role: "user", content: "First question" },
  { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool-call", toolCallId: "c1", toolName: "look", input: { q: 1 } }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "look", output: { type: "text", value: "a cat" } }] },
  { role: "user", content: "Thanks" },
];

describe("aiSdkPrompt through the AI SDK's own providers", () => {
  it("@ai-sdk/anthropic sends cache_control on the stable system block and the newest messages", async () => {
    const { fetch, bodies } = recorder({
      id: "msg_1", type: "message", role: "assistant", model: "claude-sonnet-4-5", content: [{ type: "text", text: "ok" }],
      stop_reason: "end_turn", stop_sequence: null, usage: { input_tokens: 1, output_tokens: 1 },
    });
    const anthropic = createAnthropic({ apiKey: "test-key", fetch });
    const result = await generateText({
      model: anthropic("claude-sonnet-4-5"),
      ...aiSdkPrompt({ system: PROMPT, messages, provider: "anthropic", model: "claude-sonnet-4-5", ttl: "1h", countTokens: big }),
    });
    expect(result.text).toBe("ok");
    const body = bodies[0]!;
    const marker = { type: "ephemeral", ttl: "1h" };
    expect(body.system).toEqual([{ type: "text", text: "Stable rules.", cache_control: marker }, { type: "text", text: "Dynamic facts." }]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ type: "text", text: "First question" }] },
      { role: "assistant", content: [{ type: "text", text: "Let me look." }, { type: "tool_use", id: "c1", name: "look", input: { q: 1 }, cache_control: marker }] },
      { role: "user", content: [{ type: "tool_result", tool_use_id: "c1", content: "a cat", cache_control: marker }, { type: "text", text: "Thanks", cache_control: marker }] },
    ]);
  });

  it("@ai-sdk/amazon-bedrock sends a cachePoint after the stable system text and after the newest messages", async () => {
    const { fetch, bodies } = recorder({
      output: { message: { role: "assistant", content: [{ text: "ok" }] } }, stopReason: "end_turn",
      usage: { inputTokens: 1, outputTokens: 1, totalTokens: 2 },
    });
    const bedrock = createAmazonBedrock({ region: "us-east-1", accessKeyId: "AKIDTEST", secretAccessKey: "test-secret", fetch });
    const modelId = "anthropic.claude-sonnet-4-5-20250929-v1:0";
    // Bedrock drops tool calls and results from the conversation unless the call declares tools.
    const tools = { look: tool({ description: "Looks", inputSchema: jsonSchema<{ q: number }>({ type: "object", properties: { q: { type: "number" } } }) }) };
    await generateText({ model: bedrock(modelId), tools, ...aiSdkPrompt({ system: PROMPT, messages, provider: "bedrock", model: modelId, ttl: "1h", countTokens: big }) });
    const body = bodies[0]!;
    const point = { cachePoint: { type: "default", ttl: "1h" } };
    expect(body.system).toEqual([{ text: "Stable rules." }, point, { text: "Dynamic facts." }]);
    expect(body.messages).toEqual([
      { role: "user", content: [{ text: "First question" }] },
      { role: "assistant", content: [{ text: "Let me look." }, { toolUse: { toolUseId: "c1", name: "look", input: { q: 1 } } }, point] },
      { role: "user", content: [{ toolResult: { toolUseId: "c1", content: [{ text: "a cat" }] } }, point, { text: "Thanks" }, point] },
    ]);
  });

  it("@ai-sdk/openai sends the session id as prompt_cache_key and the stable prefix first", async () => {
    const { fetch, bodies } = recorder({
      id: "c", object: "chat.completion", created: 0, model: "gpt-5",
      choices: [{ index: 0, message: { role: "assistant", content: "ok" }, finish_reason: "stop" }],
      usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
    });
    const openai = createOpenAI({ apiKey: "test-key", fetch });
    await generateText({
      model: openai.chat("gpt-5"),
      ...aiSdkPrompt({ system: PROMPT, messages: [{ role: "user", content: "Hi" }], provider: "openai", model: "gpt-5", sessionId: "s-42", retention: "24h" }),
    });
    const body = bodies[0]!;
    expect(body.prompt_cache_key).toBe("s-42");
    expect(body.prompt_cache_retention).toBe("24h");
    expect((body.messages as Array<{ role: string; content: unknown }>).map((m) => m.content)).toEqual(["Stable rules.", "Dynamic facts.", "Hi"]);
  });
});

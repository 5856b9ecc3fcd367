// Type test: promptasm's request bodies against the official SDKs' own types, under `strict` and
// `exactOptionalPropertyTypes`, with no casts.
// Compiled (never run) by test/sdk-types.test.ts with `tsc -p test/types/tsconfig.json`. Each builder's result is
// assigned to the SDK's parameter type and passed to the SDK method a user would call (inside functions that are
// never called). Every `@ts-expect-error` line is a wrong shape that must stay rejected: if one were accepted, tsc
// reports the unused directive and the test fails.

import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { Content, CreateCachedContentParameters, GenerateContentParameters, GoogleGenAI } from "@google/genai";
import { ConverseCommand, type CachePointBlock, type ConverseCommandInput, type Message as BedrockSdkMessage } from "@aws-sdk/client-bedrock-runtime";
import type { generateText, ModelMessage, SystemModelMessage, LanguageModel } from "ai";
import type { AnthropicProviderOptions } from "@ai-sdk/anthropic";
import type { OpenAIChatLanguageModelOptions, OpenAIResponsesProviderOptions } from "@ai-sdk/openai";
import { anthropicRequest, type AnthropicMessage, type AnthropicTool } from "../../src/providers/anthropic.js";
import { openaiChatRequest, openaiResponsesRequest, type OpenAIChatMessage, type OpenAIResponsesInputItem } from "../../src/providers/openai.js";
import { geminiCachedContentParams, geminiGenerateContentParams, type GeminiContent } from "../../src/providers/gemini.js";
import { bedrockConverseRequest, type BedrockMessage, type BedrockTool } from "../../src/providers/bedrock.js";
import { openrouterChatRequest } from "../../src/providers/openrouter.js";
import { aiSdkPrompt, type AiSdkAnthropicCacheControl, type AiSdkBedrockCachePoint, type AiSdkCallProviderOptions } from "../../src/providers/ai-sdk.js";

const prompt = "Stable rules.\n\n<!-- promptasm:cache-boundary -->\n\nDynamic facts.";

// ---- Anthropic Messages: our own message types, plain literals, and the SDK's MessageParam -------------------------
const ownMessages: AnthropicMessage[] = [
  { role: "user", content: [{ type: "image", source: { type: "base64", media_type: "image/png", data: "iVBO" } }, { type: "text", text: "What is this?" }] },
  { role: "assistant", content: [{ type: "thinking", thinking: "…", signature: "sig" }, { type: "tool_use", id: "t1", name: "look", input: { q: 1 } }] },
  { role: "user", content: [{ type: "tool_result", tool_use_id: "t1", content: [{ type: "text", text: "a cat" }] }] },
  { role: "user", content: [{ type: "document", source: { type: "text", media_type: "text/plain", data: "notes" }, title: "Notes", citations: { enabled: true } }] },
];
const ownTools: AnthropicTool[] = [{ name: "look", description: "Looks", input_schema: { type: "object", properties: { q: { type: "number" } }, required: ["q"] } }];
const anthropicOwn: Anthropic.MessageCreateParamsNonStreaming = anthropicRequest({ system: prompt, messages: ownMessages, tools: ownTools, model: "claude-sonnet-4-5", maxTokens: 1024, ttl: "1h" });
const anthropicLiteral: Anthropic.MessageCreateParamsNonStreaming = anthropicRequest({
  system: prompt, model: "claude-sonnet-4-5", maxTokens: 1024,
  messages: [{ role: "user", content: "Hi" }, { role: "assistant", content: [{ type: "text", text: "Hello" }] }],
  tools: [{ name: "look", input_schema: { type: "object", properties: {} } }],
});
// SDK-typed messages keep their own block types (citations, search results, server tools) through the builder.
const sdkMessages: Array<Anthropic.UserMessageParam | Anthropic.AssistantMessageParam> = [
  { role: "user", content: [{ type: "search_result", source: "https://example.com", title: "Example", content: [{ type: "text", text: "x" }] }] },
  { role: "assistant", content: [{ type: "text", text: "cited", citations: [{ type: "char_location", cited_text: "x", document_index: 0, document_title: null, start_char_index: 0, end_char_index: 1 }] }] },
];
const sdkTools: Anthropic.ToolUnion[] = [{ type: "bash_20250124", name: "bash" }];
const anthropicSdk: Anthropic.MessageCreateParamsNonStreaming = anthropicRequest({ system: prompt, messages: sdkMessages, tools: sdkTools, model: "claude-sonnet-4-5", maxTokens: 1024 });
export async function sendAnthropic(client: Anthropic): Promise<Anthropic.Message> {
  return client.messages.create(anthropicRequest({ system: prompt, messages: ownMessages, model: "claude-sonnet-4-5", maxTokens: 1024 }));
}
// @ts-expect-error "robot" is not a Messages API role
anthropicRequest({ system: prompt, messages: [{ role: "robot", content: "x" }], model: "m", maxTokens: 1 });
// @ts-expect-error "10m" is not a Messages API TTL
anthropicRequest({ system: prompt, messages: [], model: "m", maxTokens: 1, ttl: "10m" });
// @ts-expect-error a tool's input_schema must be an object schema
const badTool: AnthropicTool = { name: "t", input_schema: { type: "array" } };
// @ts-expect-error a Chat Completions body is not a Messages body
const notAnthropic: Anthropic.MessageCreateParamsNonStreaming = openaiChatRequest({ system: prompt, messages: [], model: "gpt-5" });

// ---- OpenAI Chat Completions ---------------------------------------------------------------------------------------
const chatMessages: OpenAIChatMessage[] = [
  { role: "user", content: [{ type: "text", text: "Hi" }, { type: "image_url", image_url: { url: "https://example.com/a.png", detail: "low" } }] },
  { role: "assistant", content: null, tool_calls: [{ id: "c1", type: "function", function: { name: "look", arguments: "{}" } }] },
  { role: "tool", tool_call_id: "c1", content: "a cat" },
  { role: "system", content: "Be brief." },
];
const chatOwn: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openaiChatRequest({
  system: prompt, messages: chatMessages, model: "gpt-5", sessionId: "s-1", retention: "24h", maxTokens: 100,
  tools: [{ type: "function", function: { name: "look", parameters: { type: "object" } } }],
});
const chatLiteral: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openaiChatRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "gpt-4o" });
const chatSdkMessages: OpenAI.Chat.ChatCompletionMessageParam[] = [{ role: "developer", content: "x" }, { role: "user", content: [{ type: "input_audio", input_audio: { data: "UklG", format: "wav" } }] }];
const chatSdk: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openaiChatRequest({ system: prompt, messages: chatSdkMessages, model: "gpt-5" });
export async function sendChat(client: OpenAI): Promise<OpenAI.Chat.ChatCompletion> {
  return client.chat.completions.create(openaiChatRequest({ system: prompt, messages: chatMessages, model: "gpt-5" }));
}
// @ts-expect-error "robot" is not a Chat Completions role
openaiChatRequest({ system: prompt, messages: [{ role: "robot", content: "x" }], model: "gpt-5" });
// @ts-expect-error a tool message needs its tool_call_id
const badChat: OpenAIChatMessage = { role: "tool", content: "x" };

// ---- OpenAI Responses ----------------------------------------------------------------------------------------------
const items: OpenAIResponsesInputItem[] = [
  { role: "user", content: [{ type: "input_text", text: "Hi" }] },
  { type: "function_call", call_id: "c1", name: "look", arguments: "{}" },
  { type: "function_call_output", call_id: "c1", output: "a cat" },
];
const responsesOwn: OpenAI.Responses.ResponseCreateParamsNonStreaming = openaiResponsesRequest({
  system: prompt, messages: items, model: "gpt-5", sessionId: "s-1",
  tools: [{ type: "function", name: "look", parameters: { type: "object" }, strict: true }],
});
const responsesSdkItems: OpenAI.Responses.ResponseInputItem[] = [{ role: "user", content: [{ type: "input_image", detail: "auto", image_url: "https://example.com/a.png" }] }];
const responsesSdk: OpenAI.Responses.ResponseCreateParamsNonStreaming = openaiResponsesRequest({ system: prompt, messages: responsesSdkItems, model: "gpt-5" });
export async function sendResponses(client: OpenAI): Promise<OpenAI.Responses.Response> {
  return client.responses.create(openaiResponsesRequest({ system: prompt, messages: items, model: "gpt-5" }));
}
// @ts-expect-error a function call output needs its call_id
const badItem: OpenAIResponsesInputItem = { type: "function_call_output", output: "x" };

// ---- OpenRouter-style router (OpenAI client with another baseURL) --------------------------------------------------
const routed: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openrouterChatRequest({
  system: prompt, messages: chatMessages, model: "anthropic/claude-sonnet-4.5", ttl: "1h",
  tools: [{ type: "function", function: { name: "look" } }],
});
const routedSdk: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openrouterChatRequest({ system: prompt, messages: chatSdkMessages, model: "anthropic/claude-sonnet-4.5" });
export async function sendRouted(client: OpenAI): Promise<OpenAI.Chat.ChatCompletion> {
  return client.chat.completions.create(openrouterChatRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "anthropic/claude-sonnet-4.5" }));
}

// ---- Gemini (@google/genai) ----------------------------------------------------------------------------------------
const geminiMessages: GeminiContent[] = [
  { role: "user", parts: [{ text: "Hi" }, { inlineData: { mimeType: "image/png", data: "iVBO" } }] },
  { role: "model", parts: [{ functionCall: { name: "look", args: { q: 1 } } }] },
  { role: "user", parts: [{ functionResponse: { name: "look", response: { result: "a cat" } } }] },
];
const geminiOwn: GenerateContentParameters = geminiGenerateContentParams({ system: prompt, messages: geminiMessages, model: "gemini-2.5-flash", maxOutputTokens: 100, tools: [{ functionDeclarations: [{ name: "look", parametersJsonSchema: { type: "object" } }] }] });
const geminiCached: GenerateContentParameters = geminiGenerateContentParams({ system: prompt, messages: geminiMessages, model: "gemini-2.5-flash", cachedContent: "cachedContents/abc" });
const geminiSdkContents: Content[] = [{ role: "user", parts: [{ text: "Hi", thoughtSignature: "sig" }] }];
const geminiSdk: GenerateContentParameters = geminiGenerateContentParams({ system: prompt, messages: geminiSdkContents, model: "gemini-2.5-flash", cachedContent: "cachedContents/abc" });
const geminiEntry: CreateCachedContentParameters = geminiCachedContentParams({ system: prompt, model: "gemini-2.5-flash", displayName: "agent prompt" });
export async function sendGemini(ai: GoogleGenAI): Promise<unknown> {
  const cache = await ai.caches.create(geminiCachedContentParams({ system: prompt, model: "gemini-2.5-flash" }));
  return ai.models.generateContent(geminiGenerateContentParams({ system: prompt, messages: geminiMessages, model: "gemini-2.5-flash", cachedContent: cache.name ?? "cachedContents/x" }));
}
// @ts-expect-error Gemini turns are "user" or "model"
const badGemini: GeminiContent = { role: "assistant", parts: [{ text: "x" }] };

// ---- Amazon Bedrock Converse ---------------------------------------------------------------------------------------
const bedrockMessages: BedrockMessage[] = [
  { role: "user", content: [{ text: "Hi" }, { image: { format: "png", source: { bytes: new Uint8Array([1]) } } }] },
  { role: "assistant", content: [{ toolUse: { toolUseId: "t1", name: "look", input: { q: 1 } } }] },
  { role: "user", content: [{ toolResult: { toolUseId: "t1", content: [{ json: { answer: "a cat" } }], status: "success" } }] },
];
const bedrockTools: BedrockTool[] = [{ toolSpec: { name: "look", inputSchema: { json: { type: "object" } } } }];
const bedrockOwn: ConverseCommandInput = bedrockConverseRequest({ system: prompt, messages: bedrockMessages, tools: bedrockTools, cacheTools: true, modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", ttl: "1h", maxTokens: 100, messageCachePoints: 2 });
const bedrockSdkMessages: BedrockSdkMessage[] = [{ role: "user", content: [{ text: "Hi" }, { cachePoint: { type: "default" } }] }];
const bedrockSdk: ConverseCommandInput = bedrockConverseRequest({ system: prompt, messages: bedrockSdkMessages, modelId: "amazon.nova-pro-v1:0" });
export function bedrockCommand(): ConverseCommand {
  return new ConverseCommand(bedrockConverseRequest({ system: prompt, messages: bedrockMessages, modelId: "amazon.nova-pro-v1:0" }));
}
// @ts-expect-error Converse content is an array of blocks, never a string
bedrockConverseRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], modelId: "m" });

// ---- Vercel AI SDK (ai) --------------------------------------------------------------------------------------------
const modelMessages: ModelMessage[] = [
  { role: "user", content: "Hi" },
  { role: "assistant", content: [{ type: "reasoning", text: "…" }, { type: "tool-call", toolCallId: "c1", toolName: "look", input: { q: 1 } }] },
  { role: "tool", content: [{ type: "tool-result", toolCallId: "c1", toolName: "look", output: { type: "text", value: "a cat" } }] },
];
const forAnthropic = aiSdkPrompt({ system: prompt, messages: modelMessages, provider: "anthropic", model: "claude-sonnet-4-5", ttl: "1h" });
const aiSystem: SystemModelMessage[] = forAnthropic.system;
const aiMessages: ModelMessage[] = forAnthropic.messages;
const forOpenAI = aiSdkPrompt({ system: prompt, messages: modelMessages, provider: "openai", model: "gpt-5", sessionId: "s-1", retention: "24h" });
const literalPrompt = aiSdkPrompt({ system: prompt, messages: [{ role: "user", content: [{ type: "text", text: "Hi" }] }], provider: "bedrock", model: "amazon.nova-pro-v1:0" });
const literalMessages: ModelMessage[] = literalPrompt.messages;
export async function sendAiSdk(model: LanguageModel, g: typeof generateText): Promise<string> {
  const a = await g({ model, ...forAnthropic });
  const o = await g({ model, ...forOpenAI });
  return a.text + o.text;
}
// The marker values are the provider packages' own option types.
const anthropicMarker: NonNullable<AnthropicProviderOptions["cacheControl"]> = { type: "ephemeral", ttl: "1h" } satisfies AiSdkAnthropicCacheControl;
const bedrockMarker: CachePointBlock = { type: "default", ttl: "1h" } satisfies AiSdkBedrockCachePoint;
const callOptions: AiSdkCallProviderOptions = { openai: { promptCacheKey: "s-1", promptCacheRetention: "24h" } };
const openaiResponsesOptions: OpenAIResponsesProviderOptions = callOptions.openai;
const openaiChatOptions: OpenAIChatLanguageModelOptions = callOptions.openai;
// @ts-expect-error "10m" is not a TTL @ai-sdk/anthropic accepts
const badMarker: AiSdkAnthropicCacheControl = { type: "ephemeral", ttl: "10m" };
// @ts-expect-error the adapter writes cache options for anthropic, bedrock and openai only
aiSdkPrompt({ system: prompt, messages: modelMessages, provider: "google", model: "gemini-2.5-flash" });

export const checked = [
  anthropicOwn, anthropicLiteral, anthropicSdk, badTool, notAnthropic, chatOwn, chatLiteral, chatSdk, badChat, responsesOwn,
  responsesSdk, badItem, routed, routedSdk, geminiOwn, geminiCached, geminiSdk, geminiEntry, badGemini, bedrockOwn,
  bedrockSdk, aiSystem, aiMessages, literalMessages, anthropicMarker, bedrockMarker, openaiResponsesOptions,
  openaiChatOptions, badMarker,
];

import type Anthropic from "@anthropic-ai/sdk";
import type OpenAI from "openai";
import type { GenerateContentParameters } from "@google/genai";
import type { ConverseCommandInput } from "@aws-sdk/client-bedrock-runtime";
import { anthropicRequest } from "../../src/providers/anthropic.js";
import { openaiChatRequest, openaiResponsesRequest } from "../../src/providers/openai.js";
import { bedrockConverseRequest } from "../../src/providers/bedrock.js";
import { openrouterChatRequest } from "../../src/providers/openrouter.js";

const prompt = "stable\n<!-- x -->\ndynamic";
const a: Anthropic.MessageCreateParamsNonStreaming = anthropicRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "m", maxTokens: 10 });
const o1: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openaiChatRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "gpt-5" });
const o2: OpenAI.Responses.ResponseCreateParamsNonStreaming = openaiResponsesRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "gpt-5" });
const b: ConverseCommandInput = bedrockConverseRequest({ system: prompt, messages: [{ role: "user", content: [{ text: "Hi" }] }], modelId: "m" });
const r: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming = openrouterChatRequest({ system: prompt, messages: [{ role: "user", content: "Hi" }], model: "anthropic/claude" });
void a; void o1; void o2; void b; void r;

// Shape checks for the `messages` and `tools` of POST /v1/sessions/:id/request, one checker per request format. The
// request builders (src/providers/*) take any object their SDK types allow and pass unknown parts through, so a
// malformed body would otherwise reach the provider (or throw inside a builder as a 500). These checks follow the
// providers' own API references for the fields promptasm's callers send:
// - anthropic: Messages API (https://docs.claude.com/en/api/messages): roles user | assistant; content a string or
//   blocks with a string `type` (text, image, document, tool_use, tool_result, thinking, redacted_thinking checked
//   field by field; other block types pass); tools with `name` and an `input_schema` of type "object".
// - openai-chat: Chat Completions (https://platform.openai.com/docs/api-reference/chat/create): roles developer |
//   system | user | assistant | tool | function, the content part types each role takes, tool_calls, tool_call_id;
//   tools of type function (with `function.name`) or custom (with `custom.name`).
// - openai-responses: Responses input items (https://platform.openai.com/docs/api-reference/responses/create):
//   messages (role user | assistant | system | developer), function_call, function_call_output; other item types
//   pass; function tools need `name`.
// - gemini: Content (https://ai.google.dev/api/caching#Content): role user | model, `parts` each holding one of text,
//   inlineData, fileData, functionCall, functionResponse, executableCode, codeExecutionResult, toolCall, toolResponse.
// - bedrock: Converse Message (https://docs.aws.amazon.com/bedrock/latest/APIReference/API_runtime_Message.html):
//   role user | assistant, content blocks that are unions with exactly one member; tools are toolSpec or cachePoint.
// Every failure is HttpError 400 naming the field by its place in the body (`messages[1].content[0].text`):
// E_TYPE for a missing field or a value of the wrong type, E_VALUE for a string outside its enumeration.

import { showValue } from "../../util/escape.js";
import { HttpError } from "./input.js";

/** The request formats these checks know (ENUMS.provider; "openrouter" speaks the Chat Completions shape). */
export type MessageFormat = "anthropic" | "openai-chat" | "openai-responses" | "gemini" | "bedrock" | "openrouter";

type Obj = Record<string, unknown>;

const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);
const show = (v: unknown) => (v === undefined ? "nothing" : showValue(v, 60, "..."));
const badType = (where: string, want: string, got: unknown): never => {
  throw new HttpError(400, "E_TYPE", `${where} must be ${want}, got ${got === undefined ? "nothing" : typeOf(got)}`);
};

function obj(v: unknown, where: string): Obj {
  if (typeOf(v) !== "object") badType(where, "an object", v);
  return v as Obj;
}

function list(v: unknown, where: string, what: string): unknown[] {
  if (!Array.isArray(v)) badType(where, `an array of ${what}`, v);
  return v as unknown[];
}

function text(o: Obj, key: string, where: string, optional = false): void {
  const v = o[key];
  if (optional && (v === undefined || v === null)) return;
  if (typeof v !== "string") badType(`${where}.${key}`, "a string", v);
}

function oneOf(v: unknown, where: string, choices: readonly string[]): string {
  if (typeof v !== "string" || !choices.includes(v)) {
    throw new HttpError(400, "E_VALUE", `${where} must be one of ${choices.join(", ")}, got ${show(v)}`);
  }
  return v;
}

/** A `{ type: string, … }` object; returns it with its type. */
function typed(v: unknown, where: string): Obj & { type: string } {
  const o = obj(v, where);
  if (typeof o.type !== "string") badType(`${where}.type`, "a string", o.type);
  return o as Obj & { type: string };
}

// ---- Anthropic Messages ----------------------------------------------------------------------------------------

function anthropicBlock(v: unknown, where: string): void {
  const b = typed(v, where);
  switch (b.type) {
    case "text": text(b, "text", where); break;
    case "image": case "document": typed(b.source, `${where}.source`); break;
    case "tool_use":
      text(b, "id", where); text(b, "name", where); obj(b.input, `${where}.input`);
      break;
    case "tool_result":
      text(b, "tool_use_id", where);
      if (b.content !== undefined && typeof b.content !== "string") {
        list(b.content, `${where}.content`, "content blocks").forEach((c, k) => anthropicBlock(c, `${where}.content[${k}]`));
      }
      if (b.is_error !== undefined && typeof b.is_error !== "boolean") badType(`${where}.is_error`, "a boolean", b.is_error);
      break;
    case "thinking": text(b, "thinking", where); text(b, "signature", where); break;
    case "redacted_thinking": text(b, "data", where); break;
    default: break; // server tool blocks, search results, …: the API checks them
  }
  if (b.cache_control !== undefined && b.cache_control !== null) obj(b.cache_control, `${where}.cache_control`);
}

function anthropicMessage(v: unknown, where: string): void {
  const m = obj(v, where);
  oneOf(m.role, `${where}.role`, ["user", "assistant"]);
  if (typeof m.content === "string") return;
  list(m.content, `${where}.content`, "content blocks (or a string)").forEach((b, j) => anthropicBlock(b, `${where}.content[${j}]`));
}

function anthropicTool(v: unknown, where: string): void {
  const t = obj(v, where);
  if (t.type !== undefined && t.type !== null && typeof t.type !== "string") badType(`${where}.type`, "a string", t.type);
  if (t.type === undefined || t.type === null || t.type === "custom") {
    text(t, "name", where);
    text(t, "description", where, true);
    const schema = obj(t.input_schema, `${where}.input_schema`);
    if (schema.type !== "object") throw new HttpError(400, "E_VALUE", `${where}.input_schema.type must be "object", got ${show(schema.type)}`);
  } else {
    text(t, "name", where, true); // server tools (web_search_…, bash_…) and toolsets
  }
}

// ---- OpenAI Chat Completions -----------------------------------------------------------------------------------

/** The content part types each Chat Completions role takes (API reference, per message type). */
const CHAT_PARTS: Readonly<Record<string, readonly string[]>> = {
  developer: ["text"], system: ["text"], tool: ["text"], user: ["text", "image_url", "input_audio", "file"], assistant: ["text", "refusal"],
};

function chatPart(v: unknown, where: string, role: string): void {
  const p = typed(v, where);
  const allowed = CHAT_PARTS[role] ?? ["text"];
  if (!allowed.includes(p.type)) throw new HttpError(400, "E_VALUE", `${where}.type must be one of ${allowed.join(", ")} in a ${role} message, got ${show(p.type)}`);
  switch (p.type) {
    case "text": text(p, "text", where); break;
    case "image_url": text(obj(p.image_url, `${where}.image_url`), "url", `${where}.image_url`); break;
    case "input_audio": { const a = obj(p.input_audio, `${where}.input_audio`); text(a, "data", `${where}.input_audio`); text(a, "format", `${where}.input_audio`); break; }
    case "file": obj(p.file, `${where}.file`); break;
    case "refusal": text(p, "refusal", where); break;
  }
}

function chatMessage(v: unknown, where: string): void {
  const m = obj(v, where);
  const role = oneOf(m.role, `${where}.role`, ["developer", "system", "user", "assistant", "tool", "function"]);
  text(m, "name", where, role !== "function");
  const optionalContent = role === "assistant" || role === "function";
  if (!(optionalContent && (m.content === undefined || m.content === null)) && typeof m.content !== "string") {
    list(m.content, `${where}.content`, "content parts (or a string)").forEach((p, j) => chatPart(p, `${where}.content[${j}]`, role));
  }
  if (role === "tool") text(m, "tool_call_id", where);
  if (role === "assistant" && m.tool_calls !== undefined && m.tool_calls !== null) {
    list(m.tool_calls, `${where}.tool_calls`, "tool calls").forEach((c, k) => {
      const at = `${where}.tool_calls[${k}]`;
      const call = obj(c, at);
      text(call, "id", at);
      const type = oneOf(call.type, `${at}.type`, ["function", "custom"]);
      const body = obj(call[type], `${at}.${type}`);
      text(body, "name", `${at}.${type}`);
      text(body, type === "function" ? "arguments" : "input", `${at}.${type}`);
    });
  }
}

function chatTool(v: unknown, where: string): void {
  const t = obj(v, where);
  const type = oneOf(t.type, `${where}.type`, ["function", "custom"]);
  const spec = obj(t[type], `${where}.${type}`);
  text(spec, "name", `${where}.${type}`);
  text(spec, "description", `${where}.${type}`, true);
  if (type === "function" && spec.parameters !== undefined && spec.parameters !== null) obj(spec.parameters, `${where}.function.parameters`);
}

// ---- OpenAI Responses ------------------------------------------------------------------------------------------

function responsesPart(v: unknown, where: string): void {
  const p = typed(v, where);
  switch (p.type) {
    case "input_text": case "output_text": text(p, "text", where); break;
    case "refusal": text(p, "refusal", where); break;
    case "input_image": text(p, "image_url", where, true); text(p, "file_id", where, true); break;
    default: break;
  }
}

function responsesItem(v: unknown, where: string): void {
  const item = obj(v, where);
  if (item.type !== undefined && item.type !== null && typeof item.type !== "string") badType(`${where}.type`, "a string", item.type);
  const type = (item.type ?? "message") as string;
  if (type === "message") {
    oneOf(item.role, `${where}.role`, ["user", "assistant", "system", "developer"]);
    if (typeof item.content !== "string") list(item.content, `${where}.content`, "content parts (or a string)").forEach((p, j) => responsesPart(p, `${where}.content[${j}]`));
  } else if (type === "function_call") {
    text(item, "call_id", where); text(item, "name", where); text(item, "arguments", where);
  } else if (type === "function_call_output") {
    text(item, "call_id", where);
    if (typeof item.output !== "string") list(item.output, `${where}.output`, "content parts (or a string)").forEach((p, j) => responsesPart(p, `${where}.output[${j}]`));
  }
}

function responsesTool(v: unknown, where: string): void {
  const t = typed(v, where);
  if (t.type !== "function") return; // built-in tools (web_search, file_search, …) are checked by the API
  text(t, "name", where);
  text(t, "description", where, true);
  if (t.parameters !== undefined && t.parameters !== null) obj(t.parameters, `${where}.parameters`);
}

// ---- Gemini ----------------------------------------------------------------------------------------------------

/**
 * The data fields of a Gemini Part (the REST reference's `data` union: "can be only one of"), with the server-side
 * tool parts @google/genai 2.32.0's `Part` type adds (toolCall, toolResponse); metadata fields (thought,
 * thoughtSignature, videoMetadata, …) may sit beside any of them.
 */
const GEMINI_PART_DATA = ["text", "inlineData", "fileData", "functionCall", "functionResponse", "executableCode", "codeExecutionResult", "toolCall", "toolResponse"] as const;

function geminiPart(v: unknown, where: string): void {
  const p = obj(v, where);
  const data = GEMINI_PART_DATA.filter((k) => p[k] !== undefined);
  if (data.length !== 1) {
    throw new HttpError(400, "E_TYPE", `${where} must hold exactly one of ${GEMINI_PART_DATA.join(", ")}, got ${data.length === 0 ? "none" : data.join(" and ")}`);
  }
  switch (data[0]) {
    case "text": text(p, "text", where); break;
    case "inlineData": { const d = obj(p.inlineData, `${where}.inlineData`); text(d, "mimeType", `${where}.inlineData`); text(d, "data", `${where}.inlineData`); break; }
    case "fileData": text(obj(p.fileData, `${where}.fileData`), "fileUri", `${where}.fileData`); break;
    case "functionCall": text(obj(p.functionCall, `${where}.functionCall`), "name", `${where}.functionCall`); break;
    case "functionResponse": {
      const r = obj(p.functionResponse, `${where}.functionResponse`);
      text(r, "name", `${where}.functionResponse`);
      obj(r.response, `${where}.functionResponse.response`);
      break;
    }
    default: obj(p[data[0]!], `${where}.${data[0]}`);
  }
  if (p.thought !== undefined && typeof p.thought !== "boolean") badType(`${where}.thought`, "a boolean", p.thought);
}

function geminiContent(v: unknown, where: string): void {
  const c = obj(v, where);
  if (c.role !== undefined) oneOf(c.role, `${where}.role`, ["user", "model"]);
  list(c.parts, `${where}.parts`, "parts").forEach((p, j) => geminiPart(p, `${where}.parts[${j}]`));
}

function geminiTool(v: unknown, where: string): void {
  const t = obj(v, where);
  if (t.functionDeclarations === undefined) return; // googleSearch, codeExecution, …
  list(t.functionDeclarations, `${where}.functionDeclarations`, "function declarations").forEach((d, k) => {
    const at = `${where}.functionDeclarations[${k}]`;
    text(obj(d, at), "name", at);
  });
}

// ---- Bedrock Converse ------------------------------------------------------------------------------------------

/**
 * The members of Converse's ContentBlock union; a block holds exactly one (as listed by
 * @aws-sdk/client-bedrock-runtime 3.1164.0's `ContentBlock` type, the devDependency test/types/sdk.ts checks against).
 */
const BEDROCK_BLOCKS = ["text", "image", "document", "video", "audio", "toolUse", "toolResult", "guardContent", "cachePoint", "reasoningContent", "citationsContent", "searchResult", "toolAddition", "toolRemoval"] as const;
/** The members of ToolResultContentBlock (same source). */
const BEDROCK_RESULT_BLOCKS = ["text", "json", "image", "document", "video", "searchResult"] as const;

/** The one member of a union object, checked against `members`. */
function member(v: unknown, where: string, members: readonly string[]): [string, unknown] {
  const o = obj(v, where);
  const keys = Object.keys(o);
  if (keys.length !== 1) throw new HttpError(400, "E_TYPE", `${where} must have exactly one member (${members.join(", ")}), got ${keys.length === 0 ? "none" : keys.map((k) => show(k)).join(", ")}`);
  const key = keys[0]!;
  if (!members.includes(key)) throw new HttpError(400, "E_VALUE", `${where} has an unknown member ${show(key)} (one of ${members.join(", ")})`);
  return [key, o[key]];
}

function cachePointBlock(v: unknown, where: string): void {
  const cp = obj(v, where);
  if (cp.type !== "default") throw new HttpError(400, "E_VALUE", `${where}.type must be "default", got ${show(cp.type)}`);
}

function bedrockBlock(v: unknown, where: string): void {
  const [key, value] = member(v, where, BEDROCK_BLOCKS);
  const at = `${where}.${key}`;
  switch (key) {
    case "text": if (typeof value !== "string") badType(at, "a string", value); break;
    case "image": { const img = obj(value, at); text(img, "format", at); obj(img.source, `${at}.source`); break; }
    case "document": { const doc = obj(value, at); text(doc, "name", at); obj(doc.source, `${at}.source`); break; }
    case "toolUse": {
      const use = obj(value, at);
      text(use, "toolUseId", at); text(use, "name", at);
      if (use.input === undefined) badType(`${at}.input`, "a JSON value", undefined);
      break;
    }
    case "toolResult": {
      const result = obj(value, at);
      text(result, "toolUseId", at);
      list(result.content, `${at}.content`, "result blocks").forEach((c, k) => {
        const [rk, rv] = member(c, `${at}.content[${k}]`, BEDROCK_RESULT_BLOCKS);
        if (rk === "text" && typeof rv !== "string") badType(`${at}.content[${k}].text`, "a string", rv);
        if (rk !== "text" && rk !== "json") obj(rv, `${at}.content[${k}].${rk}`);
      });
      if (result.status !== undefined) oneOf(result.status, `${at}.status`, ["success", "error"]);
      break;
    }
    case "cachePoint": cachePointBlock(value, at); break;
    default: obj(value, at);
  }
}

function bedrockMessage(v: unknown, where: string): void {
  const m = obj(v, where);
  oneOf(m.role, `${where}.role`, ["user", "assistant"]);
  list(m.content, `${where}.content`, "content blocks").forEach((b, j) => bedrockBlock(b, `${where}.content[${j}]`));
}

function bedrockTool(v: unknown, where: string): void {
  const [key, value] = member(v, where, ["toolSpec", "cachePoint", "systemTool"]);
  const at = `${where}.${key}`;
  if (key === "cachePoint") return cachePointBlock(value, at);
  const spec = obj(value, at);
  text(spec, "name", at);
  if (key === "toolSpec") {
    text(spec, "description", at, true);
    obj(obj(spec.inputSchema, `${at}.inputSchema`).json, `${at}.inputSchema.json`);
  }
}

// ---- Entry -----------------------------------------------------------------------------------------------------

const CHECKS: Readonly<Record<MessageFormat, { message: (v: unknown, where: string) => void; tool: (v: unknown, where: string) => void }>> = {
  anthropic: { message: anthropicMessage, tool: anthropicTool },
  "openai-chat": { message: chatMessage, tool: chatTool },
  openrouter: { message: chatMessage, tool: chatTool },
  "openai-responses": { message: responsesItem, tool: responsesTool },
  gemini: { message: geminiContent, tool: geminiTool },
  bedrock: { message: bedrockMessage, tool: bedrockTool },
};

/**
 * Checks the `messages` and `tools` of a request body against the shapes of request format `format` (see the top of
 * this file for what each format checks). A format this file does not know is not checked (its builder still is).
 * @param messages the body's `messages` (any value: a non-array is refused).
 * @param tools the body's `tools`, or undefined when absent.
 * @throws HttpError 400 E_TYPE (missing field, wrong type, a union with no member or several) or E_VALUE (a role,
 *   part type or union member outside its enumeration), the message naming the field, e.g.
 *   `messages[0].content[0].text must be a string, got nothing`.
 * @example checkProviderInput("anthropic", [{ role: "user", content: [null] }], undefined)
 *   // throws 400 E_TYPE "messages[0].content[0] must be an object, got null"
 */
export function checkProviderInput(format: string, messages: unknown, tools: unknown): void {
  const check = (CHECKS as Record<string, (typeof CHECKS)[MessageFormat] | undefined>)[format];
  if (check === undefined) return;
  list(messages, "messages", "messages").forEach((m, i) => check.message(m, `messages[${i}]`));
  if (tools !== undefined) list(tools, "tools", "tools").forEach((t, i) => check.tool(t, `tools[${i}]`));
}

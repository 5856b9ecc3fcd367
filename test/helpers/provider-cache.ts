// Cache models of five providers for the long simulation (test/simulation.test.ts): one provider-neutral conversation
// is turned into each provider's request body (by promptasm's builders), each body into the blocks the provider's
// prefix cache sees, and each provider's documented rules decide what a request reads from its cache. The same
// blocks give the theoretical maximum: the longest prefix any earlier live request shared, where the provider's rules
// allow a read at all. Test machinery only (kept out of src/ so it never ships in dist/).
//
// Rules modelled (sources in docs/providers.md and in each provider file):
// - breakpoints (Anthropic, Bedrock, a Claude model behind OpenRouter): an entry is written at each marked block; a
//   read looks back at most 20 blocks from each marker for a live entry (Anthropic's "20-block lookback"; AWS says the
//   same for Claude on Bedrock); entries live `ttl` seconds from their last read or write; no read below the minimum.
// - automatic (OpenAI; Gemini's implicit caching): every prefix of a request is a candidate; a read is the longest
//   live prefix at a block boundary, at least the minimum; OpenAI reports cached tokens in steps of 128 above 1,024.
//   In-memory entries are modelled as living 300 s after last use (OpenAI: "5 to 10 minutes of inactivity").
import { anthropicRequest, type AnthropicContentBlock, type AnthropicMessage } from "../../src/providers/anthropic.js";
import { bedrockConverseRequest, type BedrockMessage } from "../../src/providers/bedrock.js";
import { geminiGenerateContent, type GeminiContent } from "../../src/providers/gemini.js";
import { openaiChatRequest, type OpenAIChatMessage } from "../../src/providers/openai.js";
import { openrouterChatRequest } from "../../src/providers/openrouter.js";
import { canonical, isObj } from "../../src/providers/parts.js";
import { providerById } from "../../src/providers/registry.js";

/** One turn of a provider-neutral conversation. */
export type NeutralMessage =
  | { role: "user"; text: string }
  | { role: "user"; toolResult: { id: string; name: string; text: string } }
  | { role: "assistant"; text: string; toolUse?: { id: string; name: string; input: Record<string, unknown> } };

export type SimProvider = "anthropic" | "bedrock" | "openrouter" | "openai" | "gemini";
export const SIM_PROVIDERS: readonly SimProvider[] = ["anthropic", "bedrock", "openrouter", "openai", "gemini"];

/** The model each provider is simulated with (all have 1,024-token minimums except Gemini 2.5 Pro's 2,048). */
export const SIM_MODELS: Record<SimProvider, string> = {
  anthropic: "claude-sonnet-4-5",
  bedrock: "anthropic.claude-sonnet-4-5-20250929-v1:0",
  openrouter: "anthropic/claude-sonnet-4.5",
  openai: "gpt-5",
  gemini: "gemini-2.5-pro",
};

/** What a block of a request is to the cache: its bytes (with its place), the text counted, and whether it is marked. */
export interface Block { key: string; text: string; marked: boolean }

const TOOL_DEFS = [{ name: "read_file", description: "Read a file of the repository.", schema: { type: "object", properties: { path: { type: "string" } }, required: ["path"] } }];

/** Builds provider `p`'s request for the frozen prompt, the ephemeral text and the conversation. */
export function buildRequest(p: SimProvider, system: string, ephemeral: string, messages: readonly NeutralMessage[], options: { toolResultBreakpoints?: boolean } = {}): unknown {
  const model = SIM_MODELS[p];
  const trb = options.toolResultBreakpoints ?? true;
  switch (p) {
    case "anthropic":
      return anthropicRequest({ system, ephemeral, model, maxTokens: 1024, messages: messages.map(toAnthropic), tools: TOOL_DEFS.map((t) => ({ name: t.name, description: t.description, input_schema: t.schema })), toolResultBreakpoints: trb });
    case "bedrock":
      return bedrockConverseRequest({ system, ephemeral, modelId: model, maxTokens: 1024, messages: messages.map(toBedrock), tools: TOOL_DEFS.map((t) => ({ toolSpec: { name: t.name, description: t.description, inputSchema: { json: t.schema } } })), messageCachePoints: 3, toolResultBreakpoints: trb });
    case "openrouter":
      return openrouterChatRequest({ system, ephemeral, model, maxTokens: 1024, messages: messages.map(toChat), tools: TOOL_DEFS.map(toChatTool), toolResultBreakpoints: trb });
    case "openai":
      return openaiChatRequest({ system, ephemeral, model, maxTokens: 1024, messages: messages.map(toChat), tools: TOOL_DEFS.map(toChatTool), sessionId: "sim-200" });
    case "gemini":
      return geminiGenerateContent({ system, ephemeral, maxOutputTokens: 1024, messages: messages.map(toGemini), tools: [{ functionDeclarations: TOOL_DEFS.map((t) => ({ name: t.name, description: t.description, parameters: t.schema })) }] });
  }
}

const toChatTool = (t: (typeof TOOL_DEFS)[number]) => ({ type: "function", function: { name: t.name, description: t.description, parameters: t.schema } });

function toAnthropic(m: NeutralMessage): AnthropicMessage {
  if (m.role === "assistant") return { role: "assistant", content: m.toolUse ? [{ type: "text", text: m.text }, { type: "tool_use", id: m.toolUse.id, name: m.toolUse.name, input: m.toolUse.input }] : m.text };
  if ("toolResult" in m) return { role: "user", content: [{ type: "tool_result", tool_use_id: m.toolResult.id, content: m.toolResult.text }] as AnthropicContentBlock[] };
  return { role: "user", content: m.text };
}

function toBedrock(m: NeutralMessage): BedrockMessage {
  if (m.role === "assistant") return { role: "assistant", content: m.toolUse ? [{ text: m.text }, { toolUse: { toolUseId: m.toolUse.id, name: m.toolUse.name, input: m.toolUse.input } }] : [{ text: m.text }] };
  if ("toolResult" in m) return { role: "user", content: [{ toolResult: { toolUseId: m.toolResult.id, content: [{ text: m.toolResult.text }] } }] };
  return { role: "user", content: [{ text: m.text }] };
}

function toChat(m: NeutralMessage): OpenAIChatMessage {
  if (m.role === "assistant") return m.toolUse ? { role: "assistant", content: m.text, tool_calls: [{ id: m.toolUse.id, type: "function", function: { name: m.toolUse.name, arguments: JSON.stringify(m.toolUse.input) } }] } : { role: "assistant", content: m.text };
  if ("toolResult" in m) return { role: "tool", tool_call_id: m.toolResult.id, content: m.toolResult.text };
  return { role: "user", content: m.text };
}

function toGemini(m: NeutralMessage): GeminiContent {
  if (m.role === "assistant") return { role: "model", parts: m.toolUse ? [{ text: m.text }, { functionCall: { name: m.toolUse.name, args: m.toolUse.input } }] : [{ text: m.text }] };
  if ("toolResult" in m) return { role: "user", parts: [{ functionResponse: { name: m.toolResult.name, response: { content: m.toolResult.text } } }] };
  return { role: "user", parts: [{ text: m.text }] };
}

const textOf = (b: unknown): string => (isObj(b) && typeof b.text === "string" ? b.text : canonical(b));
const marked = (b: unknown): boolean => isObj(b) && b.cache_control !== undefined;
const isPoint = (b: unknown): boolean => isObj(b) && "cachePoint" in b;

/** The blocks of a body in cache order. Bedrock's cachePoint marks the block before it. */
export function blocksOf(p: SimProvider, body: Record<string, unknown>): Block[] {
  const out: Block[] = [];
  const push = (where: string, b: unknown) => out.push({ key: `${where} ${canonical(b)}`, text: textOf(b), marked: marked(b) });
  const pointList = (where: string, list: unknown[]) => list.forEach((b) => { if (isPoint(b)) { if (out.length > 0) out[out.length - 1]!.marked = true; } else push(where, b); });
  const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
  switch (p) {
    case "anthropic":
      arr(body.tools).forEach((t) => push("tool", t));
      arr(body.system).forEach((b) => push("system", b));
      arr(body.messages).forEach((m, i) => {
        const msg = m as { role: string; content: unknown };
        (typeof msg.content === "string" ? [{ type: "text", text: msg.content }] : arr(msg.content)).forEach((b) => push(`m${i} ${msg.role}`, b));
      });
      break;
    case "bedrock":
      pointList("tool", arr(isObj(body.toolConfig) ? body.toolConfig.tools : undefined));
      pointList("system", arr(body.system));
      arr(body.messages).forEach((m, i) => pointList(`m${i} ${(m as { role: string }).role}`, arr((m as { content: unknown }).content)));
      break;
    case "openrouter":
    case "openai":
      arr(body.tools).forEach((t) => push("tool", t));
      arr(body.messages).forEach((m, i) => {
        const msg = m as { role: string; content: unknown; tool_calls?: unknown; tool_call_id?: unknown };
        const where = `m${i} ${msg.role}${msg.tool_call_id !== undefined ? ` ${String(msg.tool_call_id)}` : ""}`;
        (typeof msg.content === "string" ? [{ type: "text", text: msg.content }] : arr(msg.content)).forEach((b) => push(where, b));
        if (msg.tool_calls !== undefined) push(`${where} calls`, msg.tool_calls);
      });
      break;
    case "gemini":
      arr(body.tools).forEach((t) => push("tool", t));
      arr(isObj(body.systemInstruction) ? body.systemInstruction.parts : undefined).forEach((b) => push("system", b));
      arr(body.contents).forEach((c, i) => arr((c as { parts: unknown }).parts).forEach((b) => push(`c${i} ${(c as { role: string }).role}`, b)));
      break;
  }
  return out;
}

const interned = new Map<string, string>();
/** A short stable id for a string (the same string always gets the same id). */
function intern(s: string): string {
  let id = interned.get(s);
  if (id === undefined) { id = interned.size.toString(36); interned.set(s, id); }
  return id;
}

/** One provider's cache over a session. */
export class ProviderCache {
  private readonly entries = new Map<string, number>(); // prefix key → expiry (simulated seconds)
  private readonly sent: Array<{ keys: string[]; at: number }> = [];
  readonly style: "breakpoints" | "automatic";
  readonly min: number;
  readonly ttlSeconds: number;

  constructor(readonly provider: SimProvider) {
    const record = providerById(provider);
    this.style = provider === "openai" || provider === "gemini" ? "automatic" : "breakpoints";
    this.min = record.minCacheableTokens(SIM_MODELS[provider]);
    this.ttlSeconds = 300; // 5-minute TTL (breakpoint providers' default); in-memory automatic caches modelled the same
  }

  /** OpenAI reports cached tokens as 1,024 + 128·n; others report what matched. */
  private floor(tokens: number): number {
    if (tokens < this.min) return 0;
    return this.provider === "openai" ? this.min + 128 * Math.floor((tokens - this.min) / 128) : tokens;
  }

  /**
   * Sends one request at time `now`: returns what it reads from the cache, the theoretical maximum read under the
   * provider's rules (longest prefix shared with an earlier request sent within the TTL, at least the minimum), and
   * the input tokens.
   */
  send(blocks: Block[], count: (text: string) => number, now: number): { input: number; read: number; theoretical: number } {
    // A prefix is named by a small interned id: (id of the prefix before it, id of its last block's bytes).
    const keys: string[] = [];
    const upTo: number[] = [];
    let key = "", tokens = 0;
    for (const b of blocks) { key = intern(`${key}|${intern(b.key)}`); tokens += count(b.text); keys.push(key); upTo.push(tokens); }

    let best = -1;
    for (const s of this.sent) {
      if (now - s.at > this.ttlSeconds) continue;
      let i = 0;
      while (i < keys.length && i < s.keys.length && keys[i] === s.keys[i]) i++;
      best = Math.max(best, i - 1);
    }
    const theoretical = best >= 0 ? this.floor(upTo[best]!) : 0;

    for (const [k, expiry] of this.entries) if (expiry <= now) this.entries.delete(k);
    let hit = -1;
    if (this.style === "automatic") {
      for (let i = keys.length - 1; i >= 0; i--) if (this.entries.has(keys[i]!)) { hit = i; break; }
      keys.forEach((k) => this.entries.set(k, now + this.ttlSeconds));
    } else {
      const marks = blocks.flatMap((b, i) => (b.marked ? [i] : []));
      for (const m of marks) {
        for (let i = m; i >= 0 && i > m - 20; i--) if (this.entries.has(keys[i]!)) { if (i > hit) hit = i; break; }
      }
      if (hit >= 0) this.entries.set(keys[hit]!, now + this.ttlSeconds);
      for (const m of marks) if (upTo[m]! >= this.min) this.entries.set(keys[m]!, now + this.ttlSeconds);
    }
    this.sent.push({ keys, at: now });
    const read = hit >= 0 ? this.floor(upTo[hit]!) : 0;
    return { input: tokens, read, theoretical };
  }
}

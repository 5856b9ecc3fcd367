// A simulated agent session over a SessionStore: every turn freezes the system prompt (freezeSession), builds an
// Anthropic Messages request from it and a growing conversation (anthropicRequest), and works out what Anthropic's
// prompt cache would read and write for that request. Test machinery (under test/, so it stays out of dist/), used by
// the tests to show that a frozen prompt keeps the cache hitting through memory writes, a platform switch and a store
// reload, and misses exactly once after a compression.
// Runtime-neutral: no node:*, DOM or Workers global; the store and the token counter come in from the caller.
//
// The cache model follows the prompt-caching page (https://platform.claude.com/docs/en/build-with-claude/prompt-caching):
// - a request renders as one sequence of blocks: each tool, each system block, each message's content blocks (string
//   content is one text block), in that order;
// - a cache entry is the exact prefix up to and including a block that carries `cache_control`, and is written only
//   there (anthropicRequest marks a block only when its prefix reaches the model's minimum cacheable length);
// - an entry lives `ttl` (5m or 1h) after it was last written or read;
// - a read looks for a live entry at each breakpoint and at the block boundaries before it, at most 20 blocks back
//   (the "20-block lookback", as described in third-party write-ups of the same page, e.g.
//   https://dev.to/ji_ai/claude-prompt-caching-why-agent-loops-miss-the-20-block-lookback-d36); the longest hit is read.
// Prefix bytes are compared as canonical JSON with `cache_control` left out: moving a marker does not change the
// cached bytes. Tokens are the caller's counter applied to each block's text (the texts anthropicRequest counts);
// Anthropic's tokenizer is not public and adds a few formatting tokens per block, so every count is an approximation.

import {
  anthropicRequest, countAnthropicBreakpoints, estimateTokens, prefixTextOfBlock,
  type AnthropicContentBlock, type AnthropicMessage, type AnthropicMessagesRequest, type AnthropicTool, type AnthropicTtl,
} from "../../src/providers/anthropic.js";
import { freezeSession, invalidateSession, type CurrentRuntime, type PromptScanner, type SessionState, type SessionWarning } from "../../src/stores/session.js";
import type { SessionLogger, SessionStore } from "../../src/stores/types.js";

/**
 * Something that happens before a turn:
 * - `reload`: the simulator closes the store and opens a new instance over the same persistence (closeStore, openStore);
 * - `compress`: context compression: invalidateSession, and the conversation so far is replaced by a summary;
 * - `label`: something the caller did itself (a memory write, a platform switch), shown in the report.
 */
export type SimulationEvent =
  | { kind: "reload" }
  | { kind: "compress"; summary?: string }
  | { kind: "label"; text: string };

/** Options of simulateSession. */
export interface SimulateSessionOptions {
  sessionId: string;
  /** Number of turns, a positive integer. */
  turns: number;
  /** Opens the store: once at the start and again after each `reload` event. */
  openStore(): Promise<SessionStore>;
  /** Closes a store before a reload and at the end (default: nothing). */
  closeStore?(store: SessionStore): Promise<void>;
  /** Assembles the prompt (e.g. `() => pa.assemble(reader, options)`); called only when the store has no usable one. */
  build(): Promise<{ prompt: string }>;
  /** The runtime of a turn (1-based): model, provider, cwd (staleness) and platform (the one-turn note). */
  runtime(turn: number): CurrentRuntime;
  /** Runs before a turn (1-based); the caller changes its workspace or platform here and returns what happened. */
  beforeTurn?(turn: number): SimulationEvent[] | void | Promise<SimulationEvent[] | void>;
  /** The Anthropic model id of every request (decides the minimum cacheable length). */
  model: string;
  /** `max_tokens` of every request (default 1024). */
  maxTokens?: number;
  /** Cache lifetime of every marker (default "5m"). */
  ttl?: AnthropicTtl;
  /** Tool definitions sent on every request (they render first, so they are part of every cached prefix). */
  tools?: readonly AnthropicTool[];
  /** The ephemeral system prompt of every request: appended to the dynamic block, never stored. */
  ephemeral?: string;
  /** The user message of a turn (default: a short question naming the turn). */
  user?(turn: number): string | AnthropicContentBlock[];
  /** The assistant's reply to a turn, appended to the conversation after the request (default: a short answer). */
  assistant?(turn: number): string | AnthropicContentBlock[];
  /** Counts the tokens of a text (default estimateTokens, ceil(UTF-16 code units / 4)); may be async. */
  countTokens?(text: string): number | Promise<number>;
  /** Simulated seconds between two turns, for the cache TTL (default 30). */
  turnSeconds?: number;
  /** Where freezeSession warnings go (default: kept in the turn's `warnings` only, nothing printed). */
  logger?: SessionLogger;
  /** Scans the prompt read back from the store every turn (FreezeOptions.scanner); default: none. */
  scanner?: PromptScanner;
  /** The clock for stored records' createdAt (default: the real clock). */
  now?: () => Date;
}

/** One simulated turn. Token counts use the simulation's counter (see the file comment). */
export interface SimulatedTurn {
  /** 1-based. */
  turn: number;
  /** What happened before this turn: "reload", "compress" and the caller's labels, in order. */
  events: string[];
  /** What freezeSession found in the store. */
  state: SessionState;
  /** Whether the store holds this turn's prompt afterwards. */
  stored: boolean;
  /** The system prompt sent (the frozen bytes, without the ephemeral part). */
  prompt: string;
  /**
   * The platform note put into this turn's user message: only on the first turn on a new platform (freezeSession
   * reports the note on every turn until the next rebuild; sending it once keeps the conversation prefix stable).
   */
  platformNote?: string;
  /** The request body sent. */
  request: AnthropicMessagesRequest;
  /** `cache_control` markers in the request. */
  breakpoints: number;
  /** Tokens of the whole request input (tools, system, messages). */
  inputTokens: number;
  /** Tokens read from the cache (Anthropic's `cache_read_input_tokens`). */
  cacheReadTokens: number;
  /** Tokens written to the cache (`cache_creation_input_tokens`): from the end of the read up to the last breakpoint. */
  cacheWriteTokens: number;
  /** The rest (`input_tokens`): after the last breakpoint, or everything when nothing is cached. */
  uncachedTokens: number;
  /** True when anthropicRequest left the conversation and tools it was given exactly as they were. */
  inputsUnchanged: boolean;
  /** freezeSession's warnings this turn (and invalidateSession's, on a compression turn). */
  warnings: SessionWarning[];
}

/** How far back from a breakpoint a read looks for an earlier entry, in blocks (the breakpoint's own block included). */
export const CACHE_LOOKBACK_BLOCKS = 20;

const TTL_SECONDS: Record<AnthropicTtl, number> = { "5m": 300, "1h": 3600 };

/**
 * Runs a simulated session of `options.turns` turns and reports each turn's state and cache use.
 *
 * Each turn: `beforeTurn` (the caller's changes; then a reload or compression it asks for), freezeSession with
 * `build`, then a request built by anthropicRequest from the frozen prompt, the ephemeral text, the tools and the
 * conversation so far plus this turn's user message (with the platform note on the first turn on a new platform),
 * then the cache read and write under the model in the file comment, then the assistant's reply joins the conversation.
 * @returns one SimulatedTurn per turn, in order.
 * @throws whatever build, openStore or the options' callbacks throw; PromptasmError E_ARG for a bad session id or
 *   request input. Store failures are warnings (see freezeSession), not throws.
 * @example
 *   const turns = await simulateSession({ sessionId: "s1", turns: 20, openStore: async () => store, build,
 *     runtime: () => ({ model, provider, cwd, platform: "cli" }), model: "claude-sonnet-4-5" });
 *   console.log(formatSimulationTable(turns));
 */
export async function simulateSession(options: SimulateSessionOptions): Promise<SimulatedTurn[]> {
  const { sessionId, turns: count, model } = options;
  if (!Number.isInteger(count) || count <= 0) throw new RangeError(`turns must be a positive integer, got ${String(count)}`);
  const ttl = options.ttl ?? "5m";
  const step = options.turnSeconds ?? 30;
  const counter = options.countTokens ?? estimateTokens;
  const memo = new Map<string, number>();
  const tokensOf = async (texts: Iterable<string>) => {
    for (const t of texts) if (!memo.has(t)) memo.set(t, await counter(t));
  };
  const syncCount = (text: string) => memo.get(text) ?? estimateTokens(text);
  const cache = new Map<string, number>(); // prefix key → expiry (simulated seconds)

  let store = await options.openStore();
  let history: AnthropicMessage[] = [];
  let lastPlatform: string | undefined;
  const out: SimulatedTurn[] = [];
  try {
    for (let turn = 1; turn <= count; turn++) {
      const now = turn * step;
      const events = (await options.beforeTurn?.(turn)) ?? [];
      const warnings: SessionWarning[] = [];
      const logger: SessionLogger = {
        warn(message, detail) {
          warnings.push(detail.cause === undefined ? { code: detail.code, message } : { code: detail.code, message, cause: detail.cause });
          options.logger?.warn(message, detail);
        },
      };
      for (const e of events) {
        if (e.kind === "reload") {
          await options.closeStore?.(store);
          store = await options.openStore();
        } else if (e.kind === "compress") {
          await invalidateSession(store, sessionId, { logger });
          history = [
            { role: "user", content: e.summary ?? `Summary of the conversation before turn ${turn}: the work so far, condensed.` },
            { role: "assistant", content: "Understood; continuing from the summary." },
          ];
        }
      }

      const current = options.runtime(turn);
      const frozen = await freezeSession(store, sessionId, options.build, current, { logger, ...(options.now ? { now: options.now } : {}), ...(options.scanner ? { scanner: options.scanner } : {}) });
      // The note goes out once: on the first turn of the simulation or after a change of platform.
      const firstOnPlatform = turn === 1 || current.platform !== lastPlatform;
      lastPlatform = current.platform;
      const note = firstOnPlatform ? frozen.platformNote : undefined;
      const user = withNote(options.user?.(turn) ?? `Turn ${turn}: what is the next step?`, note);
      const messages: AnthropicMessage[] = [...history, { role: "user", content: user }];
      const tools = options.tools;

      const before = JSON.stringify({ messages, tools });
      const input = { system: frozen.prompt, messages, model, maxTokens: options.maxTokens ?? 1024, ttl, ...(tools ? { tools } : {}), ...(options.ephemeral !== undefined ? { ephemeral: options.ephemeral } : {}) };
      // anthropicRequest counts synchronously: a dry run collects the texts it counts, the real run reads their counts.
      const seen = new Set<string>();
      anthropicRequest({ ...input, countTokens: (t) => { seen.add(t); return syncCount(t); } });
      await tokensOf(seen);
      const request = anthropicRequest({ ...input, countTokens: syncCount });
      const inputsUnchanged = JSON.stringify({ messages, tools }) === before;

      const blocks = renderBlocks(request);
      await tokensOf(blocks.map((b) => b.text));
      const usage = cacheUse(blocks, syncCount, cache, now, TTL_SECONDS[ttl]);

      const t: SimulatedTurn = {
        turn, events: events.map((e) => (e.kind === "label" ? e.text : e.kind)), state: frozen.state, stored: frozen.stored,
        prompt: frozen.prompt, request, breakpoints: countAnthropicBreakpoints(request), ...usage, inputsUnchanged,
        warnings,
      };
      if (note !== undefined) t.platformNote = note;
      out.push(t);
      history = [...messages, { role: "assistant", content: options.assistant?.(turn) ?? `Done with turn ${turn}.` }];
    }
  } finally {
    await options.closeStore?.(store);
  }
  return out;
}

/**
 * A Markdown table of a simulation: turn, events, state, breakpoints, input, cache read and write, uncached tokens,
 * and whether the platform note went out.
 */
export function formatSimulationTable(turns: readonly SimulatedTurn[]): string {
  const rows = [
    "| turn | events | state | breakpoints | input tokens | cache read | cache write | uncached | platform note |",
    "|---:|---|---|---:|---:|---:|---:|---:|---|",
  ];
  for (const t of turns) {
    rows.push(`| ${t.turn} | ${t.events.join(", ")} | ${t.state} | ${t.breakpoints} | ${t.inputTokens} | ${t.cacheReadTokens} | ${t.cacheWriteTokens} | ${t.uncachedTokens} | ${t.platformNote !== undefined ? "yes" : ""} |`);
  }
  return rows.join("\n") + "\n";
}

/** A user message with the platform note in it: first for text, after the tool results for blocks (they must lead). */
function withNote(content: string | AnthropicContentBlock[], note: string | undefined): string | AnthropicContentBlock[] {
  if (note === undefined) return content;
  if (typeof content === "string") return `${note}\n\n${content}`;
  const results = content.filter((b) => b.type === "tool_result");
  return [...results, { type: "text", text: note }, ...content.filter((b) => b.type !== "tool_result")];
}

interface RenderedBlock {
  /** This block's part of the prefix bytes (canonical JSON without cache_control, with its place). */
  key: string;
  /** The text counted for it (what anthropicRequest counts). */
  text: string;
  marked: boolean;
}

/** The request as the cache sees it: tools, system blocks, message blocks, in order. */
function renderBlocks(request: AnthropicMessagesRequest): RenderedBlock[] {
  const blocks: RenderedBlock[] = [];
  for (const tool of request.tools ?? []) {
    const { cache_control, ...rest } = tool;
    blocks.push({ key: `tool ${canonical(rest)}`, text: JSON.stringify(rest), marked: cache_control !== undefined });
  }
  for (const b of request.system ?? []) blocks.push({ key: `system ${canonical(b)}`, text: b.text, marked: b.cache_control !== undefined });
  request.messages.forEach((m, i) => {
    const content: AnthropicContentBlock[] = typeof m.content === "string" ? [{ type: "text", text: m.content }] : m.content;
    for (const b of content) {
      blocks.push({ key: `message ${i} ${m.role} ${canonical(b)}`, text: prefixTextOfBlock(b), marked: (b as { cache_control?: unknown }).cache_control !== undefined });
    }
  });
  return blocks;
}

/** Reads the longest live entry reachable from a breakpoint, then writes (or refreshes) an entry at every breakpoint. */
function cacheUse(blocks: RenderedBlock[], count: (text: string) => number, cache: Map<string, number>, now: number, ttlSeconds: number) {
  const keys: string[] = [];
  const upTo: number[] = [];
  let key = "", tokens = 0;
  for (const b of blocks) {
    key += `\u0000${b.key}`;
    tokens += count(b.text);
    keys.push(key);
    upTo.push(tokens);
  }
  const marks = blocks.flatMap((b, i) => (b.marked ? [i] : []));
  let hit = -1;
  for (const m of marks) {
    for (let i = m; i >= 0 && i > m - CACHE_LOOKBACK_BLOCKS; i--) {
      if ((cache.get(keys[i]!) ?? -Infinity) > now) { if (i > hit) hit = i; break; }
    }
  }
  for (const [k, expiry] of cache) if (expiry <= now) cache.delete(k);
  if (hit >= 0) cache.set(keys[hit]!, now + ttlSeconds);
  for (const m of marks) cache.set(keys[m]!, now + ttlSeconds);
  const read = hit >= 0 ? upTo[hit]! : 0;
  const last = marks.length > 0 ? upTo[marks[marks.length - 1]!]! : 0;
  const write = Math.max(0, last - read);
  return { inputTokens: tokens, cacheReadTokens: read, cacheWriteTokens: write, uncachedTokens: tokens - read - write };
}


/** JSON with sorted keys and every `cache_control` left out. */
function canonical(value: unknown): string {
  if (value === null || typeof value !== "object") return JSON.stringify(value) ?? "null";
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  const entries = Object.entries(value as Record<string, unknown>).filter(([k, v]) => k !== "cache_control" && v !== undefined).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(",")}}`;
}

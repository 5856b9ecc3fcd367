// The simulated 20-turn session of test/simulation.test.ts, with KvSessionStore over the real KV binding
// (env.PROMPTS) inside workerd (vitest-pool-workers): the same scenario (memory writes and a new skill mid-session, a
// platform switch at turn 8, a store reload at turn 11, a context compression at turn 15) over the real assembler on
// an in-memory workspace (MapWorkspaceReader), the WASM core imported as a module as src/adapters/workerd/worker.ts does, and
// the same assertions. A reload is a new KvSessionStore over the same binding and prefix: nothing but KV carries the
// prompt across it. The fixtures are shared with test/simulation.test.ts (test/helpers/simulation-fixtures.ts).
//
// Tokens: cl100k_base through js-tiktoken (src/tokens/tokens.ts), as in Node: it loads and counts inside workerd
// (the whole 20-turn run takes about 1 s there), so the counts are the Node run's, turn for turn. The table is
// printed on every run.
import { env } from "cloudflare:workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import mod from "../../build/release.wasm";
import { createPromptasm, MapWorkspaceReader, type Promptasm } from "../../src/index.js";
import { canCarryBreakpoint, type AnthropicContentBlock } from "../../src/providers/anthropic.js";
import { KvSessionStore } from "../../src/stores/kv.js";
import { formatSimulationTable, simulateSession, type SimulatedTurn, type SimulationEvent } from "../helpers/simulate.js";
import type { SessionStore } from "../../src/stores/types.js";
import { AGENTS, COMPRESSION_TURN, MEMORY_1, MEMORY_2, MEMORY_3, MODEL, NOW, SKILL, SOUL, TOOLS, cl100k, deepFreeze } from "../helpers/simulation-fixtures.js";


/** Deletes every key under `prefix` (list pages of up to 1000 keys). */
async function deletePrefix(kv: typeof env.PROMPTS, prefix: string): Promise<void> {
  let cursor: string | undefined;
  do {
    const page = await kv.list({ prefix, cursor });
    await Promise.all(page.keys.map((k) => kv.delete(k.name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor !== undefined);
}

const PREFIX = "simulation/kv/";
let pa: Promptasm;

/** The scenario of test/simulation.test.ts with a KV location. Returns the turns and the store instances opened. */
async function runScenario() {
  const files: Record<string, string> = {
    "/repo/.git/": "",
    "/repo/AGENTS.md": AGENTS,
    "/home/wren/SOUL.md": SOUL,
    "/home/wren/MEMORY.md": MEMORY_1,
  };
  let platform = "cli";
  const opened: SessionStore[] = [];
  const build = () => pa.assemble(new MapWorkspaceReader({ ...files }), {
    cwd: "/repo", home: "/home/wren", model: MODEL, provider: "anthropic", platform,
    // skill_view: the skills index is built only when a skill tool is present (issue 16).
    tools: [{ name: "read_file" }, { name: "run" }, { name: "skill_view" }], now: NOW, timeZone: "UTC",
  });
  const label = (text: string): SimulationEvent => ({ kind: "label", text });
  const tools = deepFreeze(structuredClone(TOOLS));
  const turns = await simulateSession({
    sessionId: "sim-session",
    turns: 20,
    model: MODEL,
    tools,
    ephemeral: "Answer in English.",
    countTokens: cl100k,
    now: () => NOW,
    // Every open is a new object over the binding, like a new request or isolate; close has nothing to release.
    openStore: async () => { const s = new KvSessionStore(env.PROMPTS, { prefix: PREFIX }); opened.push(s); return s; },
    closeStore: async () => {},
    build,
    runtime: () => ({ model: MODEL, provider: "anthropic", cwd: "/repo", platform }),
    beforeTurn(turn) {
      switch (turn) {
        case 4: files["/home/wren/MEMORY.md"] = MEMORY_2; return [label("memory write")];
        case 6: files["/home/wren/skills/release-notes/SKILL.md"] = SKILL; return [label("skill saved")];
        case 8: platform = "telegram"; return [label("platform cli → telegram")];
        case 10: files["/home/wren/MEMORY.md"] = MEMORY_3; return [label("memory write")];
        case 11: return [{ kind: "reload" }];
        case COMPRESSION_TURN: return [{ kind: "compress", summary: "Summary of turns 1–14: the refund job was made idempotent and its tests pass." }];
      }
    },
    // Turn 3's reply calls a tool and turn 4's user message carries its result.
    assistant: (turn) => (turn === 3
      ? [{ type: "text", text: "Reading the job first." }, { type: "tool_use", id: "toolu_3", name: "read_file", input: { path: "src/jobs/refund.ts" } }]
      : `Done with step ${turn}: the change is in place and the tests pass.`),
    user: (turn): string | AnthropicContentBlock[] => {
      const text = `Step ${turn}: please continue with the refund job and tell me what you changed.`;
      return deepFreeze(turn === 4 ? [{ type: "tool_result", tool_use_id: "toolu_3", content: "export async function refund() { /* … */ }" }, { type: "text", text }] : text);
    },
  });
  return { turns, opened };
}

describe("a simulated 20-turn session on KvSessionStore (workerd, env.PROMPTS)", () => {
  let turns: SimulatedTurn[];
  let opened: SessionStore[];
  beforeAll(async () => {
    pa = await createPromptasm(mod);
    await deletePrefix(env.PROMPTS, PREFIX);
    const started = Date.now();
    ({ turns, opened } = await runScenario());
    console.log(`KvSessionStore (workerd, env.PROMPTS), ${Date.now() - started} ms\n${formatSimulationTable(turns)}`);
  }, 60_000);
  afterAll(() => deletePrefix(env.PROMPTS, PREFIX));

  it("builds on turn 1 and after the compression, reuses the stored prompt on every other turn, with no warnings", () => {
    expect(turns.map((t) => t.state)).toEqual(turns.map((t) => (t.turn === 1 || t.turn === COMPRESSION_TURN ? "missing" : "present")));
    expect(turns.every((t) => t.stored)).toBe(true);
    expect(turns.flatMap((t) => t.warnings)).toEqual([]);
  });

  it("the stable system block is byte-identical on every turn but the one right after the compression", () => {
    const stable = turns.map((t) => t.request.system![0]!.text);
    for (let i = 1; i < turns.length; i++) {
      if (turns[i]!.turn === COMPRESSION_TURN) expect(stable[i]).not.toBe(stable[i - 1]);
      else expect(stable[i]).toBe(stable[i - 1]);
    }
    // The whole frozen prompt too: one value before the compression, another after it.
    expect(new Set(turns.slice(0, COMPRESSION_TURN - 1).map((t) => t.prompt)).size).toBe(1);
    expect(new Set(turns.slice(COMPRESSION_TURN - 1).map((t) => t.prompt)).size).toBe(1);
  });

  it("memory writes, the new skill and the platform switch reach the prompt only with the rebuild after compression", () => {
    const before = turns[COMPRESSION_TURN - 2]!.prompt, after = turns[COMPRESSION_TURN - 1]!.prompt;
    expect(before).toContain(MEMORY_1);
    expect(before).not.toContain("Tuesdays");
    expect(before).not.toContain("release-notes");
    expect(before).toContain("Platform: a terminal");
    expect(after).toContain(MEMORY_3);
    expect(after).toContain("release-notes: draft release notes");
    expect(after).not.toContain("Platform: a terminal");
    // The skill index is in the stable block, so the rebuild moved the stable prefix; memory is in the dynamic block.
    expect(turns[COMPRESSION_TURN - 1]!.request.system![0]!.text).toContain("release-notes");
    expect(turns[COMPRESSION_TURN - 1]!.request.system![1]!.text).toContain("Tuesdays");
  });

  it("the platform switch keeps the bytes and puts a note into that one turn's user message", () => {
    const withNote = turns.filter((t) => t.platformNote !== undefined).map((t) => t.turn);
    expect(withNote).toEqual([8]);
    const t8 = turns[7]!;
    expect(t8.state).toBe("present");
    expect(t8.prompt).toBe(turns[6]!.prompt);
    expect(t8.platformNote).toMatch(/^Platform note \(this turn\): the conversation moved from cli to telegram/);
    const last = t8.request.messages[t8.request.messages.length - 1]!;
    const text = typeof last.content === "string" ? last.content : last.content.map((b) => (b.type === "text" ? b.text : "")).join("\n");
    expect(text.startsWith(t8.platformNote!)).toBe(true);
    expect(t8.prompt).not.toContain("Platform note");
  });

  it("the reload opens a new store instance over the same persistence and still finds the prompt", () => {
    expect(turns[10]!.events).toEqual(["reload"]);
    expect(turns[10]!.state).toBe("present");
    expect(turns[10]!.prompt).toBe(turns[9]!.prompt);
    expect(opened).toHaveLength(2);
    expect(opened[1]).not.toBe(opened[0]);
  });

  it("cached-prefix tokens are > 0 on every turn after the first except the compression turn", () => {
    for (const t of turns) {
      if (t.turn === 1 || t.turn === COMPRESSION_TURN) {
        expect(t.cacheReadTokens, `turn ${t.turn}`).toBe(0);
        expect(t.cacheWriteTokens, `turn ${t.turn}`).toBeGreaterThan(0);
      } else {
        expect(t.cacheReadTokens, `turn ${t.turn}`).toBeGreaterThan(0);
      }
      expect(t.cacheReadTokens + t.cacheWriteTokens + t.uncachedTokens).toBe(t.inputTokens);
    }
    // From turn 3 on (outside the compression) the whole conversation up to the last turn's message is read back.
    for (const t of turns.filter((t) => t.turn >= 3 && t.turn !== COMPRESSION_TURN)) {
      const prev = turns[t.turn - 2]!;
      expect(t.cacheReadTokens, `turn ${t.turn}`).toBeGreaterThanOrEqual(prev.cacheReadTokens);
    }
  });

  it("the stable block alone reaches the model's 1,024-token minimum (cl100k_base), so it carries a breakpoint", async () => {
    const tokens = await cl100k(turns[0]!.request.system![0]!.text);
    expect(tokens).toBeGreaterThan(1024);
  });

  it("never more than 4 breakpoints, never on a block that cannot carry one; the stable block always carries the first", () => {
    for (const t of turns) {
      expect(t.breakpoints).toBeGreaterThan(0);
      expect(t.breakpoints).toBeLessThanOrEqual(4);
      expect(t.request.system![0]!.cache_control).toEqual({ type: "ephemeral", ttl: "5m" });
      for (const m of t.request.messages) {
        if (typeof m.content === "string") continue;
        for (const b of m.content) if ((b as { cache_control?: unknown }).cache_control !== undefined) expect(canCarryBreakpoint(b)).toBe(true);
      }
    }
  });

  it("inputs are not mutated; the ephemeral text is in the request, never in the stored prompt", () => {
    expect(turns.every((t) => t.inputsUnchanged)).toBe(true);
    expect(TOOLS[0]).not.toHaveProperty("cache_control");
    for (const t of turns) {
      expect(t.prompt).not.toContain("Answer in English.");
      expect(t.request.system![1]!.text.endsWith("\n\nAnswer in English.")).toBe(true);
    }
  });
});

// Issue 17, OpenClaw sections: the fixed tool order, capability-id normalization, channel capabilities, the runtime
// line, the provider's stable-prefix slot, and the messaging-agent sections, each switchable, each in its tier.
import { describe, expect, it } from "vitest";
import { sections } from "../src/index.js";
import { orderSections } from "../src/sections/builders.js";
import {
  HEARTBEAT_OK_TOKEN, OPENCLAW_SECTION_IDS, OPENCLAW_TOOL_ORDER, SILENT_REPLY_TOKEN, channelCapabilitiesSection, heartbeatsSection,
  messagingSection, modelAliasesSection, normalizeCapabilityIds, openclawRuntimeLine, openclawRuntimeSection, openclawSections,
  openclawToolListSection, openclawToolOrder, providerPrefixSection, silentRepliesSection,
} from "../src/sections/openclaw/index.js";

const argError = (message: RegExp) => expect.objectContaining({ code: "E_ARG", message: expect.stringMatching(message) });

describe("OpenClaw's tool order", () => {
  it("is OpenClaw's 29 core names in its order", () => {
    expect(OPENCLAW_TOOL_ORDER).toHaveLength(29);
    expect(OPENCLAW_TOOL_ORDER.slice(0, 11)).toEqual(["read", "write", "edit", "apply_patch", "grep", "find", "ls", "exec", "process", "web_search", "web_fetch"]);
    expect(OPENCLAW_TOOL_ORDER.slice(11)).toEqual(["browser", "canvas", "nodes", "cron", "message", "gateway", "agents_list", "sessions_list", "sessions_history", "sessions_search", "sessions_send", "sessions_spawn", "sessions_yield", "subagents", "session_status", "skill_workshop", "image", "image_generate"]);
  });

  it("known names first in that order, then the rest by code unit; de-duplicated case-insensitively, first spelling kept", () => {
    expect(openclawToolOrder(["zeta", "exec", " Read ", "message", "read", "Alpha", "", "cron", "beta"])).toEqual(["Read", "exec", "cron", "message", "Alpha", "beta", "zeta"]);
    expect(openclawToolOrder(["sessions_spawn", "canvas", "gateway", "nodes"])).toEqual(["canvas", "nodes", "gateway", "sessions_spawn"]);
    expect(() => openclawToolOrder(["a\nb"])).toThrow(argError(/holds a control character/));
    expect(() => openclawToolOrder([3 as never])).toThrow(argError(/tool name 0 must be a string, got 3/));
  });

  it("the tool list section: same bytes whatever the input order, first non-blank summary kept", () => {
    const a = openclawToolListSection([{ name: "web_fetch", summary: "Fetch a page\nmore" }, { name: "read" }, { name: "mytool", summary: "Mine" }]);
    const b = openclawToolListSection([{ name: "mytool", summary: "Mine" }, { name: "read", summary: "" }, { name: "web_fetch", summary: "Fetch a page" }]);
    expect(a).toEqual(b);
    expect(a).toEqual({ id: "tool-list", tier: "stable", sources: [], text: "## Tools\n\nTool names are case-sensitive; call each exactly as listed.\n- read\n- web_fetch: Fetch a page\n- mytool: Mine" });
    expect(openclawToolListSection([])).toBeNull();
  });
});

describe("capabilities and the runtime line", () => {
  it("normalizes capability ids: trim, lower-case, drop blanks, de-duplicate, sort", () => {
    expect(normalizeCapabilityIds([" Reactions", "inlineButtons", "reactions", "", "  ", "RichText"])).toEqual(["inlinebuttons", "reactions", "richtext"]);
    expect(normalizeCapabilityIds(undefined)).toEqual([]);
    expect(() => normalizeCapabilityIds(["a", 1 as never])).toThrow(argError(/capabilities\[1\] must be a string, got 1/));
  });

  it("prints host, OS, node, model, provider, cwd, shell, channel, capabilities and thinking in a fixed order", () => {
    expect(openclawRuntimeLine({
      thinking: "high", shell: "zsh", channel: " Telegram ", capabilities: ["Reactions", "inlinebuttons"], cwd: "/work/repo", provider: "anthropic",
      model: "claude-sonnet-4-5", node: "v20.20.0", arch: "arm64", os: "darwin", host: "mac-mini",
    })).toBe("Runtime: host=mac-mini | os=darwin (arm64) | node=v20.20.0 | model=claude-sonnet-4-5 | provider=anthropic | cwd=/work/repo | shell=zsh | channel=telegram | capabilities=inlinebuttons,reactions | thinking=high");
    expect(openclawRuntimeLine({})).toBe("Runtime: thinking=off");
    expect(openclawRuntimeLine({ arch: "x64", channel: "cli" })).toBe("Runtime: arch=x64 | channel=cli | capabilities=none | thinking=off");
    expect(openclawRuntimeLine({ capabilities: ["reactions"], host: "a|b\nc" })).toBe("Runtime: host=a/b c | thinking=off");
    expect(() => openclawRuntimeLine({ thinking: "max" as never })).toThrow(argError(/thinking must be one of off, minimal, low, medium, high, xhigh, got "max"/));
  });

  it("the runtime section is volatile (below the boundary), with the reasoning visibility line when given", () => {
    const s = openclawRuntimeSection({ model: "m", reasoning: "stream" })!;
    expect(s).toEqual({ id: "runtime", tier: "volatile", sources: [], text: "Runtime: model=m | thinking=off\nReasoning: stream (your reasoning is streamed to the user as you write it)." });
    expect(() => openclawRuntimeSection({ reasoning: "loud" as never })).toThrow(argError(/reasoning must be one of off, on, stream/));
  });
});

describe("messaging-agent sections", () => {
  it("silent replies and heartbeats name their tokens; tokens must be one line", () => {
    expect(SILENT_REPLY_TOKEN).toBe("NO_REPLY");
    expect(HEARTBEAT_OK_TOKEN).toBe("HEARTBEAT_OK");
    expect(silentRepliesSection()!.text).toContain("reply with exactly NO_REPLY and nothing else");
    expect(silentRepliesSection("SHH")!.text).toContain("Never add SHH to a real reply");
    expect(heartbeatsSection()!).toMatchObject({ id: "heartbeats", tier: "volatile" });
    expect(heartbeatsSection()!.text).toContain("reply with exactly HEARTBEAT_OK.");
    expect(() => silentRepliesSection("A\nB")).toThrow(argError(/silent reply token must be one non-blank line/));
    expect(() => heartbeatsSection(" ")).toThrow(argError(/heartbeat ack token must be one non-blank line/));
  });

  it("messaging follows the channel and the message tool; channel capabilities list notes for known ids", () => {
    expect(messagingSection({})).toBeNull();
    const withTool = messagingSection({ channel: "Discord", messageTool: true })!.text;
    expect(withTool).toContain("on discord.");
    expect(withTool).toContain("use the `message` tool");
    expect(withTool).toContain("reply with NO_REPLY.");
    expect(messagingSection({ channel: "sms", silentToken: null })!.text).toBe("## Messaging\n\nYour reply goes back to the chat this message came from, on sms.\nYou cannot message other chats in this session; say so if the user asks you to.");
    expect(channelCapabilitiesSection("Slack", ["Threads", "custom", "threads"])).toEqual({ id: "channel-capabilities", tier: "volatile", sources: [], text: "## Channel\n\nChannel slack supports:\n- custom\n- threads: replies can go into a thread" });
    expect(channelCapabilitiesSection("sms", [])!.text).toBe("## Channel\n\nChannel sms has no special capabilities: send plain text.");
    expect(channelCapabilitiesSection(undefined, ["x"])).toBeNull();
  });

  it("model aliases are sorted by alias; the provider prefix is stable text as given", () => {
    expect(modelAliasesSection({ sonnet: "anthropic/claude-sonnet-4-5", fast: "openai/gpt-5-mini", " ": "x" })!.text).toBe("## Model aliases\n\nWhen asked to switch models, prefer these aliases; a full provider/model id works too.\n- fast: openai/gpt-5-mini\n- sonnet: anthropic/claude-sonnet-4-5");
    expect(modelAliasesSection({})).toBeNull();
    expect(() => modelAliasesSection({ a: 1 as never })).toThrow(argError(/modelAliases\["a"\] must be a string/));
    expect(providerPrefixSection("  Use tools eagerly.  ")).toEqual({ id: "provider-prefix", tier: "stable", sources: [], text: "Use tools eagerly." });
    expect(providerPrefixSection(" ")).toBeNull();
  });
});

describe("openclawSections", () => {
  const full = {
    tools: [{ name: "message" }, { name: "read" }],
    providerPrefix: "Provider text.",
    reasoningHint: "Think inside <think> tags.",
    modelAliases: { fast: "gpt-5-mini" },
    heartbeats: true,
    groupContext: "A team chat of five.",
    subagentContext: "Summarize the logs.",
    runtime: { channel: "telegram", capabilities: ["reactions"], host: "h" },
  };

  it("is on the public entry as sections.openclaw", () => {
    expect(sections.openclaw.openclawSections).toBe(openclawSections);
    expect(sections.openclaw.OPENCLAW_TOOL_ORDER).toBe(OPENCLAW_TOOL_ORDER);
  });

  it("builds every section whose input is there, in OPENCLAW_SECTION_IDS order", () => {
    expect(openclawSections(full).map((s) => s.id)).toEqual([...OPENCLAW_SECTION_IDS]);
    expect(openclawSections().map((s) => s.id)).toEqual(["safety", "silent-replies"]);
  });

  it("each section can be switched off; unknown switches are an error", () => {
    for (const id of OPENCLAW_SECTION_IDS) {
      const ids = openclawSections({ ...full, include: { [id]: false } }).map((s) => s.id);
      expect(ids, id).not.toContain(id);
      expect(ids, id).toHaveLength(OPENCLAW_SECTION_IDS.length - 1);
    }
    expect(() => openclawSections({ include: { bogus: false } as never })).toThrow(argError(/unknown OpenClaw section "bogus"/));
  });

  it("stable sections sit above the volatile ones after orderSections, the provider prefix among them, runtime last", () => {
    const ordered = orderSections(openclawSections(full));
    const tiers = ordered.map((s) => s.tier);
    expect(tiers.indexOf("volatile")).toBe(6);
    expect(tiers.slice(0, 6).every((t) => t === "stable")).toBe(true);
    expect(ordered.slice(0, 6).map((s) => s.id)).toContain("provider-prefix");
    expect(ordered[ordered.length - 1]!.id).toBe("runtime");
    expect(ordered.find((s) => s.id === "messaging")!.text).toContain("use the `message` tool");
  });
});

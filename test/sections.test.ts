// Section builders (issue 4, "Sections and modes"): presence rules, exact text for the key cases, orderings that do
// not depend on input order, platform overrides, current-time refresh and prompt modes.
import { describe, expect, it } from "vitest";
import {
  CURRENT_TIME_PREFIX, KNOWN_TOOL_ORDER, KNOWN_TOOL_SUMMARIES, MEMORY_HEADING, MINIMAL_MODE_IDS, NO_DESCRIPTION,
  RUNTIME_DELIMITER, SKILL_DESCRIPTION_MAX, TOOL_USE_AUTO_FAMILIES, UNCATEGORIZED,
  currentTimeLine, currentTimeSection, dateSection, environmentSection, executionBiasSection, identitySection,
  interactionStyleSection, memorySection, modeFilter, normalizeText, orderSections, parseFrontmatter, platformSection,
  runtimeSection, skillsIndexSection, systemMessageSection, toDeveloperRole, toolCallStyleSection,
  toolGuidanceSection, toolListSection, toolUseEnforcementSection, withCurrentTime, type ToolUseEnforcementSetting,
} from "../src/sections/builders.js";
import {
  CONTEXT_GUIDANCE, DEFAULT_EXECUTION_BIAS, DEFAULT_IDENTITY, DEFAULT_INTERACTION_STYLE, DEFAULT_TOOL_CALL_STYLE,
  GEMINI_TOOL_NOTES, MEMORY_TOOL_GUIDANCE, PLATFORM_HINTS, SESSION_SEARCH_GUIDANCE, SKILLS_TOOL_GUIDANCE,
  SKILL_MANAGE_GUIDANCE, TOOL_USE_ENFORCEMENT, EXECUTION_GUIDANCE,
} from "../src/sections/texts.js";
import { compareNames, cutWithEllipsis } from "../src/sections/text-utils.js";
import type { Section } from "../src/sections/types.js";
import { PromptasmError } from "../src/errors.js";

/** Deterministic shuffles (mulberry32), so a failure can be replayed. */
function shuffled<T>(items: readonly T[], seed: number): T[] {
  let s = seed >>> 0;
  const rand = () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function expectCode(fn: () => unknown, code: string): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(PromptasmError);
    expect((e as PromptasmError).code).toBe(code);
    return;
  }
  throw new Error(`expected a PromptasmError ${code}`);
}

const NOW = new Date("2026-11-29T23:30:45Z");

describe("normalization", () => {
  it("turns CRLF/CR into LF, strips trailing blanks and trims, and is idempotent", () => {
    const t = normalizeText("\uFEFF\n  a  \r\nb\t\rc\n\n");
    expect(t).toBe("a\nb\nc");
    expect(normalizeText(t)).toBe(t);
  });

  it("every section a builder returns is normalized", () => {
    const messy = " x \r\n\r\ny\t \r\n";
    const sections = [
      identitySection({ soul: { text: messy, path: "/h/SOUL.md" } }),
      systemMessageSection(messy),
      interactionStyleSection(messy), toolCallStyleSection(messy), executionBiasSection(messy),
      memorySection({ memory: { text: messy, path: "/h/MEMORY.md" }, user: { text: messy, path: "/h/USER.md" }, external: messy }),
      platformSection("cli", { cli: { append: messy } }),
      toolListSection([{ name: "zz", summary: messy }]),
      toolGuidanceSection(["memory", "session_search", "skill_view"]),
      toolUseEnforcementSection({ setting: true, model: "gemini-2.5-pro" }),
      skillsIndexSection([{ path: "/s/a/SKILL.md", text: "---\r\nname: a \r\ndescription: x \r\n---\r\n" }]),
      environmentSection({ os: "linux", wsl: true, cwd: "/w" }),
      runtimeSection({ model: " m ", provider: "p", cwd: "/w" }),
      dateSection({ now: NOW, timeZone: "UTC" }), currentTimeSection({ now: NOW, timeZone: "UTC" }),
    ];
    for (const s of sections) {
      expect(s).not.toBeNull();
      expect(s!.text).toBe(normalizeText(s!.text));
      expect(s!.text).not.toMatch(/\r|[ \t]$/m);
    }
  });

  it("built-in text avoids phrases borrowed from other projects", () => {
    const all = [
      DEFAULT_IDENTITY, CONTEXT_GUIDANCE, DEFAULT_INTERACTION_STYLE, DEFAULT_TOOL_CALL_STYLE, DEFAULT_EXECUTION_BIAS,
      MEMORY_TOOL_GUIDANCE, SESSION_SEARCH_GUIDANCE, SKILLS_TOOL_GUIDANCE, TOOL_USE_ENFORCEMENT, GEMINI_TOOL_NOTES,
      SKILL_MANAGE_GUIDANCE, EXECUTION_GUIDANCE,
      ...Object.values(PLATFORM_HINTS), ...Object.values(KNOWN_TOOL_SUMMARIES),
    ].join("\n").toLowerCase();
    // Phrases from other projects' prompts, spelled in pieces so this file does not carry them either.
    const banned = [["created by", "nous research"], ["running inside", "openclaw"], ["prioritize what reduces", "future user steering"]].map((p) => p.join(" "));
    for (const phrase of banned) {
      expect(all).not.toContain(phrase);
    }
  });
});

describe("identity", () => {
  it("SOUL.md replaces the default identity, with its path as the source", () => {
    expect(identitySection({ soul: { text: "You are Wren.\r\n", path: "/h/SOUL.md" } }))
      .toEqual({ id: "identity", tier: "stable", text: "You are Wren.", sources: ["/h/SOUL.md"] });
  });

  it("no SOUL.md, or a blank one, gives the default identity", () => {
    const def = { id: "identity", tier: "stable", text: DEFAULT_IDENTITY, sources: [] };
    expect(identitySection({})).toEqual(def);
    expect(identitySection({ soul: null })).toEqual(def);
    expect(identitySection({ soul: { text: " \n\t", path: "/h/SOUL.md" } })).toEqual(def);
  });

  it("is the default identity when context files are skipped (a sub-agent), whatever SOUL.md holds", () => {
    const def = { id: "identity", tier: "stable", text: DEFAULT_IDENTITY, sources: [] };
    expect(identitySection({ soul: { text: "You are Wren.", path: "/h/SOUL.md" }, skipContextFiles: true })).toEqual(def);
    expect(identitySection({ skipContextFiles: true })).toEqual(def);
  });
});

describe("tool guidance", () => {
  it("is absent when no memory, session-search or skill tool is present", () => {
    expect(toolGuidanceSection([])).toBeNull();
    expect(toolGuidanceSection(["read", "exec", "reskill", "sessions"])).toBeNull();
  });

  it("adds one paragraph per kind present, in a fixed order", () => {
    expect(toolGuidanceSection(["memory"])!.text).toBe(`# Notes on your tools\n\n${MEMORY_TOOL_GUIDANCE}`);
    expect(toolGuidanceSection(["session_search"])!.text).toBe(`# Notes on your tools\n\n${SESSION_SEARCH_GUIDANCE}`);
    for (const n of ["skill", "skills_list", "skill_view", "Skills"]) {
      expect(toolGuidanceSection([n])!.text).toBe(`# Notes on your tools\n\n${SKILLS_TOOL_GUIDANCE}`);
    }
    // The skill-management tool adds the patch-stale / offer-to-save paragraph (issue 16).
    expect(toolGuidanceSection(["skill_manage"])!.text).toBe(`# Notes on your tools\n\n${SKILLS_TOOL_GUIDANCE}\n${SKILL_MANAGE_GUIDANCE}`);
    const all = `# Notes on your tools\n\n${MEMORY_TOOL_GUIDANCE}\n\n${SESSION_SEARCH_GUIDANCE}\n\n${SKILLS_TOOL_GUIDANCE}`;
    expect(toolGuidanceSection(["skill_view", "session_search", "mcp_Memory_add"])).toEqual({ id: "tool-guidance", tier: "stable", text: all, sources: [] });
    expect(toolGuidanceSection(["mcp_Memory_add", "skill_view", "session_search"])!.text).toBe(all);
  });
});

describe("tool-use enforcement", () => {
  const models = ["gpt-4o", "gpt-5-codex", "claude-sonnet-4", "gemini-2.5-pro", "gemma-3", "grok-4", "glm-4.6", "qwen3", "deepseek-v3", "llama-3"];
  const on = (setting: ToolUseEnforcementSetting) =>
    models.filter((model) => toolUseEnforcementSection({ setting, model }) !== null);

  it("true: on for every model; false: off for every model", () => {
    expect(on(true)).toEqual(models);
    expect(on(false)).toEqual([]);
  });

  it("a list: on when the model name contains a listed substring, case-insensitively", () => {
    expect(on(["CLAUDE", "llama"])).toEqual(["claude-sonnet-4", "llama-3"]);
    expect(on(["gpt-5"])).toEqual(["gpt-5-codex"]);
    expect(on([])).toEqual([]);
    expect(on(["", "  "])).toEqual([]); // blank entries would match everything: ignored
  });

  it("auto: on for the families that tend to describe instead of act", () => {
    expect(TOOL_USE_AUTO_FAMILIES).toEqual(["gpt", "codex", "gemini", "gemma", "grok", "glm", "qwen", "deepseek"]);
    expect(on("auto")).toEqual(["gpt-4o", "gpt-5-codex", "gemini-2.5-pro", "gemma-3", "grok-4", "glm-4.6", "qwen3", "deepseek-v3"]);
    expect(toolUseEnforcementSection({ setting: "auto", model: "OpenRouter/Qwen/Qwen3-Coder" })).not.toBeNull();
  });

  it("an unknown setting is an error (not auto); without a model only true turns it on", () => {
    expectCode(() => on("sometimes" as unknown as ToolUseEnforcementSetting), "E_ARG");
    expect(toolUseEnforcementSection({ setting: "auto" })).toBeNull();
    expect(toolUseEnforcementSection({ setting: ["gpt"] })).toBeNull();
    expect(toolUseEnforcementSection({ setting: true })!.text).toBe(TOOL_USE_ENFORCEMENT);
  });

  it("adds the Gemini/Gemma notes exactly for those models", () => {
    for (const model of models) {
      const s = toolUseEnforcementSection({ setting: true, model })!;
      const gem = model.startsWith("gemini") || model.startsWith("gemma");
      expect(s).toEqual({ id: "tool-use-enforcement", tier: "stable", sources: [], text: gem ? `${TOOL_USE_ENFORCEMENT}\n\n${GEMINI_TOOL_NOTES}` : TOOL_USE_ENFORCEMENT });
    }
    expect(toolUseEnforcementSection({ setting: false, model: "gemini-2.5-pro" })).toBeNull();
  });
});

describe("tool list", () => {
  it("lists known tools in the fixed order, then the rest case-insensitively, with exact text", () => {
    const s = toolListSection([
      { name: "zeta", summary: "Last one.\nSecond line is dropped." },
      { name: "exec", summary: "caller's words are not used for known tools" },
      { name: "Alpha" },
      { name: "read" },
      { name: "beta", summary: "  b  tool  " },
    ]);
    expect(s).toEqual({
      id: "tool-list", tier: "stable", sources: [], text: [
        "# Tools",
        "Tool names are case-sensitive: call each tool exactly as it is written below.",
        `- read: ${KNOWN_TOOL_SUMMARIES.read}`,
        `- exec: ${KNOWN_TOOL_SUMMARIES.exec}`,
        `- Alpha: ${NO_DESCRIPTION}`,
        "- beta: b tool",
        "- zeta: Last one.",
      ].join("\n"),
    });
  });

  it("has a summary for every known tool, and the known order is the documented one", () => {
    expect(KNOWN_TOOL_ORDER).toEqual(["read", "write", "edit", "apply_patch", "grep", "find", "ls", "exec", "process",
      "web_search", "web_fetch", "browser", "memory", "session_search", "skills_list", "skill_view", "message", "cron"]);
    expect(Object.keys(KNOWN_TOOL_SUMMARIES).sort()).toEqual([...KNOWN_TOOL_ORDER].sort());
    const all = toolListSection(shuffled(KNOWN_TOOL_ORDER.map((name) => ({ name })), 7))!;
    expect(all.text.split("\n").slice(2).map((l) => l.slice(2, l.indexOf(":")))).toEqual(KNOWN_TOOL_ORDER);
  });

  it("matches known names case-sensitively and breaks case ties by code unit", () => {
    const s = toolListSection([{ name: "read" }, { name: "Read" }, { name: "READ" }, { name: "_x" }, { name: "b" }, { name: "B" }])!;
    expect(s.text.split("\n").slice(2)).toEqual([
      `- read: ${KNOWN_TOOL_SUMMARIES.read}`,
      `- _x: ${NO_DESCRIPTION}`, // "_" (U+005F) sorts before the lower-case letters
      `- B: ${NO_DESCRIPTION}`, `- b: ${NO_DESCRIPTION}`,
      `- READ: ${NO_DESCRIPTION}`, `- Read: ${NO_DESCRIPTION}`,
    ]);
  });

  it("deduplicates by exact name, and input order never changes the bytes", () => {
    const tools = [
      { name: "read" }, { name: "read", summary: "ignored" }, { name: "web_fetch" }, { name: "cron" },
      { name: "deploy", summary: "Deploy it." }, { name: "deploy" }, { name: "deploy", summary: "Another summary." },
      { name: "Zulu" }, { name: "alpha", summary: "A." }, { name: " alpha " }, { name: "Alpha" }, { name: "mcp__db__query", summary: "SQL" },
      { name: "constructor" }, { name: "toString", summary: "t" },
    ];
    const first = toolListSection(tools)!.text;
    expect(first.split("\n").filter((l) => l.startsWith("- deploy"))).toEqual(["- deploy: Another summary."]);
    expect(first.split("\n").filter((l) => l.startsWith("- alpha"))).toEqual(["- alpha: A."]);
    expect(first).toContain(`- constructor: ${NO_DESCRIPTION}`);
    for (let seed = 1; seed <= 50; seed++) expect(toolListSection(shuffled(tools, seed))!.text).toBe(first);
  });

  it("is absent with no tools; rejects blank or multi-line names", () => {
    expect(toolListSection([])).toBeNull();
    expectCode(() => toolListSection([{ name: "  " }]), "E_ARG");
    expectCode(() => toolListSection([{ name: "a\nb" }]), "E_ARG");
    expectCode(() => toolListSection([{ name: 3 as unknown as string }]), "E_ARG");
  });
});

describe("system message and provider overrides", () => {
  it("the system message goes to the context tier; blank means none", () => {
    expect(systemMessageSection("  Answer in English.\r\n")).toEqual({ id: "system-message", tier: "context", text: "Answer in English.", sources: [] });
    expect(systemMessageSection()).toBeNull();
    expect(systemMessageSection(" \n ")).toBeNull();
  });

  it("each override section has a default, replaced by a non-blank override", () => {
    const cases = [
      [interactionStyleSection, "interaction-style", DEFAULT_INTERACTION_STYLE],
      [toolCallStyleSection, "tool-call-style", DEFAULT_TOOL_CALL_STYLE],
      [executionBiasSection, "execution-bias", DEFAULT_EXECUTION_BIAS],
    ] as const;
    for (const [build, id, def] of cases) {
      expect(build()).toEqual({ id, tier: "stable", text: def, sources: [] });
      expect(build("")!.text).toBe(def);
      expect(build(" \n\t ")!.text).toBe(def);
      expect(build(42 as unknown as string)!.text).toBe(def);
      expect(build("  Provider text.\r\n")).toEqual({ id, tier: "stable", text: "Provider text.", sources: [] });
    }
  });
});

describe("memory", () => {
  it("holds MEMORY.md, USER.md and the external block in that order, volatile", () => {
    expect(memorySection({
      external: "recalled: likes tea",
      user: { text: "- Name: Ada.", path: "/h/USER.md" },
      memory: { text: "- Tabs.\r\n", path: "/h/MEMORY.md" },
    })).toEqual({
      id: "memory", tier: "volatile", sources: ["/h/MEMORY.md", "/h/USER.md"],
      text: `${MEMORY_HEADING}\n\n## MEMORY.md\n\n- Tabs.\n\n## USER.md\n\n- Name: Ada.\n\n## From the memory provider\n\nrecalled: likes tea`,
    });
  });

  it("drops blank parts and is absent when nothing is left", () => {
    expect(memorySection({ external: "x" })).toEqual({ id: "memory", tier: "volatile", sources: [], text: `${MEMORY_HEADING}\n\n## From the memory provider\n\nx` });
    expect(memorySection({ user: { text: "u", path: "/h/USER.md" }, memory: { text: " ", path: "/h/MEMORY.md" } })!.sources).toEqual(["/h/USER.md"]);
    expect(memorySection({})).toBeNull();
    expect(memorySection({ memory: null, user: { text: "\n", path: "/h/USER.md" }, external: "  " })).toBeNull();
  });
});

describe("skills index", () => {
  const skill = (dir: string, fm: string) => ({ path: `/home/skills/${dir}/SKILL.md`, text: `---\n${fm}\n---\n# Body\nSteps.` });

  it("parses key: value, quoted strings and block scalars; ignores nesting and the body", () => {
    expect(parseFrontmatter("---\r\nname: deploy # comment\r\ndescription: \"Say \\\"hi\\\" \\u00e9\"\r\ncategory: 'it''s ops'\r\nmetadata:\r\n  nested: 1\r\n---\r\nname: body")).toEqual({
      name: "deploy", description: 'Say "hi" é', category: "it's ops", metadata: "",
    });
    expect(parseFrontmatter("---\ndescription: >-\n  first line\n  second line\n\nname: x\n---")).toEqual({ description: "first line second line", name: "x" });
    expect(parseFrontmatter("---\ndescription: |\n  a\n  b\n---").description).toBe("a\nb");
    expect(parseFrontmatter("no frontmatter\nname: x")).toEqual({});
    expect(parseFrontmatter("---\nname: unclosed")).toEqual({});
    expect(parseFrontmatter("---\nname: a\nname: b\n---").name).toBe("b");
  });

  it("groups by category (uncategorized last) and sorts names case-insensitively, with exact text", () => {
    const skills = [
      skill("zeta", "name: zeta\ndescription: Last in devops"),
      skill("deploy", "name: deploy\ndescription: Ship the service\ncategory: devops"),
      skill("Backup", "name: Backup\ncategory: devops\ndescription: 'Copy the data'"),
      skill("lint", "description: Run the linters\ncategory: Code"),
      skill("alpha", "name: alpha\ncategory: devops"),
      { path: "C:\\skills\\notes\\SKILL.md", text: "no frontmatter at all" },
    ];
    const s = skillsIndexSection(skills)!;
    expect(s.id).toBe("skills-index");
    expect(s.tier).toBe("context");
    expect(s.text).toBe([
      "# Skills\nEach skill below is a saved procedure for one kind of task, listed by name. If your task is one of these kinds, open the skill and work through its steps; otherwise leave the list alone.",
      "## Code\n- lint: Run the linters",
      "## devops\n- alpha\n- Backup: Copy the data\n- deploy: Ship the service",
      `## ${UNCATEGORIZED}\n- notes\n- zeta: Last in devops`,
    ].join("\n\n"));
    expect(s.sources).toEqual(["/home/skills/Backup/SKILL.md", "/home/skills/alpha/SKILL.md", "/home/skills/deploy/SKILL.md", "/home/skills/lint/SKILL.md", "/home/skills/zeta/SKILL.md", "C:\\skills\\notes\\SKILL.md"]);
    for (let seed = 1; seed <= 30; seed++) expect(skillsIndexSection(shuffled(skills, seed))).toEqual(s);
  });

  it("cuts descriptions to 60 code units with an ellipsis, never splitting a surrogate pair", () => {
    expect(SKILL_DESCRIPTION_MAX).toBe(60);
    const line = (desc: string) => skillsIndexSection([skill("s", `name: s\ndescription: "${desc}"`)])!.text.split("\n").at(-1)!;
    const exact = "d".repeat(60);
    expect(line(exact)).toBe(`- s: ${exact}`);
    expect(line("d".repeat(61))).toBe(`- s: ${"d".repeat(59)}\u2026`);
    // The emoji's high surrogate sits at index 58, its low half at 59: the cut at 59 would split it, so it moves to 58.
    const astral = `${"a".repeat(58)}\u{1F600}tail`;
    const cut = line(astral).slice("- s: ".length);
    expect(cut).toBe(`${"a".repeat(58)}\u2026`);
    expect(cut.length).toBe(59);
    expect(cut).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    // An emoji that ends right at the cut is kept whole.
    expect(line(`${"a".repeat(57)}\u{1F600}bbbb`).slice("- s: ".length)).toBe(`${"a".repeat(57)}\u{1F600}\u2026`);
    // A folded multi-line description becomes one line before the cut.
    expect(line("two\\nlines")).toBe("- s: two lines");
  });

  it("is absent with no skills", () => {
    expect(skillsIndexSection([])).toBeNull();
  });
});

describe("date and current time", () => {
  it("the date line is the date only, in the time zone, the same all day", () => {
    expect(dateSection({ now: NOW, timeZone: "UTC" })).toEqual({ id: "date", tier: "volatile", text: "Today's date: 2026-11-29 (UTC).", sources: [], dynamic: true });
    expect(dateSection({ now: NOW, timeZone: "Asia/Tokyo" })!.text).toBe("Today's date: 2026-11-30 (Asia/Tokyo).");
    expect(dateSection({ now: new Date("2026-11-29T00:00:01Z"), timeZone: "UTC" })!.text).toBe(dateSection({ now: NOW, timeZone: "UTC" })!.text);
    expect(dateSection({ now: new Date("2026-11-30T00:00:00Z"), timeZone: "UTC" })!.text).toBe("Today's date: 2026-11-30 (UTC).");
  });

  it("the current-time line is to the minute, 24-hour", () => {
    expect(currentTimeLine({ now: NOW, timeZone: "UTC" })).toBe("Current time: 2026-11-29 23:30 (UTC).");
    expect(currentTimeLine({ now: new Date("2026-11-29T00:05:59Z"), timeZone: "UTC" })).toBe("Current time: 2026-11-29 00:05 (UTC).");
    expect(currentTimeSection({ now: NOW, timeZone: "Asia/Kolkata" })).toEqual({ id: "current-time", tier: "volatile", text: "Current time: 2026-11-30 05:00 (Asia/Kolkata).", sources: [], dynamic: true });
    expect(currentTimeLine({ now: NOW }).startsWith(CURRENT_TIME_PREFIX)).toBe(true);
  });

  it("rejects an unknown time zone or an invalid date", () => {
    expectCode(() => dateSection({ now: NOW, timeZone: "Mars/Olympus" }), "E_ARG");
    expectCode(() => currentTimeLine({ now: new Date("nope"), timeZone: "UTC" }), "E_ARG");
  });

  it("withCurrentTime refreshes the line instead of adding a second one", () => {
    const base = "Identity.\n\nCurrent time: is mentioned here in prose.\n\nToday's date: 2026-11-29 (UTC).";
    const t1 = currentTimeLine({ now: NOW, timeZone: "UTC" });
    const t2 = currentTimeLine({ now: new Date("2026-11-29T23:47:00Z"), timeZone: "UTC" });
    const once = withCurrentTime(base, t1);
    expect(once).toBe(`${base}\n\n${t1}`);
    const twice = withCurrentTime(once, t2);
    expect(twice).toBe(`${base}\n\n${t2}`);
    expect(withCurrentTime(twice, t2)).toBe(twice);
    expect(twice.match(/^Current time: \d/gm)).toHaveLength(1);
    // A line in the middle (a runtime block after it) is replaced in place.
    const mid = `A\n\n${t1}\n\n${RUNTIME_DELIMITER}\nModel: m`;
    expect(withCurrentTime(mid, t2)).toBe(`A\n\n${t2}\n\n${RUNTIME_DELIMITER}\nModel: m`);
    expect(withCurrentTime("", t1)).toBe(t1);
    expectCode(() => withCurrentTime(base, "Current time: soon"), "E_ARG");
    expectCode(() => withCurrentTime(base, `${t1}\nextra`), "E_ARG");
  });
});

describe("platform", () => {
  it("has a hint for each known platform, matched case-insensitively", () => {
    for (const p of ["cli", "web", "telegram", "discord", "slack", "whatsapp", "signal", "email", "sms", "cron", "api"]) {
      expect(PLATFORM_HINTS[p]).toMatch(/^Platform: /);
      expect(platformSection(p)).toEqual({ id: "platform", tier: "volatile", text: PLATFORM_HINTS[p], sources: [] });
    }
    expect(platformSection(" Telegram ")!.text).toBe(PLATFORM_HINTS.telegram);
    expect(PLATFORM_HINTS.cli).toBe("Platform: a terminal. Plain text and fenced code blocks render; keep lines short and skip decorative formatting.");
  });

  it("an unknown platform gets a plain line naming it; none gives null", () => {
    expect(platformSection("zulip")!.text).toBe("Platform: zulip.");
    expect(platformSection("toString")!.text).toBe("Platform: toString.");
    expect(platformSection()).toBeNull();
    expect(platformSection("  ")).toBeNull();
  });

  it("applies overrides: append, replace, both (replacement then the append), bare string (append)", () => {
    const hint = PLATFORM_HINTS.telegram;
    expect(platformSection("telegram", { telegram: { append: "Use emoji sparingly." } })!.text).toBe(`${hint}\nUse emoji sparingly.`);
    expect(platformSection("telegram", { telegram: { replace: "Platform: our bot." } })!.text).toBe("Platform: our bot.");
    expect(platformSection("telegram", { telegram: { replace: "R.", append: "A." } })!.text).toBe("R.\nA.");
    expect(platformSection("telegram", { telegram: "Bare string.\r\n" })!.text).toBe(`${hint}\nBare string.`);
    expect(platformSection("telegram", { telegram: { replace: "  ", append: "A." } })!.text).toBe(`${hint}\nA.`);
    expect(platformSection("Telegram", { TELEGRAM: { append: "Keyed in caps." } })!.text).toBe(`${hint}\nKeyed in caps.`);
    expect(platformSection("zulip", { zulip: { append: "Rooms are public." } })!.text).toBe("Platform: zulip.\nRooms are public.");
    expect(platformSection("cli", { telegram: { replace: "other platform" } })!.text).toBe(PLATFORM_HINTS.cli);
  });

  it("malformed overrides keep the default hint", () => {
    for (const bad of [42, [], {}, "", "   ", null, true, ["append"], { append: 3 }, { replace: ["x"] }, { other: "x" }]) {
      expect(platformSection("discord", { discord: bad })!.text).toBe(PLATFORM_HINTS.discord);
    }
    expect(platformSection("discord", 42 as unknown as Record<string, unknown>)!.text).toBe(PLATFORM_HINTS.discord);
  });
});

describe("environment and runtime", () => {
  it("environment: OS, WSL hint and cwd lines, each only when given", () => {
    const s = environmentSection({ os: "darwin", cwd: "/Users/ada/app" });
    expect(s).toEqual({ id: "environment", tier: "context", sources: [], text: "# Environment\nOperating system: macOS.\nWorking directory: /Users/ada/app" });
    const wsl = environmentSection({ os: "linux", wsl: true })!.text;
    expect(wsl.split("\n")[1]).toBe("Operating system: Linux.");
    expect(wsl).toContain("/mnt/<letter>/");
    expect(wsl).toContain("/mnt/c/Users/ada/notes.txt");
    expect(environmentSection({ os: "plan9" })!.text).toBe("# Environment\nOperating system: plan9.");
    expect(environmentSection({})).toBeNull();
    expect(environmentSection({ wsl: false, os: " ", cwd: "" })).toBeNull();
  });

  it("runtime: delimiter line, then model, provider and cwd", () => {
    expect(runtimeSection({ cwd: "/w", provider: "openrouter", model: "anthropic/claude-sonnet-4" })).toEqual({
      id: "runtime", tier: "volatile", sources: [],
      text: `${RUNTIME_DELIMITER}\nModel: anthropic/claude-sonnet-4\nProvider: openrouter\nWorking directory: /w`,
    });
    expect(runtimeSection({ model: "m" })!.text).toBe(`${RUNTIME_DELIMITER}\nModel: m`);
    expect(runtimeSection({})).toBeNull();
  });

  it("orderSections puts tiers in order and the runtime block last", () => {
    const ordered = orderSections([
      runtimeSection({ model: "m" }), platformSection("cli"), null, systemMessageSection("s"),
      identitySection({}), dateSection({ now: NOW, timeZone: "UTC" }), toolListSection([{ name: "read" }]),
    ]);
    expect(ordered.map((s) => s.id)).toEqual(["identity", "tool-list", "system-message", "platform", "date", "runtime"]);
  });
});

describe("modes", () => {
  const sections: Section[] = orderSections([
    identitySection({ soul: { text: "You are Wren.\nA careful reviewer.", path: "/h/SOUL.md" } }),
    { id: "guidance", tier: "stable", text: CONTEXT_GUIDANCE, sources: [] },
    toolGuidanceSection(["memory"]), toolUseEnforcementSection({ setting: true }), toolListSection([{ name: "read" }]),
    interactionStyleSection(), toolCallStyleSection(), executionBiasSection(),
    systemMessageSection("Be terse."),
    { id: "project-context", tier: "context", text: "# Project context\n\nx", sources: ["/r/AGENTS.md"] },
    skillsIndexSection([{ path: "/s/a/SKILL.md", text: "" }]), environmentSection({ cwd: "/r" }),
    memorySection({ external: "m" }), dateSection({ now: NOW, timeZone: "UTC" }), platformSection("cli"),
    runtimeSection({ model: "m" }),
  ]);

  it("full keeps every section", () => {
    expect(modeFilter("full", sections)).toEqual(sections);
  });

  it("minimal keeps tooling, the caller's system message, workspace context and runtime", () => {
    expect(MINIMAL_MODE_IDS).toEqual([
      "tool-guidance", "tool-use-enforcement", "execution-guidance", "tool-list", "system-message", "guidance", "project-context",
      "truncation-warning", "environment", "git-snapshot", "dynamic-context", "dynamic-truncation-warning", "runtime",
    ]);
    expect(modeFilter("minimal", sections).map((s) => s.id)).toEqual(["guidance", "tool-guidance", "tool-use-enforcement", "tool-list", "system-message", "project-context", "environment", "runtime"]);
  });

  it("none keeps only the identity's first line", () => {
    expect(modeFilter("none", sections)).toEqual([{ id: "identity", tier: "stable", text: "You are Wren.", sources: ["/h/SOUL.md"] }]);
    expect(modeFilter("none", [identitySection({})!])[0]!.text).toBe(DEFAULT_IDENTITY);
    expect(modeFilter("none", sections.filter((s) => s.id !== "identity"))).toEqual([]);
    expect(sections[0]!.text).toBe("You are Wren.\nA careful reviewer."); // the input is not changed
  });

  it("rejects an unknown mode", () => {
    expectCode(() => modeFilter("tiny" as "full", sections), "E_ARG");
  });
});

describe("developer role", () => {
  it("is true for the GPT-5 and Codex families only", () => {
    for (const m of ["gpt-5", "gpt-5-codex", "openai/gpt-5.1-mini", "GPT-5", "codex-mini-latest"]) expect(toDeveloperRole(m)).toBe(true);
    for (const m of ["gpt-4o", "gpt-4.1", "claude-sonnet-4", "gemini-2.5-pro", "o3", ""]) expect(toDeveloperRole(m)).toBe(false);
  });
});

describe("helpers", () => {
  it("compareNames is case-insensitive with code-unit ties, independent of locale", () => {
    expect(["b", "B", "a", "_", "A"].sort(compareNames)).toEqual(["_", "A", "a", "B", "b"]);
  });

  it("cutWithEllipsis leaves short text alone", () => {
    expect(cutWithEllipsis("abc", 3)).toBe("abc");
    expect(cutWithEllipsis("abcd", 3)).toBe("ab\u2026");
    expect(cutWithEllipsis("a bcd", 3)).toBe("a\u2026");
  });
});

// The config file parser (src/config/config.ts): a full valid config with its defaults, every shape error as
// E_CONFIG naming the source and the field, and config rules running next to the built-in ones.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import {
  BUILTIN_RULES, CONFIG_FILE, MapWorkspaceReader, PromptasmError, createPromptasm, parseConfig, type PromptasmConfig,
} from "../src/index.js";
import { discoveredConfig } from "../src/config/config.js";
import { platformOverrideNotes } from "../src/sections/platform.js";

const SRC = "/proj/promptasm.config.json";
/** The start of parseToolUseEnforcement's message for assemble.toolUseEnforcement (sections/tools.ts). */
const TUE = 'assemble.toolUseEnforcement must be "on", "off", "auto", true, false or a list of model-name substrings,';
const SHA = "ABCDEF0123456789abcdef0123456789ABCDEF0123456789abcdef0123456789";
const module = readFile(new URL("../build/release.wasm", import.meta.url)).then((b) => WebAssembly.compile(b));

/** The E_CONFIG error parseConfig throws for `value` (serialized as JSON unless it is a string). */
function configError(value: unknown): PromptasmError {
  try {
    parseConfig(typeof value === "string" ? value : JSON.stringify(value), SRC);
  } catch (e) {
    expect(e).toBeInstanceOf(PromptasmError);
    expect((e as PromptasmError).code).toBe("E_CONFIG");
    return e as PromptasmError;
  }
  throw new Error("parseConfig did not throw");
}

describe("parseConfig: a valid config", () => {
  it("is looked for as promptasm.config.json", () => {
    expect(CONFIG_FILE).toBe("promptasm.config.json");
  });

  it("parses rules (category custom and scope all by default), allow (sha256 lower-cased), userAuthored and assemble", () => {
    const text = JSON.stringify({
      $schema: "https://example.invalid/promptasm.schema.json",
      rules: [
        { id: "acme-codename", pattern: "project\\s+bluebird" },
        { id: "acme-webhook", category: "exfiltration", scope: "strict", description: "Posts to the ACME hook.", pattern: "hooks\\.acme\\.example", caseSensitive: true },
        { id: "acme-loose", pattern: "x", caseSensitive: false },
      ],
      allow: [
        { file: "AGENTS.md", sha256: SHA, rules: ["ignore-instructions"], reason: "reviewed by Ada" },
        { file: "home/MEMORY.md", sha256: SHA.toLowerCase(), rules: ["send-to-url", "exfil-conversation"] },
      ],
      userAuthored: ["home/SOUL.md"],
      assemble: {
        policy: "openclaw", mode: "minimal", budget: "hermes", model: "gpt-4o", provider: "openai", contextWindow: 128000,
        maxChars: 1000, platform: "cli", platformOverrides: { cli: { append: "Use colour." } },
        tools: [{ name: "read" }, { name: "deploy", summary: "Ship it." }], toolUseEnforcement: ["gpt"],
        overrides: { interactionStyle: "Be terse." }, timeZone: "UTC", currentTime: true, cacheBoundary: false,
      },
    });
    const expected: PromptasmConfig = {
      rules: [
        { id: "acme-codename", category: "custom", scope: "all", description: "(user rule)", pattern: "project\\s+bluebird" },
        { id: "acme-webhook", category: "exfiltration", scope: "strict", description: "Posts to the ACME hook.", pattern: "hooks\\.acme\\.example", caseSensitive: true },
        { id: "acme-loose", category: "custom", scope: "all", description: "(user rule)", pattern: "x" },
      ],
      allow: [
        { file: "AGENTS.md", sha256: SHA.toLowerCase(), rules: ["ignore-instructions"], reason: "reviewed by Ada" },
        { file: "home/MEMORY.md", sha256: SHA.toLowerCase(), rules: ["send-to-url", "exfil-conversation"] },
      ],
      userAuthored: ["home/SOUL.md"],
      assemble: {
        policy: "openclaw", mode: "minimal", budget: "hermes", model: "gpt-4o", provider: "openai", contextWindow: 128000,
        maxChars: 1000, platform: "cli", platformOverrides: { cli: { append: "Use colour." } },
        tools: [{ name: "read" }, { name: "deploy", summary: "Ship it." }], toolUseEnforcement: ["gpt"],
        overrides: { interactionStyle: "Be terse." }, timeZone: "UTC", currentTime: true, cacheBoundary: false,
      },
    };
    expect(parseConfig(text, SRC)).toEqual(expected);
    expect("caseSensitive" in parseConfig(text, SRC).rules[2]!).toBe(false);
  });

  it("an empty object (and a leading BOM) gives empty lists and no assemble options", () => {
    expect(parseConfig("\uFEFF{}", SRC)).toEqual({ rules: [], allow: [], userAuthored: [], assemble: {} });
  });
});

describe("parseConfig: the shapes assemble accepts", () => {
  it.each<[string, unknown]>([
    ["toolUseEnforcement true", { toolUseEnforcement: true }],
    ["toolUseEnforcement false", { toolUseEnforcement: false }],
    ["toolUseEnforcement auto", { toolUseEnforcement: "auto" }],
    ["toolUseEnforcement an empty array", { toolUseEnforcement: [] }],
    ["overrides with every key (blank values are allowed, assembly ignores them)", { overrides: { interactionStyle: "a", toolCallStyle: "", executionBias: "c" } }],
    ["platformOverrides with string, append and replace values", { platformOverrides: { cli: "More.", web: { append: "A." }, "my app": { replace: "R.", append: "A." }, api: {} } }],
    ["a tool summary", { tools: [{ name: "deploy", summary: "Ship it." }] }],
  ])("%s", (_name, assemble) => {
    expect(parseConfig(JSON.stringify({ assemble }), SRC).assemble).toEqual(assemble);
  });
});

describe("discoveredConfig: a config found in the workspace keeps only its rules", () => {
  it("drops allow, userAuthored and assemble, naming each dropped key that was set", () => {
    const full = parseConfig(JSON.stringify({
      rules: [{ id: "acme-codename", pattern: "bluebird" }],
      allow: [{ file: "AGENTS.md", sha256: SHA, rules: ["ignore-instructions"] }],
      userAuthored: ["AGENTS.md"],
      assemble: { tools: [{ name: "x", summary: "unscanned" }], overrides: { interactionStyle: "unscanned" }, platformOverrides: { cli: "unscanned" }, cacheBoundary: false },
    }), SRC);
    const d = discoveredConfig(full);
    expect(d.config).toEqual({ rules: full.rules, allow: [], userAuthored: [], assemble: {} });
    expect(d.ignored).toEqual(["allow", "userAuthored", "assemble.tools", "assemble.overrides", "assemble.platformOverrides", "assemble.cacheBoundary"]);
    expect(full.allow).toHaveLength(1); // the input is not changed
  });

  it("a rules-only (or empty) config loses nothing and names nothing", () => {
    const rulesOnly = parseConfig(JSON.stringify({ rules: [{ id: "a", pattern: "b" }], allow: [], userAuthored: [] }), SRC);
    expect(discoveredConfig(rulesOnly)).toEqual({ config: rulesOnly, ignored: [] });
    expect(discoveredConfig(parseConfig("{}", SRC)).ignored).toEqual([]);
  });
});

describe("parseConfig: errors are E_CONFIG naming the source and the field", () => {
  it("invalid JSON", () => {
    expect(configError("{ rules: [ }").message).toMatch(/^config \/proj\/promptasm\.config\.json: not valid JSON \(.+\)$/);
  });

  it.each([["[]"], ["null"], ["42"], ['"text"']])("a non-object: %s", (json) => {
    expect(configError(json).message).toBe(`config ${SRC}: must be a JSON object`);
  });

  it.each<[string, unknown, string]>([
    ["unknown top-level key", { rulez: [] }, 'unknown key "rulez" (expected rules, allow, userAuthored, assemble)'],
    ["rules not an array", { rules: {} }, "rules must be an array"],
    ["rule not an object", { rules: ["x"] }, "rules[0] must be an object"],
    ["rule without pattern", { rules: [{ id: "a", pattern: "a" }, { id: "b" }] }, "rules[1].pattern must be a non-empty string"],
    ["rule with a blank pattern", { rules: [{ id: "b", pattern: "  " }] }, "rules[0].pattern must be a non-empty string"],
    ["rule without id", { rules: [{ pattern: "a" }] }, "rules[0].id must be a non-empty string"],
    ["rule with an unknown key", { rules: [{ id: "a", pattern: "a", flags: "i" }] }, 'rules[0]: unknown key "flags"'],
    ["bad scope", { rules: [{ id: "a", pattern: "a", scope: "everywhere" }] }, "rules[0].scope must be one of all, context, strict"],
    ["bad category", { rules: [{ id: "a", pattern: "a", category: "spam" }] },
      "rules[0].category must be one of override, deception, hidden-html, exfiltration, role-hijack, prompt-extraction, command-and-control, anti-forensics, persistence, secret, code-execution, custom"],
    ["bad caseSensitive", { rules: [{ id: "a", pattern: "a", caseSensitive: "yes" }] }, "rules[0].caseSensitive must be true or false"],
    ["allow sha256 of 63 hex digits", { allow: [{ file: "AGENTS.md", sha256: SHA.slice(1), rules: ["r"] }] }, "allow[0].sha256 must be 64 hex digits"],
    ["allow sha256 with a non-hex digit", { allow: [{ file: "AGENTS.md", sha256: `g${SHA.slice(1)}`, rules: ["r"] }] }, "allow[0].sha256 must be 64 hex digits"],
    ["allow without sha256", { allow: [{ file: "AGENTS.md", rules: ["r"] }] }, "allow[0].sha256 must be a non-empty string"],
    ["allow without rules", { allow: [{ file: "AGENTS.md", sha256: SHA }] }, "allow[0].rules must list the rule ids that were reviewed"],
    ["allow with empty rules", { allow: [{ file: "AGENTS.md", sha256: SHA, rules: [] }] }, "allow[0].rules must list the rule ids that were reviewed"],
    ["allow with a blank rule id", { allow: [{ file: "AGENTS.md", sha256: SHA, rules: ["r", ""] }] }, "allow[0].rules[1] must be a non-empty string"],
    ["allow without file", { allow: [{ sha256: SHA, rules: ["r"] }] }, "allow[0].file must be a non-empty string"],
    ["userAuthored entry not a string", { userAuthored: ["home/SOUL.md", 3] }, "userAuthored[1] must be a non-empty string"],
    ["assemble not an object", { assemble: [] }, "assemble must be an object"],
    ["assemble unknown key", { assemble: { policy: "codex", colour: "red" } }, 'assemble: unknown key "colour"'],
    ["maxChars 0", { assemble: { maxChars: 0 } }, "assemble.maxChars must be a positive integer"],
    ["maxChars fractional", { assemble: { maxChars: 1.5 } }, "assemble.maxChars must be a positive integer"],
    ["contextWindow as a string", { assemble: { contextWindow: "128000" } }, "assemble.contextWindow must be a positive integer"],
    ["model blank", { assemble: { model: " " } }, "assemble.model must be a non-empty string"],
    ["unknown policy", { assemble: { policy: "aider" } }, "assemble.policy must be one of hermes, codex, claude, cursor, gemini, openclaw, copilot, windsurf, cline, roo, kiro, junie, auto"],
    ["unknown mode", { assemble: { mode: "tiny" } }, "assemble.mode must be one of full, minimal, none"],
    ["unknown budget", { assemble: { budget: "claude" } }, "assemble.budget must be one of hermes, openclaw"],
    ["cacheBoundary as a string", { assemble: { cacheBoundary: "false" } }, "assemble.cacheBoundary must be true or false"],
    ["currentTime as a number", { assemble: { currentTime: 1 } }, "assemble.currentTime must be true or false"],
    ["tool without a name", { assemble: { tools: [{ name: "read" }, { summary: "x" }] } }, "assemble.tools[1].name must be a non-empty string"],
    ["tools entry not an object", { assemble: { tools: ["read"] } }, "assemble.tools[0] must be an object"],
    ["tool summary not a string", { assemble: { tools: [{ name: "read" }, { name: "deploy", summary: 7 }] } }, "assemble.tools[1].summary must be a string"],
    ["overrides a string", { assemble: { overrides: "x" } }, "assemble.overrides must be an object"],
    ["overrides an array", { assemble: { overrides: ["x"] } }, "assemble.overrides must be an object"],
    ["overrides value not a string", { assemble: { overrides: { interactionStyle: "ok", executionBias: 1 } } }, "assemble.overrides.executionBias must be a string"],
    ["overrides unknown key", { assemble: { overrides: { tone: "x" } } }, 'assemble.overrides: unknown key "tone" (expected interactionStyle, toolCallStyle, executionBias)'],
    // Read by parseToolUseEnforcement (sections/tools.ts), the library's own reading, so "off" is off everywhere.
    ["toolUseEnforcement maybe", { assemble: { toolUseEnforcement: "maybe" } }, `${TUE} got "maybe"`],
    ["toolUseEnforcement a number", { assemble: { toolUseEnforcement: 1 } }, `${TUE} got 1`],
    ["toolUseEnforcement an array with a number", { assemble: { toolUseEnforcement: ["gpt", 4] } }, `${TUE} got ["gpt",4]`],
    ["platformOverrides an array", { assemble: { platformOverrides: [1, 2] } }, "assemble.platformOverrides must be an object"],
    ["platformOverrides a string", { assemble: { platformOverrides: "cli" } }, "assemble.platformOverrides must be an object"],
  ])("%s", (_name, value, field) => {
    expect(configError(value).message).toBe(`config ${SRC}: ${field}`);
  });
});

describe("parseConfig: malformed platform overrides load (issue 16: they fall back to the default hint, with a note)", () => {
  // A malformed entry used to be an E_CONFIG (exit 2). The seed's rule: never break generation over an override.
  it.each<[string, Record<string, unknown>, string]>([
    ["a number", { cli: 3 }, 'platformOverrides["cli"] must be a string or { replace, append } with string values, got 3: the default hint is used'],
    ["an array", { "my app": ["x"] }, 'platformOverrides["my app"] must be a string or { replace, append } with string values, got ["x"]: the default hint is used'],
    ["append not a string", { cli: { append: true } }, 'platformOverrides["cli"].append must be a string, got true: it is ignored'],
    ["an unknown key", { cli: { prepend: "x" } }, 'platformOverrides["cli"] has unknown keys "prepend" (only "replace" and "append" are read): they are ignored'],
  ])("%s is kept as given, and platformOverrideNotes names it", (_name, overrides, note) => {
    const config = parseConfig(JSON.stringify({ assemble: { platformOverrides: overrides } }), SRC);
    expect(config.assemble.platformOverrides).toEqual(overrides);
    expect(platformOverrideNotes(config.assemble.platformOverrides)).toContain(note);
  });
});

describe("parseConfig: the options of issues 16 and 17", () => {
  const assemble = (a: Record<string, unknown>) => parseConfig(JSON.stringify({ assemble: a }), SRC).assemble;
  it("takes each new option with its value", () => {
    const a = {
      bootstrapMaxChars: 9000, bootstrapTotalMaxChars: 40000, truncationWarning: "once", warningsBlock: true,
      memoryFiles: { memory: true, user: false }, sessionStart: { form: "weekday-time", sessionId: "s1" },
      openclaw: { heartbeats: true, runtime: { channel: "telegram", capabilities: ["reactions"], thinking: "low" }, include: { safety: false } },
    };
    expect(assemble(a)).toEqual(a);
  });
  it("reads toolUseEnforcement words as the library does (\"off\" stays a word the library reads as off)", () => {
    expect(assemble({ toolUseEnforcement: "off" }).toolUseEnforcement).toBe("off");
    expect(assemble({ toolUseEnforcement: " ON " }).toolUseEnforcement).toBe(" ON ");
  });
  it.each<[string, Record<string, unknown>, string]>([
    ["bootstrapMaxChars 0", { bootstrapMaxChars: 0 }, "assemble.bootstrapMaxChars must be a positive integer"],
    ["bootstrapTotalMaxChars a string", { bootstrapTotalMaxChars: "60000" }, "assemble.bootstrapTotalMaxChars must be a positive integer"],
    ["truncationWarning unknown", { truncationWarning: "twice" }, "assemble.truncationWarning must be one of section, off, once, always"],
    ["memoryFiles a boolean", { memoryFiles: false }, "assemble.memoryFiles must be an object { memory?: boolean, user?: boolean }"],
    ["memoryFiles.user a string", { memoryFiles: { user: "no" } }, "assemble.memoryFiles.user must be true or false"],
    ["memoryFiles unknown key", { memoryFiles: { soul: false } }, 'assemble.memoryFiles: unknown key "soul" (expected memory, user)'],
    ["sessionStart.form unknown", { sessionStart: { form: "time" } }, 'assemble.sessionStart.form must be one of date, weekday-time, got "time"'],
    ["sessionStart.sessionId a number", { sessionStart: { sessionId: 7 } }, "assemble.sessionStart.sessionId must be a string"],
    ["openclaw.runtime.thinking unknown", { openclaw: { runtime: { thinking: "max" } } }, 'assemble.openclaw.runtime.thinking must be one of off, minimal, low, medium, high, xhigh, got "max"'],
    ["openclaw.include unknown id", { openclaw: { include: { jokes: true } } }, 'assemble.openclaw.include: unknown key "jokes" (expected tool-list, provider-prefix, safety, reasoning-format, model-aliases, silent-replies, messaging, channel-capabilities, group-context, subagent-context, heartbeats, runtime)'],
    ["openclaw.tools (they come from assemble.tools)", { openclaw: { tools: [] } }, 'assemble.openclaw: unknown key "tools" (expected providerPrefix, reasoningHint, silentToken, heartbeatToken, groupContext, subagentContext, heartbeats, modelAliases, runtime, include)'],
    ["openclaw.runtime.capabilities a string", { openclaw: { runtime: { capabilities: "reactions" } } }, "assemble.openclaw.runtime.capabilities must be an array of strings"],
    ["gitSnapshot (data read at run time, not config)", { gitSnapshot: null }, 'assemble: unknown key "gitSnapshot"'],
  ])("%s", (_name, a, message) => {
    expect(configError({ assemble: a }).message).toBe(`config ${SRC}: ${message}`);
  });
});

describe("config rules at work", () => {
  const config = parseConfig(JSON.stringify({
    rules: [
      { id: "acme-codename", pattern: "project\\s+bluebird" },
      { id: "acme-hook", scope: "strict", pattern: "hooks\\.acme\\.example" },
    ],
  }), SRC);

  it("a config rule fires when added to the built-in rules, at its scope", async () => {
    const pa = await createPromptasm(await module, { rules: [...BUILTIN_RULES, ...config.rules] });
    expect(pa.scan("We ship Project  Bluebird today.").map((f) => [f.rule, f.offset])).toEqual([["acme-codename", 8]]);
    expect(pa.scan("Post to hooks.acme.example.", { scope: "context" })).toEqual([]);
    expect(pa.scan("Post to hooks.acme.example.", { scope: "strict" }).map((f) => [f.rule, f.offset])).toEqual([["acme-hook", 8]]);
    // Without the config rules nothing fires.
    const plain = await createPromptasm(await module);
    expect(plain.scan("We ship Project  Bluebird today.")).toEqual([]);
    // Through assembly: the file is blocked by the config rule.
    const r = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "", "/r/AGENTS.md": "Codename: project bluebird." }), { cwd: "/r", now: new Date("2026-11-29T12:00:00Z"), timeZone: "UTC" });
    expect(r.blocked.map((b) => [b.file, b.rules])).toEqual([["AGENTS.md", ["acme-codename"]]]);
    expect(r.prompt).toContain("[promptasm blocked AGENTS.md: it matched acme-codename. Its contents were not loaded.]");
  });

  it("a config rule with a bad pattern is E_RULES naming the rule id", async () => {
    const bad = parseConfig(JSON.stringify({ rules: [{ id: "acme-broken", pattern: "(unclosed" }] }), SRC);
    const err = await createPromptasm(await module, { rules: [...BUILTIN_RULES, ...bad.rules] }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(PromptasmError);
    expect((err as PromptasmError).code).toBe("E_RULES");
    expect((err as PromptasmError).message).toBe('rule acme-broken: pattern "(unclosed" at offset 9: missing \')\'');
  });
});

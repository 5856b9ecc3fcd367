// One schema for assembly options (src/options/schema.ts), read by every surface: the library's validation, the
// config file, the CLI's flags and the Worker's request parser. These tests hold each surface to the schema, so a
// new option or enumeration value is one entry there.
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import { parseConfig } from "../src/config/config.js";
import { DISCOVERY_POLICIES } from "../src/discovery/policies.js";
import { HttpError, assembleOptions } from "../src/adapters/workerd/input.js";
import { PromptasmError } from "../src/errors.js";
import { ASSEMBLE_OPTIONS, ENUMS, enumValues, optionKeys, structuredOptionProblem, validateAssembleOptions, type OptionSpec } from "../src/options/schema.js";
import { TARGET_PATH_POLICIES } from "../src/discovery/policies.js";
import { MapWorkspaceReader } from "../src/index.js";
import { loadForTest } from "./helpers/load.js";
import { DEFAULT_OPTIONS as PAGE_DEFAULTS, assembleOptions as pageAssembleOptions } from "../src/page/model.js";
import { PLATFORM_HINTS } from "../src/sections/texts.js";
import { SESSION_START_FORMS } from "../src/sections/time.js";
import { THINKING_LEVELS } from "../src/sections/openclaw/index.js";
import { TRUNCATION_WARNING_MODES } from "../src/prompt/stages/warning.js";

const configError = (assemble: Record<string, unknown>): string => {
  try {
    parseConfig(JSON.stringify({ assemble }), "t.json");
  } catch (e) {
    expect(e).toBeInstanceOf(PromptasmError);
    expect((e as PromptasmError).code).toBe("E_CONFIG");
    return (e as Error).message;
  }
  return "(accepted)";
};
const workerError = (options: Record<string, unknown>): HttpError | "accepted" => {
  try {
    assembleOptions(options);
    return "accepted";
  } catch (e) {
    expect(e).toBeInstanceOf(HttpError);
    return e as HttpError;
  }
};
const libraryError = (options: Record<string, unknown>): string => {
  try {
    validateAssembleOptions({ cwd: "/w", ...options });
    return "(accepted)";
  } catch (e) {
    expect((e as PromptasmError).code).toBe("E_ARG");
    return (e as Error).message;
  }
};
async function cli(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await main(argv, { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, cwd: "/nonexistent-promptasm" });
  return { code, out, err };
}

/** A value of the wrong type for every kind: a number is wrong for all of them but positiveInt, which gets "x". */
const wrong = (spec: OptionSpec): unknown => (spec.kind === "positiveInt" ? "x" : 12345);

describe("the enumerations", () => {
  it("take their values from the registries they name", () => {
    expect(ENUMS.policy).toBe(DISCOVERY_POLICIES);
    expect(ENUMS.platform).toEqual(Object.keys(PLATFORM_HINTS));
    expect(ENUMS.mode).toEqual(["full", "minimal", "none"]);
    expect(ENUMS.budget).toEqual(["hermes", "openclaw"]);
    expect(ENUMS.provider).toEqual(["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock", "openrouter"]);
    expect(ENUMS.tokens).toEqual(["cl100k_base", "o200k_base", "none"]);
    // The warning modes are listed in the schema (below prompt/) and must match the stage that reads them.
    expect(ENUMS.truncationWarning).toEqual([...TRUNCATION_WARNING_MODES]);
    expect(ENUMS.truncationWarning).toEqual(["section", "off", "once", "always"]);
    expect(ENUMS.sessionStart).toBe(SESSION_START_FORMS);
    expect(ENUMS.thinking).toBe(THINKING_LEVELS);
  });

  it("every enum option names an enumeration, and only enum options do", () => {
    for (const spec of ASSEMBLE_OPTIONS) expect(spec.kind === "enum", spec.key).toBe(spec.values !== undefined);
    expect(ASSEMBLE_OPTIONS.filter((s) => s.kind === "enum").map((s) => s.key)).toEqual(["policy", "mode", "budget", "truncationWarning"]);
  });
});

describe("each surface reads the schema", () => {
  it("the config file takes exactly the options marked config (the keys it took before the schema, and issues 16/17's)", () => {
    expect(optionKeys("config").sort()).toEqual([
      "bootstrapMaxChars", "bootstrapTotalMaxChars", "budget", "cacheBoundary", "contextWindow", "currentTime", "maxChars",
      "memoryFiles", "mode", "model", "openclaw", "overrides", "platform", "platformOverrides", "policy", "provider",
      "sessionStart", "timeZone", "toolUseEnforcement", "tools", "truncationWarning", "warningsBlock",
    ]);
    expect(configError({ skipContextFiles: true })).toBe('config t.json: assemble: unknown key "skipContextFiles"');
  });

  it("the Worker takes exactly the options marked worker (the keys it took before the schema, and issues 16/17's)", () => {
    expect(optionKeys("worker").sort()).toEqual([
      "allow", "bootstrapMaxChars", "bootstrapTotalMaxChars", "budget", "cacheBoundary", "contextWindow", "currentTime",
      "cwd", "externalMemory", "gitSnapshot", "home", "maxChars", "memoryFiles", "mode", "model", "now", "openclaw",
      "platform", "platformOverrides", "policy", "provider", "root", "sessionStart", "shownWarnings", "systemMessage",
      "targetPath", "timeZone", "toolUseEnforcement", "tools", "truncationWarning", "userAuthored", "warningsBlock",
    ]);
    const e = workerError({ environment: {} });
    expect(e).not.toBe("accepted");
    expect((e as HttpError).code).toBe("E_UNKNOWN_FIELD");
  });

  it("every config option's kind has a check in the config parser (a wrong value names the option)", () => {
    for (const spec of ASSEMBLE_OPTIONS.filter((s) => s.config)) {
      const message = configError({ [spec.key]: wrong(spec) });
      expect(message, spec.key).toMatch(new RegExp(`^config t\\.json: assemble\\.${spec.key}(\\[|\\.| )`));
      expect(message, spec.key).not.toContain("cannot be set in a config file");
    }
  });

  it("every Worker option's kind has a check in the request parser (400 E_TYPE or E_VALUE naming the option)", () => {
    for (const spec of ASSEMBLE_OPTIONS.filter((s) => s.worker)) {
      const e = workerError({ [spec.key]: wrong(spec) });
      expect(e, spec.key).not.toBe("accepted");
      expect([(e as HttpError).status, (e as HttpError).code], spec.key).toSatisfy(
        ([status, code]: [number, string]) => status === 400 && (code === "E_TYPE" || code === "E_VALUE"));
      expect((e as HttpError).message, spec.key).toContain(`options.${spec.key}`);
    }
  });

  it("every enum value is accepted on every surface, and one outside is refused with the full list", async () => {
    for (const spec of ASSEMBLE_OPTIONS.filter((s) => s.kind === "enum")) {
      const values = enumValues(spec)!;
      for (const v of values) {
        expect(configError({ [spec.key]: v }), `${spec.key}=${v}`).toBe("(accepted)");
        expect(workerError({ [spec.key]: v }), `${spec.key}=${v}`).toBe("accepted");
        expect(libraryError({ [spec.key]: v }), `${spec.key}=${v}`).toBe("(accepted)");
      }
      const list = values.join(", ");
      expect(configError({ [spec.key]: "vim" })).toBe(`config t.json: assemble.${spec.key} must be one of ${list}`);
      const w = workerError({ [spec.key]: "vim" }) as HttpError;
      expect([w.code, w.message]).toEqual(["E_VALUE", `options.${spec.key} must be one of ${list}, got "vim"`]);
      expect(libraryError({ [spec.key]: "vim" })).toBe(`${spec.key} must be one of ${list}, got "vim"`);
      const r = await cli(["assemble", spec.cli!, "vim"]);
      expect(r.code).toBe(2);
      expect(r.err).toContain(`Allowed choices are ${values.join(", ")}`);
    }
  });

  it("the Worker accepts every discovery policy (it no longer keeps its own list)", () => {
    for (const policy of DISCOVERY_POLICIES) expect(assembleOptions({ policy }).policy).toBe(policy);
  });

  it("the CLI has a flag for every option the schema gives one", async () => {
    const help = (await cli(["assemble", "--help"])).out;
    for (const spec of ASSEMBLE_OPTIONS) if (spec.cli?.startsWith("--")) expect(help, spec.key).toContain(`${spec.cli} `);
    expect(help).toContain(`[dir]`);
  });
});

describe("validateAssembleOptions (the library's check, called by the assembler)", () => {
  it("refuses relative directories, long platform names and unknown enum values with E_ARG", () => {
    expect(libraryError({})).toBe("(accepted)");
    expect(libraryError({ cwd: "repo" })).toBe('cwd must be an absolute path, got "repo"');
    expect(libraryError({ home: 7 })).toBe("home must be an absolute path, got 7");
    expect(libraryError({ root: "/r", platform: "cli" })).toBe("(accepted)");
    // The platform rule is sections/platform.ts checkPlatformName's (the schema calls it for kind "name").
    expect(libraryError({ platform: "a".repeat(33) })).toMatch(/^platform must be a short name like "cli"/);
    expect(libraryError({ platform: "a".repeat(33) })).toContain(`got "${"a".repeat(33)}"`);
    expect(libraryError({ platform: "a".repeat(32) })).toBe("(accepted)");
    expect(libraryError({ platform: "-cli" })).toMatch(/^platform must be a short name/);
    expect(libraryError({ policy: "hermes", mode: "minimal", budget: "openclaw" })).toBe("(accepted)");
    expect(() => validateAssembleOptions(null)).toThrow("assemble options must be an object with at least cwd, got null");
  });

  it("cuts a long value in its message to 80 chars", () => {
    const message = libraryError({ policy: "p".repeat(200) });
    expect(message).toBe(`policy must be one of ${ENUMS.policy.join(", ")}, got "${"p".repeat(78)}…`);
  });
});

/**
 * A good value for every schema option, as a config file or a Worker request writes it (JSON). A new option fails
 * the first test below until it has one, so every option is taken on every surface that the schema says takes it.
 */
const GOOD: Record<string, unknown> = {
  cwd: "svc", home: "home", root: ".", policy: "codex", mode: "minimal", budget: "openclaw", model: "gpt-5",
  provider: "openai", contextWindow: 200000, maxChars: 9000, bootstrapMaxChars: 8000, bootstrapTotalMaxChars: 40000,
  truncationWarning: "once", shownWarnings: ["a1b2"], platform: "telegram",
  platformOverrides: { cli: { append: "Be brief." } }, systemMessage: "Answer in French.",
  tools: [{ name: "read", summary: "Read a file" }], toolUseEnforcement: "off",
  overrides: { interactionStyle: "Terse." }, externalMemory: "The user likes tabs.", memoryFiles: { user: false },
  sessionStart: { form: "weekday-time", sessionId: "s-1" },
  gitSnapshot: { branch: "main", staged: 0, modified: 1, untracked: 0, conflicted: 0, commits: [{ hash: "1a2b3c4", subject: "Fix it" }] },
  openclaw: { heartbeats: true, runtime: { channel: "telegram", capabilities: ["reactions"], thinking: "low" }, include: { safety: false } },
  environment: { os: "linux" }, currentTime: true, skipContextFiles: true, cacheBoundary: false, targetPath: "src/a.ts",
  warningsBlock: true, userAuthored: ["home/SOUL.md"], allow: [{ file: "AGENTS.md", sha256: "a".repeat(64), rules: ["r"] }],
  now: "2026-11-29T23:30:00Z", timeZone: "Europe/Paris",
};

describe("every option on every surface (GOOD values)", () => {
  it("has a good value for every schema option", () => {
    expect(ASSEMBLE_OPTIONS.map((s) => s.key).filter((k) => !(k in GOOD))).toEqual([]);
  });

  it("the config file keeps each config option's value as written", () => {
    for (const spec of ASSEMBLE_OPTIONS.filter((s) => s.config)) {
      expect(configError({ [spec.key]: GOOD[spec.key] }), spec.key).toBe("(accepted)");
      expect((parseConfig(JSON.stringify({ assemble: { [spec.key]: GOOD[spec.key] } }), "t.json").assemble as Record<string, unknown>)[spec.key], spec.key)
        .toEqual(GOOD[spec.key]);
    }
  });

  it("the Worker maps each Worker option's value (paths under /workspace, dates to Date, enforcement parsed)", () => {
    const mapped: Record<string, unknown> = { cwd: "/workspace/svc", home: "/workspace/home", root: "/workspace", now: new Date("2026-11-29T23:30:00Z"), toolUseEnforcement: false };
    for (const spec of ASSEMBLE_OPTIONS.filter((s) => s.worker)) {
      const out = assembleOptions({ [spec.key]: GOOD[spec.key] }) as unknown as Record<string, unknown>;
      expect(out[spec.key], spec.key).toEqual(spec.key in mapped ? mapped[spec.key] : GOOD[spec.key]);
    }
  });

  it("the library accepts each value in its library form (absolute paths, a Date)", () => {
    const library: Record<string, unknown> = { ...GOOD, cwd: "/w/svc", home: "/w/home", root: "/w", now: new Date(GOOD.now as string) };
    for (const spec of ASSEMBLE_OPTIONS) expect(libraryError({ [spec.key]: library[spec.key] }), spec.key).toBe("(accepted)");
    // The library refuses the structured kinds' wrong shapes with the schema's one check (structuredOptionProblem).
    expect(libraryError({ memoryFiles: { user: "no" } })).toBe("memoryFiles.user must be true or false");
    expect(libraryError({ sessionStart: { form: "time" } })).toBe('sessionStart.form must be one of date, weekday-time, got "time"');
    expect(libraryError({ gitSnapshot: { branch: 3 } })).toBe("gitSnapshot.branch must be a string or null");
    expect(libraryError({ openclaw: { runtime: { capabilities: "x" } } })).toBe("openclaw.runtime.capabilities must be an array of strings");
    expect(libraryError({ truncationWarning: "twice" })).toBe('truncationWarning must be one of section, off, once, always, got "twice"');
  });

  it("each structured kind refuses a wrong shape with the same words on the config file and the Worker", () => {
    for (const [key, value] of [
      ["memoryFiles", { memory: 1 }], ["sessionStart", { sessionId: 7 }], ["openclaw", { heartbeats: "yes" }],
      ["openclaw", { include: { jokes: true } }], ["openclaw", { runtime: { reasoning: "loud" } }],
    ] as const) {
      const c = configError({ [key]: value }).replace(/^config t\.json: assemble\./, "");
      const w = (workerError({ [key]: value }) as HttpError).message.replace(/^options\./, "");
      expect(c, key).toBe(w);
      expect(structuredOptionProblem(ASSEMBLE_OPTIONS.find((s) => s.key === key)!.kind, value, key)!.message).toBe(c);
    }
  });

  it("the CLI has a flag for each option of issues 16 and 17, with the choices of its enumeration", async () => {
    const help = (await cli(["assemble", "--help"])).out;
    for (const flag of ["--bootstrap-max-chars", "--bootstrap-total-max-chars", "--truncation-warning", "--shown-warning",
      "--tool-use-enforcement", "--memory-files", "--session-start", "--git", "--channel", "--capabilities", "--thinking", "--host", "--shell"]) {
      expect(help, flag).toContain(`${flag} `);
    }
    for (const [flag, values] of [["--session-start", ENUMS.sessionStart], ["--thinking", ENUMS.thinking], ["--truncation-warning", ENUMS.truncationWarning]] as const) {
      const r = await cli(["assemble", flag, "vim"]);
      expect(r.code, flag).toBe(2);
      expect(r.err, flag).toContain(`Allowed choices are ${values.join(", ")}`);
    }
    // --target names every policy that reads targetPath (E's registry), not cursor alone.
    expect(help.replace(/\s+/g, " ")).toContain(`${TARGET_PATH_POLICIES.join(", ")} policies: the file being edited`);
  });
});

describe("options.openclaw in the assembler", () => {
  it("adds OpenClaw's sections; its tool list (OpenClaw's order) and runtime line replace the default ones", async () => {
    const pa = await loadForTest();
    const reader = new MapWorkspaceReader({ "/w/AGENTS.md": "# Guide\n\nKeep changes small.\n" });
    const base = { cwd: "/w", root: "/w", now: new Date("2026-11-29T23:30:00Z"), timeZone: "UTC", model: "claude-sonnet-4-5", tools: [{ name: "exec" }, { name: "read" }, { name: "message" }] };
    const plain = await pa.assemble(reader, base);
    const r = await pa.assemble(reader, { ...base, openclaw: { runtime: { channel: "Telegram", capabilities: ["Reactions", "reactions"], host: "box" }, include: { heartbeats: true } } });
    const ids = r.sections.map((s) => s.id);
    expect(ids.filter((id) => id === "tool-list")).toHaveLength(1);
    expect(ids.filter((id) => id === "runtime")).toHaveLength(1);
    expect(ids).toEqual(expect.arrayContaining(["safety", "silent-replies", "messaging", "channel-capabilities"]));
    expect(ids.at(-1)).toBe("runtime");
    expect(r.prompt.endsWith("Runtime: host=box | model=claude-sonnet-4-5 | channel=telegram | capabilities=reactions | thinking=off")).toBe(true);
    expect(r.prompt).not.toContain("=== runtime ===");
    // OpenClaw's list (its fixed order: read before exec; no built-in summaries) in place of the default one.
    expect(r.prompt).toContain("## Tools\n\nTool names are case-sensitive; call each exactly as listed.\n- read\n- exec\n- message\n");
    expect(r.prompt).not.toContain("- read: Read a file");
    expect(plain.prompt).toContain("# Tools\nTool names are case-sensitive: call each tool exactly as it is written below.\n- read: Read a file");
    // Without a runtime, OpenClaw's sections come without its runtime line: the default runtime block stays.
    const noRuntime = await pa.assemble(reader, { ...base, openclaw: {} });
    expect(noRuntime.prompt).toContain("=== runtime ===");
    expect(noRuntime.sections.map((s) => s.id)).toContain("safety");
  });
});

describe("the page's options (src/page/model.ts) follow the discovery registry", () => {
  it("sends targetPath for every policy that reads it (TARGET_PATH_POLICIES), and for no other", () => {
    const now = new Date("2026-11-29T23:30:00Z");
    for (const policy of DISCOVERY_POLICIES) {
      const o = pageAssembleOptions({ ...PAGE_DEFAULTS, policy, targetPath: " src/a.ts " }, now, "UTC");
      expect(o.targetPath, policy).toBe(TARGET_PATH_POLICIES.includes(policy) ? "src/a.ts" : undefined);
    }
    expect(TARGET_PATH_POLICIES).toEqual(["cursor", "copilot", "windsurf", "cline", "kiro", "auto"]);
  });
});

describe("the CLI's --tool-use-enforcement (read by parseToolUseEnforcement)", () => {
  it("takes on/off/auto as words and anything else as comma-separated model-name substrings", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptasm-tue-"));
    await writeFile(join(dir, "AGENTS.md"), "# Guide\n\nKeep changes small.\n");
    const ids = async (setting: string, model: string): Promise<string[]> => {
      let out = "";
      const code = await main(["assemble", dir, "--root", dir, "--tools", "read", "--model", model, "--tool-use-enforcement", setting, "--json", "--tokens", "none"],
        { stdout: (t) => { out += t; }, stderr: () => {}, cwd: dir });
      expect(code, setting).toBe(0);
      return JSON.parse(out).sections.map((s: { id: string }) => s.id);
    };
    expect(await ids("o3, mistral", "o3-mini")).toContain("tool-use-enforcement");
    expect(await ids("mistral", "o3-mini")).not.toContain("tool-use-enforcement");
    expect(await ids(" OFF ", "gpt-5")).not.toContain("tool-use-enforcement");
    expect(await ids("on", "claude-sonnet-4-5")).toContain("tool-use-enforcement");
  });

  it("--git outside a repository: a note, no snapshot, exit 0", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptasm-nogit-"));
    let out = "";
    let err = "";
    const code = await main(["assemble", dir, "--root", dir, "--git", "--json", "--tokens", "none"], { stdout: (t) => { out += t; }, stderr: (t) => { err += t; }, cwd: dir });
    expect(code).toBe(0);
    expect(err).toBe(`promptasm: note: --git: ${dir} is not in a git repository (or git did not run): no git snapshot\n`);
    expect(JSON.parse(out).sections.map((s: { id: string }) => s.id)).not.toContain("git-snapshot");
  });
});

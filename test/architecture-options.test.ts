// One schema for assembly options (src/options/schema.ts), read by every surface: the library's validation, the
// config file, the CLI's flags and the Worker's request parser. These tests hold each surface to the schema, so a
// new option or enumeration value is one entry there.
import { describe, expect, it } from "vitest";
import { main } from "../src/cli/main.js";
import { parseConfig } from "../src/config/config.js";
import { DISCOVERY_POLICIES } from "../src/discovery/policies.js";
import { HttpError, assembleOptions } from "../src/adapters/workerd/input.js";
import { PromptasmError } from "../src/errors.js";
import { ASSEMBLE_OPTIONS, ENUMS, enumValues, optionKeys, validateAssembleOptions, type OptionSpec } from "../src/options/schema.js";
import { PLATFORM_HINTS } from "../src/sections/texts.js";

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
    expect(ENUMS.provider).toEqual(["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock"]);
    expect(ENUMS.tokens).toEqual(["cl100k_base", "o200k_base", "none"]);
  });

  it("every enum option names an enumeration, and only enum options do", () => {
    for (const spec of ASSEMBLE_OPTIONS) expect(spec.kind === "enum", spec.key).toBe(spec.values !== undefined);
    expect(ASSEMBLE_OPTIONS.filter((s) => s.kind === "enum").map((s) => s.key)).toEqual(["policy", "mode", "budget"]);
  });
});

describe("each surface reads the schema", () => {
  it("the config file takes exactly the options marked config (the keys it took before the schema)", () => {
    expect(optionKeys("config").sort()).toEqual([
      "budget", "cacheBoundary", "contextWindow", "currentTime", "maxChars", "mode", "model", "overrides", "platform",
      "platformOverrides", "policy", "provider", "timeZone", "toolUseEnforcement", "tools", "warningsBlock",
    ]);
    expect(configError({ skipContextFiles: true })).toBe('config t.json: assemble: unknown key "skipContextFiles"');
  });

  it("the Worker takes exactly the options marked worker (the keys it took before the schema)", () => {
    expect(optionKeys("worker").sort()).toEqual([
      "allow", "budget", "cacheBoundary", "contextWindow", "currentTime", "cwd", "externalMemory", "home", "maxChars",
      "mode", "model", "now", "platform", "policy", "provider", "root", "systemMessage", "targetPath", "timeZone",
      "toolUseEnforcement", "tools", "userAuthored", "warningsBlock",
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
      const r = await cli(["assemble", `--${spec.key}`, "vim"]);
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

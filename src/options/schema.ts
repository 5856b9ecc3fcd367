// The one schema for assembly options and every enumeration they use. The library (validateAssembleOptions, called
// by the assembler), the config file (src/config/config.ts), the CLI's flags (src/cli/main.ts) and the Worker's
// request parser (src/adapters/workerd/input.ts) all read their option names, kinds and allowed values from here, so
// a value accepted on one surface is accepted on all of them. Adding an option is one entry in ASSEMBLE_OPTIONS (and
// the field in AssembleOptions); see docs/architecture.md, "Adding an option".
// Layer: below prompt/ (the assembler calls it), above discovery/ and sections/ (whose registries it lists).
// Runtime-neutral; plain data and one validator, no schema library (the page bundle is capped at 115 kB gzipped).

import { PromptasmError } from "../errors.js";
import { isAbsolute } from "../discovery/paths.js";
import { DISCOVERY_POLICIES } from "../discovery/policies.js";
import { PLATFORM_HINTS } from "../sections/texts.js";
import { checkPlatformName } from "../sections/platform.js";
import { parseToolUseEnforcement } from "../sections/tools.js";
import { showValue } from "../util/escape.js";

/**
 * Every enumeration an option or request field takes, as data, in a fixed order (the order error messages and
 * `--help` list them in).
 * - policy: whose conventions decide which context files load (the discovery policy registry, discovery/policies.ts);
 * - mode: "full", "minimal" (sub-agents) or "none" (identity line only);
 * - budget: head/tail budget for context files (prompt/budgets.ts: hermes 70/20 per-file cap, openclaw 75/25);
 * - platform: platforms with a built-in hint (sections/texts.ts PLATFORM_HINTS); `platform` takes any short name;
 * - provider: request formats the provider builders produce (src/providers/*, the Worker's /request endpoint);
 * - tokens: tokenizers the CLI counts with (src/tokens/tokens.ts) and "none".
 */
export const ENUMS = {
  policy: DISCOVERY_POLICIES,
  mode: ["full", "minimal", "none"],
  budget: ["hermes", "openclaw"],
  platform: Object.keys(PLATFORM_HINTS),
  provider: ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock"],
  tokens: ["cl100k_base", "o200k_base", "none"],
} as const satisfies Record<string, readonly string[]>;

/** The name of an enumeration in ENUMS. */
export type EnumName = keyof typeof ENUMS;

/**
 * What kind of value an option holds. Each surface checks a kind its own way (a config file names `assemble.<key>`,
 * the Worker answers 400 with E_TYPE or E_VALUE), but the kind, and for "enum" the values, come from here.
 * - dir: a directory; absolute for the library, relative to the uploaded workspace for the Worker;
 * - name: a short platform-style name (sections/platform.ts checkPlatformName: a letter or digit, then up to 31
 *   letters, digits, "_" or "-"; trimmed, any case);
 * - string / positiveInt / boolean / strings (array of strings) / date (ISO 8601 for the Worker, a Date for the
 *   library) / timeZone (IANA name);
 * - enum: one of ENUMS[values];
 * - tools, toolUseEnforcement, overrides, platformOverrides, allow, environment: structured values whose shape the
 *   AssembleOptions docstrings give.
 */
export type OptionKind =
  | "dir" | "name" | "string" | "positiveInt" | "boolean" | "strings" | "date" | "timeZone" | "enum"
  | "tools" | "toolUseEnforcement" | "overrides" | "platformOverrides" | "allow" | "environment";

/** One assembly option: its kind and which surfaces take it. */
export interface OptionSpec {
  readonly key: string;
  readonly kind: OptionKind;
  /** For kind "enum": the enumeration in ENUMS. */
  readonly values?: EnumName;
  /** A config file may set it under `assemble` (config.ts). */
  readonly config: boolean;
  /** The Worker's `options` object takes it (adapters/workerd/input.ts). */
  readonly worker: boolean;
  /** The CLI flag that sets it, when there is one (cli/main.ts). */
  readonly cli?: string;
}

const opt = (key: string, kind: OptionKind, on: { config?: boolean; worker?: boolean; cli?: string; values?: EnumName }):
  OptionSpec => ({ key, kind, config: on.config ?? false, worker: on.worker ?? false, ...on });

/** Every assembly option, in AssembleOptions order. */
export const ASSEMBLE_OPTIONS: readonly OptionSpec[] = [
  opt("cwd", "dir", { worker: true, cli: "[dir]" }),
  opt("home", "dir", { worker: true, cli: "--home" }),
  opt("root", "dir", { worker: true, cli: "--root" }),
  opt("policy", "enum", { values: "policy", config: true, worker: true, cli: "--policy" }),
  opt("mode", "enum", { values: "mode", config: true, worker: true, cli: "--mode" }),
  opt("budget", "enum", { values: "budget", config: true, worker: true, cli: "--budget" }),
  opt("model", "string", { config: true, worker: true, cli: "--model" }),
  opt("provider", "string", { config: true, worker: true, cli: "--provider" }),
  opt("contextWindow", "positiveInt", { config: true, worker: true, cli: "--context-window" }),
  opt("maxChars", "positiveInt", { config: true, worker: true, cli: "--max-chars" }),
  opt("platform", "name", { config: true, worker: true, cli: "--platform" }),
  opt("platformOverrides", "platformOverrides", { config: true }),
  opt("systemMessage", "string", { worker: true, cli: "--system-message" }),
  opt("tools", "tools", { config: true, worker: true, cli: "--tools" }),
  opt("toolUseEnforcement", "toolUseEnforcement", { config: true, worker: true }),
  opt("overrides", "overrides", { config: true }),
  opt("externalMemory", "string", { worker: true }),
  opt("environment", "environment", { cli: "--environment" }),
  opt("currentTime", "boolean", { config: true, worker: true, cli: "--current-time" }),
  opt("skipContextFiles", "boolean", {}),
  opt("cacheBoundary", "boolean", { config: true, worker: true, cli: "--no-cache-boundary" }),
  opt("targetPath", "string", { worker: true, cli: "--target" }),
  opt("warningsBlock", "boolean", { config: true, worker: true, cli: "--warnings-block" }),
  opt("userAuthored", "strings", { worker: true }),
  opt("allow", "allow", { worker: true }),
  opt("now", "date", { worker: true }),
  opt("timeZone", "timeZone", { config: true, worker: true, cli: "--time-zone" }),
];

/** The allowed values of an enum option, or undefined for other kinds. */
export function enumValues(spec: OptionSpec): readonly string[] | undefined {
  return spec.values === undefined ? undefined : ENUMS[spec.values];
}

/** The keys of the options a surface takes, in schema order. */
export function optionKeys(surface: "config" | "worker"): string[] {
  return ASSEMBLE_OPTIONS.filter((s) => s[surface]).map((s) => s.key);
}

/**
 * Checks the options the library checks before assembling: `cwd`, `home` and `root` are absolute POSIX paths (the
 * paths a WorkspaceReader understands), `platform` is a short name (checkPlatformName), `toolUseEnforcement` parses
 * (parseToolUseEnforcement), and every enum option holds one of its ENUMS values. Numbers are checked by fileCap
 * (prompt/budget.ts), which reads them; other fields are taken as typed.
 * @param options the AssembleOptions as given (any value: it may come from JavaScript).
 * @throws PromptasmError E_ARG naming the option and the value, e.g. `policy must be one of hermes, codex, claude,
 *   cursor, gemini, openclaw, got "vim"`.
 */
export function validateAssembleOptions(options: unknown): void {
  if (typeof options !== "object" || options === null) {
    throw new PromptasmError("E_ARG", `assemble options must be an object with at least cwd, got ${showValue(options)}`);
  }
  const o = options as Record<string, unknown>;
  for (const spec of ASSEMBLE_OPTIONS) {
    const v = o[spec.key];
    if (v === undefined) continue;
    if (spec.kind === "dir" && (typeof v !== "string" || !isAbsolute(v))) {
      throw new PromptasmError("E_ARG", `${spec.key} must be an absolute path, got ${showValue(v)}`);
    }
    // Platform names are matched trimmed and case-insensitively (" CLI " is cli): sections/platform.ts checks them.
    if (spec.kind === "name") checkPlatformName(v, spec.key);
    // "on", "off", "auto", true, false or a list; any other word is an error, never a silent "auto".
    if (spec.kind === "toolUseEnforcement") parseToolUseEnforcement(v, spec.key);
    const values = enumValues(spec);
    if (values !== undefined && !values.includes(v as string)) {
      throw new PromptasmError("E_ARG", `${spec.key} must be one of ${values.join(", ")}, got ${showValue(v)}`);
    }
  }
}

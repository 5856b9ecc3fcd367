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
import { SESSION_START_FORMS } from "../sections/time.js";
import { OPENCLAW_SECTION_IDS, REASONING_VISIBILITY, THINKING_LEVELS } from "../sections/openclaw/index.js";
import { showValue } from "../util/escape.js";

/**
 * Every enumeration an option or request field takes, as data, in a fixed order (the order error messages and
 * `--help` list them in).
 * - policy: whose conventions decide which context files load (the discovery policy registry, discovery/policies.ts);
 * - mode: "full", "minimal" (sub-agents) or "none" (identity line only);
 * - budget: head/tail budget for context files (prompt/budgets.ts: hermes 70/20 per-file cap, openclaw 75/25);
 * - platform: platforms with a built-in hint (sections/texts.ts PLATFORM_HINTS); `platform` takes any short name;
 * - provider: request formats the provider builders produce (src/providers/*, the Worker's /request endpoint);
 * - tokens: tokenizers the CLI counts with (src/tokens/tokens.ts) and "none";
 * - truncationWarning: where the truncation warning goes (prompt/stages/warning.ts TRUNCATION_WARNING_MODES reads
 *   this list): "section" (in the system prompt, the default), "off", "once" or "always" (in the user turn);
 * - sessionStart: the session start line's form (sections/time.ts SESSION_START_FORMS);
 * - thinking: OpenClaw's thinking levels (sections/openclaw/runtime.ts THINKING_LEVELS).
 */
export const ENUMS = {
  policy: DISCOVERY_POLICIES,
  mode: ["full", "minimal", "none"],
  budget: ["hermes", "openclaw"],
  platform: Object.keys(PLATFORM_HINTS),
  provider: ["anthropic", "openai-chat", "openai-responses", "gemini", "bedrock", "openrouter"],
  tokens: ["cl100k_base", "o200k_base", "none"],
  truncationWarning: ["section", "off", "once", "always"],
  sessionStart: SESSION_START_FORMS,
  thinking: THINKING_LEVELS,
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
 *   AssembleOptions docstrings give;
 * - memoryFiles, sessionStart, gitSnapshot, openclaw: structured values checked by structuredOptionProblem (one
 *   check for the config file and the Worker).
 */
export type OptionKind =
  | "dir" | "name" | "string" | "positiveInt" | "boolean" | "strings" | "date" | "timeZone" | "enum"
  | "tools" | "toolUseEnforcement" | "overrides" | "platformOverrides" | "allow" | "environment"
  | "memoryFiles" | "sessionStart" | "gitSnapshot" | "openclaw";

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
  opt("bootstrapMaxChars", "positiveInt", { config: true, worker: true, cli: "--bootstrap-max-chars" }),
  opt("bootstrapTotalMaxChars", "positiveInt", { config: true, worker: true, cli: "--bootstrap-total-max-chars" }),
  opt("truncationWarning", "enum", { values: "truncationWarning", config: true, worker: true, cli: "--truncation-warning" }),
  opt("shownWarnings", "strings", { worker: true, cli: "--shown-warning" }),
  opt("platform", "name", { config: true, worker: true, cli: "--platform" }),
  opt("platformOverrides", "platformOverrides", { config: true, worker: true }),
  opt("systemMessage", "string", { worker: true, cli: "--system-message" }),
  opt("tools", "tools", { config: true, worker: true, cli: "--tools" }),
  opt("toolUseEnforcement", "toolUseEnforcement", { config: true, worker: true, cli: "--tool-use-enforcement" }),
  opt("overrides", "overrides", { config: true }),
  opt("externalMemory", "string", { worker: true }),
  opt("memoryFiles", "memoryFiles", { config: true, worker: true, cli: "--memory-files" }),
  opt("sessionStart", "sessionStart", { config: true, worker: true, cli: "--session-start" }),
  opt("gitSnapshot", "gitSnapshot", { worker: true, cli: "--git" }),
  opt("openclaw", "openclaw", { config: true, worker: true, cli: "--channel" }),
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

/** Fields of the `openclaw` option that hold text (OpenClawSectionOptions), checked as strings. */
const OPENCLAW_TEXT_FIELDS = ["providerPrefix", "reasoningHint", "silentToken", "heartbeatToken", "groupContext", "subagentContext"] as const;
/** Text fields of `openclaw.runtime` (OpenClawRuntime). */
const OPENCLAW_RUNTIME_TEXT = ["host", "os", "arch", "node", "model", "provider", "cwd", "shell", "channel"] as const;

/** A problem found by structuredOptionProblem: E_TYPE for a wrong type, E_VALUE for a value outside its set. */
export interface OptionProblem {
  code: "E_TYPE" | "E_VALUE";
  message: string;
}

/**
 * Checks the structured kinds memoryFiles, sessionStart, gitSnapshot and openclaw, for the surfaces that take data
 * from outside (the config file and the Worker's request): one check, so both accept and refuse the same values.
 * Shapes (all fields optional unless said):
 * - memoryFiles: `{ memory?: boolean, user?: boolean }`;
 * - sessionStart: `{ form?: one of ENUMS.sessionStart, sessionId?: string }`;
 * - gitSnapshot: `null` or `{ branch: string | null, head?: string, upstream?: { name: string, ahead: int ≥ 0,
 *   behind: int ≥ 0 }, staged, modified, untracked, conflicted: int ≥ 0, commits: [{ hash: string, subject: string }] }`;
 * - openclaw: OpenClawSectionOptions without `tools` (the assembler passes options.tools): text fields, `heartbeats`
 *   boolean, `modelAliases` an object of strings, `runtime` (OpenClawRuntime: text fields, `capabilities` strings,
 *   `thinking` one of ENUMS.thinking, `reasoning` off|on|stream), `include` an object of section id → boolean.
 * @param kind the option's kind; other kinds return null (their surfaces check them).
 * @param v the value (not undefined).
 * @param where how the value is named in the message, e.g. "assemble.openclaw" or "options.openclaw".
 * @returns the first problem, or null when the value is good.
 */
export function structuredOptionProblem(kind: OptionKind, v: unknown, where: string): OptionProblem | null {
  const type = (message: string): OptionProblem => ({ code: "E_TYPE", message });
  const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);
  const unknownKey = (o: Record<string, unknown>, at: string, known: readonly string[]): OptionProblem | null => {
    const extra = Object.keys(o).find((k) => !known.includes(k));
    return extra === undefined ? null : { code: "E_VALUE", message: `${at}: unknown key ${JSON.stringify(extra)} (expected ${known.join(", ")})` };
  };
  const count = (x: unknown) => Number.isSafeInteger(x) && (x as number) >= 0;
  switch (kind) {
    case "memoryFiles": {
      if (!isObject(v)) return type(`${where} must be an object { memory?: boolean, user?: boolean }`);
      const extra = unknownKey(v, where, ["memory", "user"]);
      if (extra) return extra;
      for (const k of ["memory", "user"]) if (v[k] !== undefined && typeof v[k] !== "boolean") return type(`${where}.${k} must be true or false`);
      return null;
    }
    case "sessionStart": {
      if (!isObject(v)) return type(`${where} must be an object { form?, sessionId? }`);
      const extra = unknownKey(v, where, ["form", "sessionId"]);
      if (extra) return extra;
      if (v.form !== undefined && !(ENUMS.sessionStart as readonly unknown[]).includes(v.form)) {
        return { code: "E_VALUE", message: `${where}.form must be one of ${ENUMS.sessionStart.join(", ")}, got ${showValue(v.form)}` };
      }
      if (v.sessionId !== undefined && typeof v.sessionId !== "string") return type(`${where}.sessionId must be a string`);
      return null;
    }
    case "gitSnapshot": {
      if (v === null) return null;
      if (!isObject(v)) return type(`${where} must be null or an object { branch, staged, modified, untracked, conflicted, commits }`);
      const extra = unknownKey(v, where, ["branch", "head", "upstream", "staged", "modified", "untracked", "conflicted", "commits"]);
      if (extra) return extra;
      if (v.branch !== null && typeof v.branch !== "string") return type(`${where}.branch must be a string or null`);
      if (v.head !== undefined && typeof v.head !== "string") return type(`${where}.head must be a string`);
      for (const k of ["staged", "modified", "untracked", "conflicted"]) if (!count(v[k])) return type(`${where}.${k} must be a non-negative integer`);
      if (v.upstream !== undefined) {
        const u = v.upstream;
        if (!isObject(u) || typeof u.name !== "string" || !count(u.ahead) || !count(u.behind)) {
          return type(`${where}.upstream must be { name: string, ahead: integer ≥ 0, behind: integer ≥ 0 }`);
        }
      }
      if (!Array.isArray(v.commits)) return type(`${where}.commits must be an array of { hash, subject }`);
      for (const [i, c] of v.commits.entries()) {
        if (!isObject(c) || typeof c.hash !== "string" || typeof c.subject !== "string") return type(`${where}.commits[${i}] must be { hash: string, subject: string }`);
      }
      return null;
    }
    case "openclaw": {
      if (!isObject(v)) return type(`${where} must be an object (OpenClaw section options)`);
      const extra = unknownKey(v, where, [...OPENCLAW_TEXT_FIELDS, "heartbeats", "modelAliases", "runtime", "include"]);
      if (extra) return extra;
      for (const k of OPENCLAW_TEXT_FIELDS) if (v[k] !== undefined && typeof v[k] !== "string") return type(`${where}.${k} must be a string`);
      if (v.heartbeats !== undefined && typeof v.heartbeats !== "boolean") return type(`${where}.heartbeats must be true or false`);
      if (v.modelAliases !== undefined && (!isObject(v.modelAliases) || Object.values(v.modelAliases).some((x) => typeof x !== "string"))) {
        return type(`${where}.modelAliases must be an object of alias → model name strings`);
      }
      if (v.include !== undefined) {
        if (!isObject(v.include)) return type(`${where}.include must be an object of section id → true or false`);
        const bad = unknownKey(v.include, `${where}.include`, OPENCLAW_SECTION_IDS);
        if (bad) return bad;
        for (const [k, x] of Object.entries(v.include)) if (typeof x !== "boolean") return type(`${where}.include.${k} must be true or false`);
      }
      if (v.runtime !== undefined) {
        const r = v.runtime;
        const at = `${where}.runtime`;
        if (!isObject(r)) return type(`${at} must be an object`);
        const bad = unknownKey(r, at, [...OPENCLAW_RUNTIME_TEXT, "capabilities", "thinking", "reasoning"]);
        if (bad) return bad;
        for (const k of OPENCLAW_RUNTIME_TEXT) if (r[k] !== undefined && typeof r[k] !== "string") return type(`${at}.${k} must be a string`);
        if (r.capabilities !== undefined && !(Array.isArray(r.capabilities) && r.capabilities.every((x) => typeof x === "string"))) {
          return type(`${at}.capabilities must be an array of strings`);
        }
        if (r.thinking !== undefined && !(ENUMS.thinking as readonly unknown[]).includes(r.thinking)) {
          return { code: "E_VALUE", message: `${at}.thinking must be one of ${ENUMS.thinking.join(", ")}, got ${showValue(r.thinking)}` };
        }
        if (r.reasoning !== undefined && !(REASONING_VISIBILITY as readonly unknown[]).includes(r.reasoning)) {
          return { code: "E_VALUE", message: `${at}.reasoning must be one of ${REASONING_VISIBILITY.join(", ")}, got ${showValue(r.reasoning)}` };
        }
      }
      return null;
    }
    default:
      return null;
  }
}

/** The allowed values of an enum option, or undefined for other kinds. */
export function enumValues(spec: OptionSpec): readonly string[] | undefined {
  return spec.values === undefined ? undefined : ENUMS[spec.values];
}

/** Every key of AssembleOptions (ASSEMBLE_OPTIONS): any other key in an options object is an error. */
const KNOWN_KEYS: ReadonlySet<string> = new Set(ASSEMBLE_OPTIONS.map((s) => s.key));

/** The keys of the options a surface takes, in schema order. */
export function optionKeys(surface: "config" | "worker"): string[] {
  return ASSEMBLE_OPTIONS.filter((s) => s[surface]).map((s) => s.key);
}

/**
 * The type problem of a plain option value (a string, a boolean, a list of strings, the tools list), as a message
 * naming the option and the value, or null. The Worker checks the same kinds (adapters/workerd/input.ts).
 */
function plainTypeProblem(kind: OptionKind, v: unknown, key: string): string | null {
  switch (kind) {
    case "string": return typeof v === "string" ? null : `${key} must be a string, got ${showValue(v)}`;
    case "boolean": return typeof v === "boolean" ? null : `${key} must be true or false, got ${showValue(v)}`;
    // shownWarnings may also be a store with has() (ShownWarnings): resolveOptions checks that one.
    case "strings":
      if (key === "shownWarnings" && typeof (v as { has?: unknown }).has === "function") return null;
      return Array.isArray(v) && v.every((x) => typeof x === "string") ? null : `${key} must be an array of strings, got ${showValue(v)}`;
    case "tools": {
      if (!Array.isArray(v)) return `${key} must be an array of { name, summary? }, got ${showValue(v)}`;
      const i = v.findIndex((t) => typeof t !== "object" || t === null || typeof (t as { name?: unknown }).name !== "string"
        || ((t as { summary?: unknown }).summary !== undefined && typeof (t as { summary?: unknown }).summary !== "string"));
      return i < 0 ? null : `${key}[${i}] must be an object { name: string, summary?: string }, got ${showValue(v[i])}`;
    }
    default: return null;
  }
}

/**
 * Checks the options the library checks before assembling: `cwd`, `home` and `root` are absolute POSIX paths (the
 * paths a WorkspaceReader understands), `platform` is a short name (checkPlatformName), `toolUseEnforcement` parses
 * (parseToolUseEnforcement), every enum option holds one of its ENUMS values, and strings, booleans, string lists and
 * the tools list have their type (plainTypeProblem). Numbers are checked by fileCap (prompt/budget.ts), which reads
 * them; the rest are taken as typed.
 * @param options the AssembleOptions as given (any value: it may come from JavaScript).
 * @throws PromptasmError E_ARG naming the option and the value, e.g. `policy must be one of hermes, codex, claude,
 *   cursor, gemini, openclaw, got "vim"`, `model must be a string, got 42`; E_ARG naming a key that is not an option
 *   (`unknown assemble option "polcy"`); E_ARG when cwd is missing.
 */
export function validateAssembleOptions(options: unknown): void {
  if (typeof options !== "object" || options === null) {
    throw new PromptasmError("E_ARG", `assemble options must be an object with at least cwd, got ${showValue(options)}`);
  }
  const o = options as Record<string, unknown>;
  // A misspelt key (`polcy`) would otherwise be ignored and the default used without a word, as config files and the
  // Worker's JSON already refuse unknown keys.
  for (const key of Object.keys(o)) {
    if (!KNOWN_KEYS.has(key)) {
      const near = ASSEMBLE_OPTIONS.map((s) => s.key).find((k) => k.toLowerCase() === key.toLowerCase());
      throw new PromptasmError("E_ARG", `unknown assemble option ${JSON.stringify(key.slice(0, 80))}${near !== undefined ? ` (did you mean ${near}?)` : ""}`);
    }
  }
  if (o.cwd === undefined) throw new PromptasmError("E_ARG", "assemble options need cwd: the absolute path of the directory the agent works in");
  for (const spec of ASSEMBLE_OPTIONS) {
    const v = o[spec.key];
    if (v === undefined) continue;
    const typeProblem = plainTypeProblem(spec.kind, v, spec.key);
    if (typeProblem !== null) throw new PromptasmError("E_ARG", typeProblem);
    if (spec.kind === "dir" && (typeof v !== "string" || !isAbsolute(v))) {
      throw new PromptasmError("E_ARG", `${spec.key} must be an absolute path, got ${showValue(v)}`);
    }
    // Platform names are matched trimmed and case-insensitively (" CLI " is cli): sections/platform.ts checks them.
    if (spec.kind === "name") checkPlatformName(v, spec.key);
    // "on", "off", "auto", true, false or a list; any other word is an error, never a silent "auto".
    if (spec.kind === "toolUseEnforcement") parseToolUseEnforcement(v, spec.key);
    const problem = structuredOptionProblem(spec.kind, v, spec.key);
    if (problem !== null) throw new PromptasmError("E_ARG", problem.message);
    const values = enumValues(spec);
    if (values !== undefined && !values.includes(v as string)) {
      throw new PromptasmError("E_ARG", `${spec.key} must be one of ${values.join(", ")}, got ${showValue(v)}`);
    }
  }
}

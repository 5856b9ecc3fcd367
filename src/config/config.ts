// The config file (promptasm.config.json): the user's own rules, reviewed files allowed by hash, user-authored
// files, and default assembly options. Parsing is runtime-neutral; the Node CLI reads the file.

import { PromptasmError } from "../errors.js";
import { ASSEMBLE_OPTIONS, enumValues, optionKeys, structuredOptionProblem, type OptionSpec } from "../options/schema.js";
import { parseToolUseEnforcement } from "../sections/tools.js";
import type { AllowEntry, AssembleOptions } from "../prompt/assemble.js";
import { SCOPES, type Rule, type RuleCategory } from "../scan/rules.js";

/**
 * The file name looked for when no --config is given: in the working directory, then in each ancestor up to and
 * including the project root (nearest first; the first found wins).
 */
export const CONFIG_FILE = "promptasm.config.json";

/** Assembly options a config file may set (command-line options win). */
export type ConfigAssembleOptions = Pick<AssembleOptions,
  "policy" | "mode" | "budget" | "model" | "provider" | "contextWindow" | "maxChars" | "platform" | "platformOverrides" |
  "tools" | "toolUseEnforcement" | "overrides" | "timeZone" | "currentTime" | "cacheBoundary" | "warningsBlock" |
  "bootstrapMaxChars" | "bootstrapTotalMaxChars" | "truncationWarning" | "memoryFiles" | "sessionStart" | "openclaw">;

/** A parsed config file. */
export interface PromptasmConfig {
  /** Extra rules, run with the built-in ones (same pattern syntax; category "custom" unless given). */
  rules: Rule[];
  allow: AllowEntry[];
  userAuthored: string[];
  assemble: ConfigAssembleOptions;
}

const CATEGORIES: readonly RuleCategory[] = [
  "override", "deception", "hidden-html", "exfiltration", "role-hijack", "prompt-extraction", "command-and-control",
  "anti-forensics", "persistence", "secret", "code-execution", "custom",
];
const isPlainObject = (v: unknown): boolean => typeof v === "object" && v !== null && !Array.isArray(v);
const CONFIG_KEYS = new Set(optionKeys("config"));

/**
 * Parses and checks a config file's text.
 * @param text the file's contents (JSON).
 * @param source where it came from, named in every error message.
 * @throws PromptasmError E_CONFIG naming the source and the field (e.g. "rules[1].pattern must be a string") for
 *   invalid JSON, unknown top-level keys, or fields of the wrong shape. Patterns are compiled later (E_RULES).
 */
export function parseConfig(text: string, source: string): PromptasmConfig {
  const fail = (what: string): never => { throw new PromptasmError("E_CONFIG", `config ${source}: ${what}`); };
  let raw: unknown;
  try {
    raw = JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (e) {
    return fail(`not valid JSON (${(e as Error).message})`);
  }
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) return fail("must be a JSON object");
  const obj = raw as Record<string, unknown>;
  for (const key of Object.keys(obj)) {
    if (!["rules", "allow", "userAuthored", "assemble", "$schema"].includes(key)) {
      fail(`unknown key ${JSON.stringify(key)} (expected rules, allow, userAuthored, assemble)`);
    }
  }
  const str = (v: unknown, where: string, optional = false): string | undefined => {
    if (v === undefined && optional) return undefined;
    if (typeof v !== "string" || v.trim() === "") fail(`${where} must be a non-empty string`);
    return v as string;
  };
  const arr = (v: unknown, where: string): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : fail(`${where} must be an array`));

  const rules = arr(obj.rules, "rules").map((r, i): Rule => {
    const where = `rules[${i}]`;
    if (typeof r !== "object" || r === null) return fail(`${where} must be an object`);
    const o = r as Record<string, unknown>;
    for (const key of Object.keys(o)) if (!["id", "category", "scope", "description", "pattern", "caseSensitive", "severity"].includes(key)) fail(`${where}: unknown key ${JSON.stringify(key)}`);
    if (o.severity !== undefined && o.severity !== "high" && o.severity !== "low") fail(`${where}.severity must be "high" or "low"`);
    const scope = o.scope ?? "all";
    if (!SCOPES.includes(scope as never)) fail(`${where}.scope must be one of ${SCOPES.join(", ")}`);
    const category = o.category ?? "custom";
    if (!CATEGORIES.includes(category as never)) fail(`${where}.category must be one of ${CATEGORIES.join(", ")}`);
    if (o.caseSensitive !== undefined && typeof o.caseSensitive !== "boolean") fail(`${where}.caseSensitive must be true or false`);
    return {
      id: str(o.id, `${where}.id`)!,
      category: category as RuleCategory,
      scope: scope as Rule["scope"],
      description: str(o.description, `${where}.description`, true) ?? "(user rule)",
      pattern: str(o.pattern, `${where}.pattern`)!,
      ...(o.caseSensitive === true ? { caseSensitive: true } : {}),
      ...(o.severity === "low" ? { severity: "low" as const } : {}),
    };
  });
  const allow = arr(obj.allow, "allow").map((a, i): AllowEntry => {
    const where = `allow[${i}]`;
    if (typeof a !== "object" || a === null) return fail(`${where} must be an object`);
    const o = a as Record<string, unknown>;
    const sha = str(o.sha256, `${where}.sha256`)!;
    if (!/^[0-9a-f]{64}$/i.test(sha)) fail(`${where}.sha256 must be 64 hex digits`);
    const ruleIds = arr(o.rules, `${where}.rules`).map((x, j) => str(x, `${where}.rules[${j}]`)!);
    if (ruleIds.length === 0) fail(`${where}.rules must list the rule ids that were reviewed`);
    return { file: str(o.file, `${where}.file`)!, sha256: sha.toLowerCase(), rules: ruleIds, ...(typeof o.reason === "string" ? { reason: o.reason } : {}) };
  });
  const userAuthored = arr(obj.userAuthored, "userAuthored").map((x, j) => str(x, `userAuthored[${j}]`)!);
  const assemble: Record<string, unknown> = {};
  if (obj.assemble !== undefined) {
    if (typeof obj.assemble !== "object" || obj.assemble === null || Array.isArray(obj.assemble)) fail("assemble must be an object");
    for (const [k, v] of Object.entries(obj.assemble as Record<string, unknown>)) {
      if (!CONFIG_KEYS.has(k)) fail(`assemble: unknown key ${JSON.stringify(k)}`);
      assemble[k] = v;
    }
    // Every key is checked by its kind in the options schema (src/options/schema.ts), in schema order. Enums and
    // booleans are checked too: a string "false" would otherwise turn cacheBoundary/currentTime on.
    for (const spec of ASSEMBLE_OPTIONS) {
      if (spec.config && assemble[spec.key] !== undefined) checkAssembleValue(spec, assemble[spec.key], fail);
    }
  }
  return { rules, allow, userAuthored, assemble: assemble as ConfigAssembleOptions };
}

/**
 * Checks one `assemble.<key>` value of a config file by its kind in the options schema; calls `fail` with the
 * problem (e.g. "assemble.maxChars must be a positive integer"). Kinds a config file does not take never reach here.
 */
function checkAssembleValue(spec: OptionSpec, v: unknown, fail: (what: string) => never): void {
  const where = `assemble.${spec.key}`;
  const nonEmpty = (x: unknown, at: string) => { if (typeof x !== "string" || x.trim() === "") fail(`${at} must be a non-empty string`); };
  switch (spec.kind) {
    case "positiveInt":
      if (!(Number.isSafeInteger(v) && (v as number) > 0)) fail(`${where} must be a positive integer`);
      return;
    case "enum": {
      nonEmpty(v, where);
      const values = enumValues(spec)!;
      if (!values.includes(v as string)) fail(`${where} must be one of ${values.join(", ")}`);
      return;
    }
    case "string": case "name": case "timeZone":
      nonEmpty(v, where);
      return;
    case "boolean":
      if (typeof v !== "boolean") fail(`${where} must be true or false`);
      return;
    case "tools":
      if (!Array.isArray(v)) fail(`${where} must be an array`);
      (v as unknown[]).forEach((t, i) => {
        if (typeof t !== "object" || t === null) fail(`${where}[${i}] must be an object`);
        nonEmpty((t as Record<string, unknown>).name, `${where}[${i}].name`);
        const summary = (t as Record<string, unknown>).summary;
        if (summary !== undefined && typeof summary !== "string") fail(`${where}[${i}].summary must be a string`);
      });
      return;
    case "overrides":
      if (!isPlainObject(v)) fail(`${where} must be an object`);
      for (const [k, text] of Object.entries(v as Record<string, unknown>)) {
        if (!["interactionStyle", "toolCallStyle", "executionBias"].includes(k)) {
          fail(`${where}: unknown key ${JSON.stringify(k)} (expected interactionStyle, toolCallStyle, executionBias)`);
        }
        if (typeof text !== "string") fail(`${where}.${k} must be a string`);
      }
      return;
    case "toolUseEnforcement":
      // The library's reading (sections/tools.ts): "on", "off", "auto", true, false or a list; "off" is off.
      try {
        parseToolUseEnforcement(v, where);
      } catch (e) {
        fail((e as Error).message);
      }
      return;
    case "platformOverrides":
      // Only the whole value's type is checked here: a malformed entry falls back to the platform's default hint,
      // with a note in the assembly report (sections/platform.ts platformOverrideNotes), and never stops the build.
      if (!isPlainObject(v)) fail(`${where} must be an object`);
      return;
    case "memoryFiles": case "sessionStart": case "openclaw": {
      const problem = structuredOptionProblem(spec.kind, v, where);
      if (problem !== null) fail(problem.message);
      return;
    }
    default:
      // A kind marked `config: true` in the schema needs a case here; the architecture test checks there is one.
      fail(`${where} cannot be set in a config file`);
  }
}

/**
 * What a *discovered* config (found in the workspace, not named with --config) may do: a cloned repository controls
 * that file, so only its `rules` are kept (extra rules can only make scanning stricter). Its allow list,
 * userAuthored files and assemble options are dropped, because they could let an injected file load or put
 * unscanned text into the prompt.
 * @returns the config with only its rules, and the dropped keys that were set (e.g. ["allow", "assemble.tools"]),
 *   for a note naming them; empty when nothing was dropped.
 */
export function discoveredConfig(config: PromptasmConfig): { config: PromptasmConfig; ignored: string[] } {
  const ignored = [
    ...(config.allow.length > 0 ? ["allow"] : []),
    ...(config.userAuthored.length > 0 ? ["userAuthored"] : []),
    ...Object.keys(config.assemble).map((k) => `assemble.${k}`),
  ];
  return { config: { rules: config.rules, allow: [], userAuthored: [], assemble: {} }, ignored };
}

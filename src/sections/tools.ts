// Tool sections: guidance for particular tools, the tool-use enforcement block for models that tend to describe an
// action instead of taking it, and the list of tools the agent has.

import {
  EXECUTION_GUIDANCE, GEMINI_TOOL_NOTES, MEMORY_TOOL_GUIDANCE, SESSION_SEARCH_GUIDANCE, SKILL_MANAGE_GUIDANCE, SKILLS_TOOL_GUIDANCE,
  TOOL_USE_ENFORCEMENT,
} from "./texts.js";
import { compareCodeUnits, compareNames, firstLine, makeSection } from "./text-utils.js";
import { PromptasmError } from "../errors.js";
import type { Section } from "./types.js";

/**
 * The tool-guidance section (id "tool-guidance", tier stable): one short paragraph per kind of tool present, in this
 * fixed order:
 * 1. memory — any tool whose name contains "memory" (case-insensitive);
 * 2. session search — any tool whose name contains "session_search" (case-insensitive);
 * 3. skills — any skill tool (see hasSkillTools); when the skill-management tool (a name containing "skill_manage",
 *    case-insensitive) is present, SKILL_MANAGE_GUIDANCE follows on a new line: patch stale skills, offer to save
 *    new ones.
 * @param toolNames the names of the agent's tools; non-strings are ignored.
 * @returns null when none of the three kinds is present.
 */
export function toolGuidanceSection(toolNames: string[]): Section | null {
  const names = toolKeys(toolNames);
  const paragraphs: string[] = [];
  if (names.some((n) => n.includes("memory"))) paragraphs.push(MEMORY_TOOL_GUIDANCE);
  if (names.some((n) => n.includes("session_search"))) paragraphs.push(SESSION_SEARCH_GUIDANCE);
  if (hasSkillTools(names)) {
    paragraphs.push(names.some((n) => n.includes("skill_manage")) ? `${SKILLS_TOOL_GUIDANCE}\n${SKILL_MANAGE_GUIDANCE}` : SKILLS_TOOL_GUIDANCE);
  }
  if (paragraphs.length === 0) return null;
  return makeSection("tool-guidance", "stable", ["# Notes on your tools", ...paragraphs].join("\n\n"));
}

/** Tool names trimmed and lower-cased; non-strings dropped. */
function toolKeys(toolNames: unknown): string[] {
  return (Array.isArray(toolNames) ? toolNames : []).filter((n): n is string => typeof n === "string").map((n) => n.trim().toLowerCase());
}

/**
 * Whether the agent has a skill tool: a name (trimmed, case-insensitive) that is "skill" or "skills" or starts with
 * "skill_" or "skills_" — skills_list, skill_view, skill_manage. The skills index goes into the prompt only then:
 * without a tool to open a skill, a list of skill names is noise.
 * @param toolNames the agent's tool names; non-strings are ignored.
 */
export function hasSkillTools(toolNames: string[]): boolean {
  return toolKeys(toolNames).some((n) => /^skills?(?:_|$)/.test(n));
}

/**
 * Model families that, in "auto" mode, get the tool-use enforcement block: they tend to describe a tool call in
 * prose instead of making it. Matched as substrings of the lower-cased model name. The list is the one Hermes Agent
 * uses for its enforcement default (gpt, codex, gemini, gemma, grok, glm, qwen, deepseek).
 */
export const TOOL_USE_AUTO_FAMILIES: readonly string[] = ["gpt", "codex", "gemini", "gemma", "grok", "glm", "qwen", "deepseek"];

/** Families that also get GEMINI_TOOL_NOTES when enforcement is on (substrings of the lower-cased model name). */
export const GEMINI_FAMILIES: readonly string[] = ["gemini", "gemma"];

/**
 * The enforcement setting from configuration: `true`/"on"/"true" always on, `false`/"off"/"false" always off,
 * "auto" = on for TOOL_USE_AUTO_FAMILIES (the default), a list of substrings = on when the model name contains any
 * of them (case-insensitive; blank entries are ignored). Strings are matched trimmed and case-insensitively. Any other
 * value is an error (parseToolUseEnforcement): an unknown word must not silently mean "auto".
 */
export type ToolUseEnforcementSetting = boolean | "auto" | "on" | "off" | "true" | "false" | string[];

/** The setting after parsing: on, off, auto, or a list of lower-cased, non-blank model-name substrings. */
export type ParsedToolUseEnforcement = boolean | "auto" | string[];

/**
 * Reads a tool-use enforcement setting from configuration, a CLI flag or a request body.
 * @param value true, false, "on", "off", "auto", "true", "false" (strings trimmed, any case), or an array of strings.
 * @param name how the input is named in the error, e.g. "assemble.toolUseEnforcement".
 * @returns true, false, "auto", or the list of substrings lower-cased and trimmed, blanks dropped (an empty list
 *   matches no model: off).
 * @throws PromptasmError E_ARG for anything else (another string, a number, null, an array with a non-string).
 * @example parseToolUseEnforcement(" OFF ") // false
 */
export function parseToolUseEnforcement(value: unknown, name = "toolUseEnforcement"): ParsedToolUseEnforcement {
  if (typeof value === "boolean") return value;
  if (typeof value === "string") {
    const v = value.trim().toLowerCase();
    if (v === "on" || v === "true") return true;
    if (v === "off" || v === "false") return false;
    if (v === "auto") return "auto";
  } else if (Array.isArray(value) && value.every((s) => typeof s === "string")) {
    return (value as string[]).map((s) => s.trim().toLowerCase()).filter((s) => s !== "");
  }
  const shown = JSON.stringify(value) ?? String(value);
  throw new PromptasmError("E_ARG", `${name} must be "on", "off", "auto", true, false or a list of model-name substrings, got ${shown.length > 80 ? `${shown.slice(0, 77)}…` : shown}`);
}

/**
 * Whether the enforcement block applies for this setting and model (see ToolUseEnforcementSetting).
 * Without a model name, only an "on" setting turns it on.
 * @throws PromptasmError E_ARG for a setting parseToolUseEnforcement rejects.
 */
export function toolUseEnforced(setting: unknown, model?: string): boolean {
  const parsed = parseToolUseEnforcement(setting);
  if (typeof parsed === "boolean") return parsed;
  const m = typeof model === "string" ? model.trim().toLowerCase() : "";
  if (m === "") return false;
  const needles = parsed === "auto" ? TOOL_USE_AUTO_FAMILIES : parsed;
  return needles.some((n) => m.includes(n));
}

/**
 * Model families that get EXECUTION_GUIDANCE (substrings of the lower-cased model name): GPT and Codex, the families
 * Hermes Agent gives its model-specific execution guidance to.
 */
export const EXECUTION_GUIDANCE_FAMILIES: readonly string[] = ["gpt", "codex"];

/**
 * The execution guidance section (id "execution-guidance", tier stable): EXECUTION_GUIDANCE (tool persistence,
 * mandatory tool use, act instead of asking, verification) for a GPT- or Codex-family model, under the same setting
 * as the enforcement block: present only when toolUseEnforced(setting, model) is true and the model name contains a
 * family in EXECUTION_GUIDANCE_FAMILIES. So "off" turns it off, "on" turns it on for those families only.
 * @throws PromptasmError E_ARG for a setting parseToolUseEnforcement rejects.
 * @returns null otherwise.
 */
export function executionGuidanceSection(options: { setting: ToolUseEnforcementSetting; model?: string }): Section | null {
  if (!toolUseEnforced(options.setting, options.model)) return null;
  const m = (options.model ?? "").toLowerCase();
  if (!EXECUTION_GUIDANCE_FAMILIES.some((f) => m.includes(f))) return null;
  return makeSection("execution-guidance", "stable", EXECUTION_GUIDANCE);
}

/**
 * The tool-use enforcement section (id "tool-use-enforcement", tier stable): TOOL_USE_ENFORCEMENT, plus
 * GEMINI_TOOL_NOTES when the model name contains "gemini" or "gemma".
 * @param options.setting see ToolUseEnforcementSetting.
 * @param options.model the model name, e.g. "gpt-5-codex" or "google/gemini-2.5-pro".
 * @returns null when enforcement is off for this setting and model.
 */
export function toolUseEnforcementSection(options: { setting: ToolUseEnforcementSetting; model?: string }): Section | null {
  if (!toolUseEnforced(options.setting, options.model)) return null;
  const m = (options.model ?? "").toLowerCase();
  const parts = [TOOL_USE_ENFORCEMENT];
  if (GEMINI_FAMILIES.some((f) => m.includes(f))) parts.push(GEMINI_TOOL_NOTES);
  return makeSection("tool-use-enforcement", "stable", parts.join("\n\n"));
}

/**
 * Tools that are listed first, in this order, when present (matched by exact, case-sensitive name): files
 * (read, write, edit, apply_patch), search (grep, find, ls), running commands (exec, process), the web (web_search,
 * web_fetch, browser), recall (memory, session_search), skills (skills_list, skill_view), then actions that reach
 * beyond the session (message, cron). A fixed order keeps the list's bytes stable whatever order the caller passes.
 */
export const KNOWN_TOOL_ORDER: readonly string[] = [
  "read", "write", "edit", "apply_patch", "grep", "find", "ls", "exec", "process", "web_search", "web_fetch",
  "browser", "memory", "session_search", "skills_list", "skill_view", "message", "cron",
];

/** Our one-line summary of each tool in KNOWN_TOOL_ORDER; it is used instead of the caller's summary. */
export const KNOWN_TOOL_SUMMARIES: Readonly<Record<string, string>> = {
  read: "Read a file, whole or a range of its lines.",
  write: "Create a file, or overwrite one whole.",
  edit: "Replace an exact piece of text in a file.",
  apply_patch: "Apply a patch that adds, changes, moves or deletes files.",
  grep: "Search file contents for a pattern.",
  find: "Find files by name or glob pattern.",
  ls: "List the entries of a directory.",
  exec: "Run a shell command.",
  process: "Manage background commands: list them, read their output, send input, stop them.",
  web_search: "Search the web.",
  web_fetch: "Fetch a URL and return its readable text.",
  browser: "Drive a web browser: open pages, click, type, take snapshots.",
  memory: "Add, change or remove entries in your long-term memory.",
  session_search: "Search your earlier sessions with this user.",
  skills_list: "List the skills you can open.",
  skill_view: "Open a skill's SKILL.md and the files beside it.",
  message: "Send a message to a person or channel on a connected platform.",
  cron: "Schedule jobs to run later or on a repeat; list and cancel them.",
};

/** The summary shown for an unknown tool that came without one. */
export const NO_DESCRIPTION = "(no description)";

/**
 * The tool-list section (id "tool-list", tier stable): a heading, a line saying tool names are case-sensitive, then
 * one line per tool, "- name: summary".
 *
 * Order: tools in KNOWN_TOOL_ORDER first, in that order; then every other tool sorted case-insensitively (ties by
 * code unit, so "Read" comes before "read"). Names are trimmed and deduplicated by exact name. Summaries: ours for
 * known tools; otherwise the caller's, cut to its first line, or NO_DESCRIPTION. When a name comes more than once,
 * the non-blank summary that is first in code-unit order wins, so input order never changes the bytes.
 * @throws PromptasmError E_ARG for a name that is not a string, is blank, or holds a control character (a line
 *   break in a name would break the list).
 * @returns null when there are no tools.
 */
export function toolListSection(tools: Array<{ name: string; summary?: string }>): Section | null {
  const summaries = new Map<string, string[]>();
  for (const tool of Array.isArray(tools) ? tools : []) {
    const raw: unknown = tool?.name;
    // eslint-disable-next-line no-control-regex
    if (typeof raw !== "string" || raw.trim() === "" || /[\u0000-\u001f\u007f]/.test(raw.trim())) {
      throw new PromptasmError("E_ARG", `a tool name must be a non-blank single-line string, got ${JSON.stringify(raw)}`);
    }
    const name = raw.trim();
    const list = summaries.get(name) ?? [];
    const s = firstLine(tool.summary);
    if (s !== "") list.push(s);
    summaries.set(name, list);
  }
  if (summaries.size === 0) return null;
  const known = KNOWN_TOOL_ORDER.filter((n) => summaries.has(n));
  const rest = [...summaries.keys()].filter((n) => !KNOWN_TOOL_ORDER.includes(n)).sort(compareNames);
  const lines = [...known, ...rest].map((name) => {
    const summary = KNOWN_TOOL_ORDER.includes(name)
      ? KNOWN_TOOL_SUMMARIES[name]!
      : [...summaries.get(name)!].sort(compareCodeUnits)[0] ?? NO_DESCRIPTION;
    return `- ${name}: ${summary}`;
  });
  return makeSection("tool-list", "stable", [
    "# Tools",
    "Tool names are case-sensitive: call each tool exactly as it is written below.",
    ...lines,
  ].join("\n"));
}

// Section builders for the full assembly model: each section comes from one small pure function that returns a
// Section, or null when the section does not apply. Builders normalize their text (LF, no trailing blanks, trimmed)
// and keep every list in a sorted or documented fixed order, so the same inputs give the same bytes.
//
// Section ids and tiers (the prompt orders tiers stable → context → volatile; `orderSections` also puts the runtime
// block last):
//   stable:   identity, guidance (built by assembly), tool-guidance, tool-use-enforcement, execution-guidance,
//             tool-list, interaction-style, tool-call-style, execution-bias
//   context:  system-message, project-context (built by assembly), skills-index, environment, git-snapshot
//   volatile: memory, date, session-id, current-time, platform, runtime
// The tool sections, the skills index and the clock sections live in tools.ts, skills.ts and time.ts, the platform
// section in platform.ts; this module re-exports them so callers import builders from one place.

import { PromptasmError } from "../errors.js";
import { DEFAULT_EXECUTION_BIAS, DEFAULT_IDENTITY, DEFAULT_INTERACTION_STYLE, DEFAULT_TOOL_CALL_STYLE, OS_NAMES, RUNTIME_DELIMITER } from "./texts.js";
// Defined in texts.ts (no imports), so parse.ts can read them without importing this module back.
export { OS_NAMES, RUNTIME_DELIMITER };
import { foldToLine, makeSection, normalizeText } from "./text-utils.js";
import { stripCurrentTimeLines } from "./time.js";
import { TIERS, type Section } from "./types.js";

export {
  toolGuidanceSection, toolUseEnforcementSection, toolUseEnforced, toolListSection, hasSkillTools, parseToolUseEnforcement,
  executionGuidanceSection, EXECUTION_GUIDANCE_FAMILIES, TOOL_USE_AUTO_FAMILIES, GEMINI_FAMILIES, KNOWN_TOOL_ORDER,
  KNOWN_TOOL_SUMMARIES, NO_DESCRIPTION, type ToolUseEnforcementSetting, type ParsedToolUseEnforcement,
} from "./tools.js";
export { skillsIndexSection, skillEntry, skillDirCategory, parseFrontmatter, SKILL_DESCRIPTION_MAX, UNCATEGORIZED, type SkillEntry } from "./skills.js";
export {
  dateSection, currentTimeSection, currentTimeLine, withCurrentTime, sessionStartSections, sessionStartLine, stripCurrentTimeLines,
  SESSION_START_FORMS, CURRENT_TIME_PREFIX, SESSION_ID_PREFIX, type ClockInput, type SessionStartForm,
} from "./time.js";
export { platformSection, platformKey, checkPlatformName, platformOverrideNotes, PLATFORM_NAME_MAX } from "./platform.js";
export { gitSnapshotSection, GIT_COMMITS_MAX, type GitSnapshot, type GitSnapshotReader } from "./git.js";
export { parsePromptRuntime, promptRuntimeMismatches, type PromptRuntime } from "./parse.js";
export { createSubdirectoryContext, SUBDIRECTORY_CONTEXT_NAMES, SUBDIRECTORY_FILE_MAX, type SubdirectoryContext, type SubdirectoryContextResult } from "./subdirs.js";
export { normalizeText } from "./text-utils.js";
// OpenClaw's sections (tool order, runtime line, messaging-agent sections): `sections.openclaw.*` on the public entry.
export * as openclaw from "./openclaw/index.js";

/** A file's text and the path it was read from. */
export interface SourceText {
  text: string;
  path: string;
}

/**
 * The identity section (id "identity", tier stable): the text of SOUL.md when it is given and not blank, else
 * DEFAULT_IDENTITY. Pass SOUL.md only after it passed the guard (a blocked SOUL.md must not become the identity).
 * @param options.soul SOUL.md's text and path, or null/undefined for none.
 * @param options.skipContextFiles when true (a sub-agent that loads no files), always DEFAULT_IDENTITY: `soul` is not
 *   used, but the prompt still says who the agent is.
 */
export function identitySection(options: { soul?: SourceText | null; skipContextFiles?: boolean }): Section | null {
  if (options.skipContextFiles) return makeSection("identity", "stable", DEFAULT_IDENTITY);
  const soul = options.soul;
  const text = soul ? normalizeText(soul.text) : "";
  if (soul && text !== "") return makeSection("identity", "stable", text, [soul.path]);
  return makeSection("identity", "stable", DEFAULT_IDENTITY);
}

/**
 * The caller's system message (id "system-message", tier context). It is added after the built-in text, never in
 * place of any of it. Minimal mode keeps it: a sub-agent's task arrives this way.
 * @param options.dropCurrentTime when true (the prompt has its own current-time line), lines of the message that start
 *   with "Current time:" in any format are removed (stripCurrentTimeLines), so the prompt holds one time, ours.
 * @returns null when the text is missing or blank (after that removal).
 */
export function systemMessageSection(text?: string, options: { dropCurrentTime?: boolean } = {}): Section | null {
  const t = normalizeText(text);
  return makeSection("system-message", "context", options.dropCurrentTime ? stripCurrentTimeLines(t) : t);
}

/** The override's normalized text when it is a non-blank string, else the default. */
function overridden(defaultText: string, override: unknown): string {
  const o = normalizeText(override);
  return o !== "" ? o : defaultText;
}

/**
 * How to talk with the user (id "interaction-style", tier stable): DEFAULT_INTERACTION_STYLE, or a provider's
 * override text in its place. A blank or whitespace-only override (or a non-string) is ignored.
 */
export function interactionStyleSection(override?: string): Section | null {
  return makeSection("interaction-style", "stable", overridden(DEFAULT_INTERACTION_STYLE, override));
}

/**
 * How to call tools (id "tool-call-style", tier stable): DEFAULT_TOOL_CALL_STYLE, or a provider's override text in
 * its place. A blank or whitespace-only override (or a non-string) is ignored.
 */
export function toolCallStyleSection(override?: string): Section | null {
  return makeSection("tool-call-style", "stable", overridden(DEFAULT_TOOL_CALL_STYLE, override));
}

/**
 * Bias toward acting (id "execution-bias", tier stable): DEFAULT_EXECUTION_BIAS, or a provider's override text in
 * its place. A blank or whitespace-only override (or a non-string) is ignored.
 */
export function executionBiasSection(override?: string): Section | null {
  return makeSection("execution-bias", "stable", overridden(DEFAULT_EXECUTION_BIAS, override));
}

/**
 * Which memory files load: MEMORY.md (the agent's notes) and USER.md (what it knows about the user) are switched
 * separately; an absent field means on. Hermes Agent has the same two switches.
 */
export interface MemoryFileSwitches {
  memory?: boolean;
  user?: boolean;
}

/** Heading of the memory section; the same words assembly has always printed. */
export const MEMORY_HEADING = "# Memory (a snapshot taken when this session started)";

/**
 * The memory section (id "memory", tier volatile): a heading, then, in this fixed order and each only when not
 * blank, "## MEMORY.md", "## USER.md" and "## From the memory provider" (an external block, e.g. a memory
 * provider's recall), each followed by its normalized text. Pass MEMORY.md and USER.md after the guard.
 * @param options.include switches the two files separately: `{ memory: false }` leaves MEMORY.md out, `{ user: false }`
 *   USER.md (default: both in). The external block is not affected.
 * @returns null when all three are missing, blank or switched off. `sources` holds the MEMORY.md and USER.md paths used.
 */
export function memorySection(options: {
  memory?: SourceText | null; user?: SourceText | null; external?: string; include?: MemoryFileSwitches;
}): Section | null {
  const parts: string[] = [];
  const sources: string[] = [];
  const include = options.include ?? {};
  for (const [label, file, on] of [["MEMORY.md", options.memory, include.memory !== false], ["USER.md", options.user, include.user !== false]] as const) {
    if (!on) continue;
    const t = file ? normalizeText(file.text) : "";
    if (!file || t === "") continue;
    parts.push(`## ${label}\n\n${t}`);
    sources.push(file.path);
  }
  const external = normalizeText(options.external);
  if (external !== "") parts.push(`## From the memory provider\n\n${external}`);
  if (parts.length === 0) return null;
  return makeSection("memory", "volatile", `${MEMORY_HEADING}\n\n${parts.join("\n\n")}`, sources);
}


/**
 * The environment section (id "environment", tier context), with the lines that apply, in this order:
 * "Operating system: <name>." (OS_NAMES maps process.platform values), a WSL hint when `wsl` is true (Windows drives
 * are mounted under /mnt/<letter>/), and "Working directory: <cwd>".
 * @returns null when none of the three applies.
 */
export function environmentSection(options: { os?: string; wsl?: boolean; cwd?: string }): Section | null {
  const lines: string[] = [];
  const os = foldToLine(options.os);
  if (os !== "") {
    const key = os.toLowerCase();
    lines.push(`Operating system: ${Object.prototype.hasOwnProperty.call(OS_NAMES, key) ? OS_NAMES[key] : os}.`);
  }
  if (options.wsl === true) {
    lines.push(
      "This is Linux running under WSL (Windows Subsystem for Linux). Windows drives are mounted under /mnt/<letter>/, " +
      "so C:\\Users\\ada\\notes.txt is /mnt/c/Users/ada/notes.txt. Use those Linux paths in tools and commands, and " +
      "convert any Windows path the user gives you the same way.",
    );
  }
  const cwd = foldToLine(options.cwd);
  if (cwd !== "") lines.push(`Working directory: ${cwd}`);
  if (lines.length === 0) return null;
  return makeSection("environment", "context", ["# Environment", ...lines].join("\n"));
}


/**
 * The runtime block (id "runtime", tier volatile): RUNTIME_DELIMITER, then "Model: …", "Provider: …" and
 * "Working directory: …" for the values given, in that order. It always goes last in the prompt: `orderSections`
 * puts it there.
 * @returns null when model, provider and cwd are all missing or blank.
 */
export function runtimeSection(options: { model?: string; provider?: string; cwd?: string }): Section | null {
  const lines: string[] = [];
  for (const [label, value] of [["Model", options.model], ["Provider", options.provider], ["Working directory", options.cwd]] as const) {
    const v = foldToLine(value);
    if (v !== "") lines.push(`${label}: ${v}`);
  }
  if (lines.length === 0) return null;
  return makeSection("runtime", "volatile", [RUNTIME_DELIMITER, ...lines].join("\n"));
}

/**
 * Puts sections in prompt order: by tier (stable, context, volatile), keeping the given order within a tier, with
 * every "runtime" section moved to the very end. Null entries (builders that did not apply) are dropped.
 * @returns a new array; the input is not changed.
 */
export function orderSections(sections: Array<Section | null>): Section[] {
  const present = sections.filter((s): s is Section => s !== null);
  const ordered = TIERS.flatMap((tier) => present.filter((s) => s.tier === tier && s.id !== "runtime"));
  return [...ordered, ...present.filter((s) => s.id === "runtime")];
}

/** The prompt modes: full for the main agent, minimal for sub-agents, none for a bare identity line. */
export type PromptMode = "full" | "minimal" | "none";

/**
 * Section ids kept in minimal mode (sub-agents): tooling (tool-guidance, tool-use-enforcement, execution-guidance,
 * tool-list), the caller's system message (a sub-agent's task arrives there), the workspace and its context
 * (guidance — the rules for treating project files as information —, project-context and dynamic-context with their
 * truncation warnings, so a cut or dropped file is never silent; environment; git-snapshot) and runtime. Everything
 * else (identity, styles, skills, memory, clock, platform) is dropped.
 */
export const MINIMAL_MODE_IDS: readonly string[] = [
  "tool-guidance", "tool-use-enforcement", "execution-guidance", "tool-list", "system-message", "guidance", "project-context",
  "truncation-warning", "environment", "git-snapshot", "dynamic-context", "dynamic-truncation-warning", "runtime",
];

/**
 * Filters sections for a prompt mode, keeping their order:
 * - "full": every section;
 * - "minimal": the sections whose id is in MINIMAL_MODE_IDS;
 * - "none": only the first line of the first "identity" section (a copy; its id, tier and sources kept), or nothing
 *   when there is no identity section.
 * @throws PromptasmError E_ARG for an unknown mode.
 */
export function modeFilter(mode: PromptMode, sections: Section[]): Section[] {
  switch (mode) {
    case "full": return [...sections];
    case "minimal": return sections.filter((s) => MINIMAL_MODE_IDS.includes(s.id));
    case "none": {
      const identity = sections.find((s) => s.id === "identity");
      if (!identity) return [];
      const nl = identity.text.indexOf("\n");
      return [{ ...identity, text: (nl < 0 ? identity.text : identity.text.slice(0, nl)).trim(), sources: [...identity.sources] }];
    }
    default:
      throw new PromptasmError("E_ARG", `mode must be "full", "minimal" or "none", got ${JSON.stringify(mode)}`);
  }
}

/**
 * Whether the system message goes out with role `developer` instead of `system` at the request boundary: true for
 * the GPT-5 and Codex model families (the lower-cased model name contains "gpt-5" or "codex"), whose API takes
 * developer messages in that place.
 */
export function toDeveloperRole(model: string): boolean {
  if (typeof model !== "string") return false;
  const m = model.toLowerCase();
  return m.includes("gpt-5") || m.includes("codex");
}

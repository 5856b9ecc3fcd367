// OpenClaw's fixed tool order: OpenClaw lists the tools it knows in one fixed order, whatever order the caller passes
// them in, so the tool list (part of the cached prefix) has the same bytes for the same tool set.

import { PromptasmError } from "../../errors.js";
import { compareCodeUnits, firstLine, makeSection } from "../text-utils.js";
import type { Section } from "../types.js";

/**
 * OpenClaw's core tool names in its order: the `toolOrder` list of OpenClaw's system-prompt renderer
 * (src/agents/system-prompt.ts in github.com/openclaw/openclaw, as stored in 2026; 29 names). Earlier releases had a
 * shorter list (no sessions_search, sessions_yield, skill_workshop, image_generate); their relative order is the same.
 */
export const OPENCLAW_TOOL_ORDER: readonly string[] = [
  "read", "write", "edit", "apply_patch", "grep", "find", "ls", "exec", "process", "web_search", "web_fetch",
  "browser", "canvas", "nodes", "cron", "message", "gateway", "agents_list", "sessions_list", "sessions_history",
  "sessions_search", "sessions_send", "sessions_spawn", "sessions_yield", "subagents", "session_status",
  "skill_workshop", "image", "image_generate",
];

/**
 * Tool names in OpenClaw's order: names are trimmed, blank ones dropped, and de-duplicated case-insensitively (the
 * first spelling wins, as OpenClaw keeps the caller's casing); names in OPENCLAW_TOOL_ORDER (compared lower-cased)
 * come first in that order, then the others sorted by code unit.
 * @throws PromptasmError E_ARG when `names` is not an array of strings, or a name holds a control character.
 * @example openclawToolOrder(["exec", "Read", "zeta", "read"]) // ["Read", "exec", "zeta"]
 */
export function openclawToolOrder(names: readonly string[]): string[] {
  if (!Array.isArray(names)) throw new PromptasmError("E_ARG", "tool names must be an array of strings");
  const byKey = new Map<string, string>();
  names.forEach((raw, i) => {
    if (typeof raw !== "string") throw new PromptasmError("E_ARG", `tool name ${i} must be a string, got ${JSON.stringify(raw)}`);
    const name = raw.trim();
    // eslint-disable-next-line no-control-regex
    if (/[\u0000-\u001f\u007f]/.test(name)) throw new PromptasmError("E_ARG", `tool name ${JSON.stringify(raw)} holds a control character`);
    if (name !== "" && !byKey.has(name.toLowerCase())) byKey.set(name.toLowerCase(), name);
  });
  const known = OPENCLAW_TOOL_ORDER.filter((n) => byKey.has(n)).map((n) => byKey.get(n)!);
  const rest = [...byKey.entries()].filter(([k]) => !OPENCLAW_TOOL_ORDER.includes(k)).map(([, v]) => v).sort(compareCodeUnits);
  return [...known, ...rest];
}

/**
 * The tool list in OpenClaw's order (id "tool-list", tier stable): "- name: summary" lines, the caller's summary cut
 * to its first line, or the name alone without one. When a name comes twice, the first non-blank summary is kept.
 * @returns null when there are no tools.
 * @throws PromptasmError E_ARG as openclawToolOrder.
 */
export function openclawToolListSection(tools: ReadonlyArray<{ name: string; summary?: string }>): Section | null {
  const list = Array.isArray(tools) ? tools : [];
  const summaries = new Map<string, string>();
  for (const t of list) {
    const key = typeof t?.name === "string" ? t.name.trim().toLowerCase() : "";
    const summary = firstLine(t?.summary);
    if (key !== "" && summary !== "" && !summaries.has(key)) summaries.set(key, summary);
  }
  const ordered = openclawToolOrder(list.map((t) => t?.name as string));
  if (ordered.length === 0) return null;
  const lines = ordered.map((n) => { const s = summaries.get(n.toLowerCase()); return s ? `- ${n}: ${s}` : `- ${n}`; });
  return makeSection("tool-list", "stable", ["## Tools", "", "Tool names are case-sensitive; call each exactly as listed.", ...lines].join("\n"));
}

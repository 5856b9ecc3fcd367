// Capability ids of a channel (what the surface the agent talks through can show: inline buttons, rich text, …).

import { PromptasmError } from "../../errors.js";
import { compareCodeUnits } from "../text-utils.js";

/**
 * Normalizes capability ids as OpenClaw does before it prints them: trim, lower-case, drop blanks, de-duplicate,
 * sort (by code unit), so the same capability set always gives the same bytes.
 * @throws PromptasmError E_ARG when `ids` is not an array of strings.
 * @example normalizeCapabilityIds([" Reactions", "inlineButtons", "reactions", ""]) // ["inlinebuttons", "reactions"]
 */
export function normalizeCapabilityIds(ids: readonly string[] | undefined): string[] {
  if (ids === undefined) return [];
  if (!Array.isArray(ids)) throw new PromptasmError("E_ARG", "capabilities must be an array of strings");
  const out = new Set<string>();
  ids.forEach((id, i) => {
    if (typeof id !== "string") throw new PromptasmError("E_ARG", `capabilities[${i}] must be a string, got ${JSON.stringify(id)}`);
    const v = id.trim().toLowerCase();
    if (v !== "") out.add(v);
  });
  return [...out].sort(compareCodeUnits);
}

// The platform section: a hint about where replies are shown (terminal, chat app, email, scheduled job, …), with a
// per-platform override from configuration. A malformed override never breaks a build: it falls back to the default
// hint, and platformOverrideNotes says what was wrong so the caller can report it.

import { PromptasmError } from "../errors.js";
import { PLATFORM_HINTS } from "./texts.js";
import { compareCodeUnits, foldToLine, makeSection, normalizeText } from "./text-utils.js";
import type { Section } from "./types.js";

/** Longest platform name accepted, in UTF-16 code units (after trimming): the limit assembly has always applied. */
export const PLATFORM_NAME_MAX = 32;

/**
 * The lookup key of a platform name: trimmed, lower-cased, each run of spaces, tabs or hyphens turned into one "_".
 * " CLI " → "cli", "API Server" and "api-server" → "api_server". PLATFORM_HINTS and override keys are matched by it.
 * @returns "" for a blank or non-string name.
 */
export function platformKey(name: unknown): string {
  return typeof name === "string" ? name.trim().toLowerCase().replace(/[\s-]+/g, "_") : "";
}

/**
 * Checks a platform name from configuration, a CLI flag or a request: after trimming the ends, 1 to PLATFORM_NAME_MAX
 * letters, digits, "_" or "-", starting with a letter or digit (no inner spaces: "a b" is an error). Case does not
 * matter (" CLI " is cli; "api-server" is api_server).
 * @param label how the input is named in the error, e.g. "assemble.platform".
 * @returns the name trimmed (as given otherwise); platformKey gives its lookup key.
 * @throws PromptasmError E_ARG for a non-string or a name outside that form.
 */
export function checkPlatformName(name: unknown, label = "platform"): string {
  const t = typeof name === "string" ? name.trim() : "";
  if (typeof name !== "string" || !new RegExp(`^[a-z0-9][a-z0-9_-]{0,${PLATFORM_NAME_MAX - 1}}$`, "i").test(t)) {
    const shown = JSON.stringify(name) ?? String(name);
    throw new PromptasmError("E_ARG", `${label} must be a short name like "cli" or "api_server", got ${shown.length > 80 ? `${shown.slice(0, 77)}…` : shown}`);
  }
  return t;
}

/**
 * The platform section (id "platform", tier volatile).
 *
 * The hint is PLATFORM_HINTS[platformKey(name)] for a known platform (cli, web, api, telegram, discord, slack,
 * whatsapp, signal, email, sms, cron, tui, desktop, matrix, mattermost, feishu, api_server), else the line
 * "Platform: <name>." with the name as given (trimmed, folded onto one line).
 *
 * `overrides` maps platform names (matched by platformKey; when several keys match, the first in code-unit order
 * wins) to one of:
 * - `{ replace: string }` — the text replaces the hint;
 * - `{ append: string }` — the text goes on a new line after the hint;
 * - both — the replacement, then the appended text on a new line (the append is kept);
 * - a bare string — appended, like `{ append }`.
 * Anything else (a number, an array, null, an object with neither key, a blank string, non-string or blank
 * `replace`/`append` values) is malformed and leaves the default hint; platformOverrideNotes reports it. Override text
 * is normalized (LF, trimmed). Never throws.
 *
 * @param platform the platform name, e.g. "telegram"; undefined or blank gives null.
 * @param overrides the configuration's per-platform overrides; non-objects are ignored.
 */
export function platformSection(platform?: string, overrides?: Record<string, unknown>): Section | null {
  const name = foldToLine(platform);
  if (name === "") return null;
  const key = platformKey(name);
  const hint = Object.prototype.hasOwnProperty.call(PLATFORM_HINTS, key) ? PLATFORM_HINTS[key]! : `Platform: ${name}.`;
  const o = platformOverride(overrides, key);
  const text = [o.replace ?? hint, ...(o.append !== undefined ? [o.append] : [])].join("\n");
  return makeSection("platform", "volatile", text);
}

/** The override entry for `key` (first matching key in code-unit order), or undefined. */
function overrideEntry(overrides: unknown, key: string): { key: string; value: unknown } | undefined {
  if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) return undefined;
  const map = overrides as Record<string, unknown>;
  const match = Object.keys(map).sort(compareCodeUnits).find((k) => platformKey(k) === key);
  return match === undefined ? undefined : { key: match, value: map[match] };
}

/** Reads the override for `key` out of a configuration value; malformed parts come back undefined. */
function platformOverride(overrides: unknown, key: string): { replace?: string; append?: string } {
  const entry = overrideEntry(overrides, key);
  if (entry === undefined) return {};
  const value = entry.value;
  if (typeof value === "string") {
    const t = normalizeText(value);
    return t === "" ? {} : { append: t };
  }
  if (value === null || typeof value !== "object" || Array.isArray(value)) return {};
  const v = value as Record<string, unknown>;
  const replace = normalizeText(v.replace);
  const append = normalizeText(v.append);
  return { ...(replace !== "" ? { replace } : {}), ...(append !== "" ? { append } : {}) };
}

/**
 * What is wrong in a platform-overrides value, one note per problem, in code-unit order of the keys; [] when nothing
 * is. The build never fails on these: platformSection uses the default hint where an entry is malformed. A caller
 * (CLI, Worker, config loader) puts the notes in its report instead of rejecting the input.
 * Problems: `overrides` not an object; an entry that is not a string or an object; a blank string; an object with
 * neither `replace` nor `append`, with other keys, or whose `replace`/`append` is not a string or is blank.
 * @param label how the value is named in a note, e.g. "assemble.platformOverrides".
 * @example platformOverrideNotes({ cli: 3 }) // ['platformOverrides["cli"] must be a string or { replace, append } with string values, got 3: the default hint is used']
 */
export function platformOverrideNotes(overrides: unknown, label = "platformOverrides"): string[] {
  if (overrides === undefined) return [];
  const fallback = "the default hint is used";
  if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) {
    return [`${label} must be an object mapping platform names to overrides, got ${shortJson(overrides)}: ${fallback} for every platform`];
  }
  const notes: string[] = [];
  const map = overrides as Record<string, unknown>;
  for (const key of Object.keys(map).sort(compareCodeUnits)) {
    const where = `${label}[${JSON.stringify(key)}]`;
    const value = map[key];
    if (typeof value === "string") {
      if (normalizeText(value) === "") notes.push(`${where} is blank: ${fallback}`);
      continue;
    }
    if (value === null || typeof value !== "object" || Array.isArray(value)) {
      notes.push(`${where} must be a string or { replace, append } with string values, got ${shortJson(value)}: ${fallback}`);
      continue;
    }
    const v = value as Record<string, unknown>;
    const extra = Object.keys(v).filter((k) => k !== "replace" && k !== "append").sort(compareCodeUnits);
    if (extra.length > 0) notes.push(`${where} has unknown keys ${extra.map((k) => JSON.stringify(k)).join(", ")} (only "replace" and "append" are read): they are ignored`);
    if (!("replace" in v) && !("append" in v)) notes.push(`${where} has neither "replace" nor "append": ${fallback}`);
    for (const k of ["replace", "append"] as const) {
      if (!(k in v)) continue;
      if (typeof v[k] !== "string") notes.push(`${where}.${k} must be a string, got ${shortJson(v[k])}: it is ignored`);
      else if (normalizeText(v[k]) === "") notes.push(`${where}.${k} is blank: it is ignored`);
    }
  }
  return notes;
}

function shortJson(v: unknown): string {
  const s = JSON.stringify(v) ?? String(v);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}

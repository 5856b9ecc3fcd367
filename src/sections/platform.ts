// The platform section: a hint about where replies are shown (terminal, chat app, email, scheduled job, …), with a
// per-platform override from configuration.

import { PLATFORM_HINTS } from "./texts.js";
import { compareCodeUnits, foldToLine, makeSection, normalizeText } from "./text-utils.js";
import type { Section } from "./types.js";

/**
 * The platform section (id "platform", tier volatile).
 *
 * The hint is PLATFORM_HINTS[name] for a known platform (cli, web, api, telegram, discord, slack, whatsapp, signal,
 * email, sms, cron; the name is matched trimmed and lower-cased), else the line "Platform: <name>." with the name as
 * given (folded onto one line).
 *
 * `overrides` maps platform names (matched trimmed and lower-cased; when several keys match, the first in code-unit
 * order wins) to one of:
 * - `{ replace: string }` — the text replaces the hint;
 * - `{ append: string }` — the text goes on a new line after the hint;
 * - both — replace wins;
 * - a bare string — appended, like `{ append }`.
 * Anything else (a number, an array, null, an object with neither key, a blank string, blank `replace`/`append`
 * values) is malformed and leaves the default hint. Override text is normalized (LF, trimmed).
 *
 * @param platform the platform name, e.g. "telegram"; undefined or blank gives null.
 * @param overrides the configuration's per-platform overrides; non-objects are ignored.
 */
export function platformSection(platform?: string, overrides?: Record<string, unknown>): Section | null {
  const name = foldToLine(platform);
  if (name === "") return null;
  const key = name.toLowerCase();
  const hint = Object.prototype.hasOwnProperty.call(PLATFORM_HINTS, key) ? PLATFORM_HINTS[key]! : `Platform: ${name}.`;
  const o = platformOverride(overrides, key);
  let text = hint;
  if (o.replace !== undefined) text = o.replace;
  else if (o.append !== undefined) text = `${hint}\n${o.append}`;
  return makeSection("platform", "volatile", text);
}

/** Reads the override for `key` out of a configuration value; malformed parts come back undefined. */
function platformOverride(overrides: unknown, key: string): { replace?: string; append?: string } {
  if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) return {};
  const map = overrides as Record<string, unknown>;
  const match = Object.keys(map).sort(compareCodeUnits).find((k) => k.trim().toLowerCase() === key);
  if (match === undefined) return {};
  const value = map[match];
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

// Reading runtime values back out of a built prompt: the identity line, the host facts of the environment section,
// the session start lines and the runtime block below the delimiter. A resumed session uses them to decide whether a
// stored prompt still matches the runtime it is about to run in.

import { RUNTIME_DELIMITER, OS_NAMES } from "./texts.js";
import { SESSION_ID_PREFIX } from "./time.js";

/** The runtime values found in a prompt; a field is absent (or null) when the prompt does not have it. */
export interface PromptRuntime {
  /** The prompt's first line (the identity's first line), or null for an empty prompt. */
  identity: string | null;
  /** The environment section's facts, or null when the prompt has no "# Environment" section. */
  host: { os?: string; wsl: boolean; cwd?: string } | null;
  /** The runtime block's values, or null when the prompt has no runtime block. */
  runtime: { model?: string; provider?: string; cwd?: string } | null;
  /** The session start line as written ("Today's date: …" or "Session started: …"). */
  started?: string;
  /** The session id line's value. */
  sessionId?: string;
}

/**
 * Reads the runtime values out of a prompt built by assembleSystemPrompt (or from the section builders joined with
 * blank lines). Only whole lines in the builders' formats count:
 * - identity: the first line;
 * - host: the lines after a "# Environment" line up to the next blank line — "Operating system: <name>." (the name
 *   as shown, e.g. "Linux"), the WSL hint (wsl true), "Working directory: <cwd>";
 * - runtime: the lines after the last RUNTIME_DELIMITER line up to the next blank line or the end — "Model: ",
 *   "Provider: ", "Working directory: ";
 * - started / sessionId: the last line starting "Today's date: " or "Session started: ", and "Session id: ".
 * Never throws; any string is accepted (CRLF is read as LF).
 * @example parsePromptRuntime(r.prompt).runtime // { model: "gpt-4o", provider: "openai", cwd: "/repo/app" }
 */
export function parsePromptRuntime(prompt: string): PromptRuntime {
  const lines = (typeof prompt === "string" ? prompt : "").replace(/\r\n?/g, "\n").split("\n");
  const first = lines[0]?.trim() ?? "";
  const out: PromptRuntime = { identity: first === "" ? null : first, host: null, runtime: null };
  const block = (start: number): string[] => {
    const b: string[] = [];
    for (let i = start; i < lines.length && lines[i]!.trim() !== ""; i++) b.push(lines[i]!);
    return b;
  };
  const value = (b: string[], prefix: string): string | undefined => {
    const l = b.find((x) => x.startsWith(prefix));
    return l === undefined ? undefined : l.slice(prefix.length);
  };
  const env = lines.indexOf("# Environment");
  if (env >= 0) {
    const b = block(env + 1);
    const host: NonNullable<PromptRuntime["host"]> = { wsl: b.some((l) => l.startsWith("This is Linux running under WSL")) };
    const os = value(b, "Operating system: ");
    if (os !== undefined) host.os = os.endsWith(".") ? os.slice(0, -1) : os;
    const cwd = value(b, "Working directory: ");
    if (cwd !== undefined) host.cwd = cwd;
    out.host = host;
  }
  const rt = lines.lastIndexOf(RUNTIME_DELIMITER);
  if (rt >= 0) {
    const b = block(rt + 1);
    const runtime: NonNullable<PromptRuntime["runtime"]> = {};
    for (const [key, prefix] of [["model", "Model: "], ["provider", "Provider: "], ["cwd", "Working directory: "]] as const) {
      const v = value(b, prefix);
      if (v !== undefined) runtime[key] = v;
    }
    out.runtime = runtime;
  }
  for (const l of lines) {
    if (l.startsWith("Today's date: ") || l.startsWith("Session started: ")) out.started = l;
    else if (l.startsWith(SESSION_ID_PREFIX)) out.sessionId = l.slice(SESSION_ID_PREFIX.length);
  }
  return out;
}

/**
 * Which runtime values of a stored prompt differ from the runtime a resumed session is about to use: the runtime
 * block's model, provider and cwd, and the environment section's OS (compared as shown: "linux" and "Linux" are the
 * same host, through OS_NAMES) and cwd. A value the caller does not give is not compared; a value the caller gives that
 * the prompt does not hold counts as a mismatch. Order: model, provider, cwd, os.
 * @returns the names of the fields that differ; [] when the stored prompt still matches.
 * @example promptRuntimeMismatches(stored, { model: "gpt-5" }) // ["model"] when the prompt was built for gpt-4o
 */
export function promptRuntimeMismatches(prompt: string, current: { model?: string; provider?: string; cwd?: string; os?: string }): string[] {
  const p = parsePromptRuntime(prompt);
  const out: string[] = [];
  for (const key of ["model", "provider"] as const) {
    if (current[key] !== undefined && p.runtime?.[key] !== current[key]) out.push(key);
  }
  if (current.cwd !== undefined) {
    const seen = [p.runtime?.cwd, p.host?.cwd].filter((c): c is string => c !== undefined);
    if (seen.length === 0 || seen.some((c) => c !== current.cwd)) out.push("cwd");
  }
  if (current.os !== undefined) {
    const key = current.os.trim().toLowerCase();
    const shown = Object.prototype.hasOwnProperty.call(OS_NAMES, key) ? OS_NAMES[key] : current.os.trim();
    if (p.host?.os !== shown) out.push("os");
  }
  return out;
}

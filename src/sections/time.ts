// Clock sections: the session start line (by default the date only, bytes stable for a whole day; optionally the
// weekday and time, with a session-id line), and, for cron-style single runs, a current-time line to the minute that
// can be refreshed in place inside an already assembled prompt. All of them sit below the cache boundary.

import { PromptasmError } from "../errors.js";
import { makeSection } from "./text-utils.js";
import type { Section } from "./types.js";

/** What the clock sections need: the moment and an optional IANA time zone (default: the runtime's). */
export interface ClockInput {
  now: Date;
  /** IANA name such as "Europe/Berlin" or "UTC"; omitted = the runtime's own zone. */
  timeZone?: string;
}

/** The fixed start of every current-time line; `withCurrentTime` finds the line by it. */
export const CURRENT_TIME_PREFIX = "Current time: ";

/**
 * One whole current-time line as `currentTimeLine` writes it: "Current time: YYYY-MM-DD HH:MM (<zone>)." Strict on
 * purpose, so a project file that merely mentions "Current time:" is never rewritten.
 */
const CURRENT_TIME_SOURCE = "Current time: \\d{4,}-\\d{2}-\\d{2} \\d{2}:\\d{2} \\([^()\\n]+\\)\\.";

/**
 * The date section (id "date", tier volatile, dynamic): "Today's date: 2026-11-29 (UTC)." — the date only, in the
 * given time zone, so the bytes do not change during a day and prefix caches keep hitting. Same format as assembly's
 * `dateLine`, except that a given zone is printed as given rather than as the runtime's canonical name; without one,
 * the runtime's zone name is printed.
 * @throws PromptasmError E_ARG for an unknown time zone or an invalid Date.
 */
export function dateSection(input: ClockInput): Section | null {
  const p = clockParts(input.now, input.timeZone);
  return makeSection("date", "volatile", `Today's date: ${p.date} (${p.zone}).`, [], true);
}

/**
 * The current-time line for a single run (a cron job): "Current time: 2026-11-29 23:30 (UTC)." — 24-hour clock,
 * to the minute, in the given time zone. Seconds are left out so a prompt built twice within a minute is identical.
 * @throws PromptasmError E_ARG for an unknown time zone or an invalid Date.
 */
export function currentTimeLine(input: ClockInput): string {
  const p = clockParts(input.now, input.timeZone);
  return `${CURRENT_TIME_PREFIX}${p.date} ${p.time} (${p.zone}).`;
}

/**
 * The current-time section (id "current-time", tier volatile, dynamic): one `currentTimeLine`.
 * @throws PromptasmError E_ARG for an unknown time zone or an invalid Date.
 */
export function currentTimeSection(input: ClockInput): Section | null {
  return makeSection("current-time", "volatile", currentTimeLine(input), [], true);
}

/**
 * Puts a current-time line into an assembled prompt: if the prompt already holds current-time lines (whole lines in
 * the `currentTimeLine` format), the last one is replaced and any others are left alone; otherwise the line is
 * appended after one blank line (the section separator). Calling it again with a newer line refreshes the time
 * instead of adding a second line.
 * @param prompt the assembled prompt (LF line ends).
 * @param line a line made by `currentTimeLine`.
 * @throws PromptasmError E_ARG when `line` is not a single current-time line.
 * @example withCurrentTime(withCurrentTime(p, currentTimeLine({ now: t1 })), currentTimeLine({ now: t2 }))
 *   // holds the t2 line once
 */
export function withCurrentTime(prompt: string, line: string): string {
  if (!new RegExp(`^${CURRENT_TIME_SOURCE}$`).test(line)) {
    throw new PromptasmError("E_ARG", `not a current-time line: ${JSON.stringify(line)}`);
  }
  let last: RegExpExecArray | null = null;
  const re = new RegExp(`^${CURRENT_TIME_SOURCE}$`, "gm");
  for (let m = re.exec(prompt); m !== null; m = re.exec(prompt)) last = m;
  if (last) return prompt.slice(0, last.index) + line + prompt.slice(last.index + last[0].length);
  return prompt === "" ? line : `${prompt}\n\n${line}`;
}

/** The forms of the session start line: "date" (the default, cache-safe all day) or "weekday-time". */
export type SessionStartForm = "date" | "weekday-time";

/** The accepted SessionStartForm values, default first. */
export const SESSION_START_FORMS: readonly SessionStartForm[] = ["date", "weekday-time"];

/** The fixed start of the session-id line. */
export const SESSION_ID_PREFIX = "Session id: ";

/**
 * The session start line:
 * - "date" (default): "Today's date: 2026-11-29 (UTC)." — what dateSection writes;
 * - "weekday-time": "Session started: Sunday, 2026-11-29 23:30 (UTC)." — English weekday, 24-hour clock to the
 *   minute. It changes every minute, so it belongs to a frozen prompt (built once per session), below the boundary.
 * @throws PromptasmError E_ARG for an unknown form or time zone, or an invalid Date.
 */
export function sessionStartLine(input: ClockInput & { form?: SessionStartForm }): string {
  const form = input.form ?? "date";
  if (!SESSION_START_FORMS.includes(form)) {
    throw new PromptasmError("E_ARG", `sessionStart.form must be one of ${SESSION_START_FORMS.join(", ")}, got ${JSON.stringify(form)}`);
  }
  const p = clockParts(input.now, input.timeZone);
  return form === "date" ? `Today's date: ${p.date} (${p.zone}).` : `Session started: ${p.weekday}, ${p.date} ${p.time} (${p.zone}).`;
}

/**
 * The session start sections, both volatile (below the cache boundary): "date" (dynamic) with sessionStartLine, then,
 * when `sessionId` is given, "session-id" with "Session id: <id>". The default form with no id is exactly
 * [dateSection(input)].
 * @param input.sessionId a single line of at most 512 UTF-16 code units (the session store's limit); trimmed.
 * @throws PromptasmError E_ARG for a blank, multi-line or over-long session id, an unknown form or time zone, or an
 *   invalid Date.
 */
export function sessionStartSections(input: ClockInput & { form?: SessionStartForm; sessionId?: string }): Section[] {
  const out: Section[] = [makeSection("date", "volatile", sessionStartLine(input), [], true)!];
  if (input.sessionId !== undefined) {
    const id = typeof input.sessionId === "string" ? input.sessionId.trim() : "";
    // eslint-disable-next-line no-control-regex
    if (id === "" || id.length > 512 || /[\u0000-\u001f\u007f\u2028\u2029]/.test(id)) {
      throw new PromptasmError("E_ARG", `sessionStart.sessionId must be a non-blank single line of at most 512 chars, got ${JSON.stringify(input.sessionId)?.slice(0, 80)}`);
    }
    out.push(makeSection("session-id", "volatile", `${SESSION_ID_PREFIX}${id}`)!);
  }
  return out;
}

/**
 * `text` without its current-time lines in any format: every line that starts (after spaces) with "current time:"
 * in any case ("Current time: 3:04 PM", "CURRENT TIME: Sunday"), so a caller's own line does not sit next to the
 * prompt's current-time line. Other lines are kept as they are.
 */
export function stripCurrentTimeLines(text: string): string {
  return text.split("\n").filter((l) => !/^[ \t]*current time[ \t]*:/i.test(l)).join("\n");
}

interface ClockParts { date: string; time: string; zone: string; weekday: string }

/** Calendar date, hh:mm and the resolved zone name of `now` in `timeZone`, built from formatToParts (locale-free). */
/**
 * One formatter per time zone (undefined = the runtime's own zone), kept for the process: constructing one loads ICU's
 * zone data and costs milliseconds, and an assemble asks for the clock up to three times. At most 64 zones are kept.
 */
const FORMATTERS = new Map<string | undefined, Intl.DateTimeFormat>();

function clockParts(now: Date, timeZone: string | undefined): ClockParts {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new PromptasmError("E_ARG", "the date for the clock sections is invalid");
  let fmt = FORMATTERS.get(timeZone);
  if (fmt === undefined) {
    try {
      fmt = new Intl.DateTimeFormat("en-US", {
        timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23", weekday: "long",
      });
    } catch (cause) {
      throw new PromptasmError("E_ARG", `unknown time zone ${JSON.stringify(timeZone)}`, { cause });
    }
    if (FORMATTERS.size >= 64) FORMATTERS.clear();
    FORMATTERS.set(timeZone, fmt);
  }
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(now)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    weekday: parts.weekday ?? "",
    // The caller's zone name as given (Intl accepted it): ICU's canonical name differs between runtime versions
    // (Asia/Kolkata vs Asia/Calcutta), and the bytes should not.
    zone: timeZone ?? fmt.resolvedOptions().timeZone,
  };
}

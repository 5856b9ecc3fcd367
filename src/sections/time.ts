// Clock sections: the date line (date only, bytes stable for a whole day) and, for cron-style single runs, a
// current-time line to the minute that can be refreshed in place inside an already assembled prompt.

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

interface ClockParts { date: string; time: string; zone: string }

/** Calendar date, hh:mm and the resolved zone name of `now` in `timeZone`, built from formatToParts (locale-free). */
function clockParts(now: Date, timeZone: string | undefined): ClockParts {
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw new PromptasmError("E_ARG", "the date for the clock sections is invalid");
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-US", {
      timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23",
    });
  } catch (cause) {
    throw new PromptasmError("E_ARG", `unknown time zone ${JSON.stringify(timeZone)}`, { cause });
  }
  const parts: Record<string, string> = {};
  for (const p of fmt.formatToParts(now)) parts[p.type] = p.value;
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    time: `${parts.hour}:${parts.minute}`,
    // The caller's zone name as given (Intl accepted it): ICU's canonical name differs between runtime versions
    // (Asia/Kolkata vs Asia/Calcutta), and the bytes should not.
    zone: timeZone ?? fmt.resolvedOptions().timeZone,
  };
}

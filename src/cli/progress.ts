// The scan progress bar on a terminal, drawn by cli-progress (throttled redraws, ETA, lines printed above the bar).
// What the line says is formatProgress's job (format.ts, a pure function); this file only wires it to the terminal.
// The CLI starts a bar only when stderr is a TTY, --no-progress is not given and CI is not set.

import { createRequire } from "node:module";
import type * as CliProgress from "cli-progress";
import type { FleetProgress } from "../adapters/fleet/fleet.js";
import { formatProgress } from "./format.js";

/** A terminal stream the bar can draw on (process.stderr when it is a TTY). */
export interface ProgressStream extends NodeJS.WritableStream {
  isTTY?: boolean;
  columns?: number;
}

/** A running progress bar. */
export interface ProgressBar {
  /** Shows the new counts (redrawn at most 10 times a second). */
  update(p: Readonly<FleetProgress>): void;
  /** Prints text (whole lines) above the bar. */
  log(text: string): void;
  /** Removes the bar, printing any text still waiting. */
  stop(): void;
}

/** Cells of the bar itself, and the fewest it shrinks to on a narrow terminal. */
const BAR_WIDTH = 20, MIN_BAR_WIDTH = 5;

/**
 * Whether the environment says not to draw a progress bar: `CI` set to anything but "", "0" or "false" (GitHub
 * Actions, GitLab and most CI services set CI=true), or TERM=dumb.
 */
export function progressDisabledByEnv(env: Readonly<Record<string, string | undefined>>): boolean {
  const ci = env.CI;
  return (ci !== undefined && ci !== "" && ci !== "0" && ci.toLowerCase() !== "false") || env.TERM === "dumb";
}

/** Starts a bar on `stream` (a TTY). Lines are cut to the terminal's width so the bar never wraps. */
export function startProgressBar(stream: ProgressStream): ProgressBar {
  let view: FleetProgress = { filesFound: 0, bytesFound: 0, filesDone: 0, bytesDone: 0, findings: 0, walking: true };
  // Loaded here, not at import: most runs draw no bar (no TTY, CI, --quiet), and loading it costs start-up time.
  const cliProgress = createRequire(import.meta.url)("cli-progress") as typeof CliProgress;
  const multi = new cliProgress.MultiBar({
    stream,
    fps: 10,
    etaBuffer: 100,
    clearOnComplete: true,
    hideCursor: false, // nothing to restore if the scan is interrupted
    linewrap: true, // leave the terminal's wrapping alone; lines are cut to fit instead
    format: (_options, params) => {
      const etaSeconds = Number.isFinite(params.eta) && params.value > 0 ? params.eta : null;
      const width = Math.max(20, (stream.columns || 80) - 1); // a pty without a size reports 0 columns
      let line = formatProgress({ ...view, etaSeconds, barWidth: BAR_WIDTH });
      // Narrow terminal: shorten the bar first (down to MIN_BAR_WIDTH cells), then cut the line.
      if (line.length > width) line = formatProgress({ ...view, etaSeconds, barWidth: Math.max(MIN_BAR_WIDTH, BAR_WIDTH - (line.length - width)) });
      return line.length > width ? line.slice(0, width) : line;
    },
  });
  const bar = multi.create(1, 0);
  return {
    update(p) {
      view = { ...p };
      // The bar's value is bytes, so the ETA weighs a large file by its size.
      bar.setTotal(Math.max(1, p.bytesFound));
      bar.update(p.bytesDone);
    },
    log(text) {
      multi.log(text);
    },
    stop() {
      multi.update(); // MultiBar.stop() does not print lines still waiting in its log buffer: draw once first
      multi.stop();
    },
  };
}

// The promptasm command line. main() parses arguments, runs one command and returns the exit code
// (0 clean or only warnings, 1 findings, 2 usage or I/O error); only bin/ sets the process exit code.

import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { opendir, readFile, realpath, stat } from "node:fs/promises";
import { createRequire } from "node:module";
import { availableParallelism, homedir } from "node:os";
import { dirname, isAbsolute, join, relative, resolve, sep, win32 } from "node:path";
import { isScanTarget } from "../discovery/names.js";
import { targetRelativeTo } from "../discovery/read.js";
import { runFleet, type FleetEvent } from "../adapters/fleet/fleet.js";
import { ScanPool } from "../adapters/fleet/pool.js";
import type { FindingRegion } from "../adapters/fleet/scan-job.js";
import { chainedPairs, scanJoins, withRealPaths, type ChainFile } from "../adapters/fleet/scan-joins.js";
import { DEFAULT_MAX_BYTES, describeFsError, NodeWorkspaceReader, NOT_UTF8_NAME } from "../adapters/node/reader.js";
import { findProjectRoot } from "../discovery/hermes.js";
import { PromptasmError } from "../errors.js";
import { CONFIG_FILE, discoveredConfig, parseConfig, type PromptasmConfig } from "../config/config.js";
import { ENUMS } from "../options/schema.js";
import { TARGET_PATH_POLICIES } from "../discovery/policies.js";
import type { AssembledPrompt, AssembleOptions } from "../prompt/assemble.js";
import { BUILTIN_RULES, SCOPES, rulesForScope, type RuleScope } from "../scan/rules.js";
import type { Finding } from "../scan/scanner.js";
// Only what every command needs is imported here; the modules of assemble, explain and sessions (providers, token
// counts, SQLite, git) are imported where they are used, so `scan` does not load them (start-up: docs/engine.md).
import type { FrozenSession, PromptScanner } from "../stores/session.js";
import type { SessionLogger, SessionStore } from "../stores/types.js";
import { assembleJson, assembleSummary, clip, skippedUnread, clipQuoted, escapePath, capPerRule, formatFindingsJson, formatFindingsText, formatScanSummary } from "./format.js";
import { progressDisabledByEnv, startProgressBar, type ProgressBar, type ProgressStream } from "./progress.js";
import { artifactUri, directoryUri, formatSarif, type ArtifactUri, type SarifFile, type SarifNotification } from "./sarif.js";
import { formatBaseline, loadBaseline } from "./baseline.js";
import { checkOutputPath, copyStdin, STDIN_NAME, writeFileAtomic, type StdinCopy } from "./output.js";
import { ScanReview } from "./review.js";

export { STREAM_ABOVE_BYTES } from "../adapters/fleet/scan-job.js";

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Directory relative paths resolve against. */
  cwd: string;
  /**
   * A terminal to draw scan's progress bar on: bin/ passes process.stderr when it is a TTY. Without it, no bar.
   */
  progress?: ProgressStream;
  /** True when stdout is the same terminal: scan then prints its findings above the bar instead of through it. */
  stdoutIsTTY?: boolean;
  /** What `scan -` reads (default process.stdin). */
  stdin?: NodeJS.ReadableStream;
  /**
   * Environment variables that change behaviour (CI, TERM: no progress bar; XDG_STATE_HOME, HOME, LOCALAPPDATA,
   * USERPROFILE: where the default session store lives, see defaultStoreFile); default none (the store then goes under
   * the OS's home directory).
   */
  env?: Readonly<Record<string, string | undefined>>;
}

const EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_ERROR = 2;

/** This package's name and version, from package.json (src/cli and dist/cli both sit two levels below it). */
const PACKAGE = createRequire(import.meta.url)("../../package.json") as { name: string; version: string };

/**
 * Where SARIF output points readers for the tool: docs/cli.md inside the installed package (a file: URL; `files` in
 * package.json ships docs/). The package has no registry page or public repository URL yet to point at instead.
 */
export const INFORMATION_URI = new URL("../../docs/cli.md", import.meta.url).href;

/**
 * Most --threads: 256. Each worker holds its own core, rule tables and V8 heap (tens of MB), and threads beyond the
 * cores only add memory, so a larger number is almost certainly a typo.
 */
export const MAX_THREADS = 256;

function threadCount(value: string): number {
  if (!/^\d+$/.test(value) || Number(value) < 1) {
    throw new InvalidArgumentError(`--threads must be a positive integer up to ${MAX_THREADS}, got ${JSON.stringify(clip(value))}`);
  }
  const n = Number(value);
  if (n > MAX_THREADS) throw new InvalidArgumentError(`--threads must be at most ${MAX_THREADS}, got ${clip(value)}`);
  return n;
}

/** Longest --include/--exclude glob: picomatch refuses longer patterns (65,536 characters). */
export const MAX_GLOB_CHARS = 65_536;

/** Collects a repeatable option's values. */
const collect = (value: string, previous: string[]) => [...previous, value];

/** Largest value the numeric options take: the largest signed 32-bit integer, what the core's counters hold. */
export const MAX_OPTION_INT = 2_147_483_647;

function positiveInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) <= 0 || Number(value) > MAX_OPTION_INT) {
      throw new InvalidArgumentError(`${name} must be a positive integer up to ${MAX_OPTION_INT}, got ${JSON.stringify(clip(value))}`);
    }
    return Number(value);
  };
}

/**
 * Checks `--root` or `--home` (`what`: "root", "home") before assembly: it must exist and be a directory.
 * @throws PromptasmError E_NOT_FOUND, E_IO or E_ARG naming the option and the path as typed (`shown`), not as resolved.
 */
async function checkRoot(root: string, shown: string, what = "root"): Promise<void> {
  let info;
  try {
    info = await stat(root);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PromptasmError(code === "ENOENT" || code === "ENOTDIR" ? "E_NOT_FOUND" : "E_IO",
      `${what} ${escapePath(shown)}: ${code === "ENOENT" || code === "ENOTDIR" ? "no such directory" : describeFsError(e)}`, { cause: e });
  }
  if (!info.isDirectory()) throw new PromptasmError("E_ARG", `${what} ${escapePath(shown)}: is not a directory`);
}

/** The option names of `keys` (camelCase as commander stores them) as typed on the command line. */
const flagName = (key: string) => `--${key.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}`;

/**
 * Refuses an empty value for a path option: "" (an unset shell variable) would resolve to the working directory
 * and quietly mean something else (--home '' reading the current directory's SOUL.md).
 * @throws PromptasmError E_ARG naming the option.
 */
function refuseEmpty(opts: Record<string, unknown>, keys: readonly string[]): void {
  for (const key of keys) {
    if (opts[key] === "") throw new PromptasmError("E_ARG", `${flagName(key)}: an empty path was given (name a file or directory)`);
  }
}

/**
 * Refuses an output file that the scan reads: one of the paths given, or an existing file below a directory given
 * that the walk would scan (a scan target, or any file with --all), so writing the findings cannot replace a scanned
 * input. Paths are compared after resolving symlinks.
 * @param output the output's absolute path; `label` the option and the path as given ("--output oo/AGENTS.md").
 * @param inputs the paths given to scan, absolute and as given.
 * @throws PromptasmError E_ARG naming the option and the input.
 */
async function refuseInputAsOutput(output: string, label: string, inputs: ReadonlyArray<{ abs: string; shown: string }>, all: boolean): Promise<void> {
  const real = await realpath(output).catch(() => null);
  if (real === null) return; // a new file: nothing of the input is replaced
  for (const input of inputs) {
    const inReal = await realpath(input.abs).catch(() => null);
    if (inReal === null) continue;
    const rel = relative(inReal, real);
    if (rel === "") throw new PromptasmError("E_ARG", `${label}: is one of the paths scanned; write the findings elsewhere`);
    if (!rel.startsWith("..") && !isAbsolute(rel) && (all || isScanTarget(rel.split(sep).join("/")))) {
      throw new PromptasmError("E_ARG", `${label}: is a file the scan of ${escapePath(input.shown)} reads; write the findings elsewhere`);
    }
  }
}

/**
 * Checks assemble's [dir] before anything reads below it, so a directory that cannot be listed is blamed itself
 * (not the first path probed under it, such as its .git).
 * @throws PromptasmError E_NOT_FOUND when it is missing or not a directory, E_IO when it cannot be listed (EACCES),
 *   naming it as typed (`shown`), as scan names its paths.
 */
async function checkWorkingDir(abs: string, shown: string): Promise<void> {
  try {
    if (!(await stat(abs)).isDirectory()) throw new PromptasmError("E_NOT_FOUND", `${escapePath(shown)}: not a directory`);
    await (await opendir(abs)).close();
  } catch (e) {
    if (e instanceof PromptasmError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new PromptasmError("E_NOT_FOUND", `${escapePath(shown)}: ${shown.includes("\uFFFD") ? NOT_UTF8_NAME : "no such directory"}`, { cause: e });
    throw new PromptasmError("E_IO", `${escapePath(shown)}: cannot list directory: ${describeFsError(e)}`, { cause: e });
  }
}

/** A config as the CLI loaded it: its file (null when none was found) and whether --config named it. */
interface LoadedConfig {
  config: PromptasmConfig;
  path: string | null;
  explicit: boolean;
}

/**
 * Reads the config file: `explicit` when given (it must exist), else the first CONFIG_FILE found in `dirs`. While
 * searching, a missing file or a path through a non-directory (ENOENT, ENOTDIR) is skipped, so that e.g. a file
 * given as the directory is reported by the command itself.
 * @throws PromptasmError E_CONFIG for an unreadable or invalid file, naming it.
 */
async function loadConfig(explicit: string | undefined, dirs: readonly string[]): Promise<LoadedConfig> {
  const candidates = explicit !== undefined ? [explicit] : dirs.map((d) => join(d, CONFIG_FILE));
  for (const path of candidates) {
    let text: string;
    try {
      text = await readFile(path, "utf8");
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (explicit === undefined && (code === "ENOENT" || code === "ENOTDIR")) continue;
      throw new PromptasmError("E_CONFIG", `config ${path}: ${describeFsError(e)}`, { cause: e });
    }
    return { config: parseConfig(text, path), path, explicit: explicit !== undefined };
  }
  return { config: { rules: [], allow: [], userAuthored: [], assemble: {} }, path: null, explicit: false };
}

/**
 * Where a config is looked for when no --config is given: `start`, then each ancestor up to and including the
 * project root (`root` when given, else the nearest directory with a .git entry), nearest first. Only `start` when
 * there is no project root or `start` is not inside it.
 */
async function configDirs(start: string, root?: string): Promise<string[]> {
  const top = root ?? await findProjectRoot(new NodeWorkspaceReader(), start);
  const dirs = [start];
  if (top === null) return dirs;
  for (let dir = start; dir !== top;) {
    const up = dirname(dir);
    if (up === dir) return [start];
    dirs.push(up);
    dir = up;
  }
  return dirs;
}

/**
 * Loads promptasm with the config's rules next to the built-in ones. A rule the scanner rejects (a duplicate id, a
 * bad pattern: E_RULES) is reported with the config file's name in front, code kept.
 */
async function loadWithConfigRules(loaded: LoadedConfig) {
  // Imported here, not at the top: `promptasm scan` never loads the assembler (adapters/node/load-scanner.ts).
  const { loadPromptasm } = await import("../adapters/node/load.js");
  if (loaded.config.rules.length === 0) return loadPromptasm();
  try {
    return await loadPromptasm({ rules: [...BUILTIN_RULES, ...loaded.config.rules] });
  } catch (e) {
    // E_WASM (the core did not load) is not the config's fault.
    if (e instanceof PromptasmError && e.code !== "E_WASM") throw new PromptasmError(e.code, `config ${loaded.path}: ${e.message}`, { cause: e });
    throw e;
  }
}

/**
 * The exit code of an assemble run that printed `result`, and a hint on stderr: files skipped unread (binary, too
 * large, unreadable: skippedUnread) are not in the prompt and, unlike a blocked file, leave no mark in it. Without
 * `strict`: 0, with a line saying how many were skipped (human output only; --json has them in `notes`). With it:
 * 2 (EXIT_ERROR, as scan exits for a context file it could not scan) when any was skipped, else 1 (EXIT_FINDINGS)
 * when a file was blocked, else 0.
 */
function strictExit(result: AssembledPrompt, strict: boolean, json: boolean, io: CliIO): number {
  const skipped = skippedUnread(result).length;
  if (strict) return skipped > 0 ? EXIT_ERROR : result.blocked.length > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
  if (skipped > 0 && !json) {
    io.stderr(`promptasm: ${skipped} file${skipped === 1 ? " was" : "s were"} skipped unread (see the notes) and ${skipped === 1 ? "is" : "are"} not in the prompt; --strict makes this exit 2\n`);
  }
  return EXIT_CLEAN;
}

/** True inside Windows Subsystem for Linux (its kernel names Microsoft in /proc/version). */
async function isWsl(): Promise<boolean> {
  if (process.platform !== "linux") return false;
  try {
    return /microsoft/i.test(await readFile("/proc/version", "utf8"));
  } catch {
    return false;
  }
}

/** The text of section i as it stands in the prompt (sections are joined by blank lines, the boundary aside). */
function sectionText(r: AssembledPrompt, i: number): string {
  let at = 0;
  for (let k = 0; k < i; k++) {
    at += r.sections[k]!.chars + 2;
    if (r.boundary !== null && at === r.boundary) at += r.prompt.indexOf("\n\n", r.boundary) - r.boundary + 2;
  }
  return r.prompt.slice(at, at + r.sections[i]!.chars);
}

/**
 * The default session store of `assemble --session`: a file in the user's state directory, outside every workspace,
 * so a repository cannot plant a store holding its own prompt for a guessable session id.
 * - Windows: `%LOCALAPPDATA%\promptasm\sessions.sqlite` (else `<home>\AppData\Local\promptasm\sessions.sqlite`);
 * - elsewhere: `$XDG_STATE_HOME/promptasm/sessions.sqlite` when XDG_STATE_HOME is an absolute path (the XDG Base
 *   Directory spec ignores a relative one), else `~/.local/state/promptasm/sessions.sqlite`.
 * @param env the environment (CliIO.env); HOME (USERPROFILE on Windows) there wins over the OS's home directory.
 * @param platform `process.platform`'s value.
 * @param home the OS's home directory (default os.homedir()).
 * @returns an absolute path.
 * @throws PromptasmError E_ARG when no state directory can be found (no home directory): pass --store.
 */
export function defaultStoreFile(env: Readonly<Record<string, string | undefined>>, platform: string = process.platform, home?: string): string {
  const osHome = (): string => {
    try {
      return home ?? homedir();
    } catch {
      return "";
    }
  };
  if (platform === "win32") {
    const local = env.LOCALAPPDATA;
    if (local !== undefined && win32.isAbsolute(local)) return win32.join(local, "promptasm", "sessions.sqlite");
    const h = env.USERPROFILE || osHome();
    if (h !== "" && win32.isAbsolute(h)) return win32.join(h, "AppData", "Local", "promptasm", "sessions.sqlite");
  } else {
    const state = env.XDG_STATE_HOME;
    if (state !== undefined && isAbsolute(state)) return join(state, "promptasm", "sessions.sqlite");
    const h = env.HOME || osHome();
    if (h !== "" && isAbsolute(h)) return join(h, ".local", "state", "promptasm", "sessions.sqlite");
  }
  throw new PromptasmError("E_ARG", "--session: no state directory for the session store (no home directory; set XDG_STATE_HOME or LOCALAPPDATA), pass --store <file>");
}

/** What `assemble --session` did: the turn, its `session` JSON, and the lines for stderr. */
interface SessionRun {
  turn: FrozenSession<AssembledPrompt>;
  json: { id: string; state: string; stored: boolean; store: string; reason?: string; platformNote?: string; warnings?: Array<{ code: string; message: string }> };
  summary: string;
}

/**
 * One `assemble --session` run: opens the SQLite store at `options.store`, drops the stored prompt first when
 * `invalidate` is set, then freezeSession with `options.scanner`, so a stored prompt is scanned before it is printed
 * (one with findings a fresh build lacks is warned about as stored-findings, rebuilt and replaced). A store that
 * cannot be opened, read or written (unwritable place, a file that is not a SQLite database, a lock) is a warning on
 * stderr and the run prints the prompt it built; the command then exits 2 (see the assemble action).
 * @throws PromptasmError E_ARG for a bad session id; whatever the build throws.
 */
async function sessionTurn(io: CliIO, build: () => Promise<AssembledPrompt>, options: {
  id: string; store: string; invalidate: boolean; scanner: PromptScanner; runtime: { model?: string; provider?: string; cwd: string; platform?: string };
}): Promise<SessionRun> {
  const [errors, { freezeSession, invalidateSession }, { SqliteSessionStore }] = await Promise.all([
    import("../stores/errors.js"), import("../stores/session.js"), import("../stores/sqlite.js")]);
  const errorText = errors.errorText;
  const checkSessionId: typeof errors.checkSessionId = errors.checkSessionId;
  checkSessionId(options.id); // before anything is created on disk
  const lines: string[] = [];
  const warnings: Array<{ code: string; message: string }> = [];
  let unusable: string | undefined;
  const logger: SessionLogger = {
    warn(message, detail) {
      warnings.push({ code: detail.code, message });
      io.stderr(`promptasm: warning: ${escapePath(message)}\n`);
      // better-sqlite3 reports a damaged or foreign file only as SQLITE_NOTADB / SQLITE_CORRUPT: say what to do once.
      const sqlite = String((detail.cause as { cause?: { code?: unknown } } | undefined)?.cause?.code ?? "");
      if (unusable === undefined && /^SQLITE_(NOTADB|CORRUPT)/.test(sqlite)) {
        unusable = `promptasm: warning: session store ${escapePath(options.store)} is not a usable SQLite database (${sqlite}); move it away or pass another --store to start a new store\n`;
        io.stderr(unusable);
      }
    },
  };
  const runtime: { model?: string; provider?: string; cwd: string; platform?: string } = { cwd: options.runtime.cwd };
  for (const key of ["model", "provider", "platform"] as const) if (options.runtime[key] !== undefined) runtime[key] = options.runtime[key];
  // The store creates its own directory (one level at a time, so procfs paths fail fast instead of spinning).
  const store: SessionStore & { close?(): void } = new SqliteSessionStore(options.store);
  try {
    if (options.invalidate) await invalidateSession(store, options.id, { logger });
    const turn = await freezeSession(store, options.id, build, runtime, { logger, scanner: options.scanner });
    const where = escapePath(options.store);
    const head = `promptasm: session ${escapePath(options.id)}: ${turn.state}`;
    if (turn.state === "present") lines.push(`${head}: reusing the prompt stored in ${where} on ${turn.record.createdAt}`);
    else {
      const why = turn.reason !== undefined ? ` (${escapePath(turn.reason)})` : options.invalidate && turn.state === "missing" ? " (invalidated)" : "";
      lines.push(turn.stored ? `${head}${why}: built and stored in ${where}` : `${head}${why}: built, not stored (see the warnings above); printing the built prompt`);
    }
    if (turn.platformNote !== undefined) lines.push(`promptasm: session ${escapePath(options.id)}: platform note for this turn's user message: ${turn.platformNote}`);
    const json: SessionRun["json"] = { id: options.id, state: turn.state, stored: turn.stored, store: options.store };
    if (turn.reason !== undefined) json.reason = turn.reason;
    if (turn.platformNote !== undefined) json.platformNote = turn.platformNote;
    if (warnings.length > 0) json.warnings = warnings;
    return { turn, json, summary: lines.map((l) => l + "\n").join("") };
  } finally {
    try { store.close?.(); } catch (e) { io.stderr(`promptasm: warning: closing session store ${escapePath(options.store)} failed: ${errorText(e)}\n`); }
  }
}

/** The memoryFiles value of `--memory-files <names>`. */
function memoryFilesFlag(value: string): { memory: boolean; user: boolean } {
  const names = value.split(",").map((n) => n.trim().toLowerCase()).filter((n) => n !== "");
  const bad = names.filter((n) => n !== "memory" && n !== "user" && n !== "none");
  if (bad.length > 0 || names.length === 0 || (names.includes("none") && names.length > 1)) {
    throw new PromptasmError("E_ARG", `--memory-files must be memory, user, memory,user or none, got ${JSON.stringify(clip(value))}`);
  }
  return { memory: names.includes("memory"), user: names.includes("user") };
}

/**
 * The assembly options of the flags added with issues 16 and 17 (bootstrap limits, truncation warning mode, memory
 * files, session start, git snapshot, tool-use enforcement, OpenClaw's runtime line), merged over the config's
 * `assemble` values where the flag sets part of a structured option (openclaw.runtime, sessionStart).
 * @throws PromptasmError E_ARG for a bad --memory-files or --tool-use-enforcement value.
 */
async function assembleFlags(opts: Record<string, unknown>, cwd: string, fromConfig: PromptasmConfig["assemble"]): Promise<Partial<AssembleOptions>> {
  const out: Partial<AssembleOptions> = {};
  if (opts.bootstrapMaxChars !== undefined) out.bootstrapMaxChars = opts.bootstrapMaxChars as number;
  if (opts.bootstrapTotalMaxChars !== undefined) out.bootstrapTotalMaxChars = opts.bootstrapTotalMaxChars as number;
  if (opts.truncationWarning !== undefined) out.truncationWarning = opts.truncationWarning as AssembleOptions["truncationWarning"];
  if ((opts.shownWarning as string[]).length > 0) out.shownWarnings = opts.shownWarning as string[];
  if (opts.toolUseEnforcement !== undefined) {
    const v = String(opts.toolUseEnforcement);
    // "on", "off", "auto" as words; anything with a comma, or another word, is a list of model-name substrings.
    const { parseToolUseEnforcement } = await import("../sections/tools.js");
    out.toolUseEnforcement = parseToolUseEnforcement(/^\s*(on|off|auto|true|false)\s*$/i.test(v) ? v : v.split(","), "--tool-use-enforcement");
  }
  if (opts.memoryFiles !== undefined) out.memoryFiles = memoryFilesFlag(String(opts.memoryFiles));
  if (opts.sessionStart !== undefined) {
    out.sessionStart = {
      ...fromConfig.sessionStart, form: opts.sessionStart as "date" | "weekday-time",
      ...(opts.session !== undefined ? { sessionId: String(opts.session) } : {}),
    };
  }
  if (opts.git === true) out.gitSnapshot = await (await import("../adapters/node/git.js")).readGitSnapshot(cwd);
  const runtime: Record<string, unknown> = {};
  for (const key of ["channel", "host", "shell", "thinking"] as const) if (opts[key] !== undefined) runtime[key] = opts[key];
  if (opts.capabilities !== undefined) runtime.capabilities = String(opts.capabilities).split(",").map((c) => c.trim()).filter((c) => c !== "");
  if (Object.keys(runtime).length > 0) {
    const base = fromConfig.openclaw ?? {};
    out.openclaw = { ...base, runtime: { ...base.runtime, ...runtime } };
  }
  return out;
}

/**
 * Runs the CLI.
 * @param argv arguments after the program name, e.g. ["scan", "AGENTS.md"].
 * @returns the exit code: 0 clean, 1 findings (scan: high-severity ones, or any with --fail-on low), 2 usage or I/O
 *   error.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let code = EXIT_CLEAN;
  const program = new Command("promptasm")
    .description("Assemble, guard and freeze an LLM agent's system prompt from a workspace.")
    .version(PACKAGE.version)
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr, outputError: (text, write) => write(clipQuoted(text)) })
    .showHelpAfterError("(run promptasm --help for usage)");

  program.command("assemble")
    .showHelpAfterError("(run promptasm assemble --help for usage)")
    .description("print the system prompt an agent started in [dir] would get")
    .argument("[dir]", "the agent's working directory", ".")
    .option("--home <dir>", "directory with SOUL.md, MEMORY.md and USER.md")
    .option("--root <dir>", "project root (default: nearest directory with .git)")
    .option("--model <name>", "model name; its context window sets the truncation cap")
    .option("--context-window <tokens>", "context window in tokens", positiveInt("--context-window"))
    .option("--max-chars <n>", "per-file truncation cap in chars (wins over --context-window)", positiveInt("--max-chars"))
    .option("--platform <name>", "platform line, e.g. cli, web, api")
    .option("--system-message <text>", "the caller's system message (appended)")
    .option("--time-zone <iana>", "time zone of the date line (default: this machine's)")
    .addOption(new Option("--policy <name>", "which context files load").choices([...ENUMS.policy]))
    .addOption(new Option("--mode <mode>", "full, minimal (sub-agents) or none (identity line only)").choices([...ENUMS.mode]))
    .addOption(new Option("--budget <kind>", "head/tail budget: hermes (per-file cap, 70/20) or openclaw (12,000 per file, 60,000 total, 75/25)")
      .choices([...ENUMS.budget]))
    .option("--provider <name>", "provider name for the runtime block")
    .option("--target <path>", `${TARGET_PATH_POLICIES.join(", ")} policies: the file being edited, for rules that attach by path (globs, applyTo, fileMatch)`)
    .option("--current-time", "add a current-time line (cron-style single runs)")
    .option("--tools <names>", "comma-separated tool names the agent has (tool list, guidance and style sections)")
    .option("--environment", "add an environment section: this machine's OS (and WSL), the working directory")
    .option("--no-cache-boundary", "leave out the cache boundary marker")
    .addOption(new Option("--bootstrap-max-chars <n>", "openclaw budget: per-file limit in chars (default: --max-chars, else 12,000)").argParser(positiveInt("--bootstrap-max-chars")))
    .addOption(new Option("--bootstrap-total-max-chars <n>", "openclaw budget: limit for all context files together in chars (default 60,000)").argParser(positiveInt("--bootstrap-total-max-chars")))
    .addOption(new Option("--truncation-warning <mode>", "where the truncation warning goes: section (in the system prompt), off, once or always (in the user turn; see --json's truncationWarning)")
      .choices([...ENUMS.truncationWarning]))
    .option("--shown-warning <signature>", "with --truncation-warning once: a warning signature already shown in this session (repeatable)", collect, [])
    .option("--tool-use-enforcement <setting>", "tool-use enforcement: on, off, auto (by model family) or comma-separated model-name substrings")
    .option("--memory-files <names>", "which of MEMORY.md and USER.md load: memory,user (default), memory, user or none")
    .addOption(new Option("--session-start <form>", "the session start line below the cache boundary: date (default) or weekday-time (with --session: a session id line too)")
      .choices([...ENUMS.sessionStart]))
    .option("--git", "add a git snapshot of [dir]'s repository (branch, status summary, recent commits) to the context tier")
    .option("--channel <name>", "OpenClaw sections: the channel the agent talks on (telegram, cli …); turns on OpenClaw's safety, messaging and runtime-line sections")
    .option("--capabilities <ids>", "OpenClaw sections: the channel's capability ids, comma-separated (reactions, threads …)")
    .addOption(new Option("--thinking <level>", "OpenClaw sections: default thinking level on the runtime line").choices([...ENUMS.thinking]))
    .option("--host <name>", "OpenClaw sections: host name on the runtime line")
    .option("--shell <name>", "OpenClaw sections: shell on the runtime line")
    .option("--warnings-block", "block files with only low-severity findings too (by default they load with a warning)")
    .option("--strict", "exit 1 when a file is blocked and 2 when a context or home file is skipped unread (binary, too large, unreadable); the prompt is still printed")
    .option("--config <file>", `config file, used in full (default: the nearest ${CONFIG_FILE} from [dir] up to the project root, of which only rules are used)`)
    .option("--trust-config", `use every key of a ${CONFIG_FILE} found in the workspace, not only its rules`)
    .addOption(new Option("--tokens <encoding>", "with --json: token counts per section and tier").choices([...ENUMS.tokens]).default("cl100k_base"))
    .option("--json", "print one JSON object: prompt, sections, findings, truncations, notes, chars")
    .option("--session <id>", "freeze the prompt for this session in a SQLite store: the first run builds and stores it, later runs print the stored bytes")
    .option("--store <file>", "with --session: the SQLite file (default: promptasm/sessions.sqlite in the user's state directory, $XDG_STATE_HOME or ~/.local/state; %LOCALAPPDATA% on Windows)")
    .option("--invalidate", "with --session: delete the stored prompt first, so this run builds a new one (after context compression)")
    .action(async (dir: string, opts, command: Command) => {
      refuseEmpty(opts, ["home", "root", "config", "store", "target"]);
      if (dir === "") throw new PromptasmError("E_ARG", "assemble: an empty path was given (name a directory, e.g. .)");
      if (opts.model !== undefined && String(opts.model).trim() === "") throw new PromptasmError("E_ARG", "--model: an empty model name was given");
      for (const key of ["tools", "capabilities"] as const) {
        if (opts[key] !== undefined && String(opts[key]).split(",").every((n) => n.trim() === "")) {
          throw new PromptasmError("E_ARG", `--${key}: no names in ${JSON.stringify(clip(String(opts[key])))} (give comma-separated names)`);
        }
      }
      if ((opts.shownWarning as string[]).some((w) => w.trim() === "")) throw new PromptasmError("E_ARG", "--shown-warning: an empty signature was given");
      if (opts.root !== undefined) await checkRoot(resolve(io.cwd, opts.root), opts.root);
      if (opts.home !== undefined) await checkRoot(resolve(io.cwd, opts.home), opts.home, "home");
      const cwd = resolve(io.cwd, dir);
      await checkWorkingDir(cwd, dir);
      const note = (message: string) => { io.stderr(`promptasm: note: ${escapePath(message)}\n`); };
      const loaded = opts.config !== undefined
        ? await loadConfig(resolve(io.cwd, opts.config), [])
        : await loadConfig(undefined, await configDirs(cwd, opts.root !== undefined ? resolve(io.cwd, opts.root) : undefined));
      let config = loaded.config;
      // A config found in the workspace is the workspace's (e.g. a cloned repo's): only its rules count unless trusted.
      if (loaded.path !== null && !loaded.explicit && !opts.trustConfig) {
        const d = discoveredConfig(config);
        config = d.config;
        if (d.ignored.length > 0) {
          note(`config ${loaded.path} was found in the workspace, so only its rules are used; ignored ${d.ignored.join(", ")} ` +
            "(name it with --config or pass --trust-config to use them)");
        }
      }
      if (!opts.json && command.getOptionValueSource("tokens") === "cli") note("--tokens has no effect without --json");
      const policy: string = opts.policy ?? config.assemble.policy ?? "hermes";
      if (opts.target !== undefined && !(TARGET_PATH_POLICIES as readonly string[]).includes(policy)) {
        note(`--target has no effect with --policy ${policy} (it applies to ${TARGET_PATH_POLICIES.join(", ")})`);
      }
      if (opts.target !== undefined) {
        try { targetRelativeTo(cwd, opts.target); } catch {
          throw new PromptasmError("E_ARG", `--target: ${escapePath(opts.target)} is outside the working directory ${escapePath(dir)} (give a path inside it, relative to it)`);
        }
      }
      const extra = await assembleFlags(opts, cwd, config.assemble);
      if (opts.git === true && extra.gitSnapshot === null) note(`--git: ${cwd} is not in a git repository (or git did not run): no git snapshot`);
      const pa = await loadWithConfigRules({ ...loaded, config });
      const build = async () => pa.assemble(new NodeWorkspaceReader(), {
        ...config.assemble,
        ...(config.allow.length > 0 ? { allow: config.allow } : {}),
        ...(config.userAuthored.length > 0 ? { userAuthored: config.userAuthored } : {}),
        ...(opts.policy !== undefined ? { policy: opts.policy } : {}),
        ...(opts.mode !== undefined ? { mode: opts.mode } : {}),
        ...(opts.budget !== undefined ? { budget: opts.budget } : {}),
        ...(opts.provider !== undefined ? { provider: opts.provider } : {}),
        ...(opts.target !== undefined ? { targetPath: opts.target } : {}),
        ...(opts.currentTime ? { currentTime: true } : {}),
        ...(opts.warningsBlock ? { warningsBlock: true } : {}),
        ...(opts.tools !== undefined ? { tools: String(opts.tools).split(",").map((name: string) => name.trim()).filter((name: string) => name !== "").map((name: string) => ({ name })) } : {}),
        ...(opts.environment ? { environment: { os: process.platform, wsl: await isWsl() } } : {}),
        ...(opts.cacheBoundary === false ? { cacheBoundary: false } : {}),
        cwd,
        ...(opts.home !== undefined ? { home: resolve(io.cwd, opts.home) } : {}),
        ...(opts.root !== undefined ? { root: resolve(io.cwd, opts.root) } : {}),
        ...(opts.model !== undefined ? { model: opts.model } : {}),
        ...(opts.contextWindow !== undefined ? { contextWindow: opts.contextWindow } : {}),
        ...(opts.maxChars !== undefined ? { maxChars: opts.maxChars } : {}),
        ...(opts.platform !== undefined ? { platform: opts.platform } : {}),
        ...(opts.systemMessage !== undefined ? { systemMessage: opts.systemMessage } : {}),
        ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
        ...extra,
      });
      if (opts.session === undefined) for (const flag of ["store", "invalidate"] as const) if (opts[flag] !== undefined) note(`--${flag} has no effect without --session`);
      const session = opts.session === undefined ? undefined : await sessionTurn(io, build, {
        id: opts.session, invalidate: opts.invalidate === true, scanner: pa.scanner,
        store: opts.store !== undefined ? resolve(io.cwd, opts.store) : defaultStoreFile(io.env ?? {}),
        runtime: { model: opts.model ?? config.assemble.model, provider: opts.provider ?? config.assemble.provider, cwd, platform: opts.platform ?? config.assemble.platform },
      });
      // With --session, `result` is this run's build: absent when the stored prompt was reused (nothing was built).
      const result = session === undefined ? await build() : session.turn.built;
      const prompt = session?.turn.prompt ?? result!.prompt;
      if (opts.json) {
        const sessionJson = session === undefined ? {} : { session: session.json };
        if (result !== undefined && result.prompt === prompt) {
          const { countSectionTokens } = await import("../tokens/tokens.js");
          const tokens = opts.tokens === "none" ? undefined : await countSectionTokens(result.sections.map((sec, i) => ({ id: sec.id, tier: sec.tier, text: sectionText(result, i) })), opts.tokens);
          io.stdout(JSON.stringify({ ...assembleJson(result, tokens), ...sessionJson }) + "\n");
        } else {
          // A stored prompt: no build ran, so there are no sections, findings or notes to report for it.
          // The marker counts only on a line of its own (findBoundary), as OpenClaw reads it.
          const at = (await import("../prompt/boundary.js")).findBoundary(prompt);
          io.stdout(JSON.stringify({ prompt, boundary: at === -1 ? null : at, chars: prompt.length, ...sessionJson }) + "\n");
        }
      } else {
        io.stdout(prompt + "\n");
        // Paths relative to the project root, as blocked and cut files are named (the root discovery uses by default).
        if (result !== undefined) io.stderr(assembleSummary(result, opts.root !== undefined ? resolve(io.cwd, opts.root) : await findProjectRoot(new NodeWorkspaceReader(), cwd) ?? cwd));
        // The bootstrap-pending prefix and a truncation warning shown this turn (--truncation-warning once/always)
        // go before the user's message, never in the system prompt.
        if (result !== undefined && result.truncationWarning !== null) {
          io.stderr(`promptasm: truncation warning signature ${result.truncationWarning.signature} (${result.truncationWarning.show ? "shown this turn" : "already shown"})\n`);
        }
        if (result !== undefined && result.userPromptPrefix !== "") io.stderr(`promptasm: put before the user's message:\n${result.userPromptPrefix}\n`);
      }
      if (session !== undefined) io.stderr(session.summary);
      // --session asks for a frozen prompt: one that could not be stored (the store cannot be opened, read or
      // written) is printed, but the run fails (exit 2) so a caller does not take it for a frozen one.
      if (session !== undefined && session.turn.state !== "present" && !session.turn.stored) {
        io.stderr(`promptasm: session ${escapePath(opts.session)}: the session store ${escapePath(session.json.store)} could not be used, so the prompt is not frozen (exit 2)\n`);
        code = EXIT_ERROR;
      }
      if (result !== undefined && result.prompt === prompt) code = Math.max(code, strictExit(result, opts.strict === true, opts.json === true, io));
    });

  program.command("scan")
    .showHelpAfterError("(run promptasm scan --help for usage)")
    .description("scan files, or directories (many workspaces at once, on every core) for agent context files, for prompt injection and invisible characters")
    .argument("<paths...>", "files (scanned whatever their name) or directories (walked for context files and Markdown); - reads one file from standard input")
    .addOption(new Option("--format <format>", "output: human (path:line:col rule-id excerpt), json (one JSON object per file per line) or sarif (SARIF 2.1.0)").choices(["human", "json", "sarif"]))
    .option("--json", "the same as --format json")
    .addOption(new Option("--scope <scope>", "rules to run: all, context (context files) or strict (agent-written memory and skills)").choices([...SCOPES]).default("context"))
    .addOption(new Option("--fail-on <severity>", "exit 1 on findings of this severity or above: high (files assemble would block) or low (warnings too)").choices(["high", "low"]).default("high"))
    .option("--all", "in directories, scan every file, not only context files and Markdown")
    .option("--include <glob>", "in directories, scan only files matching this glob (relative to the directory; repeatable)", collect, [])
    .option("--exclude <glob>", "in directories, skip files and directories matching this glob (relative to the directory; repeatable)", collect, [])
    .option("--follow-symlinks", "in directories, follow symbolic links that lead outside the paths given (by default they are skipped with a note)")
    .option("--no-gitignore", "do not honour .gitignore files (by default their rules skip paths, never agent context files)")
    .addOption(new Option("--threads <n>", `worker threads, 1..${MAX_THREADS} (default: the number of cores)`).argParser(threadCount))
    .option("--no-progress", "no progress bar (there is none unless stderr is a terminal, or when CI is set)")
    .option("--config <file>", `config file with extra rules and allow entries (default: the nearest ${CONFIG_FILE} from the current directory up to its project root, of which only the rules are used)`)
    .addOption(new Option("--max-bytes <n>", "skip files larger than this (bytes)").argParser(positiveInt("--max-bytes")))
    .option("--baseline <file>", "known findings (a --write-baseline file): they are not reported and do not fail the run")
    .option("--write-baseline <file>", "write this run's findings to a baseline file (JSON, version 1)")
    .option("--no-redact", "show secrets in excerpts and SARIF snippets as found (by default they are redacted)")
    .option("-o, --output <file>", "write the findings to this file (atomically: complete or not at all) instead of stdout")
    .option("--quiet", "no progress bar, notes or summary on stderr (errors still go there, findings to the output)")
    .action(async (paths: string[], opts) => {
      if (opts.json && opts.format !== undefined && opts.format !== "json") {
        throw new PromptasmError("E_ARG", `--json and --format ${opts.format} ask for different outputs; give one of them`);
      }
      // An empty argument (`scan ""`, an unset shell variable) would resolve to the working directory: refuse it.
      if (paths.some((p) => p === "")) throw new PromptasmError("E_ARG", "scan: an empty path was given (name a file or directory, e.g. .)");
      refuseEmpty(opts, ["config", "output", "baseline", "writeBaseline"]);
      for (const name of ["include", "exclude"] as const) {
        for (const glob of opts[name] as string[]) {
          if (glob.length > MAX_GLOB_CHARS) throw new PromptasmError("E_ARG", `--${name}: a glob of ${glob.length} characters is too long (at most ${MAX_GLOB_CHARS})`);
        }
      }
      const format: "human" | "json" | "sarif" = opts.json ? "json" : opts.format ?? "human";
      const scope = opts.scope as RuleScope;
      if (paths.filter((p) => p === "-").length > 1) throw new PromptasmError("E_ARG", "scan: - (standard input) was given more than once");
      // Output files are checked before the scan, so a typo fails at once; they are written at the end, atomically.
      const outputPath = opts.output !== undefined ? resolve(io.cwd, opts.output) : undefined;
      const writeBaselinePath = opts.writeBaseline !== undefined ? resolve(io.cwd, opts.writeBaseline) : undefined;
      const outputLabel = `--output ${escapePath(opts.output ?? "")}`, writeBaselineLabel = `--write-baseline ${escapePath(opts.writeBaseline ?? "")}`;
      if (outputPath !== undefined) await checkOutputPath(outputPath, "--output", opts.output);
      if (writeBaselinePath !== undefined) await checkOutputPath(writeBaselinePath, "--write-baseline", opts.writeBaseline);
      for (const [path, label] of [[outputPath, "--output"], [writeBaselinePath, "--write-baseline"]] as const) {
        if (path !== undefined) {
          await refuseInputAsOutput(path, `${label} ${escapePath(label === "--output" ? opts.output : opts.writeBaseline)}`,
            paths.filter((p) => p !== "-").map((p) => ({ abs: resolve(io.cwd, p), shown: p })), opts.all === true);
        }
      }
      const baseline = opts.baseline !== undefined ? await loadBaseline(resolve(io.cwd, opts.baseline), opts.baseline) : null;
      const quiet = opts.quiet === true;
      const loaded = opts.config !== undefined ? await loadConfig(resolve(io.cwd, opts.config), []) : await loadConfig(undefined, await configDirs(resolve(io.cwd)));
      // A config found in the workspace may be a cloned repository's: only its rules are used (they can only add
      // findings). Its allow entries count only when the file is named with --config, as for assemble.
      if (!loaded.explicit && loaded.config.allow.length > 0 && !quiet) {
        io.stderr(`promptasm: note: config ${escapePath(loaded.path ?? CONFIG_FILE)} was found in the workspace, so its allow entries are not used (name it with --config to use them)\n`);
      }
      const review = new ScanReview({
        cwd: io.cwd, allow: loaded.explicit ? loaded.config.allow : [], allowDir: loaded.explicit && loaded.path !== null ? dirname(loaded.path) : null,
        baseline, writeBaselineDir: writeBaselinePath !== undefined ? dirname(writeBaselinePath) : null, redact: opts.redact !== false,
      });
      const threads: number = opts.threads ?? availableParallelism();
      let stdin: StdinCopy | undefined;
      if (paths.includes("-")) stdin = await copyStdin(io.stdin ?? process.stdin, opts.maxBytes ?? DEFAULT_MAX_BYTES);
      const targets = paths.map((p) => (p === "-" ? { arg: STDIN_NAME, abs: stdin!.path } : { arg: p, abs: resolve(io.cwd, p) }));
      /** Where SARIF points for a path: standard input is "<stdin>", relative to %SRCROOT%. */
      const artifactOf = (path: string): ArtifactUri => (stdin !== undefined && path === stdin.path ? { uri: encodeURIComponent(STDIN_NAME), relative: true } : artifactUri(io.cwd, path));
      // One file is scanned on this thread: a worker would load the core and the rules a second time.
      const oneFile = targets.length === 1 && (await stat(targets[0]!.abs).then((x) => x.isFile(), () => false));
      const pool = new ScanPool({ threads, extraRules: loaded.config.rules, inProcess: oneFile });
      const bar: ProgressBar | undefined = io.progress?.isTTY && opts.progress !== false && !quiet && !progressDisabledByEnv(io.env ?? {})
        ? startProgressBar(io.progress) : undefined;
      // With a bar on the terminal, text goes above it; findings too when stdout is that terminal.
      // With --output, everything is kept and written at the end in one atomic step.
      const chunks: string[] = [];
      const out = (text: string) => { if (outputPath !== undefined) chunks.push(text); else if (bar && io.stdoutIsTTY) bar.log(text); else io.stdout(text); };
      const err = (text: string) => { if (bar) bar.log(text); else io.stderr(text); };
      const t0 = performance.now();
      const totals = { files: 0, bytes: 0, findings: 0, warnings: 0, failing: 0, filesWithFindings: 0, binary: 0, tooLarge: 0, errors: 0, outside: 0 };
      const sarifFiles: SarifFile[] = [];
      const sarifNotes: SarifNotification[] = [];
      const say = (level: "error" | "note", path: string, message: string) => {
        if (level === "error") totals.errors++;
        if (level === "error" || !quiet) err(`promptasm: ${level === "note" ? "note: " : ""}${escapePath(message)}\n`);
        if (format === "sarif") sarifNotes.push({ level, message, ...(path !== "" ? { artifact: artifactOf(path) } : {}) });
      };
      let fileEvents = 0; // files met (scanned or not): none with --include means the globs matched nothing
      const onEvent = (e: FleetEvent) => {
        if (e.kind === "file") fileEvents++;
        if (e.kind === "problem") {
          if (e.reason.startsWith("symlink to outside the scanned roots")) totals.outside++;
          say(e.level, e.path, `${e.shown}: ${e.reason}`);
          return;
        }
        const o = e.outcome;
        switch (o.status) {
          case "missing": say("error", e.path, `${e.shown}: no such file`); return;
          case "error": say("error", e.path, `${e.shown}: ${o.reason}`); return;
          case "binary": totals.binary++; say("note", e.path, `${e.shown}: binary file, skipped`); return;
          case "too-large":
            totals.tooLarge++;
            // An agent context file left unscanned is a hole in the check, not a detail: an error (exit 2).
            if (e.context) say("error", e.path, `${e.shown}: not scanned: over the ${o.limit}-byte limit`);
            else say("note", e.path, `${e.shown}: ${o.bytes} bytes is over the ${o.limit}-byte limit, skipped`);
            return;
        }
        if (o.invalidUtf8At !== undefined) say("note", e.path, `${e.shown}: invalid UTF-8 at byte ${o.invalidUtf8At}, scanned with U+FFFD in its place`);
        if (o.containsNul) say("note", e.path, `${e.shown}: contains NUL bytes, scanned as text`);
        totals.files++;
        totals.bytes += o.bytes;
        if (e.context) chained.push({ path: e.path, shown: e.shown });
        report(e.path, e.shown, o.findings, o.regions, o.suppressed, stdin !== undefined && e.path === stdin.path ? STDIN_NAME : undefined);
      };
      /**
       * Prints one scanned text's findings: allowed and baselined ones dropped, secrets redacted (review.ts), counted
       * in the totals. `label` is the name allow entries and baselines know it by when it is not the path.
       */
      const report = (path: string, shown: string, findings: Finding[], regions: FindingRegion[], suppressed: ReadonlyArray<{ rule: string; count: number }>,
        label?: string, pairedWith?: string) => {
        const r = review.review(path, findings, regions, label, pairedWith);
        for (const n of r.notes) say("note", path, n);
        totals.findings += r.findings.length;
        for (const f of r.findings) {
          if (f.severity === "low") totals.warnings++;
          if (f.severity !== "low" || opts.failOn === "low") totals.failing++;
        }
        if (r.findings.length > 0) totals.filesWithFindings++;
        // Findings past the scanner's per-rule limit, and in the human format past a screenful of one rule, are
        // counted in one note per rule.
        const left = new Map(suppressed.map((x) => [x.rule, x.count]));
        let printed = r.findings;
        if (format === "human") {
          const capped = capPerRule(r.findings);
          printed = capped.shown;
          for (const x of capped.left) left.set(x.rule, (left.get(x.rule) ?? 0) + x.count);
        }
        for (const [rule, count] of left) say("note", path, `${shown}: ${count.toLocaleString("en-US")} more ${rule} finding${count === 1 ? "" : "s"} not listed`);
        if (format === "human") out(formatFindingsText(shown, printed));
        else if (format === "json") out(formatFindingsJson(shown, r.findings));
        else if (r.findings.length > 0) sarifFiles.push({ ...artifactOf(path), findings: r.findings, regions: r.regions });
      };
      // Context files an agent loads one after the other (scan-joins.ts): their joins are scanned after the walk.
      const chained: ChainFile[] = [];
      let walked: { directories: number };
      try {
        try {
          await pool.warm(); // a rule set the core rejects is reported before anything is scanned
          walked = await runFleet(targets, {
            scope, maxBytes: opts.maxBytes ?? DEFAULT_MAX_BYTES, all: opts.all === true,
            include: opts.include, exclude: opts.exclude, gitignore: opts.gitignore !== false, followSymlinks: opts.followSymlinks === true, pool,
          }, { event: onEvent, ...(bar ? { progress: (p) => bar.update(p) } : {}) });
        } finally {
          bar?.stop();
          await pool.close();
          await stdin?.dispose();
        }
      } catch (e) {
        // A rule the core rejects (E_RULES …) comes from the config: name the file, keep the code. E_WASM is not its fault.
        if (e instanceof PromptasmError && e.code !== "E_WASM" && loaded.path !== null && loaded.config.rules.length > 0) {
          throw new PromptasmError(e.code, `config ${loaded.path}: ${e.message}`, { cause: e });
        }
        throw e;
      }
      // --include globs that match nothing would turn the check off without a word (a typo, an unclosed `[`): an error.
      if ((opts.include as string[]).length > 0 && walked.directories > 0 && fileEvents === 0) {
        say("error", "", `--include ${(opts.include as string[]).map((g) => JSON.stringify(clip(g))).join(", ")}: no file in the directories given matched, so nothing was scanned`);
      }
      // A phrase split across two context files an agent loads one after the other (a root AGENTS.md ending in
      // "Ignore all previous", app/AGENTS.md starting with "instructions and run …"): found as assemble finds it, and
      // reported under both names (the offsets count in the first file). Allow entries name one file, so none applies.
      const pairs = chainedPairs(await withRealPaths(chained));
      if (pairs.length > 0) {
        const checker = await loadWithConfigRules(loaded);
        for (const j of await scanJoins(checker, pairs, scope, opts.maxBytes ?? DEFAULT_MAX_BYTES)) {
          if ("problem" in j) { say("note", j.a.path, j.problem); continue; }
          const both = `${j.a.shown} + ${j.b.shown}`;
          say("note", j.a.path, `${both}: a phrase split across the two matched ${[...new Set(j.findings.map((f) => f.rule))].join(", ")}`);
          report(j.a.path, both, j.findings, j.regions, [], undefined, resolve(j.b.path));
        }
      }
      for (const n of review.summaryNotes(loaded.path !== null ? opts.config ?? loaded.path : null)) say("note", "", n);
      if (format === "sarif") {
        const sarif = formatSarif({
          driver: { name: PACKAGE.name, version: PACKAGE.version, informationUri: INFORMATION_URI },
          rules: rulesForScope([...BUILTIN_RULES, ...loaded.config.rules], scope), scope, builtinRuleIds: BUILTIN_RULES.map((r) => r.id),
          srcRoot: directoryUri(io.cwd), files: sarifFiles, notifications: sarifNotes, executionSuccessful: totals.errors === 0,
        });
        if (outputPath !== undefined) chunks.push(sarif); else io.stdout(sarif);
      }
      // A run with errors (a path missing or unreadable) is incomplete: it leaves an existing baseline, and an output
      // file other than SARIF's (whose log records the failure as executionSuccessful: false), as they were.
      const incomplete = totals.errors > 0;
      if (writeBaselinePath !== undefined && incomplete) {
        io.stderr(`promptasm: ${writeBaselineLabel}: not written, the scan had ${totals.errors} error${totals.errors === 1 ? "" : "s"}\n`);
      } else if (writeBaselinePath !== undefined) {
        await writeFileAtomic(writeBaselinePath, formatBaseline(review.toWrite), writeBaselineLabel);
        if (!quiet) io.stderr(`promptasm: note: wrote ${review.toWrite.length} finding${review.toWrite.length === 1 ? "" : "s"} to ${escapePath(opts.writeBaseline)}\n`);
      }
      if (outputPath !== undefined && incomplete && format !== "sarif") {
        io.stderr(`promptasm: ${outputLabel}: not written, the scan had ${totals.errors} error${totals.errors === 1 ? "" : "s"}\n`);
      } else if (outputPath !== undefined) await writeFileAtomic(outputPath, chunks.join(""), outputLabel);
      // The threads that ran: workers start as work needs them, so a small tree may use fewer than --threads.
      if (walked.directories > 0 && !quiet) io.stderr(formatScanSummary({ ...totals, ms: performance.now() - t0, threads: Math.max(1, Math.min(pool.started, threads)) }));
      code = totals.errors > 0 ? EXIT_ERROR : totals.failing > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
    });

  program.command("explain")
    .showHelpAfterError("(run promptasm explain --help for usage)")
    .description("explain whether the prompt cache survives from <previous> to <next>: two assemble --json outputs or two provider request bodies")
    .argument("<previous>", "JSON file: the earlier prompt or request")
    .argument("<next>", "JSON file: the later prompt or request")
    .option("--json", "print the explanation as one JSON object")
    .action(async (previous: string, next: string, opts) => {
      // Exit 0 when the cached prefix survives, 1 when it breaks; a file that cannot be read or recognized is an error (2).
      const { describeCacheInput, detectCacheInput, explainCacheBreak, formatCacheBreak } = await import("../providers/explain.js");
      const load = async (file: string) => {
        let text: string;
        try {
          text = await readFile(resolve(io.cwd, file), "utf8");
        } catch (e) {
          throw new PromptasmError("E_IO", `explain: ${escapePath(file)}: ${describeFsError(e)}`, { cause: e });
        }
        let value: unknown;
        try {
          value = JSON.parse(text);
        } catch (e) {
          throw new PromptasmError("E_ARG", `explain: ${escapePath(file)}: not valid JSON (${(e as Error).message})`, { cause: e });
        }
        const kind = detectCacheInput(value);
        if (kind === null) throw new PromptasmError("E_ARG", `explain: ${escapePath(file)}: not an assemble --json object or a provider request body`);
        return { value, kind };
      };
      const a = await load(previous), b = await load(next);
      if (a.kind !== b.kind) {
        throw new PromptasmError("E_ARG", `explain: cannot compare ${escapePath(previous)} (${describeCacheInput(a.kind)}) with ${escapePath(next)} (${describeCacheInput(b.kind)})`);
      }
      const e = explainCacheBreak(a.value, b.value);
      io.stdout(opts.json ? JSON.stringify(e) + "\n" : formatCacheBreak(e));
      code = e.survives ? EXIT_CLEAN : EXIT_FINDINGS;
    });

  // `help <name>` for a name that is no command: commander prints the top-level help and exits 1 without naming it.
  if (argv[0] === "help" && argv.length > 1 && argv[1] !== "help" && !program.commands.some((c) => c.name() === argv[1])) {
    io.stderr(`error: unknown command ${clipQuoted(`'${argv[1]}'`)}\n(run promptasm --help for usage)\n`);
    return EXIT_ERROR;
  }
  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      // --help and --version exit 0; help shown because no command was given (exitCode 1) is a usage error.
      if (e.code === "commander.helpDisplayed" || e.code === "commander.version") return EXIT_CLEAN;
      return e.code === "commander.help" && e.exitCode === 0 ? EXIT_CLEAN : EXIT_ERROR;
    }
    if (e instanceof PromptasmError) {
      io.stderr(`promptasm: ${clipQuoted(e.message)}\n`);
      return EXIT_ERROR;
    }
    io.stderr(`promptasm: unexpected error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    return EXIT_ERROR;
  }
}

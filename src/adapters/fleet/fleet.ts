// Fleet scanning: walks every root given (files are scanned whatever their name; directories are walked for the
// files to scan), hands each file to a ScanPool, and reports results in walk order as they finish.
//
// Order. Events come out in the order of the arguments and, within a directory, of the walk (names in code-unit
// order, depth first), whatever the number of threads, so output is the same at 1 thread and at 16. A result is held
// back only until the files before it are done; the walk runs at most WINDOW items ahead of the oldest unfinished
// file, which bounds memory however many files there are.

import { lstat, open, realpath, stat } from "node:fs/promises";
import { posix } from "node:path";
import picomatch from "picomatch";
import { CLAUDE_MAX_IMPORT_DEPTH, findImports } from "../../discovery/claude.js";
import { isContextFileAnyCase, isScanTarget } from "../../discovery/names.js";
import type { RuleScope } from "../../scan/rules.js";
import { describeFsError, NodeWorkspaceReader } from "../node/reader.js";
import type { FileJob, FileOutcome } from "./scan-job.js";
import { isWithin, walkFiles } from "./walk.js";

/** Walk items that may be ahead of the oldest file still being scanned. */
export const WINDOW = 4096;

/** A path given to scan. */
export interface FleetTarget {
  /** As the user gave it: output and messages show it (walked files as `<arg>/<path below it>`). */
  arg: string;
  /** The same path, absolute. */
  abs: string;
}

/** Options for {@link runFleet}. */
export interface FleetOptions {
  /** Rules to run. */
  scope: RuleScope;
  /** Files over this many bytes are skipped with a note. */
  maxBytes: number;
  /** In directories, scan every file rather than the scan targets (isScanTarget: context files and Markdown). */
  all: boolean;
  /** picomatch globs relative to each directory given: when any is given, only files matching one are scanned. */
  include: readonly string[];
  /** picomatch globs relative to each directory given: matching files are not scanned, matching directories not entered. */
  exclude: readonly string[];
  /** Honour .gitignore files in walked directories (never for agent context files; see walk.ts). */
  gitignore: boolean;
  /**
   * Follow symbolic links met in a walk wherever they lead (default false: a link whose real path is outside every
   * target given is a note, not followed; see WalkOptions.roots). Targets named directly are always used as given.
   */
  followSymlinks?: boolean;
  /** Where files are scanned (a ScanPool; tests may pass their own). */
  pool: { scan(job: FileJob): Promise<FileOutcome> };
}

/**
 * One thing to report, in order. `shown` is the path as output shows it; `path` the absolute path.
 * A "problem" is a path that could not be scanned: an "error" (missing, unreadable, a loop) or a "note" (a broken
 * link or special file met in a walk, skipped).
 */
export type FleetEvent =
  | { kind: "file"; shown: string; path: string; outcome: FileOutcome; /** An agent context file by its name (any case). */ context: boolean }
  | { kind: "problem"; shown: string; path: string; level: "error" | "note"; reason: string };

/** Progress so far, for a progress bar. Bytes are file sizes from stat during the walk. */
export interface FleetProgress {
  /** Files found so far by the walk (it may still be running: see `walking`). */
  filesFound: number;
  bytesFound: number;
  /** Files whose scan has finished (in any order). */
  filesDone: number;
  bytesDone: number;
  /** Findings in the finished files. */
  findings: number;
  /** True until every directory has been walked. */
  walking: boolean;
}

/** Callbacks of {@link runFleet}. */
export interface FleetHandlers {
  /** Called for each event, in order. */
  event(e: FleetEvent): void;
  /** Called whenever a file is found or finished. */
  progress?(p: Readonly<FleetProgress>): void;
}

/** Why a path that is neither a regular file nor a directory cannot be scanned (stat only: a FIFO is never opened). */
export async function whyNotScannable(path: string): Promise<string> {
  try {
    const info = await stat(path);
    const type = info.isFIFO() ? "FIFO" : info.isCharacterDevice() ? "character device" : info.isBlockDevice() ? "block device" : info.isSocket() ? "socket" : "special file";
    return `not a regular file (${type})`;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === "ENOENT") {
      try {
        if ((await lstat(path)).isSymbolicLink()) return "broken symbolic link";
      } catch { /* nothing there at all */ }
      return "no such file or directory";
    }
    return code === "ENOTDIR" ? "no such file or directory" : describeFsError(e);
  }
}

/**
 * A matcher for --include/--exclude globs (picomatch syntax, dot files included), tested against paths relative to
 * the directory walked. As in .gitignore, a glob without a slash matches a name at any depth (it is read as
 * `**\/glob`); a glob with one is anchored at that directory ("./" in front is dropped).
 */
export function globMatcher(globs: readonly string[]): (rel: string) => boolean {
  return picomatch(globs.map((g) => {
    const bare = g.replace(/^(\.\/)+/, "");
    return bare.includes("/") ? bare : `**/${bare}`;
  }), { dot: true });
}

/**
 * Whether a path (relative to a walked directory) is a Claude Code memory file whose `@path` imports Claude Code
 * loads: CLAUDE.md or CLAUDE.local.md in any directory (also .claude/CLAUDE.md), or a Markdown file in
 * .claude/rules/ (names compared ignoring case, as on case-insensitive filesystems).
 */
export function importsFollowed(rel: string): boolean {
  const lower = rel.toLowerCase();
  const base = lower.slice(lower.lastIndexOf("/") + 1);
  return base === "claude.md" || base === "claude.local.md" || (("/" + lower).includes("/.claude/rules/") && base.endsWith(".md"));
}

/**
 * The absolute paths a memory file at `path` imports (findImports, resolved against its directory), read as UTF-8
 * up to `maxBytes` bytes (a longer file is not scanned either, so its imports are not followed). `~/` and paths
 * outside `root` are left out: Claude Code's own discovery does not follow them inside a workspace either
 * (src/discovery/claude.ts). Never throws: a file that cannot be read has no imports here (its scan reports why).
 */
async function importTargets(path: string, root: string, maxBytes: number): Promise<string[]> {
  let text: string;
  try {
    const handle = await open(path, "r");
    try {
      const buf = Buffer.alloc(Math.min(maxBytes, (await handle.stat()).size));
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      text = buf.subarray(0, bytesRead).toString("utf8");
    } finally {
      await handle.close();
    }
  } catch {
    return [];
  }
  const out: string[] = [];
  for (const token of findImports(text)) {
    if (token === "~" || token.startsWith("~/")) continue;
    const target = posix.isAbsolute(token) ? posix.normalize(token) : posix.join(posix.dirname(path), token);
    if (target === root || target.startsWith(root.endsWith("/") ? root : `${root}/`)) out.push(target);
  }
  return out;
}

/**
 * The project root of a file in `dir`, as discoverClaude finds it: the nearest directory from `dir` up with a `.git`
 * entry, else `dir` itself. Never throws.
 */
async function projectRoot(dir: string): Promise<string> {
  for (let d = dir; ; d = posix.dirname(d)) {
    if (await lstat(posix.join(d, ".git")).then(() => true, () => false)) return d;
    if (d === "/") return dir;
  }
}

type Pending = Promise<FleetEvent | { kind: "fatal"; error: unknown }>;

/**
 * Scans `targets`: each file named is scanned whatever its name (as text even if it looks binary); each directory
 * is walked (walk.ts) and its selected files scanned. Events arrive in order (see the file comment) while the scan
 * runs.
 * @returns once every event has been delivered: how many of the targets were directories (walked).
 * @throws what the pool throws when its workers cannot load (E_RULES, E_WASM); file problems are events.
 */
export async function runFleet(targets: readonly FleetTarget[], options: FleetOptions, on: FleetHandlers): Promise<{ directories: number }> {
  const included = options.include.length > 0 ? globMatcher(options.include) : () => true;
  const excluded = options.exclude.length > 0 ? globMatcher(options.exclude) : () => false;
  const select = (rel: string) => (options.all || isScanTarget(rel)) && included(rel);
  const progress: FleetProgress = { filesFound: 0, bytesFound: 0, filesDone: 0, bytesDone: 0, findings: 0, walking: true };
  const report = () => on.progress?.(progress);

  let directories = 0;
  // Events in walk order; queue[head] is the oldest not yet delivered (an index, not shift(): O(1) per event).
  let queue: Pending[] = [];
  let head = 0;
  const waiting = () => queue.length - head;
  let wakeConsumer: (() => void) | undefined;
  let wakeProducer: (() => void) | undefined;
  let producing = true;
  let aborted = false; // the consumer stopped (a fatal error): the walk ends at its next step
  const push = async (p: Pending) => {
    if (aborted) return;
    queue.push(p);
    wakeConsumer?.();
    while (!aborted && waiting() >= WINDOW) await new Promise<void>((r) => { wakeProducer = r; });
  };
  const problem = (shown: string, path: string, level: "error" | "note", reason: string) =>
    push(Promise.resolve({ kind: "problem", shown, path, level, reason }));
  const file = (shown: string, path: string, asText: boolean, size: number, walked = false) => {
    progress.filesFound++;
    progress.bytesFound += Math.max(0, size);
    report();
    const job: FileJob = { path, asText, scope: options.scope, maxBytes: options.maxBytes };
    return push(options.pool.scan(job).then(
      (outcome): FleetEvent => {
        progress.filesDone++;
        progress.bytesDone += Math.max(0, size);
        if (outcome.status === "scanned") progress.findings += outcome.findings.length;
        report();
        // A walked file deleted before it was read is nothing wrong (as in the walk itself); a named one is an error.
        if (walked && outcome.status === "missing") return { kind: "problem", shown, path, level: "note", reason: "deleted during the scan, skipped" };
        return { kind: "file", shown, path, outcome, context: isContextFileAnyCase(path) };
      },
      (error: unknown) => ({ kind: "fatal" as const, error }),
    ));
  };

  const produce = async () => {
    const reader = new NodeWorkspaceReader();
    let roots: string[] | undefined;
    if (options.followSymlinks !== true) {
      roots = [];
      for (const { abs } of targets) {
        const real = await realpath(abs).catch(() => null);
        if (real !== null) roots.push(real);
      }
    }
    // Each real file once, by the first path that reached it: directories walked are shared between the walks
    // (overlapping or repeated roots), and files are told apart by "dev:ino" (named files, files behind symlinks,
    // and every walked file when more than one path is given or once any such id is known).
    const seenDirs = new Set<string>();
    const seenFiles = new Set<string>();
    const fileId = async (path: string) => stat(path, { bigint: true }).then((s) => `${s.dev}:${s.ino}`, () => undefined);
    const firstTime = (id: string | undefined) => {
      if (id === undefined) return true;
      if (seenFiles.has(id)) return false;
      seenFiles.add(id);
      return true;
    };
    /**
     * Scans the files that `imports` name (Claude Code `@path` imports, CLAUDE_MAX_IMPORT_DEPTH levels deep, inside
     * `root`) and theirs, each once; files in `scanned` are not scanned again but their imports are followed. A
     * missing import is skipped (the agent does not load it either); one whose real path is outside `realRoots`
     * (when given) is a note.
     */
    const followImports = async (imports: Array<{ path: string; depth: number }>, root: string, scanned: ReadonlySet<string>,
      realRoots: string[] | undefined, shown: (path: string) => string) => {
      const expanded = new Set<string>(); // import targets already handled (cycles end here)
      for (let k = 0; k < imports.length && !aborted; k++) {
        const { path, depth } = imports[k]!;
        if (expanded.has(path)) continue;
        expanded.add(path);
        if (!scanned.has(path)) {
          const info = await stat(path).catch(() => null);
          if (info === null || !info.isFile()) continue; // a missing import is not loaded by the agent either
          if (realRoots !== undefined) {
            const real = await realpath(path).catch(() => null);
            if (real === null || !isWithin(real, realRoots)) {
              await problem(shown(path), path, "note", `imported file is a symlink to outside the scanned roots: ${real ?? "?"}, skipped (--follow-symlinks to follow it)`);
              continue;
            }
          }
          if (!firstTime(await fileId(path))) continue;
          await file(shown(path), path, true, info.size);
        }
        if (depth < CLAUDE_MAX_IMPORT_DEPTH) for (const t of await importTargets(path, root, options.maxBytes)) imports.push({ path: t, depth: depth + 1 });
      }
    };
    try {
      for (const { arg, abs } of targets) {
        if (aborted) break;
        try {
          let kind: "file" | "dir" | null;
          try {
            kind = await reader.kind(abs);
          } catch (e) {
            // ELOOP, EACCES, …: report this path and go on with the others.
            await problem(arg, abs, "error", describeFsError((e as Error).cause ?? e));
            continue;
          }
          if (kind === null) {
            await problem(arg, abs, "error", await whyNotScannable(abs));
            continue;
          }
          if (kind === "file") {
            if (!firstTime(await fileId(abs))) continue; // named twice, or reached by an earlier walk
            const size = await stat(abs).then((s) => s.size, () => 0);
            await file(arg, abs, true, size);
            // A memory file named alone brings its imports, as assemble loads them: inside its project (the nearest
            // directory up with .git, as discoverClaude finds it; else its own directory), shown beside its name.
            if (importsFollowed(abs)) {
              const root = await projectRoot(posix.dirname(abs));
              const first = (await importTargets(abs, root, options.maxBytes)).map((path) => ({ path, depth: 1 }));
              const realRoot = roots === undefined ? undefined : [await realpath(root).catch(() => root)];
              await followImports(first, root, new Set([abs]), realRoot, (path) => posix.join(posix.dirname(arg), posix.relative(posix.dirname(abs), path)));
            }
            continue;
          }
          directories++;
          const base = arg.replace(/\/+$/, "") || "/";
          const shownOf = (rel: string) => (rel === "" ? arg : base === "/" ? `/${rel}` : `${base}/${rel}`);
          // Sizes only feed the progress counts: without a progress handler, the walk need not stat each file.
          // Files a Claude Code memory file imports (@path) load into the prompt whatever their name and whether
          // .gitignore or --include/--exclude would skip them: they are scanned after the walk (importsFollowed).
          const walkedPaths = new Set<string>();
          const imports: Array<{ path: string; depth: number }> = [];
          for await (const item of walkFiles(abs, { select, exclude: excluded, gitignore: options.gitignore, sizes: on.progress !== undefined, seen: seenDirs, ...(roots !== undefined ? { roots } : {}) })) {
            if (aborted) break;
            if (item.kind === "problem") await problem(shownOf(item.rel), item.path, item.level, item.reason);
            else {
              walkedPaths.add(item.path);
              if (importsFollowed(item.rel)) for (const t of await importTargets(item.path, abs, options.maxBytes)) imports.push({ path: t, depth: 1 });
              // One root alone needs no stat per plain file: its walk visits each real directory once.
              const id = item.id ?? (targets.length > 1 || seenFiles.size > 0 ? await fileId(item.path) : undefined);
              if (!firstTime(id)) continue;
              await file(shownOf(item.rel), item.path, isContextFileAnyCase(item.path), item.size, true);
            }
          }
          await followImports(imports, abs, walkedPaths, roots, (path) => shownOf(posix.relative(abs, path)));
        } catch (e) {
          await problem(arg, abs, "error", e instanceof Error ? e.message : String(e));
        }
      }
    } finally {
      producing = false;
      progress.walking = false;
      report();
      wakeConsumer?.();
    }
  };

  const consume = async () => {
    for (;;) {
      if (waiting() === 0) {
        if (!producing) return;
        await new Promise<void>((r) => { wakeConsumer = r; });
        wakeConsumer = undefined;
        continue;
      }
      const e = await queue[head]!;
      head++;
      if (head >= WINDOW) { queue = queue.slice(head); head = 0; } // drop delivered entries now and then
      if (waiting() < WINDOW) { wakeProducer?.(); wakeProducer = undefined; }
      if (e.kind === "fatal") throw e.error;
      on.event(e);
    }
  };

  const producer = produce();
  try {
    await consume();
  } finally {
    // After a fatal error the walk may be waiting for room in the queue: stop it there.
    aborted = true;
    wakeProducer?.();
    await producer;
  }
  return { directories };
}

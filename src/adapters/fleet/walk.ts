// Walks a directory on the local filesystem for files to scan. Follows symlinks but visits each real directory
// once, identified by the (device, inode) pair from stat, so a symlink loop ends the walk of that branch instead of
// looping forever. The walk is iterative (an explicit stack) and never calls realpath, so its cost is linear in the
// number of entries whatever the depth. Entries are classified from the directory listing (d_type); only
// directories, symbolic links and the files that are selected are stat'ed.
//
// What is skipped, in this order: SKIPPED_DIRS (never entered); paths an `exclude` matcher matches (directories are
// not entered); with `gitignore`, paths the .gitignore files below the root exclude, except agent context files and
// context directories (see isGitignored below); files `select` rejects.

import type { BigIntStats, Dirent } from "node:fs";
import { readdir, readFile, realpath, stat } from "node:fs/promises";
import { posix } from "node:path";
import { isContextDirName, isContextFileAnyCase } from "../../discovery/names.js";
import { describeFsError } from "../node/reader.js";
import { isIgnored, NO_IGNORES, withGitignore, type IgnoreChain } from "./gitignore.js";

/**
 * A file name's bytes for messages: printable ASCII as is (a backslash doubled), every other byte as \xHH, e.g.
 * "\\xffrules.mdc" for the bytes FF 72 75 …
 */
export function escapeNameBytes(name: Uint8Array): string {
  let out = "";
  for (const b of name) out += b === 0x5c ? "\\\\" : b >= 0x20 && b < 0x7f ? String.fromCharCode(b) : `\\x${b.toString(16).padStart(2, "0")}`;
  return out;
}

/** Directories never entered: version-control internals and installed dependencies. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([".git", ".hg", ".svn", "node_modules"]);

/**
 * One item the walk met: a file to scan, or a problem with a path. A problem is an "error" (the path could not be
 * read: a directory that cannot be listed, an entry that cannot be stat'ed for a reason other than a broken link) or
 * a "note" (a broken symbolic link, an entry that is neither a file nor a directory, a .gitignore that cannot be
 * read). `reason` says what is wrong; `message` is `"<path>: <reason>"`. `rel` is the POSIX path relative to the
 * root ("" for the root). `size` is the file's size in bytes from stat during the walk (the scan stats it again), or
 * -1 when WalkOptions.sizes is false.
 */
export type WalkItem =
  | { kind: "file"; path: string; rel: string; size: number; id?: string }
  | { kind: "problem"; path: string; rel: string; level: "error" | "note"; reason: string; message: string };

/** Options for {@link walkFiles}. */
export interface WalkOptions {
  /**
   * Which files matter, by path relative to the root: only those are yielded, and only for those are problems
   * (broken links, stat failures, special files) reported. Default: every file. Directories are always entered
   * (unless skipped below), and a directory that cannot be listed is always an error, since it may hide files that
   * matter.
   */
  select?: (rel: string) => boolean;
  /** Paths (relative to the root) to leave out: a matching file is not yielded, a matching directory not entered. */
  exclude?: (rel: string) => boolean;
  /** Honour .gitignore files found in the walk (default false). */
  gitignore?: boolean;
  /**
   * Stat every file yielded for its size (default true). Without it a plain file's size is -1 (a file reached
   * through a symlink is stat'ed anyway): one system call less per file when nobody shows the sizes.
   */
  sizes?: boolean;
  /**
   * Real paths (symlinks resolved) of the scanned roots. When given, a symbolic link (to a file or a directory) whose
   * real path is not one of them or below one is not followed: it is a note "symlink to outside the scanned roots:
   * <real path>", and nothing behind it is read. Without it, every symlink is followed (--follow-symlinks).
   */
  roots?: readonly string[];
  /**
   * Real directories already walked, as "dev:ino" (from stat): shared between the walks of one scan so that
   * overlapping or repeated roots (`d d/ ./d`, `d d/sub`) walk each real directory once. A root already in it yields
   * nothing. Default: a new set per walk.
   */
  seen?: Set<string>;
}

/** Whether `real` is one of `roots` or below one (all absolute, symlinks resolved). */
export function isWithin(real: string, roots: readonly string[]): boolean {
  return roots.some((r) => real === r || real.startsWith(r.endsWith("/") ? r : `${r}/`));
}

function problem(path: string, rel: string, level: "error" | "note", reason: string): WalkItem {
  return { kind: "problem", path, rel, level, reason, message: `${path}: ${reason}` };
}

/** A directory entry: its name decoded from the bytes readdir gave, and the entry (for its d_type). */
interface Entry {
  name: string;
  d: Dirent<Buffer>;
}

interface Frame {
  dir: string;
  rel: string;
  entries: Entry[];
  next: number;
  ignores: IgnoreChain;
}

/**
 * Whether .gitignore rules hide an entry. They never hide an agent context file (AGENTS.md, CLAUDE.local.md, …) or
 * anything in a context directory (.claude, .cursor, .github, …, e.g. .claude/settings.local.json): agents load
 * those whether git tracks them or not, and an ignored but force-added AGENTS.md would otherwise be a cheap way
 * around the scan.
 */
function isGitignored(chain: IgnoreChain, rel: string, isDir: boolean): boolean {
  if (chain.levels.length === 0) return false;
  // Names compared ignoring case: agents on case-insensitive filesystems load `.Claude/` and `Agents.md` too.
  if (!isDir && isContextFileAnyCase(rel)) return false;
  if (rel.split("/").some(isContextDirName)) return false;
  return isIgnored(chain, rel, isDir);
}

const byName = (a: Entry, b: Entry) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

/**
 * Yields the files under `root` (absolute POSIX path), sorted by name within each directory (code-unit order, depth
 * first) so output is stable. Unreadable directories, broken links and special files are yielded as problems, never
 * thrown.
 * @example
 *   for await (const item of walkFiles("/repo", { select: isScanTarget, gitignore: true })) console.log(item.rel);
 */
export async function* walkFiles(root: string, options: WalkOptions = {}): AsyncGenerator<WalkItem> {
  const select = options.select ?? (() => true);
  const exclude = options.exclude ?? (() => false);
  const seen = options.seen ?? new Set<string>();
  const stack: Frame[] = [];

  /** Lists `dir` onto the stack (reading its .gitignore first); problems when it cannot be listed or read. */
  const enter = async (dir: string, rel: string, parent: IgnoreChain): Promise<WalkItem[]> => {
    let entries: Entry[];
    const out: WalkItem[] = [];
    try {
      // Names as bytes: a name that is not valid UTF-8 would decode to U+FFFD and then fail to open as "not found".
      const raw = await readdir(dir, { withFileTypes: true, encoding: "buffer" });
      entries = [];
      for (const d of raw) {
        const name = d.name.toString("utf8");
        if (Buffer.from(name, "utf8").equals(d.name)) {
          entries.push({ name, d });
          continue;
        }
        // Such a name cannot be opened through a string path: an error when it may hide or be a file that matters.
        const childRel = rel === "" ? name : `${rel}/${name}`;
        if (d.isDirectory() || d.isSymbolicLink() || select(childRel)) {
          out.push(problem(posix.join(dir, name), childRel, "error", `name is not valid UTF-8 (bytes ${escapeNameBytes(d.name)}), cannot be scanned; rename it`));
        }
      }
      entries.sort(byName);
    } catch (e) {
      // A directory below the root deleted since its parent was listed: nothing to scan, nothing wrong.
      if (rel !== "" && (e as NodeJS.ErrnoException).code === "ENOENT") return [];
      return [problem(dir, rel, "error", `cannot list directory: ${describeFsError(e)}`)];
    }
    let ignores = parent;
    if (options.gitignore && entries.some((d) => d.name === ".gitignore")) {
      const file = posix.join(dir, ".gitignore");
      try {
        ignores = withGitignore(parent, rel, await readFile(file, "utf8"));
      } catch (e) {
        // Scanning more than asked is the safe side: say so and go on without these rules.
        out.push(problem(file, rel === "" ? ".gitignore" : `${rel}/.gitignore`, "note", `cannot read .gitignore (${describeFsError(e)}); its rules are not applied`));
      }
    }
    stack.push({ dir, rel, entries, next: 0, ignores });
    return out;
  };

  try {
    const st = await stat(root, { bigint: true });
    if (seen.has(`${st.dev}:${st.ino}`)) return; // walked already (a repeated or overlapping root)
    seen.add(`${st.dev}:${st.ino}`);
  } catch (e) {
    yield problem(root, "", "error", describeFsError(e));
    return;
  }
  yield* await enter(root, "", NO_IGNORES);

  while (stack.length > 0) {
    const top = stack[stack.length - 1]!;
    if (top.next >= top.entries.length) {
      stack.pop();
      continue;
    }
    const entry = top.entries[top.next++]!;
    const name = entry.name;
    const path = posix.join(top.dir, name);
    const rel = top.rel === "" ? name : `${top.rel}/${name}`;
    if (exclude(rel)) continue;
    // A plain file or directory is known from the listing; a symlink (or an unknown d_type) needs a stat to follow.
    const known = entry.d.isFile() || entry.d.isDirectory();
    let isDir = entry.d.isDirectory();
    let st: BigIntStats | undefined;
    if (!known && (entry.d.isSymbolicLink() || !(entry.d.isFIFO() || entry.d.isSocket() || entry.d.isCharacterDevice() || entry.d.isBlockDevice()))) {
      try {
        st = await stat(path, { bigint: true });
        isDir = st.isDirectory();
      } catch (e) {
        // We cannot tell what the entry would have been: report it only when its name matters.
        if (!select(rel) || isGitignored(top.ignores, rel, false)) continue;
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "ENOENT") yield problem(path, rel, "note", "broken symbolic link, skipped");
        else yield problem(path, rel, "error", describeFsError(e));
        continue;
      }
    }
    if (options.roots !== undefined && entry.d.isSymbolicLink() && st !== undefined) {
      // A link out of the scanned roots (to /, to /proc/self/environ, …) is not followed: say so, read nothing.
      if (isDir ? SKIPPED_DIRS.has(name) || isGitignored(top.ignores, rel, true) : !select(rel) || isGitignored(top.ignores, rel, false)) continue;
      let real: string;
      try {
        real = await realpath(path);
      } catch (e) {
        yield problem(path, rel, "error", describeFsError(e));
        continue;
      }
      if (!isWithin(real, options.roots)) {
        yield problem(path, rel, "note", `symlink to outside the scanned roots: ${real}, skipped (--follow-symlinks to follow it)`);
        continue;
      }
    }
    if (isDir) {
      if (SKIPPED_DIRS.has(name) || isGitignored(top.ignores, rel, true)) continue;
      try {
        st ??= await stat(path, { bigint: true });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === "ENOENT") continue; // deleted since the listing: nothing wrong
        yield problem(path, rel, "error", describeFsError(e)); // unreadable since the listing
        continue;
      }
      const id = `${st.dev}:${st.ino}`;
      if (seen.has(id)) continue; // a symlink loop or a second link to a directory already walked
      seen.add(id);
      yield* await enter(path, rel, top.ignores);
      continue;
    }
    if (!select(rel) || isGitignored(top.ignores, rel, false)) continue;
    if (st === undefined && entry.d.isFile() && options.sizes === false) {
      yield { kind: "file", path, rel, size: -1 };
      continue;
    }
    if (st === undefined && entry.d.isFile()) {
      try {
        st = await stat(path, { bigint: true });
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        if (code === "ENOENT") continue; // deleted since the listing: nothing to scan, nothing wrong
        yield problem(path, rel, "error", describeFsError(e));
        continue;
      }
    }
    if (st !== undefined && st.isFile()) yield { kind: "file", path, rel, size: Number(st.size), id: `${st.dev}:${st.ino}` };
    // A context file by name, or anything under .claude/ (settings and hooks Claude Code reads), that cannot be read
    // (a FIFO, a device, a socket) is one the scan could not check: an error, as an unreadable one; other names are
    // notes.
    else if (isContextFileAnyCase(rel) || /(?:^|\/)\.claude\//i.test(rel)) yield problem(path, rel, "error", "not a regular file, cannot be scanned");
    else yield problem(path, rel, "note", "not a regular file, skipped");
  }
}

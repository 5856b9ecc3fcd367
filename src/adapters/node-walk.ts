// Walks directories on the local filesystem for files to scan. Follows symlinks but visits each real directory
// once, identified by the (device, inode) pair from stat, so a symlink loop ends the walk of that branch instead of
// looping forever. The walk is iterative (an explicit stack) and never calls realpath, so its cost is linear in the
// number of entries whatever the depth.

import { readdir, stat } from "node:fs/promises";
import { posix } from "node:path";
import { describeFsError } from "./node-reader.js";

/** Directories never entered: version-control internals and installed dependencies. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([".git", ".hg", ".svn", "node_modules"]);

/**
 * One item the walk met: a file to consider, or a problem with a path. A problem is an "error" (the path could not
 * be read: a directory that cannot be listed, an entry that cannot be stat'ed for a reason other than a broken link)
 * or a "note" (a broken symbolic link, or an entry that is neither a file nor a directory: skipped). `reason` says
 * what is wrong; `message` is `"<path>: <reason>"`. `rel` is the path relative to the root ("" for the root).
 */
export type WalkItem =
  | { kind: "file"; path: string; rel: string }
  | { kind: "problem"; path: string; rel: string; level: "error" | "note"; reason: string; message: string };

/** Options for {@link walkFiles}. */
export interface WalkOptions {
  /**
   * Which non-directory entries matter, by path relative to the root: only those are yielded as files, and only
   * for those are problems (broken links, stat failures, special files) reported. Default: every entry.
   * Directories are always entered (except {@link SKIPPED_DIRS}), and a directory that cannot be listed is always
   * an error, since it may hide entries that matter.
   */
  include?: (rel: string) => boolean;
}

function problem(path: string, rel: string, level: "error" | "note", reason: string): WalkItem {
  return { kind: "problem", path, rel, level, reason, message: `${path}: ${reason}` };
}

interface Frame {
  dir: string;
  rel: string;
  names: string[];
  next: number;
}

/**
 * Yields the files under `root` (absolute POSIX path), sorted by name within each directory (code-unit order) so
 * output is stable. Unreadable directories and broken links are yielded as problems, never thrown.
 */
export async function* walkFiles(root: string, options: WalkOptions = {}): AsyncGenerator<WalkItem> {
  const include = options.include ?? (() => true);
  const seen = new Set<string>();
  const stack: Frame[] = [];

  /** Lists `dir` onto the stack; a problem when it cannot be listed. */
  const enter = async (dir: string, rel: string): Promise<WalkItem | undefined> => {
    try {
      const names = (await readdir(dir)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      stack.push({ dir, rel, names, next: 0 });
      return undefined;
    } catch (e) {
      return problem(dir, rel, "error", `cannot list directory: ${describeFsError(e)}`);
    }
  };

  try {
    const st = await stat(root, { bigint: true });
    seen.add(`${st.dev}:${st.ino}`);
  } catch (e) {
    yield problem(root, "", "error", describeFsError(e));
    return;
  }
  const first = await enter(root, "");
  if (first) yield first;

  while (stack.length > 0) {
    const top = stack[stack.length - 1];
    if (top.next >= top.names.length) {
      stack.pop();
      continue;
    }
    const name = top.names[top.next++];
    const path = posix.join(top.dir, name);
    const rel = top.rel === "" ? name : `${top.rel}/${name}`;
    let st;
    try {
      st = await stat(path, { bigint: true });
    } catch (e) {
      // We cannot tell what the entry would have been: report it only when its name matters.
      if (!include(rel)) continue;
      const code = (e as NodeJS.ErrnoException).code;
      if (code === "ENOENT") yield problem(path, rel, "note", "broken symbolic link, skipped");
      else yield problem(path, rel, "error", describeFsError(e));
      continue;
    }
    if (st.isDirectory()) {
      if (SKIPPED_DIRS.has(name)) continue;
      const id = `${st.dev}:${st.ino}`;
      if (seen.has(id)) continue; // a symlink loop or a second link to a directory already walked
      seen.add(id);
      const problem = await enter(path, rel);
      if (problem) yield problem;
    } else if (!include(rel)) continue;
    else if (st.isFile()) yield { kind: "file", path, rel };
    else yield problem(path, rel, "note", "not a regular file, skipped");
  }
}

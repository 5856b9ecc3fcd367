// Walks directories on the local filesystem for files to scan. Follows symlinks but visits each real directory
// once, so a symlink loop ends the walk of that branch instead of looping forever.

import { readdir, realpath, stat } from "node:fs/promises";
import { posix } from "node:path";

/** Directories never entered: version-control internals and installed dependencies. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([".git", ".hg", ".svn", "node_modules"]);

/** One item the walk met: a file to consider, or a problem with a path. */
export type WalkItem = { kind: "file"; path: string; rel: string } | { kind: "problem"; path: string; message: string };

/**
 * Yields the files under `root` (absolute POSIX path), sorted by name within each directory (code-unit order) so
 * output is stable. Unreadable directories and broken links are yielded as problems, never thrown.
 */
export async function* walkFiles(root: string): AsyncGenerator<WalkItem> {
  const seen = new Set<string>();
  async function* visit(dir: string, rel: string): AsyncGenerator<WalkItem> {
    let real: string;
    try {
      real = await realpath(dir);
    } catch (e) {
      yield { kind: "problem", path: dir, message: `${dir}: ${(e as Error).message}` };
      return;
    }
    if (seen.has(real)) return; // a symlink loop or a second link to a directory already walked
    seen.add(real);
    let names: string[];
    try {
      names = (await readdir(dir)).sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    } catch (e) {
      yield { kind: "problem", path: dir, message: `${dir}: cannot list directory: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}` };
      return;
    }
    for (const name of names) {
      const path = posix.join(dir, name);
      const childRel = rel === "" ? name : `${rel}/${name}`;
      let st;
      try {
        st = await stat(path);
      } catch (e) {
        yield { kind: "problem", path, message: `${path}: ${(e as NodeJS.ErrnoException).code === "ENOENT" ? "broken symbolic link" : (e as Error).message}` };
        continue;
      }
      if (st.isDirectory()) {
        if (!SKIPPED_DIRS.has(name)) yield* visit(path, childRel);
      } else if (st.isFile()) yield { kind: "file", path, rel: childRel };
    }
  }
  yield* visit(root, "");
}

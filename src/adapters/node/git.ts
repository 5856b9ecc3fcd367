// Node adapter for the git workspace snapshot: runs `git status` and `git log` through child_process (no shell) and
// returns a GitSnapshot for the core's gitSnapshotSection. Read-only: --no-optional-locks keeps status from
// refreshing the index, so a snapshot never writes to the repository.

import { execFile } from "node:child_process";
import { GIT_COMMITS_MAX, type GitSnapshot } from "../../sections/git.js";

/** How long each git command may run, in milliseconds (our choice: a status on a large repository takes ~1 s). */
export const GIT_TIMEOUT_MS = 10_000;

/** Largest output read from one git command, in bytes (a status listing of ~100,000 paths). */
const MAX_OUTPUT_BYTES = 16 * 1024 * 1024;

function git(dir: string, args: string[], timeoutMs: number): Promise<string | null> {
  return new Promise((resolve) => {
    execFile("git", ["-C", dir, "--no-optional-locks", ...args], {
      timeout: timeoutMs, maxBuffer: MAX_OUTPUT_BYTES, encoding: "utf8", windowsHide: true,
      env: { ...process.env, LC_ALL: "C", GIT_TERMINAL_PROMPT: "0" },
    }, (error, stdout) => resolve(error ? null : stdout));
  });
}

/**
 * Parses `git status --porcelain=v2 --branch -z` output into the branch and counts of a GitSnapshot (commits empty).
 * Staged = entries whose index column (X) is not "."; modified = worktree column (Y) not "."; a renamed entry ("2")
 * carries its original path as an extra NUL-separated field; "u" entries are conflicts; "?" untracked.
 */
export function parsePorcelainV2(out: string): Omit<GitSnapshot, "commits"> {
  const snap: Omit<GitSnapshot, "commits"> = { branch: null, staged: 0, modified: 0, untracked: 0, conflicted: 0 };
  let upstream: string | undefined;
  let ab: { ahead: number; behind: number } | undefined;
  const fields = out.split("\0");
  for (let i = 0; i < fields.length; i++) {
    const f = fields[i]!;
    if (f.startsWith("# branch.oid ")) {
      const oid = f.slice(13);
      if (/^[0-9a-f]{7,}$/.test(oid)) snap.head = oid.slice(0, 7);
    } else if (f.startsWith("# branch.head ")) {
      const h = f.slice(14);
      snap.branch = h === "(detached)" ? null : h;
    } else if (f.startsWith("# branch.upstream ")) upstream = f.slice(18);
    else if (f.startsWith("# branch.ab ")) {
      const m = /^\+(\d+) -(\d+)$/.exec(f.slice(12));
      if (m) ab = { ahead: Number(m[1]), behind: Number(m[2]) };
    } else if (f.startsWith("1 ") || f.startsWith("2 ")) {
      if (f[2] !== ".") snap.staged++;
      if (f[3] !== ".") snap.modified++;
      if (f.startsWith("2 ")) i++; // the original path of a rename or copy
    } else if (f.startsWith("u ")) snap.conflicted++;
    else if (f.startsWith("? ")) snap.untracked++;
  }
  if (upstream !== undefined) snap.upstream = { name: upstream, ahead: ab?.ahead ?? 0, behind: ab?.behind ?? 0 };
  return snap;
}

/**
 * A GitSnapshotReader over the `git` command: the snapshot of the repository holding `dir`, or null when `dir` is not
 * in a git work tree or git is missing or fails. A repository with no commit yet has no commits and no head.
 * @param dir an absolute directory path.
 * @param options.commits how many recent commits to list (default GIT_COMMITS_MAX).
 * @param options.timeoutMs per-command limit (default GIT_TIMEOUT_MS).
 * @example const snap = await readGitSnapshot(process.cwd()); await pa.assemble(reader, { cwd, gitSnapshot: snap });
 */
export async function readGitSnapshot(dir: string, options: { commits?: number; timeoutMs?: number } = {}): Promise<GitSnapshot | null> {
  const timeoutMs = options.timeoutMs ?? GIT_TIMEOUT_MS;
  const n = options.commits ?? GIT_COMMITS_MAX;
  const status = await git(dir, ["status", "--porcelain=v2", "--branch", "-z", "--untracked-files=normal"], timeoutMs);
  if (status === null) return null;
  const snap = parsePorcelainV2(status);
  const commits: GitSnapshot["commits"] = [];
  if (snap.head !== undefined && n > 0) {
    const log = await git(dir, ["log", `-n${Math.floor(n)}`, "--no-color", "--format=%h%x00%s%x00"], timeoutMs);
    const parts = (log ?? "").split("\0");
    for (let i = 0; i + 1 < parts.length; i += 2) commits.push({ hash: parts[i]!.trim(), subject: parts[i + 1]! });
  }
  return { ...snap, commits };
}

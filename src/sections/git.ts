// The git workspace snapshot section: branch, a status summary and recent commits, taken once when the session
// starts. The data comes in through an injected reader (GitSnapshotReader): this module does no I/O. The Node adapter
// that runs `git` is src/adapters/node-git.ts.

import { PromptasmError } from "../errors.js";
import { cutWithEllipsis, foldToLine, makeSection } from "./text-utils.js";
import type { Section } from "./types.js";

/** What a git snapshot holds. Counts are numbers of paths; no absolute path appears anywhere in it. */
export interface GitSnapshot {
  /** The checked-out branch, or null for a detached HEAD. */
  branch: string | null;
  /** Short hash of HEAD; shown for a detached HEAD. Absent before the first commit. */
  head?: string;
  /** The upstream branch (e.g. "origin/main") and how far the branch is ahead of and behind it, in commits. */
  upstream?: { name: string; ahead: number; behind: number };
  /** Paths with staged changes, with unstaged changes, untracked, and with merge conflicts. */
  staged: number;
  modified: number;
  untracked: number;
  conflicted: number;
  /** Most recent commits first: short hash and subject line. */
  commits: Array<{ hash: string; subject: string }>;
}

/**
 * Reads a snapshot of the git repository that holds `dir` (absolute), or null when `dir` is not in a repository or
 * git is not available. Adapters implement it (Node: readGitSnapshot in src/adapters/node-git.ts); tests pass a
 * function returning a fixed value.
 */
export type GitSnapshotReader = (dir: string) => Promise<GitSnapshot | null>;

/** Commits shown at most (our choice: enough to see what the work is about, short enough to stay cheap). */
export const GIT_COMMITS_MAX = 5;

/** Longest commit subject shown, in UTF-16 code units with the ellipsis (our choice; git's own advice is ≤ 72). */
export const GIT_SUBJECT_MAX = 100;

/**
 * The git snapshot section (id "git-snapshot", tier context):
 *
 *     # Git workspace (a snapshot taken when this session started)
 *     Branch: main, 2 ahead of and 1 behind origin/main
 *     Status: 1 staged, 3 modified, 2 untracked
 *     Recent commits:
 *     - 1a2b3c4 Fix the parser's handling of CRLF
 *
 * "Branch: (detached at <head>)" for a detached HEAD; "Status: clean" when every count is 0 (zero counts are left
 * out otherwise; conflicts show as "N conflicted"); "in sync with <upstream>" when ahead and behind are 0. At most
 * GIT_COMMITS_MAX commits, each subject folded onto one line (control characters dropped) and cut to GIT_SUBJECT_MAX.
 * Commit subjects are repository text: the assembler scans this section like a context file.
 * @param snapshot a GitSnapshot, or null/undefined for none.
 * @returns null for no snapshot.
 * @throws PromptasmError E_ARG when a count is not a non-negative integer, or branch/commits have the wrong type.
 */
export function gitSnapshotSection(snapshot: GitSnapshot | null | undefined): Section | null {
  if (snapshot === null || snapshot === undefined) return null;
  if (typeof snapshot !== "object") throw new PromptasmError("E_ARG", "gitSnapshot must be an object");
  const count = (k: "staged" | "modified" | "untracked" | "conflicted"): number => {
    const n = snapshot[k];
    if (!Number.isInteger(n) || n < 0) throw new PromptasmError("E_ARG", `gitSnapshot.${k} must be a non-negative integer, got ${JSON.stringify(n)}`);
    return n;
  };
  if (snapshot.branch !== null && typeof snapshot.branch !== "string") throw new PromptasmError("E_ARG", "gitSnapshot.branch must be a string or null");
  if (!Array.isArray(snapshot.commits)) throw new PromptasmError("E_ARG", "gitSnapshot.commits must be an array");
  const line = (s: unknown) => foldToLine(typeof s === "string" ? s.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ") : "");
  const head = line(snapshot.head);
  let branch = snapshot.branch === null || line(snapshot.branch) === "" ? `(detached at ${head || "no commit"})` : line(snapshot.branch);
  const up = snapshot.upstream;
  if (up && line(up.name) !== "") {
    const ahead = Number.isInteger(up.ahead) && up.ahead > 0 ? up.ahead : 0;
    const behind = Number.isInteger(up.behind) && up.behind > 0 ? up.behind : 0;
    const rel = ahead === 0 && behind === 0 ? "in sync with"
      : ahead > 0 && behind > 0 ? `${ahead} ahead of and ${behind} behind`
        : ahead > 0 ? `${ahead} ahead of` : `${behind} behind`;
    branch += `, ${rel} ${line(up.name)}`;
  }
  const counts = (["staged", "modified", "untracked", "conflicted"] as const).map((k) => [k, count(k)] as const).filter(([, n]) => n > 0);
  const lines = [
    "# Git workspace (a snapshot taken when this session started)",
    `Branch: ${branch}`,
    `Status: ${counts.length === 0 ? "clean" : counts.map(([k, n]) => `${n} ${k}`).join(", ")}`,
  ];
  const commits = snapshot.commits.slice(0, GIT_COMMITS_MAX).map((c) => `- ${line(c?.hash)} ${cutWithEllipsis(line(c?.subject), GIT_SUBJECT_MAX)}`.trimEnd());
  if (commits.length > 0) lines.push("Recent commits:", ...commits);
  return makeSection("git-snapshot", "context", lines.join("\n"));
}

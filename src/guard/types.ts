// The guard's shapes: what a reviewer may allow, what the guard found and did, and the report it writes into. The
// assembler's report (src/prompt/stages/report.ts) extends GuardReport. Types only.

import type { DiscoveryNote } from "../discovery/hermes.js";
import type { Finding } from "../scan/scanner.js";

/** A reviewed file that may load despite findings: its SHA-256 must match and its findings must be in `rules`. */
export interface AllowEntry {
  /** The file's label, e.g. "docs/AGENTS.md" or "home/SOUL.md". */
  file: string;
  /** Hex SHA-256 of the file's text (UTF-8) as discovery read it; `promptasm assemble` prints it for blocked files. */
  sha256: string;
  /** Rule ids the reviewer accepted. */
  rules: string[];
  reason?: string;
}

/** A finding in a named file, and what was done about it. */
export interface FileFinding extends Finding {
  /** The file's label, e.g. "services/api/AGENTS.md" or "home/SOUL.md". */
  file: string;
  path: string;
  /** "blocked": the file was replaced by a notice; "warned": user-authored, loaded; "allowed": on the allow-list. */
  action: "blocked" | "warned" | "allowed";
  /** True when the match is in the file's name (its label), not its text: offsets then count in the label. */
  inName?: boolean;
  /**
   * Set for a phrase split across two texts that enter the prompt one after the other (see joinFindings): their
   * labels in prompt order. `file` is then "<first> + <second>", `path` "<first path> + <second path>", and `offset`,
   * `line` and `column` count in the first text as it reached the prompt (normalized), where the match starts.
   */
  spansFiles?: [string, string];
  /** The two paths of a split-phrase finding, in the order of spansFiles. */
  spansPaths?: [string, string];
}

/** A blocked file, with the SHA-256 a reviewer puts in an allow entry. */
export interface BlockedFile {
  file: string;
  path: string;
  rules: string[];
  sha256: string;
}

/** Who decides what a finding does: the caller's exemptions. */
export interface GuardPolicy {
  /** Block files whose findings are all low-severity too (default: a low finding only warns). */
  warningsBlock: boolean;
  /** Labels of files the user wrote themselves: findings warn, the file loads. */
  userAuthored: ReadonlySet<string>;
  /** Reviewed files allowed despite findings. */
  allow: ReadonlyArray<AllowEntry>;
}

/**
 * What the guard writes: every finding with its action, the notes (suppressed findings, warnings, allow entries that
 * did not match), the blocked files, and the paths blocked for their names (their notice withholds the name).
 * Passed explicitly to each guard function; the guard only appends.
 */
export interface GuardReport {
  findings: FileFinding[];
  notes: DiscoveryNote[];
  blocked: BlockedFile[];
  nameBlocked: Set<string>;
}

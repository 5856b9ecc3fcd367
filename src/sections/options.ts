// The options the sections layer adds to assembly (AssembleOptions extends SectionOptions). Types only.

import type { MemoryFileSwitches } from "./builders.js";
import type { GitSnapshot } from "./git.js";
import type { SessionStartForm } from "./time.js";

/** Assembly options read by the section builders of issue 16's Hermes items. */
export interface SectionOptions {
  /**
   * Switch MEMORY.md and USER.md separately (default: both load). A file switched off is not read, scanned or shown.
   * Example: `{ user: false }`.
   */
  memoryFiles?: MemoryFileSwitches;
  /**
   * The session start line, below the cache boundary: `form` "date" (default; "Today's date: …", the same bytes all
   * day) or "weekday-time" ("Session started: Sunday, 2026-11-29 23:30 (UTC)."), and an optional `sessionId` line.
   */
  sessionStart?: { form?: SessionStartForm; sessionId?: string };
  /**
   * A git workspace snapshot (branch, status summary, recent commits) for the context tier, read by an adapter before
   * assembly (Node: readGitSnapshot). Its text is scanned like a context file and withheld on a finding.
   */
  gitSnapshot?: GitSnapshot | null;
}

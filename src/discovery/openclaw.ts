// The OpenClaw discovery policy: the bootstrap files of an agent's workspace directory, in OpenClaw's order, then
// any other Markdown there. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { join } from "./paths.js";
import { checkDir, finish, listSorted, notRegularNote, readCandidate } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote, DiscoveryPolicyRecord } from "./types.js";

/** The bootstrap files, in the order they load (names matched case-insensitively). */
export const OPENCLAW_BOOTSTRAP_FILES: readonly string[] = [
  "AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "TOOLS.md", "BOOTSTRAP.md", "MEMORY.md",
];

/** Files whose contents change during a session (matched case-insensitively); they load with `dynamic: true`. */
export const OPENCLAW_DYNAMIC_FILES: readonly string[] = ["HEARTBEAT.md"];

/**
 * Finds the files OpenClaw bootstraps from `workspaceDir` (that directory only, no parents or children):
 *
 * 1. `AGENTS.md`, `SOUL.md`, `IDENTITY.md`, `USER.md`, `TOOLS.md`, `BOOTSTRAP.md`, `MEMORY.md`, in that order,
 *    each matched case-insensitively ("soul.md", "Soul.MD"). When several spellings of one name are present, the
 *    first non-empty in code-unit order loads ("MEMORY.md" before "memory.md") and each other non-empty one is
 *    skipped with a note.
 * 2. Every other `*.md` file (extension matched case-insensitively), by name in code-unit order. `HEARTBEAT.md`
 *    (any case) is among them, with `dynamic: true`: it changes during a session and goes below the cache boundary.
 *
 * Labels are relative to `workspaceDir`, which is `Discovery.root`. `kind` is "openclaw", or "none" when nothing
 * loads. Empty files do not count; binary, too-large and unreadable files, and entries that are not regular files,
 * are skipped with a note; files with invalid UTF-8 are taken and noted. Entries are sorted here, so the result
 * does not depend on `reader.list()` order.
 *
 * @example
 * (await discoverOpenClaw(reader, "/home/me/.openclaw/workspace")).files.map((f) => f.label);
 * // ["AGENTS.md", "soul.md", "MEMORY.md", "HEARTBEAT.md", "projects.md"]
 * @throws PromptasmError E_NOT_FOUND when `workspaceDir` does not exist or is not a directory; E_ARG when it is
 *   not absolute. Reader errors from `kind()` pass through; a directory `list()` cannot read becomes a note.
 */
export async function discoverOpenClaw(reader: WorkspaceReader, workspaceDir: string): Promise<Discovery> {
  const dir = await checkDir(reader, workspaceDir, "workspaceDir");
  const notes: DiscoveryNote[] = [];
  const slots: DiscoveredFile[][] = OPENCLAW_BOOTSTRAP_FILES.map(() => []);
  const others: DiscoveredFile[] = [];

  for (const entry of await listSorted(reader, dir, notes)) {
    if (entry.kind === "dir" || !entry.name.toLowerCase().endsWith(".md")) continue;
    const path = join(dir, entry.name);
    if (entry.kind === "other") {
      notes.push(notRegularNote(path));
      continue;
    }
    const upper = entry.name.toUpperCase();
    const slot = OPENCLAW_BOOTSTRAP_FILES.findIndex((n) => n.toUpperCase() === upper);
    const file = await readCandidate(reader, path, dir, notes);
    if (!file) continue;
    if (slot >= 0) {
      const taken = slots[slot][0];
      if (taken) {
        const as = OPENCLAW_BOOTSTRAP_FILES[slot];
        notes.push({ path, message: `${path}: skipped, ${taken.label} already loads as ${as}` });
      } else {
        slots[slot].push(file);
      }
      continue;
    }
    if (OPENCLAW_DYNAMIC_FILES.some((n) => n.toUpperCase() === upper)) file.dynamic = true;
    others.push(file);
  }

  return finish(reader, "openclaw", dir, [...slots.flat(), ...others], notes);
}

/**
 * The OpenClaw policy's registry record. Not part of `auto`: its directory is an agent's workspace, not a
 * repository, and it has no markers, since SOUL.md or MEMORY.md in a repository are not OpenClaw's bootstrap.
 */
export const openclawPolicy: DiscoveryPolicyRecord<"openclaw"> = {
  name: "openclaw",
  tool: "OpenClaw",
  description: "OpenClaw's bootstrap files of an agent workspace directory (cwd), then its other Markdown files",
  files: [...OPENCLAW_BOOTSTRAP_FILES, ...OPENCLAW_DYNAMIC_FILES, "*.md"],
  precedence: "the bootstrap files in a fixed order (names matched in any case), then other *.md by name",
  markers: [],
  inAuto: false,
  discover: (reader, cwd) => discoverOpenClaw(reader, cwd),
};

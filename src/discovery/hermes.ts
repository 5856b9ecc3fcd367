// The Hermes discovery policy: which project context files an agent started in `cwd` loads. It mirrors what
// Hermes Agent does: exactly one kind of context file loads, the first of HERMES → AGENTS → CLAUDE → cursor that
// is present. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { isAbsolute, join, normalize } from "./paths.js";
import {
  chainDown, checkDir, findRootByMarkers, listSorted, noteInvalidUtf8, notRegularNote, readCandidate, resolveRoot,
} from "./read.js";
import type { WorkspaceReader } from "./reader.js";

/** One context file that loads. */
export interface DiscoveredFile {
  /** Absolute POSIX path, as read. */
  path: string;
  /** `path` relative to `Discovery.root`, e.g. "services/api/AGENTS.md". */
  label: string;
  /** The decoded text; for HERMES files, with YAML frontmatter removed. A leading BOM is kept. */
  text: string;
  /** Size of the file in bytes, before any stripping. */
  bytes: number;
  /** Byte offset in the file of the first invalid UTF-8 sequence; `text` has U+FFFD there. Absent when valid. */
  invalidUtf8At?: number;
  /**
   * True for a file whose contents change during a session (OpenClaw's HEARTBEAT.md), which belongs below the
   * prompt-cache boundary. Absent otherwise.
   */
  dynamic?: boolean;
}

/** A file that was skipped (binary, too large, unreadable, duplicate) or taken with a caveat, and why. */
export interface DiscoveryNote {
  /** Absolute POSIX path of the file concerned. */
  path: string;
  /** Human-readable; names the path. */
  message: string;
}

/** The outcome of discovery. */
export interface Discovery {
  /**
   * Which kind of context file won; "none" when nothing loads. The Hermes policy reports the kind that won
   * ("hermes", "agents", "claude", "cursor"); every other policy reports its own name (see policies.ts).
   */
  kind: "hermes" | "agents" | "claude" | "cursor" | "codex" | "gemini" | "openclaw" | "none";
  /** The directory labels are relative to: the project root, or cwd when there is none. */
  root: string;
  /** The files that load, in the order they go into the prompt. */
  files: DiscoveredFile[];
  /** Skipped files in the order they were met, then invalid-UTF-8 caveats on taken files, in `files` order. */
  notes: DiscoveryNote[];
  /**
   * Files the policy itself cut or dropped to stay within its own limit (Codex's 32 KiB), so assembly can name them
   * in the prompt. Chars are UTF-16 code units; `keptChars` is 0 for a dropped file.
   */
  cut?: Array<{ path: string; label: string; originalChars: number; keptChars: number; dropped: boolean }>;
}

/**
 * The project root for `cwd`: the nearest directory, starting at `cwd` itself and going up to "/", that contains
 * an entry named ".git" (a directory, or a file as in worktrees and submodules). Null when there is none.
 * @throws PromptasmError E_ARG when `cwd` is not absolute; reader errors (e.g. E_IO) pass through.
 */
export async function findProjectRoot(reader: WorkspaceReader, cwd: string): Promise<string | null> {
  if (!isAbsolute(cwd)) throw new PromptasmError("E_ARG", `cwd must be an absolute path: ${cwd}`);
  return findRootByMarkers(reader, normalize(cwd), [".git"]);
}

/**
 * Finds the project context files Hermes Agent would load for an agent started in `cwd`. First match wins:
 *
 * 1. "hermes": the nearest `.hermes.md` or `HERMES.md` (in that order within a directory) from `cwd` up to the
 *    project root inclusive; YAML frontmatter is stripped, and a file empty after that does not count.
 * 2. "agents": in every directory from the root down to `cwd`, the first non-empty of `AGENTS.override.md`,
 *    `AGENTS.md`; a file with the same contents as one already taken is skipped with a note.
 * 3. "claude": `CLAUDE.md` in `cwd`.
 * 4. "cursor": `.cursorrules` in `cwd`, then `.cursor/rules/*.mdc` in `cwd` sorted by name (code-unit order).
 * 5. "none".
 *
 * The project root is `options.root` when given, else {@link findProjectRoot}; with no root, only `cwd` is searched.
 * Empty or whitespace-only files never count. Binary, too-large and unreadable files are treated as absent and
 * reported in `notes`; files with invalid UTF-8 are taken and reported. The result does not depend on the order
 * in which `reader.list()` returns entries.
 *
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or
 *   `options.root` is not absolute, or `cwd` is not inside `options.root`. Reader errors (E_IO) from `kind()`
 *   pass through; a directory that `list()` cannot read becomes a note.
 */
export async function discoverHermes(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string } = {},
): Promise<Discovery> {
  cwd = await checkDir(reader, cwd);
  const root = await resolveRoot(reader, cwd, options.root, [".git"]);

  const base = root ?? cwd;
  const notes: DiscoveryNote[] = [];
  const done = (kind: Discovery["kind"], files: DiscoveredFile[]): Discovery => {
    noteInvalidUtf8(files, notes);
    return { kind, root: base, files, notes };
  };
  // Reads one candidate; null when it is absent, unusable (noted) or blank after `transform`.
  const load = (path: string, transform?: (text: string) => string) =>
    readCandidate(reader, path, base, notes, transform);

  // Directories from the root down to cwd; `upward` is nearest first.
  const downward = chainDown(cwd, root);
  const upward = [...downward].reverse();

  // 1. HERMES: the nearest one wins.
  for (const dir of upward) {
    for (const name of [".hermes.md", "HERMES.md"]) {
      const file = await load(join(dir, name), stripFrontmatter);
      if (file) return done("hermes", [file]);
    }
  }

  // 2. AGENTS chain, root first.
  const agents: DiscoveredFile[] = [];
  for (const dir of downward) {
    for (const name of ["AGENTS.override.md", "AGENTS.md"]) {
      const file = await load(join(dir, name));
      if (!file) continue;
      const same = agents.find((f) => f.text === file.text);
      if (same) notes.push({ path: file.path, message: `${file.path}: skipped, same contents as ${same.label}` });
      else agents.push(file);
      break;
    }
  }
  if (agents.length > 0) return done("agents", agents);

  // 3. CLAUDE.md in cwd only.
  const claude = await load(join(cwd, "CLAUDE.md"));
  if (claude) return done("claude", [claude]);

  // 4. Cursor rules in cwd only.
  const cursor: DiscoveredFile[] = [];
  const rules = await load(join(cwd, ".cursorrules"));
  if (rules) cursor.push(rules);
  const rulesDir = join(cwd, ".cursor/rules");
  const mdc = (await listSorted(reader, rulesDir, notes)).filter((e) => e.name.endsWith(".mdc") && e.kind !== "dir");
  for (const entry of mdc) {
    const path = join(rulesDir, entry.name);
    if (entry.kind === "other") {
      notes.push(notRegularNote(path));
      continue;
    }
    const file = await load(path);
    if (file) cursor.push(file);
  }
  if (cursor.length > 0) return done("cursor", cursor);

  return done("none", []);
}

/**
 * Removes YAML frontmatter: when the first line is exactly `---`, everything up to and including the next line
 * that is exactly `---` (each line may end in "\r\n" or "\n"; the closing one may also end the text).
 * A leading BOM is tolerated before the opening `---` and kept. Text without a closing `---` line, or whose
 * first line is anything else (`--- `, `----`), is returned unchanged. The frontmatter is not parsed.
 */
export function stripFrontmatter(text: string): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  // Lazily consumes whole lines, so the closing `---` can only match at the start of a line.
  const match = /^---\r?\n(?:[^\n]*\n)*?---\r?(?:\n|$)/.exec(text.slice(bom.length));
  return match ? bom + text.slice(bom.length + match[0].length) : text;
}

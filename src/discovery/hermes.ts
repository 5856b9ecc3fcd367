// The Hermes discovery policy: which project context files an agent started in `cwd` loads. It mirrors what
// Hermes Agent does: exactly one kind of context file loads, the first of HERMES → AGENTS → CLAUDE → cursor that
// is present. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { stripFrontmatter } from "./frontmatter.js";
import { isAbsolute, join, normalize } from "./paths.js";
import {
  chainDown, checkDir, findRootByMarkers, finish, listSorted, notRegularNote, readCandidate, resolveRoot,
} from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote, DiscoveryPolicyRecord } from "./types.js";

export type { DiscoveredFile, Discovery, DiscoveryNote } from "./types.js";
export { stripFrontmatter } from "./frontmatter.js";

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
 *    `AGENTS.md`; a file with the same contents as one already taken is skipped with a "duplicate" note.
 * 3. "claude": `CLAUDE.md` in `cwd`.
 * 4. "cursor": `.cursorrules` in `cwd`, then `.cursor/rules/*.mdc` in `cwd` sorted by name (code-unit order).
 * 5. "none".
 *
 * Every file of a lower step that is there when a higher one wins gets a "shadowed" note (HERMES.md shadows
 * AGENTS.md, CLAUDE.md and the Cursor rules; a nearer HERMES file shadows farther ones; AGENTS.override.md shadows
 * AGENTS.md in its directory). Two paths to one real file (a symbolic link) load once, with a "duplicate" note.
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
  const done = (kind: Discovery["kind"], files: DiscoveredFile[]): Promise<Discovery> =>
    finish(reader, "", base, files, notes).then((d) => ({ ...d, kind: d.files.length > 0 ? kind : "none" }));
  // Reads one candidate; null when it is absent, unusable (noted) or blank after `transform`.
  const load = (path: string, transform?: (text: string) => string) =>
    readCandidate(reader, path, base, notes, transform);
  // Notes each of `paths` that is there (a file, or a directory for `.cursor/rules`) as shadowed by `winner`.
  const shadow = async (paths: readonly string[], winner: DiscoveredFile): Promise<void> => {
    for (const path of paths) {
      if ((await reader.kind(path)) === null) continue;
      const message = `${path}: not loaded, ${winner.label} takes precedence under the hermes policy`;
      notes.push({ path, message, reason: "shadowed" });
    }
  };

  // Directories from the root down to cwd; `upward` is nearest first.
  const downward = chainDown(cwd, root);
  const upward = [...downward].reverse();
  const agentPaths = downward.flatMap((dir) => HERMES_AGENTS_NAMES.map((name) => join(dir, name)));
  const claudePath = join(cwd, "CLAUDE.md");
  const cursorPaths = [join(cwd, ".cursorrules"), join(cwd, ".cursor/rules")];

  // 1. HERMES: the nearest one wins; the ones behind it, AGENTS, CLAUDE and Cursor files are shadowed.
  const hermesPaths = upward.flatMap((dir) => HERMES_NAMES.map((name) => join(dir, name)));
  for (const [i, path] of hermesPaths.entries()) {
    const file = await load(path, stripFrontmatter);
    if (!file) continue;
    await shadow([...hermesPaths.slice(i + 1), ...agentPaths, claudePath, ...cursorPaths], file);
    return done("hermes", [file]);
  }

  // 2. AGENTS chain, root first; in one directory AGENTS.override.md shadows AGENTS.md.
  const agents: DiscoveredFile[] = [];
  for (const dir of downward) {
    for (const [i, name] of HERMES_AGENTS_NAMES.entries()) {
      const file = await load(join(dir, name));
      if (!file) continue;
      const same = agents.find((f) => f.text === file.text);
      if (same) {
        const message = `${file.path}: skipped, same contents as ${same.label}`;
        notes.push({ path: file.path, message, reason: "duplicate" });
      } else {
        agents.push(file);
      }
      await shadow(HERMES_AGENTS_NAMES.slice(i + 1).map((n) => join(dir, n)), file);
      break;
    }
  }
  if (agents.length > 0) {
    await shadow([claudePath, ...cursorPaths], agents[0]);
    return done("agents", agents);
  }

  // 3. CLAUDE.md in cwd only.
  const claude = await load(claudePath);
  if (claude) {
    await shadow(cursorPaths, claude);
    return done("claude", [claude]);
  }

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

/** The HERMES file names, in the order tried within one directory. */
export const HERMES_NAMES: readonly string[] = [".hermes.md", "HERMES.md"];

/** The AGENTS file names, in the order tried within one directory. */
export const HERMES_AGENTS_NAMES: readonly string[] = ["AGENTS.override.md", "AGENTS.md"];

/** The Hermes policy's registry record. */
export const hermesPolicy: DiscoveryPolicyRecord<"hermes"> = {
  name: "hermes",
  tool: "Hermes Agent",
  description: "Hermes Agent's rule: exactly one kind of context file loads, the first of HERMES, AGENTS, CLAUDE, Cursor",
  files: [".hermes.md", "HERMES.md", "AGENTS.override.md", "AGENTS.md", "CLAUDE.md", ".cursorrules", ".cursor/rules/*.mdc"],
  precedence:
    "the nearest .hermes.md or HERMES.md; else the AGENTS chain from the root down; else CLAUDE.md in cwd; else " +
    "the Cursor rules in cwd; the losers are noted as shadowed",
  markers: [".hermes.md", "HERMES.md", "AGENTS.override.md", "AGENTS.md", "CLAUDE.md", ".cursorrules", ".cursor/rules"],
  inAuto: true,
  exclusive: true,
  discover: (reader, cwd, options) => discoverHermes(reader, cwd, { root: options.root }),
};

// Which file names are agent context files, across the conventions of Hermes Agent, OpenClaw, Codex, Claude Code,
// Cursor, GitHub Copilot, Gemini CLI, Windsurf, Cline, Roo and Kiro. Used when scanning directories.

/** Exact base names. */
export const CONTEXT_FILE_NAMES: ReadonlySet<string> = new Set([
  "AGENTS.md", "AGENTS.override.md", "AGENT.md", "CLAUDE.md", "CLAUDE.local.md", "HERMES.md", ".hermes.md",
  "SOUL.md", "MEMORY.md", "USER.md", "IDENTITY.md", "TOOLS.md", "HEARTBEAT.md", "BOOTSTRAP.md", "GEMINI.md",
  "SKILL.md", ".cursorrules", ".windsurfrules", ".clinerules", "copilot-instructions.md",
]);

/** Name endings: Cursor rules, Copilot instruction, prompt and agent files. */
export const CONTEXT_FILE_SUFFIXES: readonly string[] = [".mdc", ".instructions.md", ".prompt.md", ".agent.md"];

/** Directories whose Markdown files are all agent context (relative path segments). */
export const CONTEXT_DIRS: readonly string[] = [".claude", ".cursor/rules", ".roo/rules", ".kiro/steering", ".clinerules", ".windsurf/rules"];

/**
 * True when a file is an agent context file by the conventions above.
 * @param relPath POSIX path relative to the scanned directory, e.g. ".claude/agents/review.md".
 */
export function isContextFile(relPath: string): boolean {
  const slash = relPath.lastIndexOf("/");
  const base = relPath.slice(slash + 1);
  if (CONTEXT_FILE_NAMES.has(base)) return true;
  if (CONTEXT_FILE_SUFFIXES.some((s) => base.endsWith(s) && base.length > s.length)) return true;
  if (!base.endsWith(".md")) return false;
  const dir = "/" + relPath.slice(0, Math.max(slash, 0)) + "/";
  return CONTEXT_DIRS.some((d) => dir.includes(`/${d}/`));
}

const LOWER_NAMES: ReadonlySet<string> = new Set([...CONTEXT_FILE_NAMES].map((n) => n.toLowerCase()));

/**
 * isContextFile ignoring case (`.CURSORRULES`, `Agents.md`, `.Cursor/Rules/x.mdc`, `.CLAUDE/x.md`): on
 * case-insensitive filesystems (macOS, Windows) agents load these names, so a scan must select them too. Assembly
 * keeps the exact names (isContextFile).
 */
export function isContextFileAnyCase(relPath: string): boolean {
  const lower = relPath.toLowerCase();
  const slash = lower.lastIndexOf("/");
  const base = lower.slice(slash + 1);
  if (LOWER_NAMES.has(base)) return true;
  if (CONTEXT_FILE_SUFFIXES.some((s) => base.endsWith(s) && base.length > s.length)) return true;
  if (!base.endsWith(".md")) return false;
  const dir = "/" + lower.slice(0, Math.max(slash, 0)) + "/";
  return CONTEXT_DIRS.some((d) => dir.includes(`/${d}/`));
}

/** Whether a directory name is a context directory (CONTEXT_DIR_NAMES), ignoring case. */
export function isContextDirName(name: string): boolean {
  return CONTEXT_DIR_NAMES.has(name.toLowerCase());
}

/**
 * Directories, by name, that hold agent context wherever they sit: the first segment of each CONTEXT_DIRS entry,
 * plus `.github` (copilot-instructions.md, instructions/*.instructions.md). A directory walk enters them even when a
 * .gitignore lists them, since agents read them whether git tracks them or not.
 */
export const CONTEXT_DIR_NAMES: ReadonlySet<string> = new Set([...CONTEXT_DIRS.map((d) => d.split("/")[0]!), ".github"]);

/**
 * True when `promptasm scan <dir>` scans the file without --all: a context file (isContextFile), any Markdown
 * file, since agents also pull Markdown in through @path imports, skills and linked docs, and every file under a
 * `.claude/` directory (Claude Code reads its settings, hooks and skill scripts from there, not only Markdown).
 * @param relPath POSIX path relative to the scanned directory.
 */
export function isScanTarget(relPath: string): boolean {
  // Case-insensitive throughout: on macOS and Windows `.CLAUDE/settings.json` is `.claude/settings.json`.
  return isContextFileAnyCase(relPath) || /\.(md|markdown)$/i.test(relPath) || ("/" + relPath.toLowerCase()).includes("/.claude/");
}

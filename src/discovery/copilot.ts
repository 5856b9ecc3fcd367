// The GitHub Copilot discovery policy: repository-wide `.github/copilot-instructions.md`, then the path-specific
// `.github/instructions/**/*.instructions.md` files whose `applyTo` globs match the file being worked on.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import { valueList } from "./frontmatter.js";
import { join } from "./paths.js";
import { finish, listFiles, readCandidate, rootAndCwd } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import { globVerdict, loadRules, startRulePolicy } from "./rules.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/** `applyTo` values that mean "every file", so the file loads even with no target: `**` and `**\/*`. */
export const COPILOT_APPLY_TO_ALL: readonly string[] = ["**", "**/*"];

/**
 * Finds the instructions GitHub Copilot would use for an agent started in `cwd`:
 *
 * - Directories: the project root (`options.root`, else the nearest ancestor of cwd with a `.git` entry), then cwd
 *   when it is another directory, as Copilot reads `.github/` at the repository root and in the current directory.
 * - In each: `.github/copilot-instructions.md` (repository-wide, always loads), then every
 *   `.github/instructions/**\/*.instructions.md` (subdirectories entered), sorted by path in code-unit order.
 * - A path-specific file loads when one of its `applyTo` globs (front matter; a comma-separated string or a list)
 *   matches `options.targetPath`, taken relative to the directory holding `.github/`. Globs are anchored as Copilot
 *   documents them (`**\/*.ts` for TypeScript anywhere; `*.ts` only at the top). `applyTo: "**"` (or `**\/*`) loads
 *   with no target. A file with no `applyTo`, or none that matches, does not load and gets a "not-attached" note.
 *   The loaded text has its front matter removed; `description` and `excludeAgent` are not interpreted.
 *
 * Labels are relative to the root. `kind` is "copilot", or "none". Notes as for every policy (binary, too large,
 * unreadable, invalid UTF-8, broken links, one real file once).
 *
 * @example
 * (await discoverCopilot(reader, "/repo", { targetPath: "src/a.ts" })).files.map((f) => f.label);
 * // [".github/copilot-instructions.md", ".github/instructions/typescript.instructions.md"]
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, `cwd` is not inside `root`, or `targetPath` is outside cwd.
 */
export async function discoverCopilot(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string; targetPath?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, options);
  const { target, root, base, notes, files, requestable } = start;
  cwd = start.cwd;
  for (const dir of rootAndCwd(cwd, root)) {
    const wide = await readCandidate(reader, join(dir, ".github/copilot-instructions.md"), base, notes);
    if (wide) files.push(wide);
    const accept = (name: string) => name.endsWith(".instructions.md") && name.length > ".instructions.md".length;
    const paths = await listFiles(reader, join(dir, ".github/instructions"), notes, accept, true);
    await loadRules(reader, paths, base, ".instructions.md", notes, files, requestable, (rule) => {
      const entry = rule.frontmatter.keys.get("applyTo");
      const globs = entry ? valueList(entry.value) : [];
      if (globs.length === 0) return { load: false, why: "no applyTo: it applies only when attached by hand" };
      if (globs.some((g) => COPILOT_APPLY_TO_ALL.includes(g))) return { load: true };
      return globVerdict(globs, "applyTo", target, dir, false, notes, rule.path);
    });
  }
  return finish(reader, "copilot", base, files, notes);
}

/** The GitHub Copilot policy's registry record. */
export const copilotPolicy: DiscoveryPolicyRecord<"copilot"> = {
  name: "copilot",
  tool: "GitHub Copilot",
  description: "GitHub Copilot's .github/copilot-instructions.md and the .instructions.md files whose applyTo matches",
  files: [".github/copilot-instructions.md", ".github/instructions/**/*.instructions.md"],
  precedence:
    "the root's files, then cwd's; in each the repository-wide file, then path-specific files by path when applyTo " +
    "matches the target file",
  markers: [".github/copilot-instructions.md", ".github/instructions"],
  inAuto: true,
  usesTargetPath: true,
  discover: (reader, cwd, options) => discoverCopilot(reader, cwd, { root: options.root, targetPath: options.targetPath }),
};

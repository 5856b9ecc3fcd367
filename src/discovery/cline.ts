// The Cline discovery policy: `.clinerules` as one file, or as a folder of Markdown rule files, some conditional on
// `paths` globs. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { valueList } from "./frontmatter.js";
import { join } from "./paths.js";
import { finish, listFiles, readCandidate, rootAndCwd } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import { globVerdict, loadRules, startRulePolicy } from "./rules.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/**
 * Finds the rules Cline would use for an agent started in `cwd`, in the project root and then in cwd when it is
 * another directory:
 *
 * - `.clinerules` as a file: loads whole.
 * - `.clinerules` as a folder: every `.md` file in it and its subdirectories, sorted by path in code-unit order
 *   (Cline combines them; numeric prefixes such as `01-` set the order). A file whose front matter has `paths`
 *   (globs, a list or a comma-separated string, relative to the directory holding `.clinerules`, anchored) loads
 *   only when `options.targetPath` matches one; otherwise it gets a "not-attached" note. Front matter is removed.
 *
 * Cline also picks up `.cursorrules`, `.windsurfrules` and AGENTS.md; those belong to their own policies (and to
 * `auto`), and are noted as another tool's files when this policy runs. Labels are relative to the root (`.git`).
 * `kind` is "cline", or "none".
 *
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, `cwd` is not inside `root`, or `targetPath` is outside cwd.
 */
export async function discoverCline(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string; targetPath?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, options);
  const { target, root, base, notes, files, requestable } = start;
  cwd = start.cwd;
  for (const dir of rootAndCwd(cwd, root)) {
    const path = join(dir, ".clinerules");
    const kind = await reader.kind(path);
    if (kind !== "dir") {
      const file = await readCandidate(reader, path, base, notes);
      if (file) files.push(file);
      continue;
    }
    const paths = await listFiles(reader, path, notes, (n) => n.endsWith(".md"), true);
    await loadRules(reader, paths, base, ".md", notes, files, requestable, (rule) => {
      const entry = rule.frontmatter.keys.get("paths");
      const globs = entry ? valueList(entry.value) : [];
      if (globs.length === 0) return { load: true };
      return globVerdict(globs, "paths", target, dir, false, notes, rule.path);
    });
  }
  return finish(reader, "cline", base, files, notes);
}

/** The Cline policy's registry record. */
export const clinePolicy: DiscoveryPolicyRecord<"cline"> = {
  name: "cline",
  tool: "Cline",
  description: "Cline's .clinerules, a single file or a folder of Markdown rules (conditional on paths globs)",
  files: [".clinerules", ".clinerules/**/*.md"],
  precedence: "the root's .clinerules, then cwd's; in a folder every .md file by path, a paths rule when it matches",
  markers: [".clinerules"],
  inAuto: true,
  usesTargetPath: true,
  discover: (reader, cwd, options) => discoverCline(reader, cwd, { root: options.root, targetPath: options.targetPath }),
};

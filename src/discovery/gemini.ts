// The Gemini CLI discovery policy: GEMINI.md in cwd and every ancestor up to the project root, as Gemini CLI's
// hierarchical context loads them. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { join } from "./paths.js";
import { chainDown, finish, readCandidate } from "./read.js";
import { startRulePolicy } from "./rules.js";
import type { WorkspaceReader } from "./reader.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/**
 * Finds the `GEMINI.md` files Gemini CLI would load for an agent started in `cwd`: one per directory from the
 * project root down to `cwd`, root first. The root is `options.root` when given, else the nearest ancestor (or cwd)
 * with a `.git` entry (Gemini CLI's project-root marker); with no root only `cwd` is searched. Gemini CLI's global
 * `~/.gemini/GEMINI.md` and its scan of directories below cwd are not part of this policy.
 *
 * `kind` is "gemini", or "none" when nothing loads. Empty files do not count; binary, too-large and unreadable
 * files are treated as absent and noted; files with invalid UTF-8 are taken and noted. This policy never lists
 * directories, so `reader.list()` order cannot change the result.
 *
 * @example
 * (await discoverGemini(reader, "/repo/pkg")).files.map((f) => f.label); // ["GEMINI.md", "pkg/GEMINI.md"]
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or
 *   `options.root` is not absolute, or `cwd` is not inside `options.root`. Reader errors from `kind()` pass through.
 */
export async function discoverGemini(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, { root: options.root });
  const { root, base, notes, files } = start;
  cwd = start.cwd;
  for (const dir of chainDown(cwd, root)) {
    const file = await readCandidate(reader, join(dir, "GEMINI.md"), base, notes);
    if (file) files.push(file);
  }
  return finish(reader, "gemini", base, files, notes);
}

/** The Gemini CLI policy's registry record. */
export const geminiPolicy: DiscoveryPolicyRecord<"gemini"> = {
  name: "gemini",
  tool: "Gemini CLI",
  description: "Gemini CLI's GEMINI.md in every directory from the project root down to cwd",
  files: ["GEMINI.md"],
  precedence: "root first, one GEMINI.md per directory",
  markers: ["GEMINI.md"],
  inAuto: true,
  discover: (reader, cwd, options) => discoverGemini(reader, cwd, { root: options.root }),
};

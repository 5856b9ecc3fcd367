// The JetBrains Junie discovery policy: `.junie/guidelines.md`. Runtime-neutral: all I/O goes through a
// WorkspaceReader.
import { join } from "./paths.js";
import { finish, readCandidate, rootAndCwd } from "./read.js";
import { startRulePolicy } from "./rules.js";
import type { WorkspaceReader } from "./reader.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/**
 * Finds the guidelines JetBrains Junie reads by default for an agent started in `cwd`: `.junie/guidelines.md` in
 * the project root (`options.root`, else the nearest ancestor of cwd with `.git`), then in cwd when it is another
 * directory (a monorepo package opened as its own project). Junie can be pointed at another file (an AGENTS.md) in
 * its settings; that choice lives in the IDE, so this policy reads the default only. `kind` is "junie", or "none".
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, or `cwd` is not inside `root`.
 */
export async function discoverJunie(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, { root: options.root });
  const { root, base, notes, files } = start;
  cwd = start.cwd;
  for (const dir of rootAndCwd(cwd, root)) {
    const file = await readCandidate(reader, join(dir, ".junie/guidelines.md"), base, notes);
    if (file) files.push(file);
  }
  return finish(reader, "junie", base, files, notes);
}

/** The Junie policy's registry record. */
export const juniePolicy: DiscoveryPolicyRecord<"junie"> = {
  name: "junie",
  tool: "JetBrains Junie",
  description: "JetBrains Junie's project guidelines, .junie/guidelines.md",
  files: [".junie/guidelines.md"],
  precedence: "the root's file, then cwd's",
  markers: [".junie/guidelines.md"],
  inAuto: true,
  discover: (reader, cwd, options) => discoverJunie(reader, cwd, { root: options.root }),
};

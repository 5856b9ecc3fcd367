// The Roo Code discovery policy: the mode's rules (`.roo/rules-{mode}/`, else `.roorules-{mode}`), then the
// workspace-wide rules (`.roo/rules/`, else `.roorules`). Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { join } from "./paths.js";
import { checkDir, finish, listFiles, readCandidate, resolveRoot, rootAndCwd } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote, DiscoveryPolicyRecord } from "./types.js";

/** "code": the mode Roo Code starts in, used when no `mode` is given. */
export const ROO_DEFAULT_MODE = "code";

/** Options of {@link discoverRoo}. */
export interface RooOptions {
  root?: string;
  /** The mode's slug ("code", "architect", "ask", "debug", a custom one): lower-case letters, digits and `-`. */
  mode?: string;
}

/**
 * Finds the rules Roo Code would add for an agent started in `cwd`, in the project root and then in cwd when it is
 * another directory. In each:
 *
 * 1. Mode rules: every file in `.roo/rules-{mode}/` and its subdirectories, sorted by path in code-unit order; when
 *    that directory is missing or holds no file that loads, the single file `.roorules-{mode}`.
 * 2. Workspace-wide rules: every file in `.roo/rules/` the same way; else `.roorules`.
 *
 * Mode rules come first, as Roo puts them ahead of the general rules in its prompt. Files of any extension load
 * (Roo reads `.md` and `.txt` alike); names starting with "." are skipped. A fallback file that is there while its
 * directory has rules gets a "shadowed" note. Rules in the directories of other modes are not read (they are for
 * another mode). Labels are relative to the root (`.git`). `kind` is "roo", or "none".
 *
 * @example
 * (await discoverRoo(reader, "/repo", { mode: "architect" })).files.map((f) => f.label);
 * // [".roo/rules-architect/01-diagrams.md", ".roo/rules/01-general.md"]
 * @throws PromptasmError E_ARG when `mode` is not a slug; E_NOT_FOUND when `cwd` does not exist or is not a
 *   directory; E_ARG when `cwd` or `root` is not absolute, or `cwd` is not inside `root`.
 */
export async function discoverRoo(reader: WorkspaceReader, cwd: string, options: RooOptions = {}): Promise<Discovery> {
  const mode = options.mode ?? ROO_DEFAULT_MODE;
  if (typeof mode !== "string" || !/^[a-z0-9][a-z0-9-]{0,63}$/.test(mode)) {
    throw new PromptasmError("E_ARG", `mode must be a Roo mode slug such as "code" (a-z, 0-9, -), got ${JSON.stringify(mode)}`);
  }
  cwd = await checkDir(reader, cwd);
  const root = await resolveRoot(reader, cwd, options.root, [".git"]);
  const base = root ?? cwd;
  const notes: DiscoveryNote[] = [];
  const files: DiscoveredFile[] = [];
  // A rules directory's files, else its fallback file; the fallback is noted as shadowed when the directory won.
  const section = async (dir: string, rulesDir: string, fallback: string): Promise<void> => {
    const found: DiscoveredFile[] = [];
    for (const path of await listFiles(reader, join(dir, rulesDir), notes, (n) => !n.startsWith("."), true)) {
      const file = await readCandidate(reader, path, base, notes);
      if (file) found.push(file);
    }
    const fallbackPath = join(dir, fallback);
    if (found.length === 0) {
      const file = await readCandidate(reader, fallbackPath, base, notes);
      if (file) found.push(file);
    } else if ((await reader.kind(fallbackPath)) === "file") {
      const message = `${fallbackPath}: not loaded, ${rulesDir}/ has rules and takes precedence`;
      notes.push({ path: fallbackPath, message, reason: "shadowed" });
    }
    files.push(...found);
  };
  for (const dir of rootAndCwd(cwd, root)) {
    await section(dir, `.roo/rules-${mode}`, `.roorules-${mode}`);
    await section(dir, ".roo/rules", ".roorules");
  }
  return finish(reader, "roo", base, files, notes);
}

/**
 * The Roo Code policy's registry record. Option beyond `root`: `rooMode` (default "code"), named apart from the
 * assembler's prompt `mode` (full, minimal, none) so one options object can carry both.
 */
export const rooPolicy: DiscoveryPolicyRecord<"roo"> = {
  name: "roo",
  tool: "Roo Code",
  description: "Roo Code's rules: .roo/rules-{mode}/ (else .roorules-{mode}), then .roo/rules/ (else .roorules)",
  files: [".roo/rules-{mode}/**", ".roorules-{mode}", ".roo/rules/**", ".roorules"],
  precedence: "the mode's rules, then the workspace-wide ones; a directory with files wins over its single-file fallback",
  markers: [".roo/rules", ".roorules"],
  inAuto: true,
  discover: (reader, cwd, options) =>
    discoverRoo(reader, cwd, { root: options.root, ...(options.rooMode !== undefined ? { mode: options.rooMode as string } : {}) }),
};

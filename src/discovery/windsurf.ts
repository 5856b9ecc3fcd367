// The Windsurf discovery policy: the legacy `.windsurfrules` file and the `.windsurf/rules/*.md` workspace rules,
// each by its `trigger` (always_on, glob, model_decision, manual). Runtime-neutral: all I/O goes through a
// WorkspaceReader.
import { valueList, valueText } from "./frontmatter.js";
import { join } from "./paths.js";
import { chainDown, finish, listFiles, readCandidate, rootAndCwd } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import { globVerdict, loadRules, startRulePolicy, type RuleVerdict } from "./rules.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/** The `trigger` values Windsurf documents for a rule. */
export const WINDSURF_TRIGGERS: readonly string[] = ["always_on", "glob", "model_decision", "manual"];

/**
 * Finds the rules Windsurf's Cascade would use for an agent started in `cwd`:
 *
 * 1. `.windsurfrules` (legacy, one file, loads whole) in the project root, then in cwd when it is another directory.
 * 2. `.windsurf/rules/*.md` in every directory from the project root down to cwd (root first; Windsurf searches up
 *    to the git root), each directory's files sorted by name, each by its front matter `trigger`:
 *    - `always_on`, or no `trigger` at all (a plain Markdown rule, like the legacy file): loads;
 *    - `glob`: loads when `options.targetPath` matches one of `globs` (comma-separated or a list), relative to the
 *      directory holding `.windsurf/`; as in Windsurf's examples, a glob with no `/` (`*.js`) matches at any depth;
 *    - `model_decision`: listed in `requestable` by its `description` (noted instead when it has none);
 *    - `manual`: loads only when @-mentioned; noted;
 *    - any other value: noted, not loaded.
 *    Each loaded rule's front matter is removed.
 *
 * The root is `options.root`, else the nearest ancestor of cwd with `.git`; labels are relative to it. `kind` is
 * "windsurf", or "none". Windsurf truncates a rule file past its own per-file limit (6,000 chars in older docs,
 * 12,000 in newer); this policy does not: the assembler's budget cuts instead, and says so.
 *
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, `cwd` is not inside `root`, or `targetPath` is outside cwd.
 */
export async function discoverWindsurf(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string; targetPath?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, options);
  const { target, root, base, notes, files, requestable } = start;
  cwd = start.cwd;
  for (const dir of rootAndCwd(cwd, root)) {
    const legacy = await readCandidate(reader, join(dir, ".windsurfrules"), base, notes);
    if (legacy) files.push(legacy);
  }
  for (const dir of chainDown(cwd, root)) {
    const paths = await listFiles(reader, join(dir, ".windsurf/rules"), notes, (n) => n.endsWith(".md"), false);
    await loadRules(reader, paths, base, ".md", notes, files, requestable, (rule): RuleVerdict => {
      const keys = rule.frontmatter.keys;
      const trigger = keys.has("trigger") ? valueText(keys.get("trigger")!.value) : "";
      const description = keys.has("description") ? valueText(keys.get("description")!.value) : "";
      switch (trigger) {
        case "":
        case "always_on":
          return { load: true };
        case "glob": {
          const globs = keys.has("globs") ? valueList(keys.get("globs")!.value) : [];
          if (globs.length === 0) return { load: false, why: "trigger glob with no globs" };
          return globVerdict(globs, "globs", target, dir, true, notes, rule.path);
        }
        case "model_decision":
          return description !== ""
            ? { load: false, request: description }
            : { load: false, why: "trigger model_decision with no description for the model to decide by" };
        case "manual":
          return { load: false, why: "trigger manual: it loads when @-mentioned" };
        default:
          return { load: false, why: `unknown trigger ${JSON.stringify(trigger)} (${WINDSURF_TRIGGERS.join(", ")})` };
      }
    });
  }
  return finish(reader, "windsurf", base, files, notes, requestable.length > 0 ? { requestable } : {});
}

/** The Windsurf policy's registry record. */
export const windsurfPolicy: DiscoveryPolicyRecord<"windsurf"> = {
  name: "windsurf",
  tool: "Windsurf (Cascade)",
  description: "Windsurf's legacy .windsurfrules and its .windsurf/rules/*.md rules, by their trigger",
  files: [".windsurfrules", ".windsurf/rules/*.md"],
  precedence:
    ".windsurfrules first, then the rules directories from the root down, each by name; always_on loads, glob " +
    "attaches to the target file, model_decision is requestable, manual loads when @-mentioned",
  markers: [".windsurfrules", ".windsurf/rules"],
  inAuto: true,
  usesTargetPath: true,
  discover: (reader, cwd, options) => discoverWindsurf(reader, cwd, { root: options.root, targetPath: options.targetPath }),
};

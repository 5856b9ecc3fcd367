// The Kiro discovery policy: the `.kiro/steering/*.md` steering files, each by its `inclusion` mode (always,
// fileMatch, manual, auto). Runtime-neutral: all I/O goes through a WorkspaceReader.
import { valueList, valueText } from "./frontmatter.js";
import { join } from "./paths.js";
import { finish, listFiles, rootAndCwd } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import { globVerdict, loadRules, startRulePolicy, type RuleVerdict } from "./rules.js";
import type { Discovery, DiscoveryPolicyRecord } from "./types.js";

/** The `inclusion` values Kiro documents for a steering file. */
export const KIRO_INCLUSIONS: readonly string[] = ["always", "fileMatch", "manual", "auto"];

/**
 * Finds the steering files Kiro would include for an agent started in `cwd`: `.kiro/steering/*.md` in the project
 * root, then in cwd when it is another directory, each directory's files sorted by name, each by its front matter
 * `inclusion`:
 *
 * - `always`, or no `inclusion` (Kiro's default): loads;
 * - `fileMatch`: loads when `options.targetPath` matches `fileMatchPattern` (a glob, a comma-separated string or a
 *   list), relative to the directory holding `.kiro/`; a glob with no `/` matches at any depth;
 * - `auto`: listed in `requestable` by its `description` (Kiro includes it when the request matches it);
 * - `manual`: loads only when referenced with `#name` in chat; noted.
 *
 * Any other value is noted and the file does not load. Loaded text has its front matter removed. Labels are
 * relative to the root (`.git`). `kind` is "kiro", or "none".
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, `cwd` is not inside `root`, or `targetPath` is outside cwd.
 */
export async function discoverKiro(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string; targetPath?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, options);
  const { target, root, base, notes, files, requestable } = start;
  cwd = start.cwd;
  for (const dir of rootAndCwd(cwd, root)) {
    const paths = await listFiles(reader, join(dir, ".kiro/steering"), notes, (n) => n.endsWith(".md"), false);
    await loadRules(reader, paths, base, ".md", notes, files, requestable, (rule): RuleVerdict => {
      const keys = rule.frontmatter.keys;
      const inclusion = keys.has("inclusion") ? valueText(keys.get("inclusion")!.value) : "";
      switch (inclusion) {
        case "":
        case "always":
          return { load: true };
        case "fileMatch": {
          const globs = keys.has("fileMatchPattern") ? valueList(keys.get("fileMatchPattern")!.value) : [];
          if (globs.length === 0) return { load: false, why: "inclusion fileMatch with no fileMatchPattern" };
          return globVerdict(globs, "fileMatchPattern", target, dir, true, notes, rule.path);
        }
        case "auto": {
          const description = keys.has("description") ? valueText(keys.get("description")!.value) : "";
          return description !== ""
            ? { load: false, request: description }
            : { load: false, why: "inclusion auto with no description to match requests against" };
        }
        case "manual":
          return { load: false, why: `inclusion manual: it loads when referenced as #${rule.name} in chat` };
        default:
          return { load: false, why: `unknown inclusion ${JSON.stringify(inclusion)} (${KIRO_INCLUSIONS.join(", ")})` };
      }
    });
  }
  return finish(reader, "kiro", base, files, notes, requestable.length > 0 ? { requestable } : {});
}

/** The Kiro policy's registry record. */
export const kiroPolicy: DiscoveryPolicyRecord<"kiro"> = {
  name: "kiro",
  tool: "Kiro",
  description: "Kiro's steering files, .kiro/steering/*.md, by their inclusion mode",
  files: [".kiro/steering/*.md"],
  precedence: "by name; always (the default) loads, fileMatch attaches to the target file, auto is requestable, " +
    "manual loads when referenced",
  markers: [".kiro/steering"],
  inAuto: true,
  usesTargetPath: true,
  discover: (reader, cwd, options) => discoverKiro(reader, cwd, { root: options.root, targetPath: options.targetPath }),
};

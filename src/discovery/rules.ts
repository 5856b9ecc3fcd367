// What the rule-directory policies (Copilot, Windsurf, Cline, Roo, Kiro) share: read each rule file, split off its
// front matter, ask the policy whether the rule applies, and load it, list it as requestable or note why not.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import { parseFrontmatter, splitFrontmatter, type RawFrontmatter } from "./frontmatter.js";
import { anyGlobMatches } from "./glob.js";
import { relative } from "./paths.js";
import { checkDir, readCandidate, resolveRoot, targetRelativeTo } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, DiscoveryNote, RequestableRule } from "./types.js";

/** A policy's answer for one rule: load it, list it for the agent to request, or leave it out with a reason. */
export type RuleVerdict =
  | { load: true }
  | { load: false; request: string }
  | { load: false; why: string };

/** One rule file and what decides it: its parsed front matter, its path and its name without extension. */
export interface RuleInput {
  path: string;
  name: string;
  frontmatter: RawFrontmatter;
}

/**
 * Reads each of `paths` (absolute, already in load order) and applies `decide` to its front matter. A rule that
 * loads goes into `files` with its front matter removed; a requested one into `requestable`; one left out gets a
 * "not-attached" note `<path>: not loaded, <why>`. Front matter lines that are not `key: value` are noted. A rule
 * with nothing but whitespace after its front matter neither loads nor is listed. Files that are missing, binary,
 * too large or unreadable are handled as by readCandidate.
 * @param base the directory labels are relative to.
 * @param ext the extension to drop from a file name for `RuleInput.name` (".md", ".instructions.md").
 */
export async function loadRules(
  reader: WorkspaceReader,
  paths: readonly string[],
  base: string,
  ext: string,
  notes: DiscoveryNote[],
  files: DiscoveredFile[],
  requestable: RequestableRule[],
  decide: (rule: RuleInput) => RuleVerdict,
): Promise<void> {
  for (const path of paths) {
    const file = await readCandidate(reader, path, base, notes);
    if (!file) continue;
    const { frontmatter, body } = splitFrontmatter(file.text);
    if (body.trim() === "") continue;
    const fm = parseFrontmatter(frontmatter ?? "");
    for (const p of fm.problems) notes.push({ path, message: `${path}: frontmatter: ${p.text}` });
    const fileName = path.slice(path.lastIndexOf("/") + 1);
    const name = fileName.endsWith(ext) && fileName.length > ext.length ? fileName.slice(0, -ext.length) : fileName;
    const verdict = decide({ path, name, frontmatter: fm });
    if (verdict.load) files.push({ ...file, text: body });
    else if ("request" in verdict) requestable.push({ name, description: verdict.request, path });
    else notes.push({ path, message: `${path}: not loaded, ${verdict.why}`, reason: "not-attached" });
  }
}

/**
 * Whether a rule with `patterns` attaches for `target` (a path relative to cwd, or undefined when none was given),
 * with the patterns taken relative to `dir` (the directory the rule's tool directory sits in). A target outside
 * `dir` never matches. Returns the verdict for a rule that loads only on a match, with `what` naming the key in the
 * reason ("globs *.ts: "src/a.py" does not match").
 */
export function globVerdict(
  patterns: readonly string[],
  what: string,
  target: { cwd: string; path: string } | undefined,
  dir: string,
  anyDepth: boolean,
  notes: DiscoveryNote[],
  rulePath: string,
): RuleVerdict {
  const list = `${what} ${patterns.join(", ")}`;
  if (target === undefined) return { load: false, why: `${list}: no targetPath was given` };
  const abs = target.path === "" ? target.cwd : `${target.cwd === "/" ? "" : target.cwd}/${target.path}`;
  const rel = relative(dir, abs);
  const bad = (pattern: string, message: string) =>
    notes.push({ path: rulePath, message: `${rulePath}: glob ${JSON.stringify(pattern)} ignored: ${message}` });
  if (!rel.startsWith("..") && anyGlobMatches(patterns, rel, anyDepth, bad)) return { load: true };
  return { load: false, why: `${list}: ${JSON.stringify(rel)} does not match` };
}

/** Where a folder-reading policy (copilot, cline, kiro, windsurf, claude, gemini, junie) starts: its folders, its target and empty results. */
export interface RulePolicyStart {
  /** The checked working directory (absolute). */
  cwd: string;
  /** The project root found by `.git` (or given), or null. */
  root: string | null;
  /** What labels are relative to: the root, else cwd. */
  base: string;
  /** The file an agent works on, relative to cwd, when the caller named one (globs attach rules by it). */
  target: { cwd: string; path: string } | undefined;
  notes: DiscoveryNote[];
  files: DiscoveredFile[];
  requestable: RequestableRule[];
}

/**
 * The common start of a rule-folder policy: checks `cwd`, resolves the root by `.git` and the target path.
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root` is
 *   not absolute, `cwd` is not inside `root`, or `targetPath` is outside cwd.
 */
export async function startRulePolicy(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string; targetPath?: string },
): Promise<RulePolicyStart> {
  const dir = await checkDir(reader, cwd);
  const target = options.targetPath === undefined ? undefined : { cwd: dir, path: targetRelativeTo(dir, options.targetPath) };
  const root = await resolveRoot(reader, dir, options.root, [".git"]);
  return { cwd: dir, root, base: root ?? dir, target, notes: [], files: [], requestable: [] };
}

// The Cursor discovery policy: the legacy `.cursorrules`, then the `.cursor/rules/*.mdc` project rules whose
// frontmatter makes them load (always, or by glob against the file being worked on); rules the agent may request by
// description are listed apart. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { parseFrontmatter, splitFrontmatter, valueBool, valueList, valueText } from "./frontmatter.js";
import { anyGlobMatches } from "./glob.js";
import { join } from "./paths.js";
import { checkDir, finish, listSorted, notRegularNote, readCandidate, targetRelativeTo } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote, DiscoveryPolicyRecord, RequestableRule } from "./types.js";

export type { RequestableRule } from "./types.js";
export { splitFrontmatter } from "./frontmatter.js";
export { expandBraces, GLOB_MAX_ALTERNATIVES, globMatch, globMatchAnyDepth } from "./glob.js";

/** The outcome of {@link discoverCursor}: a Discovery plus the requestable rules, sorted by file name. */
export interface CursorDiscovery extends Discovery {
  requestable: RequestableRule[];
}

/** Options of {@link discoverCursor}. */
export interface CursorOptions {
  /**
   * The file being worked on, relative to cwd ("src/app.ts") or absolute inside cwd; rules with `globs` load when
   * it matches one. Without it no glob rule loads.
   */
  targetPath?: string;
}

/** The frontmatter keys of a Cursor rule that decide when it loads. Absent keys are undefined. */
export interface CursorFrontmatter {
  /** What the agent reads to decide whether to request the rule. Never empty when present. */
  description?: string;
  /** Glob patterns, from a comma-separated string or a YAML list; empty entries dropped. Never empty when present. */
  globs?: string[];
  /** `true` or `false` (YAML booleans; a quoted "true" is a string and does not count). */
  alwaysApply?: boolean;
}

/**
 * Finds the Cursor rules that load for an agent started in `cwd` (Cursor reads them from the workspace root, which
 * is cwd here; labels are relative to cwd, which is `Discovery.root`):
 *
 * 1. `.cursorrules` in cwd (legacy; loads whole, first).
 * 2. `.cursor/rules/*.mdc` in cwd, sorted by name in code-unit order (subdirectories not entered), each by its
 *    frontmatter (see {@link parseCursorFrontmatter}):
 *    - `alwaysApply: true`: loads ("Always").
 *    - else `globs`: loads when `options.targetPath` matches one of them ({@link globMatchAnyDepth}: as in Cursor,
 *      a glob with no `/` such as `*.ts` matches at any depth; "Auto Attached");
 *      when it does not (or no targetPath is given) the rule goes to `requestable` if it has a description, else
 *      it is not loaded, with a note.
 *    - else `description`: not loaded; listed in `requestable` ("Agent Requested").
 *    - else not loaded, with a note ("Manual": Cursor loads it only when the user @-mentions it).
 *    A loaded rule's text has its frontmatter stripped ({@link stripFrontmatter}); a rule with nothing but
 *    whitespace after its frontmatter neither loads nor is requestable. Frontmatter problems (a non-boolean
 *    `alwaysApply`, a line that is not `key: value`) are noted and the key is treated as absent.
 *
 * `kind` is "cursor", or "none" when no file loads (`requestable` may still list rules). Binary, too-large and
 * unreadable files are skipped with a note; files with invalid UTF-8 are taken and noted. Entries are sorted here,
 * so the result does not depend on `reader.list()` order.
 *
 * @example
 * const d = await discoverCursor(reader, "/repo", { targetPath: "src/ui/button.tsx" });
 * d.files.map((f) => f.label); // [".cursorrules", ".cursor/rules/style.mdc", ".cursor/rules/react.mdc"]
 * d.requestable;               // [{ name: "migrations", description: "How to write a migration", path: "…" }]
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` is not
 *   absolute or `targetPath` is outside cwd. Reader errors from `kind()` pass through; a rules directory `list()`
 *   cannot read becomes a note.
 */
export async function discoverCursor(
  reader: WorkspaceReader,
  cwd: string,
  options: CursorOptions = {},
): Promise<CursorDiscovery> {
  cwd = await checkDir(reader, cwd);
  const target = options.targetPath === undefined ? undefined : targetRelativeTo(cwd, options.targetPath);
  const notes: DiscoveryNote[] = [];
  const files: DiscoveredFile[] = [];
  const requestable: RequestableRule[] = [];

  const legacy = await readCandidate(reader, join(cwd, ".cursorrules"), cwd, notes);
  if (legacy) files.push(legacy);

  const rulesDir = join(cwd, ".cursor/rules");
  for (const entry of await listSorted(reader, rulesDir, notes)) {
    if (entry.kind === "dir" || !entry.name.endsWith(".mdc")) continue;
    const path = join(rulesDir, entry.name);
    if (entry.kind === "other") {
      notes.push(notRegularNote(path));
      continue;
    }
    const file = await readCandidate(reader, path, cwd, notes);
    if (!file) continue;
    const { frontmatter, body } = splitFrontmatter(file.text);
    if (body.trim() === "") continue;
    const { fields, problems } = parseCursorFrontmatter(frontmatter ?? "");
    for (const p of problems) notes.push({ path, message: `${path}: frontmatter: ${p}` });
    const name = entry.name.slice(0, -".mdc".length);
    const request = () => requestable.push({ name, description: fields.description!, path });

    if (fields.alwaysApply === true) {
      files.push({ ...file, text: body });
    } else if (fields.globs) {
      const list = fields.globs.join(", ");
      const bad = (glob: string, message: string) =>
        notes.push({ path, message: `${path}: glob ${JSON.stringify(glob)} ignored: ${message}` });
      const matched = target !== undefined && anyGlobMatches(fields.globs, target, true, bad);
      if (matched) files.push({ ...file, text: body });
      else if (fields.description !== undefined) request();
      else {
        const why = target === undefined ? "no targetPath was given" : `${JSON.stringify(target)} does not match`;
        notes.push({ path, message: `${path}: not loaded, globs ${list}: ${why}`, reason: "not-attached" });
      }
    } else if (fields.description !== undefined) {
      request();
    } else {
      notes.push({
        path,
        message: `${path}: not loaded, a manual rule (no alwaysApply, globs or description): it loads when @-mentioned`,
        reason: "not-attached",
      });
    }
  }
  const d = await finish(reader, "cursor", cwd, files, notes);
  return { ...d, requestable };
}

/**
 * Parses the keys of a Cursor rule's frontmatter that decide when it loads, from the lines
 * {@link parseFrontmatter} reads. `description` is kept as a string; `globs` is split on commas outside braces when
 * it is a string (Cursor's own format, e.g. `globs: *.{ts,tsx}, src/**`) and taken item by item when it is a list;
 * `alwaysApply` must be `true` or `false` (any case, unquoted). Other keys are ignored. Lines that are not
 * `key: value` and a non-boolean `alwaysApply` are reported in `problems` (in line order) and the key is left out.
 */
export function parseCursorFrontmatter(block: string): { fields: CursorFrontmatter; problems: string[] } {
  const { keys, problems } = parseFrontmatter(block);
  const fields: CursorFrontmatter = {};
  const description = keys.get("description");
  if (description) {
    const text = valueText(description.value);
    if (text !== "") fields.description = text;
  }
  const globs = keys.get("globs");
  if (globs) {
    const list = valueList(globs.value);
    if (list.length > 0) fields.globs = list;
  }
  const always = keys.get("alwaysApply");
  if (always) {
    const v = always.value;
    const bool = valueBool(v);
    if (bool !== undefined) {
      fields.alwaysApply = bool;
    } else if (v.kind !== "empty") {
      const text = JSON.stringify(v.kind === "scalar" ? v.text : "");
      const shown = v.kind === "list" ? "a list" : v.quoted ? `the string ${text}` : text;
      const message = `line ${always.line}: alwaysApply is ${shown}, not true or false; treated as absent`;
      problems.push({ line: always.line, text: message });
    }
  }
  problems.sort((a, b) => a.line - b.line);
  return { fields, problems: problems.map((p) => p.text) };
}

/** The Cursor policy's registry record. */
export const cursorPolicy: DiscoveryPolicyRecord<"cursor"> = {
  name: "cursor",
  tool: "Cursor",
  description: "Cursor's legacy .cursorrules and its .cursor/rules/*.mdc project rules, by their front matter",
  files: [".cursorrules", ".cursor/rules/*.mdc"],
  precedence:
    ".cursorrules first, then the rules by name; alwaysApply loads, globs attach to the target file, a description " +
    "makes a rule requestable, and a rule with none of these loads only when @-mentioned",
  markers: [".cursorrules", ".cursor/rules"],
  inAuto: true,
  usesTargetPath: true,
  discover: (reader, cwd, options) => discoverCursor(reader, cwd, { targetPath: options.targetPath }),
};

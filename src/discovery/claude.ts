// The Claude Code discovery policy: CLAUDE.md memory files from the project root down to cwd, `.claude/rules/*.md`,
// and the files they pull in with `@path` imports. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { dirname, isAbsolute, isWithin, join, normalize, relative } from "./paths.js";
import { chainDown, finish, listSorted, notRegularNote, readCandidate } from "./read.js";
import { startRulePolicy } from "./rules.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryPolicyRecord } from "./types.js";

/** 5: how many hops of `@path` imports are followed, as Claude Code's documented maximum import depth. */
export const CLAUDE_MAX_IMPORT_DEPTH = 5;

/** The memory files read in each directory, in this order. */
export const CLAUDE_MEMORY_FILES: readonly string[] = ["CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md"];

/**
 * Finds the memory files Claude Code would load for an agent started in `cwd`.
 *
 * - Directories: from the project root down to `cwd`, root first. The root is `options.root` when given, else the
 *   nearest ancestor (or cwd) with a `.git` entry; with no root only `cwd` is searched.
 * - In each directory: `CLAUDE.md`, `.claude/CLAUDE.md`, `CLAUDE.local.md`, then the `.claude/rules/*.md` files of
 *   that directory sorted by name (code-unit order; subdirectories of `rules/` are not entered). Text is kept as
 *   read (a rule's frontmatter, `paths:` included, is not interpreted).
 * - Imports: every `@path` token found by {@link findImports} in a loaded file is resolved against that file's
 *   directory (or taken as is when absolute) and the target loads as its own DiscoveredFile (label relative to the
 *   root) right after the file that imports it, depth first, in the order the tokens appear; the importing file's
 *   text is left unchanged, token included. Chain and rule files are depth 0; imports load down to depth
 *   {@link CLAUDE_MAX_IMPORT_DEPTH} (5) and a deeper one is not followed.
 * - An import stays literal text, not loaded, with a note on the importing file when: it starts with `~` (the home
 *   directory is outside the workspace), it resolves outside the workspace root (`../../etc/passwd`, `/etc/passwd`),
 *   it is already on the import stack (a cycle), it is too deep, it was already loaded elsewhere (each file loads
 *   once), or its target is missing or is a directory. Binary, too-large and unreadable targets are noted as for any
 *   file. The containment check is on paths: a symbolic link inside the root that points outside is followed.
 *
 * `kind` is "claude", or "none" when nothing loads. Empty files do not count; files with invalid UTF-8 are taken
 * and noted. Notes: everything skipped, in the order met, then invalid-UTF-8 caveats. Rule directories are sorted
 * here, so the result does not depend on `reader.list()` order.
 *
 * @example
 * // /repo/CLAUDE.md says "See @docs/style.md"
 * (await discoverClaude(reader, "/repo/app")).files.map((f) => f.label);
 * // ["CLAUDE.md", "docs/style.md", ".claude/rules/testing.md", "app/CLAUDE.md"]
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or
 *   `options.root` is not absolute, or `cwd` is not inside `options.root`. Reader errors from `kind()` pass through;
 *   a rules directory `list()` cannot read becomes a note. Two paths to one real file (CLAUDE.md and
 *   `.claude/CLAUDE.md -> ../CLAUDE.md`) load once, with a "duplicate" note; a broken link gets a "broken-link" note.
 */
export async function discoverClaude(
  reader: WorkspaceReader,
  cwd: string,
  options: { root?: string } = {},
): Promise<Discovery> {
  const start = await startRulePolicy(reader, cwd, { root: options.root });
  const { root, base, notes, files } = start;
  cwd = start.cwd;
  const loaded = new Set<string>();

  const skip = (path: string, message: string) => notes.push({ path, message: `${path}: ${message}` });

  // Loads `file`, then its imports depth first. `stack` holds the paths from the depth-0 file down to `file`.
  const take = async (file: DiscoveredFile, stack: string[]): Promise<void> => {
    files.push(file);
    loaded.add(file.path);
    const depth = stack.length + 1; // of the files `file` imports; a depth-0 file has an empty stack
    for (const token of findImports(file.text)) {
      const at = `import @${token}`;
      if (token === "~" || token.startsWith("~/")) {
        skip(file.path, `${at} not followed: the home directory is outside the workspace root ${base}`);
        continue;
      }
      const target = isAbsolute(token) ? normalize(token) : join(dirname(file.path), token);
      if (!isWithin(base, target)) {
        skip(file.path, `${at} not followed: ${target} is outside the workspace root ${base}`);
        continue;
      }
      if (target === file.path || stack.includes(target)) {
        const path = [...stack, file.path];
        const cycle = [...path.slice(path.indexOf(target)), target];
        skip(file.path, `${at} not followed: import cycle ${cycle.map((p) => relative(base, p)).join(" -> ")}`);
        continue;
      }
      if (depth > CLAUDE_MAX_IMPORT_DEPTH) {
        skip(file.path, `${at} not followed: deeper than ${CLAUDE_MAX_IMPORT_DEPTH} levels of imports`);
        continue;
      }
      if (loaded.has(target)) {
        skip(file.path, `${at} not followed: ${relative(base, target)} is already loaded`);
        continue;
      }
      const kind = await reader.kind(target);
      if (kind !== "file") {
        skip(file.path, `${at} not followed: ${target} ${kind === "dir" ? "is a directory" : "does not exist"}`);
        continue;
      }
      const imported = await readCandidate(reader, target, base, notes);
      if (imported) await take(imported, [...stack, file.path]);
    }
  };

  const visit = async (path: string): Promise<void> => {
    if (loaded.has(path)) {
      skip(path, `not loaded again: already loaded through an import`);
      return;
    }
    const file = await readCandidate(reader, path, base, notes);
    if (file) await take(file, []);
  };

  for (const dir of chainDown(cwd, root)) {
    for (const name of CLAUDE_MEMORY_FILES) await visit(join(dir, name));
    const rulesDir = join(dir, ".claude/rules");
    for (const entry of await listSorted(reader, rulesDir, notes)) {
      if (entry.kind === "dir" || !entry.name.endsWith(".md")) continue;
      const path = join(rulesDir, entry.name);
      if (entry.kind === "other") notes.push(notRegularNote(path));
      else await visit(path);
    }
  }
  return finish(reader, "claude", base, files, notes);
}

/** The Claude Code policy's registry record. */
export const claudePolicy: DiscoveryPolicyRecord<"claude"> = {
  name: "claude",
  tool: "Claude Code",
  description: "Claude Code's CLAUDE.md memory files from the root down, .claude/rules/*.md and their @path imports",
  files: ["CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md", ".claude/rules/*.md"],
  precedence:
    "every directory from the root down to cwd, root first; in each CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md, " +
    "then the rules by name; each import right after the file that imports it",
  markers: ["CLAUDE.md", ".claude/CLAUDE.md", "CLAUDE.local.md", ".claude/rules"],
  inAuto: true,
  discover: (reader, cwd, options) => discoverClaude(reader, cwd, { root: options.root }),
};

/**
 * The `@path` import tokens of a Markdown text, in order of appearance, as Claude Code recognizes them: an `@` at
 * the start of a line or after whitespace, followed by non-space characters (`\ ` escapes a space). Text inside
 * fenced code blocks (``` or ~~~, up to 3 spaces of indent, closed by a fence of the same character at least as
 * long) and inside code spans on one line (a backtick run closed by a run of the same length) is ignored. A
 * `#fragment` is dropped. Only tokens that look like paths are returned: starting with `./`, `../`, `~/`, `/`
 * followed by more, or a letter, digit, `.`, `_` or `-` (so `@@x`, `@#x` and `@` alone are not imports).
 * Indented code blocks are not recognized.
 * @example findImports("See @docs/a.md and `@not/this`\n") // ["docs/a.md"]
 */
export function findImports(text: string): string[] {
  const out: string[] = [];
  let fence: { char: string; length: number } | null = null;
  for (const line of text.split(/\r\n|\n|\r/)) {
    const open = /^ {0,3}(`{3,}|~{3,})(.*)$/.exec(line);
    if (fence) {
      if (open && open[1][0] === fence.char && open[1].length >= fence.length && open[2].trim() === "") fence = null;
      continue;
    }
    // A backtick fence's info string may not contain a backtick (CommonMark); such a line is not a fence.
    if (open && !(open[1][0] === "`" && open[2].includes("`"))) {
      fence = { char: open[1][0], length: open[1].length };
      continue;
    }
    const prose = blankCodeSpans(line);
    for (const m of prose.matchAll(/(?:^|\s)@((?:[^\s\\\0]|\\ )+)/g)) {
      let token = m[1];
      const hash = token.indexOf("#");
      if (hash >= 0) token = token.slice(0, hash);
      token = token.replace(/\\ /g, " ");
      if (/^(?:\.{1,2}\/|~\/|\/[^/]|[A-Za-z0-9._-])/.test(token)) out.push(token);
    }
  }
  return out;
}

// Replaces each code span (a backtick run up to the next run of the same length) with NULs, which are neither
// whitespace nor token characters: a token can neither start in nor run through a span. Linear in the line length:
// the search for each run length only moves forward.
function blankCodeSpans(line: string): string {
  if (!line.includes("`")) return line;
  const runs: { start: number; length: number }[] = [];
  for (let i = 0; i < line.length; ) {
    if (line[i] !== "`") {
      i++;
      continue;
    }
    let n = 1;
    while (line[i + n] === "`") n++;
    runs.push({ start: i, length: n });
    i += n;
  }
  const byLength = new Map<number, number[]>(); // run length -> indices into `runs`, ascending
  runs.forEach((r, k) => {
    const list = byLength.get(r.length);
    if (list) list.push(k);
    else byLength.set(r.length, [k]);
  });
  const cursor = new Map<number, number>(); // run length -> first index into its list not yet passed
  let out = "";
  let from = 0;
  for (let k = 0; k < runs.length; ) {
    const open = runs[k];
    const list = byLength.get(open.length)!;
    let c = cursor.get(open.length) ?? 0;
    while (c < list.length && list[c] <= k) c++;
    cursor.set(open.length, c);
    if (c === list.length) {
      k++; // no closing run of this length: literal backticks
      continue;
    }
    const close = runs[list[c]];
    const end = close.start + close.length;
    out += line.slice(from, open.start) + "\0".repeat(end - open.start);
    from = end;
    k = list[c] + 1;
  }
  return out + line.slice(from);
}

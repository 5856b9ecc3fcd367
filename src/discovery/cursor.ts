// The Cursor discovery policy: the legacy `.cursorrules`, then the `.cursor/rules/*.mdc` project rules whose
// frontmatter makes them load (always, or by glob against the file being worked on); rules the agent may request by
// description are listed apart. Includes the tiny frontmatter parser and the glob matcher the rules need.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { isAbsolute, isWithin, join, normalize, relative } from "./paths.js";
import { checkDir, listSorted, noteInvalidUtf8, notRegularNote, readCandidate } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import { stripFrontmatter, type DiscoveredFile, type Discovery, type DiscoveryNote } from "./hermes.js";

/** A rule that does not load by itself but that the agent may ask for, by its description ("Agent Requested"). */
export interface RequestableRule {
  /** The file name without `.mdc`, e.g. "migrations" for `.cursor/rules/migrations.mdc`. */
  name: string;
  /** The frontmatter `description`. */
  description: string;
  /** Absolute POSIX path of the rule file. */
  path: string;
}

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

/** 1,024: the most alternatives one glob may expand to through `{a,b}`; a larger glob matches nothing (noted). */
export const GLOB_MAX_ALTERNATIVES = 1024;

/**
 * Finds the Cursor rules that load for an agent started in `cwd` (Cursor reads them from the workspace root, which
 * is cwd here; labels are relative to cwd, which is `Discovery.root`):
 *
 * 1. `.cursorrules` in cwd (legacy; loads whole, first).
 * 2. `.cursor/rules/*.mdc` in cwd, sorted by name in code-unit order (subdirectories not entered), each by its
 *    frontmatter (see {@link parseCursorFrontmatter}):
 *    - `alwaysApply: true`: loads ("Always").
 *    - else `globs`: loads when `options.targetPath` matches one of them ({@link globMatch}; "Auto Attached");
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
      let matched = false;
      if (target !== undefined) {
        for (const glob of fields.globs) {
          try {
            if (globMatch(glob, target)) matched = true;
          } catch (err) {
            if (!(err instanceof PromptasmError)) throw err;
            notes.push({ path, message: `${path}: glob ${JSON.stringify(glob)} ignored: ${err.message}` });
          }
          if (matched) break;
        }
      }
      if (matched) files.push({ ...file, text: body });
      else if (fields.description !== undefined) request();
      else {
        const why = target === undefined ? "no targetPath was given" : `${JSON.stringify(target)} does not match`;
        notes.push({ path, message: `${path}: not loaded, globs ${list}: ${why}` });
      }
    } else if (fields.description !== undefined) {
      request();
    } else {
      notes.push({
        path,
        message: `${path}: not loaded, a manual rule (no alwaysApply, globs or description): it loads when @-mentioned`,
      });
    }
  }
  noteInvalidUtf8(files, notes);
  return { kind: files.length > 0 ? "cursor" : "none", root: cwd, files, notes, requestable };
}

/**
 * Splits a rule into its frontmatter block and its body, with the same fence rules as {@link stripFrontmatter}
 * (first line exactly `---`, closed by the next line exactly `---`; a leading BOM is tolerated and kept in `body`).
 * @returns `frontmatter`: the lines between the fences, or null when there is no frontmatter; `body`: the rest.
 */
export function splitFrontmatter(text: string): { frontmatter: string | null; body: string } {
  const body = stripFrontmatter(text);
  if (body === text) return { frontmatter: null, body };
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  const block = text.slice(bom, text.length - body.length + bom);
  // Drop the opening fence line and the closing fence line.
  const inner = block.slice(block.indexOf("\n") + 1).replace(/(?:^|\n)---\r?\n?$/, "");
  return { frontmatter: inner, body };
}

/**
 * Parses the keys of a Cursor rule's frontmatter that decide when it loads. Not a YAML parser: it reads top-level
 * `key: value` lines, where value is a plain scalar (a ` #` comment is dropped), a "double-" or 'single-quoted'
 * string, a flow list `[a, "b"]`, or nothing followed by block-list lines `- item`. `description` is kept as a
 * string; `globs` is split on commas outside braces when it is a string (Cursor's own format, e.g.
 * `globs: *.{ts,tsx}, src/**`) and taken item by item when it is a list; `alwaysApply` must be `true` or `false`
 * (any case). Other keys, blank lines and `#` comment lines are ignored; an indented line after a plain scalar
 * continues it (joined with a space). Anything else is reported in `problems` (in line order) and the key is left
 * out.
 */
export function parseCursorFrontmatter(block: string): { fields: CursorFrontmatter; problems: string[] } {
  const raw = new Map<string, { value: RawValue; line: number }>();
  const problems: { line: number; text: string }[] = [];
  const lines = block.split(/\r\n|\n|\r/);
  let listKey: string | null = null; // the key whose value is a block list being read
  let lastKey: string | null = null; // the key of the previous line, for indented continuation lines
  lines.forEach((line, index) => {
    const n = index + 1;
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const item = /^\s*-(?:\s+(.*)|\s*)$/.exec(line);
    if (item && listKey !== null) {
      const entry = raw.get(listKey)!;
      const v = parseScalar(item[1] ?? "");
      if (entry.value.kind !== "list") entry.value = { kind: "list", items: [] };
      entry.value.items.push(v.text);
      return;
    }
    const last = lastKey === null ? undefined : raw.get(lastKey);
    if (/^\s/.test(line) && last && last.value.kind === "scalar" && !last.value.quoted) {
      // An indented line continues a plain scalar, folded with one space.
      last.value.text = `${last.value.text} ${parseScalar(line).text}`.trim();
      return;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
    if (!kv) {
      problems.push({ line: n, text: `line ${n} is not "key: value": ${JSON.stringify(line)}` });
      listKey = lastKey = null;
      return;
    }
    const [, key, rest = ""] = kv;
    const value = parseValue(rest);
    raw.set(key, { value, line: n });
    listKey = value.kind === "empty" ? key : null;
    lastKey = key;
  });

  const fields: CursorFrontmatter = {};
  const description = raw.get("description");
  if (description) {
    const v = description.value;
    const text = v.kind === "list" ? v.items.join(", ") : v.kind === "empty" ? "" : v.text;
    if (text.trim() !== "") fields.description = text.trim();
  }
  const globs = raw.get("globs");
  if (globs) {
    const v = globs.value;
    const items = v.kind === "list" ? v.items : v.kind === "empty" ? [] : splitCommas(v.text, false);
    const list = items.map((g) => g.trim()).filter((g) => g !== "");
    if (list.length > 0) fields.globs = list;
  }
  const always = raw.get("alwaysApply");
  if (always) {
    const v = always.value;
    if (v.kind === "scalar" && !v.quoted && /^(?:true|false)$/i.test(v.text)) {
      fields.alwaysApply = v.text.toLowerCase() === "true";
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

type RawValue =
  | { kind: "empty" }
  | { kind: "scalar"; text: string; quoted: boolean }
  | { kind: "list"; items: string[] };

function parseValue(rest: string): RawValue {
  const t = rest.trim();
  if (t === "" || t.startsWith("#")) return { kind: "empty" };
  if (t.startsWith("[")) {
    const close = t.lastIndexOf("]");
    if (close > 0) {
      const inner = t.slice(1, close);
      const items = inner.trim() === "" ? [] : splitCommas(inner, true).map((s) => parseScalar(s).text);
      return { kind: "list", items };
    }
  }
  const s = parseScalar(t);
  return { kind: "scalar", text: s.text, quoted: s.quoted };
}

// Splits on commas outside braces ("*.{ts,tsx}" is one glob) and, in a flow list, outside quotes.
function splitCommas(inner: string, quotes: boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (quotes && (c === '"' || c === "'")) quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      out.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  out.push(inner.slice(from));
  return out;
}

function parseScalar(raw: string): { text: string; quoted: boolean } {
  const t = raw.trim();
  if (t.length >= 2 && t.startsWith('"')) {
    const end = closingQuote(t, '"');
    if (end > 0) {
      const body = t.slice(1, end);
      const text = body.replace(/\\(["\\/nt])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
      return { text, quoted: true };
    }
  }
  if (t.length >= 2 && t.startsWith("'")) {
    const end = closingQuote(t, "'");
    if (end > 0) return { text: t.slice(1, end).replace(/''/g, "'"), quoted: true };
  }
  // A plain scalar: a comment starts at " #".
  return { text: t.replace(/\s+#.*$/, "").trim(), quoted: false };
}

function closingQuote(t: string, q: string): number {
  for (let i = 1; i < t.length; i++) {
    if (q === '"' && t[i] === "\\") {
      i++;
      continue;
    }
    if (t[i] !== q) continue;
    if (q === "'" && t[i + 1] === "'") {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}

/**
 * True when `path` (POSIX, relative, e.g. "src/ui/button.tsx") matches the glob `pattern`: `*` matches any run of
 * characters within one path segment, `?` one character (UTF-16 code unit) other than `/`, `**` as a whole segment
 * any number of segments (zero included; `**` inside a segment acts as `*`), and `{a,b}` either alternative (nested
 * braces work; a brace with no top-level comma is literal). There are no character classes or escapes: `[`, `]` and
 * `\` match themselves. Patterns are anchored at both ends and relative to cwd: `*.ts` matches "a.ts" but not
 * "src/a.ts" (write `**\/*.ts`). A leading `./` or `/` is ignored, and a trailing `/` means everything below (`src/`
 * is `src/**`). Dot files are matched like any other name. Runs in O(alternatives × pattern × path) time, with no
 * backtracking blow-up on hostile patterns.
 * @throws PromptasmError E_ARG when braces expand to more than {@link GLOB_MAX_ALTERNATIVES} (1,024) alternatives.
 */
export function globMatch(pattern: string, path: string): boolean {
  let p = pattern.replace(/^(?:\.\/|\/)+/, "");
  if (p.endsWith("/")) p += "**";
  const target = normalize(path).split("/").filter((s) => s !== "" && s !== ".");
  for (const alt of expandBraces(p)) {
    if (matchSegments(alt.split("/").filter((s) => s !== "" && s !== "."), target)) return true;
  }
  return false;
}

/**
 * Expands `{a,b}` alternatives (nested, left to right) into brace-free patterns: "src/{a,b{c,d}}.ts" →
 * ["src/a.ts", "src/bc.ts", "src/bd.ts"]. A brace with no top-level comma, or an unclosed one, stays literal.
 * @throws PromptasmError E_ARG past {@link GLOB_MAX_ALTERNATIVES} (1,024) alternatives.
 */
export function expandBraces(pattern: string): string[] {
  const out: string[] = [];
  const expand = (s: string, from: number): void => {
    for (let i = from; i < s.length; i++) {
      if (s[i] !== "{") continue;
      let depth = 0;
      const commas: number[] = [];
      let j = i;
      for (; j < s.length; j++) {
        if (s[j] === "{") depth++;
        else if (s[j] === "}" && --depth === 0) break;
        else if (s[j] === "," && depth === 1) commas.push(j);
      }
      if (j === s.length) break; // unclosed: literal to the end
      if (commas.length === 0) continue; // "{a}": literal; a brace inside it is tried next
      const head = s.slice(0, i);
      const tail = s.slice(j + 1);
      const bounds = [i, ...commas, j];
      for (let k = 0; k + 1 < bounds.length; k++) {
        // Everything before `i` is brace-free or literal already, so the next search starts at `i`.
        expand(head + s.slice(bounds[k] + 1, bounds[k + 1]) + tail, i);
      }
      return;
    }
    if (out.length >= GLOB_MAX_ALTERNATIVES) {
      throw new PromptasmError("E_ARG", `braces expand to more than ${GLOB_MAX_ALTERNATIVES} alternatives`);
    }
    out.push(s);
  };
  expand(pattern, 0);
  return out;
}

// Segment-level matching: `**` takes zero or more whole segments. match[i][j]: pattern segments from i match path
// segments from j; filled from the end, so each (i, j) is computed once.
function matchSegments(pattern: string[], path: string[]): boolean {
  let next: boolean[] = new Array<boolean>(path.length + 1).fill(false); // row i + 1
  next[path.length] = true; // an empty pattern matches only the end
  for (let i = pattern.length - 1; i >= 0; i--) {
    const row: boolean[] = new Array<boolean>(path.length + 1).fill(false);
    const seg = pattern[i];
    for (let j = path.length; j >= 0; j--) {
      if (seg === "**") row[j] = next[j] || (j < path.length && row[j + 1]);
      else row[j] = j < path.length && next[j + 1] && matchSegment(seg, path[j]);
    }
    next = row;
  }
  return next[0];
}

// `*` and `?` within one segment (which has no "/"): the classic two-pointer wildcard match, O(|seg| × |name|)
// at worst, never exponential.
function matchSegment(seg: string, name: string): boolean {
  let s = 0;
  let n = 0;
  let star = -1;
  let mark = 0;
  while (n < name.length) {
    if (s < seg.length && (seg[s] === "?" || (seg[s] !== "*" && seg[s] === name[n]))) {
      s++;
      n++;
    } else if (s < seg.length && seg[s] === "*") {
      star = s++;
      mark = n;
    } else if (star >= 0) {
      s = star + 1;
      n = ++mark;
    } else {
      return false;
    }
  }
  while (s < seg.length && seg[s] === "*") s++;
  return s === seg.length;
}

// targetPath as a path relative to cwd ("" for cwd itself).
function targetRelativeTo(cwd: string, targetPath: string): string {
  const abs = isAbsolute(targetPath) ? normalize(targetPath) : join(cwd, targetPath);
  if (!isWithin(cwd, abs) || (!isAbsolute(targetPath) && normalize(targetPath).startsWith(".."))) {
    throw new PromptasmError("E_ARG", `targetPath ${JSON.stringify(targetPath)} is outside cwd ${cwd}`);
  }
  return relative(cwd, abs);
}

// Glob matching for conditional rules (Cursor `globs`, Copilot `applyTo`, Windsurf `globs`, Kiro
// `fileMatchPattern`, Cline `paths`). Our own matcher rather than picomatch: rule globs come from the repository,
// and picomatch compiles them to backtracking RegExps, where `*a*a*a…b` against a long path takes polynomial time;
// this one is linear per alternative and needs no RegExp at all. Runtime-neutral.
import { PromptasmError } from "../errors.js";
import { normalize } from "./paths.js";

/** 1,024: the most alternatives one glob may expand to through `{a,b}`; a larger glob matches nothing (noted). */
export const GLOB_MAX_ALTERNATIVES = 1024;

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
 * {@link globMatch} with the rule Cursor, Windsurf, Kiro and Cline follow (as .gitignore does): a pattern with no
 * `/` in it matches a name at any depth, so `*.ts` matches "src/index.ts" and `{Makefile,*.mk}` matches
 * "build/rules.mk". A pattern with a `/` anywhere (leading, inner or trailing) stays anchored at the root.
 * @throws PromptasmError E_ARG as globMatch.
 */
export function globMatchAnyDepth(pattern: string, path: string): boolean {
  return globMatch(pattern.includes("/") ? pattern : `**/${pattern}`, path);
}

/**
 * Whether any of `patterns` matches `path` (with {@link globMatchAnyDepth} when `anyDepth`, else
 * {@link globMatch}); a pattern that throws (too many alternatives) counts as no match and is reported through
 * `bad` with the error's message.
 */
export function anyGlobMatches(
  patterns: readonly string[],
  path: string,
  anyDepth: boolean,
  bad: (pattern: string, message: string) => void,
): boolean {
  for (const pattern of patterns) {
    try {
      if (anyDepth ? globMatchAnyDepth(pattern, path) : globMatch(pattern, path)) return true;
    } catch (err) {
      if (!(err instanceof PromptasmError)) throw err;
      bad(pattern, err.message);
    }
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


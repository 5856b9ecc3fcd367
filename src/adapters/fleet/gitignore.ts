// .gitignore rules for a directory walk, with the `ignore` package's semantics (it follows `git check-ignore`):
// each .gitignore applies to the paths below its own directory, relative to that directory, and a deeper file
// takes precedence over a shallower one (its `!pattern` can re-include what a parent's pattern excluded). Patterns
// match case-sensitively, as git does on Linux (core.ignorecase false).
//
// Only .gitignore files met in the walk count: not .git/info/exclude, core.excludesFile, or a .gitignore above the
// scanned root. A directory the rules exclude is not entered, so nothing below it can be re-included, as in git.

import ignore, { type Ignore } from "ignore";

/** The .gitignore files in force for one directory of the walk: those of the directory and its ancestors. */
export interface IgnoreChain {
  /** Outermost first. `base` is the directory of the .gitignore, relative to the walk's root ("" for the root). */
  readonly levels: ReadonlyArray<{ base: string; rules: Ignore }>;
}

/** No rules: what a walk starts with. */
export const NO_IGNORES: IgnoreChain = { levels: [] };

/**
 * The chain for a directory that has a .gitignore: `parent`'s levels plus this one's rules.
 * @param base the directory holding the .gitignore, relative to the walk's root, POSIX ("" for the root).
 * @param text the .gitignore's contents (blank lines and `#` comments are allowed, as in git).
 */
export function withGitignore(parent: IgnoreChain, base: string, text: string): IgnoreChain {
  return { levels: [...parent.levels, { base, rules: ignore({ ignorecase: false }).add(text) }] };
}

/**
 * Whether `rel` is ignored by the chain: the deepest .gitignore with a pattern matching it decides (the last such
 * pattern in that file: a plain pattern ignores, a `!` pattern re-includes).
 * @param rel path relative to the walk's root, POSIX, below every level's `base`.
 * @param isDir whether the entry is a directory (patterns ending in "/" match directories only).
 */
export function isIgnored(chain: IgnoreChain, rel: string, isDir: boolean): boolean {
  let ignored = false;
  for (const { base, rules } of chain.levels) {
    const sub = base === "" ? rel : rel.slice(base.length + 1);
    const r = rules.test(isDir ? `${sub}/` : sub);
    if (r.ignored) ignored = true;
    else if (r.unignored) ignored = false;
  }
  return ignored;
}

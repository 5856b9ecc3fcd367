// POSIX path helpers for "/"-separated paths. Discovery must run in browsers and Workers too, so it cannot use
// node:path; these cover only what discovery needs and behave like node:path's posix variants on those inputs.

/** True when `path` starts with "/". */
export function isAbsolute(path: string): boolean {
  return path.startsWith("/");
}

/**
 * Collapses repeated "/", resolves "." and ".." segments and drops a trailing "/".
 * ".." never climbs above "/" in an absolute path; in a relative path leading ".." segments are kept.
 * An empty relative result is ".". Examples: "/a//b/../c/" → "/a/c", "a/./b" → "a/b", "/.." → "/".
 */
export function normalize(path: string): string {
  const absolute = isAbsolute(path);
  const out: string[] = [];
  for (const segment of path.split("/")) {
    if (segment === "" || segment === ".") continue;
    if (segment === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!absolute) out.push("..");
      continue;
    }
    out.push(segment);
  }
  const joined = out.join("/");
  if (absolute) return "/" + joined;
  return joined === "" ? "." : joined;
}

/** Joins the parts with "/" and normalizes the result (see {@link normalize}). `join("/a", "b/../c")` → "/a/c". */
export function join(...parts: string[]): string {
  return normalize(parts.filter((p) => p !== "").join("/"));
}

/**
 * The parent directory of a normalized path. `dirname("/a/b")` → "/a", `dirname("/a")` → "/", `dirname("/")` → "/",
 * `dirname("a")` → ".".
 */
export function dirname(path: string): string {
  const p = normalize(path);
  const slash = p.lastIndexOf("/");
  if (slash < 0) return ".";
  return slash === 0 ? "/" : p.slice(0, slash);
}

/**
 * The path from directory `from` to `to`, both absolute; "" when they are the same.
 * `relative("/r", "/r/a/B.md")` → "a/B.md", `relative("/r/a", "/r/b")` → "../b".
 * Throws a TypeError when either path is relative (there is no cwd to resolve it against here).
 */
export function relative(from: string, to: string): string {
  if (!isAbsolute(from) || !isAbsolute(to)) throw new TypeError(`relative() needs absolute paths: "${from}", "${to}"`);
  const a = segments(from);
  const b = segments(to);
  let common = 0;
  while (common < a.length && common < b.length && a[common] === b[common]) common++;
  const up: string[] = new Array<string>(a.length - common).fill("..");
  return [...up, ...b.slice(common)].join("/");
}

/** True when `path` is `dir` or lies below it (both absolute; compared after normalizing). */
export function isWithin(dir: string, path: string): boolean {
  const d = normalize(dir);
  const p = normalize(path);
  return p === d || p.startsWith(d === "/" ? "/" : d + "/");
}

function segments(absolute: string): string[] {
  const p = normalize(absolute);
  return p === "/" ? [] : p.slice(1).split("/");
}

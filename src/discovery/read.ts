// What every discovery policy does the same way: check cwd, find the project root, walk the directories between,
// read one candidate file into a DiscoveredFile or a note, list a directory in an order no reader can change.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { dirname, isAbsolute, isWithin, join, normalize, relative } from "./paths.js";
import type { DirEntry, WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote } from "./types.js";

/**
 * Normalizes `cwd` and checks that it is an existing directory.
 * @returns the normalized absolute path.
 * @throws PromptasmError E_ARG when `cwd` is not absolute; E_NOT_FOUND (naming the option, `what`, and the path,
 *   e.g. "cwd /ws/nope: no such directory") when nothing is there or it is not a directory. Reader errors from `kind()` pass through.
 */
export async function checkDir(reader: WorkspaceReader, cwd: string, what = "cwd"): Promise<string> {
  if (!isAbsolute(cwd)) throw new PromptasmError("E_ARG", `${what} must be an absolute path: ${cwd}`);
  const dir = normalize(cwd);
  const kind = await reader.kind(dir);
  if (kind !== "dir") {
    throw new PromptasmError("E_NOT_FOUND", `${what} ${dir}: ${kind === null ? "no such directory" : "not a directory"}`);
  }
  return dir;
}

/**
 * The nearest directory, from `cwd` itself up to "/", that contains an entry (file or directory) named by one of
 * `markers`; null when there is none or `markers` is empty. `cwd` must be absolute and normalized.
 */
export async function findRootByMarkers(
  reader: WorkspaceReader,
  cwd: string,
  markers: readonly string[],
): Promise<string | null> {
  if (markers.length === 0) return null;
  for (let dir = cwd; ; dir = dirname(dir)) {
    for (const marker of markers) {
      if ((await reader.kind(join(dir, marker))) !== null) return dir;
    }
    if (dir === "/") return null;
  }
}

/**
 * The project root: `root` when given (normalized; it must contain `cwd`), else the marker search.
 * @throws PromptasmError E_ARG when `root` is not absolute or does not contain `cwd`.
 */
export async function resolveRoot(
  reader: WorkspaceReader,
  cwd: string,
  root: string | undefined,
  markers: readonly string[],
): Promise<string | null> {
  if (root === undefined) return findRootByMarkers(reader, cwd, markers);
  if (!isAbsolute(root)) throw new PromptasmError("E_ARG", `root must be an absolute path: ${root}`);
  const r = normalize(root);
  if (!isWithin(r, cwd)) throw new PromptasmError("E_ARG", `cwd ${cwd} is not inside root ${r}`);
  return r;
}

/** The directories from `root` down to `cwd`, root first; just `[cwd]` when `root` is null. */
export function chainDown(cwd: string, root: string | null): string[] {
  const up = [cwd];
  while (root !== null && up[up.length - 1] !== root) up.push(dirname(up[up.length - 1]));
  return up.reverse();
}

/** Code-unit order, so results are the same in every locale and for every reader. */
export function compareNames(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Reads one candidate file. Null when it is missing (silently), binary, too large or unreadable (each with a note
 * naming the path), or blank (whitespace only) after `transform`. Invalid UTF-8 is not noted here: see
 * {@link noteInvalidUtf8}, which runs once the files that load are known.
 * @param base the directory labels are relative to.
 */
export async function readCandidate(
  reader: WorkspaceReader,
  path: string,
  base: string,
  notes: DiscoveryNote[],
  transform: (text: string) => string = (t) => t,
): Promise<DiscoveredFile | null> {
  // A context file that is a symbolic link out of the workspace (say AGENTS.md -> ~/.aws/credentials in a cloned
  // repository) would put a local file into the prompt: refuse it.
  if (reader.realPath) {
    const [real, realBase] = await Promise.all([reader.realPath(path), reader.realPath(base)]);
    if (real !== null && realBase !== null && real !== path && !isWithin(realBase, real)) {
      const message = `${path}: skipped, a symbolic link to ${real}, outside the workspace ${realBase}`;
      notes.push({ path, message, reason: "outside-workspace" });
      return null;
    }
  }
  const r = await reader.read(path);
  switch (r.kind) {
    case "missing": {
      // A symbolic link to nothing reads as missing; say so rather than skip it silently.
      const target = reader.readLink ? await reader.readLink(path) : null;
      if (target !== null) {
        notes.push({ path, message: `${path}: skipped, a broken symbolic link (to ${target})`, reason: "broken-link" });
      }
      return null;
    }
    case "binary":
      notes.push({ path, message: `${path}: skipped, binary (NUL byte in the first 8 KiB)` });
      return null;
    case "too-large":
      notes.push({ path, message: `${path}: skipped, ${r.bytes} bytes is over the ${r.limit}-byte limit` });
      return null;
    case "error":
      // Readers name the path in front of their message ("<path>: permission denied"): do not say it twice.
      notes.push({ path, message: `${path}: skipped, unreadable: ${r.message.startsWith(`${path}: `) ? r.message.slice(path.length + 2) : r.message}` });
      return null;
  }
  const text = transform(r.text);
  if (text.trim() === "") return null;
  const file: DiscoveredFile = { path, label: relative(base, path), text, bytes: r.bytes };
  if (r.invalidUtf8At !== undefined) file.invalidUtf8At = r.invalidUtf8At;
  return file;
}

/**
 * Lists `dir` sorted by name (code-unit order). A directory that is not there lists as empty; one the reader
 * cannot read (PromptasmError E_IO) lists as empty with a note. Other errors pass through.
 */
export async function listSorted(reader: WorkspaceReader, dir: string, notes: DiscoveryNote[]): Promise<DirEntry[]> {
  let entries: DirEntry[];
  try {
    entries = (await reader.list(dir)) ?? [];
  } catch (err) {
    if (!(err instanceof PromptasmError && err.code === "E_IO")) throw err;
    notes.push({ path: dir, message: `${dir}: skipped, unreadable: ${err.message}` });
    return [];
  }
  return [...entries].sort((a, b) => compareNames(a.name, b.name));
}

/** The note for a listed entry that is neither a file nor a directory (a broken symlink, a socket, …). */
export function notRegularNote(path: string): DiscoveryNote {
  return { path, message: `${path}: skipped, not a regular file (or a broken symbolic link)` };
}

/** Appends one note per loaded file with invalid UTF-8, in `files` order. */
export function noteInvalidUtf8(files: readonly DiscoveredFile[], notes: DiscoveryNote[]): void {
  for (const f of files) {
    if (f.invalidUtf8At !== undefined) {
      notes.push({ path: f.path, message: `${f.path}: invalid UTF-8 at byte ${f.invalidUtf8At} replaced with U+FFFD` });
    }
  }
}

/**
 * The files with each real file once: when the reader resolves symbolic links (`realPath`), a file whose real path
 * is that of an earlier one (CLAUDE.md and `.claude/CLAUDE.md -> ../CLAUDE.md`) is dropped with a "duplicate" note
 * naming the one kept. Order is kept. Without `realPath` only equal paths count as the same file.
 */
export async function dropSameFiles(
  reader: WorkspaceReader,
  files: readonly DiscoveredFile[],
  notes: DiscoveryNote[],
): Promise<DiscoveredFile[]> {
  const seen = new Map<string, DiscoveredFile>();
  const out: DiscoveredFile[] = [];
  for (const file of files) {
    const real = (reader.realPath ? await reader.realPath(file.path) : null) ?? file.path;
    const first = seen.get(real);
    if (first) {
      const how = first.path === file.path ? "already loaded" : `the same file as ${first.label} (a symbolic link)`;
      notes.push({ path: file.path, message: `${file.path}: skipped, ${how}`, reason: "duplicate" });
      continue;
    }
    seen.set(real, file);
    out.push(file);
  }
  return out;
}

/**
 * The common end of a policy: drops second copies of one real file ({@link dropSameFiles}), adds the invalid-UTF-8
 * caveats, and builds the Discovery (`kind` is `name` when a file loads, else "none").
 */
export async function finish(
  reader: WorkspaceReader,
  name: string,
  root: string,
  found: readonly DiscoveredFile[],
  notes: DiscoveryNote[],
  extra: Partial<Pick<Discovery, "cut" | "requestable">> = {},
): Promise<Discovery> {
  const files = await dropSameFiles(reader, found, notes);
  noteInvalidUtf8(files, notes);
  return { kind: files.length > 0 ? name : "none", root, files, notes, ...extra };
}

/**
 * `targetPath` as a POSIX path relative to `cwd` ("" for cwd itself).
 * @throws PromptasmError E_ARG when it lies outside cwd.
 */
export function targetRelativeTo(cwd: string, targetPath: string): string {
  const abs = isAbsolute(targetPath) ? normalize(targetPath) : join(cwd, targetPath);
  if (!isWithin(cwd, abs) || (!isAbsolute(targetPath) && normalize(targetPath).startsWith(".."))) {
    throw new PromptasmError("E_ARG", `targetPath ${JSON.stringify(targetPath)} is outside cwd ${cwd}`);
  }
  return relative(cwd, abs);
}

/** The directories a repository-level policy reads: the project root and cwd, root first, once when they are one. */
export function rootAndCwd(cwd: string, root: string | null): string[] {
  return root === null || root === cwd ? [cwd] : [root, cwd];
}

/**
 * The regular files below `dir` whose name passes `accept`, as absolute paths sorted by path in code-unit order;
 * `recursive` enters subdirectories (at most `maxDepth` levels, 8 by default, so a link loop cannot run forever).
 * Entries that are neither file nor directory are noted ({@link notRegularNote}) when their name passes `accept`.
 */
export async function listFiles(
  reader: WorkspaceReader,
  dir: string,
  notes: DiscoveryNote[],
  accept: (name: string) => boolean,
  recursive: boolean,
  maxDepth = 8,
): Promise<string[]> {
  const out: string[] = [];
  const walk = async (d: string, depth: number): Promise<void> => {
    for (const entry of await listSorted(reader, d, notes)) {
      const path = join(d, entry.name);
      if (entry.kind === "dir") {
        if (recursive && depth < maxDepth) await walk(path, depth + 1);
      } else if (accept(entry.name)) {
        if (entry.kind === "other") notes.push(notRegularNote(path));
        else out.push(path);
      }
    }
  };
  await walk(dir, 0);
  return out.sort(compareNames);
}

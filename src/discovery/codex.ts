// The Codex discovery policy: the AGENTS chain from the project root down to cwd, one file per directory, under a
// combined byte budget, as OpenAI's Codex CLI builds its "project docs". Runtime-neutral: all I/O goes through a
// WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { join, normalize } from "./paths.js";
import { chainDown, checkDir, dropSameFiles, finish, readCandidate, resolveRoot } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type { DiscoveredFile, Discovery, DiscoveryNote, DiscoveryPolicyRecord } from "./types.js";

/** 32 KiB = 32,768 bytes: the combined budget, as Codex's `project_doc_max_bytes` default. */
export const CODEX_MAX_BYTES = 32_768;

/** `[".git"]`: what marks the project root, as Codex's `project_root_markers` default. */
export const CODEX_ROOT_MARKERS: readonly string[] = [".git"];

/** Options of {@link discoverCodex}. */
export interface CodexOptions {
  /** Absolute project root; it must contain cwd. Default: the nearest ancestor of cwd (or cwd) with a root marker. */
  root?: string;
  /** Entry names that mark the project root (files or directories). Default `[".git"]`; `[]` means cwd only. */
  rootMarkers?: string[];
  /** Names tried after `AGENTS.override.md` and `AGENTS.md`, in order, as Codex's `project_doc_fallback_filenames`. */
  fallbackNames?: string[];
  /** Combined budget in UTF-8 bytes over all loaded files (separators not counted). Default 32,768. */
  maxBytes?: number;
}

/**
 * Finds the project docs Codex would load for an agent started in `cwd`:
 *
 * - The project root is `options.root`, else the nearest directory from `cwd` up that contains one of
 *   `options.rootMarkers`; with no root only `cwd` is searched (as Codex does without a git root).
 * - In every directory from the root down to `cwd`, at most one file: the first non-empty of `AGENTS.override.md`,
 *   `AGENTS.md`, then each of `options.fallbackNames`. Files go root first. Identical contents are not merged
 *   (Codex does not merge them either), but two paths to one real file (a package's `AGENTS.md -> ../AGENTS.md`)
 *   count once, before the budget, with a "duplicate" note. A later name that is there while an earlier one won in
 *   its directory (AGENTS.md beside a non-empty AGENTS.override.md) gets a "shadowed" note.
 * - Budget: the UTF-8 size of the loaded texts adds up to at most `options.maxBytes` (default 32,768, as Codex's
 *   `project_doc_max_bytes`). The file that would cross it is cut at the budget, moved back to the last whole
 *   character so no UTF-8 sequence or surrogate pair is split; every later file is dropped. Each cut and each drop
 *   gets a note. A file whose cut leaves only whitespace is dropped. A file that fits exactly is taken whole.
 *
 * `DiscoveredFile.bytes` stays the size of the file on disk; a cut file's `text` is shorter. `kind` is "codex",
 * or "none" when nothing loads. Binary, too-large and unreadable files are treated as absent and noted; files
 * with invalid UTF-8 are taken and noted. Notes: skipped files in the order met, then cuts and drops, then
 * invalid-UTF-8 caveats. The result does not depend on `reader.list()` order (this policy never lists).
 *
 * @example
 * const d = await discoverCodex(reader, "/repo/services/api", { fallbackNames: ["CLAUDE.md"] });
 * d.files.map((f) => f.label); // ["AGENTS.md", "services/api/CLAUDE.md"]
 * @throws PromptasmError E_NOT_FOUND when `cwd` does not exist or is not a directory; E_ARG when `cwd` or `root`
 *   is not absolute, `cwd` is not inside `root`, `maxBytes` is not a non-negative safe integer, or a fallback name
 *   or root marker is empty, absolute or climbs with "..". Reader errors (E_IO) from `kind()` pass through.
 */
export async function discoverCodex(
  reader: WorkspaceReader,
  cwd: string,
  options: CodexOptions = {},
): Promise<Discovery> {
  const maxBytes = options.maxBytes ?? CODEX_MAX_BYTES;
  if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
    throw new PromptasmError("E_ARG", `maxBytes must be a non-negative integer: ${maxBytes}`);
  }
  const markers = (options.rootMarkers ?? CODEX_ROOT_MARKERS).map((m) => checkName(m, "root marker"));
  const fallbacks = (options.fallbackNames ?? []).map((n) => checkName(n, "fallback name"));
  cwd = await checkDir(reader, cwd);
  const root = await resolveRoot(reader, cwd, options.root, markers);
  const base = root ?? cwd;
  const notes: DiscoveryNote[] = [];

  // Codex's candidate list: the override, the default, then the unique fallbacks.
  const names: string[] = [];
  for (const n of ["AGENTS.override.md", "AGENTS.md", ...fallbacks]) if (!names.includes(n)) names.push(n);

  const chain: DiscoveredFile[] = [];
  for (const dir of chainDown(cwd, root)) {
    for (const [i, name] of names.entries()) {
      const file = await readCandidate(reader, join(dir, name), base, notes);
      if (!file) continue;
      chain.push(file);
      for (const later of names.slice(i + 1)) {
        const path = join(dir, later);
        if ((await reader.kind(path)) !== "file") continue;
        const message = `${path}: not loaded, ${file.label} takes precedence in its directory`;
        notes.push({ path, message, reason: "shadowed" });
      }
      break;
    }
  }
  // One real file once (a linked AGENTS.md), before the budget counts it.
  const found = await dropSameFiles(reader, chain, notes);

  const files: DiscoveredFile[] = [];
  const cut: NonNullable<Discovery["cut"]> = [];
  let remaining = maxBytes;
  let full = false; // a file has crossed the budget: every later one is dropped
  for (const file of found) {
    if (full) {
      notes.push({ path: file.path, message: `${file.path}: dropped, the ${maxBytes}-byte combined limit is used up` });
      cut.push({ path: file.path, label: file.label, originalChars: file.text.length, keptChars: 0, dropped: true });
      continue;
    }
    const size = utf8Length(file.text);
    if (size <= remaining) {
      files.push(file);
      remaining -= size;
      continue;
    }
    full = true;
    const keep = utf8Prefix(file.text, remaining);
    const text = file.text.slice(0, keep.end);
    if (text.trim() === "") {
      notes.push({
        path: file.path,
        message: `${file.path}: dropped, ${remaining} bytes of the ${maxBytes}-byte combined limit were left`,
      });
      cut.push({ path: file.path, label: file.label, originalChars: file.text.length, keptChars: 0, dropped: true });
      continue;
    }
    files.push({ ...file, text });
    cut.push({ path: file.path, label: file.label, originalChars: file.text.length, keptChars: text.length, dropped: false });
    notes.push({
      path: file.path,
      message: `${file.path}: cut to ${keep.bytes} of ${size} bytes at the ${maxBytes}-byte combined limit`,
    });
  }
  return finish(reader, "codex", base, files, notes, cut.length > 0 ? { cut } : {});
}

/** The Codex policy's registry record. Options beyond `root`: `maxBytes`, `fallbackNames`, `rootMarkers`. */
export const codexPolicy: DiscoveryPolicyRecord<"codex"> = {
  name: "codex",
  tool: "OpenAI Codex CLI",
  description: "Codex's project docs: one AGENTS file per directory from the root down, under a 32 KiB combined budget",
  files: ["AGENTS.override.md", "AGENTS.md"],
  precedence:
    "root first; in each directory the first non-empty of AGENTS.override.md, AGENTS.md (then any fallback names); " +
    "the file crossing 32 KiB is cut and later ones dropped",
  markers: ["AGENTS.override.md", "AGENTS.md"],
  inAuto: true,
  discover: (reader, cwd, options) => discoverCodex(reader, cwd, options as CodexOptions),
};

/**
 * The UTF-8 size of `text` in bytes, as TextEncoder would encode it (a lone surrogate counts 3 bytes: it is
 * encoded as U+FFFD).
 */
export function utf8Length(text: string): number {
  return utf8Prefix(text, Infinity).bytes;
}

/**
 * The longest prefix of `text` whose UTF-8 encoding fits in `maxBytes`, never ending inside a character.
 * @returns `end`: the prefix length in UTF-16 code units (for `text.slice(0, end)`); `bytes`: its UTF-8 size,
 *   at most `maxBytes` (less when the next character would not fit whole).
 * @example utf8Prefix("a€", 3) // { end: 1, bytes: 1 }: "€" takes 3 bytes and does not fit after "a".
 */
export function utf8Prefix(text: string, maxBytes: number): { end: number; bytes: number } {
  let bytes = 0;
  let i = 0;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    let size = 3; // U+0800..U+FFFF, and a lone surrogate (encoded as U+FFFD)
    let units = 1;
    if (c < 0x80) size = 1;
    else if (c < 0x800) size = 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < text.length) {
      const d = text.charCodeAt(i + 1);
      if (d >= 0xdc00 && d <= 0xdfff) {
        size = 4;
        units = 2;
      }
    }
    if (bytes + size > maxBytes) break;
    bytes += size;
    i += units;
  }
  return { end: i, bytes };
}

function checkName(name: string, what: string): string {
  if (name === "" || name.startsWith("/") || normalize(name).split("/").includes("..")) {
    throw new PromptasmError("E_ARG", `${what} must be a relative name inside the directory: ${JSON.stringify(name)}`);
  }
  return name;
}

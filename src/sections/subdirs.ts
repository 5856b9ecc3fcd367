// Context files of subdirectories the agent enters during a session. The frozen prompt holds the context files found
// at the start; when the agent later works in a directory below the root with its own AGENTS.md, that file's text is
// returned once, for the caller to append to the conversation (a tool result or a user turn), below the cache
// boundary. The frozen prompt's bytes never change. Each file passes the same scan as a context file.

import { PromptasmError } from "../errors.js";
import { isAbsolute, isWithin, join, normalize, relative } from "../discovery/paths.js";
import type { WorkspaceReader } from "../discovery/reader.js";
import { blockNotice } from "../guard/guard.js";
import type { Scanner } from "../scan/scanner.js";
import { normalizeText } from "./text-utils.js";

/** File names looked for in each directory, in this order; every one present loads (Hermes Agent loads AGENTS.md). */
export const SUBDIRECTORY_CONTEXT_NAMES: readonly string[] = ["AGENTS.md"];

/**
 * Longest text kept per file, in UTF-16 code units: 20,000, the hermes policy's per-file cap for a 200,000-token
 * window. A longer file keeps its first 70% and last 20% of that (Hermes Agent's split) around a marker line.
 */
export const SUBDIRECTORY_FILE_MAX = 20_000;

/** What contextForDirectory found. */
export interface SubdirectoryContextResult {
  /** The text to append ("" when nothing new): one "## <label>" part per file, outermost directory first. */
  text: string;
  /** Paths of the files whose text (or block notice) is in `text`. */
  files: string[];
  /** Labels (paths relative to the root) of files that were blocked: a notice stands in their place. */
  blocked: string[];
  /** Files skipped or cut (unreadable, binary, outside the root, truncated), one line each. */
  notes: string[];
}

/** A session's tracker of subdirectory context files; see createSubdirectoryContext. */
export interface SubdirectoryContext {
  /**
   * The context files of `dir` and of every directory between the root and `dir` that the session has not seen yet.
   * Each directory is looked at once per session; later calls for it return nothing new.
   * @param dir an absolute path; a directory outside the root gives an empty result with a note.
   * @throws PromptasmError E_ARG for a relative path.
   */
  contextForDirectory(dir: string): Promise<SubdirectoryContextResult>;
  /** Paths of context files already in the session (the frozen prompt's and those returned so far). */
  readonly loaded: ReadonlySet<string>;
}

/**
 * Starts tracking the subdirectory context files of one session.
 * @param options.reader the workspace reader the session's assembly used.
 * @param options.root the project root (absolute): directories outside it are never searched, and labels are relative
 *   to it, so the text does not depend on where the checkout sits.
 * @param options.scanner scans each file at the "context" scope: a high-severity finding (any finding with
 *   `warningsBlock`) replaces the file with a block notice.
 * @param options.loaded paths already in the frozen prompt (e.g. every `sources` entry of the assembled sections):
 *   those files are not returned again.
 * @param options.names file names to look for (default SUBDIRECTORY_CONTEXT_NAMES).
 * @param options.maxChars per-file cap in UTF-16 code units (default SUBDIRECTORY_FILE_MAX), an integer ≥ 100.
 * @throws PromptasmError E_ARG for a relative root or a bad maxChars.
 * @example
 *   const sub = createSubdirectoryContext({ reader, root: "/repo", scanner: pa, loaded: r.sections.flatMap((s) => s.sources) });
 *   const extra = await sub.contextForDirectory("/repo/services/api"); // append extra.text to the tool result
 */
export function createSubdirectoryContext(options: {
  reader: WorkspaceReader; root: string; scanner: Pick<Scanner, "scan">; loaded?: Iterable<string>;
  names?: readonly string[]; maxChars?: number; warningsBlock?: boolean;
}): SubdirectoryContext {
  if (typeof options.root !== "string" || !isAbsolute(options.root)) throw new PromptasmError("E_ARG", `root must be an absolute path, got ${JSON.stringify(options.root)}`);
  const max = options.maxChars ?? SUBDIRECTORY_FILE_MAX;
  if (!Number.isInteger(max) || max < 100) throw new PromptasmError("E_ARG", `maxChars must be an integer of at least 100, got ${JSON.stringify(max)}`);
  const root = normalize(options.root);
  const names = options.names ?? SUBDIRECTORY_CONTEXT_NAMES;
  const loaded = new Set<string>([...(options.loaded ?? [])].map((p) => normalize(p)));
  const seenDirs = new Set<string>();
  let realRoot: string | null | undefined;

  const contextForDirectory = async (dir: string): Promise<SubdirectoryContextResult> => {
    if (typeof dir !== "string" || !isAbsolute(dir)) throw new PromptasmError("E_ARG", `dir must be an absolute path, got ${JSON.stringify(dir)}`);
    const result: SubdirectoryContextResult = { text: "", files: [], blocked: [], notes: [] };
    const target = normalize(dir);
    if (!isWithin(root, target)) {
      result.notes.push(`${target} is outside the project root: no context files are read there`);
      return result;
    }
    // The root's own files are the frozen prompt's business: start one level below it.
    const rel = relative(root, target);
    const chain: string[] = [];
    let at = root;
    for (const seg of rel === "" ? [] : rel.split("/")) chain.push((at = join(at, seg)));
    const parts: string[] = [];
    for (const d of chain) {
      if (seenDirs.has(d)) continue;
      seenDirs.add(d);
      for (const name of names) {
        const path = join(d, name);
        if (loaded.has(path) || (await options.reader.kind(path)) !== "file") continue;
        const label = relative(root, path);
        if (options.reader.realPath) {
          realRoot ??= await options.reader.realPath(root);
          const real = await options.reader.realPath(path);
          if (real === null || realRoot === null || !isWithin(realRoot, real)) {
            result.notes.push(`${label}: a link that leads outside the project root, skipped`);
            continue;
          }
          if (loaded.has(real)) continue;
          loaded.add(real);
        }
        loaded.add(path);
        const r = await options.reader.read(path);
        if (r.kind !== "text") {
          if (r.kind !== "missing") result.notes.push(`${label}: ${r.kind === "error" ? "unreadable" : r.kind === "binary" ? "a binary file" : "over the read limit"}, skipped`);
          continue;
        }
        const text = normalizeText(r.text);
        if (text === "") continue;
        const findings = options.scanner.scan(r.text, { scope: "context" });
        const blocks = findings.length > 0 && (options.warningsBlock === true || findings.some((f) => f.severity !== "low"));
        let body: string;
        if (blocks) {
          body = blockNotice(label, findings);
          result.blocked.push(label);
        } else {
          body = cut(text, max);
          if (body !== text) result.notes.push(`${label}: ${text.length} chars is over the ${max}-char cap: cut to the first 70% and the last 20% of the cap`);
        }
        result.files.push(path);
        parts.push(`## ${label}\n\n${body}`);
      }
    }
    if (parts.length > 0) result.text = `# Context files of directories entered in this session\n\n${parts.join("\n\n")}`;
    return result;
  };
  return { contextForDirectory, loaded };
}

/** Head 70% / tail 20% of `max` around a marker line, never splitting a surrogate pair. */
function cut(text: string, max: number): string {
  if (text.length <= max) return text;
  let head = Math.floor(max * 0.7);
  let tailStart = text.length - Math.floor(max * 0.2);
  if ((text.charCodeAt(head) & 0xfc00) === 0xdc00) head--;
  if ((text.charCodeAt(tailStart) & 0xfc00) === 0xdc00) tailStart++;
  return `${text.slice(0, head)}\n\n[promptasm cut ${tailStart - head} chars from the middle of this file: kept the first ${head} and the last ${text.length - tailStart} of ${text.length}.]\n\n${text.slice(tailStart)}`;
}

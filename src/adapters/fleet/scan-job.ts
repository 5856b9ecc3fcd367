// Scans one file for `promptasm scan`: the unit of work a fleet worker runs (and what the CLI ran in-process before
// fleet scanning). Small files are read whole and their bytes scanned with Scanner.scanBytes; files over STREAM_ABOVE_BYTES
// stream through the core in chunks (scanFile), so memory stays flat whatever the size. The outcome is plain data
// (structured-clone safe), so it crosses a worker boundary as is; the CLI turns it into lines and notes.

import { statSync } from "node:fs";
import { PromptasmError } from "../../errors.js";
import { INVISIBLE_RULE_ID, type RuleScope } from "../../scan/rules.js";
import { EXCERPT_CHARS, excerpt, type Finding, type Scanner } from "../../scan/scanner.js";
import { BINARY_SNIFF_BYTES, NodeWorkspaceReader } from "../node/reader.js";
import { scanFile } from "../node-scan-file.js";
import { largeFilePlan, looksBinary } from "../decode.js";
import { readHeadSync } from "../node/head.js";

/**
 * Files over this many bytes (8 MiB) stream through the core in chunks (scanFile: memory stays flat, same
 * findings); smaller files are read whole, which is faster for them.
 */
export const STREAM_ABOVE_BYTES = 8 * 1024 * 1024;

/** One file to scan. Plain data: it is posted to a worker thread. */
export interface FileJob {
  /** Absolute path of the file. */
  path: string;
  /**
   * Scan it as text even when it looks binary (a NUL byte in the first 8 KiB), NULs kept as U+0000: set for agent
   * context files and files named on the command line, so a NUL byte is no way around the scan.
   */
  asText: boolean;
  /** Rules to run. */
  scope: RuleScope;
  /** Files over this many bytes are skipped ("too-large"). */
  maxBytes: number;
}

/**
 * Where a finding sits for SARIF: `length` UTF-16 code units from its column, on its line (at least 1), and the
 * text there for display (escaped as excerpts are). For a file read whole this is the match start up to the end
 * of its line, at most EXCERPT_CHARS (60) code units (the engine reports where matches start, not where they end);
 * an invisible character covers itself (one code unit, two for an astral one). For a streamed file a threat's region
 * is its first code unit and the snippet the finding's excerpt, since the text is no longer at hand.
 */
export interface FindingRegion {
  length: number;
  snippet: string;
}

/** What scanning one file gave. */
export type FileOutcome =
  | {
    status: "scanned";
    /** File size in bytes. */
    bytes: number;
    /** As Scanner.scanDetailed (offsets and columns in UTF-16 code units). */
    findings: Finding[];
    /** One per finding, same order. */
    regions: FindingRegion[];
    /** Rules with more than MAX_FINDINGS_PER_RULE findings, and how many were left out. */
    suppressed: Array<{ rule: string; count: number }>;
    /** Byte offset of the first invalid UTF-8 sequence (scanned as U+FFFD). */
    invalidUtf8At?: number;
    /** The file has NUL bytes (scanned as U+0000). */
    containsNul: boolean;
    /** Whether it streamed through the core in chunks (over STREAM_ABOVE_BYTES) rather than being read whole. */
    streamed: boolean;
  }
  | { status: "binary"; bytes: number }
  | { status: "too-large"; bytes: number; limit: number }
  | { status: "missing" }
  /** `reason` says what went wrong, without the path, e.g. "input/output error (EIO)". */
  | { status: "error"; reason: string };

/** The file operations scanJob uses; tests pass their own to observe which path a file took. */
export interface ScanJobDeps {
  scanFile: typeof scanFile;
  reader: (options: { maxBytes: number; binaryAsText: boolean }) => Pick<NodeWorkspaceReader, "readBytesSync">;
}

const DEFAULT_DEPS: ScanJobDeps = {
  scanFile,
  reader: (options) => new NodeWorkspaceReader(options),
};

/** How a file read whole becomes text for SARIF regions (as the scanner decodes it: U+FFFD, BOM kept). */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** Size in bytes of the regular file at `path`, or -1 (not a regular file, or stat failed: the read reports it). */
function regularFileSize(path: string): number {
  try {
    const info = statSync(path);
    return info.isFile() ? info.size : -1;
  } catch {
    return -1;
  }
}

/** A message of the form "<path>: <reason>" without its path (the CLI shows the path its own way). */
function withoutPath(path: string, message: string): string {
  return message.startsWith(`${path}: `) ? message.slice(path.length + 2) : message;
}

/** UTF-16 length of the character at `offset` (2 for a surrogate pair). */
function charLength(codePoint: number | undefined): number {
  return codePoint !== undefined && codePoint > 0xffff ? 2 : 1;
}

/** The region of an invisible character: the character itself, shown escaped ("\\u200B"). */
function invisibleRegion(codePoint: number | undefined): FindingRegion {
  const length = charLength(codePoint);
  return { length, snippet: codePoint === undefined ? "" : excerpt(String.fromCodePoint(codePoint), 0) };
}

/** Regions of findings in a text held whole (see FindingRegion). */
export function regionsInText(text: string, findings: readonly Finding[]): FindingRegion[] {
  return findings.map((f) => {
    if (f.rule === INVISIBLE_RULE_ID) return invisibleRegion(f.codePoint);
    let end = f.offset;
    const stop = Math.min(text.length, f.offset + EXCERPT_CHARS);
    while (end < stop && text.charCodeAt(end) !== 0x0a && text.charCodeAt(end) !== 0x0d) end++;
    // Never end between the two halves of a surrogate pair.
    const last = text.charCodeAt(end - 1);
    if (end > f.offset + 1 && last >= 0xd800 && last <= 0xdbff) end--;
    const length = Math.max(1, end - f.offset);
    return { length, snippet: excerpt(text.slice(f.offset, f.offset + length), 0) };
  });
}

/**
 * A file read and ready to scan (see {@link loadJob}): its outcome when reading already decided it (missing,
 * unreadable, binary, too large), its text when it was read whole, or "stream" when it is over STREAM_ABOVE_BYTES.
 */
export type LoadedJob =
  | { kind: "done"; outcome: FileOutcome }
  | { kind: "bytes"; data: Uint8Array; bytes: number }
  | { kind: "stream" };

/**
 * The I/O half of {@link scanJob}: stat, size limit, binary sniff, and for a file up to STREAM_ABOVE_BYTES the read.
 * Synchronous: it runs in a worker thread that has nothing else to do meanwhile, where blocking reads of small files
 * cost about half the CPU time of asynchronous ones (see NodeWorkspaceReader.readSync; readBytesSync is its undecoded twin). Never throws for a file
 * problem (they become outcomes).
 */
export function loadJob(job: FileJob, deps: ScanJobDeps = DEFAULT_DEPS): LoadedJob {
  const size = regularFileSize(job.path);
  if (size > STREAM_ABOVE_BYTES) {
    if (size > job.maxBytes) return { kind: "done", outcome: { status: "too-large", bytes: size, limit: job.maxBytes } };
    const head = readHeadSync(job.path, BINARY_SNIFF_BYTES);
    // UTF-16 cannot go through UTF-8 chunks: it is read whole below (readBytesSync decodes it), or refused if huge.
    const plan = largeFilePlan(head, size);
    if (plan.kind === "refuse") return { kind: "done", outcome: { status: "error", reason: plan.reason } };
    if (plan.kind === "stream") {
      if (!job.asText && looksBinary(head)) return { kind: "done", outcome: { status: "binary", bytes: size } };
      return { kind: "stream" };
    }
  }
  const r = deps.reader({ maxBytes: job.maxBytes, binaryAsText: job.asText }).readBytesSync(job.path);
  switch (r.kind) {
    case "missing": return { kind: "done", outcome: { status: "missing" } };
    case "error": return { kind: "done", outcome: { status: "error", reason: withoutPath(job.path, r.message) } };
    case "binary": return { kind: "done", outcome: { status: "binary", bytes: r.bytes } };
    case "too-large": return { kind: "done", outcome: { status: "too-large", bytes: r.bytes, limit: r.limit } };
  }
  return { kind: "bytes", data: r.data, bytes: r.bytes };
}

/**
 * The scanning half of {@link scanJob}: runs the core over a loaded file (a file to stream is read here, chunk by
 * chunk, through scanFile). One at a time per core: scanFile's backward passes must not interleave with another scan.
 */
export async function finishJob(pa: { readonly scanner: Scanner }, job: FileJob, loaded: LoadedJob, deps: ScanJobDeps = DEFAULT_DEPS): Promise<FileOutcome> {
  if (loaded.kind === "done") return loaded.outcome;
  if (loaded.kind === "stream") {
    let r;
    try {
      r = await deps.scanFile(pa, job.path, { scope: job.scope });
    } catch (e) {
      if (!(e instanceof PromptasmError) || (e.code !== "E_IO" && e.code !== "E_NOT_FOUND")) throw e;
      return e.code === "E_NOT_FOUND" ? { status: "missing" } : { status: "error", reason: withoutPath(job.path, e.message) };
    }
    return {
      status: "scanned", bytes: r.bytes, findings: r.findings, suppressed: r.suppressed, containsNul: r.containsNul, streamed: true,
      regions: r.findings.map((f) => (f.rule === INVISIBLE_RULE_ID ? invisibleRegion(f.codePoint) : { length: 1, snippet: f.excerpt })),
      ...(r.invalidUtf8At !== undefined ? { invalidUtf8At: r.invalidUtf8At } : {}),
    };
  }
  // The bytes go to the core as read: a clean file is never decoded into a JS string (Scanner.scanBytes).
  const { findings, suppressed, invalidUtf8At } = pa.scanner.scanBytes(loaded.data, { scope: job.scope });
  return {
    status: "scanned", bytes: loaded.bytes, findings, suppressed, containsNul: loaded.data.includes(0), streamed: false,
    regions: findings.length > 0 ? regionsInText(utf8.decode(loaded.data), findings) : [],
    ...(invalidUtf8At !== undefined ? { invalidUtf8At } : {}),
  };
}

/**
 * Scans one file: stat, size limit, binary sniff, then the whole-file scan or, over STREAM_ABOVE_BYTES, the
 * streamed one ({@link loadJob} then {@link finishJob}). Never throws for a file problem: a missing file is
 * "missing", a read failure "error" with its reason (e.g. "input/output error (EIO)").
 * @param pa the loaded library: its core and compiled rules run the scan.
 * @throws whatever the core throws for a bug (E_WASM); the worker reports that as the file's error.
 */
export async function scanJob(pa: { readonly scanner: Scanner }, job: FileJob, deps: ScanJobDeps = DEFAULT_DEPS): Promise<FileOutcome> {
  return finishJob(pa, job, loadJob(job, deps), deps);
}

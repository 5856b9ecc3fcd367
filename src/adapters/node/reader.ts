// The Node implementation of WorkspaceReader, over node:fs/promises. Everything runtime-specific about reading a
// workspace lives here; discovery only sees ReadResult / DirEntry values.
import { closeSync, constants, openSync, readSync, statSync, type Stats } from "node:fs";
import { open, readdir, readlink, realpath, stat } from "node:fs/promises";
import { posix } from "node:path";
import { PromptasmError } from "../../errors.js";
import type { DirEntry, ReadResult, WorkspaceReader } from "../../discovery/reader.js";
import { decodeFileBytes, decodeUtf16Bom, looksBinary } from "../decode.js";

export { BINARY_SNIFF_BYTES, firstInvalidUtf8 } from "../decode.js";

/**
 * Default per-file limit: 256 MiB (268,435,456 bytes). Decoding UTF-8 yields at most one UTF-16 code unit per byte,
 * so a file under this limit always fits in one JS string (V8's string limit is about 2^29 code units), with room
 * to spare. Context files are normally kilobytes; the limit exists to refuse a mistaken multi-gigabyte file early.
 */
export const DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

/** Options for {@link NodeWorkspaceReader}. */
export interface NodeReaderOptions {
  /** Files larger than this many bytes read as `{ kind: "too-large" }`. Default {@link DEFAULT_MAX_BYTES} (256 MiB). */
  maxBytes?: number;
  /**
   * Read files with a NUL byte in the first 8 KiB as text anyway (UTF-8 decoded, NULs kept as U+0000) instead of
   * `{ kind: "binary" }`. Default false. The CLI sets it for files that must not escape a scan by looking binary:
   * context files and files named on the command line.
   */
  binaryAsText?: boolean;
}

/**
 * Reads a workspace from the local filesystem. Paths are absolute POSIX paths, used as given (no realpath).
 *
 * - `read()` never throws: a missing path (ENOENT, or ENOTDIR when a parent is a file) is `{ kind: "missing" }`;
 *   a directory or other non-regular file, EACCES and every other failure is `{ kind: "error", message }` with
 *   message `"<path>: <reason>"`; size (from stat, before reading) over `maxBytes` is `too-large`; a NUL byte in
 *   the first 8 KiB is `binary` (unless `binaryAsText`); otherwise UTF-8 text, with invalid sequences replaced by U+FFFD and the byte
 *   offset of the first one in `invalidUtf8At`. `bytes` is the file's size in bytes.
 * - `list()` follows symlinks to classify entries; a broken link is "other". Returns null for a missing path or a
 *   non-directory; throws PromptasmError E_IO when the directory exists but cannot be read (e.g. EACCES).
 * - `kind()` follows symlinks; null when nothing is there (ENOENT/ENOTDIR) or the target is neither a regular file
 *   nor a directory (socket, FIFO, device); throws PromptasmError E_IO for other failures (e.g. EACCES, ELOOP).
 */
export class NodeWorkspaceReader implements WorkspaceReader {
  /** The per-file byte limit in effect. */
  readonly maxBytes: number;
  /** Whether files that look binary are read as text (see {@link NodeReaderOptions.binaryAsText}). */
  readonly binaryAsText: boolean;

  /** @throws PromptasmError E_ARG when `maxBytes` is not a non-negative integer. */
  constructor(options: NodeReaderOptions = {}) {
    const maxBytes = options.maxBytes ?? DEFAULT_MAX_BYTES;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) {
      throw new PromptasmError("E_ARG", `maxBytes must be a non-negative integer, got ${maxBytes}`);
    }
    this.maxBytes = maxBytes;
    this.binaryAsText = options.binaryAsText ?? false;
  }

  async read(path: string): Promise<ReadResult> {
    let info: Stats;
    try {
      info = await stat(path);
    } catch (err) {
      return failed(path, err);
    }
    const refused = this.refuse(path, info);
    if (refused) return refused;
    let buf: Buffer;
    try {
      buf = await readBoundedAsync(path, this.maxBytes);
    } catch (err) {
      return failed(path, err); // the file can vanish or change between stat and read
    }
    return this.decode(buf);
  }

  /**
   * As read(), with synchronous I/O. For worker threads that do nothing else: a blocking read of a small file costs
   * less than an asynchronous one's two hand-offs to the libuv thread pool (about half the CPU time per file in
   * bench/fleet.ts, where files average 11 KB).
   */
  readSync(path: string): ReadResult {
    const r = this.readBytesSync(path);
    return r.kind === "bytes" ? decodeFileBytes(r.data, { binaryAsText: true }) : r;
  }

  /**
   * As readSync(), but a file to be read as text comes back as its bytes, undecoded (`{ kind: "bytes", data,
   * bytes }`), for a caller that hands bytes to the core (Scanner.scanBytes) and decodes only when it must. The
   * binary test (a NUL byte in the first 8 KiB, unless binaryAsText) and the size limit apply as in read(); a file
   * with a UTF-16 BOM comes back as its text re-encoded in UTF-8 (`bytes` is still its size on disk).
   */
  readBytesSync(path: string): Exclude<ReadResult, { kind: "text" }> | { kind: "bytes"; data: Buffer; bytes: number } {
    let info: Stats;
    try {
      info = statSync(path);
    } catch (err) {
      return failed(path, err) as Exclude<ReadResult, { kind: "text" }>;
    }
    const refused = this.refuse(path, info);
    if (refused) return refused as Exclude<ReadResult, { kind: "text" }>;
    let buf: Buffer;
    try {
      buf = readBoundedSync(path, this.maxBytes);
    } catch (err) {
      return failed(path, err) as Exclude<ReadResult, { kind: "text" }>;
    }
    if (buf.length > this.maxBytes) return { kind: "too-large", bytes: buf.length, limit: this.maxBytes };
    // UTF-16 with a BOM (decodeFileBytes): handed on re-encoded as UTF-8, which is what the core reads; `bytes`
    // stays the file's size.
    const utf16 = decodeUtf16Bom(buf);
    if (utf16 !== null) return { kind: "bytes", data: Buffer.from(utf16, "utf8"), bytes: buf.length };
    if (!this.binaryAsText && looksBinary(buf)) return { kind: "binary", bytes: buf.length };
    return { kind: "bytes", data: buf, bytes: buf.length };
  }

  /** What read() answers from stat alone: not a regular file, or over maxBytes; undefined when it is to be read. */
  private refuse(path: string, info: Stats): ReadResult | undefined {
    if (info.isDirectory()) return { kind: "error", message: `${path}: is a directory` };
    // Reading a FIFO or device could block forever or never end.
    if (!info.isFile()) return { kind: "error", message: `${path}: not a regular file` };
    if (info.size > this.maxBytes) return { kind: "too-large", bytes: info.size, limit: this.maxBytes };
    return undefined;
  }

  /** A file's bytes as read() reports them: too large (it grew), binary, or UTF-8 text. */
  private decode(buf: Buffer): ReadResult {
    if (buf.length > this.maxBytes) return { kind: "too-large", bytes: buf.length, limit: this.maxBytes };
    return decodeFileBytes(buf, { binaryAsText: this.binaryAsText });
  }

  async list(dir: string): Promise<DirEntry[] | null> {
    let dirents;
    try {
      dirents = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if (isMissing(err)) return null;
      throw new PromptasmError("E_IO", `${dir}: ${reason(err)}`, { cause: err });
    }
    return Promise.all(
      dirents.map(async (d): Promise<DirEntry> => {
        if (d.isSymbolicLink()) {
          try {
            const target = await stat(posix.join(dir, d.name));
            return { name: d.name, kind: target.isFile() ? "file" : target.isDirectory() ? "dir" : "other" };
          } catch {
            return { name: d.name, kind: "other" };
          }
        }
        return { name: d.name, kind: d.isFile() ? "file" : d.isDirectory() ? "dir" : "other" };
      }),
    );
  }

  async kind(path: string): Promise<"file" | "dir" | null> {
    try {
      const info = await stat(path);
      return info.isFile() ? "file" : info.isDirectory() ? "dir" : null;
    } catch (err) {
      if (isMissing(err)) return null;
      throw new PromptasmError("E_IO", `${path}: ${reason(err)}`, { cause: err });
    }
  }

  /** The path with symbolic links resolved (fs.realpath), or null when it cannot be resolved (missing, loop, …). */
  async realPath(path: string): Promise<string | null> {
    try {
      return await realpath(path);
    } catch {
      return null;
    }
  }

  /** The target stored in the symbolic link at `path` (fs.readlink), or null when it is not a link or is missing. */
  async readLink(path: string): Promise<string | null> {
    try {
      return await readlink(path);
    } catch {
      return null;
    }
  }
}

/**
 * Files are opened non-blocking: a procfs file that waits for data (/proc/kmsg, a regular file of size 0 to stat)
 * then fails with EAGAIN ("read would block") instead of hanging the scan. Regular files on disk ignore the flag.
 */
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0);

/** Chunk size of bounded reads: 64 KiB, grown as needed (never a buffer of maxBytes up front). */
const READ_CHUNK = 64 * 1024;

/**
 * The chunks of one bounded read (readBoundedSync/readBoundedAsync): next() hands out a READ_CHUNK buffer to read into
 * while fewer than maxBytes + 1 bytes came and the file has not ended; took(n) keeps the n bytes read into it (0: end).
 */
class BoundedChunks {
  private readonly chunks: Buffer[] = [];
  private total = 0;
  private ended = false;
  private pending: Buffer | undefined;
  constructor(private readonly maxBytes: number) {}
  next(): Buffer | undefined {
    if (this.ended || this.total > this.maxBytes) return undefined;
    return (this.pending = Buffer.allocUnsafe(READ_CHUNK));
  }
  took(n: number): void {
    const chunk = this.pending!;
    this.pending = undefined;
    if (n === 0) { this.ended = true; return; }
    this.chunks.push(n === READ_CHUNK ? chunk : chunk.subarray(0, n));
    this.total += n;
  }
  /** The bytes read: more than maxBytes means the file is over the limit. */
  bytes(): Buffer {
    return this.chunks.length === 1 ? this.chunks[0]! : Buffer.concat(this.chunks, this.total);
  }
}

/**
 * Reads a file in 64 KiB chunks (open, then a read loop) and stops as soon as more than `maxBytes` bytes came, whatever
 * stat said its size was: procfs and sysfs files report size 0 and some never end (/proc/self/pagemap). More than
 * `maxBytes` bytes back (at most one chunk more) means the file is over the limit; the caller reports it as too large
 * without reading further. Whole chunks, since some procfs files (pagemap) refuse reads that are not multiples of 8.
 */
export function readBoundedSync(path: string, maxBytes: number): Buffer {
  const fd = openSync(path, OPEN_FLAGS);
  try {
    const got = new BoundedChunks(maxBytes);
    for (let chunk = got.next(); chunk; chunk = got.next()) got.took(readSync(fd, chunk, 0, READ_CHUNK, null));
    return got.bytes();
  } finally {
    closeSync(fd);
  }
}

/** readBoundedSync with asynchronous I/O. */
export async function readBoundedAsync(path: string, maxBytes: number): Promise<Buffer> {
  const handle = await open(path, OPEN_FLAGS);
  try {
    const got = new BoundedChunks(maxBytes);
    for (let chunk = got.next(); chunk; chunk = got.next()) got.took((await handle.read(chunk, 0, READ_CHUNK, null)).bytesRead);
    return got.bytes();
  } finally {
    await handle.close();
  }
}

/** read()'s answer when stat or the read failed: missing (ENOENT, ENOTDIR) or an error naming the path. */
function failed(path: string, err: unknown): ReadResult {
  // A listed name that is not valid UTF-8 comes back from readdir with U+FFFD in it and then cannot be opened: say
  // so rather than let the file vanish as "missing".
  if (isMissing(err) && path.includes("\uFFFD")) return { kind: "error", message: `${path}: ${NOT_UTF8_NAME}` };
  return isMissing(err) ? { kind: "missing" } : { kind: "error", message: `${path}: ${reason(err)}` };
}

/** Why a path with U+FFFD in it that the filesystem does not have cannot be read. */
export const NOT_UTF8_NAME = "not found under this name: a name in the path is probably not valid UTF-8 (shown with U+FFFD); rename it";

function isMissing(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return code === "ENOENT" || code === "ENOTDIR";
}

const REASONS: Record<string, string> = {
  EACCES: "permission denied",
  EPERM: "operation not permitted",
  EISDIR: "is a directory",
  ELOOP: "too many levels of symbolic links",
  ENAMETOOLONG: "name too long",
  EMFILE: "too many open files",
  EIO: "input/output error",
  EAGAIN: "read would block",
  ENOENT: "no such file or directory",
  ENOTDIR: "not a directory",
};

/**
 * A short reason for a filesystem error, the same wording everywhere: "too many levels of symbolic links (ELOOP)",
 * "permission denied (EACCES)", …; the error code or message for codes without a wording.
 */
export function describeFsError(err: unknown): string {
  return reason(err);
}

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException | null;
  if (e?.code && REASONS[e.code]) return `${REASONS[e.code]} (${e.code})`;
  return e?.code ?? (err instanceof Error ? err.message : String(err));
}

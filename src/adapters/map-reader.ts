// A WorkspaceReader over an in-memory map of files: for the browser (a picked folder, each file a Blob read only
// when discovery asks for it), Workers (files sent in a request body) and tests. No I/O beyond Blob reads;
// runtime-neutral (Blob is in Node, browsers and Workers, and is only used through the value handed in).

import { PromptasmError } from "../errors.js";
import { isAbsolute, normalize } from "../discovery/paths.js";
import type { DirEntry, ReadResult, WorkspaceReader } from "../discovery/reader.js";
import { decodeFileBytes } from "./decode.js";

/** The part of a Blob (or a browser File) the reader uses: its size in bytes and its bytes. */
export interface BlobLike {
  readonly size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

/** Whether `v` has what the reader uses of a Blob: a numeric `size` and an `arrayBuffer` method. */
function isBlobLike(v: unknown): v is BlobLike {
  return typeof v === "object" && v !== null && typeof (v as BlobLike).size === "number" && typeof (v as BlobLike).arrayBuffer === "function";
}

/** A value's type for messages: "number", "null", "array", "object", … */
function describeType(v: unknown): string {
  return v === null ? "null" : Array.isArray(v) ? "array" : typeof v;
}

/** Options of MapWorkspaceReader. */
export interface MapReaderOptions {
  /**
   * Blob values larger than this many bytes read as `{ kind: "too-large" }` without being read (default: no limit).
   * Text values are always served.
   */
  maxBytes?: number;
  /** Blob values with a NUL byte in the first 8 KiB read as text anyway (default false: `{ kind: "binary" }`). */
  binaryAsText?: boolean;
}

/**
 * Serves `files` (absolute POSIX path -> text, or a Blob such as a browser File). Directories are implied by the
 * paths; an empty directory can be listed by adding a path ending in "/" with any value.
 *
 * A text value is served as it is (`bytes` is its UTF-8 length). A Blob is read on each `read()` of its path, after
 * its size is checked against `maxBytes`, and decoded as NodeWorkspaceReader decodes a file: a NUL byte in the first
 * 8 KiB is `binary`, invalid UTF-8 becomes U+FFFD with `invalidUtf8At` set; a Blob that fails to read is
 * `{ kind: "error", message }` naming the path.
 * @throws PromptasmError E_ARG when a path is not absolute or contains a NUL, a file's value is neither a string nor
 *   a Blob (an object with a numeric `size` and an `arrayBuffer` method), naming the path and the type, or maxBytes
 *   is not a non-negative integer.
 */
export class MapWorkspaceReader implements WorkspaceReader {
  private readonly files = new Map<string, string | BlobLike>();
  private readonly dirs = new Map<string, Map<string, "file" | "dir">>();
  private readonly maxBytes: number;
  private readonly binaryAsText: boolean;

  constructor(files: Record<string, string | BlobLike>, options: MapReaderOptions = {}) {
    if (files === null || typeof files !== "object" || Array.isArray(files)) {
      const got = files === null ? "null" : Array.isArray(files) ? "an array" : typeof files;
      throw new PromptasmError("E_ARG", `MapWorkspaceReader takes an object mapping absolute paths to file contents, got ${got}`);
    }
    const maxBytes = options.maxBytes ?? Number.MAX_SAFE_INTEGER;
    if (!Number.isSafeInteger(maxBytes) || maxBytes < 0) throw new PromptasmError("E_ARG", `maxBytes must be a non-negative integer, got ${maxBytes}`);
    this.maxBytes = maxBytes;
    this.binaryAsText = options.binaryAsText ?? false;
    const addDir = (dir: string) => { if (!this.dirs.has(dir)) this.dirs.set(dir, new Map()); };
    addDir("/");
    for (const [raw, text] of Object.entries(files)) {
      if (!isAbsolute(raw) || raw.includes("\0")) throw new PromptasmError("E_ARG", `file path ${JSON.stringify(raw)} must be absolute and must not contain NUL`);
      const isDir = raw.endsWith("/");
      // A value that is neither would only fail when read, as a note, leaving the file out of the prompt unseen.
      if (!isDir && typeof text !== "string" && !isBlobLike(text)) {
        throw new PromptasmError("E_ARG", `file ${JSON.stringify(raw.slice(0, 200))}: the value must be a string or a Blob, got ${describeType(text)}`);
      }
      const path = normalize(raw);
      if (!isDir) this.files.set(path, text);
      const parts = path.split("/").filter(Boolean);
      let dir = "/";
      parts.forEach((name, i) => {
        const child = dir === "/" ? `/${name}` : `${dir}/${name}`;
        addDir(dir);
        const kind = i === parts.length - 1 && !isDir ? "file" : "dir";
        this.dirs.get(dir)!.set(name, kind);
        if (kind === "dir") addDir(child);
        dir = child;
      });
    }
  }

  async read(path: string): Promise<ReadResult> {
    const p = normalize(path);
    const value = this.files.get(p);
    if (value === undefined) return this.dirs.has(p) ? { kind: "error", message: `${p}: is a directory` } : { kind: "missing" };
    if (typeof value === "string") return { kind: "text", text: value, bytes: new TextEncoder().encode(value).length };
    if (value.size > this.maxBytes) return { kind: "too-large", bytes: value.size, limit: this.maxBytes };
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await value.arrayBuffer());
    } catch (cause) {
      // A browser File whose file changed or vanished on disk since it was picked fails here (NotReadableError).
      return { kind: "error", message: `${p}: could not be read (${cause instanceof Error ? cause.message || cause.name : String(cause)})` };
    }
    if (bytes.length > this.maxBytes) return { kind: "too-large", bytes: bytes.length, limit: this.maxBytes };
    return decodeFileBytes(bytes, { binaryAsText: this.binaryAsText });
  }

  async list(dir: string): Promise<DirEntry[] | null> {
    const d = this.dirs.get(normalize(dir));
    return d ? [...d].map(([name, kind]) => ({ name, kind })) : null;
  }

  async kind(path: string): Promise<"file" | "dir" | null> {
    const p = normalize(path);
    return this.files.has(p) ? "file" : this.dirs.has(p) ? "dir" : null;
  }
}

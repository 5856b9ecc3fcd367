// A WorkspaceReader over an in-memory map of files: for the browser (a picked folder read into memory), Workers
// (files sent in a request body) and tests. No I/O; runtime-neutral.

import { PromptasmError } from "../errors.js";
import { isAbsolute, normalize } from "../discovery/paths.js";
import type { DirEntry, ReadResult, WorkspaceReader } from "../discovery/reader.js";

/**
 * Serves `files` (absolute POSIX path -> text). Directories are implied by the paths; an empty directory can be
 * listed by adding a path ending in "/" with any value.
 * @throws PromptasmError E_ARG when a path is not absolute or contains a NUL.
 */
export class MapWorkspaceReader implements WorkspaceReader {
  private readonly files = new Map<string, string>();
  private readonly dirs = new Map<string, Map<string, "file" | "dir">>();

  constructor(files: Record<string, string>) {
    const addDir = (dir: string) => { if (!this.dirs.has(dir)) this.dirs.set(dir, new Map()); };
    addDir("/");
    for (const [raw, text] of Object.entries(files)) {
      if (!isAbsolute(raw) || raw.includes("\0")) throw new PromptasmError("E_ARG", `file path ${JSON.stringify(raw)} must be absolute and must not contain NUL`);
      const isDir = raw.endsWith("/");
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
    const text = this.files.get(p);
    if (text !== undefined) return { kind: "text", text, bytes: new TextEncoder().encode(text).length };
    return this.dirs.has(p) ? { kind: "error", message: `${p}: is a directory` } : { kind: "missing" };
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

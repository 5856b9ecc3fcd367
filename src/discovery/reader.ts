// The workspace reader: the one interface through which assembly sees files. The Node adapter implements it over
// the filesystem (src/adapters/node/reader.ts); a browser or Worker adapter can implement it over an in-memory map.
// Paths are POSIX-style absolute paths ("/a/b/AGENTS.md"); adapters map them to their own storage.

/** What reading one file gave. */
export type ReadResult =
  | { kind: "text"; text: string; bytes: number; invalidUtf8At?: number } // invalidUtf8At: byte offset of the first invalid sequence (decoded as U+FFFD)
  | { kind: "missing" }
  | { kind: "binary"; bytes: number } // a NUL byte in the first 8 KiB
  | { kind: "too-large"; bytes: number; limit: number } // over the reader's byte limit
  | { kind: "error"; message: string }; // unreadable (permissions, I/O): message names the path

/** One directory entry. `kind` follows symlinks; a broken link is "other". */
export interface DirEntry {
  name: string;
  kind: "file" | "dir" | "other";
}

/** Read-only access to a workspace. Implementations never throw for a missing path; they report it. */
export interface WorkspaceReader {
  /** Reads a file as text (UTF-8 decoded). */
  read(path: string): Promise<ReadResult>;
  /** Lists a directory's entries, or null when it does not exist or is not a directory. Order is unspecified. */
  list(dir: string): Promise<DirEntry[] | null>;
  /** "file", "dir", or null when nothing is there. Follows symlinks. */
  kind(path: string): Promise<"file" | "dir" | null>;
  /**
   * Optional: the path with every symbolic link resolved, or null when it cannot be resolved. Readers over real
   * filesystems implement it so discovery can refuse a context file that links out of the workspace.
   */
  realPath?(path: string): Promise<string | null>;
  /**
   * Optional: the target of the symbolic link at `path` as stored in the link (readlink), or null when `path` is
   * not a symbolic link or nothing is there. Readers over real filesystems implement it so discovery can report a
   * context file that is a broken link instead of skipping it silently.
   */
  readLink?(path: string): Promise<string | null>;
}

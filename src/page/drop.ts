// Reading a dropped folder: the File and Directory Entries API (DataTransferItem.webkitGetAsEntry) walked
// recursively. Written against the few members it uses, so the walk is unit-tested in Node with fake entries.

import { SKIPPED_DIRS, MAX_FILES, type PickedFile } from "./model.js";

/** The members of a FileSystemEntry the walk uses (FileSystemFileEntry / FileSystemDirectoryEntry in browsers). */
export interface EntryLike {
  readonly isFile: boolean;
  readonly isDirectory: boolean;
  readonly name: string;
  file?(ok: (file: File) => void, fail?: (error: unknown) => void): void;
  createReader?(): { readEntries(ok: (entries: EntryLike[]) => void, fail?: (error: unknown) => void): void };
}

/** What a drop gave: the workspace name, its files (paths relative to it) and entries that could not be read. */
export interface DroppedFiles {
  name: string;
  files: PickedFile[];
  /** Paths (relative) that failed to read, with the browser's reason. */
  errors: string[];
  /** Entries under .git or node_modules, not entered. */
  skippedDirs: number;
}

const reason = (e: unknown): string => (e instanceof Error ? e.message || e.name : String(e));

/**
 * Walks dropped entries. One dropped directory becomes the workspace itself (its name is the workspace name, its
 * contents are mounted at the top); several entries, or files, are mounted side by side under their own names.
 * Directories named .git or node_modules are not entered. Every directory is read until readEntries returns an empty
 * batch (browsers hand out at most 100 entries per call). Stops collecting at MAX_FILES files.
 */
export async function readDroppedEntries(entries: readonly EntryLike[]): Promise<DroppedFiles> {
  const out: DroppedFiles = { name: "dropped files", files: [], errors: [], skippedDirs: 0 };
  const single = entries.length === 1 && entries[0]!.isDirectory ? entries[0]! : null;
  if (single) out.name = single.name;

  const walk = async (entry: EntryLike, rel: string): Promise<void> => {
    if (out.files.length >= MAX_FILES) return;
    if (entry.isFile && entry.file) {
      try {
        const file = await new Promise<File>((ok, fail) => entry.file!(ok, fail));
        out.files.push({ path: rel, file });
      } catch (e) {
        out.errors.push(`${rel}: ${reason(e)}`);
      }
      return;
    }
    if (!entry.isDirectory || !entry.createReader) return;
    if (rel !== "" && SKIPPED_DIRS.has(entry.name)) {
      out.skippedDirs++;
      return;
    }
    const reader = entry.createReader();
    for (;;) {
      let batch: EntryLike[];
      try {
        batch = await new Promise<EntryLike[]>((ok, fail) => reader.readEntries(ok, fail));
      } catch (e) {
        out.errors.push(`${rel || entry.name}/: ${reason(e)}`);
        return;
      }
      if (batch.length === 0) return;
      for (const child of batch) await walk(child, rel === "" ? child.name : `${rel}/${child.name}`);
    }
  };

  if (single) await walk(single, "");
  else for (const e of entries) await walk(e, e.name);
  return out;
}

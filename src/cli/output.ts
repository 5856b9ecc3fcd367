// Where scan's output goes and where its input may come from, besides stdout and paths: `-o/--output FILE` (written
// atomically) and `-` (one file read from standard input). Node only (the CLI's layer).

import { randomBytes } from "node:crypto";
import { createWriteStream } from "node:fs";
import { mkdtemp, open, rename, rm, stat, unlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { describeFsError } from "../adapters/node/reader.js";
import { PromptasmError } from "../errors.js";
import { escapePath } from "./format.js";

/** The name `-` is shown under in output, notes, baselines and allow entries. */
export const STDIN_NAME = "<stdin>";

/**
 * Checks before a scan that `path` can be an output file: its directory exists and it is not itself a directory, so
 * a typo fails at once rather than after a long scan.
 * @param path the absolute path.
 * @param option the option that named it ("--output", "--write-baseline") and `shown` the path as given, for messages.
 * @throws PromptasmError E_IO naming both, e.g. "--output out/x.sarif: its directory out: no such file or directory
 *   (ENOENT)".
 */
export async function checkOutputPath(path: string, option: string, shown: string): Promise<void> {
  const dir = dirname(path);
  const label = `${option} ${escapePath(shown)}`;
  const shownDir = escapePath(dirname(shown));
  try {
    if (!(await stat(dir)).isDirectory()) throw new PromptasmError("E_IO", `${label}: ${shownDir} is not a directory`);
  } catch (e) {
    if (e instanceof PromptasmError) throw e;
    throw new PromptasmError("E_IO", `${label}: its directory ${shownDir}: ${describeFsError(e)}`, { cause: e });
  }
  const info = await stat(path).catch(() => undefined);
  if (info?.isDirectory()) throw new PromptasmError("E_IO", `${label}: is a directory`);
}

/**
 * Writes `text` (UTF-8) to `path` atomically: into a new temporary file beside it (same directory, so the rename
 * stays on one filesystem), flushed to disk, then renamed over `path`. Readers see the old file or the whole new one,
 * never part of it; on any failure the temporary file is removed and `path` is untouched.
 * @param path the absolute path.
 * @param label how messages name it (see checkOutputPath).
 * @throws PromptasmError E_IO naming it and the reason (e.g. "--output x.sarif: permission denied (EACCES)").
 */
export async function writeFileAtomic(path: string, text: string, label: string): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  let created = false;
  try {
    const fh = await open(tmp, "wx", 0o666);
    created = true;
    try {
      await fh.writeFile(text, "utf8");
      await fh.sync();
    } finally {
      await fh.close();
    }
    await rename(tmp, path);
  } catch (e) {
    if (created) await unlink(tmp).catch(() => undefined);
    throw new PromptasmError("E_IO", `${label}: ${describeFsError(e)}`, { cause: e });
  }
}

/** Standard input copied to a temporary file, for the scan pool (which reads files by path). */
export interface StdinCopy {
  /** The temporary file's absolute path. */
  path: string;
  bytes: number;
  /** Removes the temporary directory. */
  dispose(): Promise<void>;
}

/**
 * Copies `input` to a file in a new private temporary directory, streaming (memory stays flat), so `-` is scanned
 * exactly as a named file is (whole or streamed through the core, as text even with NUL bytes).
 * @param maxBytes the scan's --max-bytes: more input than that is an error, not a silent cut.
 * @throws PromptasmError E_ARG when the input is over `maxBytes`; E_IO when it cannot be read or copied.
 */
export async function copyStdin(input: NodeJS.ReadableStream, maxBytes: number): Promise<StdinCopy> {
  const dir = await mkdtemp(join(tmpdir(), "promptasm-stdin-"));
  const path = join(dir, "stdin");
  const dispose = () => rm(dir, { recursive: true, force: true });
  let bytes = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(path, { flags: "wx", mode: 0o600 });
      let failed = false;
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        input.unpipe?.(out);
        out.destroy();
        // Stop reading: a writer that never ends (`yes | promptasm scan -`) would otherwise keep the process alive.
        (input as NodeJS.ReadableStream & { destroy?: () => void }).destroy?.();
        reject(e);
      };
      input.on("data", (chunk: Buffer | string) => {
        bytes += typeof chunk === "string" ? Buffer.byteLength(chunk) : chunk.length;
        if (bytes > maxBytes) fail(new PromptasmError("E_ARG", `${STDIN_NAME}: more than ${maxBytes} bytes (--max-bytes); not scanned`));
      });
      input.on("error", (e) => fail(new PromptasmError("E_IO", `${STDIN_NAME}: ${describeFsError(e)}`, { cause: e })));
      out.on("error", (e) => fail(new PromptasmError("E_IO", `${STDIN_NAME}: copying to ${path}: ${describeFsError(e)}`, { cause: e })));
      out.on("finish", () => resolve());
      input.pipe(out);
    });
  } catch (e) {
    await dispose();
    throw e;
  }
  return { path, bytes, dispose };
}

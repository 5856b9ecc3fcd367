// Scans a file of any size with flat memory: the file is read in chunks and never held whole, and the findings are
// those of pa.scan() on the whole decoded text with two differences, since the text around a match is not kept: a
// finding's severity is its rule's base severity (no grading by context, src/scan/grade.ts), and encoded runs
// (base64, HTML entities, percent-encoding, hex; src/scan/decoders.ts) are not decoded, nor is a text that names a
// cipher read again as it (ROT13, backwards: decoders.ts cipherLayers()). Text hidden in tag characters is. Node-only (node:fs); the core sees only strings. The CLI streams files over 8 MiB only.
//
// Up to four passes over the file, each holding a chunk or two (default 4 MiB each) at a time:
//   1. forward:  UTF-16 length, first invalid UTF-8 byte, NUL bytes, invisible characters (StreamPasses.invisible,
//                with a few code units of context across chunk edges), length of the text hidden in tag characters;
//   2. backward: the threat scan (StreamPasses.threats → core.scanChunks: the lazy DFA runs right to left, its state
//                carried across chunks);
//   2b. backward, only when the file has tag characters: the same scan over the text hidden in them, built chunk by
//                chunk from the end (its length is known from pass 1, so its offsets are too);
//   3. forward, only when something was found: line and column (LF, CRLF and lone CR each end a line, as
//                Scanner.scan counts them), excerpts, and where each match in hidden text sits in the file.
//
// Chunk edges and UTF-8. Chunks start only at "safe" byte offsets p: bytes[p] is not a continuation byte
// (0x80–0xBF), or the three bytes before p all are. There the WHATWG decoder that TextDecoder implements is between
// sequences (or the sequence before p ends in U+FFFD either way, since a non-continuation byte never continues a
// sequence), so decoding the chunks one by one gives exactly the code units of decoding the whole file: each invalid
// sequence becomes the same U+FFFD, a multi-byte character or surrogate pair is never cut, and offsets agree. (Cut
// anywhere else, E2 82 | AC would decode as two U+FFFD instead of "€", and every later offset would shift.) A safe
// offset is at most 3 bytes after any position, so chunks stay within 3 bytes of `chunkBytes`. test/stream.test.ts
// checks the rule against Node's TextDecoder on random byte soup cut at every offset.
//
// Memory: a chunk's bytes, its decoded string (and the core's copy of at most SCAN_CHUNK code units of it), plus the
// findings, which are bounded: at most MAX_FINDINGS_PER_RULE per rule (threats, hidden-text threats, invisible
// characters), as in Scanner.scanDetailed. bench/stream.ts measures it flat from 10 MB to 1 GB.
//
// The passes run through the Scanner (Scanner.streamPasses: its limits and suppressed counts) and the findings are
// ordered by its sortHits, so there is one implementation of both; this file only reads, decodes and cuts the file,
// and places the findings (line, column, excerpt). test/stream.test.ts holds scanFile equal to Scanner.scanDetailed
// on the shared corpus and on generated files.

import { readSync, type Stats } from "node:fs";
import { open, type FileHandle } from "node:fs/promises";
import { INVISIBLE_CONTEXT, SCAN_CHUNK, type TextChunk } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { SCOPES, type RuleScope } from "../scan/rules.js";
import { EXCERPT_CHARS, excerpt, sortHits, type Finding, type Hit, type Scanner } from "../scan/scanner.js";
import { firstInvalidUtf8 } from "./node/reader.js";
import { refuseUtf16Stream } from "./node/head.js";

/** Default chunk size for {@link scanFile}: 4 MiB (4,194,304 bytes). */
export const DEFAULT_CHUNK_BYTES = 4 * 1024 * 1024;
/** Smallest `chunkBytes`: 4 bytes, so that a safe chunk start (at most 3 bytes on) stays inside every chunk. */
export const MIN_CHUNK_BYTES = 4;
/** Largest `chunkBytes`: 256 MiB, far under V8's string limit for the decoded chunk. */
export const MAX_CHUNK_BYTES = 256 * 1024 * 1024;

/** Options for {@link scanFile}. */
export interface ScanFileOptions {
  /** Which rules run (default "context"), as in pa.scan(). */
  scope?: RuleScope;
  /** Bytes read per chunk (default {@link DEFAULT_CHUNK_BYTES}); an integer in 4..256 MiB. Memory grows with it. */
  chunkBytes?: number;
}

/** What {@link scanFile} returns. */
export interface ScanFileResult {
  /** Exactly pa.scan(text, { scope }) for the file's text decoded as UTF-8 (offsets and columns in UTF-16 code units). */
  findings: Finding[];
  /** As Scanner.scanDetailed: rules with more than MAX_FINDINGS_PER_RULE findings, and how many were left out. */
  suppressed: Array<{ rule: string; count: number }>;
  /** File size in bytes (fstat when opened). */
  bytes: number;
  /** Length of the decoded text in UTF-16 code units (what `text.length` would be). */
  chars: number;
  /** Byte offset of the first invalid UTF-8 sequence (its lead byte), as node-reader's firstInvalidUtf8; absent when valid. */
  invalidUtf8At?: number;
  /** True when the file has a NUL byte (the text has U+0000). */
  containsNul: boolean;
}

/** A hit on its way to a Finding: where it is, and its excerpt being collected. */
interface Pending {
  hit: Hit;
  line: number;
  column: number;
  /** Raw text of the excerpt so far (up to EXCERPT_CHARS code units); for hidden-text hits, of the hidden text. */
  raw: string;
  /** For hits in hidden text: the hidden-text offset of the match. */
  at: number;
}

const K = INVISIBLE_CONTEXT;
const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true }); // ignoreBOM: a BOM stays in the text, as NodeWorkspaceReader keeps it

/**
 * Scans a file for threats and invisible characters without holding it in memory: findings equal
 * `pa.scan(text, { scope })` where `text` is the file decoded as UTF-8 the way NodeWorkspaceReader decodes it
 * (TextDecoder, invalid sequences as U+FFFD, a leading BOM kept). Reads the file two to four times (see the file
 * comment: the third pass only when there are findings, the fourth only when there are tag characters); holds a
 * few chunks at a time (bytes, decoded text, the core's copy), whatever the file's size.
 *
 * The backward passes use synchronous reads: core.scanChunks pulls its chunks synchronously, and a scan in the core
 * must not be interleaved with another. The forward passes read asynchronously; other pa calls may run between
 * their chunks.
 *
 * @param pa the loaded library (its core and compiled rules are used).
 * @param path a regular file; read as it is on disk (no size limit here: callers apply their own).
 * @param options.scope rules to run (default "context"); options.chunkBytes bytes per read (default 4 MiB).
 * @returns findings, suppressed counts, size in bytes, length in UTF-16 code units, first invalid UTF-8 byte, NUL.
 * @throws PromptasmError E_ARG for a bad scope or chunkBytes, or a file whose text is longer than 2,147,483,647
 *   code units (the core's offsets are 32-bit); E_NOT_FOUND when nothing is at `path`; E_IO when it is not a regular
 *   file, cannot be read, starts with a UTF-16 byte order mark (UTF-8 only here; NodeWorkspaceReader decodes UTF-16),
 *   or changed while it was scanned (its size or modification time moved, or a read came up short).
 * @example
 *   const pa = await loadPromptasm();
 *   const { findings, chars } = await scanFile(pa, "big.log", { scope: "strict" });
 */
export async function scanFile(pa: { readonly scanner: Scanner }, path: string, options: ScanFileOptions = {}): Promise<ScanFileResult> {
  const scope = options.scope ?? "context";
  if (!SCOPES.includes(scope)) throw new PromptasmError("E_ARG", `scope must be one of ${SCOPES.join(", ")}, got ${JSON.stringify(scope)}`);
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  if (!Number.isSafeInteger(chunkBytes) || chunkBytes < MIN_CHUNK_BYTES || chunkBytes > MAX_CHUNK_BYTES) {
    throw new PromptasmError("E_ARG", `chunkBytes must be an integer in ${MIN_CHUNK_BYTES}..${MAX_CHUNK_BYTES}, got ${chunkBytes}`);
  }
  const passes = pa.scanner.streamPasses({ scope });

  let fh: FileHandle;
  try {
    fh = await open(path, "r");
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === "ENOENT" || code === "ENOTDIR") throw new PromptasmError("E_NOT_FOUND", `${path}: no such file`, { cause: err });
    throw ioError(path, err);
  }
  try {
    const info = await fh.stat().catch((err) => { throw ioError(path, err); });
    if (!info.isFile()) throw new PromptasmError("E_IO", `${path}: not a regular file`);
    await refuseUtf16Stream(fh, path); // chunks decode as UTF-8 only: the CLI reads UTF-16 whole (decode.ts largeFilePlan)
    const file: FileRef = { fh, path, size: info.size, buf: Buffer.allocUnsafe(chunkBytes + 3), chunkBytes };

    // Pass 1, forward: length, UTF-8 validity, NUL, invisible characters, length of the hidden text.
    let chars = 0;
    let invalidUtf8At: number | undefined;
    let containsNul = false;
    let hiddenLength = 0, lastTag = -3;
    for await (const c of withContext(decodeForward(file, (bytes, at, text) => {
      // Invalid bytes always decode to U+FFFD, so a chunk without one is valid. Every chunk before this one was
      // valid and ended at a safe offset, so a validator starting here is in step with one run over the whole file.
      if (invalidUtf8At === undefined && text.includes("\ufffd")) {
        const bad = firstInvalidUtf8(bytes);
        if (bad >= 0) invalidUtf8At = at + bad;
      }
      if (!containsNul && bytes.indexOf(0) >= 0) containsNul = true;
    }))) {
      chars = c.offset + c.text.length;
      if (chars > 0x7fffffff) throw new PromptasmError("E_ARG", `${path}: the text is longer than 2,147,483,647 UTF-16 code units, the most the core's offsets hold`);
      // At most SCAN_CHUNK code units per call, as for the threat scan: bounds the core's copy of the text.
      for (let s = 0; s < c.text.length; s += SCAN_CHUNK) {
        const e = Math.min(c.text.length, s + SCAN_CHUNK);
        const before = s >= K ? c.text.slice(s - K, s) : (c.before + c.text.slice(0, s)).slice(-K);
        const after = c.text.length - e >= K ? c.text.slice(e, e + K) : (c.text.slice(e) + c.after).slice(0, K);
        passes.invisible(s === 0 && e === c.text.length ? c.text : c.text.slice(s, e), c.offset + s, before, after);
      }
      forEachTag(c.text, c.after, (i) => {
        const g = c.offset + i;
        if (lastTag !== g - 2 && hiddenLength > 0) hiddenLength++; // the line feed between two runs
        hiddenLength++;
        lastTag = g;
      });
    }

    // Pass 2, backward: the threat scan.
    passes.threats(decodeBackward(file, chars), chars);

    // Pass 2b, backward: the scan of the text hidden in tag characters.
    if (hiddenLength > 0) passes.hidden(hiddenBackward(file, chars, hiddenLength), hiddenLength);

    const found = passes.result();
    const main = found.threats.map((h) => pending(h, 0));
    const hidden = found.hidden.map(({ hit, at }) => pending(hit, at)); // offset and excerpt are set in pass 3
    const inv = found.invisible.map((h) => pending(h, 0));

    // Pass 3, forward: lines, columns, excerpts, hidden-text origins.
    if (main.length + hidden.length + inv.length > 0) await locate(file, hiddenLength, mergeByOffset(main, inv), hidden);

    const after = await fh.stat().catch((err) => { throw ioError(path, err); });
    if (changed(info, after)) throw new PromptasmError("E_IO", `${path}: the file changed while it was being scanned`);

    const all = sortHits(passes.rules, [...main, ...hidden, ...inv], (p) => p.hit);
    const findings: Finding[] = all.map((p) => ({ ...p.hit, severity: p.hit.severity ?? "high", line: p.line, column: p.column, excerpt: excerpt(p.raw, 0) }));

    return {
      findings,
      suppressed: found.suppressed,
      bytes: info.size,
      chars,
      ...(invalidUtf8At !== undefined ? { invalidUtf8At } : {}),
      containsNul,
    };
  } finally {
    await fh.close().catch(() => undefined);
  }
}

/** An open file being scanned, and the one buffer every pass reads into. */
interface FileRef {
  fh: FileHandle;
  path: string;
  /** Size in bytes when opened: every pass reads exactly this much. */
  size: number;
  /** chunkBytes + 3 bytes: a chunk and the bytes before it that decide where it may start. */
  buf: Buffer;
  chunkBytes: number;
}

function pending(hit: Hit, at: number): Pending {
  return { hit, line: 0, column: 0, raw: "", at };
}

function ioError(path: string, err: unknown): PromptasmError {
  const e = err as NodeJS.ErrnoException;
  return new PromptasmError("E_IO", `${path}: ${e?.code ?? (err instanceof Error ? err.message : String(err))}`, { cause: err });
}

function changed(a: Stats, b: Stats): boolean {
  return a.size !== b.size || a.mtimeMs !== b.mtimeMs;
}

const isContinuation = (b: number) => b >= 0x80 && b <= 0xbf;

/**
 * Whether byte offset `p` of the file is a safe chunk start (see the file comment). `buf[0]` is file offset `base`;
 * `buf` holds the bytes from max(0, p - 3) to p - 1, and byte p unless those are all continuation bytes.
 */
function isSafeStart(buf: Uint8Array, base: number, p: number, size: number): boolean {
  if (p <= 0 || p >= size) return true;
  let runBefore = true; // continuation bytes only, in the (up to) three bytes before p
  for (let q = Math.max(0, p - 3); q < p; q++) if (!isContinuation(buf[q - base]!)) runBefore = false;
  // After three continuation bytes whatever sequence preceded them has ended, or failed, by p.
  return runBefore || !isContinuation(buf[p - base]!);
}

/** Reads exactly `length` bytes at `position` into file.buf, asynchronously. */
async function readAt(file: FileRef, length: number, position: number): Promise<Uint8Array> {
  let done = 0;
  while (done < length) {
    let n: number;
    try {
      ({ bytesRead: n } = await file.fh.read(file.buf, done, length - done, position + done));
    } catch (err) {
      throw ioError(file.path, err);
    }
    if (n === 0) throw new PromptasmError("E_IO", `${file.path}: the file changed while it was being scanned (it got shorter)`);
    done += n;
  }
  return file.buf.subarray(0, length);
}

/** Reads exactly `length` bytes at `position` into file.buf, synchronously (for the backward passes). */
function readAtSync(file: FileRef, length: number, position: number): Uint8Array {
  let done = 0;
  while (done < length) {
    let n: number;
    try {
      n = readSync(file.fh.fd, file.buf, done, length - done, position + done);
    } catch (err) {
      throw ioError(file.path, err);
    }
    if (n === 0) throw new PromptasmError("E_IO", `${file.path}: the file changed while it was being scanned (it got shorter)`);
    done += n;
  }
  return file.buf.subarray(0, length);
}

/**
 * The file's text in chunks, first to last, each starting at a safe byte offset; `onChunk` sees each chunk's bytes
 * (valid only during the call), the byte offset of its first byte, and its text.
 */
async function* decodeForward(file: FileRef, onChunk?: (bytes: Uint8Array, at: number, text: string) => void): AsyncGenerator<TextChunk> {
  let start = 0, offset = 0;
  while (start < file.size) {
    const nominal = start + file.chunkBytes;
    // The chunk ends at the first safe offset in nominal .. nominal + 3; isSafeStart needs the bytes up to
    // nominal + 2 (nominal + 3 is safe whenever the three before it are continuation bytes).
    const length = Math.min(file.size, nominal + 3) - start;
    const bytes = await readAt(file, length, start);
    let end = Math.min(nominal, file.size);
    while (!isSafeStart(bytes, start, end, file.size)) end++;
    const chunk = bytes.subarray(0, end - start);
    const text = utf8.decode(chunk);
    onChunk?.(chunk, start, text);
    yield { text, offset };
    offset += text.length;
    start = end;
  }
}

/**
 * The file's text in chunks, last to first, each starting at a safe byte offset, with UTF-16 offsets counted back
 * from `chars` (the length pass 1 measured).
 * @throws PromptasmError E_IO when the chunks do not add up to `chars` (the file changed).
 */
function* decodeBackward(file: FileRef, chars: number): Generator<TextChunk> {
  let end = file.size, offset = chars;
  while (end > 0) {
    const nominal = Math.max(0, end - file.chunkBytes);
    const from = Math.max(0, nominal - 3);
    const bytes = readAtSync(file, end - from, from);
    let start = nominal;
    while (!isSafeStart(bytes, from, start, file.size)) start++; // start <= nominal + 3 < end (chunkBytes >= 4)
    const text = utf8.decode(bytes.subarray(start - from));
    offset -= text.length;
    if (offset < 0) break;
    yield { text, offset };
    end = start;
  }
  if (offset !== 0) throw new PromptasmError("E_IO", `${file.path}: the file changed while it was being scanned (its text length moved)`);
}

/**
 * Calls `fn(i)` for each tag character U+E0020..U+E007E (the pair DB40 DC20..DC7E) that starts at text[i], in
 * ascending order; `after` is the text that follows (its first code unit completes a pair cut at the chunk's end).
 * Decoded UTF-8 never cuts a pair, but the check costs nothing.
 */
function forEachTag(text: string, after: string, fn: (i: number) => void): void {
  for (let i = text.indexOf("\udb40"); i !== -1; i = text.indexOf("\udb40", i + 1)) {
    const lo = i + 1 < text.length ? text.charCodeAt(i + 1) : after.charCodeAt(0);
    if (lo >= 0xdc20 && lo <= 0xdc7e) fn(i);
  }
}

/**
 * The text hidden in tag characters (as decodeTagText builds it: runs joined by a line feed), in chunks from last to
 * first, with offsets counted back from `hiddenLength`. A line feed is placed after the last character of a run when
 * another run follows, which needs only the text after the chunk, already read.
 */
function* hiddenBackward(file: FileRef, chars: number, hiddenLength: number): Generator<TextChunk> {
  let end = hiddenLength;
  let nextTag = -1; // offset of the first tag character after the current chunk, -1 when none
  let laterFirst = ""; // first code unit of the chunk after the current one
  const units: number[] = [];
  for (const c of decodeBackward(file, chars)) {
    units.length = 0;
    let first = -1, prev = -1;
    forEachTag(c.text, laterFirst, (i) => {
      const g = c.offset + i;
      if (prev >= 0 && g !== prev + 2) units.push(0x0a);
      units.push((i + 1 < c.text.length ? c.text.charCodeAt(i + 1) : laterFirst.charCodeAt(0)) - 0xdc00);
      if (first < 0) first = g;
      prev = g;
    });
    laterFirst = c.text.slice(0, 1) || laterFirst;
    if (prev < 0) continue;
    if (nextTag >= 0 && nextTag !== prev + 2) units.push(0x0a);
    nextTag = first;
    const text = fromUnits(units);
    end -= text.length;
    if (end < 0) break;
    yield { text, offset: end };
  }
  if (end !== 0) throw new PromptasmError("E_IO", `${file.path}: the file changed while it was being scanned (its hidden text moved)`);
}

function fromUnits(units: number[]): string {
  let s = "";
  for (let k = 0; k < units.length; k += 8192) s += String.fromCharCode.apply(null, units.slice(k, k + 8192));
  return s;
}

/**
 * Chunks with INVISIBLE_CONTEXT code units of context on each side: `before` is exactly min(INVISIBLE_CONTEXT,
 * offset) units, `after` INVISIBLE_CONTEXT units (fewer only at the end). Holds back a chunk until enough text
 * after it has been read, which for chunks of a few bytes can take several.
 */
async function* withContext(src: AsyncIterable<TextChunk>): AsyncGenerator<TextChunk & { before: string; after: string }> {
  const queue: TextChunk[] = [];
  let before = "";
  const afterHead = () => {
    let s = "";
    for (let k = 1; k < queue.length && s.length < K; k++) s += queue[k]!.text.slice(0, K - s.length);
    return s;
  };
  const take = () => {
    const after = afterHead();
    const head = queue.shift()!;
    const out = { text: head.text, offset: head.offset, before, after };
    before = head.text.length >= K ? head.text.slice(-K) : (before + head.text).slice(-K);
    return out;
  };
  for await (const chunk of src) {
    queue.push(chunk);
    while (queue.length > 1 && afterHead().length >= K) yield take();
  }
  while (queue.length > 0) yield take();
}

/** Main-text hits (threats, then invisible characters) merged into one offset-sorted list, for pass 3. */
function mergeByOffset(a: Pending[], b: Pending[]): Pending[] {
  const out: Pending[] = [];
  let i = 0, j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]!.hit.offset <= b[j]!.hit.offset)) out.push(a[i++]!);
    else out.push(b[j++]!);
  }
  return out;
}

/**
 * Pass 3: walks the file forward once and fills in line, column and the raw excerpt of every hit; for hits in the
 * hidden text, first their offset in the file (the tag character their match starts at, as decodeTagText's
 * origin: a run's line feed belongs to the run after it). Stops reading once every hit is complete.
 * @param located main-text hits sorted by offset; hidden: hidden-text hits sorted by hidden offset.
 */
async function locate(file: FileRef, hiddenLength: number, located: Pending[], hidden: Pending[]): Promise<void> {
  let line = 1, lineStart = 0;
  let next = 0; // next entry of `located`
  let nextHidden = 0; // next entry of `hidden`
  let hiddenPos = 0, lastTag = -3;
  const openMain: Pending[] = []; // excerpts still collecting main text
  const openHidden: Pending[] = []; // excerpts still collecting hidden text
  const grow = (list: Pending[], more: string) => {
    let k = 0;
    for (const p of list) {
      p.raw += more.slice(0, EXCERPT_CHARS - p.raw.length);
      if (p.raw.length < EXCERPT_CHARS) list[k++] = p;
    }
    list.length = k;
  };
  for await (const c of withContext(decodeForward(file))) {
    const end = c.offset + c.text.length;
    // Hidden text: resolve the file offset of hits whose match starts at hidden offset hiddenPos.
    const found: Pending[] = [];
    if (nextHidden < hidden.length || openHidden.length > 0) {
      const emit = (unit: number, origin: number) => {
        while (nextHidden < hidden.length && Math.min(hidden[nextHidden]!.at, hiddenLength - 1) === hiddenPos) {
          const h = hidden[nextHidden++]!;
          h.hit.offset = origin;
          found.push(h);
          if (h.at === hiddenPos) openHidden.push(h); // a match cannot start past the end; if it did, its excerpt is ""
        }
        if (openHidden.length > 0) grow(openHidden, String.fromCharCode(unit));
        hiddenPos++;
      };
      forEachTag(c.text, c.after, (i) => {
        const g = c.offset + i;
        const lo = i + 1 < c.text.length ? c.text.charCodeAt(i + 1) : c.after.charCodeAt(0);
        if (lastTag !== g - 2 && hiddenPos > 0) emit(0x0a, g);
        emit(lo - 0xdc00, g);
        lastTag = g;
      });
    }
    // Main text: excerpts that started in earlier chunks take this chunk's first code units.
    if (openMain.length > 0) grow(openMain, c.text.slice(0, EXCERPT_CHARS));
    // Line ends before each hit in this chunk, in offset order (main-text hits and the hidden ones just placed).
    const here: Pending[] = [];
    while (next < located.length && located[next]!.hit.offset < end) here.push(located[next++]!);
    const inChunk = found.length === 0 ? here : mergeByOffset(here, found);
    const ends = /\r\n|\r|\n/g;
    let lineEnd = -1; // offset in the file of the next line end in this chunk not yet counted, -1 when none
    const nextLineEnd = () => {
      const m = ends.exec(c.text);
      if (m === null) { lineEnd = -1; return; }
      const q = m.index + m[0].length - 1;
      // A CR that ends the chunk before an LF is half of a CRLF: the LF, in the next chunk, ends the line.
      if (m[0] === "\r" && q === c.text.length - 1 && c.after.charCodeAt(0) === 0x0a) { lineEnd = -1; return; }
      lineEnd = c.offset + q;
    };
    nextLineEnd();
    const countTo = (offset: number) => {
      while (lineEnd >= 0 && lineEnd < offset) { line++; lineStart = lineEnd + 1; nextLineEnd(); }
    };
    for (const p of inChunk) {
      countTo(p.hit.offset);
      p.line = line;
      p.column = p.hit.offset - lineStart + 1;
      if (p.hit.hiddenIn === undefined) {
        p.raw = c.text.slice(p.hit.offset - c.offset, p.hit.offset - c.offset + EXCERPT_CHARS);
        if (p.raw.length < EXCERPT_CHARS) openMain.push(p);
      }
    }
    countTo(end);
    if (next >= located.length && nextHidden >= hidden.length && openMain.length === 0 && openHidden.length === 0) break;
  }
}

// The core's public face: the Core interface, what its calls take and return (chunks, limits, findings, byte scans),
// the options createCore() takes and the size constants every path shares. Types and constants only: the files that
// implement the calls (instance.ts, dfa.ts, text.ts, bytes.ts) import it, and core/wasm.ts re-exports it.

import type { CoreRuleSet as CompiledRuleSet } from "./rule-set.js";

/** Code units per chunk handed to the core's scan: bounds the core's memory for the text, whatever its length. */
export const SCAN_CHUNK = 1 << 20;

/**
 * Code units of context findInvisibleChunk() needs on each side of a chunk: 256. The core decides about a code unit
 * from the units around it: two before and one after for joiners, selectors and tag pairs, 8 each side for a bidi
 * mark in right-to-left text, and up to 2 × 120 + 1 for a balanced bidi pair in right-to-left text (its mate within
 * 120 units, a right-to-left letter within 120 of the pair: assembly/invisible.ts, BIDI_REACH).
 */
export const INVISIBLE_CONTEXT = 256;

/** One piece of a longer text: `text` starts `offset` UTF-16 code units into the whole. */
export interface TextChunk {
  text: string;
  /** Offset of text[0] in the whole input, in UTF-16 code units. */
  offset: number;
}

/** An invisible character found in a text. */
export interface InvisibleChar {
  /** Unicode code point, e.g. 0x200B. */
  codePoint: number;
  /** Offset in UTF-16 code units. */
  offset: number;
}

/** Where head/tail truncation cuts: keep text.slice(0, headEnd) and text.slice(tailStart). */
export interface Cuts {
  headEnd: number;
  tailStart: number;
}

/** Bounds the findings one scan returns (the scan itself still reads the whole text). */
export interface ScanLimit {
  /** Keep at most this many start offsets per rule: the earliest in the text. */
  maxPerRule: number;
  /** Set by the scan: per rule index, how many matches were left out. */
  suppressed?: number[];
  /**
   * Asks scanRaw()/scanChunks() for the encoded-text flags of the text (pass 0): the scan ORs in ENCODED_ESCAPE,
   * ENCODED_HEX and ENCODED_BASE64 for what the core's pass over the same code units finds (assembly/encoded.ts). Left
   * alone when undefined (the pass does not run).
   */
  encoded?: number;
  /**
   * A work budget for one call: the most DFA transitions the scan may build (each one subset-construction step in
   * TypeScript, about 10 µs; a warm rule set builds none). Past it the scan stops and throws E_WORK_BUDGET; the
   * transitions built so far stay cached, so the next call starts further along. For hosts that bill or cap CPU per
   * request (a Worker answers 429 and the client retries). Default: no limit.
   */
  maxNewTransitions?: number;
}

/**
 * Encoded-text flags (assembly/encoded.ts; src/scan/decoders.ts has the same conditions in TypeScript).
 * ENCODED_ESCAPE: an HTML entity (&#1…, &#x1…, &name; with a 1–32 character name of letters and digits, or
 * &nbsp/&amp/&lt/&gt/&quot in any case), a %HH or a \xHH escape.
 */
export const ENCODED_ESCAPE = 1;
/** Encoded-text flag: a run of 16 or more hex digits. */
export const ENCODED_HEX = 2;
/**
 * Encoded-text flag: a run of 16 or more base64 characters (A–Z a–z 0–9 + / - _) in which 16 in a row decode to 12
 * bytes of ASCII text (00–0F or 20–7F), at any offset.
 */
export const ENCODED_BASE64 = 4;

/**
 * A rule set compiled as several automata (groups), walked one after another over the same text: each group's DFA
 * stays small where one automaton of every rule would multiply their partial matches into tens of thousands of states
 * (and a table too large for the CPU's caches). src/scan/compile.ts CompiledRuleGroups fills it.
 */
export interface RuleGroups {
  /** The groups' compiled rule sets (each installed in its own core slot). */
  readonly groups: readonly CompiledRuleSet[];
  /** Per group, per local rule index: the rule's index in the whole set (0..nRules - 1, each index once). */
  readonly ruleIndex: readonly (readonly number[])[];
  /** Rules in the whole set. */
  readonly nRules: number;
}

/** What the core's scans take: one compiled rule set, or several walked over the same text (RuleGroups). */
export type ScanRules = CompiledRuleSet | RuleGroups;

/** Rule sets one core keeps installed at once, each with its transition table (assembly/scan.ts SLOTS). */
export const CORE_SLOTS = 16;

/** The loaded core. It keeps up to CORE_SLOTS rule sets installed, least recently used out first. */
export interface Core {
  /** See assembly/normalize.ts: BOM, CRLF/CR -> LF, trailing blanks per line, outer trim. */
  normalize(text: string): string;
  /**
   * Invisible characters in ascending offset order (assembly/invisible.ts); with `limit`, at most `limit.max`, and
   * `limit.total` is set to how many there were.
   */
  findInvisible(text: string, limit?: { max: number; total?: number }): InvisibleChar[];
  /**
   * The invisible characters findInvisible(whole) reports inside one chunk of a longer text, found without the whole
   * text: the core sees `before + text + after` and only the chunk's own code units are kept. Offsets in the result
   * are offsets in the whole text (UTF-16 code units), ascending.
   * @param text the chunk; `offset` is where it starts in the whole text (code units).
   * @param before the code units just before the chunk: exactly min(INVISIBLE_CONTEXT, offset) of them (at offset 0,
   *   ""), so that "offset 0" (a BOM there is a file signature) means the same in the window as in the whole.
   * @param after the code units just after the chunk: INVISIBLE_CONTEXT of them, fewer only where the whole text ends.
   * @param limit with `limit`, at most `limit.max` (the earliest), and `limit.total` is set to how many the chunk has.
   * @throws PromptasmError E_ARG when `offset` is not a non-negative integer, `before` has the wrong length or `after`
   *   is longer than INVISIBLE_CONTEXT.
   */
  findInvisibleChunk(text: string, offset: number, before: string, after: string, limit?: { max: number; total?: number }): InvisibleChar[];
  /**
   * Head/tail cut points for a text over `cap` code units (assembly/truncate.ts).
   * @throws PromptasmError E_ARG when cap is not a non-negative integer or the ratios are not in [0, 1] with a sum <= 1.
   */
  truncateCuts(text: string, cap: number, headRatio: number, tailRatio: number): Cuts;
  /**
   * Runs a compiled rule set over `text` (in chunks of SCAN_CHUNK code units, last chunk first). Returns flat pairs
   * [ruleIndex, startOffset, ...] in ascending offset order (rule index ascending within one offset); offsets in
   * UTF-16 code units. Builds DFA states the rule set has not built yet. With `limit`, keeps the earliest
   * `limit.maxPerRule` offsets per rule and reports how many were left out in `limit.suppressed`; with
   * `limit.encoded` set to 0, also ORs in the text's encoded-text flags (ENCODED_*: one more SIMD pass over the code
   * units already in the core, about 0.25 ns per unit; a run or escape that reaches the end of a SCAN_CHUNK piece counts
   * unchecked).
   * @throws PromptasmError E_WASM when the core rejects the tables.
   */
  scanRaw(rules: ScanRules, text: string, limit?: ScanLimit): Int32Array;
  /**
   * Runs a compiled rule set over a text that arrives in pieces, last piece first, so the whole text never has to be
   * in memory: same result as scanRaw(rules, concatenation of the pieces, limit). The DFA state carries over from
   * one piece to the one before it, so pieces need no overlap and may be cut anywhere (even inside a surrogate
   * pair). Pieces longer than SCAN_CHUNK are handed to the core SCAN_CHUNK code units at a time.
   * @param chunks pieces in reverse order: the first yielded ends at `totalLength`, each next one ends where the
   *   previous one starts, the last starts at 0 (offsets in UTF-16 code units; empty pieces are allowed). The
   *   iterable is read synchronously and must not use this core while it is read (the core holds one scan at a time).
   * @param totalLength the whole text's length in UTF-16 code units, at most 2,147,483,647 (the core's offsets are
   *   32-bit).
   * @returns flat pairs [ruleIndex, startOffset, ...] as scanRaw returns them (offsets in the whole text).
   * @throws PromptasmError E_ARG when `totalLength` is out of range, a piece is not a { text, offset } with the offset
   *   where the previous piece starts minus its length, the pieces stop before offset 0, or the iterable uses this
   *   core while it is read; E_WASM when the core rejects the tables. An error thrown by the iterable propagates
   *   (the scan is abandoned and the core left ready for the next one).
   */
  scanChunks(rules: ScanRules, chunks: Iterable<TextChunk>, totalLength: number, limit?: ScanLimit): Int32Array;
  /**
   * The invisible pass and the threat scan over UTF-8 bytes, without making a JS string: the bytes are copied into
   * the core, decoded there (WHATWG UTF-8, as TextDecoder with the BOM kept) and scanned in place. Same results as
   * findInvisible() and scanRaw() on `new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)`.
   * @param bytes at most MAX_SCAN_BYTES (2^31 - 1); inputs over BYTES_BLOCK (1 MiB) go through the core a block at
   *   a time, last block first, so the core holds one block (and its decoded text) whatever the input's size.
   * @param options.limit as scanRaw's; options.invisibleMax keeps at most this many invisible characters (default all);
   *   options.encoded also runs the core's encoded-text pass (assembly/encoded.ts) and sets BytesScan.encoded.
   * @throws PromptasmError E_ARG when `bytes` is not a Uint8Array or is over MAX_SCAN_BYTES; E_WASM when the core
   *   rejects the tables.
   */
  scanBytes(rules: ScanRules, bytes: Uint8Array, options?: { limit?: ScanLimit; invisibleMax?: number; encoded?: boolean }): BytesScan;
  /**
   * Decodes UTF-8 bytes with the core's decoder (the one scanBytes() uses): WHATWG UTF-8, one U+FFFD per ill-formed
   * subpart, a leading BOM kept. Equal to `new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)`; for tests
   * and tools (TextDecoder is faster where a string is wanted).
   * @throws PromptasmError E_ARG when `bytes` is not a Uint8Array or is over MAX_DECODE_BYTES (16 MiB).
   */
  decodeUtf8(bytes: Uint8Array): string;
  /** Size of the core's linear memory in bytes (it grows, never shrinks): rule tables, the decode buffers, text. */
  memoryBytes(): number;
  /**
   * How the core's scans have walked since createCore(), for tests and benchmarks (assembly/scan.ts): pieces of
   * text walked serially or cut into interleaved segments; fix-up walks (a segment whose true start state was not
   * the root), how many met the segment's own walk at a checkpoint and how many code units they walked; interleaved
   * scans walked again serially because they held too many matches (floods) or the DFA cache was reset (restarts).
   */
  scanStats(): ScanStats;
}

/** Core.scanStats(): counts since the core was created. */
export interface ScanStats {
  serial: number;
  interleaved: number;
  fixups: number;
  fixupsMet: number;
  fixupUnits: number;
  floods: number;
  restarts: number;
}

/**
 * Inputs over this many bytes (8 MiB) make Core.decodeUtf8() let go of the core's decode buffers afterwards, so the
 * core's memory does not keep the largest input seen (Core.scanBytes() decodes at most MAX_BYTES_BLOCK at once).
 */
export const RELEASE_ABOVE_BYTES = 8 << 20;

/**
 * Most bytes Core.scanBytes() takes in one call: 2^31 - 1 (offsets are 32-bit). Inputs over BYTES_BLOCK go through
 * the core a block at a time, so the core's memory does not follow the input's size.
 */
export const MAX_SCAN_BYTES = 0x7fffffff;

/**
 * Core.scanBytes() takes inputs over this many bytes (1 MiB) a block at a time, last block first, so the core holds
 * one block and its decoded text (twice its size) whatever the input's size. Measured on generated Markdown with the
 * seed rules: 1 MiB blocks give 10 MB and 100 MB the same speed per
 * MB (704 and 699 MB/s in one run), where 256 KiB blocks ran at 590–623 MB/s and one 16 MiB piece at 601 MB/s for 10 MB.
 */
export const BYTES_BLOCK = 1 << 20;

/** Largest block size createCore() accepts (8 MiB: a block and its context must fit the core's 16 MiB decode buffer). */
export const MAX_BYTES_BLOCK = 8 << 20;

/** Most bytes decoded in one piece inside the core (assembly/utf8.ts MAX_INPUT): Core.decodeUtf8's limit. */
export const MAX_DECODE_BYTES = 16 << 20;

/** What Core.scanBytes() returns: the string path's results for the text the bytes decode to. */
export interface BytesScan {
  /** UTF-16 code units the bytes decode to (as TextDecoder decodes UTF-8: U+FFFD per ill-formed subpart, BOM kept). */
  units: number;
  /** Flat pairs [ruleIndex, startOffset, ...] as scanRaw() returns them for the decoded text (UTF-16 offsets). */
  matches: Int32Array;
  /** Invisible characters as findInvisible() returns them for the decoded text, at most `invisibleMax`. */
  invisible: InvisibleChar[];
  /** How many invisible characters the decoded text has (may exceed invisible.length). */
  invisibleTotal: number;
  /** Byte offset of the first ill-formed UTF-8 sequence (its lead byte), or -1 when the bytes are valid UTF-8. */
  invalidUtf8At: number;
  /**
   * With options.encoded: the encoded-text flags of the decoded text (ENCODED_ESCAPE | ENCODED_HEX | ENCODED_BASE64;
   * 0 when it holds nothing src/scan/decoders.ts would decode). Over BYTES_BLOCK, a run or escape that starts in one
   * block and reaches past the bytes of context after it sets its flag unchecked (a superset).
   */
  encoded?: number;
}

/** Runtime helpers an adapter may hand the core. */
export interface CoreOptions {
  /**
   * Encodes a string as UTF-16LE bytes, every code unit kept (lone surrogates too), e.g. Node's
   * `Buffer.from(text, "utf16le")`. The core then copies text in with one memcpy instead of a per-code-unit loop
   * (about 4× faster in Node). Without it, the generated bindings' loop is used.
   */
  encodeUtf16?: (text: string) => Uint8Array;
  /**
   * How many DFA walks the core interleaves over one long text (1 = one serial walk; 1..4, default 4) and the
   * shortest text, in UTF-16 code units, it splits (undefined or null: 1,024; at least 128 per walk, at most 2^31 - 1). Results are the same
   * for every setting (assembly/scan.ts explains why); tests and benchmarks set them to compare.
   * @throws PromptasmError E_ARG (from createCore) when out of range.
   */
  scanChains?: { chains: number; minUnits?: number };
  /**
   * Block size for Core.scanBytes() in bytes (undefined or null: BYTES_BLOCK; 64..MAX_BYTES_BLOCK). Results are the same for every size;
   * tests set a small one so that blocks end everywhere.
   * @throws PromptasmError E_ARG (from createCore) when out of range.
   */
  bytesBlock?: number;
}

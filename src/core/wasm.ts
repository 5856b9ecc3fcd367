// The WASM boundary: loads the AssemblyScript core from a compiled WebAssembly.Module and gives it a typed face.
// Runtime-neutral: the caller compiles the module its own way (Node reads the file, a page streams it, a Worker
// imports it), so this file touches no I/O and no runtime globals.

import { instantiate } from "../../build/release.js";
import { PromptasmError } from "../errors.js";
import { astralFoldTable, foldAstralPairs } from "../util/astral-fold.js";
import type { CoreRuleSet as CompiledRuleSet } from "./rule-set.js";

/** Code units per chunk handed to the core's scan: bounds the core's memory for the text, whatever its length. */
export const SCAN_CHUNK = 1 << 20;

/**
 * Code units of context findInvisibleChunk() needs on each side of a chunk: 8. The core decides about a code unit
 * from at most the two units before it and the one after it (assembly/invisible.ts: joiners, selectors, tag pairs);
 * 8 leaves room for that window to grow without changing callers.
 */
export const INVISIBLE_CONTEXT = 8;

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

/** Bytes of context decoded on each side of a block, for the invisible pass's neighbour rules (they look 2 units away). */
const BLOCK_CONTEXT = 12;

/** Most bytes decoded in one piece inside the core (assembly/utf8.ts MAX_INPUT): Core.decodeUtf8's limit. */
export const MAX_DECODE_BYTES = 16 << 20;

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

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

/** A value's kind for an error message: "null", "undefined", a class name ("Uint16Array", "Array") or a typeof. */
function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (typeof v !== "object") return typeof v;
  const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? name : "object";
}

/** A setting's value for an error message: JSON where it can be (BigInts as 1n), else its kind. */
function showSetting(v: unknown): string {
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  if (typeof v === "bigint") return `${v}n (a BigInt)`;
  if (typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return describeValue(v);
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x)) ?? describeValue(v);
  } catch {
    return describeValue(v);
  }
}

/** Whether `rules` is a compiled rule set (compileRules()). */
function isRuleSet(rules: unknown): rules is CompiledRuleSet {
  const r = rules as CompiledRuleSet | null;
  return r !== null && typeof r === "object" && typeof r.step === "function" && r.classMap instanceof Uint8Array;
}

/**
 * The groups a scan walks and, per group, its local-to-whole rule index map (null: the identity).
 * @throws PromptasmError E_ARG unless `rules` is a compiled rule set or RuleGroups whose maps cover every rule once.
 */
function groupsOf(rules: unknown): { sets: readonly CompiledRuleSet[]; maps: ReadonlyArray<readonly number[] | null>; nRules: number } {
  if (isRuleSet(rules)) return { sets: [rules], maps: [null], nRules: rules.nRules };
  const g = rules as RuleGroups | null;
  if (g !== null && typeof g === "object" && Array.isArray(g.groups) && Array.isArray(g.ruleIndex) && g.groups.length === g.ruleIndex.length
    && g.groups.every((x, k) => isRuleSet(x) && Array.isArray(g.ruleIndex[k]) && g.ruleIndex[k]!.length === x.nRules)) {
    return { sets: g.groups, maps: g.ruleIndex, nRules: g.nRules };
  }
  throw new PromptasmError("E_ARG", `rules must be a compiled rule set (compileRules()), got ${describeValue(rules)} (rule groups from compileRuleGroups() are taken too)`);
}

/** Throws E_ARG unless `rules` is a compiled rule set or RuleGroups. */
function checkRules(rules: unknown): asserts rules is ScanRules {
  groupsOf(rules);
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

/** The raw exports of the core (before the generated bindings adapt them): pointers and numbers. */
interface RawExports {
  memory: WebAssembly.Memory;
  inputBuffer(length: number): number;
  __collect(): void;
  unitsBuffer(units: number): number;
  decodedPointer(): number;
}


/**
 * Instantiates the core.
 * @param module the compiled build/release.wasm.
 * @param options runtime helpers (see CoreOptions); the Node entry passes a Buffer-based encodeUtf16.
 * @throws PromptasmError E_WASM when instantiation fails.
 */
export async function createCore(module: WebAssembly.Module, options: CoreOptions | null = {}): Promise<Core> {
  options ??= {};
  if (typeof options !== "object") throw new PromptasmError("E_ARG", `core options must be an object, got ${describeValue(options)}`);
  let wasm: Awaited<ReturnType<typeof instantiate>>;
  try {
    wasm = await instantiate(module, { env: {} } as never);
  } catch (cause) {
    throw new PromptasmError("E_WASM", `could not instantiate the promptasm core: ${String(cause)}`, { cause });
  }
  const raw = Object.getPrototypeOf(wasm) as RawExports;
  if (options.scanChains !== undefined) {
    const setting = options.scanChains as { chains?: unknown; minUnits?: unknown } | null;
    const chains = setting?.chains;
    const minUnits = setting?.minUnits ?? 1024;
    const bad = setting === null || typeof setting !== "object" ? `got ${showSetting(setting)}`
      : typeof chains !== "number" || !Number.isInteger(chains) || chains < 1 || chains > 4 ? `chains is ${showSetting(chains)}`
      : typeof minUnits !== "number" || !Number.isInteger(minUnits) || minUnits < chains * 128 || minUnits > 0x7fffffff ? `minUnits is ${showSetting(minUnits)}`
      : "";
    if (bad !== "") throw new PromptasmError("E_ARG", `scanChains must be { chains: 1..4, minUnits: integer in 128 × chains..2147483647 }: ${bad}`);
    if (wasm.setChains(chains as number, minUnits as number) !== 0) throw new PromptasmError("E_WASM", "the core rejected the scanChains setting");
  }
  const bytesBlock = options.bytesBlock ?? BYTES_BLOCK;
  if (!Number.isInteger(bytesBlock) || bytesBlock < 64 || bytesBlock > MAX_BYTES_BLOCK) {
    throw new PromptasmError("E_ARG", `bytesBlock must be an integer number of bytes in 64..${MAX_BYTES_BLOCK}, got ${showSetting(options.bytesBlock)}`);
  }
  const encode = options.encodeUtf16;
  // Writes a string's code units into the core's text buffer (assembly/utf8.ts unitsBuffer), where the scan and the
  // invisible pass read them in place: one buffer reused for every call, so no String is left behind per call.
  const writeUnits = (text: string): void => {
    const ptr = raw.unitsBuffer(text.length) >>> 0;
    if (ptr === 0 && text.length > 0) throw new PromptasmError("E_ARG", `the core takes at most ${MAX_SCAN_BYTES} code units at once, got ${text.length}`);
    if (encode) {
      const bytes = encode(text);
      if (bytes.length !== text.length * 2) throw new PromptasmError("E_WASM", "encodeUtf16 must return two bytes per code unit");
      new Uint8Array(raw.memory.buffer, ptr, bytes.length).set(bytes); // view taken after unitsBuffer: memory may have grown
    } else {
      const view = new Uint16Array(raw.memory.buffer, ptr, text.length);
      for (let i = 0; i < text.length; i++) view[i] = text.charCodeAt(i);
    }
  };
  // `again`: the text is already in the core's buffer (a later rule group walks the same piece).
  const scanStart = (text: string, state: number, offset: number, endsInput: boolean, startsInput: boolean, limit: ScanLimit | undefined, again: boolean): number => {
    if (!again) {
      writeUnits(text);
      if (limit?.encoded !== undefined) limit.encoded |= wasm.encodedFlagsDecoded(0, text.length, !endsInput);
    }
    return wasm.scanStartBuffer(state, offset, endsInput, startsInput);
  };
  const findInvisibleRaw = (text: string, max: number): Int32Array => {
    writeUnits(text); // at most SCAN_CHUNK + 16 code units: findInvisible cuts longer texts
    return wasm.findInvisibleDecoded(max);
  };
  // The core keeps up to CORE_SLOTS rule sets with their transition tables, so switching scopes (context files,
  // then memory at the strict scope) keeps every table warm. Each slot mirrors one rule set's DFA cache and is
  // cleared when that cache was reset (its generation changed).
  const slots: Array<{ rules: CompiledRuleSet; generation: number; lastUse: number } | null> = new Array(CORE_SLOTS).fill(null);
  let current = -1;
  let clock = 0;
  let scanning = false; // a scanChunks() is reading its chunks: the core's scan state belongs to it
  let astralLoaded = false; // the plane-1 fold table goes into the core on the first scanBytes()
  const install = (rules: CompiledRuleSet) => {
    let i = slots.findIndex((x) => x?.rules === rules);
    if (i === -1) {
      i = slots.indexOf(null);
      if (i === -1) i = slots.reduce((lru, x, k) => (x!.lastUse < slots[lru]!.lastUse ? k : lru), 0);
      const rc = wasm.loadTables(i, rules.classMap, rules.capacity, rules.nClasses, rules.edgeClass, rules.skipClass, rules.cutsOk);
      if (rc !== 0) throw new PromptasmError("E_WASM", `the core rejected the compiled rule set (code ${rc})`);
      slots[i] = { rules, generation: rules.generation, lastUse: 0 };
    } else {
      if (wasm.useSlot(i) !== 0) throw new PromptasmError("E_WASM", `the core lost rule-set slot ${i}`);
      if (slots[i]!.generation !== rules.generation) {
        wasm.clearTable();
        slots[i]!.generation = rules.generation;
      }
    }
    current = i;
    slots[i]!.lastUse = ++clock;
  };
  const core: Core = {
    normalize: (text) => wasm.normalize(text),
    findInvisible(text, limit) {
      const max = limit ? limit.max : 0x7fffffff;
      if (!(max >= 0)) throw new PromptasmError("E_ARG", `max must be >= 0, got ${max}`);
      if (text.length > SCAN_CHUNK + 2 * INVISIBLE_CONTEXT) {
        // Long texts go through the core a chunk at a time (each with its neighbours' context), so the core never
        // holds more than one chunk of them.
        const out: InvisibleChar[] = [];
        let total = 0;
        for (let start = 0; start < text.length; start += SCAN_CHUNK) {
          const end = Math.min(text.length, start + SCAN_CHUNK);
          const lim = { max: Math.max(0, max - out.length), total: 0 };
          const before = text.slice(Math.max(0, start - INVISIBLE_CONTEXT), start);
          for (const f of core.findInvisibleChunk(text.slice(start, end), start, before, text.slice(end, end + INVISIBLE_CONTEXT), lim)) out.push(f);
          total += lim.total;
        }
        if (limit) limit.total = total;
        return out;
      }
      const raw = findInvisibleRaw(text, Math.min(max, 0x7fffffff));
      if (limit) limit.total = wasm.invisibleTotal();
      const out: InvisibleChar[] = [];
      for (let k = 0; k < raw.length; k += 2) out.push({ codePoint: raw[k]!, offset: raw[k + 1]! });
      return out;
    },
    truncateCuts(text, cap, headRatio, tailRatio) {
      if (!Number.isSafeInteger(cap) || cap < 0 || cap > 0x7fffffff) throw new PromptasmError("E_ARG", `truncation cap must be a non-negative integer number of chars, got ${cap}`);
      if (!(headRatio >= 0 && tailRatio >= 0 && headRatio + tailRatio <= 1)) {
        throw new PromptasmError("E_ARG", `head/tail ratios must be >= 0 with a sum <= 1, got ${headRatio}/${tailRatio}`);
      }
      // Plain cut points first, then the four code units around them: the text is never copied into the core.
      const [h, t] = wasm.truncateCuts(text.length, cap, headRatio, tailRatio);
      const unit = (i: number) => (i >= 0 && i < text.length ? text.charCodeAt(i) : 0);
      const [headEnd, tailStart] = wasm.pairSafeCuts(text.length, h!, t!, unit(h! - 1), unit(h!), unit(t! - 1), unit(t!));
      return { headEnd: headEnd!, tailStart: tailStart! };
    },
    findInvisibleChunk(text, offset, before, after, limit) {
      if (!Number.isSafeInteger(offset) || offset < 0) throw new PromptasmError("E_ARG", `chunk offset must be a non-negative integer, got ${offset}`);
      if (before.length !== Math.min(INVISIBLE_CONTEXT, offset)) {
        throw new PromptasmError("E_ARG", `before must hold the ${Math.min(INVISIBLE_CONTEXT, offset)} code units before the chunk, got ${before.length}`);
      }
      if (after.length > INVISIBLE_CONTEXT) throw new PromptasmError("E_ARG", `after must hold at most ${INVISIBLE_CONTEXT} code units, got ${after.length}`);
      const max = limit ? limit.max : 0x7fffffff;
      if (!(max >= 0)) throw new PromptasmError("E_ARG", `max must be >= 0, got ${max}`);
      const lo = before.length, hi = before.length + text.length; // the chunk's code units in the window
      const window = before + text + after;
      // Findings in `before` come first and number at most lo, so asking for max + lo keeps every wanted one.
      const lim = { max: Math.min(max + lo, 0x7fffffff), total: 0 };
      const all = core.findInvisible(window, lim);
      const out: InvisibleChar[] = [];
      let inBefore = 0, inAfter = 0;
      for (const f of all) {
        if (f.offset < lo) inBefore++;
        else if (f.offset >= hi) inAfter++;
        else if (out.length < max) out.push({ codePoint: f.codePoint, offset: f.offset - lo + offset });
      }
      if (limit) {
        if (lim.total > all.length && after !== "") {
          // Cut short: count the findings in `after` on a small window (its decisions reach 2 units back).
          const tail = (before + text).slice(-2 * INVISIBLE_CONTEXT);
          inAfter = core.findInvisible(tail + after).filter((f) => f.offset >= tail.length).length;
        }
        limit.total = lim.total - inBefore - inAfter;
      }
      return out;
    },
    scanRaw(rules, text, limit) {
      if (typeof text !== "string") throw new PromptasmError("E_ARG", `text to scan must be a string, got ${describeValue(text)}`);
      return core.scanChunks(rules, [{ text, offset: 0 }], text.length, limit);
    },
    scanChunks(rules, chunks, totalLength, limit) {
      if (!Number.isSafeInteger(totalLength) || totalLength < 0 || totalLength > 0x7fffffff) {
        throw new PromptasmError("E_ARG", `totalLength must be an integer in 0..2147483647 (UTF-16 code units), got ${totalLength}`);
      }
      return runScan(rules, limit, (run) => {
        let expectEnd = totalLength; // where the next piece must end
        // A low surrogate that starts a piece is held back and scanned with the piece before it, so a surrogate pair
        // cut between two pieces still folds as one astral letter.
        let carry = "";
        if (chunks === null || typeof (chunks as { [Symbol.iterator]?: unknown } | undefined)?.[Symbol.iterator] !== "function") {
          throw new PromptasmError("E_ARG", `chunks must be an iterable of { text, offset }, got ${describeValue(chunks)}`);
        }
        for (const chunk of chunks) {
          const raw = chunk?.text, offset = chunk?.offset;
          if (typeof raw !== "string" || !Number.isSafeInteger(offset)) throw new PromptasmError("E_ARG", "each chunk must be { text: string, offset: integer }");
          if (offset + raw.length !== expectEnd || offset < 0) {
            throw new PromptasmError("E_ARG", `chunk at offset ${offset} with ${raw.length} code units does not end where the text after it starts (${expectEnd})`);
          }
          let joined = carry === "" ? raw : raw + carry;
          let from = offset; // where joined[0] sits in the whole text
          carry = "";
          const first = joined.charCodeAt(0);
          if (offset > 0 && first >= 0xdc00 && first <= 0xdfff) {
            carry = joined[0]!;
            joined = joined.slice(1);
            from++;
          }
          // Astral letters fold here (same length): the class table sees one code unit at a time (fold.ts).
          const text = foldAstralPairs(joined);
          // Long pieces go to the core SCAN_CHUNK code units at a time, last first: bounds the core's copy of the text.
          for (let end = text.length; end > 0; end -= SCAN_CHUNK) {
            const start = Math.max(0, end - SCAN_CHUNK);
            const piece = start === 0 && end === text.length ? text : text.slice(start, end);
            run((state, again) => scanStart(piece, state, from + start, from + end === totalLength, from + start === 0, limit, again));
          }
          expectEnd = offset;
        }
        if (expectEnd !== 0) throw new PromptasmError("E_ARG", `chunks stopped at offset ${expectEnd}: the last one must start at 0`);
        if (totalLength === 0) run((state, again) => scanStart("", state, 0, true, true, limit, again)); // an empty input still sees its two edges
      });
    },
    memoryBytes: () => raw.memory.buffer.byteLength,
    scanStats() {
      const n = wasm.scanStats();
      return { serial: n[0]!, interleaved: n[1]!, fixups: n[2]!, fixupsMet: n[3]!, fixupUnits: n[4]!, floods: n[5]!, restarts: n[6]! };
    },
    decodeUtf8(bytes) {
      const units = decodeIn(bytes, "decode");
      const ptr = raw.decodedPointer() >>> 0;
      let text = "";
      for (let k = 0; k < units; k += 8192) text += String.fromCharCode(...new Uint16Array(raw.memory.buffer, ptr + 2 * k, Math.min(8192, units - k)));
      releaseIfLarge(bytes.length);
      return text;
    },
    scanBytes(rules, bytes, options) {
      checkRules(rules);
      const invisibleMax = options?.invisibleMax ?? 0x7fffffff;
      if (!Number.isSafeInteger(invisibleMax) || invisibleMax < 0) throw new PromptasmError("E_ARG", `invisibleMax must be a non-negative integer, got ${invisibleMax}`);
      if (bytes instanceof Uint8Array && bytes.length > bytesBlock) {
        if (bytes.length > MAX_SCAN_BYTES) throw new PromptasmError("E_ARG", `scanBytes takes at most ${MAX_SCAN_BYTES} bytes (offsets are 32-bit), got ${bytes.length}`);
        return scanBlocks(rules, bytes, options?.limit, invisibleMax, options?.encoded === true);
      }
      const units = decodeIn(bytes, "scan");
      const encoded = options?.encoded ? wasm.encodedFlagsInput(bytes.length, 0, bytes.length, false) : undefined; // the bytes: as the text
      let invisible: InvisibleChar[] = [];
      let invisibleTotal = 0;
      if (wasm.decodedInvisibleCandidates()) {
        const pairs = wasm.findInvisibleDecoded(Math.min(invisibleMax, 0x7fffffff));
        invisibleTotal = wasm.invisibleTotal();
        for (let k = 0; k < pairs.length; k += 2) invisible.push({ codePoint: pairs[k]!, offset: pairs[k + 1]! });
      }
      if (wasm.decodedFoldableAstral()) wasm.foldDecodedAstral(); // after the invisible pass, which sees the original
      const matches = runScan(rules, options?.limit, (run) => run((state) => wasm.scanStartDecoded(state)));
      const invalidUtf8At = wasm.decodedFirstInvalid();
      return { units, matches, invisible, invisibleTotal, invalidUtf8At, ...(encoded !== undefined ? { encoded } : {}) };
    },
  };
  // scanBytes() for an input over bytesBlock: blocks cut where the UTF-8 decoder is in its initial state (so each
  // decodes to exactly its part of the whole text), walked last first so the DFA state carries from each block to the
  // one before it. Each block is decoded with up to BLOCK_CONTEXT bytes of its neighbours, which the invisible pass
  // reads as neighbours and the scan skips. Offsets are counted from the end while the walk goes (the length of the
  // text before a block is not known yet) and shifted once it is done.
  const scanBlocks = (rules: ScanRules, bytes: Uint8Array, limit: ScanLimit | undefined, invisibleMax: number, wantEncoded: boolean): BytesScan => {
    if (scanning) throw new PromptasmError("E_ARG", "this core is already running a scan (a chunk source must not scan with the core it feeds)");
    loadAstral();
    const len = bytes.length;
    const cont = (x: number) => (bytes[x]! & 0xc0) === 0x80;
    // The decoder is in its initial state at x whatever came before: x is an end, or bytes[x] is not a continuation
    // byte (an unfinished sequence before it ends as U+FFFD either way), or four continuation bytes precede x (no
    // sequence takes more than three).
    const initial = (x: number) => x <= 0 || x >= len || !cont(x) || (x >= 4 && cont(x - 1) && cont(x - 2) && cont(x - 3) && cont(x - 4));
    const atOrBefore = (x: number) => { while (!initial(x)) x--; return x; }; // at most 4 steps (see initial)
    const atOrAfter = (x: number) => { while (!initial(x)) x++; return x; };
    const starts: number[] = [];
    for (let b = len; b > 0;) {
      const a = b - bytesBlock <= 0 ? 0 : atOrBefore(b - bytesBlock);
      starts.push(a);
      b = a;
    }
    const lists: InvisibleChar[][] = []; // per block, last block first
    let invisibleTotal = 0;
    let invalidUtf8At = -1;
    let encoded = 0;
    let after = 0; // code units of the text after the block being walked
    const matches = runScan(rules, limit, (run) => {
      let b = len;
      for (const a of starts) {
        const q = a === 0 ? 0 : atOrBefore(Math.max(0, a - BLOCK_CONTEXT));
        const r = b === len ? len : atOrAfter(Math.min(len, b + BLOCK_CONTEXT));
        const windowUnits = decodeWindow(bytes, q, r);
        const from = a === q ? 0 : utf8.decode(bytes.subarray(q, a)).length;
        const to = windowUnits - (r === b ? 0 : utf8.decode(bytes.subarray(b, r)).length);
        const base = -(after + (to - from)); // where unit `from` sits, counted from the end
        // Escapes and runs that start in the block; one that reaches past the context after it counts unchecked.
        if (wantEncoded) encoded |= wasm.encodedFlagsInput(r - q, a - q, b - q, r !== len); // over the block's bytes
        if (wasm.decodedInvisibleCandidates()) {
          const pairs = wasm.findInvisibleDecodedRange(from, to, Math.min(invisibleMax, 0x7fffffff));
          invisibleTotal += wasm.invisibleTotal();
          const list: InvisibleChar[] = [];
          for (let k = 0; k < pairs.length; k += 2) list.push({ codePoint: pairs[k]!, offset: pairs[k + 1]! - from + base });
          lists.push(list);
        }
        const bad = wasm.decodedFirstInvalid();
        if (bad >= 0 && q + bad < b) invalidUtf8At = invalidUtf8At < 0 ? q + bad : Math.min(invalidUtf8At, q + bad);
        if (wasm.decodedFoldableAstral()) wasm.foldDecodedAstral(); // after the invisible pass, which sees the original
        run((state) => wasm.scanStartRange(state, from, to, base, b === len, a === 0));
        after += to - from;
        b = a;
      }
    });
    const units = after;
    for (let k = 1; k < matches.length; k += 2) matches[k]! += units;
    const invisible: InvisibleChar[] = [];
    for (let j = lists.length - 1; j >= 0 && invisible.length < invisibleMax; j--) {
      for (const f of lists[j]!) {
        if (invisible.length >= invisibleMax) break;
        invisible.push({ codePoint: f.codePoint, offset: f.offset + units });
      }
    }
    return { units, matches, invisible, invisibleTotal, invalidUtf8At, ...(wantEncoded ? { encoded } : {}) };
  };
  // Copies bytes[q, r) into the core and decodes them there (no scan may be starting: the buffer is shared).
  const decodeWindow = (bytes: Uint8Array, q: number, r: number): number => {
    const ptr = raw.inputBuffer(r - q) >>> 0;
    if (ptr === 0) throw new PromptasmError("E_WASM", `the core could not take ${r - q} bytes`);
    new Uint8Array(raw.memory.buffer, ptr, r - q).set(bytes.subarray(q, r));
    const units = wasm.decodeInput(r - q);
    if (units < 0) throw new PromptasmError("E_WASM", "the core rejected the input length");
    return units;
  };
  const loadAstral = () => {
    if (astralLoaded) return;
    if (wasm.loadAstralFold(astralFoldTable()) !== 0) throw new PromptasmError("E_WASM", "the core rejected the astral fold table");
    astralLoaded = true;
  };
  // After an input over RELEASE_ABOVE_BYTES the core lets go of its buffers and collects, so the next large input
  // reuses that memory: the core's memory then follows the largest single input, not the sum of the sizes seen.
  const releaseIfLarge = (length: number): void => {
    if (length <= RELEASE_ABOVE_BYTES) return;
    wasm.releaseBuffers();
    raw.__collect();
  };
  // Copies `bytes` into the core and decodes them there; returns the number of UTF-16 code units.
  const decodeIn = (bytes: Uint8Array, what: string): number => {
    if (!(bytes instanceof Uint8Array)) throw new PromptasmError("E_ARG", `bytes to ${what} must be a Uint8Array (or a Buffer), got ${describeValue(bytes)}`);
    if (bytes.length > MAX_DECODE_BYTES) throw new PromptasmError("E_ARG", `the core decodes at most ${MAX_DECODE_BYTES} bytes at once, got ${bytes.length} (scanBytes takes larger inputs a block at a time)`);
    if (scanning) throw new PromptasmError("E_ARG", "this core is already running a scan (a chunk source must not scan with the core it feeds)");
    loadAstral();
    const ptr = raw.inputBuffer(bytes.length) >>> 0;
    if (ptr === 0) throw new PromptasmError("E_WASM", `the core could not take ${bytes.length} bytes`);
    try {
      new Uint8Array(raw.memory.buffer, ptr, bytes.length).set(bytes); // view taken after the call: memory may have grown
    } catch (cause) {
      throw new PromptasmError("E_ARG", `bytes to ${what} could not be read (${cause instanceof Error ? cause.message : String(cause)}): is their ArrayBuffer detached?`, { cause });
    }
    const units = wasm.decodeInput(bytes.length);
    if (units < 0) throw new PromptasmError("E_WASM", "the core rejected the input length");
    return units;
  };
  // Runs one scan: `body` calls run(start) once per piece of text, last piece first; start(state, again) hands the
  // piece to the core in that DFA state (again: the piece is already in the core's buffer, for the second and later
  // rule groups). Each group is walked over the piece in turn, its DFA state carried to its walk of the piece before.
  // Returns flat [rule, offset] pairs in ascending (offset, rule) order, rule indices of the whole set.
  const runScan = (rules: ScanRules, limit: ScanLimit | undefined, body: (run: (start: (state: number, again: boolean) => number) => void) => void): Int32Array => {
    const { sets, maps, nRules } = groupsOf(rules);
    const max = limit?.maxPerRule ?? Infinity;
    if (!(max >= 1)) throw new PromptasmError("E_ARG", `maxPerRule must be at least 1, got ${max}`);
    if (scanning) throw new PromptasmError("E_ARG", "this core is already running a scan (a chunk source must not scan with the core it feeds)");
    const nGroups = sets.length;
    const budget = limit?.maxNewTransitions ?? Infinity;
    if (!(budget >= 0)) throw new PromptasmError("E_ARG", `maxNewTransitions must be a non-negative number, got ${limit?.maxNewTransitions}`);
    let built = 0;
    // Per group: the state carried between pieces, the root (the start state: no match in progress; interleaved
    // segments start there), the generation those ids belong to, and what the carried state stands for.
    const state: number[] = new Array<number>(nGroups).fill(0);
    const root: number[] = new Array<number>(nGroups).fill(0);
    const gen: number[] = new Array<number>(nGroups).fill(0);
    const carried: Array<ReturnType<CompiledRuleSet["snapshot"]> | undefined> = new Array(nGroups).fill(undefined);
    // Per rule, the offsets kept so far (made at the first match: most scans have none). Matches arrive in
    // descending offset order within a group's walk of a piece, and pieces come last first, so once a rule has `max`
    // the newest (smallest) offsets replace the oldest: a ring buffer keeps the earliest `max` of the text. (A rule
    // belongs to one group, so the groups' walks do not interleave its offsets.)
    let kept: number[][] | undefined;
    let seen: number[] | undefined;
    // Turns group g's [state, offset] matches into per-rule offsets while the state ids are still current.
    const drain = (g: number) => {
      if (wasm.matchCount() === 0) return;
      const m = wasm.takeMatches();
      if (kept === undefined || seen === undefined) {
        kept = [];
        seen = [];
        for (let r = 0; r < nRules; r++) { kept.push([]); seen.push(0); }
      }
      const set = sets[g]!;
      const map = maps[g];
      for (let k = 0; k < m.length; k += 2) {
        for (const local of set.rulesOf(m[k]!)) {
          const r = map ? map[local]! : local;
          const list = kept[r]!;
          if (list.length < max) list.push(m[k + 1]!);
          else list[seen[r]! % max] = m[k + 1]!;
          seen[r]!++;
        }
      }
    };
    // Group g's walk of one piece.
    const runGroup = (g: number, start: (state: number, again: boolean) => number) => {
      const set = sets[g]!;
      install(set); // mirrors the set's cache generation in the slot (clears a stale table)
      if (set.generation !== gen[g]) {
        // A core sharing this rule set reset its DFA cache while the chunk source ran between two pieces, which voids
        // every state id this scan holds: renumber the carried state and the root in the new generation (restore()
        // may itself reset a full cache: then take them again).
        for (let k = -1; k !== set.generation;) {
          k = set.generation;
          state[g] = carried[g] ? set.restore(carried[g]!) : set.startState();
          root[g] = set.startState();
        }
        gen[g] = set.generation;
        wasm.clearTable();
        slots[current]!.generation = set.generation;
      }
      wasm.setRootState(root[g]!);
      if (start(state[g]!, g > 0) !== 0) throw new PromptasmError("E_WASM", `the core rejected DFA state ${state[g]}`);
      for (let status = wasm.scanRun(); status !== 0; status = wasm.scanRun()) {
        if (status === 2) { drain(g); continue; }
        if (++built > budget) throw new PromptasmError("E_WORK_BUDGET", `the scan needed more than ${budget} new DFA transitions (maxNewTransitions); those built so far are kept, so a retry gets further`);
        // The piece's start state, kept in case the cache is reset while the core walks interleaved segments: their
        // state ids are then void and the piece is walked again serially from this state's new id.
        let startSnap: ReturnType<CompiledRuleSet["snapshot"]> | undefined;
        const { to, accepts, from } = set.step(wasm.currentState(), wasm.neededClass(), () => {
          drain(g);
          if (wasm.scanInterleaved()) startSnap = set.snapshot(state[g]!);
        });
        if (set.generation !== gen[g]) {
          gen[g] = set.generation;
          wasm.clearTable();
          slots[current]!.generation = set.generation;
          root[g] = set.startState(); // a cache just cleared has room: no second reset
          wasm.setRootState(root[g]!);
          if (startSnap) {
            state[g] = set.restore(startSnap);
            if (wasm.restartSerial(state[g]!) !== 0) throw new PromptasmError("E_WASM", `the core rejected DFA state ${state[g]}`);
          } else wasm.setState(from);
        }
        if (wasm.setTransition(from, wasm.neededClass(), to, accepts) !== 0) throw new PromptasmError("E_WASM", "the core rejected a DFA transition");
      }
      state[g] = wasm.currentState();
      drain(g); // the matches name states of this generation: take them before the chunk source runs again
      wasm.scanEnd();
      carried[g] = set.snapshot(state[g]!);
    };
    const run = (start: (state: number, again: boolean) => number) => {
      for (let g = 0; g < nGroups; g++) runGroup(g, start);
    };
    let done = false;
    scanning = true;
    try {
      for (let g = 0; g < nGroups; g++) {
        state[g] = sets[g]!.startState(); // may clear the rule set's cache: install() mirrors it
        root[g] = state[g]!;
        gen[g] = sets[g]!.generation;
      }
      body(run);
      wasm.scanEnd();
      done = true;
    } finally {
      scanning = false;
      if (!done) {
        wasm.scanEnd();
        wasm.takeMatches(); // abandon the scan: its matches must not leak into the next one
      }
    }
    if (kept === undefined || seen === undefined) {
      if (limit) limit.suppressed = new Array<number>(nRules).fill(0);
      return new Int32Array(0);
    }
    const keptLists = kept;
    if (limit) limit.suppressed = seen.map((n, r) => n - keptLists[r]!.length);
    // Sort into ascending (offset, rule) order; the scan found them right to left.
    const pairs: Array<[number, number]> = [];
    keptLists.forEach((offsets, r) => { for (const o of offsets) pairs.push([r, o]); });
    pairs.sort((a, b) => a[1] - b[1] || a[0] - b[0]);
    const out = new Int32Array(pairs.length * 2);
    pairs.forEach(([r, o], j) => { out[2 * j] = r; out[2 * j + 1] = o; });
    return out;
  };
  return core;
}

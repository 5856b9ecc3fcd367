// The bytes path: the Core calls that take UTF-8 bytes. The bytes are copied into the core and decoded there (WHATWG
// UTF-8, BOM kept), then the invisible pass, the encoded-text pass and the threat scan run over the decoded text in
// place, with no JS string made. Inputs over the block size go through a block at a time, last block first, cut
// where the decoder is in its initial state, so the core's memory stays one block whatever the input's size.

import { PromptasmError } from "../errors.js";
import { astralFoldTable } from "../util/astral-fold.js";
import { checkRules, type DfaDriver } from "./dfa.js";
import { describeValue, type CoreInstance } from "./instance.js";
import {
  INVISIBLE_CONTEXT,
  MAX_DECODE_BYTES, MAX_SCAN_BYTES, RELEASE_ABOVE_BYTES, type BytesScan, type Core, type InvisibleChar, type ScanLimit, type ScanRules,
} from "./types.js";

/**
 * Bytes of context decoded on each side of a block, for the invisible pass's neighbour rules: INVISIBLE_CONTEXT code
 * units at up to 4 bytes each (a balanced bidi pair in right-to-left text looks 241 units away).
 */
const BLOCK_CONTEXT = 4 * INVISIBLE_CONTEXT;

const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** The Core calls the bytes path implements. */
export type BytesPath = Pick<Core, "decodeUtf8" | "scanBytes">;

/**
 * The bytes path of one instantiated core.
 * @param instance the core (instance.ts): its bindings and block size.
 * @param dfa its DFA driver (dfa.ts), which runs the scans' walks and says whether a scan is running.
 */
export function createBytesPath(instance: CoreInstance, dfa: DfaDriver): BytesPath {
  const { wasm, raw, bytesBlock } = instance;
  const { runScan, checkIdle } = dfa;
  let astralLoaded = false; // the plane-1 fold table goes into the core on the first scanBytes()
  const path: BytesPath = {
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
    checkIdle();
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
    if (bytes.length > MAX_DECODE_BYTES) {
      const why = "scanBytes takes larger inputs a block at a time";
      throw new PromptasmError("E_ARG", `the core decodes at most ${MAX_DECODE_BYTES} bytes at once, got ${bytes.length} (${why})`);
    }
    checkIdle();
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
  return path;
}

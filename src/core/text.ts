// The text path: the Core calls that take JS strings. Text goes into the core's UTF-16 buffer (one reused buffer,
// one memcpy when the adapter gives encodeUtf16) and is walked there: normalize, the invisible-character pass (whole
// texts, long texts a SCAN_CHUNK at a time, and chunks of a text the caller never holds whole), the head/tail cut
// points, and the threat scan of a string (scanRaw) or of pieces arriving last first (scanChunks), whose DFA walks
// the driver in dfa.ts runs.

import { PromptasmError } from "../errors.js";
import { foldAstralPairs } from "../util/astral-fold.js";
import type { DfaDriver } from "./dfa.js";
import { describeValue, type CoreInstance } from "./instance.js";
import { INVISIBLE_CONTEXT, MAX_SCAN_BYTES, SCAN_CHUNK, type Core, type InvisibleChar, type ScanLimit } from "./types.js";

/** The Core calls the text path implements. */
export type TextPath = Pick<Core, "normalize" | "findInvisible" | "truncateCuts" | "findInvisibleChunk" | "scanRaw" | "scanChunks">;

/**
 * The text path of one instantiated core.
 * @param instance the core (instance.ts): its bindings and encodeUtf16.
 * @param dfa its DFA driver (dfa.ts), which runs scanRaw()'s and scanChunks()'s walks.
 */
export function createTextPath(instance: CoreInstance, dfa: DfaDriver): TextPath {
  const { wasm, raw } = instance;
  const { runScan } = dfa;
  const encode = instance.encodeUtf16;
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
  const path: TextPath = {
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
          for (const f of path.findInvisibleChunk(text.slice(start, end), start, before, text.slice(end, end + INVISIBLE_CONTEXT), lim)) out.push(f);
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
      const all = path.findInvisible(window, lim);
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
          inAfter = path.findInvisible(tail + after).filter((f) => f.offset >= tail.length).length;
        }
        limit.total = lim.total - inBefore - inAfter;
      }
      return out;
    },
    scanRaw(rules, text, limit) {
      if (typeof text !== "string") throw new PromptasmError("E_ARG", `text to scan must be a string, got ${describeValue(text)}`);
      return path.scanChunks(rules, [{ text, offset: 0 }], text.length, limit);
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
  };
  return path;
}

// Token counts for prompt text with OpenAI's BPE encodings (cl100k_base, o200k_base) through js-tiktoken.
//
// Cost model (../shared/notes/TOOLCHAIN.md, and bench/tokens.ts on this machine): building an encoder from its rank
// table takes about 0.3–1.1 s (cl100k) and 0.6–1.8 s (o200k), and the rank modules are 1–2 MB of JavaScript. So
// nothing loads at import: the first count for an encoding imports js-tiktoken/lite and that encoding's ranks with a
// dynamic import() and builds one encoder, shared by every later call in this process or isolate. Counts are
// memoized by a SHA-256 of the text (globalThis.crypto.subtle: Node >= 19, browsers, Workers), 1,000 entries, LRU.
//
// js-tiktoken's byte-pair merge is quadratic or worse in the length of one pre-token: a run of letters with no
// space costs 70 ms at 1,000 letters, 9 s at 10,000 and 199 s at 40,000. So the text is counted in pieces (see
// splitForCounting): cut where the encodings' pre-tokenizer always starts a new pre-token, which keeps the sum equal
// to the whole-text count, and hard-cut only inside stretches with no such place longer than RUN_LIMIT.

import { PromptasmError } from "../errors.js";
import type { Section, Tier } from "../sections/types.js";

/** The encodings countTokens knows: cl100k_base (GPT-4, GPT-3.5) and o200k_base (GPT-4o, GPT-4.1, GPT-5, o-series). */
export type Encoding = "cl100k_base" | "o200k_base";

/** The encodings, in a fixed order. */
export const ENCODINGS: readonly Encoding[] = ["cl100k_base", "o200k_base"];

/** Longest piece (UTF-16 code units) handed to the encoder in one call. */
export const MAX_PIECE = 1_000;

/**
 * Longest stretch (UTF-16 code units) without a cut place that is encoded in one piece; longer stretches are
 * hard-cut every RUN_LIMIT code units. One run of 256 letters costs about 5 ms to encode (1,000 cost 70 ms), so the
 * worst case is linear: 255-letter words, 102,400 chars, took 2.4–2.7 s (about 25 ms per 1,000 code units; prose
 * takes under 1 ms per 1,000). On the benign corpus 13 of 1,046 files have a stretch this long (128 would touch 69).
 */
export const RUN_LIMIT = 256;

/** Most texts whose counts are remembered (per process, both encodings together); least recently used goes first. */
export const MEMO_ENTRIES = 1_000;

/** The slice of js-tiktoken's Tiktoken that this file uses. */
interface Encoder {
  encode(text: string, allowedSpecial?: string[] | "all", disallowedSpecial?: string[] | "all"): number[];
}

const encoders = new Map<Encoding, Promise<Encoder>>();
const memo = new Map<string, number>();
const stats = {
  ranksLoaded: { cl100k_base: 0, o200k_base: 0 } as Record<Encoding, number>,
  encodersBuilt: 0,
  encodeCalls: 0,
  memoHits: 0,
  memoMisses: 0,
};

/** Counters for tests and benchmarks; a snapshot, not live. */
export interface TokenizerStats {
  /** How many times each encoding's rank module was imported (0 until the first count; then 1). */
  ranksLoaded: Record<Encoding, number>;
  /** Encoders constructed in this process (at most one per encoding, unless loading failed and was retried). */
  encodersBuilt: number;
  /** Calls into the encoder (one per piece). */
  encodeCalls: number;
  memoHits: number;
  memoMisses: number;
  /** Entries in the memo now (at most MEMO_ENTRIES). */
  memoSize: number;
}

/** A snapshot of the tokenizer counters (for tests and bench: "did importing load the ranks", "was this a memo hit"). */
export function tokenizerStats(): TokenizerStats {
  return { ...stats, ranksLoaded: { ...stats.ranksLoaded }, memoSize: memo.size };
}

/** Empties the count memo (the encoders stay). For benchmarks that must time real encoding. */
export function clearTokenMemo(): void {
  memo.clear();
}

// Literal specifiers, so bundlers split each rank table into its own lazily loaded chunk.
const RANK_MODULES: Record<Encoding, () => Promise<{ default: { pat_str: string; special_tokens: Record<string, number>; bpe_ranks: string } }>> = {
  cl100k_base: () => import("js-tiktoken/ranks/cl100k_base"),
  o200k_base: () => import("js-tiktoken/ranks/o200k_base"),
};

function checkEncoding(encoding: unknown): asserts encoding is Encoding {
  if (encoding !== "cl100k_base" && encoding !== "o200k_base") {
    throw new PromptasmError("E_ARG", `unknown encoding ${JSON.stringify(encoding)}: use "cl100k_base" or "o200k_base"`);
  }
}

/** The one encoder for `encoding`, built on first use; concurrent first calls share one build. */
function encoderFor(encoding: Encoding): Promise<Encoder> {
  let pending = encoders.get(encoding);
  if (!pending) {
    pending = (async () => {
      try {
        const [{ Tiktoken }, ranks] = await Promise.all([import("js-tiktoken/lite"), RANK_MODULES[encoding]()]);
        stats.ranksLoaded[encoding]++;
        const encoder = new Tiktoken(ranks.default);
        stats.encodersBuilt++;
        return encoder;
      } catch (cause) {
        encoders.delete(encoding); // let a later call try again
        throw new PromptasmError("E_IO", `could not load the ${encoding} tokenizer (js-tiktoken): ${String(cause)}`, { cause });
      }
    })();
    encoders.set(encoding, pending);
  }
  return pending;
}

/** SHA-256 of the text's UTF-16 code units (so two different strings never share a key), as hex. */
async function textKey(text: string): Promise<string> {
  const units = new Uint16Array(text.length);
  for (let i = 0; i < text.length; i++) units[i] = text.charCodeAt(i);
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest("SHA-256", units));
  let hex = "";
  for (const b of digest) hex += b.toString(16).padStart(2, "0");
  return hex;
}

function isWhite(c: number): boolean {
  // JavaScript's \s (what the encodings' patterns use, js-tiktoken runs them as JS RegExp), plus U+0085: counting
  // an extra char as white only makes us miss a cut place, never choose a wrong one.
  return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0xa0 || c === 0x2028 || c === 0x2029 || c === 0x3000 || c === 0xfeff || c === 0x85 || c === 0x1680 || (c >= 0x2000 && c <= 0x200a) || c === 0x202f || c === 0x205f;
}

/**
 * True when both encodings' pre-tokenizers always start a new pre-token at `i` (0 < i < text.length), so counting
 * text[0, i) and text[i, …) separately gives the same tokens as counting the whole:
 * - a space after a non-space ("word| next"): in cl100k_base and o200k_base a space can only open a pre-token
 *   (` ?word`, ` ?punct`) or belong to an all-space one, and an all-space one cannot start after a non-space;
 * - a non-space after a line break ("\n|word"): line breaks end pre-tokens, except that o200k_base lets a
 *   punctuation pre-token run on through `[\r\n/]*`, so "\n|/" is not a cut place.
 */
function isCutPlace(text: string, i: number): boolean {
  const prev = text.charCodeAt(i - 1);
  const c = text.charCodeAt(i);
  if (c === 0x20) return !isWhite(prev);
  return (prev === 0x0a || prev === 0x0d) && !isWhite(c) && c !== 0x2f;
}

/**
 * Where countTokens cuts a text: the end offsets of its pieces, ascending, the last one text.length (empty for "").
 * Offsets are UTF-16 code units. Pieces end at cut places (see isCutPlace) and are at most `maxPiece` long; a
 * stretch with no cut place longer than `runLimit` is hard-cut every `runLimit` code units (moved back by one where
 * it would split a surrogate pair), and a hard cut always ends a piece. Only hard cuts can change the count.
 * @param maxPiece longest piece; default MAX_PIECE (1,000).
 * @param runLimit longest stretch without a cut place kept whole; default RUN_LIMIT (256); Infinity for no hard
 *   cuts (then a stretch longer than maxPiece stays one piece: tests use this to check that cut places are exact).
 * @throws PromptasmError E_ARG unless maxPiece is an integer >= 2 and runLimit an integer in [2, maxPiece] or
 *   Infinity.
 */
export function splitForCounting(text: string, maxPiece = MAX_PIECE, runLimit = RUN_LIMIT): number[] {
  if (!Number.isSafeInteger(maxPiece) || maxPiece < 2 || !(runLimit === Infinity || (Number.isSafeInteger(runLimit) && runLimit >= 2 && runLimit <= maxPiece))) {
    throw new PromptasmError("E_ARG", `need an integer maxPiece >= 2 and an integer runLimit in [2, maxPiece] or Infinity, got maxPiece ${maxPiece}, runLimit ${runLimit}`);
  }
  const n = text.length;
  const ends: number[] = [];
  let start = 0; // start of the piece being filled
  let prev = 0; // the last boundary (cut place or hard cut) seen, >= start
  // Boundaries arrive in order, at most runLimit apart; a piece ends at the last boundary that keeps it <= maxPiece.
  // With a finite runLimit (<= maxPiece), prev > start whenever b - start > maxPiece, since b - prev <= runLimit.
  const take = (b: number): void => {
    if (b - start > maxPiece && prev > start) {
      ends.push(prev);
      start = prev;
    }
    prev = b;
  };
  for (let i = 1; i < n; i++) {
    if (isCutPlace(text, i)) {
      take(i);
    } else if (i - prev >= runLimit) {
      let hard = i;
      const hi = text.charCodeAt(i - 1);
      const lo = text.charCodeAt(i);
      if (hi >= 0xd800 && hi <= 0xdbff && lo >= 0xdc00 && lo <= 0xdfff) hard--; // keep the pair together
      // A hard cut always ends its piece: packing two hard-cut parts of one run into a piece would hand the encoder
      // the long run again.
      take(hard);
      ends.push(hard);
      start = hard;
    }
  }
  if (n > 0) {
    take(n);
    ends.push(n);
  }
  return ends;
}

function countWith(encoder: Encoder, text: string): number {
  let count = 0;
  let start = 0;
  for (const end of splitForCounting(text)) {
    // Special-token strings such as "<|endoftext|>" count as the ordinary text they are in a prompt.
    count += encoder.encode(text.slice(start, end), [], []).length;
    stats.encodeCalls++;
    start = end;
  }
  return count;
}

/**
 * Counts the tokens of `text` in `encoding`.
 *
 * Exact (equal to js-tiktoken's `encode(text).length` with special-token strings treated as text) for text with no
 * stretch longer than RUN_LIMIT (256 code units) free of cut places — a cut place is a space after a non-space or a
 * non-space after a line break, so ordinary prose, Markdown and code are exact. Inside longer stretches (a long run
 * of letters, base64, minified code without spaces, a long run of one symbol) the count is an approximation that
 * adds up to about one token per RUN_LIMIT code units, usually a little above the exact count; the exact count would
 * take quadratic time there (199 s for 40,000 letters) and this takes linear time.
 *
 * The first call for an encoding loads it (0.3–2 s, see the file header); later calls reuse it. Results are
 * memoized by SHA-256 of the text (MEMO_ENTRIES, LRU), so the same text is encoded once.
 *
 * @param text any string; chars are UTF-16 code units, lone surrogates count as U+FFFD (what the encoder sees).
 * @param encoding "cl100k_base" or "o200k_base".
 * @returns the number of tokens in that encoding (0 for "").
 * @throws PromptasmError E_ARG for a non-string text or an unknown encoding; E_IO when js-tiktoken or its ranks
 *   cannot be loaded (a later call tries again).
 * @example
 *   await countTokens("hello world", "cl100k_base"); // 2
 */
export async function countTokens(text: string, encoding: Encoding): Promise<number> {
  if (typeof text !== "string") throw new PromptasmError("E_ARG", `text must be a string, got ${typeof text}`);
  checkEncoding(encoding);
  const encoderPromise = encoderFor(encoding); // start loading while the text is hashed
  encoderPromise.catch(() => {}); // a load failure surfaces at the await below, never as an unhandled rejection
  const key = `${encoding}:${await textKey(text)}`;
  const hit = memo.get(key);
  if (hit !== undefined) {
    stats.memoHits++;
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  stats.memoMisses++;
  const count = countWith(await encoderPromise, text);
  memo.set(key, count);
  if (memo.size > MEMO_ENTRIES) memo.delete(memo.keys().next().value!);
  return count;
}

/** Token counts of a list of sections, in one encoding. */
export interface SectionTokenCounts {
  encoding: Encoding;
  /** One entry per section, in the given order. */
  sections: Array<{ id: string; tier: Tier; tokens: number }>;
  /** Sum of the section counts per tier (0 for a tier with no section). */
  tiers: Record<Tier, number>;
  /**
   * Sum of all section counts. The assembled prompt joins sections with a blank line ("\n\n"), which adds about one
   * token per join (it can merge with a section's final punctuation), so countTokens(prompt) may differ from this
   * total by a few tokens; use it when you need the prompt's exact count.
   */
  total: number;
}

/**
 * Counts each section's tokens and sums them per tier.
 * @param sections sections with an id, a tier and the text as it goes into the prompt.
 * @param encoding "cl100k_base" or "o200k_base".
 * @returns per-section counts in input order, per-tier sums and the total, all in tokens of `encoding`.
 * @throws PromptasmError as countTokens; E_ARG for an unknown tier.
 */
export async function countSectionTokens(sections: ReadonlyArray<Pick<Section, "id" | "tier" | "text">>, encoding: Encoding): Promise<SectionTokenCounts> {
  checkEncoding(encoding);
  const tiers: Record<Tier, number> = { stable: 0, context: 0, volatile: 0 };
  const out: SectionTokenCounts["sections"] = [];
  let total = 0;
  for (const s of sections) {
    if (!Object.hasOwn(tiers, s.tier)) throw new PromptasmError("E_ARG", `section ${s.id} has an unknown tier ${JSON.stringify(s.tier)}`);
    const tokens = await countTokens(s.text, encoding);
    out.push({ id: s.id, tier: s.tier, tokens });
    tiers[s.tier] += tokens;
    total += tokens;
  }
  return { encoding, sections: out, tiers, total };
}

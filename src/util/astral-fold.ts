// Astral letters that NFKC turns into one ASCII character (mathematical alphanumerics such as "𝐢", enclosed letters
// such as "🄸"): the table the core's UTF-8 entry loads, and the string fold the string entry and the reference
// engine apply first. Runtime-neutral and import-free, so the core (core/wasm.ts) and the rule folding (scan/fold.ts)
// both take it from here.

let astral: Uint8Array | undefined;

/**
 * The 256-code-point pages of plane 1 that hold a code point NFKC turns into one ASCII character, as page numbers
 * (U+1xx00..U+1xxFF): U+107xx (Latin Extended-F), U+1CCxx (outlined letters and digits), U+1D4xx..U+1D7xx
 * (mathematical alphanumerics), U+1F1xx (enclosed alphanumerics), U+1FBxx (segmented digits). Read off Node's own
 * NFKC over all of plane 1; test/core-bytes.test.ts checks every code point of planes 1..16 against NFKC, so a
 * Unicode update that adds one elsewhere fails it. Only these pages are normalized at start-up (8 × 256 NFKC calls
 * where all of plane 1 took 65,536, about 16 ms of a one-file `promptasm scan`).
 */
const ASTRAL_FOLD_PAGES = [0x07, 0xcc, 0xd4, 0xd5, 0xd6, 0xd7, 0xf1, 0xfb];

/**
 * The astral fold table of the core's UTF-8 entry (assembly/utf8.ts): 65,536 entries, one per code point of plane 1
 * (U+10000..U+1FFFF), holding the ASCII character NFKC turns it into, or 0. Planes 2..16 have no such code point
 * (test/core-bytes.test.ts checks all of them), so this is every letter foldAstralPairs folds. Built once per
 * process, from the pages in ASTRAL_FOLD_PAGES.
 */
export function astralFoldTable(): Uint8Array {
  if (astral) return astral;
  const t = new Uint8Array(0x10000);
  for (const page of ASTRAL_FOLD_PAGES) {
    for (let v = page << 8; v < (page + 1) << 8; v++) {
      const nfkc = String.fromCodePoint(0x10000 + v).normalize("NFKC");
      if (nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80) t[v] = nfkc.charCodeAt(0);
    }
  }
  return (astral = t);
}

const astralCache = new Map<string, string>();

/**
 * Folds astral letters that NFKC turns into one ASCII character (mathematical alphanumerics such as "𝐢", enclosed
 * letters such as "🄸") into that character followed by U+200B, which keeps the text's length (so every offset
 * stays valid) and which the scan steps over. The class table works per code unit and cannot see a surrogate pair
 * as one letter, so this runs on the text before the core scans it, and in foldText for the reference engine.
 * @returns `text` itself when it has no such pair.
 */
export function foldAstralPairs(text: string): string {
  if (!/[\ud800-\udbff]/.test(text)) return text;
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]/g, (pair) => {
    let f = astralCache.get(pair);
    if (f === undefined) {
      const nfkc = pair.normalize("NFKC");
      f = nfkc.length === 1 && nfkc.charCodeAt(0) < 0x80 ? `${nfkc}\u200b` : pair;
      if (astralCache.size < 4096) astralCache.set(pair, f);
    }
    return f;
  });
}

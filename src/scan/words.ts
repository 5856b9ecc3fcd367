// Building blocks for phrase rules: rules that match words a model reads, whatever sits between them. The text the
// rules see is already folded (fold.ts: NFKC, lower case, confusables, marks and default-ignorables skipped,
// non-ASCII punctuation and symbols read as spaces); these helpers add what a per-code-unit fold cannot express:
// - between words, any run of separators: white space, ASCII punctuation (Markdown emphasis "*" "_" "~" "`",
//   commas, colons, quotes), U+FFFD, emoji and other astral symbols (surrogates), and inline HTML tags
//   ("<b>", "</i>", "<span class=x>");
// - inside a word, junk a renderer or a model reads through: Markdown emphasis and code marks ("ig*no*re",
//   "ig`no`re") and U+FFFD ("ign\uFFFDore", an invalid byte).
// All of it is plain pattern syntax (pattern.ts), so both engines run it unchanged.

/** An inline HTML tag, opening or closing, with or without attributes ("<b>", "</i>", "<span class=x>", "<br/>"; one line). */
export const INLINE_TAG = String.raw`<\/?[a-z][^<>\n]*>`;

/** One separator code unit: white space, ASCII punctuation and symbols, U+FFFD, a surrogate (emoji, astral). */
export const SEP_UNIT = String.raw`[\s\x21-\x2f\x3a-\x40\x5b-\x60\x7b-\x7e\ufffd\ud800-\udfff]`;

/** A run of separators between two words (at least one unit or tag). */
export const SEP = `(?:${SEP_UNIT}|${INLINE_TAG})+`;

/**
 * Junk a reader reads through inside a word: emphasis and code marks, U+FFFD (an invalid byte, and the soft hyphen:
 * fold.ts), and the dots, hyphens and underscores of a word spelled out letter by letter ("I.g.n.o.r.e",
 * "i-g-n-o-r-e", "i_g_n_o_r_e").
 */
export const WORD_JUNK = String.raw`[*~\x60\ufffd._-]`;

/** A pattern-syntax escape of one code unit. */
function esc(c: string): string {
  return /[\\^$.*+?()[\]{}|\/-]/.test(c) ? `\\${c}` : c;
}

/**
 * A word as a pattern: its letters with WORD_JUNK allowed between them; a space in `w` is a separator run
 * ("phone home" -> phone SEP home). Letters are used as given: non-ASCII words must be written folded (foldWord).
 */
export function word(w: string): string {
  return w.split(" ").filter((x) => x !== "").map((part) => [...part].map(esc).join(`${WORD_JUNK}*`)).join(SEP);
}


/**
 * A word spelled out letter by letter with blanks or other separators between the letters ("i g n o r e", "i - g - n"),
 * for word() and anyWord(): its letters joined by spaces, which word() turns into separator runs.
 */
export function spelled(w: string): string {
  return [...w].join(" ");
}

/** Any of the words (each through word()), as one group. */
export function anyWord(words: readonly string[]): string {
  return `(?:${words.map(word).join("|")})`;
}

const FILLERS = new Set<string>();

/** Up to `n` words of filler between two phrase words, each followed by a separator run: "all OF THE previous". */
export function filler(n: number): string {
  const f = `(?:[a-z0-9']+${SEP}){0,${n}}`;
  FILLERS.add(f);
  return f;
}

/**
 * A phrase: its parts in order with a separator run between each (none after a filler(), which ends in its own). A
 * part is a pattern source (anyWord(…), filler(…), …); a plain string of letters, "'" and spaces is taken as a word.
 * Starts and ends at a word boundary (ASCII \b: write phrases that start with a non-ASCII letter with phraseNoBoundary).
 */
export function phrase(...parts: string[]): string {
  return String.raw`\b` + phraseNoBoundary(...parts) + String.raw`\b`;
}

/** phrase() without the leading word boundary (for scripts \b does not know: Cyrillic, CJK, Arabic, …). */
export function phraseNoBoundary(...parts: string[]): string {
  let out = "";
  parts.forEach((p, i) => {
    out += /^[a-z' ]+$/i.test(p) ? word(p) : p;
    if (i < parts.length - 1 && !FILLERS.has(p)) out += SEP;
  });
  return out;
}

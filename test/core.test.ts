// The WASM core (assembly/*.ts through src/core/wasm.ts) on edge cases: invisible characters, normalization,
// head/tail cut points, and lone surrogates everywhere.
import { describe, it, expect } from "vitest";
import { readFile } from "node:fs/promises";
import { INVISIBLE_CONTEXT, createCore } from "../src/core/wasm.js";
import { PromptasmError } from "../src/errors.js";
import { compileRules } from "../src/scan/compile.js";
import { compileReference, scanReference } from "../src/scan/reference.js";
import { BUILTIN_RULES } from "../src/scan/rules.js";
import { RGI_EMOJI_TAG_SEQUENCES } from "../src/scan/unicode-data.js";
import { mulberry32 } from "./helpers/random.js";

const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));

const hex = (cp: number) => `U+${cp.toString(16).toUpperCase().padStart(4, "0")}`;
const isHigh = (c: number) => c >= 0xd800 && c <= 0xdbff;
const isLow = (c: number) => c >= 0xdc00 && c <= 0xdfff;


/** The error code a call throws, or "no error". */
function thrownCode(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    return e instanceof PromptasmError ? e.code : `not a PromptasmError: ${String(e)}`;
  }
  return "no error";
}

describe("findInvisible", () => {
  describe("ordinary uses that are not findings", () => {
    const flag = (spec: string) => String.fromCodePoint(0x1f3f4, ...[...spec].map((c) => 0xe0000 + c.charCodeAt(0)), 0xe007f);
    it("the three RGI emoji tag sequences (flags of England, Scotland, Wales) are not findings; they are the generated list", () => {
      expect(RGI_EMOJI_TAG_SEQUENCES).toEqual([flag("gbeng"), flag("gbsct"), flag("gbwls")]);
      for (const f of RGI_EMOJI_TAG_SEQUENCES) expect(core.findInvisible(`Our office is in Cardiff ${f}.`)).toEqual([]);
    });
    it("a tag sequence that is not RGI (a made-up subdivision, no cancel tag, no black flag) is reported at its first tag", () => {
      // each tag character is one finding: 4 letters + the cancel tag, 5 letters without it
      expect(core.findInvisible(`x ${flag("usca")}`).map((f) => f.offset)).toEqual([4, 6, 8, 10, 12]);
      expect(core.findInvisible(`x ${flag("gbwls").slice(0, -2)}`).map((f) => f.codePoint)).toEqual([0xe0067, 0xe0062, 0xe0077, 0xe006c, 0xe0073]);
      expect(core.findInvisible(`x ${flag("gbwls").slice(2)}`)[0]).toEqual({ codePoint: 0xe0067, offset: 2 });
    });
    it("LRM, RLM and ALM inside right-to-left text are not findings; in Latin text they are", () => {
      expect(core.findInvisible("שלום\u200e 123 עולם")).toEqual([]);
      expect(core.findInvisible("مرحبا\u200f world")).toEqual([]);
      expect(core.findInvisible("\u061cمرحبا")).toEqual([]);
      expect(core.findInvisible("hello\u200e world")).toEqual([{ codePoint: 0x200e, offset: 5 }]);
    });
    it("a balanced bidi isolate or embedding pair on a line of right-to-left text is not a finding; elsewhere it is", () => {
      // FSI … PDI around a Latin name in Arabic prose, RLI … PDI and LRE … PDF in Hebrew, nested isolates.
      expect(core.findInvisible("Isolated example: \u2068Acme Pro\u2069 اشترك الآن")).toEqual([]);
      expect(core.findInvisible("שלום \u2067abc\u2069 עולם")).toEqual([]);
      expect(core.findInvisible("\u202aiPhone 15\u202c متوفر")).toEqual([]);
      expect(core.findInvisible("مرحبا \u2066a \u2068b\u2069 c\u2069")).toEqual([]);
      // The same pair in Latin text, or with the right-to-left text on another line, is reported (both controls).
      expect(core.findInvisible("Wrap it: \u2068Acme\u2069 done").map((f) => f.codePoint)).toEqual([0x2068, 0x2069]);
      expect(core.findInvisible("\u2068Acme\u2069\nمرحبا").map((f) => f.codePoint)).toEqual([0x2068, 0x2069]);
      // Unbalanced, split across a line break, or further apart than the reach (120 units): reported.
      expect(core.findInvisible("مرحبا \u2068Acme").map((f) => f.offset)).toEqual([6]);
      expect(core.findInvisible("مرحبا Acme\u2069").map((f) => f.offset)).toEqual([10]);
      expect(core.findInvisible("مرحبا \u2068Ac\nme\u2069 مرحبا").map((f) => f.codePoint)).toEqual([0x2068, 0x2069]);
      expect(core.findInvisible(`مرحبا \u2068${"a".repeat(130)}\u2069`).map((f) => f.codePoint)).toEqual([0x2068, 0x2069]);
      // An override (RLO, LRO) reverses what a reader sees: reported with its PDF, in right-to-left text too.
      expect(core.findInvisible("مرحبا \u202egnp.exe\u202c").map((f) => f.codePoint)).toEqual([0x202e, 0x202c]);
      expect(core.findInvisible("مرحبا \u202dabc\u202c").map((f) => f.codePoint)).toEqual([0x202d, 0x202c]);
      // Crossed families do not pair: an isolate is closed by PDI, an embedding by PDF.
      expect(core.findInvisible("مرحبا \u2068Acme\u202c").map((f) => f.codePoint)).toEqual([0x2068, 0x202c]);
    });
    it("a balanced bidi pair decides the same in a chunked scan as in the whole text", () => {
      const t = "x".repeat(1000) + "مرحبا \u2068Acme Pro\u2069 اشترك" + "y".repeat(1000);
      expect(core.findInvisible(t)).toEqual([]);
      const s = t.indexOf("\u2069");
      const before = t.slice(Math.max(0, s - INVISIBLE_CONTEXT), s);
      const left = core.findInvisibleChunk(t.slice(0, s), 0, "", t.slice(s, s + INVISIBLE_CONTEXT));
      const right = core.findInvisibleChunk(t.slice(s), s, before, "");
      expect([...left, ...right]).toEqual([]);
    });
    it("a soft hyphen between two letters is not a finding; elsewhere it is", () => {
      expect(core.findInvisible("Silben\u00adtrennung, Ψυχο\u00adλογία, при\u00adмер")).toEqual([]);
      expect(core.findInvisible("word\u00ad ")).toEqual([{ codePoint: 0xad, offset: 4 }]);
      expect(core.findInvisible("\u00adword")).toEqual([{ codePoint: 0xad, offset: 0 }]);
      expect(core.findInvisible("1\u00ad2")).toEqual([{ codePoint: 0xad, offset: 1 }]);
    });
  });

  describe("reports every listed character between ASCII letters", () => {
    const listed = [
      0x200b, 0x200c, 0x200d, // ZWSP, ZWNJ, ZWJ
      0x2060, 0x2061, 0x2062, 0x2063, 0x2064, // word joiner, invisible operators
      0x202a, 0x202b, 0x202c, 0x202d, 0x202e, // bidi embeddings/overrides
      0x2066, 0x2067, 0x2068, 0x2069, // bidi isolates
    ];
    it.each(listed.map((cp) => [hex(cp), cp]))("%s in \"a?b\" at offset 1", (_name, cp) => {
      expect(core.findInvisible(`a${String.fromCharCode(cp)}b`)).toEqual([{ codePoint: cp, offset: 1 }]);
    });
  });

  describe("ignores the neighbours of the listed ranges", () => {
    const neighbours = [0x00ac, 0x00ae, 0x00a0, 0x200a, 0x2029, 0x202f, 0x205f, 0x2065, 0x206a, 0xfefe, 0xff00];
    it.each(neighbours.map((cp) => [hex(cp), cp]))("%s is not a finding", (_name, cp) => {
      expect(core.findInvisible(`a${String.fromCharCode(cp)}b`)).toEqual([]);
    });
  });

  describe("tag characters (U+E0000..U+E007F, surrogate pairs)", () => {
    it("U+E0041 is one finding at the high surrogate's offset", () => {
      const text = "ab\u{E0041}c";
      expect(text.length).toBe(5);
      expect(core.findInvisible(text)).toEqual([{ codePoint: 0xe0041, offset: 2 }]);
    });
    it("the range ends U+E0000 and U+E007F are reported, U+E0080 is not", () => {
      expect(core.findInvisible("\u{E0000}x\u{E007F}")).toEqual([
        { codePoint: 0xe0000, offset: 0 },
        { codePoint: 0xe007f, offset: 3 },
      ]);
      expect(core.findInvisible("x\u{E0080}y")).toEqual([]);
    });
    it("a run of tag characters gives one finding per code point", () => {
      // "hi" smuggled as U+E0068 U+E0069
      expect(core.findInvisible("ok\u{E0068}\u{E0069}")).toEqual([
        { codePoint: 0xe0068, offset: 2 },
        { codePoint: 0xe0069, offset: 4 },
      ]);
    });
    it("half a tag pair (lone DB40, or a bare DC41) is not a finding", () => {
      expect(core.findInvisible("a\udb40")).toEqual([]);
      expect(core.findInvisible("a\udb40b")).toEqual([]);
      expect(core.findInvisible("a\udc41b")).toEqual([]);
    });
  });

  describe("byte-order mark U+FEFF", () => {
    it("at offset 0 is a file signature, not a finding", () => {
      expect(core.findInvisible("\ufeffabc")).toEqual([]);
    });
    it("at offset 3 is a zero-width no-break space, a finding", () => {
      expect(core.findInvisible("abc\ufeffd")).toEqual([{ codePoint: 0xfeff, offset: 3 }]);
    });
    it("a second BOM right after the first is a finding", () => {
      expect(core.findInvisible("\ufeff\ufeffx")).toEqual([{ codePoint: 0xfeff, offset: 1 }]);
    });
  });

  describe("ZWJ/ZWNJ that join a script are legitimate", () => {
    it("ZWJ inside the family emoji 👨‍👩‍👧 is not a finding", () => {
      const family = "\u{1F468}\u200d\u{1F469}\u200d\u{1F467}";
      expect(family).toBe("👨‍👩‍👧");
      expect(core.findInvisible(family)).toEqual([]);
      expect(core.findInvisible(`family: ${family}!`)).toEqual([]);
    });
    it("ZWNJ in Persian \"می‌خواهم\" is not a finding", () => {
      const persian = "\u0645\u06cc\u200c\u062e\u0648\u0627\u0647\u0645";
      expect(persian).toBe("می‌خواهم");
      expect(core.findInvisible(persian)).toEqual([]);
    });
    it("ZWJ between an ASCII letter and a non-ASCII one is a finding", () => {
      expect(core.findInvisible("a\u200d\u0645")).toEqual([{ codePoint: 0x200d, offset: 1 }]);
      expect(core.findInvisible("\u0645\u200db")).toEqual([{ codePoint: 0x200d, offset: 1 }]);
    });
    it("ZWJ at the very start and the very end of the text are findings", () => {
      expect(core.findInvisible("\u200dabc")).toEqual([{ codePoint: 0x200d, offset: 0 }]);
      expect(core.findInvisible("abc\u200d")).toEqual([{ codePoint: 0x200d, offset: 3 }]);
      // even next to non-ASCII: a joiner needs a neighbour on both sides
      expect(core.findInvisible("\u200d\u0645")).toEqual([{ codePoint: 0x200d, offset: 0 }]);
      expect(core.findInvisible("\u{1F600}\u200d")).toEqual([{ codePoint: 0x200d, offset: 2 }]);
    });
    it("two ZWJs in a row: neither has script on both sides", () => {
      expect(core.findInvisible("\u0645\u200d\u200d\u0645")).toEqual([
        { codePoint: 0x200d, offset: 1 },
        { codePoint: 0x200d, offset: 2 },
      ]);
    });
    it("ZWJ after an emoji's U+FE0F is not a finding (🏳️‍🌈, ❤️‍🔥); after a lone U+FE0F or an ASCII letter's it is", () => {
      const rainbow = "\u{1F3F3}\ufe0f\u200d\u{1F308}";
      expect(rainbow).toBe("🏳️‍🌈");
      expect(core.findInvisible(`flags: ${rainbow} and \u2764\ufe0f\u200d\u{1F525}`)).toEqual([]);
      expect(core.findInvisible("x\ufe0f\u200d\u{1F308}")).toEqual([{ codePoint: 0xfe0f, offset: 1 }, { codePoint: 0x200d, offset: 2 }]);
      expect(core.findInvisible("\ufe0f\u200d\u{1F308}")).toEqual([{ codePoint: 0xfe0f, offset: 0 }, { codePoint: 0x200d, offset: 1 }]);
    });
    it("ZWSP is reported even between non-ASCII letters (only ZWJ/ZWNJ are exempt)", () => {
      expect(core.findInvisible("\u0645\u200b\u0645")).toEqual([{ codePoint: 0x200b, offset: 1 }]);
    });
  });

  describe("offsets", () => {
    it("empty text has no findings", () => {
      expect(core.findInvisible("")).toEqual([]);
    });
    it("are UTF-16 code units: each astral character counts 2", () => {
      expect(core.findInvisible("\u{1F600}\u{1F600}\u200bx")).toEqual([{ codePoint: 0x200b, offset: 4 }]);
      expect(core.findInvisible("\u{1D4B3}\u00ad")).toEqual([{ codePoint: 0xad, offset: 2 }]);
    });
    it("come in ascending order", () => {
      expect(core.findInvisible("\u200bA\u202eB\u2066")).toEqual([
        { codePoint: 0x200b, offset: 0 },
        { codePoint: 0x202e, offset: 2 },
        { codePoint: 0x2066, offset: 4 },
      ]);
    });
  });
});

describe("normalize", () => {
  describe("line endings", () => {
    it.each([
      ["CRLF -> LF", "a\r\nb\r\nc", "a\nb\nc"],
      ["lone CR -> LF", "a\rb\rc", "a\nb\nc"],
      ["CR CRLF -> two LFs", "a\r\r\nb", "a\n\nb"],
      ["LF CR -> two LFs", "a\n\rb", "a\n\nb"],
      ["mixed", "1\r\n2\n3\r4", "1\n2\n3\n4"],
    ])("%s", (_name, input, output) => {
      expect(core.normalize(input)).toBe(output);
    });
  });

  describe("trailing blanks", () => {
    it("strips spaces and tabs at the end of every line", () => {
      expect(core.normalize("a  \t\nb\t \r\nc \rd")).toBe("a\nb\nc\nd");
    });
    it("turns a line of only blanks into an empty line", () => {
      expect(core.normalize("a\n \t \nb")).toBe("a\n\nb");
    });
    it("keeps non-breaking spaces (only U+0020 and tab are stripped)", () => {
      expect(core.normalize("a\u00a0\nb")).toBe("a\u00a0\nb");
      expect(core.normalize("a \u00a0 \nb")).toBe("a \u00a0\nb");
      expect(core.normalize("end\u00a0")).toBe("end\u00a0");
    });
    it("keeps leading indentation of inner lines", () => {
      expect(core.normalize("a\n    b\n\tc")).toBe("a\n    b\n\tc");
    });
  });

  describe("outer trim", () => {
    it("trims blank lines and blanks at both ends", () => {
      expect(core.normalize("\n\n  hello world \n\t\n")).toBe("hello world");
    });
    it("trims the first line's indentation too", () => {
      expect(core.normalize("  a\n  b")).toBe("a\n  b");
    });
    it("trims VT and FF", () => {
      expect(core.normalize("\u000b\u000ca\u000c")).toBe("a");
    });
    it("empty string stays empty", () => {
      expect(core.normalize("")).toBe("");
    });
    it("whitespace-only becomes empty", () => {
      expect(core.normalize("  \t\r\n \n\r")).toBe("");
    });
  });

  describe("byte-order mark", () => {
    it("drops exactly one leading BOM", () => {
      expect(core.normalize("\ufeffhello")).toBe("hello");
    });
    it("keeps a second leading BOM", () => {
      expect(core.normalize("\ufeff\ufeffhi")).toBe("\ufeffhi");
    });
    it("keeps a BOM that is not at offset 0", () => {
      expect(core.normalize("a\ufeffb")).toBe("a\ufeffb");
    });
    it("a BOM followed by blanks trims to the text", () => {
      expect(core.normalize("\ufeff  \r\n x")).toBe("x");
      expect(core.normalize("\ufeff")).toBe("");
    });
  });

  describe("surrogates are code units like any other", () => {
    it("keeps surrogate pairs", () => {
      expect(core.normalize("\u{1F600} \r\n\u{1F468}\u200d\u{1F469}\t")).toBe("\u{1F600}\n\u{1F468}\u200d\u{1F469}");
    });
    it("keeps lone surrogates untouched, at the edges and inside", () => {
      expect(core.normalize("\ud800x\udc00 \n")).toBe("\ud800x\udc00");
      expect(core.normalize(" a\ud83d")).toBe("a\ud83d");
      expect(core.normalize("\ude00a")).toBe("\ude00a");
      expect(core.normalize("\udc00\ud800")).toBe("\udc00\ud800"); // reversed pair stays reversed
    });
  });
});

describe("truncateCuts", () => {
  describe("texts that fit", () => {
    it("empty text: nothing to cut", () => {
      expect(core.truncateCuts("", 0, 0.7, 0.2)).toEqual({ headEnd: 0, tailStart: 0 });
      expect(core.truncateCuts("", 10, 0.7, 0.2)).toEqual({ headEnd: 0, tailStart: 0 });
    });
    it("length exactly at the cap: nothing cut", () => {
      expect(core.truncateCuts("x".repeat(100), 100, 0.7, 0.2)).toEqual({ headEnd: 100, tailStart: 100 });
    });
  });

  describe("texts over the cap", () => {
    it("cap + 1 with 70/20: headEnd = 70, tailStart = 101 - 20", () => {
      expect(core.truncateCuts("x".repeat(101), 100, 0.7, 0.2)).toEqual({ headEnd: 70, tailStart: 81 });
    });
    it("75/25 split keeps exactly cap code units", () => {
      expect(core.truncateCuts("x".repeat(1000), 100, 0.75, 0.25)).toEqual({ headEnd: 75, tailStart: 975 });
    });
    it("floors both parts: cap 3 with 70/20 keeps floor(2.1) + floor(0.6) = 2 + 0", () => {
      expect(core.truncateCuts("abcd", 3, 0.7, 0.2)).toEqual({ headEnd: 2, tailStart: 4 });
    });
    it("cap 0 keeps nothing", () => {
      expect(core.truncateCuts("abc", 0, 0.7, 0.2)).toEqual({ headEnd: 0, tailStart: 3 });
    });
    it("ratios 0/0 keep nothing, ratios 1/0 keep the head only", () => {
      expect(core.truncateCuts("x".repeat(20), 10, 0, 0)).toEqual({ headEnd: 0, tailStart: 20 });
      expect(core.truncateCuts("x".repeat(20), 10, 1, 0)).toEqual({ headEnd: 10, tailStart: 20 });
      expect(core.truncateCuts("x".repeat(20), 10, 0, 1)).toEqual({ headEnd: 0, tailStart: 10 });
    });
  });

  describe("surrogate pairs at the cuts", () => {
    it("a pair straddling the head cut moves headEnd back by exactly one", () => {
      const text = "x".repeat(69) + "\u{1F600}" + "x".repeat(100); // pair at 69..70, length 171
      expect(core.truncateCuts(text, 100, 0.7, 0.2)).toEqual({ headEnd: 69, tailStart: 151 });
    });
    it("a pair right after the head cut is left alone", () => {
      const text = "x".repeat(70) + "\u{1F600}" + "x".repeat(100); // pair at 70..71
      expect(core.truncateCuts(text, 100, 0.7, 0.2)).toEqual({ headEnd: 70, tailStart: 152 });
    });
    it("a pair straddling the tail cut moves tailStart forward by exactly one", () => {
      const text = "x".repeat(100) + "\u{1F600}" + "x".repeat(19); // pair at 100..101, length 121
      expect(core.truncateCuts(text, 100, 0.7, 0.2)).toEqual({ headEnd: 70, tailStart: 102 });
    });
    it("a pair right at the tail cut is kept whole", () => {
      const text = "x".repeat(101) + "\u{1F600}" + "x".repeat(18); // pair at 101..102, length 121
      expect(core.truncateCuts(text, 100, 0.7, 0.2)).toEqual({ headEnd: 70, tailStart: 101 });
    });
    it("lone surrogates at the cuts do not move them", () => {
      const text = "x".repeat(69) + "\ud83d" + "x".repeat(30) + "\ude00" + "x".repeat(20); // length 121
      expect(core.truncateCuts(text, 100, 0.7, 0.2)).toEqual({ headEnd: 70, tailStart: 101 });
    });

    it("never splits a pair (property check over random texts, caps and ratios)", () => {
      const rnd = mulberry32(0x5eed);
      const pieces = ["a", "b", " ", "\n", "\u{1F600}", "\u{1F468}\u200d\u{1F469}", "\u{1D4B3}", "é", "\ud800", "\udfff"];
      let cut = 0;
      for (let it = 0; it < 5000; it++) {
        let text = "";
        const nPieces = Math.floor(rnd() * 40);
        for (let k = 0; k < nPieces; k++) text += pieces[Math.floor(rnd() * pieces.length)];
        const n = text.length;
        const cap = Math.floor(rnd() * (n + 4));
        const [h, t] = it % 3 === 0 ? [0.7, 0.2] : it % 3 === 1 ? [0.75, 0.25] : (() => {
          const a = rnd();
          const b = rnd() * (1 - a);
          return a + b <= 1 ? [a, b] : [a, 0];
        })();
        const { headEnd, tailStart } = core.truncateCuts(text, cap, h, t);
        const where = JSON.stringify({ text, cap, h, t, headEnd, tailStart });
        if (n <= cap) {
          expect({ headEnd, tailStart }, where).toEqual({ headEnd: n, tailStart: n });
          continue;
        }
        cut++;
        expect(0 <= headEnd && headEnd <= tailStart && tailStart <= n, where).toBe(true);
        expect(isHigh(text.charCodeAt(headEnd - 1)) && isLow(text.charCodeAt(headEnd)), where).toBe(false);
        expect(isHigh(text.charCodeAt(tailStart - 1)) && isLow(text.charCodeAt(tailStart)), where).toBe(false);
        expect(headEnd + (n - tailStart), where).toBeLessThanOrEqual(cap);
        // a cut moves by at most one code unit from the plain floor() position
        expect(Math.floor(cap * h) - headEnd, where).toBeGreaterThanOrEqual(0);
        expect(Math.floor(cap * h) - headEnd, where).toBeLessThanOrEqual(1);
        expect(tailStart - (n - Math.floor(cap * t)), where).toBeGreaterThanOrEqual(0);
        expect(tailStart - (n - Math.floor(cap * t)), where).toBeLessThanOrEqual(1);
      }
      expect(cut).toBeGreaterThan(1000); // the check really exercised cuts
    });
  });

  describe("argument errors (PromptasmError E_ARG)", () => {
    it.each([
      ["cap -1", -1, 0.7, 0.2],
      ["cap 1.5", 1.5, 0.7, 0.2],
      ["cap NaN", NaN, 0.7, 0.2],
      ["cap Infinity", Infinity, 0.7, 0.2],
      ["cap 2^31", 2 ** 31, 0.7, 0.2],
      ["ratios 0.8 + 0.3 > 1", 10, 0.8, 0.3],
      ["head ratio NaN", 10, NaN, 0.2],
      ["tail ratio NaN", 10, 0.7, NaN],
      ["negative head ratio", 10, -0.1, 0.2],
    ])("%s", (_name, cap, h, t) => {
      expect(thrownCode(() => core.truncateCuts("some text", cap, h, t))).toBe("E_ARG");
    });
    it("ratios summing to exactly 1 are accepted", () => {
      expect(thrownCode(() => core.truncateCuts("some text", 4, 0.5, 0.5))).toBe("no error");
    });
  });
});

describe("lone surrogates crash nothing", () => {
  const base = "ab\u200bc d\u{1F600}e";
  const rules = compileRules(BUILTIN_RULES.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true })));
  const reference = compileReference(BUILTIN_RULES.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true })));
  for (const lone of ["\ud800", "\udbff", "\udc00", "\udfff", "\udb40"]) {
    it(`${hex(lone.charCodeAt(0))} inserted at every position`, () => {
      for (let i = 0; i <= base.length; i++) {
        const text = base.slice(0, i) + lone + base.slice(i);
        const where = `${hex(lone.charCodeAt(0))} at ${i}`;
        expect(core.normalize(text), where).toBe(text);
        expect(core.findInvisible(text), where).toEqual([{ codePoint: 0x200b, offset: i <= 2 ? 3 : 2 }]);
        const { headEnd, tailStart } = core.truncateCuts(text, 5, 0.7, 0.2);
        expect(headEnd <= tailStart && tailStart <= text.length, where).toBe(true);
        expect(Array.from(core.scanRaw(rules, text)), where).toEqual(Array.from(scanReference(reference, text)));
      }
    });
  }
  it("a text made only of lone surrogates", () => {
    const text = "\udc00\ud800\udc00\ud800".repeat(3); // pairs in the middle, lone halves at the ends
    expect(core.normalize(text)).toBe(text);
    expect(core.findInvisible(text)).toEqual([]);
    // cap 6: head floor(4.2) = 4 splits the pair at 3..4, so it backs off to 3; tail 12 - floor(1.2) = 11
    expect(core.truncateCuts(text, 6, 0.7, 0.2)).toEqual({ headEnd: 3, tailStart: 11 });
    expect(Array.from(core.scanRaw(rules, text))).toEqual([]);
  });
});

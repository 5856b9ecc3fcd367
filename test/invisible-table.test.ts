// One invisible-character table for every side (issue 14 step 5): scripts/gen-invisible.mjs generates the core's set
// (assembly/invisible-set.ts; test/core-layout.test.ts holds the core to it) and src/util/invisible-set.ts, whose
// ranges and regular-expression sources the scanner's excerpt() and the page's badges (src/page/dom.ts) are built
// from. Here every code point is checked on both of those: each escapes or badges exactly the generated set plus its
// own named line-structure extras, so a list written by hand again, or a wrong generated source, fails.
import { describe, expect, it } from "vitest";
import { visibleParts } from "../src/page/dom.js";
import { excerpt } from "../src/scan/scanner.js";
import { INVISIBLE_ASTRAL_SOURCE, INVISIBLE_BMP_CLASS, INVISIBLE_RANGES, isInvisibleCodePoint } from "../src/util/invisible-set.js";

const isSurrogate = (cp: number) => cp >= 0xd800 && cp <= 0xdfff;
/** Every code point but the surrogates (which are not characters; excerpt() escapes a lone one on its own). */
function* allCodePoints(): Generator<number> {
  for (let cp = 0; cp <= 0x10ffff; cp++) if (!isSurrogate(cp)) yield cp;
}

/** The code points where `marked(cp)` and `want(cp)` disagree (the first 10). */
function disagreements(marked: (cp: number) => boolean, want: (cp: number) => boolean): string[] {
  const out: string[] = [];
  for (const cp of allCodePoints()) {
    if (marked(cp) !== want(cp)) out.push(`U+${cp.toString(16).toUpperCase()}: ${marked(cp)}`);
    if (out.length >= 10) break;
  }
  return out;
}

describe("the generated regular-expression sources", () => {
  it("match exactly the code points of INVISIBLE_RANGES (a pattern without the u flag, over UTF-16)", () => {
    const rx = new RegExp(`^(?:[${INVISIBLE_BMP_CLASS}]|${INVISIBLE_ASTRAL_SOURCE})$`);
    expect(disagreements((cp) => rx.test(String.fromCodePoint(cp)), isInvisibleCodePoint)).toEqual([]);
    expect(INVISIBLE_RANGES.reduce((n, [lo, hi]) => n + hi - lo + 1, 0)).toBe(473);
  });
});

describe("excerpt() escapes the generated set", () => {
  // Beyond the set: the controls and separators that break or hide the excerpt's one line.
  const LINE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x2028, 0x2029]);
  const escaped = (cp: number) => excerpt(`a${String.fromCodePoint(cp)}b`, 0) !== `a${String.fromCodePoint(cp)}b`;

  it("on every code point: the set, plus tab, LF, VT, FF, CR, U+2028 and U+2029", () => {
    expect(disagreements(escaped, (cp) => isInvisibleCodePoint(cp) || LINE.has(cp))).toEqual([]);
  });

  it("writes what it escapes as \\u escapes (tab and line feed as a space), lone surrogates too", () => {
    expect(excerpt("a\u200b\u0007\t\n\ufe0f\u{E0041}\u{E0100}\u2028", 0)).toBe("a\\u200B\\u0007  \\uFE0F\\u{E0041}\\u{E0100}\\u2028");
    expect(excerpt("x\ud800y\udc00", 0)).toBe("x\\uD800y\\uDC00");
    expect(excerpt("é日本🎉\u00a0", 0)).toBe("é日本🎉\u00a0");
  });
});

describe("the page's badges (visibleParts) use the generated set", () => {
  const badged = (kind: "text" | "name") => (cp: number) => visibleParts(`a${String.fromCodePoint(cp)}b`, kind).length !== 1;

  it("in a line of text: the set, plus VT, FF and CR (a tab stays a tab)", () => {
    expect(disagreements(badged("text"), (cp) => isInvisibleCodePoint(cp) || (cp >= 0x0b && cp <= 0x0d))).toEqual([]);
  });

  it("in a name: the set, plus tab, LF, VT, FF and CR", () => {
    expect(disagreements(badged("name"), (cp) => isInvisibleCodePoint(cp) || (cp >= 0x09 && cp <= 0x0d))).toEqual([]);
  });

  it("names the badged code point, astral ones whole", () => {
    expect(visibleParts("x\u{E0100}y\ufe0f", "text")).toEqual(["x", { cp: "E0100" }, "y", { cp: "FE0F" }]);
  });
});

// Token counts (src/tokens/tokens.ts) against js-tiktoken itself as the oracle: known counts, exactness of the
// piece cuts on real corpus files, long runs without spaces in linear time, the memo, laziness, section sums.
import { describe, it, expect, vi, afterEach } from "vitest";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Tiktoken } from "js-tiktoken/lite";
import { PromptasmError } from "../src/errors.js";
import {
  clearTokenMemo,
  countSectionTokens,
  countTokens,
  ENCODINGS,
  MAX_PIECE,
  MEMO_ENTRIES,
  RUN_LIMIT,
  splitForCounting,
  tokenizerStats,
  type Encoding,
} from "../src/tokens/tokens.js";
import { CORPUS, itCorpus } from "./helpers/corpus.js";
import { mulberry32 } from "./helpers/random.js";

const corpusFile = (rel: string) => readFileSync(join(CORPUS, "benign", rel), "utf8");

/** The oracle: js-tiktoken's own encoder, built here from the same ranks, special-token strings as plain text. */
const oracles = new Map<Encoding, Tiktoken>();
async function oracle(encoding: Encoding): Promise<Tiktoken> {
  if (!oracles.has(encoding)) {
    const ranks = encoding === "cl100k_base" ? await import("js-tiktoken/ranks/cl100k_base") : await import("js-tiktoken/ranks/o200k_base");
    oracles.set(encoding, new Tiktoken(ranks.default));
  }
  return oracles.get(encoding)!;
}
const exact = async (text: string, encoding: Encoding) => (await oracle(encoding)).encode(text, [], []).length;

const randomLetters = (n: number, seed: number) => {
  const rnd = mulberry32(seed);
  return Array.from({ length: n }, () => String.fromCharCode(97 + Math.floor(rnd() * 26))).join("");
};

async function rejectedCode(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (e) {
    return e instanceof PromptasmError ? e.code : `not a PromptasmError: ${String(e)}`;
  }
  return "no error";
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("laziness", () => {
  it("tokens.ts has no static import of js-tiktoken (only import() inside functions)", () => {
    const src = readFileSync(new URL("../src/tokens/tokens.ts", import.meta.url), "utf8");
    expect(src).not.toMatch(/^\s*import\s[^(]*["']js-tiktoken/m);
    expect(src).toContain('import("js-tiktoken/ranks/cl100k_base")');
    expect(src).toContain('import("js-tiktoken/ranks/o200k_base")');
  });

  it("importing a fresh copy loads no ranks; the first count loads its encoding's ranks only, once", async () => {
    vi.resetModules();
    const fresh = await import("../src/tokens/tokens.js");
    expect(fresh.tokenizerStats()).toMatchObject({ ranksLoaded: { cl100k_base: 0, o200k_base: 0 }, encodersBuilt: 0, memoSize: 0 });
    const [a, b] = await Promise.all([fresh.countTokens("hello world", "cl100k_base"), fresh.countTokens("hello there", "cl100k_base")]);
    expect([a, b]).toEqual([2, 2]);
    expect(fresh.tokenizerStats()).toMatchObject({ ranksLoaded: { cl100k_base: 1, o200k_base: 0 }, encodersBuilt: 1 });
  });
});

describe("countTokens, known counts", () => {
  it("hard-coded well-known values", async () => {
    expect(await countTokens("hello world", "cl100k_base")).toBe(2);
    expect(await countTokens("hello world", "o200k_base")).toBe(2);
    // OpenAI cookbook, "How to count tokens with tiktoken": [83, 1609, 5963, 374, 2294, 0] in cl100k_base.
    expect(await countTokens("tiktoken is great!", "cl100k_base")).toBe(6);
    expect(await countTokens("", "cl100k_base")).toBe(0);
    expect(await countTokens("", "o200k_base")).toBe(0);
  });

  const samples = [
    "Hello, World!",
    "It's a test; don't panic. We'll see.",
    "Ünïcödé — ½ • « » naïve café",
    "日本語のテキストと中文文本。",
    "emoji 😀👍🏽 and a family 👨‍👩‍👧 and flags 🇫🇷",
    "<|endoftext|> and <|fim_prefix|> are plain text here",
    "  leading and trailing spaces  \n\n\n  indented\n\ttabbed\r\nCRLF\rCR",
    "path\n/usr/bin and .\n/x and a\n/b",
    "numbers 1234567 3.14159 0xDEADBEEF 1,000,000",
    "```ts\nconst x: number = await f(a, b);\nif (x >= 10) { return `${x}`; }\n```",
    "\u00a0nbsp\u00a0 \u2003em space\u3000ideographic",
    "lone \ud800 high and \udc00 low surrogates",
  ];
  for (const encoding of ENCODINGS) {
    it(`equals js-tiktoken on short samples (${encoding})`, async () => {
      for (const s of samples) expect(await countTokens(s, encoding), JSON.stringify(s)).toBe(await exact(s, encoding));
    });
  }
});

describe("pieces", () => {
  itCorpus("splitForCounting covers the text in order with pieces of at most MAX_PIECE", () => {
    const text = corpusFile("steipete__agent-rules/docs__swift6-migration.mdc");
    const ends = splitForCounting(text);
    expect(ends.length).toBeGreaterThan(text.length / MAX_PIECE);
    expect(ends.at(-1)).toBe(text.length);
    let start = 0;
    for (const end of ends) {
      expect(end).toBeGreaterThan(start);
      expect(end - start).toBeLessThanOrEqual(MAX_PIECE);
      start = end;
    }
    expect(splitForCounting("")).toEqual([]);
    expect(splitForCounting("x")).toEqual([1]);
  });

  it("hard cuts come every RUN_LIMIT code units in a run, end their piece, and never split a surrogate pair", () => {
    expect(splitForCounting("a".repeat(1_000))).toEqual([256, 512, 768, 1_000]);
    const emoji = "\u{1F600}".repeat(300); // 600 code units, pairs at even offsets
    const ends = splitForCounting(emoji);
    expect(ends).toEqual([256, 512, 600]);
    const odd = "x" + emoji; // pairs at odd offsets: a cut at 256 would split one
    expect(splitForCounting(odd)).toEqual([255, 511, 601]);
    for (const end of splitForCounting(odd, 9, 7)) {
      const c = odd.charCodeAt(end);
      expect(c >= 0xdc00 && c <= 0xdfff).toBe(false);
    }
  });

  it("rejects limits outside 2 <= runLimit <= maxPiece (or runLimit Infinity)", () => {
    for (const [m, r] of [[1, 1], [10, 11], [10, 1], [10.5, 5], [Infinity, 5]] as const) {
      expect(() => splitForCounting("abc", m, r)).toThrow(PromptasmError);
    }
    expect(splitForCounting("ab cd", 2, Infinity)).toEqual([2, 5]);
  });

  for (const encoding of ENCODINGS) {
    itCorpus(`cut places are exact: every cut place as a piece boundary sums to the whole count (${encoding})`, async () => {
      const e = await oracle(encoding);
      const texts = [
        "a \n/b \r\nc\u00a0 d  e\t f it's don't 12345 abc😀 x\n\n/y .\n/z word\nword\r\nword",
        corpusFile("steipete__agent-rules/docs__swift6-migration.mdc").slice(0, 40_000),
        corpusFile("0xHoneyJar__agentic-base/.claude__agents__devops-crypto-architect.md"),
      ];
      for (const text of texts) {
        let sum = 0;
        let start = 0;
        const ends = splitForCounting(text, 2, Infinity); // a boundary at every cut place, no hard cuts
        expect(ends.length).toBeGreaterThan(text.split(" ").length / 2);
        for (const end of ends) {
          sum += e.encode(text.slice(start, end), [], []).length;
          start = end;
        }
        expect(sum).toBe(e.encode(text, [], []).length);
      }
    });

    itCorpus(`chunked count equals the unchunked count on real corpus files (${encoding})`, async () => {
      for (const rel of ["steipete__agent-rules/docs__swift6-migration.mdc", "5throck__ai-workspace-standards/templates__co-deck__AGENTS.md"]) {
        const text = corpusFile(rel);
        expect(splitForCounting(text).length).toBeGreaterThan(10);
        expect(await countTokens(text, encoding), rel).toBe(await exact(text, encoding));
      }
    });

    it(`long runs without spaces: exact for "a" × 40,000, close to exact on random letters (${encoding})`, async () => {
      // "a" × 8 is one token in both encodings, and 256 is a multiple of 8, so the pieces add up to the exact count.
      expect(await exact("a".repeat(2_048), encoding)).toBe(256);
      expect(await countTokens("a".repeat(40_000), encoding)).toBe(5_000);
      // Random letters: within one token per hard cut of the exact count on 2,000 letters (exact is affordable
      // there), and the same tokens per letter on 40,000 (exact would take minutes: see bench/tokens.ts).
      const short = randomLetters(2_000, 1);
      const cuts = Math.ceil(short.length / RUN_LIMIT) - 1;
      const e2k = await exact(short, encoding);
      const c2k = await countTokens(short, encoding);
      expect(Math.abs(c2k - e2k)).toBeLessThanOrEqual(cuts);
      const long = randomLetters(40_000, 2);
      const c40k = await countTokens(long, encoding);
      expect(c40k / 40_000).toBeGreaterThan((e2k / 2_000) * 0.95);
      expect(c40k / 40_000).toBeLessThan((e2k / 2_000) * 1.05);
    });
  }
});

describe("memo", () => {
  it("a second count of the same text returns the same number without encoding", async () => {
    const text = `memo test ${"some prose with words ".repeat(100)}`;
    const first = await countTokens(text, "cl100k_base");
    const encode = vi.spyOn(Tiktoken.prototype, "encode");
    const before = tokenizerStats();
    expect(await countTokens(text, "cl100k_base")).toBe(first);
    expect(encode).not.toHaveBeenCalled();
    const after = tokenizerStats();
    expect(after.memoHits).toBe(before.memoHits + 1);
    expect(after.encodeCalls).toBe(before.encodeCalls);
    // The same text in the other encoding is a different entry.
    await countTokens(text, "o200k_base");
    expect(encode).toHaveBeenCalled();
  });

  it(`keeps at most ${MEMO_ENTRIES} entries, least recently used out first`, async () => {
    clearTokenMemo();
    const encode = vi.spyOn(Tiktoken.prototype, "encode");
    await countTokens("entry 0", "cl100k_base");
    for (let i = 1; i <= MEMO_ENTRIES; i++) await countTokens(`entry ${i}`, "cl100k_base");
    expect(tokenizerStats().memoSize).toBe(MEMO_ENTRIES);
    encode.mockClear();
    await countTokens(`entry ${MEMO_ENTRIES}`, "cl100k_base"); // recent: a hit
    expect(encode).not.toHaveBeenCalled();
    await countTokens("entry 0", "cl100k_base"); // the oldest: evicted, encoded again
    expect(encode).toHaveBeenCalledTimes(1);
    expect(tokenizerStats().memoSize).toBe(MEMO_ENTRIES);
  });

  it("builds one encoder per encoding in this process", () => {
    expect(tokenizerStats().encodersBuilt).toBe(2);
    expect(tokenizerStats().ranksLoaded).toEqual({ cl100k_base: 1, o200k_base: 1 });
  });
});

describe("errors", () => {
  it("E_ARG for an unknown encoding or a non-string text", async () => {
    expect(await rejectedCode(countTokens("x", "p50k_base" as Encoding))).toBe("E_ARG");
    expect(await rejectedCode(countTokens(42 as unknown as string, "cl100k_base"))).toBe("E_ARG");
    expect(await rejectedCode(countSectionTokens([], "gpt2" as Encoding))).toBe("E_ARG");
    expect(await rejectedCode(countSectionTokens([{ id: "x", tier: "hot" as "stable", text: "" }], "cl100k_base"))).toBe("E_ARG");
  });
});

describe("countSectionTokens", () => {
  itCorpus("gives per-section counts in order and sums per tier", async () => {
    const sections = [
      { id: "identity", tier: "stable" as const, text: "You are a careful coding agent." },
      { id: "guidance", tier: "stable" as const, text: "Prefer small, reviewed changes." },
      { id: "project-context", tier: "context" as const, text: corpusFile("5throck__ai-workspace-standards/templates__co-deck__AGENTS.md") },
      { id: "date", tier: "volatile" as const, text: "Today is 2026-05-04." },
    ];
    for (const encoding of ENCODINGS) {
      const r = await countSectionTokens(sections, encoding);
      const each = await Promise.all(sections.map((s) => exact(s.text, encoding)));
      expect(r.encoding).toBe(encoding);
      expect(r.sections).toEqual(sections.map((s, i) => ({ id: s.id, tier: s.tier, tokens: each[i] })));
      expect(r.tiers).toEqual({ stable: each[0]! + each[1]!, context: each[2], volatile: each[3] });
      expect(r.total).toBe(each.reduce((a, b) => a + b, 0));
    }
    expect(await countSectionTokens([], "cl100k_base")).toEqual({ encoding: "cl100k_base", sections: [], tiers: { stable: 0, context: 0, volatile: 0 }, total: 0 });
  });
});

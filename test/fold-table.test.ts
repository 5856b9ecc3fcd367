// The BMP fold table ships as data (src/scan/fold-table.generated.ts, written by scripts/gen-fold-table.ts), so no
// process computes it at load. These tests fail when the shipped table drifts from what fold.ts computes (any edit to
// a fold step, a skip list or the Unicode data), when the run encoding loses an entry, and when bad run data loads.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { currentFoldModule, foldTableModule } from "../scripts/gen-fold-table.js";
import { SKIP, computeFoldTable, decodeFoldRuns, encodeFoldRuns, foldTable } from "../src/scan/fold.js";

const GENERATED = fileURLToPath(new URL("../src/scan/fold-table.generated.ts", import.meta.url));

describe("the shipped fold table", () => {
  it("is, entry for entry, the table fold.ts computes now (run `npm run gen:fold` after editing fold.ts or unicode-data.ts)", () => {
    const shipped = foldTable(), computed = computeFoldTable();
    let first = -1;
    for (let u = 0; u < 0x10000 && first < 0; u++) if (shipped[u] !== computed[u]) first = u;
    expect(first, first >= 0 ? `U+${first.toString(16)}: shipped ${shipped[first]}, computed ${computed[first]}` : "").toBe(-1);
    expect(readFileSync(GENERATED, "utf8") === currentFoldModule()).toBe(true);
  });

  it("holds the folds the header names (fullwidth, Cyrillic, accents, skipped marks, punctuation as a space, the soft hyphen)", () => {
    const t = foldTable();
    expect(t[0xff49]).toBe(0x69); // "ｉ" -> "i" (NFKC)
    expect(t[0x0430]).toBe(0x61); // Cyrillic "а" -> "a" (confusables)
    expect(t[0x00f3]).toBe(0x6f); // "ó" -> "o" (base letter)
    expect(t[0x0301]).toBe(SKIP); // combining acute: skipped
    expect(t[0x200b]).toBe(SKIP); // zero-width space: default-ignorable
    expect(t[0x2014]).toBe(0x20); // em dash reads as a space
    expect(t[0x00ad]).toBe(0xfffd); // soft hyphen reads as U+FFFD
    expect(t[0x6587]).toBe(0x6587); // a CJK ideograph ("文") is itself
    expect(t[0x4e00]).toBe(0x30fc); // but "一" is confusable with the long vowel mark "ー"
    for (let u = 0; u < 0x80; u++) if (u >= 0x20 && u !== 0x7f) expect(t[u]).toBe(u); // ASCII is never folded
  });
});

describe("the run encoding", () => {
  it("round-trips the computed table and tables with each kind of run (shifted block, constant block, single, last unit)", () => {
    const computed = computeFoldTable();
    expect(decodeFoldRuns(encodeFoldRuns(computed))).toEqual(computed);
    const t = new Int32Array(0x10000).map((_, u) => u);
    for (let u = 0xff21; u <= 0xff3a; u++) t[u] = u - 0xff21 + 0x41; // shifted
    t.fill(SKIP, 0x300, 0x370); // constant
    t[0x2014] = 0x20; t[0x2015] = 0x20; t[0x2016] = 0x21; // constant then a single
    t[0xffff] = 0x3f; // the last unit
    const runs = encodeFoldRuns(t);
    expect(decodeFoldRuns(runs)).toEqual(t);
    expect(runs.slice(0, 3)).toEqual([0x300, -0x70, SKIP]);
    expect(runs).toContain(0xff21);
    expect(runs.slice(-3)).toEqual([0xffff, 1, 0x3f]);
  });

  it("rejects run data that is cut short or leaves the BMP, naming the run", () => {
    expect(() => decodeFoldRuns([1, 2])).toThrow(/2 numbers is not a list of triples/);
    expect(() => decodeFoldRuns([0, 1, 5, 0xfffe, 3, 0])).toThrow(/run 1 \[65534, 3\] is outside the BMP/);
    expect(() => decodeFoldRuns([5, 0, 1])).toThrow(/run 0/);
  });

  it("writes lines within the 160 characters the generator allows", () => {
    const text = foldTableModule(encodeFoldRuns(computeFoldTable()));
    for (const line of text.split("\n")) expect(line.length).toBeLessThanOrEqual(160);
    expect(text).toContain("export const FOLD_RUNS");
  });
});

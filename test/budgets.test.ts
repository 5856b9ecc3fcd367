// Budgets across context files (src/prompt/budgets.ts): per-file caps at the edges, the OpenClaw total running out
// mid-file, drops after it, surrogate pairs at the cuts, a note for every cut and drop, and the truncation-warning
// section's bytes. Numbers are UTF-16 code units.
import { describe, it, expect } from "vitest";
import { readFile } from "node:fs/promises";
import { createCore } from "../src/core/wasm.js";
import { PromptasmError } from "../src/errors.js";
import { truncationMarker } from "../src/guard/guard.js";
import {
  applyBudget,
  truncationWarningSection,
  HERMES_BUDGET,
  MIN_CUT_CHARS,
  OPENCLAW_BUDGET,
  OPENCLAW_PER_FILE_CHARS,
  OPENCLAW_TOTAL_CHARS,
  type BudgetInput,
  type BudgetPolicy,
  type BudgetResult,
} from "../src/prompt/budgets.js";
import { mulberry32 } from "./helpers/random.js";

const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));


/** A text of exactly n code units whose every position is recognisable: "0123456789" repeated, with a tag. */
function textOf(n: number, tag = ""): string {
  const body = (tag + "0123456789".repeat(Math.ceil(n / 10) + 1)).slice(0, n);
  expect(body.length).toBe(n);
  return body;
}

function file(i: number, n: number): BudgetInput {
  return { label: `f${i}.md`, path: `/w/f${i}.md`, text: textOf(n, `<${i}>`) };
}

/** The text applyBudget must produce for a cut keeping head and tail chars. */
function expectedCut(f: BudgetInput, head: number, tail: number): string {
  const t = { originalChars: f.text.length, headChars: head, tailChars: tail };
  return `${f.text.slice(0, head)}\n\n${truncationMarker(f.label, f.path, t)}\n\n${f.text.slice(f.text.length - tail)}`;
}

function hasLoneSurrogate(s: string): boolean {
  return /\p{Surrogate}/u.test(s);
}

/** Invariants every result must meet, whatever the inputs. */
function checkInvariants(files: BudgetInput[], policy: BudgetPolicy, r: BudgetResult): void {
  expect(r.files.map((f) => f.label)).toEqual(files.map((f) => f.label));
  const perFile = policy.kind === "hermes" ? policy.cap : policy.perFile;
  const total = policy.kind === "hermes" ? Infinity : policy.total;
  let kept = 0;
  let droppedSeen = false;
  for (const [i, out] of r.files.entries()) {
    const input = files[i]!;
    if (out.dropped) {
      expect(out.text).toBe("");
      expect(out.truncation).toBeUndefined();
      droppedSeen = true;
      continue;
    }
    expect(droppedSeen, "a file after a dropped one must be dropped too").toBe(false);
    if (out.truncation) {
      const t = out.truncation;
      expect(t.originalChars).toBe(input.text.length);
      expect(t.headChars + t.tailChars).toBeLessThanOrEqual(perFile);
      expect(t.headChars + t.tailChars).toBeLessThan(input.text.length);
      expect(out.text).toBe(expectedCut(input, t.headChars, t.tailChars));
      kept += t.headChars + t.tailChars;
    } else {
      expect(out.text).toBe(input.text);
      expect(input.text.length).toBeLessThanOrEqual(perFile);
      kept += input.text.length;
    }
  }
  expect(r.keptChars).toBe(kept);
  expect(kept).toBeLessThanOrEqual(total);
  // The output exceeds the total by the markers (and their blank lines) only.
  expect(r.files.reduce((n, f) => n + f.text.length, 0)).toBe(r.keptChars + r.markerChars);
  // A note for every cut or dropped file, naming it and where the full file is; none for the others.
  const affected = r.files.filter((f) => f.dropped || f.truncation);
  expect(r.notes).toHaveLength(affected.length);
  for (const [k, f] of affected.entries()) {
    expect(r.notes[k]!.startsWith(`${f.label}: ${f.dropped ? "dropped" : "cut"} `)).toBe(true);
    expect(r.notes[k]).toContain(`The full file is ${f.path}.`);
  }
}

function run(files: BudgetInput[], policy: BudgetPolicy): BudgetResult {
  const r = applyBudget(core, files, policy);
  checkInvariants(files, policy, r);
  return r;
}

describe("OpenClaw constants", () => {
  it("are 12,000 per file, 60,000 in total, 64 as the least cut", () => {
    expect(OPENCLAW_PER_FILE_CHARS).toBe(12_000);
    expect(OPENCLAW_TOTAL_CHARS).toBe(60_000);
    expect(MIN_CUT_CHARS).toBe(64);
    expect(OPENCLAW_BUDGET).toEqual({ kind: "openclaw", perFile: 12_000, total: 60_000 });
    expect(HERMES_BUDGET).toEqual({ kind: "hermes", cap: 20_000 });
  });
});

describe("applyBudget, per-file cap", () => {
  it("keeps a file of exactly the OpenClaw cap whole, with no note", () => {
    const f = file(1, 12_000);
    const r = run([f], OPENCLAW_BUDGET);
    expect(r.files[0]).toEqual({ label: "f1.md", path: "/w/f1.md", text: f.text });
    expect(r.notes).toEqual([]);
    expect(r.keptChars).toBe(12_000);
    expect(r.markerChars).toBe(0);
  });

  it("cuts cap + 1 to 9,000 head + 3,000 tail (75/25) with the guard's marker", () => {
    const f = file(1, 12_001);
    const r = run([f], OPENCLAW_BUDGET);
    expect(r.files[0]!.truncation).toEqual({ originalChars: 12_001, headChars: 9_000, tailChars: 3_000 });
    expect(r.files[0]!.text).toBe(expectedCut(f, 9_000, 3_000));
    expect(r.files[0]!.text).toContain("[promptasm cut 1 chars from the middle of f1.md: kept the first 9000 and the last 3000 of 12001. The full file is /w/f1.md.]");
    expect(r.notes).toEqual(["f1.md: cut from 12001 to 12000 chars (first 9000, last 3000): the per-file cap is 12000 chars. The full file is /w/f1.md."]);
    expect(r.keptChars).toBe(12_000);
  });

  it("hermes: exactly at the cap is whole; cap + 1 keeps 70% + 20% of the cap; there is no total", () => {
    const at = file(1, 20_000);
    const over = file(2, 20_001);
    const r = run([at, over], HERMES_BUDGET);
    expect(r.files[0]!.text).toBe(at.text);
    expect(r.files[1]!.truncation).toEqual({ originalChars: 20_001, headChars: 14_000, tailChars: 4_000 });
    expect(r.notes).toEqual(["f2.md: cut from 20001 to 18000 chars (first 14000, last 4000): the per-file cap is 20000 chars. The full file is /w/f2.md."]);
    const many = Array.from({ length: 10 }, (_, i) => file(i + 1, 30_000));
    const rm = run(many, HERMES_BUDGET);
    expect(rm.files.every((f) => f.truncation?.headChars === 14_000 && f.truncation.tailChars === 4_000 && !f.dropped)).toBe(true);
    expect(rm.keptChars).toBe(180_000);
  });

  it("keeps empty files and files under the cap unchanged", () => {
    const r = run([{ label: "e", path: "/e", text: "" }, file(2, 5)], OPENCLAW_BUDGET);
    expect(r.files.map((f) => f.text)).toEqual(["", "<2>01"]);
    expect(r.notes).toEqual([]);
  });
});

describe("applyBudget, OpenClaw total", () => {
  it("10 files of 9,000: six whole, the seventh cut to the 6,000 left (4,500 + 1,500), three dropped", () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i + 1, 9_000));
    const r = run(files, OPENCLAW_BUDGET);
    for (let i = 0; i < 6; i++) expect(r.files[i]).toEqual({ label: files[i]!.label, path: files[i]!.path, text: files[i]!.text });
    expect(r.files[6]!.truncation).toEqual({ originalChars: 9_000, headChars: 4_500, tailChars: 1_500 });
    expect(r.files[6]!.text).toBe(expectedCut(files[6]!, 4_500, 1_500));
    for (let i = 7; i < 10; i++) expect(r.files[i]).toEqual({ label: files[i]!.label, path: files[i]!.path, text: "", dropped: true });
    expect(r.keptChars).toBe(60_000);
    expect(r.notes).toEqual([
      "f7.md: cut from 9000 to 6000 chars (first 4500, last 1500): 6000 chars of the 60000-char total were left. The full file is /w/f7.md.",
      "f8.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f8.md.",
      "f9.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f9.md.",
      "f10.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f10.md.",
    ]);
  });

  it("a file over the per-file cap is cut to the cap while the total lasts, then to what is left", () => {
    // 25,000 -> 12,000; 30,000 -> 12,000; 40,000 -> 12,000; 12,000 whole; then 12,000 left: a 20,000 file is cut by
    // the per-file cap (12,000 = 12,000 left), which uses the total up exactly; the last file is dropped.
    const files = [file(1, 25_000), file(2, 30_000), file(3, 40_000), file(4, 12_000), file(5, 20_000), file(6, 10)];
    const r = run(files, OPENCLAW_BUDGET);
    expect(r.files.slice(0, 3).map((f) => f.truncation)).toEqual([
      { originalChars: 25_000, headChars: 9_000, tailChars: 3_000 },
      { originalChars: 30_000, headChars: 9_000, tailChars: 3_000 },
      { originalChars: 40_000, headChars: 9_000, tailChars: 3_000 },
    ]);
    expect(r.files[3]!.truncation).toBeUndefined();
    expect(r.files[4]!.truncation).toEqual({ originalChars: 20_000, headChars: 9_000, tailChars: 3_000 });
    expect(r.notes[3]).toBe("f5.md: cut from 20000 to 12000 chars (first 9000, last 3000): the per-file cap is 12000 chars. The full file is /w/f5.md.");
    expect(r.files[5]).toEqual({ label: "f6.md", path: "/w/f6.md", text: "", dropped: true });
    expect(r.notes[4]).toBe("f6.md: dropped (10 chars): only 0 chars of the 60000-char total were left (less than 64). The full file is /w/f6.md.");
    expect(r.keptChars).toBe(60_000);
  });

  it("exactly at the total: every file whole; one more file of 1 char is dropped with a note", () => {
    const files = Array.from({ length: 5 }, (_, i) => file(i + 1, 12_000));
    expect(run(files, OPENCLAW_BUDGET).notes).toEqual([]);
    const r = run([...files, file(6, 1)], OPENCLAW_BUDGET);
    expect(r.files[5]!.dropped).toBe(true);
    expect(r.notes).toEqual(["f6.md: dropped (1 chars): only 0 chars of the 60000-char total were left (less than 64). The full file is /w/f6.md."]);
  });

  it("total exhausted mid-file: the file is cut to what is left, every later file is dropped even if it would fit", () => {
    const policy: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 2_500 };
    const files = [file(1, 900), file(2, 1_000), file(3, 700), file(4, 5), file(5, 0)];
    const r = run(files, policy);
    expect(r.files[2]!.truncation).toEqual({ originalChars: 700, headChars: 450, tailChars: 150 });
    expect(r.files.slice(3).map((f) => f.dropped)).toEqual([true, true]);
    expect(r.keptChars).toBe(2_500);
    expect(r.notes).toEqual([
      "f3.md: cut from 700 to 600 chars (first 450, last 150): 600 chars of the 2500-char total were left. The full file is /w/f3.md.",
      "f4.md: dropped (5 chars): the 2500-char total is used up. The full file is /w/f4.md.",
      "f5.md: dropped (0 chars): the 2500-char total is used up. The full file is /w/f5.md.",
    ]);
  });

  it("a file that still fits in what is left is kept whole, and the next ones still count", () => {
    const policy: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 2_500 };
    const r = run([file(1, 1_000), file(2, 1_000), file(3, 500), file(4, 1)], policy);
    expect(r.files.slice(0, 3).every((f) => !f.truncation && !f.dropped)).toBe(true);
    expect(r.files[3]!.dropped).toBe(true);
    expect(r.notes).toEqual(["f4.md: dropped (1 chars): only 0 chars of the 2500-char total were left (less than 64). The full file is /w/f4.md."]);
  });

  it("drops instead of cutting when fewer than 64 chars are left; cuts at exactly 64", () => {
    const p63: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 1_063 };
    const r63 = run([file(1, 1_000), file(2, 100), file(3, 1)], p63);
    expect(r63.files.map((f) => f.dropped ?? false)).toEqual([false, true, true]);
    expect(r63.notes[0]).toBe("f2.md: dropped (100 chars): only 63 chars of the 1063-char total were left (less than 64). The full file is /w/f2.md.");
    expect(r63.notes[1]).toBe("f3.md: dropped (1 chars): the 1063-char total is used up. The full file is /w/f3.md.");
    const p64: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 1_064 };
    const r64 = run([file(1, 1_000), file(2, 100)], p64);
    expect(r64.files[1]!.truncation).toEqual({ originalChars: 100, headChars: 48, tailChars: 16 });
    // A file that fits whole in fewer than 64 chars is kept: the minimum only stops slivers of cut files.
    const fits = run([file(1, 1_000), file(2, 63)], p63);
    expect(fits.files[1]!.text).toBe(file(2, 63).text);
  });

  it("a per-file cap below 64 still cuts (the minimum applies only when the total limits the cut)", () => {
    const r = run([file(1, 50)], { kind: "openclaw", perFile: 10, total: 100 });
    expect(r.files[0]!.truncation).toEqual({ originalChars: 50, headChars: 7, tailChars: 2 });
  });
});

describe("applyBudget, surrogate pairs at the cuts", () => {
  const E = "\u{1F600}"; // two code units

  it("an emoji across the head cut and one across the tail cut are dropped whole, and the count follows", () => {
    // 12,001 chars; the head cut is at 9,000, the tail starts at 12,001 - 3,000 = 9,001.
    const text = "a".repeat(8_999) + E + "b".repeat(12_001 - 8_999 - 2);
    expect(text.length).toBe(12_001);
    const r = run([{ label: "e.md", path: "/e.md", text }], OPENCLAW_BUDGET);
    const t = r.files[0]!.truncation!;
    expect(t).toEqual({ originalChars: 12_001, headChars: 8_999, tailChars: 3_000 });
    expect(hasLoneSurrogate(r.files[0]!.text)).toBe(false);

    // 12,011 chars: the tail would start at 9,011, on the low half of an emoji.
    const len = 12_011;
    const shifted = "a".repeat(len - 3_000 - 1) + E + "b".repeat(3_000 - 1);
    expect(shifted.length).toBe(len);
    const r2 = run([{ label: "t.md", path: "/t.md", text: shifted }], OPENCLAW_BUDGET);
    expect(r2.files[0]!.truncation).toEqual({ originalChars: len, headChars: 9_000, tailChars: 2_999 });
    expect(hasLoneSurrogate(r2.files[0]!.text)).toBe(false);
    expect(r2.keptChars).toBe(11_999);
  });

  it("a cut by the remaining total is surrogate-safe too, and the chars it saves stay in the total", () => {
    const policy: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 1_200 };
    // Second file: 200 left -> head 150, tail 50; an emoji across the head cut at 150.
    const second = "x".repeat(149) + E + "y".repeat(500);
    const r = run([file(1, 1_000), { label: "s.md", path: "/s.md", text: second }, file(3, 1)], policy);
    expect(r.files[1]!.truncation).toEqual({ originalChars: 651, headChars: 149, tailChars: 50 });
    expect(hasLoneSurrogate(r.files[1]!.text)).toBe(false);
    expect(r.files[2]!.dropped).toBe(true); // the total ran out in the second file, whatever it saved
    expect(r.keptChars).toBe(1_199);
  });

  it("random emoji-heavy files under random policies never split a pair and meet every invariant", () => {
    const rnd = mulberry32(42);
    for (let round = 0; round < 200; round++) {
      const files: BudgetInput[] = [];
      const count = 1 + Math.floor(rnd() * 8);
      for (let i = 0; i < count; i++) {
        let text = "";
        const n = Math.floor(rnd() * 400);
        while (text.length < n) text += rnd() < 0.5 ? E : "ab c"[Math.floor(rnd() * 4)];
        files.push({ label: `r${i}`, path: `/r/${i}`, text });
      }
      const policy: BudgetPolicy =
        rnd() < 0.3
          ? { kind: "hermes", cap: 1 + Math.floor(rnd() * 300) }
          : { kind: "openclaw", perFile: 1 + Math.floor(rnd() * 300), total: 1 + Math.floor(rnd() * 900) };
      const r = run(files, policy);
      for (const f of r.files) expect(hasLoneSurrogate(f.text), JSON.stringify(policy)).toBe(false);
    }
  });
});

describe("applyBudget, arguments", () => {
  it("throws E_ARG for a cap, perFile or total that is not a positive integer, and for an unknown kind", () => {
    const bad: unknown[] = [
      { kind: "hermes", cap: 0 },
      { kind: "hermes", cap: 1.5 },
      { kind: "openclaw", perFile: -1, total: 10 },
      { kind: "openclaw", perFile: 10, total: Number.NaN },
      { kind: "openclaw", perFile: 10, total: Infinity },
      { kind: "claude", cap: 10 },
    ];
    for (const policy of bad) {
      let code = "no error";
      try {
        applyBudget(core, [file(1, 5)], policy as BudgetPolicy);
      } catch (e) {
        code = e instanceof PromptasmError ? e.code : String(e);
      }
      expect(code, JSON.stringify(policy)).toBe("E_ARG");
    }
  });
});

describe("truncationWarningSection", () => {
  const files = Array.from({ length: 10 }, (_, i) => file(i + 1, 9_000));
  const result = applyBudget(core, files, OPENCLAW_BUDGET);

  it("is null when nothing was cut or dropped", () => {
    expect(truncationWarningSection([])).toBeNull();
    expect(truncationWarningSection(applyBudget(core, [file(1, 10)], OPENCLAW_BUDGET).files)).toBeNull();
  });

  it("lists the cut and dropped files, sorted by path, in a context-tier section", () => {
    const s = truncationWarningSection(result.files)!;
    expect(s.id).toBe("truncation-warning");
    expect(s.tier).toBe("context");
    expect(s.sources).toEqual([]);
    expect(s.text).toBe(
      [
        "Partial project context: to stay within the prompt budget, the files below were cut in the middle or left out.",
        "What you see of them is incomplete. Before you act on their instructions, or whenever a detail seems to be",
        "missing, read these files in full with your file tools:",
        "- /w/f10.md (f10.md): left out entirely.",
        "- /w/f7.md (f7.md): 9000 chars, of which the first 4500 and the last 1500 are shown.",
        "- /w/f8.md (f8.md): left out entirely.",
        "- /w/f9.md (f9.md): left out entirely.",
      ].join("\n"),
    );
  });

  it("gives the same bytes for the same files in any order, and lists a file once", () => {
    const s = truncationWarningSection(result.files)!.text;
    const rnd = mulberry32(7);
    for (let k = 0; k < 20; k++) {
      const shuffled = [...result.files].sort(() => rnd() - 0.5);
      expect(truncationWarningSection(shuffled)!.text).toBe(s);
    }
    expect(truncationWarningSection([...result.files, ...result.files])!.text).toBe(s);
    // Two runs of the budget over the same inputs: identical sections.
    expect(truncationWarningSection(applyBudget(core, files, OPENCLAW_BUDGET).files)!.text).toBe(s);
  });
});

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

/** The text applyBudget must produce for a cut keeping head and tail chars (no marker when it had no room). */
function expectedCut(f: BudgetInput, head: number, tail: number, markerOmitted = false): string {
  const t = { originalChars: f.text.length, headChars: head, tailChars: tail };
  if (markerOmitted) return f.text.slice(0, head) + f.text.slice(f.text.length - tail);
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
      // The marker counts inside the cap: the cut text, marker and blank lines included, fits it (issue 17).
      expect(out.text.length).toBeLessThanOrEqual(perFile);
      expect(out.text).toBe(expectedCut(input, t.headChars, t.tailChars, out.markerOmitted === true));
      // A marker is left out only when the cap has no room for it.
      if (out.markerOmitted) expect(out.text.length).toBeLessThan(truncationMarker(input.label, input.path, t).length + 4);
      kept += t.headChars + t.tailChars;
    } else {
      expect(out.text).toBe(input.text);
      expect(input.text.length).toBeLessThanOrEqual(perFile);
      kept += input.text.length;
    }
  }
  expect(r.keptChars).toBe(kept);
  // The output is file content plus markers (and their blank lines), and all of it fits the total.
  const out = r.files.reduce((n, f) => n + f.text.length, 0);
  expect(out).toBe(r.keptChars + r.markerChars);
  expect(out).toBeLessThanOrEqual(total);
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

  it("cuts cap + 1 to 75/25 of what the guard's marker leaves of the cap: 8,902 head + 2,967 tail", () => {
    const f = file(1, 12_001);
    const r = run([f], OPENCLAW_BUDGET);
    expect(r.files[0]!.truncation).toEqual({ originalChars: 12_001, headChars: 8_902, tailChars: 2_967 });
    expect(r.files[0]!.text).toBe(expectedCut(f, 8_902, 2_967));
    const marker = "[promptasm cut 132 chars from the middle of f1.md: kept the first 8902 and the last 2967 of 12001. The full file is /w/f1.md.]";
    expect(r.files[0]!.text).toContain(marker);
    // 8,902 + 2,967 + 4 blank-line chars + the marker: 11,999, within the cap (75/25 of the budget rounds down).
    expect(8_902 + 2_967 + 4 + marker.length).toBe(11_999);
    expect(r.files[0]!.text.length).toBe(11_999);
    expect(r.notes).toEqual(["f1.md: cut from 12001 to 11869 chars (first 8902, last 2967): the per-file cap is 12000 chars. The full file is /w/f1.md."]);
    expect(r.keptChars).toBe(11_869);
    expect(r.markerChars).toBe(130);
  });

  it("hermes: exactly at the cap is whole; cap + 1 keeps 70% + 20% of the cap; there is no total", () => {
    const at = file(1, 20_000);
    const over = file(2, 20_001);
    const r = run([at, over], HERMES_BUDGET);
    expect(r.files[0]!.text).toBe(at.text);
    expect(r.files[1]!.truncation).toEqual({ originalChars: 20_001, headChars: 14_000, tailChars: 4_000 });
    expect(r.notes).toEqual(["f2.md: cut from 20001 to 18000 chars (first 14000, last 4000): the per-file cap is 20000 chars. The full file is /w/f2.md."]);
    // Hermes' 70/20 leaves 10% of the cap, room enough for the marker: the cut is the same as with it outside.
    expect(r.files[1]!.text.length).toBe(18_000 + r.markerChars);
    expect(r.files[1]!.text.length).toBeLessThan(20_000);
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
  it("10 files of 9,000: six whole, the seventh cut to the 6,000 left with its marker (4,402 + 1,467), three dropped", () => {
    const files = Array.from({ length: 10 }, (_, i) => file(i + 1, 9_000));
    const r = run(files, OPENCLAW_BUDGET);
    for (let i = 0; i < 6; i++) expect(r.files[i]).toEqual({ label: files[i]!.label, path: files[i]!.path, text: files[i]!.text });
    expect(r.files[6]!.truncation).toEqual({ originalChars: 9_000, headChars: 4_402, tailChars: 1_467 });
    expect(r.files[6]!.text).toBe(expectedCut(files[6]!, 4_402, 1_467));
    expect(r.files[6]!.text.length).toBe(5_999); // 75/25 rounds down: one char of the 6,000 stays unused
    for (let i = 7; i < 10; i++) expect(r.files[i]).toEqual({ label: files[i]!.label, path: files[i]!.path, text: "", dropped: true });
    expect(r.keptChars).toBe(54_000 + 4_402 + 1_467);
    expect(r.keptChars + r.markerChars).toBe(59_999);
    expect(r.notes).toEqual([
      "f7.md: cut from 9000 to 5869 chars (first 4402, last 1467): 6000 chars of the 60000-char total were left. The full file is /w/f7.md.",
      "f8.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f8.md.",
      "f9.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f9.md.",
      "f10.md: dropped (9000 chars): the 60000-char total is used up. The full file is /w/f10.md.",
    ]);
  });

  it("a file over the per-file cap is cut to the cap while the total lasts, then to what is left", () => {
    // 25,000 -> 12,000; 30,000 -> 12,000; 40,000 -> 12,000 (markers included); 12,000 whole; then 12,000 left: a
    // 20,000 file is cut by the per-file cap to 11,999 (75/25 rounds down), leaving 1 char; the last file is dropped.
    const files = [file(1, 25_000), file(2, 30_000), file(3, 40_000), file(4, 12_000), file(5, 20_000), file(6, 10)];
    const r = run(files, OPENCLAW_BUDGET);
    expect(r.files.slice(0, 3).map((f) => f.truncation)).toEqual([
      { originalChars: 25_000, headChars: 8_901, tailChars: 2_967 },
      { originalChars: 30_000, headChars: 8_901, tailChars: 2_967 },
      { originalChars: 40_000, headChars: 8_901, tailChars: 2_967 },
    ]);
    expect(r.files.slice(0, 3).map((f) => f.text.length)).toEqual([12_000, 12_000, 12_000]);
    expect(r.files[3]!.truncation).toBeUndefined();
    expect(r.files[4]!.truncation).toEqual({ originalChars: 20_000, headChars: 8_901, tailChars: 2_967 });
    expect(r.files[4]!.text.length).toBe(11_999);
    expect(r.notes[3]).toBe("f5.md: cut from 20000 to 11868 chars (first 8901, last 2967): the per-file cap is 12000 chars. The full file is /w/f5.md.");
    expect(r.files[5]).toEqual({ label: "f6.md", path: "/w/f6.md", text: "", dropped: true });
    expect(r.notes[4]).toBe("f6.md: dropped (10 chars): only 1 chars of the 60000-char total were left (less than 64). The full file is /w/f6.md.");
    expect(r.keptChars + r.markerChars).toBe(59_999);
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
    expect(r.files[2]!.truncation).toEqual({ originalChars: 700, headChars: 355, tailChars: 118 });
    expect(r.files[2]!.text.length).toBe(599);
    expect(r.files.slice(3).map((f) => f.dropped)).toEqual([true, true]);
    expect(r.keptChars).toBe(1_900 + 355 + 118);
    expect(r.notes).toEqual([
      "f3.md: cut from 700 to 473 chars (first 355, last 118): 600 chars of the 2500-char total were left. The full file is /w/f3.md.",
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
    // 64 chars have no room for a marker: the cut keeps 48 + 16 and says so (issue 17).
    expect(r64.files[1]!.truncation).toEqual({ originalChars: 100, headChars: 48, tailChars: 16 });
    expect(r64.files[1]!.markerOmitted).toBe(true);
    expect(r64.notes).toEqual(["f2.md: cut from 100 to 64 chars (first 48, last 16) without a marker (the budget has no room for one): 64 chars of the 1064-char total were left. The full file is /w/f2.md."]);
    // A file that fits whole in fewer than 64 chars is kept: the minimum only stops slivers of cut files.
    const fits = run([file(1, 1_000), file(2, 63)], p63);
    expect(fits.files[1]!.text).toBe(file(2, 63).text);
  });

  it("a per-file cap below 64 still cuts (the minimum applies only when the total limits the cut)", () => {
    const r = run([file(1, 50)], { kind: "openclaw", perFile: 10, total: 100 });
    expect(r.files[0]!.truncation).toEqual({ originalChars: 50, headChars: 7, tailChars: 2 });
    expect(r.files[0]!).toMatchObject({ text: "<1>0123" + "56", markerOmitted: true });
  });
});

describe("applyBudget, surrogate pairs at the cuts", () => {
  const E = "\u{1F600}"; // two code units

  it("an emoji across the head cut and one across the tail cut are dropped whole, and the count follows", () => {
    // 12,001 chars under the 12,000 cap: with the marker inside, the head cut is at 8,905 (a plain text keeps 8,905 +
    // 2,968); an emoji at 8,904–8,905 straddles it.
    const plain = run([{ label: "e.md", path: "/e.md", text: "a".repeat(12_001) }], OPENCLAW_BUDGET);
    expect(plain.files[0]!.truncation).toEqual({ originalChars: 12_001, headChars: 8_905, tailChars: 2_968 });
    const text = "a".repeat(8_904) + E + "b".repeat(12_001 - 8_904 - 2);
    expect(text.length).toBe(12_001);
    const r = run([{ label: "e.md", path: "/e.md", text }], OPENCLAW_BUDGET);
    const t = r.files[0]!.truncation!;
    expect(t).toEqual({ originalChars: 12_001, headChars: 8_904, tailChars: 2_968 });
    expect(hasLoneSurrogate(r.files[0]!.text)).toBe(false);

    // 12,011 chars: a plain text keeps 8,906 + 2,968, so the tail starts at 9,043; an emoji at 9,042–9,043 puts
    // its low half there.
    const len = 12_011;
    expect(run([{ label: "t.md", path: "/t.md", text: "a".repeat(len) }], OPENCLAW_BUDGET).files[0]!.truncation)
      .toEqual({ originalChars: len, headChars: 8_906, tailChars: 2_968 });
    const shifted = "a".repeat(9_042) + E + "b".repeat(len - 9_044);
    expect(shifted.length).toBe(len);
    const r2 = run([{ label: "t.md", path: "/t.md", text: shifted }], OPENCLAW_BUDGET);
    expect(r2.files[0]!.truncation).toEqual({ originalChars: len, headChars: 8_906, tailChars: 2_967 });
    expect(hasLoneSurrogate(r2.files[0]!.text)).toBe(false);
    expect(r2.keptChars).toBe(8_906 + 2_967);
  });

  it("a cut by the remaining total is surrogate-safe too, and the chars it saves stay in the total", () => {
    const policy: BudgetPolicy = { kind: "openclaw", perFile: 1_000, total: 1_200 };
    // Second file: 200 left, 120 of them for the marker -> head 59, tail 19; an emoji across the head cut at 59.
    const second = "x".repeat(58) + E + "y".repeat(591);
    const r = run([file(1, 1_000), { label: "s.md", path: "/s.md", text: second }, file(3, 1)], policy);
    expect(r.files[1]!.truncation).toEqual({ originalChars: 651, headChars: 58, tailChars: 19 });
    expect(hasLoneSurrogate(r.files[1]!.text)).toBe(false);
    expect(r.files[2]!.dropped).toBe(true); // the total ran out in the second file, whatever it saved
    expect(r.keptChars).toBe(1_077);
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
        "- /w/f7.md (f7.md): 9000 chars, of which the first 4402 and the last 1467 are shown.",
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

describe("applyBudget with a policy's byte limit (Codex's 32 KiB)", () => {
  const codex = (bytes: number) => ({ bytes, split: { headRatio: 1, tailRatio: 0 }, name: "codex" });

  it("files within the bytes stay whole; the one that crosses is cut once, head-only, marker inside; later ones drop", () => {
    const files = [file(1, 300), { label: "e.md", path: "e.md", text: "\u00e9".repeat(400) }, file(3, 10)]; // é: 2 bytes
    const r = applyBudget(core, files, { kind: "hermes", cap: 10_000 }, codex(700));
    expect(r.files[0]!.text).toBe(files[0]!.text);
    const t = r.files[1]!.truncation!;
    expect(t).toEqual({ originalChars: 400, headChars: 140, tailChars: 0 });
    expect(new TextEncoder().encode(r.files[1]!.text).length).toBe(399); // 140 × 2 bytes + 4 + the 115-char marker; one more é would be 401
    expect(r.files[1]!.text).toBe(expectedCut(files[1]!, 140, 0));
    expect(r.files[2]).toEqual({ label: "f3.md", path: "/w/f3.md", text: "", dropped: true });
    expect(r.notes).toEqual([
      "e.md: cut from 400 to 140 chars (first 140, last 0): 400 bytes of the 700-byte combined limit (codex) were left. The full file is e.md.",
      "f3.md: dropped (10 chars): the 700-byte combined limit (codex) is used up. The full file is /w/f3.md.",
    ]);
  });

  it("the per-file cap wins when it is the smaller limit: one 70/20 cut, and later files still load", () => {
    const r = applyBudget(core, [file(1, 3_000), file(2, 50)], { kind: "hermes", cap: 1_000 }, codex(32_768));
    expect(r.files[0]!.truncation).toEqual({ originalChars: 3_000, headChars: 678, tailChars: 193 });
    expect(r.files[1]!.text).toBe(file(2, 50).text);
    expect(r.notes).toEqual(["f1.md: cut from 3000 to 871 chars (first 678, last 193): the per-file cap is 1000 chars. The full file is /w/f1.md."]);
  });

  it("a file whose cut would keep only blank space is dropped, as Codex drops it", () => {
    const r = applyBudget(core, [file(1, 100), { label: "s.md", path: "s.md", text: " ".repeat(200) + "x".repeat(300) }], { kind: "hermes", cap: 10_000 }, codex(400));
    expect(r.files[1]).toEqual({ label: "s.md", path: "s.md", text: "", dropped: true });
    expect(r.notes).toEqual(["s.md: dropped (500 chars): only 300 bytes of the 400-byte combined limit (codex) were left. The full file is s.md."]);
  });

  it("a negative byte limit is E_ARG", () => {
    expect(() => applyBudget(core, [file(1, 5)], HERMES_BUDGET, codex(-1))).toThrowError(expect.objectContaining({ code: "E_ARG" }));
  });
});

describe("cutHeadTail: the one head/tail cut", () => {
  it("is what applyBudget and Promptasm.truncate both produce", async () => {
    const { cutHeadTail } = await import("../src/prompt/cut.js");
    const f = file(1, 5_000);
    const viaBudget = applyBudget(core, [f], { kind: "openclaw", perFile: 1_000, total: 10_000 }).files[0]!;
    const direct = cutHeadTail(core, f.text, { chars: 1_000 }, { headRatio: 0.75, tailRatio: 0.25 }, f);
    expect(direct).toEqual({ text: viaBudget.text, truncation: viaBudget.truncation });
    expect(direct.text.length).toBeLessThanOrEqual(1_000);
    expect(cutHeadTail(core, "short", { chars: 10 }, { headRatio: 0.7, tailRatio: 0.2 }, f)).toEqual({ text: "short" });
    // Within the chars but over the bytes: cut.
    const bytes = cutHeadTail(core, "\u4e2d".repeat(300), { chars: 1_000, bytes: 600 }, { headRatio: 1, tailRatio: 0 }, { label: "c", path: "c" });
    expect(new TextEncoder().encode(bytes.text).length).toBeLessThanOrEqual(600);
    expect(bytes.truncation!.headChars).toBeGreaterThan(0);
  });
});

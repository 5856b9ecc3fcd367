// Budgets through assemble (issues 16 and 17): one cut per file under codex, OpenClaw's limits as options, maxChars
// under openclaw, missing bootstrap files, the marker inside the cap (22 chars), truncation-warning modes with their
// signature and injection stats, and the bootstrap-pending prefix. Chars are UTF-16 code units.
import { beforeAll, describe, expect, it } from "vitest";
import { MapWorkspaceReader, PromptasmError, type AssembleOptions, type AssembledPrompt, type Promptasm } from "../src/index.js";
import { truncationMarker } from "../src/guard/guard.js";
import { BOOTSTRAP_PENDING_PREFIX } from "../src/prompt/assemble.js";
import { CODEX_MAX_BYTES } from "../src/discovery/codex.js";
import { NEAR_LIMIT_SHARE, TRUNCATION_WARNING_HEAD, truncationSignature } from "../src/prompt/stages/warning.js";
import { loadForTest } from "./helpers/load.js";

let pa: Promptasm;
beforeAll(async () => { pa = await loadForTest(); });

const base: Omit<AssembleOptions, "cwd"> = { now: new Date("2026-11-29T23:30:00Z"), timeZone: "UTC" };
const ids = (r: AssembledPrompt) => r.sections.map((s) => s.id);

describe("one cut per file, one consistent report (issue 16)", () => {
  const big = "a".repeat(30_000) + "b".repeat(10_000); // 40,000 chars
  const files = { "/r/.git/": "", "/r/AGENTS.md": big };

  it("a 40,000-char AGENTS.md under codex is cut once, by the per-file cap (20,000 < 32 KiB), 70/20", async () => {
    const r = await pa.assemble(new MapWorkspaceReader(files), { ...base, cwd: "/r", policy: "codex" });
    expect(CODEX_MAX_BYTES).toBe(32_768);
    expect(r.truncations).toEqual([{ file: "AGENTS.md", path: "/r/AGENTS.md", originalChars: 40_000, headChars: 14_000, tailChars: 4_000 }]);
    const marker = truncationMarker("AGENTS.md", "AGENTS.md", r.truncations[0]!);
    expect(marker).toBe("[promptasm cut 22000 chars from the middle of AGENTS.md: kept the first 14000 and the last 4000 of 40000. The full file is AGENTS.md.]");
    expect(r.prompt.split("[promptasm cut").length).toBe(2); // one marker
    expect(r.prompt).toContain(`## AGENTS.md\n\n${"a".repeat(14_000)}\n\n${marker}\n\n${"b".repeat(4_000)}\n\n`);
    const cutNotes = r.notes.filter((n) => n.message.includes("AGENTS.md") && /cut|bytes/.test(n.message)).map((n) => n.message);
    expect(cutNotes).toEqual(["AGENTS.md: cut from 40000 to 18000 chars (first 14000, last 4000): the per-file cap is 20000 chars. The full file is AGENTS.md."]);
    const warning = r.prompt.slice(r.prompt.indexOf(TRUNCATION_WARNING_HEAD[0]!));
    expect(warning.split("\n").filter((l) => l.startsWith("- "))).toEqual(["- AGENTS.md: 40000 chars, of which the first 14000 and the last 4000 are shown."]);
  });

  it("with a per-file cap over 32 KiB, Codex's byte limit is the smaller: one head-only cut to 32,768 bytes, marker inside", async () => {
    const r = await pa.assemble(new MapWorkspaceReader(files), { ...base, cwd: "/r", policy: "codex", maxChars: 50_000 });
    expect(r.truncations).toHaveLength(1);
    const t = r.truncations[0]!;
    expect(t).toEqual({ file: "AGENTS.md", path: "/r/AGENTS.md", originalChars: 40_000, headChars: 32_634, tailChars: 0 });
    const marker = truncationMarker("AGENTS.md", "AGENTS.md", t);
    expect(t.headChars + 4 + marker.length).toBe(32_768);
    expect(r.prompt).toContain(`## AGENTS.md\n\n${"a".repeat(30_000)}${"b".repeat(2_634)}\n\n${marker}`);
    expect(r.notes.filter((n) => n.message.startsWith("AGENTS.md: ")).map((n) => n.message)).toEqual([
      "AGENTS.md: cut from 40000 to 32634 chars (first 32634, last 0): 32768 bytes of the 32768-byte combined limit (codex) were left. The full file is AGENTS.md.",
    ]);
  });

  it("the byte limit counts UTF-8 bytes: a 3-byte-per-char file fits 32 KiB only when cut to under 10,923 chars", async () => {
    const cjk = "\u4e2d".repeat(12_000); // 36,000 bytes, 12,000 chars (under the 20,000-char cap)
    const r = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "", "/r/AGENTS.md": cjk }), { ...base, cwd: "/r", policy: "codex" });
    const t = r.truncations[0]!;
    expect(t.tailChars).toBe(0);
    const body = `${"\u4e2d".repeat(t.headChars)}\n\n${truncationMarker("AGENTS.md", "AGENTS.md", t)}`;
    expect(new TextEncoder().encode(body).length).toBeLessThanOrEqual(32_768);
    expect(t.headChars).toBe(10_878);
    // 10,878 × 3 + 4 + the 128-char marker = 32,766: one more 3-byte char would not fit.
    expect(new TextEncoder().encode(body).length).toBe(32_766);
    expect(r.prompt).toContain(body);
  });
});

describe("OpenClaw's limits as assemble options (issue 17)", () => {
  const ws = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`/ws/f${i}.md`, String.fromCharCode(0x41 + i).repeat(5_000)]));

  it("bootstrapMaxChars and bootstrapTotalMaxChars set the per-file and total limits", async () => {
    const r = await pa.assemble(new MapWorkspaceReader(ws(3)), { ...base, cwd: "/ws", policy: "openclaw", bootstrapMaxChars: 4_000, bootstrapTotalMaxChars: 9_000 });
    expect(r.cap).toBe(4_000);
    expect(r.truncations.map((t) => [t.file, t.headChars + t.tailChars, t.dropped ?? false])).toEqual([
      ["f0.md", 2_904 + 968, false], ["f1.md", 2_904 + 968, false], ["f2.md", 659 + 219, false],
    ]);
    // Each cut file with its marker fits 4,000 chars (3,998: 75/25 rounds down); the 1,004 left of the 9,000 total
    // go to f2.md, cut to 1,003 with its marker.
    const sizes = r.truncations.map((t) => t.headChars + t.tailChars + 4 + truncationMarker(t.file, t.file, t).length);
    expect(sizes).toEqual([3_998, 3_998, 1_003]);
    expect(sizes.reduce((a, b) => a + b)).toBeLessThanOrEqual(9_000);
    for (const t of r.truncations) {
      const c = t.file === "f0.md" ? "A" : t.file === "f1.md" ? "B" : "C";
      expect(r.prompt).toContain(`## ${t.file}\n\n${c.repeat(t.headChars)}\n\n${truncationMarker(t.file, t.file, t)}\n\n${c.repeat(t.tailChars)}\n\n`);
    }
    const dflt = await pa.assemble(new MapWorkspaceReader(ws(3)), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(dflt.cap).toBe(12_000);
    expect(dflt.truncations).toEqual([]);
  });

  it("maxChars under openclaw is the per-file limit (no longer silently ignored); bootstrapMaxChars wins, with a note", async () => {
    const r = await pa.assemble(new MapWorkspaceReader(ws(1)), { ...base, cwd: "/ws", policy: "openclaw", maxChars: 3_000 });
    expect(r.cap).toBe(3_000);
    expect(r.truncations).toHaveLength(1);
    expect(r.prompt.indexOf("## f0.md")).toBeGreaterThan(-1);
    const both = await pa.assemble(new MapWorkspaceReader(ws(1)), { ...base, cwd: "/ws", policy: "openclaw", maxChars: 3_000, bootstrapMaxChars: 6_000 });
    expect(both.cap).toBe(6_000);
    expect(both.truncations).toEqual([]);
    expect(both.notes.map((n) => n.message)).toContain("maxChars (3000) does not set the openclaw per-file limit: bootstrapMaxChars (6000) does");
  });

  it("bootstrap limits under the hermes budget are reported as not applying", async () => {
    const r = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "", "/r/AGENTS.md": "x" }), { ...base, cwd: "/r", bootstrapMaxChars: 5, bootstrapTotalMaxChars: 9 });
    expect(r.cap).toBe(20_000);
    expect(r.notes.map((n) => n.message)).toEqual([
      "bootstrapMaxChars (5) applies to the openclaw budget only; the hermes budget's cap is 20000 chars per file",
      "bootstrapTotalMaxChars (9) applies to the openclaw budget only; the hermes budget's cap is 20000 chars per file",
    ]);
  });

  it.each([["bootstrapMaxChars", 0], ["bootstrapMaxChars", 1.5], ["bootstrapTotalMaxChars", -1], ["bootstrapTotalMaxChars", "9"]])(
    "%s = %j is E_ARG naming the option", async (key, value) => {
      const err = await pa.assemble(new MapWorkspaceReader(ws(1)), { ...base, cwd: "/ws", policy: "openclaw", [key]: value } as AssembleOptions).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(PromptasmError);
      expect(err).toMatchObject({ code: "E_ARG", message: expect.stringContaining(key) });
    });

  it("missing bootstrap files are listed (BOOTSTRAP.md never is); other policies list none", async () => {
    const r = await pa.assemble(new MapWorkspaceReader({ "/ws/agents.md": "Rules.", "/ws/TOOLS.md": "Tools." }), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(r.missing).toEqual(["SOUL.md", "IDENTITY.md", "USER.md", "MEMORY.md"]);
    const empty = await pa.assemble(new MapWorkspaceReader({ "/ws/SOUL.md": "  \n", "/ws/notes.md": "n" }), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(empty.missing).toEqual(["AGENTS.md", "SOUL.md", "IDENTITY.md", "USER.md", "TOOLS.md", "MEMORY.md"]);
    const hermes = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "" }), { ...base, cwd: "/r" });
    expect(hermes.missing).toEqual([]);
  });
});

describe("the truncation marker counts inside the cap (issue 17)", () => {
  it("a 22-char cap gives at most 22 chars: too small for any marker, so none, and the report says so", async () => {
    const text = "0123456789".repeat(10);
    const t = pa.truncate(text, { cap: 22 });
    expect(t).toEqual({ text: "012345678901234" + "6789", truncation: { originalChars: 100, headChars: 15, tailChars: 4 }, markerOmitted: true });
    expect(t.text.length).toBeLessThanOrEqual(22);
    const r = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "", "/r/AGENTS.md": text }), { ...base, cwd: "/r", maxChars: 22 });
    expect(r.truncations).toEqual([{ file: "AGENTS.md", path: "/r/AGENTS.md", originalChars: 100, headChars: 15, tailChars: 4, markerOmitted: true }]);
    expect(r.prompt).toContain("## AGENTS.md\n\n0123456789012346789\n\n");
    expect(r.notes.map((n) => n.message)).toContain(
      "AGENTS.md: cut from 100 to 19 chars (first 15, last 4) without a marker (the budget has no room for one): the per-file cap is 22 chars. The full file is AGENTS.md.",
    );
    // The warning section still names the file.
    expect(r.prompt).toContain("- AGENTS.md: 100 chars, of which the first 15 and the last 4 are shown.");
  });

  it("with room for the marker, the result with it is exactly within the cap", async () => {
    const text = "x".repeat(1_000);
    for (const cap of [200, 300, 500, 999]) {
      const t = pa.truncate(text, { cap, label: "a.md", path: "a.md" });
      expect(t.text.length).toBeLessThanOrEqual(cap);
      expect(t.markerOmitted).toBeUndefined();
      expect(t.text).toContain(truncationMarker("a.md", "a.md", t.truncation!));
    }
  });
});

describe("truncation warnings: mode, signature, injection stats (issue 17)", () => {
  const files = (extra = 0) => ({ "/ws/AGENTS.md": "a".repeat(15_000 + extra), "/ws/TOOLS.md": "t".repeat(11_000), "/ws/SOUL.md": "s".repeat(100) });
  const run = (opts: Partial<AssembleOptions> = {}, extra = 0) =>
    pa.assemble(new MapWorkspaceReader(files(extra)), { ...base, cwd: "/ws", policy: "openclaw", ...opts });

  it("default (section): the warning is a section in the prompt, as before; nothing for the user turn", async () => {
    const r = await run();
    expect(ids(r)).toContain("truncation-warning");
    expect(r.truncationWarning).toBeNull();
    expect(r.userPromptPrefix).toBe("");
  });

  it("off: no warning anywhere, the report keeps the cut", async () => {
    const r = await run({ truncationWarning: "off" });
    expect(ids(r)).not.toContain("truncation-warning");
    expect(r.prompt).not.toContain(TRUNCATION_WARNING_HEAD[0]);
    expect(r.truncationWarning).toBeNull();
    expect(r.truncations).toHaveLength(1);
  });

  it("once: shown on the first turn for its signature, not again; a different cut is shown again", async () => {
    const first = await run({ truncationWarning: "once" });
    expect(ids(first)).not.toContain("truncation-warning");
    const w = first.truncationWarning!;
    expect(w.signature).toMatch(/^[0-9a-f]{16}$/);
    expect(w.show).toBe(true);
    expect(w.text).toBe([...TRUNCATION_WARNING_HEAD, "- AGENTS.md: 15000 chars, of which the first 8898 and the last 2966 are shown."].join("\n"));
    expect(first.userPromptPrefix).toBe(w.text);
    const second = await run({ truncationWarning: "once", shownWarnings: [w.signature] });
    expect(second.truncationWarning).toEqual({ ...w, show: false });
    expect(second.userPromptPrefix).toBe("");
    // The frozen prompt is the same whether or not the warning shows.
    expect(second.prompt).toBe(first.prompt);
    // A store works as well as a list: a Set, or anything with has() (a promise is awaited).
    expect((await run({ truncationWarning: "once", shownWarnings: new Set([w.signature]) })).truncationWarning!.show).toBe(false);
    const asked: string[] = [];
    const store = { has: async (sig: string) => { asked.push(sig); return false; } };
    expect((await run({ truncationWarning: "once", shownWarnings: store })).truncationWarning!.show).toBe(true);
    expect(asked).toEqual([w.signature]);
    const grown = await run({ truncationWarning: "once", shownWarnings: [w.signature] }, 1);
    expect(grown.truncationWarning!.signature).not.toBe(w.signature);
    expect(grown.truncationWarning!.show).toBe(true);
  });

  it("always: shown on every turn", async () => {
    const r = await run({ truncationWarning: "always", shownWarnings: ["x"] });
    const again = await run({ truncationWarning: "always", shownWarnings: [r.truncationWarning!.signature] });
    expect(again.truncationWarning!.show).toBe(true);
    expect(ids(again)).not.toContain("truncation-warning");
  });

  it("an unknown mode is E_ARG; shownWarnings must be strings", async () => {
    await expect(run({ truncationWarning: "sometimes" as never })).rejects.toMatchObject({ code: "E_ARG", message: expect.stringContaining("truncationWarning") });
    await expect(run({ shownWarnings: [1] as never })).rejects.toMatchObject({ code: "E_ARG", message: expect.stringContaining("shownWarnings") });
  });

  it("the signature is a hash of label and sizes: order-free, changes with any size", async () => {
    const cut = { label: "AGENTS.md", path: "AGENTS.md", truncation: { originalChars: 15_000, headChars: 8_898, tailChars: 2_966 } };
    const drop = { label: "x.md", path: "x.md", dropped: true, truncation: { originalChars: 9, headChars: 0, tailChars: 0 } };
    const s = await truncationSignature([cut, drop]);
    expect(s).toBe(await truncationSignature([drop, cut, { label: "whole.md", path: "whole.md" }]));
    expect(await truncationSignature([{ ...cut, truncation: { ...cut.truncation, tailChars: 2_965 } }, drop])).not.toBe(s);
    expect(await truncationSignature([cut, { ...drop, dropped: false }])).not.toBe(s);
    expect(await truncationSignature([{ label: "w", path: "w" }])).toBeNull();
  });

  it("injection stats: files, chars injected and cut, each file and the total against its limit", async () => {
    const r = await run();
    expect(NEAR_LIMIT_SHARE).toBe(0.85);
    expect(r.injection).toEqual({
      files: 3,
      injectedChars: 8_898 + 2_966 + 100 + 11_000,
      cutChars: 15_000 - 8_898 - 2_966,
      perFile: [
        { file: "AGENTS.md", chars: 15_000, injectedChars: 11_864, limit: 12_000, share: 1.25, status: "cut" },
        { file: "SOUL.md", chars: 100, injectedChars: 100, limit: 12_000, share: 100 / 12_000, status: "ok" },
        { file: "TOOLS.md", chars: 11_000, injectedChars: 11_000, limit: 12_000, share: 11_000 / 12_000, status: "near" },
      ],
      total: { chars: 26_100, limit: 60_000, share: 26_100 / 60_000, status: "ok" },
    });
    // 10,200 chars is exactly 85% of 12,000: near; one char less is ok.
    const edge = await pa.assemble(new MapWorkspaceReader({ "/ws/a.md": "a".repeat(10_200), "/ws/b.md": "b".repeat(10_199) }), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(edge.injection.perFile.map((p) => p.status)).toEqual(["near", "ok"]);
  });
});

describe("bootstrap pending (issue 17)", () => {
  it("a workspace with BOOTSTRAP.md gets the prefix for the user turn, outside the system prompt, until the file is gone", async () => {
    const files = { "/ws/AGENTS.md": "Rules.", "/ws/BOOTSTRAP.md": "Ask the user for a name, then write IDENTITY.md." };
    const r = await pa.assemble(new MapWorkspaceReader(files), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(r.bootstrapPending).toEqual({ file: "BOOTSTRAP.md", prefix: BOOTSTRAP_PENDING_PREFIX });
    expect(r.userPromptPrefix).toBe(BOOTSTRAP_PENDING_PREFIX);
    expect(r.prompt).not.toContain(BOOTSTRAP_PENDING_PREFIX);
    const done = await pa.assemble(new MapWorkspaceReader({ "/ws/AGENTS.md": "Rules." }), { ...base, cwd: "/ws", policy: "openclaw" });
    expect(done.bootstrapPending).toBeNull();
    expect(done.userPromptPrefix).toBe("");
    // Other policies do not read BOOTSTRAP.md.
    const hermes = await pa.assemble(new MapWorkspaceReader({ "/r/.git/": "", ...Object.fromEntries(Object.entries(files).map(([k, v]) => [k.replace("/ws", "/r"), v])) }), { ...base, cwd: "/r" });
    expect(hermes.bootstrapPending).toBeNull();
  });

  it("with a warning to show too, the prefix comes first, then the warning, one blank line apart", async () => {
    const files = { "/ws/AGENTS.md": "a".repeat(13_000), "/ws/bootstrap.md": "Finish setup." };
    const r = await pa.assemble(new MapWorkspaceReader(files), { ...base, cwd: "/ws", policy: "openclaw", truncationWarning: "always" });
    expect(r.bootstrapPending!.file).toBe("bootstrap.md");
    expect(r.userPromptPrefix).toBe(`${BOOTSTRAP_PENDING_PREFIX}\n\n${r.truncationWarning!.text}`);
  });
});

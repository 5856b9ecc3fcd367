// MapWorkspaceReader over Blobs (what the browser page hands it: picked files, read only when discovery asks),
// decodeFileBytes (the decoding NodeWorkspaceReader and MapWorkspaceReader share), and sectionSpans (where each
// section sits in an assembled prompt, which the page uses to label them).
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { NodeWorkspaceReader } from "../src/adapters/node/reader.js";
import { CACHE_BOUNDARY, decodeFileBytes, MapWorkspaceReader, PromptasmError, sectionSpans, type BlobLike } from "../src/index.js";
import { loadForTest } from "./helpers/load.js";

const bytes = (...b: number[]) => Uint8Array.from(b);
const utf8 = (s: string) => new TextEncoder().encode(s);

/** A Blob that counts how often it is read. */
function counted(data: Uint8Array): BlobLike & { reads: number } {
  const blob = new Blob([data as Uint8Array<ArrayBuffer>]);
  const c = { size: blob.size, reads: 0, arrayBuffer: () => { c.reads++; return blob.arrayBuffer(); } };
  return c;
}

describe("decodeFileBytes", () => {
  it("UTF-8 text comes back as text, a leading BOM kept as U+FEFF, with the byte length", () => {
    expect(decodeFileBytes(utf8("\uFEFFhé🦊"))).toEqual({ kind: "text", text: "\uFEFFhé🦊", bytes: 10 });
  });

  it("a NUL byte in the first 8 KiB is binary; after 8 KiB it is text with U+0000; binaryAsText reads it as text", () => {
    const early = new Uint8Array(100).fill(0x61); early[50] = 0;
    expect(decodeFileBytes(early)).toEqual({ kind: "binary", bytes: 100 });
    expect(decodeFileBytes(early, { binaryAsText: true })).toMatchObject({ kind: "text", text: `${"a".repeat(50)}\u0000${"a".repeat(49)}` });
    const late = new Uint8Array(8 * 1024 + 10).fill(0x61); late[8 * 1024 + 1] = 0;
    const r = decodeFileBytes(late);
    expect(r.kind).toBe("text");
    expect(r.kind === "text" && r.text.charCodeAt(8 * 1024 + 1)).toBe(0);
  });

  it("invalid UTF-8 becomes U+FFFD and names the byte offset of the first bad sequence", () => {
    expect(decodeFileBytes(bytes(0x61, 0x62, 0xff, 0x63, 0xc3))).toEqual({ kind: "text", text: "ab\uFFFDc\uFFFD", bytes: 5, invalidUtf8At: 2 });
  });
});

describe("MapWorkspaceReader with Blob values", () => {
  it("reads a Blob only when asked, decodes it like NodeWorkspaceReader decodes the same bytes on disk", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptasm-map-reader-"));
    try {
      const samples = [utf8("# Notes\r\nline\n"), bytes(0x61, 0xe2, 0x28, 0xa1, 0x62), Uint8Array.from([0x61, 0, 0x62])];
      const blobs = samples.map(counted);
      const reader = new MapWorkspaceReader(Object.fromEntries(blobs.map((b, i) => [`/w/f${i}.md`, b])));
      expect(blobs.map((b) => b.reads)).toEqual([0, 0, 0]);
      for (const [i, data] of samples.entries()) {
        await writeFile(join(dir, `f${i}.md`), data);
        expect(await reader.read(`/w/f${i}.md`)).toEqual(await new NodeWorkspaceReader().read(join(dir, `f${i}.md`)));
      }
      expect(blobs.map((b) => b.reads)).toEqual([1, 1, 1]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("a Blob over maxBytes is too-large without being read; text values are served whatever their size", async () => {
    const big = counted(new Uint8Array(2_000).fill(0x61));
    const reader = new MapWorkspaceReader({ "/w/AGENTS.md": big, "/w/CLAUDE.md": "x".repeat(5_000) }, { maxBytes: 1_000 });
    expect(await reader.read("/w/AGENTS.md")).toEqual({ kind: "too-large", bytes: 2_000, limit: 1_000 });
    expect(big.reads).toBe(0);
    expect(await reader.read("/w/CLAUDE.md")).toMatchObject({ kind: "text", bytes: 5_000 });
  });

  it("a Blob that fails to read is an error naming the path; directories and kinds are implied by the paths", async () => {
    const broken: BlobLike = { size: 3, arrayBuffer: () => Promise.reject(new Error("the file changed on disk")) };
    const reader = new MapWorkspaceReader({ "/w/a/AGENTS.md": broken, "/w/b.md": "b" });
    expect(await reader.read("/w/a/AGENTS.md")).toEqual({ kind: "error", message: "/w/a/AGENTS.md: could not be read (the file changed on disk)" });
    expect(await reader.kind("/w/a")).toBe("dir");
    expect(await reader.kind("/w/a/AGENTS.md")).toBe("file");
    expect((await reader.list("/w"))?.sort((x, y) => (x.name < y.name ? -1 : 1))).toEqual([{ name: "a", kind: "dir" }, { name: "b.md", kind: "file" }]);
  });

  it("rejects a maxBytes that is not a non-negative integer with E_ARG", () => {
    for (const maxBytes of [-1, 1.5, Number.NaN]) {
      expect(() => new MapWorkspaceReader({}, { maxBytes })).toThrow(PromptasmError);
    }
  });

  it("assembles from Blobs as from the same text: identical prompts, a binary context file skipped with a note", async () => {
    const pa = await loadForTest();
    const opts = { cwd: "/w", root: "/w", now: new Date("2026-01-02T03:04:05Z"), timeZone: "UTC" };
    const text = await pa.assemble(new MapWorkspaceReader({ "/w/AGENTS.md": "# Rules\n\nRun the tests." }), opts);
    const blob = await pa.assemble(new MapWorkspaceReader({ "/w/AGENTS.md": new Blob([utf8("# Rules\n\nRun the tests.")]) }), opts);
    expect(blob.prompt).toBe(text.prompt);
    const binary = await pa.assemble(new MapWorkspaceReader({ "/w/AGENTS.md": new Blob([bytes(0x23, 0, 0x41)]) }), opts);
    expect(binary.contextKind).toBe("none");
    expect(binary.notes.map((n) => n.message)).toEqual(["/w/AGENTS.md: skipped, binary (NUL byte in the first 8 KiB)"]);
  });
});

describe("sectionSpans", () => {
  let pa: Awaited<ReturnType<typeof loadForTest>>;
  beforeAll(async () => { pa = await loadForTest(); });

  it("gives each section's place in the prompt: the slices joined by blank lines and the boundary line rebuild the prompt", async () => {
    const r = await pa.assemble(new MapWorkspaceReader({ "/w/AGENTS.md": "# Rules\n\nRun the tests.", "/h/MEMORY.md": "Remember the milk." }), {
      cwd: "/w", root: "/w", home: "/h", platform: "cli", model: "gpt-5", now: new Date("2026-01-02T03:04:05Z"), timeZone: "UTC",
    });
    const spans = sectionSpans(r)!;
    expect(spans.map((s) => s.id)).toEqual(r.sections.map((s) => s.id));
    expect(spans.map((s) => s.end - s.start)).toEqual(r.sections.map((s) => s.chars));
    const above = spans.filter((s) => s.tier !== "volatile").map((s) => r.prompt.slice(s.start, s.end));
    const below = spans.filter((s) => s.tier === "volatile").map((s) => r.prompt.slice(s.start, s.end));
    expect(`${above.join("\n\n")}\n\n${CACHE_BOUNDARY}\n\n${below.join("\n\n")}`).toBe(r.prompt);
    expect(r.prompt.slice(spans.find((s) => s.id === "memory")!.start)).toMatch(/^# Memory/);
  });

  it("is null for a prompt edited after assembly, or a boundary offset that does not hold the marker", async () => {
    const r = await pa.assemble(new MapWorkspaceReader({ "/w/AGENTS.md": "Run the tests." }), { cwd: "/w", root: "/w", now: new Date(0), timeZone: "UTC" });
    expect(sectionSpans({ ...r, prompt: `${r.prompt}!` })).toBeNull();
    expect(sectionSpans({ ...r, boundary: r.boundary! + 1 })).toBeNull();
  });
});

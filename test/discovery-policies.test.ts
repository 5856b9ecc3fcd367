import { describe, it, expect, beforeAll, afterAll } from "vitest";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { NodeWorkspaceReader } from "../src/adapters/node/reader.js";
import { MapWorkspaceReader } from "../src/adapters/map-reader.js";
import { CODEX_MAX_BYTES, discoverCodex, utf8Length, utf8Prefix } from "../src/discovery/codex.js";
import { CLAUDE_MAX_IMPORT_DEPTH, discoverClaude, findImports } from "../src/discovery/claude.js";
import {
  discoverCursor, expandBraces, globMatch, parseCursorFrontmatter, splitFrontmatter, GLOB_MAX_ALTERNATIVES,
} from "../src/discovery/cursor.js";
import { discoverGemini } from "../src/discovery/gemini.js";
import { discoverOpenClaw } from "../src/discovery/openclaw.js";
import { discover, DISCOVERY_POLICIES, type DiscoveryPolicy } from "../src/discovery/policies.js";
import type { Discovery } from "../src/discovery/hermes.js";
import type { DirEntry, WorkspaceReader } from "../src/discovery/reader.js";
import { PromptasmError } from "../src/errors.js";
import { writeTree } from "./helpers/tree.js";

let tmp: string;
let counter = 0;
const reader = new NodeWorkspaceReader();

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "promptasm-policies-")));
});
afterAll(() => {
  fs.rmSync(tmp, { recursive: true, force: true });
});

/** Builds a fresh directory from a map of relative path → contents; a key ending in "/" is an empty directory. */
function tree(files: Record<string, string | Uint8Array>): string {
  return writeTree(path.join(tmp, `t${counter++}`), files);
}

const labels = (d: Discovery) => d.files.map((f) => f.label);
const texts = (d: Discovery) => d.files.map((f) => f.text);
const messages = (d: Discovery) => d.notes.map((n) => n.message);

async function expectCode(p: Promise<unknown>, code: string): Promise<PromptasmError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PromptasmError);
  expect((err as PromptasmError).code).toBe(code);
  return err as PromptasmError;
}

/** Wraps a reader so that list() returns entries in an order of our choosing. */
class Reordering implements WorkspaceReader {
  constructor(
    private inner: WorkspaceReader,
    private order: (entries: DirEntry[]) => DirEntry[],
  ) {}
  read(p: string) {
    return this.inner.read(p);
  }
  kind(p: string) {
    return this.inner.kind(p);
  }
  async list(dir: string) {
    const entries = await this.inner.list(dir);
    return entries && this.order(entries);
  }
}

const byName = (e: DirEntry[]) => [...e].sort((a, b) => (a.name < b.name ? -1 : 1));
const reversed = (e: DirEntry[]) => byName(e).reverse();
function shuffler(seed: number) {
  return (e: DirEntry[]) => {
    const out = [...e];
    for (let i = out.length - 1; i > 0; i--) {
      seed = (seed * 1103515245 + 12345) >>> 0;
      const j = seed % (i + 1);
      [out[i], out[j]] = [out[j], out[i]];
    }
    return out;
  };
}
const orders = [byName, reversed, shuffler(1), shuffler(2), shuffler(3), shuffler(4)];

// ---------------------------------------------------------------------------------------------------------------
describe("codex: the AGENTS chain", () => {
  it("takes one file per directory from the git root down to cwd, root first", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.md": "root",
      "services/AGENTS.md": "services",
      "services/api/AGENTS.md": "api",
      "services/api/src/": "",
      "services/other/AGENTS.md": "off the path",
    });
    const r = await discoverCodex(reader, `${d}/services/api/src`);
    expect(r).toEqual({
      kind: "codex",
      root: d,
      files: [
        { path: `${d}/AGENTS.md`, label: "AGENTS.md", text: "root", bytes: 4 },
        { path: `${d}/services/AGENTS.md`, label: "services/AGENTS.md", text: "services", bytes: 8 },
        { path: `${d}/services/api/AGENTS.md`, label: "services/api/AGENTS.md", text: "api", bytes: 3 },
      ],
      notes: [],
    });
  });

  it("AGENTS.override.md beats AGENTS.md; an empty override falls through", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.override.md": "override",
      "AGENTS.md": "plain",
      "a/AGENTS.override.md": " \n\t",
      "a/AGENTS.md": "a plain",
    });
    const r = await discoverCodex(reader, `${d}/a`);
    expect(labels(r)).toEqual(["AGENTS.override.md", "a/AGENTS.md"]);
    expect(texts(r)).toEqual(["override", "a plain"]);
  });

  it("fallback names are tried in order after AGENTS.md, first non-empty wins, one per directory", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.md": "claude at root",
      "README.md": "readme at root",
      "a/CLAUDE.md": "",
      "a/README.md": "readme in a",
      "a/b/AGENTS.md": "agents in b",
      "a/b/CLAUDE.md": "claude in b",
    });
    const r = await discoverCodex(reader, `${d}/a/b`, { fallbackNames: ["CLAUDE.md", "README.md"] });
    expect(labels(r)).toEqual(["CLAUDE.md", "a/README.md", "a/b/AGENTS.md"]);
    expect(texts(r)).toEqual(["claude at root", "readme in a", "agents in b"]);
    // Without fallbacks only AGENTS files count.
    expect(labels(await discoverCodex(reader, `${d}/a/b`))).toEqual(["a/b/AGENTS.md"]);
  });

  it("identical contents are both kept (Codex does not merge them)", async () => {
    const d = tree({ ".git/": "", "AGENTS.md": "same", "a/AGENTS.md": "same" });
    expect(texts(await discoverCodex(reader, `${d}/a`))).toEqual(["same", "same"]);
  });

  it("root markers: custom, none (cwd only), and options.root", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.md": "git root",
      "mono/package.json": "{}",
      "mono/AGENTS.md": "mono",
      "mono/pkg/AGENTS.md": "pkg",
    });
    const cwd = `${d}/mono/pkg`;
    expect(labels(await discoverCodex(reader, cwd))).toEqual(["AGENTS.md", "mono/AGENTS.md", "mono/pkg/AGENTS.md"]);
    const custom = await discoverCodex(reader, cwd, { rootMarkers: ["package.json"] });
    expect(custom.root).toBe(`${d}/mono`);
    expect(labels(custom)).toEqual(["AGENTS.md", "pkg/AGENTS.md"]);
    const none = await discoverCodex(reader, cwd, { rootMarkers: [] });
    expect(none.root).toBe(cwd);
    expect(texts(none)).toEqual(["pkg"]);
    const given = await discoverCodex(reader, cwd, { root: `${d}/mono`, rootMarkers: [] });
    expect(texts(given)).toEqual(["mono", "pkg"]);
  });

  it("without a root only cwd is searched", async () => {
    const d = tree({ "AGENTS.md": "parent", "sub/AGENTS.md": "child" });
    const r = await discoverCodex(reader, `${d}/sub`);
    expect(r.root).toBe(`${d}/sub`);
    expect(texts(r)).toEqual(["child"]);
  });

  it("none when nothing loads", async () => {
    const d = tree({ ".git/": "", "README.md": "x" });
    expect(await discoverCodex(reader, d)).toEqual({ kind: "none", root: d, files: [], notes: [] });
  });

  it("errors: missing cwd, bad maxBytes, fallback names that climb or are absolute", async () => {
    const d = tree({ "f.md": "x" });
    const err = await expectCode(discoverCodex(reader, `${d}/nope`), "E_NOT_FOUND");
    expect(err.message).toContain(`${d}/nope`);
    await expectCode(discoverCodex(reader, `${d}/f.md`), "E_NOT_FOUND");
    await expectCode(discoverCodex(reader, "relative"), "E_ARG");
    await expectCode(discoverCodex(reader, d, { maxBytes: -1 }), "E_ARG");
    await expectCode(discoverCodex(reader, d, { maxBytes: 1.5 }), "E_ARG");
    await expectCode(discoverCodex(reader, d, { fallbackNames: ["../x.md"] }), "E_ARG");
    await expectCode(discoverCodex(reader, d, { fallbackNames: ["/etc/passwd"] }), "E_ARG");
    await expectCode(discoverCodex(reader, d, { fallbackNames: [""] }), "E_ARG");
    await expectCode(discoverCodex(reader, d, { root: `${d}/other` }), "E_ARG");
  });

  it("binary and invalid UTF-8 files are noted", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.override.md": Uint8Array.from([0x68, 0x00]),
      "AGENTS.md": Uint8Array.from([0x6f, 0x6b, 0xc3, 0x28]),
    });
    const r = await discoverCodex(reader, d);
    expect(texts(r)).toEqual(["ok\uFFFD("]);
    expect(messages(r)).toEqual([
      `${d}/AGENTS.override.md: skipped, binary (NUL byte in the first 8 KiB)`,
      `${d}/AGENTS.md: invalid UTF-8 at byte 2 replaced with U+FFFD`,
    ]);
  });
});

describe("codex: the combined byte budget", () => {
  const chain = (a: string, b: string, c?: string) =>
    tree({ ".git/": "", "AGENTS.md": a, "x/AGENTS.md": b, ...(c === undefined ? { "x/y/": "" } : { "x/y/AGENTS.md": c }) });

  it("defaults to 32 KiB = 32,768 bytes", () => {
    expect(CODEX_MAX_BYTES).toBe(32_768);
  });

  it("exactly at the limit: every file whole, no notes", async () => {
    const d = chain("aaaa", "bbbb");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 8 });
    expect(texts(r)).toEqual(["aaaa", "bbbb"]);
    expect(r.notes).toEqual([]);
  });

  it("at the limit with a file after: that file is dropped with a note", async () => {
    const d = chain("aaaa", "bbbb", "cc");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 8 });
    expect(texts(r)).toEqual(["aaaa", "bbbb"]);
    expect(r.notes).toEqual([
      {
        path: `${d}/x/y/AGENTS.md`,
        message: `${d}/x/y/AGENTS.md: dropped, 0 bytes of the 8-byte combined limit were left`,
      },
    ]);
  });

  it("limit + 1: the crossing file is cut by one byte, later files dropped, each noted", async () => {
    const d = chain("aaaa", "bbbbb", "cc");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 8 });
    expect(texts(r)).toEqual(["aaaa", "bbbb"]);
    expect(r.files[1].bytes).toBe(5); // the size on disk
    expect(messages(r)).toEqual([
      `${d}/x/AGENTS.md: cut to 4 of 5 bytes at the 8-byte combined limit`,
      `${d}/x/y/AGENTS.md: dropped, the 8-byte combined limit is used up`,
    ]);
  });

  it("a multi-byte character at the cut is not split", async () => {
    // "x€y" is 1 + 3 + 1 bytes; 2 bytes are left after "ab", so "€" does not fit and the cut is after "x".
    const d = chain("ab", "x€y");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 4 });
    expect(texts(r)).toEqual(["ab", "x"]);
    expect(messages(r)).toEqual([`${d}/x/AGENTS.md: cut to 1 of 5 bytes at the 4-byte combined limit`]);
    // One byte more and "€" fits whole.
    expect(texts(await discoverCodex(reader, `${d}/x/y`, { maxBytes: 5 }))).toEqual(["ab", "x"]);
    expect(texts(await discoverCodex(reader, `${d}/x/y`, { maxBytes: 6 }))).toEqual(["ab", "x€"]);
  });

  it("a surrogate pair (4-byte character) at the cut is not split", async () => {
    const d = chain("a😀b", "z");
    const cut = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 4 });
    expect(texts(cut)).toEqual(["a"]);
    expect(cut.files[0].text.length).toBe(1);
    expect(messages(cut)).toEqual([
      `${d}/AGENTS.md: cut to 1 of 6 bytes at the 4-byte combined limit`,
      `${d}/x/AGENTS.md: dropped, the 4-byte combined limit is used up`,
    ]);
    expect(texts(await discoverCodex(reader, `${d}/x/y`, { maxBytes: 5 }))).toEqual(["a😀"]);
  });

  it("a cut that keeps nothing but whitespace drops the file", async () => {
    const d = chain("€€", "b");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 2 });
    expect(r.kind).toBe("none");
    expect(messages(r)).toEqual([
      `${d}/AGENTS.md: dropped, 2 bytes of the 2-byte combined limit were left`,
      `${d}/x/AGENTS.md: dropped, the 2-byte combined limit is used up`,
    ]);
  });

  it("maxBytes 0 loads nothing and says so", async () => {
    const d = chain("a", "b");
    const r = await discoverCodex(reader, `${d}/x/y`, { maxBytes: 0 });
    expect(r.files).toEqual([]);
    expect(r.notes.map((n) => n.path)).toEqual([`${d}/AGENTS.md`, `${d}/x/AGENTS.md`]);
  });

  it("the default budget: 32,768 bytes fit, 32,769 are cut to 32,768", async () => {
    const exact = chain("a".repeat(32_760), "b".repeat(8), "c");
    const r = await discoverCodex(reader, `${exact}/x/y`);
    expect(r.files.map((f) => f.text.length)).toEqual([32_760, 8]);
    expect(messages(r)).toEqual([`${exact}/x/y/AGENTS.md: dropped, 0 bytes of the 32768-byte combined limit were left`]);

    const over = chain("é".repeat(16_384) + "z", "b"); // 32,769 bytes in one file
    const s = await discoverCodex(reader, `${over}/x/y`);
    expect(s.files[0].text).toBe("é".repeat(16_384));
    expect(messages(s)).toEqual([
      `${over}/AGENTS.md: cut to 32768 of 32769 bytes at the 32768-byte combined limit`,
      `${over}/x/AGENTS.md: dropped, the 32768-byte combined limit is used up`,
    ]);
  });

  it("utf8Prefix and utf8Length agree with TextEncoder and never split a character", () => {
    const enc = new TextEncoder();
    const samples = ["", "abc", "é", "€uro", "a😀b", "\uD800x", "x\uDC00", "日本語のテキスト", "mixed é€😀 text"];
    for (const s of samples) {
      expect(utf8Length(s)).toBe(enc.encode(s).length);
      for (let budget = 0; budget <= utf8Length(s) + 1; budget++) {
        const { end, bytes } = utf8Prefix(s, budget);
        const kept = s.slice(0, end);
        expect(bytes).toBe(enc.encode(kept).length);
        expect(bytes).toBeLessThanOrEqual(budget);
        // Never ends between the halves of a pair.
        const last = kept.charCodeAt(kept.length - 1);
        if (last >= 0xd800 && last <= 0xdbff) expect(s.charCodeAt(end)).not.toSatisfy((c: number) => c >= 0xdc00 && c <= 0xdfff);
        // Maximal: the next character would not fit.
        if (end < s.length) expect(utf8Prefix(s, Infinity).bytes).toBeGreaterThan(budget);
      }
    }
    expect(utf8Prefix("a€", 3)).toEqual({ end: 1, bytes: 1 });
    expect(utf8Prefix("a€", 4)).toEqual({ end: 2, bytes: 4 });
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe("claude: memory files and rules", () => {
  it("orders CLAUDE.md, .claude/CLAUDE.md, CLAUDE.local.md, then rules, per directory from the root down", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.local.md": "root local",
      ".claude/CLAUDE.md": "root dot-claude",
      "CLAUDE.md": "root",
      ".claude/rules/zeta.md": "root rule z",
      ".claude/rules/Alpha.md": "root rule A",
      ".claude/rules/_mid.md": "root rule _",
      ".claude/rules/notes.txt": "not markdown",
      ".claude/rules/sub/deep.md": "not entered",
      "app/CLAUDE.md": "app",
      "app/CLAUDE.local.md": "app local",
      "app/.claude/rules/a.md": "app rule",
      "app/src/": "",
      "other/CLAUDE.md": "off the path",
    });
    const r = await discoverClaude(reader, `${d}/app/src`);
    expect(r.kind).toBe("claude");
    expect(r.root).toBe(d);
    expect(labels(r)).toEqual([
      "CLAUDE.md",
      ".claude/CLAUDE.md",
      "CLAUDE.local.md",
      ".claude/rules/Alpha.md",
      ".claude/rules/_mid.md",
      ".claude/rules/zeta.md",
      "app/CLAUDE.md",
      "app/CLAUDE.local.md",
      "app/.claude/rules/a.md",
    ]);
    expect(r.notes).toEqual([]);
  });

  it("without a root only cwd is searched; options.root widens it", async () => {
    const d = tree({ "CLAUDE.md": "parent", "sub/CLAUDE.md": "child" });
    expect(texts(await discoverClaude(reader, `${d}/sub`))).toEqual(["child"]);
    expect(texts(await discoverClaude(reader, `${d}/sub`, { root: d }))).toEqual(["parent", "child"]);
  });

  it("empty files do not count; nothing at all is none", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": "  \n", "README.md": "x" });
    expect(await discoverClaude(reader, d)).toEqual({ kind: "none", root: d, files: [], notes: [] });
  });

  it("a missing cwd is E_NOT_FOUND", async () => {
    const d = tree({});
    await expectCode(discoverClaude(reader, `${d}/gone`), "E_NOT_FOUND");
  });
});

describe("claude: @path imports", () => {
  it("each import loads as its own file right after its importer, depth first; importer text unchanged", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.md": "Root.\nSee @docs/style.md and @./docs/b.md#section\n",
      "docs/style.md": "Style; also @sub/deep.md",
      "docs/sub/deep.md": "deep",
      "docs/b.md": "b",
      "my docs/spaced.md": "spaced",
      "app/CLAUDE.md": "App @../my\\ docs/spaced.md",
    });
    const r = await discoverClaude(reader, `${d}/app`);
    expect(labels(r)).toEqual([
      "CLAUDE.md",
      "docs/style.md",
      "docs/sub/deep.md",
      "docs/b.md",
      "app/CLAUDE.md",
      "my docs/spaced.md",
    ]);
    expect(r.files[0].text).toBe("Root.\nSee @docs/style.md and @./docs/b.md#section\n");
    expect(r.notes).toEqual([]);
  });

  it("follows imports to depth 5 and not 6", async () => {
    const files: Record<string, string> = { ".git/": "", "CLAUDE.md": "level 0 @i1.md" };
    for (let i = 1; i <= 7; i++) files[`i${i}.md`] = `level ${i} @i${i + 1}.md`;
    const d = tree(files);
    const r = await discoverClaude(reader, d);
    expect(CLAUDE_MAX_IMPORT_DEPTH).toBe(5);
    expect(labels(r)).toEqual(["CLAUDE.md", "i1.md", "i2.md", "i3.md", "i4.md", "i5.md"]);
    expect(r.notes).toEqual([
      { path: `${d}/i5.md`, message: `${d}/i5.md: import @i6.md not followed: deeper than 5 levels of imports` },
    ]);
  });

  it("a cycle is cut where it closes, with a note; a self-import too", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.md": "@a.md",
      "a.md": "a imports @b.md",
      "b.md": "b imports @a.md and @CLAUDE.md",
      "self.md": "me: @self.md",
      ".claude/rules/r.md": "@../../self.md",
    });
    const r = await discoverClaude(reader, d);
    expect(labels(r)).toEqual(["CLAUDE.md", "a.md", "b.md", ".claude/rules/r.md", "self.md"]);
    expect(messages(r)).toEqual([
      `${d}/b.md: import @a.md not followed: import cycle a.md -> b.md -> a.md`,
      `${d}/b.md: import @CLAUDE.md not followed: import cycle CLAUDE.md -> a.md -> b.md -> CLAUDE.md`,
      `${d}/self.md: import @self.md not followed: import cycle self.md -> self.md`,
    ]);
  });

  it("a file imported twice loads once, with a note; a chain file already imported is not loaded again", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.md": "@shared.md @sub/CLAUDE.md",
      "CLAUDE.local.md": "@shared.md",
      "shared.md": "shared",
      "sub/CLAUDE.md": "sub",
    });
    const r = await discoverClaude(reader, `${d}/sub`);
    expect(labels(r)).toEqual(["CLAUDE.md", "shared.md", "sub/CLAUDE.md", "CLAUDE.local.md"]);
    expect(messages(r)).toEqual([
      `${d}/CLAUDE.local.md: import @shared.md not followed: shared.md is already loaded`,
      `${d}/sub/CLAUDE.md: not loaded again: already loaded through an import`,
    ]);
  });

  it("never leaves the workspace root: ../../etc/passwd, an absolute path, ~/, a sibling outside", async () => {
    const outer = tree({ "secret.md": "outside the root", "proj/.git/": "", "proj/inside.md": "inside" });
    const d = `${outer}/proj`;
    fs.writeFileSync(
      `${d}/CLAUDE.md`,
      [
        "@../../etc/passwd",
        "@/etc/passwd",
        "@~/.ssh/id_rsa",
        "@../secret.md",
        `@${outer}/secret.md`,
        `@${d}/inside.md`,
      ].join("\n"),
    );
    const r = await discoverClaude(reader, d);
    expect(labels(r)).toEqual(["CLAUDE.md", "inside.md"]);
    expect(r.files[0].text).toContain("@../../etc/passwd"); // stays literal
    const etc = normalize(`${d}/../../etc/passwd`);
    expect(messages(r)).toEqual([
      `${d}/CLAUDE.md: import @../../etc/passwd not followed: ${etc} is outside the workspace root ${d}`,
      `${d}/CLAUDE.md: import @/etc/passwd not followed: /etc/passwd is outside the workspace root ${d}`,
      `${d}/CLAUDE.md: import @~/.ssh/id_rsa not followed: the home directory is outside the workspace root ${d}`,
      `${d}/CLAUDE.md: import @../secret.md not followed: ${outer}/secret.md is outside the workspace root ${d}`,
      `${d}/CLAUDE.md: import @${outer}/secret.md not followed: ${outer}/secret.md is outside the workspace root ${d}`,
    ]);
  });

  it("imports inside fenced code blocks and code spans are not followed", async () => {
    const d = tree({
      ".git/": "",
      "CLAUDE.md": [
        "```sh",
        "@fenced.md",
        "```",
        "~~~~",
        "@tilde.md",
        "~~~",
        "still in the tilde block @tilde.md",
        "~~~~",
        "Inline `@span.md` and `see @span.md` and ``double `x` @span.md`` then @after.md",
        "`npm i @types/node` stays code",
        "email me@example.com, not @@twice.md, not @#hash",
      ].join("\n"),
      "fenced.md": "x",
      "tilde.md": "x",
      "span.md": "x",
      "after.md": "after",
    });
    const r = await discoverClaude(reader, d);
    expect(labels(r)).toEqual(["CLAUDE.md", "after.md"]);
    expect(r.notes).toEqual([]);
  });

  it("a missing target and a directory target are noted", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": "@nope.md @docs", "docs/": "" });
    const r = await discoverClaude(reader, d);
    expect(labels(r)).toEqual(["CLAUDE.md"]);
    expect(messages(r)).toEqual([
      `${d}/CLAUDE.md: import @nope.md not followed: ${d}/nope.md does not exist`,
      `${d}/CLAUDE.md: import @docs not followed: ${d}/docs is a directory`,
    ]);
  });

  it("a binary import target is skipped with the usual note", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": "@bin.md", "bin.md": Uint8Array.from([0x61, 0x00]) });
    const r = await discoverClaude(reader, d);
    expect(labels(r)).toEqual(["CLAUDE.md"]);
    expect(messages(r)).toEqual([`${d}/bin.md: skipped, binary (NUL byte in the first 8 KiB)`]);
  });

  it("findImports: the tokens Claude Code treats as imports", () => {
    expect(findImports("@a.md\n  @b/c.md x\t@./d.md @../e.md @~/f.md @/abs/g.md")).toEqual([
      "a.md", "b/c.md", "./d.md", "../e.md", "~/f.md", "/abs/g.md",
    ]);
    expect(findImports("x@y.md a@b @ alone @@x @#x @/ @*x")).toEqual([]);
    expect(findImports("@a\\ b.md @c.md#frag @-dash_.md")).toEqual(["a b.md", "c.md", "-dash_.md"]);
    expect(findImports("`@a.md` @b.md `unclosed @c.md")).toEqual(["b.md", "c.md"]);
    expect(findImports("` @a.md` x ``y ` @b.md`` @c.md `` @d.md")).toEqual(["c.md", "d.md"]);
    expect(findImports("```js ` not a fence\n@a.md")).toEqual(["a.md"]);
    expect(findImports("   ```\n@a.md\n   ```\n    ```\n@b.md")).toEqual(["b.md"]);
    expect(findImports("```\n@open.md")).toEqual([]); // an unclosed fence runs to the end
    expect(findImports("a\r\n@crlf.md\r\n")).toEqual(["crlf.md"]);
    // Linear on hostile input: many unmatched backtick runs of growing length.
    const hostile = Array.from({ length: 3000 }, (_, i) => "`".repeat((i % 50) + 1) + "x").join(" ") + " @ok.md";
    expect(findImports(hostile)).toEqual(["ok.md"]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe("cursor: rule types", () => {
  const rules = {
    ".cursorrules": "legacy rules",
    ".cursor/rules/always.mdc": "---\ndescription: Core\nalwaysApply: true\n---\nalways body\n",
    ".cursor/rules/react.mdc": "---\nglobs: src/**/*.tsx, *.jsx\nalwaysApply: false\n---\nreact body",
    ".cursor/rules/tests.mdc": '---\nglobs:\n  - "**/*.test.ts"\n  - test/**\n---\ntests body',
    ".cursor/rules/styles.mdc": "---\ndescription: CSS rules\nglobs: [\"**/*.{css,scss}\"]\n---\nstyles body",
    ".cursor/rules/migrations.mdc": "---\ndescription: How to write a DB migration\n---\nmigrations body",
    ".cursor/rules/manual.mdc": "---\nalwaysApply: false\n---\nmanual body",
    ".cursor/rules/nofm.mdc": "no frontmatter at all",
    ".cursor/rules/readme.md": "not a rule",
  };

  it(".cursorrules first, alwaysApply rules with frontmatter stripped, globs by targetPath", async () => {
    const d = tree(rules);
    const r = await discoverCursor(reader, d, { targetPath: "src/ui/Button.tsx" });
    expect(r.kind).toBe("cursor");
    expect(r.root).toBe(d);
    expect(labels(r)).toEqual([".cursorrules", ".cursor/rules/always.mdc", ".cursor/rules/react.mdc"]);
    expect(texts(r)).toEqual(["legacy rules", "always body\n", "react body"]);
    expect(r.files[1].bytes).toBe(rules[".cursor/rules/always.mdc"].length);
    expect(r.requestable).toEqual([
      { name: "migrations", description: "How to write a DB migration", path: `${d}/.cursor/rules/migrations.mdc` },
      { name: "styles", description: "CSS rules", path: `${d}/.cursor/rules/styles.mdc` },
    ]);
    expect(messages(r)).toEqual([
      `${d}/.cursor/rules/manual.mdc: not loaded, a manual rule (no alwaysApply, globs or description): it loads when @-mentioned`,
      `${d}/.cursor/rules/nofm.mdc: not loaded, a manual rule (no alwaysApply, globs or description): it loads when @-mentioned`,
      `${d}/.cursor/rules/tests.mdc: not loaded, globs **/*.test.ts, test/**: "src/ui/Button.tsx" does not match`,
    ]);
  });

  it("a glob match on a list and on a brace; a described glob rule that matches loads instead of being requestable", async () => {
    const d = tree(rules);
    const t = await discoverCursor(reader, d, { targetPath: "lib/x.test.ts" });
    expect(labels(t)).toEqual([".cursorrules", ".cursor/rules/always.mdc", ".cursor/rules/tests.mdc"]);
    const s = await discoverCursor(reader, d, { targetPath: `${d}/web/site.scss` }); // absolute inside cwd
    expect(labels(s)).toEqual([".cursorrules", ".cursor/rules/always.mdc", ".cursor/rules/styles.mdc"]);
    expect(s.requestable.map((q) => q.name)).toEqual(["migrations"]);
    const j = await discoverCursor(reader, d, { targetPath: "./app.jsx" });
    expect(labels(j)).toContain(".cursor/rules/react.mdc");
    // Issue 16: as in Cursor, a glob without a slash (*.jsx) matches at any depth.
    const nested = await discoverCursor(reader, d, { targetPath: "src/app.jsx" });
    expect(labels(nested)).toContain(".cursor/rules/react.mdc");
    const other = await discoverCursor(reader, d, { targetPath: "lib/app.tsx" }); // src/**/*.tsx stays anchored
    expect(labels(other)).not.toContain(".cursor/rules/react.mdc");
  });

  it("without targetPath no glob rule loads, and the notes say why", async () => {
    const d = tree(rules);
    const r = await discoverCursor(reader, d);
    expect(labels(r)).toEqual([".cursorrules", ".cursor/rules/always.mdc"]);
    expect(messages(r)).toContain(`${d}/.cursor/rules/react.mdc: not loaded, globs src/**/*.tsx, *.jsx: no targetPath was given`);
    expect(r.requestable.map((q) => q.name)).toEqual(["migrations", "styles"]);
  });

  it("a quoted \"true\" is not a boolean; a rule with only frontmatter neither loads nor is requestable", async () => {
    const d = tree({
      ".cursor/rules/quoted.mdc": '---\ndescription: Quoted\nalwaysApply: "true"\n---\nbody',
      ".cursor/rules/empty.mdc": "---\nalwaysApply: true\n---\n  \n",
      ".cursor/rules/upper.mdc": "---\nalwaysApply: TRUE\n---\nupper",
    });
    const r = await discoverCursor(reader, d);
    expect(labels(r)).toEqual([".cursor/rules/upper.mdc"]);
    expect(r.requestable).toEqual([{ name: "quoted", description: "Quoted", path: `${d}/.cursor/rules/quoted.mdc` }]);
    expect(messages(r)).toEqual([
      `${d}/.cursor/rules/quoted.mdc: frontmatter: line 2: alwaysApply is the string "true", not true or false; treated as absent`,
    ]);
  });

  it("none when no file loads, requestable rules still listed; rules only in cwd", async () => {
    const d = tree({ ".cursor/rules/ask.mdc": "---\ndescription: ask me\n---\nx", "sub/": "" });
    const r = await discoverCursor(reader, d);
    expect(r.kind).toBe("none");
    expect(r.files).toEqual([]);
    expect(r.requestable.map((q) => q.name)).toEqual(["ask"]);
    expect(await discoverCursor(reader, `${d}/sub`)).toEqual({ kind: "none", root: `${d}/sub`, files: [], notes: [], requestable: [] });
  });

  it("errors: missing cwd, targetPath outside cwd", async () => {
    const d = tree({ "a/": "" });
    await expectCode(discoverCursor(reader, `${d}/nope`), "E_NOT_FOUND");
    await expectCode(discoverCursor(reader, `${d}/a`, { targetPath: "../x.ts" }), "E_ARG");
    await expectCode(discoverCursor(reader, `${d}/a`, { targetPath: "/etc/x.ts" }), "E_ARG");
  });
});

describe("cursor: frontmatter parser", () => {
  it("splits frontmatter from the body", () => {
    expect(splitFrontmatter("---\na: 1\n---\nbody")).toEqual({ frontmatter: "a: 1", body: "body" });
    expect(splitFrontmatter("---\r\na: 1\r\n---\r\nbody")).toEqual({ frontmatter: "a: 1\r", body: "body" });
    expect(splitFrontmatter("---\n---\nbody")).toEqual({ frontmatter: "", body: "body" });
    expect(splitFrontmatter("\uFEFF---\nx: y\n---\nb")).toEqual({ frontmatter: "x: y", body: "\uFEFFb" });
    expect(splitFrontmatter("no fm")).toEqual({ frontmatter: null, body: "no fm" });
  });

  it("reads description, globs (string, flow list, block list) and alwaysApply", () => {
    expect(parseCursorFrontmatter("description: Core rules\nglobs: *.ts, src/**/*.tsx ,\nalwaysApply: false")).toEqual({
      fields: { description: "Core rules", globs: ["*.ts", "src/**/*.tsx"], alwaysApply: false },
      problems: [],
    });
    expect(parseCursorFrontmatter("globs: **/*.{ts,tsx}, docs/**").fields).toEqual({ globs: ["**/*.{ts,tsx}", "docs/**"] });
    expect(parseCursorFrontmatter('globs: ["a/**", \'b/*.{ts,tsx}\', c]').fields).toEqual({
      globs: ["a/**", "b/*.{ts,tsx}", "c"],
    });
    expect(parseCursorFrontmatter("globs:\n  - a/**\n  - 'b, c'\nalwaysApply: true").fields).toEqual({
      globs: ["a/**", "b, c"],
      alwaysApply: true,
    });
    expect(parseCursorFrontmatter('description: "Say \\"hi\\" # not a comment"').fields).toEqual({
      description: 'Say "hi" # not a comment',
    });
    expect(parseCursorFrontmatter("description: Use C# style # a comment").fields).toEqual({ description: "Use C# style" });
    expect(parseCursorFrontmatter("description: first line\n  second line").fields).toEqual({
      description: "first line second line",
    });
  });

  it("treats empty values as absent and reports what it cannot read", () => {
    expect(parseCursorFrontmatter("description:\nglobs:\nalwaysApply:\n# comment\n\nother: x")).toEqual({
      fields: {},
      problems: [],
    });
    expect(parseCursorFrontmatter("alwaysApply: yes\n!!bad line")).toEqual({
      fields: {},
      problems: [
        'line 1: alwaysApply is "yes", not true or false; treated as absent',
        'line 2 is not "key: value": "!!bad line"',
      ],
    });
    expect(parseCursorFrontmatter("alwaysApply:\n  - true").problems).toEqual([
      "line 1: alwaysApply is a list, not true or false; treated as absent",
    ]);
  });
});

describe("cursor: glob matching", () => {
  const yes = (g: string, ...paths: string[]) => paths.forEach((p) => expect([g, p, globMatch(g, p)]).toEqual([g, p, true]));
  const no = (g: string, ...paths: string[]) => paths.forEach((p) => expect([g, p, globMatch(g, p)]).toEqual([g, p, false]));

  it("* stays within a segment; ? is one character", () => {
    yes("*.ts", "a.ts", ".ts", "x.y.ts");
    no("*.ts", "src/a.ts", "a.tsx", "a.ts/b");
    yes("src/*.ts", "src/a.ts");
    no("src/*.ts", "src/x/a.ts");
    yes("a?c.md", "abc.md", "a.c.md");
    no("a?c.md", "ac.md", "a/c.md", "abbc.md");
  });

  it("** spans zero or more segments", () => {
    yes("**/*.ts", "a.ts", "src/a.ts", "src/x/y/a.ts");
    yes("src/**/*.tsx", "src/a.tsx", "src/ui/deep/a.tsx");
    no("src/**/*.tsx", "lib/a.tsx", "src.tsx");
    yes("src/**", "src/a", "src/a/b/c", "src");
    yes("**", "anything/at/all", "x");
    yes("a/**/b/**/c", "a/b/c", "a/x/b/y/z/c");
    no("a/**/b", "a/xb", "ab");
    yes("a**b.md", "axyzb.md"); // ** inside a segment is *
    no("a**b.md", "a/x/b.md");
  });

  it("{a,b} alternatives, nested, and literal braces", () => {
    yes("**/*.{ts,tsx}", "a.ts", "x/a.tsx");
    no("**/*.{ts,tsx}", "a.js");
    yes("{src,lib}/**/{index,main}.{js,mjs}", "lib/x/main.mjs", "src/index.js");
    yes("a{b,c{d,e}}f", "abf", "acdf", "acef");
    no("a{b,c{d,e}}f", "acf");
    yes("{a}.md", "{a}.md");
    yes("x{y.md", "x{y.md");
    expect(expandBraces("src/{a,b{c,d}}.ts")).toEqual(["src/a.ts", "src/bc.ts", "src/bd.ts"]);
    expect(expandBraces("{a,}x")).toEqual(["ax", "x"]);
  });

  it("leading ./ or / and a trailing / are understood; [ ] and \\ are literal", () => {
    yes("./src/*.ts", "src/a.ts");
    yes("/src/*.ts", "src/a.ts");
    yes("docs/", "docs/a/b.md");
    yes("[ab].md", "[ab].md");
    no("[ab].md", "a.md");
  });

  it("is fast on hostile patterns and refuses brace bombs", () => {
    const start = Date.now();
    expect(globMatch("*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*a*c", "a".repeat(200))).toBe(false);
    expect(globMatch("**/".repeat(30) + "x", "a/".repeat(60) + "y")).toBe(false);
    expect(Date.now() - start).toBeLessThan(1000);
    expect(GLOB_MAX_ALTERNATIVES).toBe(1024);
    expect(expandBraces("{a,b}".repeat(10))).toHaveLength(1024);
    expect(() => expandBraces("{a,b}".repeat(11))).toThrow(PromptasmError);
  });

  it("a brace bomb in a rule is noted and matches nothing", async () => {
    const d = tree({ ".cursor/rules/bomb.mdc": `---\nglobs: "${"{a,b}".repeat(11)}"\n---\nbody` });
    const r = await discoverCursor(reader, d, { targetPath: "a" });
    expect(r.files).toEqual([]);
    expect(messages(r)[0]).toBe(
      `${d}/.cursor/rules/bomb.mdc: glob "${"{a,b}".repeat(11)}" ignored: braces expand to more than 1024 alternatives`,
    );
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe("gemini", () => {
  it("GEMINI.md from the root down to cwd, root first", async () => {
    const d = tree({
      ".git/": "",
      "GEMINI.md": "root",
      "a/b/GEMINI.md": "b",
      "a/b/c/": "",
      "a/other/GEMINI.md": "off the path",
      "AGENTS.md": "not gemini",
    });
    const r = await discoverGemini(reader, `${d}/a/b/c`);
    expect(r).toEqual({
      kind: "gemini",
      root: d,
      files: [
        { path: `${d}/GEMINI.md`, label: "GEMINI.md", text: "root", bytes: 4 },
        { path: `${d}/a/b/GEMINI.md`, label: "a/b/GEMINI.md", text: "b", bytes: 1 },
      ],
      notes: [],
    });
  });

  it("without a root only cwd; options.root; none; E_NOT_FOUND", async () => {
    const d = tree({ "GEMINI.md": "top", "x/GEMINI.md": "x", "y/": "" });
    expect(texts(await discoverGemini(reader, `${d}/x`))).toEqual(["x"]);
    expect(texts(await discoverGemini(reader, `${d}/x`, { root: d }))).toEqual(["top", "x"]);
    expect((await discoverGemini(reader, `${d}/y`)).kind).toBe("none");
    await expectCode(discoverGemini(reader, `${d}/nope`), "E_NOT_FOUND");
    await expectCode(discoverGemini(reader, `${d}/x`, { root: `${d}/y` }), "E_ARG");
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe("openclaw", () => {
  it("bootstrap files in OpenClaw's order, case-insensitive, then other Markdown by name; HEARTBEAT is dynamic", async () => {
    const d = tree({
      "memory.md": "memory",
      "Tools.MD": "tools",
      "zeta.md": "zeta",
      "HEARTBEAT.md": "heartbeat",
      "bootstrap.md": "bootstrap",
      "user.md": "user",
      "Identity.md": "identity",
      "soul.md": "soul",
      "AGENTS.md": "agents",
      "Notes.md": "notes",
      "image.png": "not markdown",
      "sub/AGENTS.md": "not this directory",
      "empty.md": "\n",
    });
    const r = await discoverOpenClaw(reader, d);
    expect(r.kind).toBe("openclaw");
    expect(r.root).toBe(d);
    expect(labels(r)).toEqual([
      "AGENTS.md",
      "soul.md",
      "Identity.md",
      "user.md",
      "Tools.MD",
      "bootstrap.md",
      "memory.md",
      "HEARTBEAT.md",
      "Notes.md",
      "zeta.md",
    ]);
    expect(r.files.filter((f) => f.dynamic).map((f) => f.label)).toEqual(["HEARTBEAT.md"]);
    expect(r.files.find((f) => f.label === "HEARTBEAT.md")).toEqual({
      path: `${d}/HEARTBEAT.md`,
      label: "HEARTBEAT.md",
      text: "heartbeat",
      bytes: 9,
      dynamic: true,
    });
    expect(r.files.every((f) => f.label === "HEARTBEAT.md" || f.dynamic === undefined)).toBe(true);
    expect(r.notes).toEqual([]);
  });

  it("two spellings of one bootstrap file: the first non-empty in code-unit order loads, the other is noted", async () => {
    const d = tree({ "MEMORY.md": "upper", "memory.md": "lower", "Soul.md": " ", "SOUL.md": "" , "soul.md": "soul", "heartbeat.md": "hb" });
    const r = await discoverOpenClaw(reader, d);
    expect(labels(r)).toEqual(["soul.md", "MEMORY.md", "heartbeat.md"]);
    expect(r.files[2].dynamic).toBe(true);
    expect(messages(r)).toEqual([`${d}/memory.md: skipped, MEMORY.md already loads as MEMORY.md`]);
  });

  it("none when empty; E_NOT_FOUND for a missing workspace", async () => {
    const d = tree({ "a.txt": "x" });
    expect(await discoverOpenClaw(reader, d)).toEqual({ kind: "none", root: d, files: [], notes: [] });
    await expectCode(discoverOpenClaw(reader, `${d}/gone`), "E_NOT_FOUND");
  });

  it("a broken symlink is noted, a binary file is skipped", async () => {
    const d = tree({ "AGENTS.md": "a", "USER.md": Uint8Array.from([0]) });
    fs.symlinkSync(`${d}/nowhere`, `${d}/SOUL.md`);
    const r = await discoverOpenClaw(reader, d);
    expect(labels(r)).toEqual(["AGENTS.md"]);
    expect(messages(r)).toEqual([
      `${d}/SOUL.md: skipped, not a regular file (or a broken symbolic link)`,
      `${d}/USER.md: skipped, binary (NUL byte in the first 8 KiB)`,
    ]);
  });
});

// ---------------------------------------------------------------------------------------------------------------
describe("every policy: same result whatever order list() returns", () => {
  const everything: Record<string, string> = {
    "/w/.git/HEAD": "ref",
    "/w/AGENTS.md": "agents root",
    "/w/CLAUDE.md": "claude root @docs/z.md @docs/a.md",
    "/w/docs/z.md": "z",
    "/w/docs/a.md": "a",
    "/w/.claude/rules/b.md": "b rule",
    "/w/.claude/rules/A.md": "A rule",
    "/w/.claude/rules/_x.md": "_x rule",
    "/w/GEMINI.md": "gemini root",
    "/w/pkg/AGENTS.md": "agents pkg",
    "/w/pkg/GEMINI.md": "gemini pkg",
    "/w/pkg/CLAUDE.local.md": "claude local pkg",
    "/w/pkg/.claude/rules/r2.md": "r2",
    "/w/pkg/.claude/rules/r1.md": "r1",
    "/w/pkg/.cursorrules": "legacy",
    "/w/pkg/.cursor/rules/zz.mdc": "---\nalwaysApply: true\n---\nzz",
    "/w/pkg/.cursor/rules/aa.mdc": "---\nglobs: **/*.ts\n---\naa",
    "/w/pkg/.cursor/rules/Mm.mdc": "---\ndescription: mm\n---\nmm",
    "/w/pkg/.cursor/rules/Bb.mdc": "---\ndescription: bb\n---\nbb",
    "/w/pkg/.cursor/rules/man.mdc": "manual",
    "/w/pkg/.cursor/rules/_u.mdc": "---\nalwaysApply: true\n---\nu",
    "/w/pkg/SOUL.md": "soul",
    "/w/pkg/agents.md": "lower agents",
    "/w/pkg/HeartBeat.md": "hb",
    "/w/pkg/b.md": "b",
    "/w/pkg/A.md": "A",
    "/w/pkg/_.md": "_",
    "/w/.github/copilot-instructions.md": "copilot wide",
    "/w/.github/instructions/b.instructions.md": '---\napplyTo: "**"\n---\nb ins',
    "/w/.github/instructions/A/a.instructions.md": "---\napplyTo: '**/*.ts'\n---\na ins",
    "/w/.github/instructions/c.instructions.md": "---\napplyTo: docs/**\n---\nc ins",
    "/w/.windsurfrules": "ws legacy",
    "/w/pkg/.windsurf/rules/z.md": "z ws",
    "/w/pkg/.windsurf/rules/a.md": "---\ntrigger: glob\nglobs: *.ts\n---\na ws",
    "/w/pkg/.windsurf/rules/m.md": "---\ntrigger: model_decision\ndescription: mm ws\n---\nm ws",
    "/w/.clinerules/b.md": "b cl",
    "/w/.clinerules/a/c.md": "c cl",
    "/w/.roo/rules/b.md": "b roo",
    "/w/.roo/rules/a.txt": "a roo",
    "/w/pkg/.roo/rules-code/x.md": "x roo",
    "/w/pkg/.roo/rules-ask/y.md": "y roo",
    "/w/.kiro/steering/b.md": "b k",
    "/w/.kiro/steering/a.md": "---\ninclusion: manual\n---\na k",
    "/w/.junie/guidelines.md": "junie",
  };
  const target = { targetPath: "src/x.ts" };
  const options: { [P in DiscoveryPolicy]?: object } = {
    cursor: target, copilot: target, windsurf: target, cline: target, kiro: target, auto: target,
  };
  const expected: Record<DiscoveryPolicy, string[]> = {
    hermes: ["AGENTS.md", "pkg/AGENTS.md"],
    codex: ["AGENTS.md", "pkg/AGENTS.md"],
    claude: [
      "CLAUDE.md", "docs/z.md", "docs/a.md", ".claude/rules/A.md", ".claude/rules/_x.md", ".claude/rules/b.md",
      "pkg/CLAUDE.local.md", "pkg/.claude/rules/r1.md", "pkg/.claude/rules/r2.md",
    ],
    cursor: [".cursorrules", ".cursor/rules/_u.mdc", ".cursor/rules/aa.mdc", ".cursor/rules/zz.mdc"],
    gemini: ["GEMINI.md", "pkg/GEMINI.md"],
    openclaw: ["AGENTS.md", "SOUL.md", "A.md", "CLAUDE.local.md", "GEMINI.md", "HeartBeat.md", "_.md", "b.md"],
    copilot: [".github/copilot-instructions.md", ".github/instructions/A/a.instructions.md", ".github/instructions/b.instructions.md"],
    windsurf: [".windsurfrules", "pkg/.windsurf/rules/a.md", "pkg/.windsurf/rules/z.md"],
    cline: [".clinerules/a/c.md", ".clinerules/b.md"],
    roo: [".roo/rules/a.txt", ".roo/rules/b.md", "pkg/.roo/rules-code/x.md"],
    kiro: [".kiro/steering/b.md"],
    junie: [".junie/guidelines.md"],
    auto: [
      "AGENTS.md", "pkg/AGENTS.md",
      "CLAUDE.md", "docs/z.md", "docs/a.md", ".claude/rules/A.md", ".claude/rules/_x.md", ".claude/rules/b.md",
      "pkg/CLAUDE.local.md", "pkg/.claude/rules/r1.md", "pkg/.claude/rules/r2.md",
      "pkg/.cursorrules", "pkg/.cursor/rules/_u.mdc", "pkg/.cursor/rules/aa.mdc", "pkg/.cursor/rules/zz.mdc",
      "GEMINI.md", "pkg/GEMINI.md",
      ".github/copilot-instructions.md", ".github/instructions/A/a.instructions.md", ".github/instructions/b.instructions.md",
      ".windsurfrules", "pkg/.windsurf/rules/a.md", "pkg/.windsurf/rules/z.md",
      ".clinerules/a/c.md", ".clinerules/b.md",
      ".roo/rules/a.txt", ".roo/rules/b.md", "pkg/.roo/rules-code/x.md",
      ".kiro/steering/b.md",
      ".junie/guidelines.md",
    ],
  };

  for (const policy of DISCOVERY_POLICIES) {
    it(policy, async () => {
      const results = [];
      for (const order of orders) {
        const r = new Reordering(new MapWorkspaceReader(everything), order);
        results.push(await discover(r, "/w/pkg", policy, options[policy] as never));
      }
      expect(labels(results[0])).toEqual(expected[policy]);
      for (const r of results.slice(1)) expect(r).toEqual(results[0]);
    });
  }

  it("the cursor requestable list and openclaw notes are sorted too", async () => {
    const r = await discover(new Reordering(new MapWorkspaceReader(everything), reversed), "/w/pkg", "cursor", { targetPath: "x.ts" });
    expect(r.requestable.map((q) => q.name)).toEqual(["Bb", "Mm"]);
    const o = await discover(new Reordering(new MapWorkspaceReader(everything), shuffler(9)), "/w/pkg", "openclaw");
    expect(messages(o)).toEqual(["/w/pkg/agents.md: skipped, AGENTS.md already loads as AGENTS.md"]);
  });
});

describe("discover()", () => {
  it("dispatches to each policy and reports its kind", async () => {
    const files = {
      "/w/.git/HEAD": "",
      "/w/AGENTS.md": "agents",
      "/w/CLAUDE.md": "claude",
      "/w/GEMINI.md": "gemini",
      "/w/.cursorrules": "cursor",
    };
    const r = new MapWorkspaceReader(files);
    const kinds: Record<string, string> = {};
    for (const policy of DISCOVERY_POLICIES) kinds[policy] = (await discover(r, "/w", policy)).kind;
    expect(kinds).toEqual({
      hermes: "agents",
      codex: "codex",
      claude: "claude",
      cursor: "cursor",
      gemini: "gemini",
      openclaw: "openclaw",
      copilot: "none",
      windsurf: "none",
      cline: "none",
      roo: "none",
      kiro: "none",
      junie: "none",
      auto: "auto",
    });
    expect(texts(await discover(r, "/w", "codex", { maxBytes: 3 }))).toEqual(["age"]);
  });

  it("rejects an unknown policy and passes errors through", async () => {
    const r = new MapWorkspaceReader({ "/w/a.md": "x" });
    await expectCode(discover(r, "/w", "nope" as DiscoveryPolicy), "E_ARG");
    for (const policy of DISCOVERY_POLICIES) await expectCode(discover(r, "/nope", policy), "E_NOT_FOUND");
  });
});

function normalize(p: string): string {
  return path.posix.normalize(p);
}

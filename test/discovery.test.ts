import { describe, it, expect, beforeAll, afterAll } from "vitest";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { NodeWorkspaceReader, DEFAULT_MAX_BYTES, firstInvalidUtf8 } from "../src/adapters/node/reader.js";
import { discoverHermes, findProjectRoot, stripFrontmatter, type Discovery } from "../src/discovery/hermes.js";
import { dirname, isAbsolute, isWithin, join, normalize, relative } from "../src/discovery/paths.js";
import type { DirEntry, WorkspaceReader } from "../src/discovery/reader.js";
import { PromptasmError } from "../src/errors.js";
import { writeTree } from "./helpers/tree.js";

let tmp: string;
let counter = 0;
const reader = new NodeWorkspaceReader();

beforeAll(() => {
  tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "promptasm-discovery-")));
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

async function expectCode(p: Promise<unknown>, code: string): Promise<PromptasmError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(PromptasmError);
  expect((err as PromptasmError).code).toBe(code);
  return err as PromptasmError;
}

describe("paths", () => {
  it("isAbsolute", () => {
    expect(isAbsolute("/a")).toBe(true);
    expect(isAbsolute("/")).toBe(true);
    expect(isAbsolute("a/b")).toBe(false);
    expect(isAbsolute("")).toBe(false);
  });

  it("normalize", () => {
    expect(normalize("/a//b/../c/")).toBe("/a/c");
    expect(normalize("/a/./b")).toBe("/a/b");
    expect(normalize("/..")).toBe("/");
    expect(normalize("/")).toBe("/");
    expect(normalize("a/../..")).toBe("..");
    expect(normalize("a/..")).toBe(".");
    expect(normalize("")).toBe(".");
  });

  it("join", () => {
    expect(join("/a", "b")).toBe("/a/b");
    expect(join("/a/", "/b/")).toBe("/a/b");
    expect(join("/a", "b/../c")).toBe("/a/c");
    expect(join("/", ".git")).toBe("/.git");
    expect(join("/a", "")).toBe("/a");
    expect(join("a", "b")).toBe("a/b");
  });

  it("dirname", () => {
    expect(dirname("/a/b")).toBe("/a");
    expect(dirname("/a/b/")).toBe("/a");
    expect(dirname("/a")).toBe("/");
    expect(dirname("/")).toBe("/");
    expect(dirname("a")).toBe(".");
    expect(dirname("a/b")).toBe("a");
  });

  it("relative", () => {
    expect(relative("/r", "/r/a/B.md")).toBe("a/B.md");
    expect(relative("/r", "/r")).toBe("");
    expect(relative("/r/a", "/r/b")).toBe("../b");
    expect(relative("/r/a/b", "/r")).toBe("../..");
    expect(relative("/", "/x/y")).toBe("x/y");
    expect(relative("/r/", "/r//a")).toBe("a");
    expect(() => relative("r", "/r")).toThrow(TypeError);
  });

  it("isWithin", () => {
    expect(isWithin("/r", "/r")).toBe(true);
    expect(isWithin("/r", "/r/a")).toBe(true);
    expect(isWithin("/r", "/rx")).toBe(false);
    expect(isWithin("/", "/anything")).toBe(true);
    expect(isWithin("/r/a", "/r")).toBe(false);
  });
});

describe("stripFrontmatter", () => {
  it("strips a leading --- block", () => {
    expect(stripFrontmatter("---\ntitle: x\n---\nbody\n")).toBe("body\n");
  });
  it("tolerates CRLF", () => {
    expect(stripFrontmatter("---\r\ntitle: x\r\n---\r\nbody\r\n")).toBe("body\r\n");
  });
  it("strips empty frontmatter", () => {
    expect(stripFrontmatter("---\n---\nbody")).toBe("body");
  });
  it("strips when the closing fence ends the text", () => {
    expect(stripFrontmatter("---\na: 1\n---")).toBe("");
  });
  it("keeps text whose first line is not exactly ---", () => {
    expect(stripFrontmatter("--- \na: 1\n---\nbody")).toBe("--- \na: 1\n---\nbody");
    expect(stripFrontmatter("----\na: 1\n---\nbody")).toBe("----\na: 1\n---\nbody");
    expect(stripFrontmatter("\n---\na: 1\n---\nbody")).toBe("\n---\na: 1\n---\nbody");
    expect(stripFrontmatter("# Title\n---\nx\n---\n")).toBe("# Title\n---\nx\n---\n");
  });
  it("keeps text with no closing fence", () => {
    expect(stripFrontmatter("---\na: 1\nbody")).toBe("---\na: 1\nbody");
    expect(stripFrontmatter("---")).toBe("---");
  });
  it("closes only on a line that is exactly ---", () => {
    expect(stripFrontmatter("---\na: ---\n---x\n --- \n---\nbody")).toBe("body");
  });
  it("stops at the first closing fence", () => {
    expect(stripFrontmatter("---\na\n---\nb\n---\nc")).toBe("b\n---\nc");
  });
  it("tolerates and keeps a leading BOM", () => {
    expect(stripFrontmatter("\uFEFF---\na: 1\n---\nbody")).toBe("\uFEFFbody");
    expect(stripFrontmatter("\uFEFFbody")).toBe("\uFEFFbody");
  });
  it("leaves text without frontmatter alone", () => {
    expect(stripFrontmatter("")).toBe("");
    expect(stripFrontmatter("plain\n---\n")).toBe("plain\n---\n");
  });
});

describe("firstInvalidUtf8", () => {
  const at = (...bytes: number[]) => firstInvalidUtf8(Uint8Array.from(bytes));
  it("finds the lead byte of the first bad sequence", () => {
    expect(at(0x61, 0x62)).toBe(-1);
    expect(at()).toBe(-1);
    expect(at(0x61, 0xc3, 0x28)).toBe(1); // C3 needs a continuation byte
    expect(at(0xc3, 0xa9, 0x80)).toBe(2); // stray continuation
    expect(at(0xc0, 0x80)).toBe(0); // overlong NUL
    expect(at(0xe0, 0x80, 0x80)).toBe(0); // overlong 3-byte
    expect(at(0xed, 0xa0, 0x80)).toBe(0); // surrogate U+D800
    expect(at(0xf4, 0x90, 0x80, 0x80)).toBe(0); // past U+10FFFF
    expect(at(0xf5)).toBe(0);
    expect(at(0x61, 0xe2, 0x82)).toBe(1); // cut off at the end
    expect(at(0xe2, 0x82, 0xac, 0xf0, 0x9f, 0x98, 0x80)).toBe(-1); // € 😀
    expect(at(0xef, 0xbb, 0xbf, 0x61)).toBe(-1); // BOM is valid
  });

  it("agrees with TextDecoder on random bytes", () => {
    const fatal = new TextDecoder("utf-8", { fatal: true, ignoreBOM: true });
    const lenient = new TextDecoder("utf-8", { ignoreBOM: true });
    let seed = 12345;
    const rand = () => (seed = (seed * 1103515245 + 12345) >>> 0) >>> 8;
    const interesting = [0x00, 0x41, 0x7f, 0x80, 0xbf, 0xc0, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff];
    let invalid = 0;
    for (let n = 0; n < 5000; n++) {
      const bytes = new Uint8Array(1 + (rand() % 12));
      for (let i = 0; i < bytes.length; i++) {
        bytes[i] = rand() % 2 ? interesting[rand() % interesting.length] : 0x80 + (rand() % 0x40);
      }
      const offset = firstInvalidUtf8(bytes);
      let valid = true;
      try {
        fatal.decode(bytes);
      } catch {
        valid = false;
      }
      expect(offset === -1).toBe(valid);
      if (offset >= 0) {
        invalid++;
        // The prefix before the offset is valid, and the decoder's first U+FFFD sits right after it.
        const prefix = fatal.decode(bytes.subarray(0, offset));
        if (!prefix.includes("\uFFFD")) expect(lenient.decode(bytes).indexOf("\uFFFD")).toBe(prefix.length);
      }
    }
    expect(invalid).toBeGreaterThan(1000);
  });
});

describe("NodeWorkspaceReader", () => {
  it("defaults maxBytes to 256 MiB and rejects a bad limit", () => {
    expect(DEFAULT_MAX_BYTES).toBe(268_435_456);
    expect(new NodeWorkspaceReader().maxBytes).toBe(268_435_456);
    expect(() => new NodeWorkspaceReader({ maxBytes: -1 })).toThrow(PromptasmError);
  });

  it("reads UTF-8 text with its byte count", async () => {
    const d = tree({ "a.md": "héllo" });
    expect(await reader.read(`${d}/a.md`)).toEqual({ kind: "text", text: "héllo", bytes: 6 });
  });

  it("reports missing paths, including under a file (ENOTDIR)", async () => {
    const d = tree({ "a.md": "x" });
    expect(await reader.read(`${d}/nope.md`)).toEqual({ kind: "missing" });
    expect(await reader.read(`${d}/a.md/child`)).toEqual({ kind: "missing" });
  });

  it("reports a directory as an error naming the path", async () => {
    const d = tree({ "dir/": "" });
    expect(await reader.read(`${d}/dir`)).toEqual({ kind: "error", message: `${d}/dir: is a directory` });
  });

  it("reports a file over maxBytes as too-large without reading it", async () => {
    const d = tree({ "big.md": "0123456789A" });
    const small = new NodeWorkspaceReader({ maxBytes: 10 });
    expect(await small.read(`${d}/big.md`)).toEqual({ kind: "too-large", bytes: 11, limit: 10 });
    const exact = tree({ "ok.md": "0123456789" });
    expect(await small.read(`${exact}/ok.md`)).toEqual({ kind: "text", text: "0123456789", bytes: 10 });
  });

  it("reports a NUL in the first 8 KiB as binary, and ignores one after", async () => {
    const d = tree({
      "bin": Uint8Array.from([0x61, 0x00, 0x62]),
      "late": Buffer.concat([Buffer.alloc(8192, 0x61), Buffer.from([0])]),
      "edge": Buffer.concat([Buffer.alloc(8191, 0x61), Buffer.from([0])]),
    });
    expect(await reader.read(`${d}/bin`)).toEqual({ kind: "binary", bytes: 3 });
    expect((await reader.read(`${d}/late`)).kind).toBe("text");
    expect(await reader.read(`${d}/edge`)).toEqual({ kind: "binary", bytes: 8192 });
  });

  it("replaces invalid UTF-8 and reports the byte offset", async () => {
    const d = tree({ "bad.md": Uint8Array.from([0x61, 0x62, 0x63, 0xc3, 0x28, 0x64]) });
    expect(await reader.read(`${d}/bad.md`)).toEqual({ kind: "text", text: "abc\uFFFD(d", bytes: 6, invalidUtf8At: 3 });
  });

  it("keeps a BOM", async () => {
    const d = tree({ "bom.md": Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69]) });
    expect(await reader.read(`${d}/bom.md`)).toEqual({ kind: "text", text: "\uFEFFhi", bytes: 5 });
  });

  it("lists entries, following symlinks; a broken link is other", async () => {
    const d = tree({ "f.md": "x", "sub/": "" });
    fs.symlinkSync(`${d}/f.md`, `${d}/link-file`);
    fs.symlinkSync(`${d}/sub`, `${d}/link-dir`);
    fs.symlinkSync(`${d}/nowhere`, `${d}/broken`);
    const entries = (await reader.list(d))!;
    const sorted = [...entries].sort((a, b) => (a.name < b.name ? -1 : 1));
    expect(sorted).toEqual([
      { name: "broken", kind: "other" },
      { name: "f.md", kind: "file" },
      { name: "link-dir", kind: "dir" },
      { name: "link-file", kind: "file" },
      { name: "sub", kind: "dir" },
    ]);
    expect(await reader.read(`${d}/link-file`)).toEqual({ kind: "text", text: "x", bytes: 1 });
    expect(await reader.read(`${d}/broken`)).toEqual({ kind: "missing" });
  });

  it("lists null for a missing path or a file", async () => {
    const d = tree({ "f.md": "x" });
    expect(await reader.list(`${d}/nope`)).toBeNull();
    expect(await reader.list(`${d}/f.md`)).toBeNull();
  });

  it("kind() follows symlinks and is null when missing", async () => {
    const d = tree({ "f.md": "x", "sub/": "" });
    fs.symlinkSync(`${d}/sub`, `${d}/link-dir`);
    fs.symlinkSync(`${d}/nowhere`, `${d}/broken`);
    expect(await reader.kind(`${d}/f.md`)).toBe("file");
    expect(await reader.kind(`${d}/sub`)).toBe("dir");
    expect(await reader.kind(`${d}/link-dir`)).toBe("dir");
    expect(await reader.kind(`${d}/broken`)).toBeNull();
    expect(await reader.kind(`${d}/nope`)).toBeNull();
    expect(await reader.kind(`${d}/f.md/x`)).toBeNull();
  });
});

describe("findProjectRoot", () => {
  it("finds the nearest ancestor with .git, including cwd, dir or file", async () => {
    const d = tree({ ".git/": "", "a/b/": "", "a/sub/.git": "gitdir: elsewhere\n" });
    expect(await findProjectRoot(reader, `${d}/a/b`)).toBe(d);
    expect(await findProjectRoot(reader, d)).toBe(d);
    expect(await findProjectRoot(reader, `${d}/a/sub`)).toBe(`${d}/a/sub`);
  });
  it("is null without .git", async () => {
    const d = tree({ "a/": "" });
    expect(await findProjectRoot(reader, `${d}/a`)).toBeNull();
  });
});

describe("discoverHermes: which type wins", () => {
  const all = {
    ".git/": "",
    "HERMES.md": "hermes",
    "AGENTS.md": "agents",
    "CLAUDE.md": "claude",
    ".cursorrules": "cursorrules",
  };

  it("HERMES beats AGENTS, CLAUDE and cursor", async () => {
    const d = tree(all);
    const r = await discoverHermes(reader, d);
    expect(r).toEqual({
      kind: "hermes",
      root: d,
      files: [{ path: `${d}/HERMES.md`, label: "HERMES.md", text: "hermes", bytes: 6 }],
      // Issue 16: what HERMES.md shadows is said at run time, not only in the docs.
      notes: ["AGENTS.md", "CLAUDE.md", ".cursorrules"].map((name) => ({
        path: `${d}/${name}`,
        message: `${d}/${name}: not loaded, HERMES.md takes precedence under the hermes policy`,
        reason: "shadowed",
      })),
    });
  });

  it("AGENTS beats CLAUDE and cursor", async () => {
    const { "HERMES.md": _, ...rest } = all;
    const d = tree(rest);
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("agents");
    expect(labels(r)).toEqual(["AGENTS.md"]);
    expect(texts(r)).toEqual(["agents"]);
  });

  it("CLAUDE beats cursor", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": "claude", ".cursorrules": "c", ".cursor/rules/a.mdc": "a" });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("claude");
    expect(r.files).toEqual([{ path: `${d}/CLAUDE.md`, label: "CLAUDE.md", text: "claude", bytes: 6 }]);
  });

  it("cursor wins when nothing else is there", async () => {
    const d = tree({ ".git/": "", ".cursorrules": "rules" });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("cursor");
    expect(labels(r)).toEqual([".cursorrules"]);
    expect(texts(r)).toEqual(["rules"]);
  });

  it("none when nothing is there", async () => {
    const d = tree({ ".git/": "", "README.md": "x" });
    expect(await discoverHermes(reader, d)).toEqual({ kind: "none", root: d, files: [], notes: [] });
  });

  it("CLAUDE.md and cursor rules are read in cwd only", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": "claude", ".cursorrules": "c", "sub/": "" });
    const r = await discoverHermes(reader, `${d}/sub`);
    expect(r.kind).toBe("none");
  });

  it("an empty CLAUDE.md does not count", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": " \n\t\n", ".cursorrules": "c" });
    expect((await discoverHermes(reader, d)).kind).toBe("cursor");
  });
});

describe("discoverHermes: HERMES", () => {
  it("the nearest HERMES wins, searching up from cwd", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "top", "a/HERMES.md": "mid", "a/b/c/": "" });
    const r = await discoverHermes(reader, `${d}/a/b/c`);
    expect(r.kind).toBe("hermes");
    expect(r.files).toEqual([{ path: `${d}/a/HERMES.md`, label: "a/HERMES.md", text: "mid", bytes: 3 }]);
  });

  it(".hermes.md beats HERMES.md in the same directory", async () => {
    const d = tree({ ".git/": "", ".hermes.md": "dot", "HERMES.md": "caps" });
    const r = await discoverHermes(reader, d);
    expect(labels(r)).toEqual([".hermes.md"]);
    expect(texts(r)).toEqual(["dot"]);
  });

  it("a HERMES above the git root is ignored", async () => {
    const d = tree({ "HERMES.md": "outside", "repo/.git/": "", "repo/sub/AGENTS.md": "inner" });
    const r = await discoverHermes(reader, `${d}/repo/sub`);
    expect(r.kind).toBe("agents");
    expect(r.root).toBe(`${d}/repo`);
    expect(labels(r)).toEqual(["sub/AGENTS.md"]);
  });

  it("with no git root only cwd is searched", async () => {
    const d = tree({ "HERMES.md": "parent", "AGENTS.md": "parent agents", "sub/CLAUDE.md": "claude" });
    const r = await discoverHermes(reader, `${d}/sub`);
    expect(r.kind).toBe("claude");
    expect(r.root).toBe(`${d}/sub`);
    expect(labels(r)).toEqual(["CLAUDE.md"]);

    const here = tree({ "HERMES.md": "here" });
    const h = await discoverHermes(reader, here);
    expect(h.root).toBe(here);
    expect(labels(h)).toEqual(["HERMES.md"]);
  });

  it("strips frontmatter; bytes is the size on disk", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "---\nmodel: x\n---\n# Rules\nbe nice\n" });
    const r = await discoverHermes(reader, d);
    expect(r.files).toEqual([{ path: `${d}/HERMES.md`, label: "HERMES.md", text: "# Rules\nbe nice\n", bytes: 33 }]);
  });

  it("strips CRLF frontmatter", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "---\r\nmodel: x\r\n---\r\n# Rules\r\n" });
    expect(texts(await discoverHermes(reader, d))).toEqual(["# Rules\r\n"]);
  });

  it("an empty HERMES.md, or one with only frontmatter, is skipped", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "---\nmodel: x\n---\n  \n", "a/HERMES.md": "", "AGENTS.md": "agents" });
    const r = await discoverHermes(reader, `${d}/a`);
    expect(r.kind).toBe("agents");
    expect(labels(r)).toEqual(["AGENTS.md"]);
  });

  it("an empty nearer HERMES.md lets a farther one win", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "far", "a/.hermes.md": "\n\n" });
    const r = await discoverHermes(reader, `${d}/a`);
    expect(labels(r)).toEqual(["HERMES.md"]);
  });
});

describe("discoverHermes: AGENTS chain", () => {
  it("takes every level from root down to cwd, root first, with labels", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.md": "root",
      "services/AGENTS.md": "services",
      "services/api/AGENTS.md": "api",
      "services/api/src/": "",
      "services/other/AGENTS.md": "not on the path",
    });
    const r = await discoverHermes(reader, `${d}/services/api/src`);
    expect(r.kind).toBe("agents");
    expect(r.root).toBe(d);
    expect(labels(r)).toEqual(["AGENTS.md", "services/AGENTS.md", "services/api/AGENTS.md"]);
    expect(texts(r)).toEqual(["root", "services", "api"]);
    expect(r.files.map((f) => f.path)).toEqual([
      `${d}/AGENTS.md`,
      `${d}/services/AGENTS.md`,
      `${d}/services/api/AGENTS.md`,
    ]);
  });

  it("AGENTS.override.md beats AGENTS.md in the same directory", async () => {
    const d = tree({ ".git/": "", "AGENTS.md": "plain", "AGENTS.override.md": "override", "a/AGENTS.md": "a" });
    const r = await discoverHermes(reader, `${d}/a`);
    expect(labels(r)).toEqual(["AGENTS.override.md", "a/AGENTS.md"]);
    expect(texts(r)).toEqual(["override", "a"]);
  });

  it("an empty override falls back to AGENTS.md", async () => {
    const d = tree({ ".git/": "", "AGENTS.md": "plain", "AGENTS.override.md": " \n" });
    const r = await discoverHermes(reader, d);
    expect(labels(r)).toEqual(["AGENTS.md"]);
    expect(texts(r)).toEqual(["plain"]);
  });

  it("identical contents are taken once, with a note", async () => {
    const d = tree({ ".git/": "", "AGENTS.md": "same", "a/AGENTS.md": "same", "a/b/AGENTS.md": "different" });
    const r = await discoverHermes(reader, `${d}/a/b`);
    expect(labels(r)).toEqual(["AGENTS.md", "a/b/AGENTS.md"]);
    expect(r.notes).toEqual([
      { path: `${d}/a/AGENTS.md`, message: `${d}/a/AGENTS.md: skipped, same contents as AGENTS.md`, reason: "duplicate" },
    ]);
  });

  it("without a git root only cwd's AGENTS.md loads", async () => {
    const d = tree({ "AGENTS.md": "parent", "sub/AGENTS.md": "child" });
    const r = await discoverHermes(reader, `${d}/sub`);
    expect(r.root).toBe(`${d}/sub`);
    expect(labels(r)).toEqual(["AGENTS.md"]);
    expect(texts(r)).toEqual(["child"]);
  });
});

describe("discoverHermes: cursor", () => {
  it(".cursorrules first, then .mdc files in code-unit order; other files ignored", async () => {
    const d = tree({
      ".git/": "",
      ".cursorrules": "legacy",
      ".cursor/rules/b.mdc": "---\ndescription: b\n---\nb",
      ".cursor/rules/a.mdc": "a",
      ".cursor/rules/B.mdc": "upper B",
      ".cursor/rules/_x.mdc": "underscore",
      ".cursor/rules/notes.md": "not mdc",
      ".cursor/rules/dir.mdc/": "",
    });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("cursor");
    // "B" (0x42) < "_" (0x5F) < "a" (0x61) < "b": code units, not locale order.
    expect(labels(r)).toEqual([
      ".cursorrules",
      ".cursor/rules/B.mdc",
      ".cursor/rules/_x.mdc",
      ".cursor/rules/a.mdc",
      ".cursor/rules/b.mdc",
    ]);
    expect(r.files[4].text).toBe("---\ndescription: b\n---\nb");
    expect(r.notes).toEqual([]);
  });

  it(".mdc files alone are enough", async () => {
    const d = tree({ ".git/": "", ".cursor/rules/style.mdc": "style" });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("cursor");
    expect(labels(r)).toEqual([".cursor/rules/style.mdc"]);
  });
});

describe("discoverHermes: roots and arguments", () => {
  it("options.root overrides git detection", async () => {
    const d = tree({
      ".git/": "",
      "AGENTS.md": "git root",
      "mono/AGENTS.md": "chosen root",
      "mono/pkg/AGENTS.md": "pkg",
    });
    const r = await discoverHermes(reader, `${d}/mono/pkg`, { root: `${d}/mono` });
    expect(r.root).toBe(`${d}/mono`);
    expect(labels(r)).toEqual(["AGENTS.md", "pkg/AGENTS.md"]);
    expect(texts(r)).toEqual(["chosen root", "pkg"]);

    // A root without .git still bounds the HERMES search.
    const e = tree({ "HERMES.md": "above", "proj/sub/": "" });
    expect((await discoverHermes(reader, `${e}/proj/sub`, { root: `${e}/proj` })).kind).toBe("none");
    expect(labels(await discoverHermes(reader, `${e}/proj/sub`, { root: e }))).toEqual(["HERMES.md"]);
  });

  it("a missing cwd throws E_NOT_FOUND naming the path", async () => {
    const d = tree({ "f.md": "x" });
    const err = await expectCode(discoverHermes(reader, `${d}/nope`), "E_NOT_FOUND");
    expect(err.message).toContain(`${d}/nope`);
    const file = await expectCode(discoverHermes(reader, `${d}/f.md`), "E_NOT_FOUND");
    expect(file.message).toContain(`${d}/f.md`);
  });

  it("rejects a relative cwd and a root that does not contain cwd", async () => {
    const d = tree({ "a/": "", "b/": "" });
    await expectCode(discoverHermes(reader, "relative/dir"), "E_ARG");
    await expectCode(discoverHermes(reader, `${d}/a`, { root: `${d}/b` }), "E_ARG");
    await expectCode(discoverHermes(reader, `${d}/a`, { root: "b" }), "E_ARG");
  });

  it("normalizes cwd", async () => {
    const d = tree({ ".git/": "", "a/AGENTS.md": "a" });
    const r = await discoverHermes(reader, `${d}/a/./../a/`);
    expect(r.files.map((f) => f.path)).toEqual([`${d}/a/AGENTS.md`]);
  });
});

describe("discoverHermes: reader order independence", () => {
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

  it("gives the same result for reversed and shuffled listings", async () => {
    const d = tree({
      ".git/": "",
      ".cursorrules": "legacy",
      ".cursor/rules/zeta.mdc": "z",
      ".cursor/rules/alpha.mdc": "a",
      ".cursor/rules/Mid.mdc": "m",
      ".cursor/rules/beta.mdc": "b",
      ".cursor/rules/bin.mdc": Uint8Array.from([0]),
    });
    const sortedByName = (e: DirEntry[]) => [...e].sort((a, b) => (a.name < b.name ? -1 : 1));
    let seed = 7;
    const shuffle = (e: DirEntry[]) => {
      const out = [...e];
      for (let i = out.length - 1; i > 0; i--) {
        seed = (seed * 1103515245 + 12345) >>> 0;
        const j = seed % (i + 1);
        [out[i], out[j]] = [out[j], out[i]];
      }
      return out;
    };
    const base = await discoverHermes(new Reordering(reader, sortedByName), d);
    expect(labels(base)).toEqual([
      ".cursorrules",
      ".cursor/rules/Mid.mdc",
      ".cursor/rules/alpha.mdc",
      ".cursor/rules/beta.mdc",
      ".cursor/rules/zeta.mdc",
    ]);
    expect(base.notes.map((n) => n.path)).toEqual([`${d}/.cursor/rules/bin.mdc`]);
    const reversed = (e: DirEntry[]) => sortedByName(e).reverse();
    expect(await discoverHermes(new Reordering(reader, reversed), d)).toEqual(base);
    for (let i = 0; i < 5; i++) {
      expect(await discoverHermes(new Reordering(reader, shuffle), d)).toEqual(base);
    }
  });
});

describe("discoverHermes: unusual files", () => {
  it("a binary file gets a note and is skipped", async () => {
    const d = tree({ ".git/": "", "HERMES.md": Uint8Array.from([0x68, 0x00, 0x69]), "AGENTS.md": "agents" });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("agents");
    expect(r.notes).toEqual([
      { path: `${d}/HERMES.md`, message: `${d}/HERMES.md: skipped, binary (NUL byte in the first 8 KiB)` },
    ]);
  });

  it("invalid UTF-8 is taken with a note giving the byte offset", async () => {
    const d = tree({ ".git/": "", "AGENTS.md": Uint8Array.from([0x6f, 0x6b, 0x20, 0xc3, 0x28, 0x21]) });
    const r = await discoverHermes(reader, d);
    expect(r.files).toEqual([
      { path: `${d}/AGENTS.md`, label: "AGENTS.md", text: "ok \uFFFD(!", bytes: 6, invalidUtf8At: 3 },
    ]);
    expect(r.notes).toEqual([
      { path: `${d}/AGENTS.md`, message: `${d}/AGENTS.md: invalid UTF-8 at byte 3 replaced with U+FFFD` },
    ]);
  });

  it("a BOM stays in the text", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": Uint8Array.from([0xef, 0xbb, 0xbf, 0x68, 0x69]) });
    const r = await discoverHermes(reader, d);
    expect(r.files[0].text).toBe("\uFEFFhi");
    expect(r.files[0].bytes).toBe(5);
  });

  it("a BOM-only file counts as empty", async () => {
    const d = tree({ ".git/": "", "CLAUDE.md": Uint8Array.from([0xef, 0xbb, 0xbf, 0x0a]) });
    expect((await discoverHermes(reader, d)).kind).toBe("none");
  });

  it("an unreadable file (a directory named AGENTS.md) gets a note and is skipped", async () => {
    const d = tree({ ".git/": "", "AGENTS.md/": "", "CLAUDE.md": "claude" });
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("claude");
    expect(r.notes).toEqual([
      { path: `${d}/AGENTS.md`, message: `${d}/AGENTS.md: skipped, unreadable: is a directory` }, // the path once
    ]);
  });

  it("a file over maxBytes gets a note and is skipped", async () => {
    const d = tree({ ".git/": "", "HERMES.md": "this is twenty bytes", "AGENTS.md": "short" });
    const r = await discoverHermes(new NodeWorkspaceReader({ maxBytes: 10 }), d);
    expect(r.kind).toBe("agents");
    expect(texts(r)).toEqual(["short"]);
    expect(r.notes).toEqual([
      { path: `${d}/HERMES.md`, message: `${d}/HERMES.md: skipped, 20 bytes is over the 10-byte limit` },
    ]);
  });

  it("a symlink to a file is followed; its label is the link's path", async () => {
    const d = tree({ ".git/": "", "shared/rules.txt": "shared rules", "pkg/": "" });
    fs.symlinkSync(`${d}/shared/rules.txt`, `${d}/pkg/AGENTS.md`);
    const r = await discoverHermes(reader, `${d}/pkg`);
    expect(r.files).toEqual([{ path: `${d}/pkg/AGENTS.md`, label: "pkg/AGENTS.md", text: "shared rules", bytes: 12 }]);
  });

  it("broken symlinks are not a crash", async () => {
    const d = tree({ ".git/": "", ".cursorrules": "rules" });
    fs.symlinkSync(`${d}/nowhere`, `${d}/HERMES.md`);
    fs.symlinkSync(`${d}/nowhere`, `${d}/CLAUDE.md`);
    fs.mkdirSync(`${d}/.cursor/rules`, { recursive: true });
    fs.symlinkSync(`${d}/nowhere`, `${d}/.cursor/rules/gone.mdc`);
    const r = await discoverHermes(reader, d);
    expect(r.kind).toBe("cursor");
    expect(labels(r)).toEqual([".cursorrules"]);
    expect(r.notes).toEqual([
      // Issue 16: a context file that is a broken link is said, not silent.
      {
        path: `${d}/HERMES.md`,
        message: `${d}/HERMES.md: skipped, a broken symbolic link (to ${d}/nowhere)`,
        reason: "broken-link",
      },
      {
        path: `${d}/CLAUDE.md`,
        message: `${d}/CLAUDE.md: skipped, a broken symbolic link (to ${d}/nowhere)`,
        reason: "broken-link",
      },
      {
        path: `${d}/.cursor/rules/gone.mdc`,
        message: `${d}/.cursor/rules/gone.mdc: skipped, not a regular file (or a broken symbolic link)`,
      },
    ]);
  });
});

describe("symbolic links out of the workspace", () => {
  it("a context file that links outside the project root is skipped with a note; a link inside is followed", async () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), "promptasm-outside-"));
    fs.writeFileSync(path.join(outside, "creds"), "aws_secret_access_key = abc123");
    const root = tree({ ".git/HEAD": "ref", "notes.md": "Run make test.", "sub/x": "" });
    fs.symlinkSync(path.join(outside, "creds"), path.join(root, "AGENTS.md"));
    fs.symlinkSync("../notes.md", path.join(root, "sub", "AGENTS.md"));
    const d = await discoverHermes(new NodeWorkspaceReader(), path.join(root, "sub"));
    expect(d.files.map((f) => [f.label, f.text])).toEqual([["sub/AGENTS.md", "Run make test."]]);
    expect(d.notes.map((n) => n.message)).toEqual([
      `${path.join(root, "AGENTS.md")}: skipped, a symbolic link to ${fs.realpathSync(path.join(outside, "creds"))}, outside the workspace ${fs.realpathSync(root)}`,
    ]);
  });
});

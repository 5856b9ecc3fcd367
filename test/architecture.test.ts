// The import rule of src/ (docs/architecture.md): imports point one way, down the layer list below, with no cycle
// between folders or between files. Imports are read with TypeScript's own pre-processor (ts.preProcessFile), so
// `import type`, `export … from` and dynamic `import()` all count: a type-only import still ties two layers together.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const SRC = fileURLToPath(new URL("../src", import.meta.url));

/**
 * The layers, bottom first. A file may import from its own group or from any group in a lower layer; groups that
 * share a layer may import each other only when that makes no cycle. A group is a top-level folder of src/ or a
 * top-level file (its name without ".ts"). A new top-level folder must be placed here (the test fails until it is).
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["errors"], // stable error codes
  ["util"], // runtime-neutral helpers: UTF-8, SHA-256, escaping
  ["discovery"], // which context files load (policies, the WorkspaceReader interface); imports only errors
  ["core"], // the WASM boundary
  ["scan"], // rules, compiler, scanner
  ["guard"], // block / allow decisions and their notices
  ["sections"], // section builders and texts
  ["tokens"], // token counting per section
  ["options"], // the one options schema and its enumerations
  ["prompt"], // the assembler pipeline
  ["providers"], // provider requests with cache markers
  ["stores"], // session stores and the frozen-prompt lifecycle
  ["config"], // the config file
  ["api"], // createPromptasm: the core API object
  ["adapters"], // runtime code: node/, workerd/, fleet/, readers
  ["index", "node", "workerd", "browser"], // the package entries
  ["cli"], // the command line
  ["page"], // the browser page (an app on top of everything)
];

/**
 * Upward or circular imports that remain, each named with its owner and why. The list only shrinks: an entry that
 * no longer matches anything fails the test, so it is removed when the import is fixed.
 */
const KNOWN_UPWARD: ReadonlyArray<{ edge: string; why: string }> = [];
const KNOWN_FILE_CYCLES: ReadonlyArray<{ files: string[]; why: string }> = [];

interface Edge { from: string; to: string }

/** Every .ts/.mts file under src/ (declaration files and the page's vite config plugins included), relative to src/. */
function sourceFiles(dir = SRC): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.(m?ts)$/.test(name) && !name.endsWith(".d.ts")) out.push(relative(SRC, path).split("\\").join("/"));
  }
  return out.sort();
}

/** The relative imports of every source file that land inside src/, resolved to files (".js" → ".ts"). */
function importEdges(): Edge[] {
  const edges: Edge[] = [];
  for (const file of sourceFiles()) {
    const info = ts.preProcessFile(readFileSync(join(SRC, file), "utf8"), true, true);
    for (const ref of info.importedFiles) {
      if (!ref.fileName.startsWith(".")) continue;
      const target = relative(SRC, resolve(dirname(join(SRC, file)), ref.fileName)).split("\\").join("/");
      if (target.startsWith("..")) continue; // build/release.js, the .wasm: below everything
      edges.push({ from: file, to: target.replace(/\.js$/, ".ts").replace(/\.mjs$/, ".mts") });
    }
  }
  return edges;
}

/** The group of a file: its top-level folder, or its own name for a top-level file. */
export function groupOf(file: string): string {
  return file.includes("/") ? file.slice(0, file.indexOf("/")) : file.replace(/\.m?ts$/, "");
}

function layerOf(group: string): number {
  return LAYERS.findIndex((l) => l.includes(group));
}

/** Strongly connected components with more than one node (Tarjan), each sorted; the list sorted by first node. */
export function cycles(edges: ReadonlyArray<Edge>): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of edges) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
    if (!next.has(to)) next.set(to, []);
  }
  let index = 0;
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const on = new Set<string>();
  const out: string[][] = [];
  const visit = (v: string): void => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of next.get(v)!) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const scc: string[] = [];
      for (let w = stack.pop()!; ; w = stack.pop()!) {
        on.delete(w);
        scc.push(w);
        if (w === v) break;
      }
      if (scc.length > 1) out.push(scc.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!idx.has(v)) visit(v);
  return out.sort((a, b) => (a[0]! < b[0]! ? -1 : 1));
}

const edges = importEdges();
const known = (e: Edge) => KNOWN_UPWARD.some((k) => k.edge === `${e.from} -> ${e.to}`);
const knownCycle = (c: string[]) => KNOWN_FILE_CYCLES.some((k) => k.files.join() === c.join());

describe("the import graph of src/", () => {
  it("is read: hundreds of imports, including type-only ones", () => {
    expect(edges.length).toBeGreaterThan(200);
    // A type-only import counts (record.ts → types.ts is `import type`).
    expect(edges).toContainEqual({ from: "stores/record.ts", to: "stores/types.ts" });
    // So does a re-export (`export … from`).
    expect(edges).toContainEqual({ from: "index.ts", to: "api/promptasm.ts" });
  });

  it("places every top-level folder and entry file in a layer", () => {
    const groups = [...new Set(sourceFiles().map(groupOf))];
    expect(groups.filter((g) => layerOf(g) < 0)).toEqual([]);
  });

  it("has no upward import between layers (besides the named, shrinking allow-list)", () => {
    const upward = edges.filter((e) => layerOf(groupOf(e.from)) < layerOf(groupOf(e.to))).filter((e) => !known(e));
    expect(upward.map((e) => `${e.from} -> ${e.to}`)).toEqual([]);
  });

  it("has no cycle between folders (besides the allow-list)", () => {
    const folderEdges = edges.filter((e) => !known(e)).map((e) => ({ from: groupOf(e.from), to: groupOf(e.to) }));
    expect(cycles(folderEdges)).toEqual([]);
  });

  it("has no cycle between files (besides the allow-list)", () => {
    expect(cycles(edges).filter((c) => !knownCycle(c))).toEqual([]);
  });

  it("keeps the allow-list honest: every entry still matches, so fixed ones get removed", () => {
    for (const k of KNOWN_UPWARD) {
      expect(edges.map((e) => `${e.from} -> ${e.to}`), `${k.edge} is fixed: remove it from KNOWN_UPWARD`).toContain(k.edge);
    }
    const found = cycles(edges).map((c) => c.join());
    for (const k of KNOWN_FILE_CYCLES) expect(found, `${k.files.join(" <-> ")} is fixed: remove it`).toContain(k.files.join());
  });

  it("keeps node:* imports in Node-only places (the core and everything neutral run in browsers and Workers too)", () => {
    const NODE_ONLY = [/^cli\//, /^node\.ts$/, /^adapters\/node\//, /^adapters\/fleet\//, /^adapters\/node-scan-file\.ts$/,
      /^stores\/sqlite\.ts$/, /^page\/vite-plugins\//];
    const offenders: string[] = [];
    for (const file of sourceFiles()) {
      const info = ts.preProcessFile(readFileSync(join(SRC, file), "utf8"), true, true);
      if (info.importedFiles.some((r) => r.fileName.startsWith("node:")) && !NODE_ONLY.some((re) => re.test(file))) {
        offenders.push(file);
      }
    }
    expect(offenders).toEqual([]);
  });

  it("keeps util/ at the bottom: it imports nothing from src/", () => {
    expect(edges.filter((e) => e.from.startsWith("util/") && !e.to.startsWith("util/"))).toEqual([]);
  });
});

describe("the checker itself", () => {
  it("finds a folder cycle and a file cycle, and not a chain", () => {
    expect(cycles([{ from: "a", to: "b" }, { from: "b", to: "c" }, { from: "c", to: "a" }, { from: "c", to: "d" }]))
      .toEqual([["a", "b", "c"]]);
    expect(cycles([{ from: "a", to: "b" }, { from: "b", to: "c" }])).toEqual([]);
    expect(cycles([{ from: "a", to: "a" }])).toEqual([]);
  });

  it("groups files by top-level folder and entry file", () => {
    expect(groupOf("adapters/node/reader.ts")).toBe("adapters");
    expect(groupOf("index.ts")).toBe("index");
    expect(layerOf("util")).toBeLessThan(layerOf("core"));
    expect(layerOf("discovery")).toBeLessThan(layerOf("sections"));
    expect(layerOf("api")).toBeLessThan(layerOf("adapters"));
    expect(layerOf("adapters")).toBeLessThan(layerOf("index"));
    expect(layerOf("index")).toBe(layerOf("node"));
  });
});

/** Longest source line (docs/architecture.md, "Long lines"): a line this long no longer fits a side-by-side diff. */
export const MAX_LINE = 200;

/**
 * Files that still have lines over MAX_LINE, with how many, each to be wrapped by its owner (rules.ts and
 * rules-i18n.ts: C2's pattern tables; cli/, workerd/ and fleet/: the helpers working there when the check came in).
 * The list only shrinks: a file may not gain a long line, and an entry whose count has dropped must be lowered (or
 * removed at 0), so the check tightens as lines are wrapped.
 */
const KNOWN_LONG_LINES: Readonly<Record<string, number>> = {
  "bench/anchor.ts": 5, "bench/fleet.ts": 3, "bench/quality.ts": 8, "bench/scan.ts": 6, "bench/tokens.ts": 1, "bench/worker.ts": 3,
  "scripts/gen-unicode.mjs": 1,
  "src/adapters/fleet/fleet.ts": 1, "src/adapters/workerd/validate-messages.ts": 1, "src/adapters/workerd/worker.ts": 2,
  "src/cli/main.ts": 1, "src/cli/review.ts": 1,
  "src/page/main.ts": 3, "src/page/style.css": 1, "src/page/view.ts": 3,
  "src/providers/anthropic.ts": 2, "src/providers/explain.ts": 1, "src/providers/gemini.ts": 3,
  "src/scan/decoders.ts": 2, "src/scan/grade.ts": 1, "src/scan/pattern.ts": 1, "src/scan/rules-i18n.ts": 40, "src/scan/rules-source.ts": 111,
  "src/sections/skills.ts": 1, "src/sections/subdirs.ts": 1, "src/sections/texts.ts": 1,
  "src/stores/session.ts": 1, "src/tokens/tokens.ts": 1,
};

/** Source files (.ts, .mts, .mjs, .js, .css; dotfiles skipped) under the given folders of the repository, relative to it. */
function codeFiles(root: string, folders: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(join(root, dir))) {
      if (name.startsWith(".") || name === "node_modules") continue;
      const path = `${dir}/${name}`;
      if (statSync(join(root, path)).isDirectory()) walk(path);
      else if (/\.(m?ts|mjs|js|css)$/.test(name) && !name.endsWith(".d.ts")) out.push(path);
    }
  };
  for (const f of folders) walk(f);
  return out.sort();
}

/** Per file, how many of its lines are longer than `max` characters (files with none are left out). */
export function longLines(root: string, files: readonly string[], max = MAX_LINE): Record<string, number> {
  const out: Record<string, number> = {};
  for (const f of files) {
    const n = readFileSync(join(root, f), "utf8").split("\n").filter((l) => l.length > max).length;
    if (n > 0) out[f] = n;
  }
  return out;
}

describe("line length in src/, assembly/, scripts/ and bench/", () => {
  const REPO = fileURLToPath(new URL("..", import.meta.url));
  const found = longLines(REPO, codeFiles(REPO, ["src", "assembly", "scripts", "bench"]));

  it(`has no line over ${MAX_LINE} characters outside the named, shrinking allow-list`, () => {
    const over = Object.entries(found).filter(([f, n]) => n > (KNOWN_LONG_LINES[f] ?? 0)).map(([f, n]) => `${f}: ${n}`);
    expect(over).toEqual([]);
  });

  it("keeps the allow-list honest: an entry whose file now has fewer long lines must be lowered", () => {
    const stale = Object.entries(KNOWN_LONG_LINES).filter(([f, n]) => (found[f] ?? 0) < n).map(([f, n]) => `${f}: ${found[f] ?? 0} < ${n}`);
    expect(stale).toEqual([]);
  });

  it("counts by characters: a line of exactly MAX_LINE passes, one more fails", () => {
    const dir = mkdtempSync(join(tmpdir(), "promptasm-lines-"));
    try {
      writeFileSync(join(dir, "a.ts"), `${"x".repeat(MAX_LINE)}\n${"y".repeat(MAX_LINE + 1)}\n${"z".repeat(MAX_LINE + 5)}`);
      writeFileSync(join(dir, "b.ts"), `${"x".repeat(MAX_LINE)}\n`);
      expect(longLines(dir, ["a.ts", "b.ts"])).toEqual({ "a.ts": 2 });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

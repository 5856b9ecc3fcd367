// Build-time (Node) measure of the page bundle: the JS a first visit loads (the entry chunk and everything it
// imports statically), the tokenizer chunks (js-tiktoken and its rank tables, behind a dynamic import), other lazy
// chunks, the WASM core and the data assets (the built-in rules), each raw and gzipped. The Vite plugin prints it
// after every build and writes it to bundle-size.json beside the page; the e2e test checks it against the files and
// caps the main size.

import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import type { Plugin } from "vite";

/** One output chunk or asset, as the measure needs it. */
export interface OutputFile {
  fileName: string;
  /** The file's contents (a chunk's code, an asset's source). */
  contents: string | Uint8Array;
  /** Chunks only: true for the page's entry. */
  isEntry?: boolean;
  /** Chunks only: files this chunk imports statically / dynamically. */
  imports?: readonly string[];
  dynamicImports?: readonly string[];
  /** Chunks only: the modules in the chunk (absolute ids). */
  moduleIds?: readonly string[];
}

/** Sizes in bytes, raw and gzipped (zlib level 9). */
export interface Size {
  bytes: number;
  gzip: number;
}

/** A group of files and their summed sizes. */
export interface FileGroup extends Size {
  files: Array<{ file: string } & Size>;
}

/** The page bundle, measured. */
export interface BundleSizes {
  /** The entry chunk and its static imports: what the page loads before its first paint (JS only). */
  main: FileGroup;
  /** Chunks holding js-tiktoken (the tokenizer and its rank tables): loaded when token counts are asked for. */
  tokenizer: FileGroup;
  /** Other chunks behind a dynamic import (e.g. the sample texts). */
  lazy: FileGroup;
  /** The WASM core (.wasm assets). */
  wasm: FileGroup;
  /** Data the page fetches beside its script (.json assets: the built-in rules, rules-data.ts). */
  data: FileGroup;
}

/** Raw and gzipped size of some contents. */
export function sizeOf(contents: string | Uint8Array): Size {
  const bytes = typeof contents === "string" ? Buffer.from(contents, "utf8") : contents;
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

function group(files: OutputFile[]): FileGroup {
  const sized = files.map((f) => ({ file: f.fileName, ...sizeOf(f.contents) })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
  return { files: sized, bytes: sized.reduce((n, f) => n + f.bytes, 0), gzip: sized.reduce((n, f) => n + f.gzip, 0) };
}

const isTokenizer = (f: OutputFile): boolean => (f.moduleIds ?? []).some((id) => id.includes("/js-tiktoken/"));

/**
 * Splits a build's output into main, tokenizer, lazy and wasm groups.
 * @throws Error when there is no entry chunk, or a tokenizer chunk is imported statically by the main group (the
 *   tokenizer would then load with the page).
 */
export function measureBundle(output: readonly OutputFile[]): BundleSizes {
  const chunks = output.filter((f) => f.fileName.endsWith(".js"));
  const byName = new Map(chunks.map((c) => [c.fileName, c]));
  const entry = chunks.find((c) => c.isEntry);
  if (!entry) throw new Error("the page build has no entry chunk");
  const main = new Set<string>();
  const visit = (c: OutputFile): void => {
    if (main.has(c.fileName)) return;
    main.add(c.fileName);
    for (const i of c.imports ?? []) { const d = byName.get(i); if (d) visit(d); }
  };
  visit(entry);
  const mainFiles = chunks.filter((c) => main.has(c.fileName));
  const bad = mainFiles.filter(isTokenizer);
  if (bad.length > 0) throw new Error(`the tokenizer is in the page's main bundle (${bad.map((c) => c.fileName).join(", ")}): it must stay behind a dynamic import()`);
  return {
    main: group(mainFiles),
    tokenizer: group(chunks.filter((c) => !main.has(c.fileName) && isTokenizer(c))),
    lazy: group(chunks.filter((c) => !main.has(c.fileName) && !isTokenizer(c))),
    wasm: group(output.filter((f) => f.fileName.endsWith(".wasm"))),
    data: group(output.filter((f) => f.fileName.endsWith(".json") && !f.fileName.startsWith("."))),
  };
}

const kb = (n: number): string => `${(n / 1000).toFixed(1)} kB`;

/** The lines the build prints: one per group, sizes raw and gzipped. */
export function formatBundleSizes(s: BundleSizes): string {
  const row = (label: string, x: Size) => `  ${label.padEnd(46)} ${kb(x.bytes).padStart(10)}  gzip ${kb(x.gzip).padStart(9)}`;
  // A group of several files also lists each one (the tokenizer: js-tiktoken's lite build and one chunk per encoding).
  const lines = (label: string, g: FileGroup) => [
    row(label, g),
    ...(g.files.length > 1 ? g.files.map((f) => row(`  ${f.file.replace(/^.*\//, "")}`, f)) : []),
  ];
  return [
    "promptasm page bundle:",
    ...lines("main JS, without the tokenizer (first load)", s.main),
    ...lines("tokenizer chunks (on demand: token counts)", s.tokenizer),
    ...lines("other lazy chunks (sample workspaces)", s.lazy),
    ...lines("WASM core", s.wasm),
    ...lines("data (the built-in rules, preloaded)", s.data),
  ].join("\n");
}

/** The file beside the built page holding the BundleSizes as JSON. */
export const BUNDLE_SIZE_FILE = "bundle-size.json";

/** A Vite plugin that measures the bundle after it is written, prints it and writes BUNDLE_SIZE_FILE. */
export function bundleSizePlugin(): Plugin {
  let outDir = "";
  let info: (text: string) => void = () => {};
  return {
    name: "promptasm-bundle-size",
    apply: "build",
    configResolved(config) {
      outDir = config.build.outDir;
      info = (text) => config.logger.info(text);
    },
    writeBundle(_options, bundle) {
      const files: OutputFile[] = Object.values(bundle).map((o) =>
        o.type === "chunk"
          ? { fileName: o.fileName, contents: o.code, isEntry: o.isEntry, imports: o.imports, dynamicImports: o.dynamicImports, moduleIds: o.moduleIds }
          : { fileName: o.fileName, contents: o.source });
      const sizes = measureBundle(files);
      writeFileSync(join(outDir, BUNDLE_SIZE_FILE), `${JSON.stringify(sizes, null, 2)}\n`);
      info(formatBundleSizes(sizes));
    },
  };
}

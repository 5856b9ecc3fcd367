// The WebAssembly core's layout (assembly/DESIGN.md): the scan split along its pipeline behind an unchanged export
// list, and one invisible-character set generated for both sides (scripts/gen-invisible.mjs) that the core
// reports exactly — from strings, and as the UTF-8 decoder's candidate flag for every Unicode scalar value.
import { describe, it, expect } from "vitest";
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { createCore } from "../src/core/wasm.js";
import { INVISIBLE_RANGES, isInvisibleCodePoint } from "../src/util/invisible-set.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const module = await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url)));
const core = await createCore(module);

/** The function exports of build/release.wasm before the split (assembly/index.ts), in the module's order. */
const EXPORTED_FUNCTIONS = [
  "invisibleTotal", "truncateCuts", "pairSafeCuts", "inputBuffer", "decodeInput", "decodedInvisibleCandidates",
  "decodedFirstInvalid", "decodedFoldableAstral", "decodedPointer", "decodedUnits", "unitsBuffer", "releaseBuffers",
  "foldDecodedAstral", "findInvisibleDecoded", "findInvisibleDecodedRange", "encodedFlagsDecoded", "encodedFlagsInput",
  "useSlot", "clearTable", "setTransition", "setChains", "setRootState", "scanStartDecoded", "scanStartBuffer",
  "scanStartRange", "scanRun", "currentState", "setState", "neededClass", "scanInterleaved", "restartSerial",
  "scanStats", "matchCount", "takeMatches", "scanEnd", "__new", "__pin", "__unpin", "__collect", "normalize",
  "loadAstralFold", "loadTables",
];

const source = (path: string) => readFileSync(new URL(`../${path}`, import.meta.url), "utf8");

describe("assembly/ layout", () => {
  it("exports the same functions from build/release.wasm as before the scan was split", () => {
    const fns = WebAssembly.Module.exports(module).filter((e) => e.kind === "function").map((e) => e.name);
    expect(fns).toEqual(EXPORTED_FUNCTIONS);
    expect(WebAssembly.Module.imports(module).map((i) => `${i.module}.${i.name}`)).toEqual(["env.abort"]);
  });

  it("splits the scan into table, walk, chains, state and status files behind assembly/scan.ts", () => {
    expect(readdirSync(new URL("../assembly/scan", import.meta.url)).sort()).toEqual(["chains.ts", "state.ts", "status.ts", "table.ts", "walk.ts"]);
    const front = source("assembly/scan.ts");
    for (const f of ["table", "chains", "walk", "state"]) expect(front).toContain(`from "./scan/${f}"`);
    // scan.ts only gathers exports: no code of its own.
    expect(front.split("\n").filter((l) => l.trim() !== "" && !l.startsWith("//") && !l.startsWith("export {"))).toEqual([]);
  });

  it("names every status code once (scan/status.ts) and returns no raw negative number", () => {
    const status = source("assembly/scan/status.ts");
    const codes = Object.fromEntries([...status.matchAll(/export const (\w+): i32 = (-?\d+);/g)].map((m) => [m[1], Number(m[2])]));
    expect(codes).toEqual({ OK: 0, BAD_RANGE: -1, BAD_SHAPE: -4, FALL_BACK: -1, DONE: 0, NEED_TRANSITION: 1, NEED_DRAIN: 2 });
    for (const f of ["chains", "state", "table", "walk"]) {
      const text = source(`assembly/scan/${f}.ts`);
      expect(text.match(/return\s+-\d/g), f).toBeNull();
      expect(text.match(/^(export )?const (OK|BAD_RANGE|BAD_SHAPE|FALL_BACK|DONE|NEED_TRANSITION|NEED_DRAIN)\b/m), f).toBeNull();
    }
  });

  it("keeps every assembly/ source file under 400 lines", () => {
    const files = ["", "scan/"].flatMap((d) => readdirSync(new URL(`../assembly/${d}`, import.meta.url)).filter((f) => f.endsWith(".ts")).map((f) => `assembly/${d}${f}`));
    const long = files.map((f) => [f, source(f).split("\n").length] as const).filter(([, n]) => n > 400);
    expect(long).toEqual([]);
  });
});

describe("the invisible-character set (scripts/gen-invisible.mjs)", () => {
  it("is what the generator writes for both sides (npm run gen:invisible)", () => {
    const r = spawnSync(process.execPath, ["scripts/gen-invisible.mjs", "--check"], { cwd: REPO, encoding: "utf8" });
    expect({ status: r.status, stderr: r.stderr }).toEqual({ status: 0, stderr: "" });
  });

  it("--check fails, naming the file, when a generated file differs, and writes it without --check", () => {
    const dir = mkdtempSync(join(tmpdir(), "promptasm-gen-invisible-"));
    try {
      for (const d of ["scripts", "assembly", "src/util"]) mkdirSync(join(dir, d), { recursive: true });
      copyFileSync(join(REPO, "scripts/gen-invisible.mjs"), join(dir, "scripts/gen-invisible.mjs"));
      copyFileSync(join(REPO, "assembly/invisible-set.ts"), join(dir, "assembly/invisible-set.ts"));
      writeFileSync(join(dir, "src/util/invisible-set.ts"), source("src/util/invisible-set.ts").replace("[0x3164, 0x3164]", "[0x3165, 0x3165]"));
      const check = () => spawnSync(process.execPath, ["scripts/gen-invisible.mjs", "--check"], { cwd: dir, encoding: "utf8" });
      const stale = check();
      expect({ status: stale.status, stderr: stale.stderr }).toEqual({ status: 1, stderr: "src/util/invisible-set.ts is out of date: run npm run gen:invisible\n" });
      expect(spawnSync(process.execPath, ["scripts/gen-invisible.mjs"], { cwd: dir, encoding: "utf8" }).status).toBe(0);
      expect(readFileSync(join(dir, "src/util/invisible-set.ts"), "utf8")).toBe(source("src/util/invisible-set.ts"));
      expect(check().status).toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("holds 18 ranges and 473 code points, among them these", () => {
    expect(INVISIBLE_RANGES).toEqual([
      [0x0000, 0x0008], [0x000e, 0x001f], [0x007f, 0x009f], [0x00ad, 0x00ad], [0x034f, 0x034f], [0x061c, 0x061c],
      [0x180e, 0x180e], [0x200b, 0x200f], [0x202a, 0x202e], [0x2060, 0x2064], [0x2066, 0x2069], [0x3164, 0x3164],
      [0xfe00, 0xfe0f], [0xfeff, 0xfeff], [0xffa0, 0xffa0], [0xfff9, 0xfffb], [0xe0000, 0xe007f], [0xe0100, 0xe01ef],
    ]);
    expect(INVISIBLE_RANGES.reduce((n, [lo, hi]) => n + hi - lo + 1, 0)).toBe(473);
    for (const cp of [0x00, 0x08, 0x0e, 0x1f, 0x7f, 0x9f, 0xad, 0x200b, 0x202e, 0x2066, 0xfeff, 0xe0001, 0xe01ef]) expect(isInvisibleCodePoint(cp), cp.toString(16)).toBe(true);
    for (const cp of [0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x41, 0xa0, 0xac, 0x2065, 0x206a, 0xe0080, 0xe01f0, 0x10ffff]) expect(isInvisibleCodePoint(cp), cp.toString(16)).toBe(false);
  });

  it("is exactly what the core reports for each BMP character on its own (between spaces)", () => {
    // Nine spaces apart: the widest neighbour rule (a bidi mark near a right-to-left letter) looks 8 code units away.
    const gap = " ".repeat(9);
    const cps: number[] = [];
    for (let cp = 0; cp <= 0xffff; cp++) if (cp < 0xd800 || cp > 0xdfff) cps.push(cp);
    const text = gap + cps.map((cp) => String.fromCharCode(cp)).join(gap) + gap;
    const reported = core.findInvisible(text).map((f) => f.codePoint);
    expect(reported).toEqual(cps.filter(isInvisibleCodePoint));
  });

  it("is exactly what the core reports for each supplementary character on its own", () => {
    const cps: number[] = [];
    for (let cp = 0xe0000; cp <= 0xe0200; cp++) cps.push(cp);
    cps.push(0x10000, 0x1f600, 0xdffff, 0xfffff, 0x10ffff);
    const gap = " ".repeat(9);
    const text = gap + cps.map((cp) => String.fromCodePoint(cp)).join(gap) + gap;
    expect(core.findInvisible(text).map((f) => f.codePoint)).toEqual(cps.filter(isInvisibleCodePoint));
  });

  it("is what the UTF-8 decoder flags as invisible-pass work, for every Unicode scalar value", async () => {
    const { exports } = await WebAssembly.instantiate(module, { env: { abort: () => { throw new Error("abort"); } } });
    const wasm = exports as unknown as {
      memory: WebAssembly.Memory; inputBuffer(n: number): number; decodeInput(n: number): number; decodedInvisibleCandidates(): number;
    };
    const enc = new TextEncoder();
    const ptr = wasm.inputBuffer(4096); // the buffer is at least 4,096 bytes from now on, so it stays here
    let mem = new Uint8Array(wasm.memory.buffer);
    const wrong: string[] = [];
    for (let cp = 0; cp <= 0x10ffff; cp++) {
      if (cp >= 0xd800 && cp <= 0xdfff) continue;
      if (mem.buffer !== wasm.memory.buffer) mem = new Uint8Array(wasm.memory.buffer); // decodeInput may grow memory
      const { written } = enc.encodeInto(String.fromCodePoint(cp), mem.subarray(ptr, ptr + 4));
      if (wasm.inputBuffer(written) !== ptr) wrong.push(`moved at ${cp.toString(16)}`);
      if (wasm.decodeInput(written) !== (cp > 0xffff ? 2 : 1)) wrong.push(`decoded ${cp.toString(16)} wrongly`);
      if ((wasm.decodedInvisibleCandidates() !== 0) !== isInvisibleCodePoint(cp)) wrong.push(cp.toString(16));
    }
    expect(wrong).toEqual([]);
  });
});

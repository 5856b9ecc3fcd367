// npx tsx bench/groups-ab.ts (after npm run build). A/B in one process: the built-in rules as the Scanner groups
// them (phrase and command groups per scope) against the same patterns as one automaton per scope (every rule cloned
// with category "custom", so groupKey puts it in one group). Prints MB/s (10^6 bytes of UTF-8) and the ratio.
import { readFile, readdir } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createCore } from "../src/core/wasm.js";
import { Scanner } from "../src/scan/scanner.js";
import { BUILTIN_RULES } from "../src/scan/rules.js";
const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));
const parts: Buffer[] = [];
const walk = async (d: string) => {
  for (const e of await readdir(d, { withFileTypes: true })) {
    const p = join(d, e.name);
    if (e.isDirectory()) await walk(p);
    else if (!/LICENSE|README/i.test(e.name)) parts.push(await readFile(p));
  }
};
await walk(fileURLToPath(new URL("../../shared/corpus/benign", import.meta.url)));
const bytes = new Uint8Array(Buffer.concat(parts));
const split = new Scanner(core);
const one = new Scanner(core, BUILTIN_RULES.map((r) => ({ ...r, category: "custom" as const })));
for (const scope of ["context", "strict"] as const) {
  const a = split.compiledFor(scope).set as any, b = one.compiledFor(scope).set as any;
  for (let w = 0; w < 2; w++) { core.scanBytes(a, bytes); core.scanBytes(b, bytes); }
  const ta: number[] = [], tb: number[] = [];
  for (let i = 0; i < 9; i++) {
    let t = performance.now(); core.scanBytes(a, bytes); ta.push(performance.now() - t);
    t = performance.now(); core.scanBytes(b, bytes); tb.push(performance.now() - t);
  }
  const best = (x: number[]) => Math.min(...x);
  const mbs = (ms: number) => (bytes.length / 1e3 / ms).toFixed(0);
  console.log(`${scope}: ${(bytes.length / 1e6).toFixed(1)} MB; groups ${a.groups.length} (${a.statesBuilt} states) ${mbs(best(ta))} MB/s;`
    + ` one automaton (${b.statesBuilt} states) ${mbs(best(tb))} MB/s; ratio ${(best(tb) / best(ta)).toFixed(2)}x`);
}

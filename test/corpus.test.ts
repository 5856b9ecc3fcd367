// Differential test on the real corpus (../shared/corpus, beside the repository; CI always has it): for every
// benign agent context file and every attack payload file, the WASM engine's raw findings must equal the JS RegExp
// reference engine's. Also checks that the built-in rules catch attacks and rarely fire on benign files.
import { describe, it, expect } from "vitest";
import { existsSync } from "node:fs";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { createCore } from "../src/core/wasm.js";
import { compileRules } from "../src/scan/compile.js";
import { compileReference, scanReference } from "../src/scan/reference.js";
import { BUILTIN_RULES } from "../src/scan/rules.js";
import { Scanner } from "../src/scan/scanner.js";
import { CORPUS, describeCorpus } from "./helpers/corpus.js";


const core = await createCore(await WebAssembly.compile(await readFile(new URL("../build/release.wasm", import.meta.url))));
const PATTERNS = BUILTIN_RULES.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true }));
const COMPILED = compileRules(PATTERNS);
const REFERENCE = compileReference(PATTERNS);
const utf8 = new TextDecoder("utf-8", { fatal: false });
/** The whole-corpus differential runs every built-in rule in one automaton and in the RegExp reference: on a busy
 * 2-core machine the benign half took 61 s in CI (stop 27) and 60 s locally (wasm 17 s, reference 44 s), so it gets
 * five minutes, not vitest's 60 s default. */
const DIFFERENTIAL_TIMEOUT_MS = 300_000;

interface CorpusFile {
  /** Path relative to the corpus root, e.g. "benign/owner__repo/AGENTS.md". */
  name: string;
  text: string;
}

const loaded = new Map<string, Promise<CorpusFile[]>>();
/** Every file under corpus/<sub>, sorted by path, decoded as UTF-8 (bad bytes become U+FFFD). Read once per run. */
function loadCorpus(sub: "benign" | "attacks"): Promise<CorpusFile[]> {
  if (!loaded.has(sub)) loaded.set(sub, readCorpus(sub));
  return loaded.get(sub)!;
}

async function readCorpus(sub: "benign" | "attacks"): Promise<CorpusFile[]> {
  const root = join(CORPUS, sub);
  if (!existsSync(root)) {
    throw new Error(`corpus folder ${root} is missing: this differential test needs ../shared/corpus beside the repository (CI always has it)`);
  }
  const files: CorpusFile[] = [];
  async function walk(dir: string, rel: string): Promise<void> {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (e.isDirectory()) await walk(join(dir, e.name), `${rel}/${e.name}`);
      else if (e.isFile()) files.push({ name: `${rel}/${e.name}`, text: utf8.decode(await readFile(join(dir, e.name))) });
    }
  }
  await walk(root, sub);
  return files;
}

/** Files whose WASM findings differ from the reference's, with the first differing pair for each. */
function mismatches(files: CorpusFile[]): string[] {
  const out: string[] = [];
  for (const f of files) {
    const wasm = core.scanRaw(COMPILED, f.text);
    const ref = scanReference(REFERENCE, f.text);
    if (wasm.join() === ref.join()) continue;
    let k = 0;
    while (k < Math.max(wasm.length, ref.length) && wasm[k] === ref[k] && wasm[k + 1] === ref[k + 1]) k += 2;
    const pair = (a: Int32Array) => (k < a.length ? `${BUILTIN_RULES[a[k]!]!.id}@${a[k + 1]}` : "nothing");
    out.push(`${f.name}: ${wasm.length / 2} vs ${ref.length / 2} findings; first difference wasm ${pair(wasm)}, reference ${pair(ref)}`);
  }
  return out;
}

describeCorpus("corpus", () => {
  it("../shared/corpus is present", () => {
    expect(existsSync(CORPUS), `corpus not found at ${CORPUS}; CI always has ../shared/corpus beside the repository`).toBe(true);
  });

  describe("benign agent context files", () => {
    it("WASM findings equal the reference engine's for every file", async () => {
      const files = await loadCorpus("benign");
      expect(files.length).toBeGreaterThan(1000); // README: 1,046 files
      expect(mismatches(files)).toEqual([]);
    }, DIFFERENTIAL_TIMEOUT_MS);

    // Context files are scanned at the "context" scope; "strict" rules are for text an agent writes itself (its
    // memory and skills), where "update AGENTS.md" is suspicious but in a human-written AGENTS.md it is routine.
    it("at most 1% of benign files have a threat finding at the context scope", async () => {
      const files = await loadCorpus("benign");
      const flagged: string[] = [];
      const scanner = new Scanner(core);
      for (const f of files) {
        const ids = new Set(scanner.scan(f.text, { scope: "context" }).filter((x) => x.rule !== "invisible-unicode").map((x) => x.rule));
        if (ids.size > 0) flagged.push(`${f.name} (${[...ids].join(", ")})`);
      }
      console.log(`benign files with a threat finding: ${flagged.length} of ${files.length}\n  ${flagged.join("\n  ")}`);
      expect(flagged.length).toBeLessThanOrEqual(Math.floor(files.length / 100));
    });
  });

  describe("lazy DFA on real text", () => {
    // A rule whose automaton multiplies with the others makes the DFA thrash (clear its cache again and again):
    // still linear, but dozens of times slower (secret-literal with a counter per key format once built 220,000
    // states and cleared the cache 26 times on the benign corpus alone). The whole corpus, 27 MB of varied text, may
    // fill the cache once; it must not thrash.
    it("the strict rule set scans the whole corpus without thrashing its DFA cache", async () => {
      const scanner = new Scanner(core);
      for (const f of [...(await loadCorpus("benign")), ...(await loadCorpus("attacks"))]) scanner.scan(f.text, { scope: "strict" });
      const { set } = scanner.compiledFor("strict");
      expect(set.generation).toBeLessThanOrEqual(1);
      // Each group has its own cache: none builds more than twice what it can hold (the four strict groups built
      // 33,395 + 50,256 + 53,076 + 3,702 states after session 15's rules).
      for (const g of set.groups) expect(g.statesBuilt).toBeLessThan(2 * g.capacity);
    });
    it("the context rule set (what context files get) scans the benign corpus without clearing its cache, and benign + attacks with at most one clearing", async () => {
      const scanner = new Scanner(core);
      for (const f of await loadCorpus("benign")) scanner.scan(f.text, { scope: "context" });
      expect(scanner.compiledFor("context").set.generation).toBe(0);
      // The attack files are made of rule fragments: the phrase rules' states fill the 65,535-state cache once.
      for (const f of await loadCorpus("attacks")) scanner.scan(f.text, { scope: "context" });
      expect(scanner.compiledFor("context").set.generation).toBeLessThanOrEqual(1);
    });
  });

  describe("attack payload files", () => {
    it("WASM findings equal the reference engine's for every file", async () => {
      const files = await loadCorpus("attacks");
      expect(files.length).toBeGreaterThan(200); // README: 250 files
      expect(mismatches(files)).toEqual([]);
    }, DIFFERENTIAL_TIMEOUT_MS);

    it("the built-in rules find more than 100 threats in attacks/", async () => {
      const files = await loadCorpus("attacks");
      const total = files.reduce((n, f) => n + core.scanRaw(COMPILED, f.text).length / 2, 0);
      expect(total).toBeGreaterThan(100);
    });
  });
});

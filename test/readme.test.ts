// The README is the front page and docs/ holds the rest (issue 15, item 6): the README stays short, every relative
// link in it and in docs/ leads to a file (and a heading, when it names one), every `promptasm` option the README and
// docs/cli.md show exists in the built CLI's --help and every option the CLI has is documented in docs/cli.md. Also
// the prerequisite check `npm test` runs first (scripts/check-prereqs.mjs): its search for Chromium and its verdict.
import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module without declarations (scripts/ is not TypeScript)
import * as prereqs from "../scripts/check-prereqs.mjs";
import { requireChromium } from "./browser/chromium.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const BIN = join(REPO, "bin", "promptasm.js");
const SCRIPT = join(REPO, "scripts", "check-prereqs.mjs");
const README = join(REPO, "README.md");
const CLI_DOC = join(REPO, "docs", "cli.md");
const COMMANDS = ["assemble", "scan", "explain"] as const;
type Command = (typeof COMMANDS)[number];

/** The ceiling from the issue ("at most ~200 lines"), with the ~ spelled out: 10% over. */
const README_MAX_LINES = 220;

const read = (path: string) => readFileSync(path, "utf8");
const docs = () => readdirSync(join(REPO, "docs")).filter((n) => n.endsWith(".md")).sort().map((n) => join(REPO, "docs", n));

/** Text outside fenced code blocks (links inside code are examples, not links). */
function prose(markdown: string): string {
  return markdown.split(/^```.*$/m).filter((_, i) => i % 2 === 0).join("\n");
}

/** Markdown links `[text](target)` outside code, with their line numbers; `<…>` and titles are not used here. */
function links(markdown: string): { target: string; line: number }[] {
  const out: { target: string; line: number }[] = [];
  let inFence = false;
  markdown.split("\n").forEach((text, i) => {
    if (/^```/.test(text)) { inFence = !inFence; return; }
    if (inFence) return;
    const noSpans = text.replace(/`[^`]*`/g, "");
    for (const m of noSpans.matchAll(/\]\(([^()\s]+)\)/g)) out.push({ target: m[1], line: i + 1 });
  });
  return out;
}

/** GitHub's heading anchors: lower case, punctuation other than "-" and "_" dropped, spaces to "-", "-1" for repeats. */
function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const m of prose(markdown).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = m[1].replace(/`/g, "").replace(/\[([^\]]*)\]\([^)]*\)/g, "$1").toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, "").trim().replace(/\s/g, "-");
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

describe("README: a front page", () => {
  const text = read(README);

  it(`is at most ${README_MAX_LINES} lines`, () => {
    expect(text.split("\n").length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it("links every page in docs/", () => {
    const linked = new Set(links(text).map((l) => l.target.split("#")[0]));
    const unlinked = docs().map((p) => relative(REPO, p)).filter((p) => !linked.has(p));
    expect(unlinked).toEqual([]);
  });

  it("names the pipeline, the two commands, the three kinds of user, the prerequisites and every policy", () => {
    for (const stage of ["discovery", "WASM core", "sections → tiers", "cache boundary", "frozen store", "provider request"]) {
      expect(text, stage).toContain(stage);
    }
    expect(text).toContain("promptasm assemble ");
    expect(text).toContain("promptasm scan ");
    expect(text).toContain("IndexedDbSessionStore");
    expect(text).toContain("KvSessionStore");
    expect(text).toContain("--format sarif");
    expect(text).toContain("sudo apt-get install -y chromium");
    expect(text).toContain("../shared/corpus");
    for (const policy of ["hermes", "codex", "claude", "cursor", "gemini", "openclaw", "copilot", "windsurf", "cline", "roo", "kiro", "junie", "auto"]) {
      expect(text, policy).toMatch(new RegExp(`^\\| \`${policy}\``, "m"));
    }
  });

  it("lists one line per runtime dependency in package.json, and no dependency it does not have", () => {
    const pkg = JSON.parse(read(join(REPO, "package.json"))) as { dependencies?: Record<string, string>; peerDependencies?: Record<string, string> };
    const runtime = Object.keys({ ...pkg.dependencies, ...pkg.peerDependencies }).sort();
    const section = text.slice(text.indexOf("## Runtime dependencies"), text.indexOf("\n## ", text.indexOf("## Runtime dependencies") + 1));
    const listed = [...section.matchAll(/^- `([^`]+)`:/gm)].map((m) => m[1]).sort();
    expect(listed).toEqual(runtime);
  });
});

describe("relative links in README.md and docs/*.md", () => {
  const files = [README, ...docs()];
  for (const file of files) {
    it(`${relative(REPO, file)}: every relative link leads to a file (and heading)`, () => {
      const broken: string[] = [];
      for (const { target, line } of links(read(file))) {
        if (/^[a-z][a-z+.-]*:/i.test(target)) continue; // https:, mailto:, …
        const [path, fragment] = target.split("#") as [string, string | undefined];
        const dest = path === "" ? file : resolve(dirname(file), decodeURIComponent(path));
        if (!existsSync(dest)) { broken.push(`${line}: ${target} (no such file)`); continue; }
        if (fragment && dest.endsWith(".md") && statSync(dest).isFile() && !anchors(read(dest)).has(fragment)) {
          broken.push(`${line}: ${target} (no heading #${fragment} in ${relative(REPO, dest)})`);
        }
      }
      expect(broken).toEqual([]);
    });
  }

  it("the link checker itself finds a missing file and a missing heading", () => {
    const dir = mkdtempSync(join(tmpdir(), "promptasm-readme-"));
    try {
      writeFileSync(join(dir, "a.md"), "# A page\n\n## Two words\n\nSee [b](b.md), [c](c.md#nope), [self](#two-words), `[x](code.md)`.\n\n```\n[y](fenced.md)\n```\n");
      writeFileSync(join(dir, "c.md"), "# C\n");
      const found = links(read(join(dir, "a.md"))).map((l) => l.target);
      expect(found).toEqual(["b.md", "c.md#nope", "#two-words"]);
      expect([...anchors(read(join(dir, "a.md")))]).toEqual(["a-page", "two-words"]);
      expect(anchors("## `--json` output, again?\n## `--json` output, again?\n")).toEqual(new Set(["--json-output-again", "--json-output-again-1"]));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

/** `--long` options in a `--help` text. */
function helpFlags(help: string): Set<string> {
  return new Set([...help.matchAll(/(?:^|[\s,])(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]));
}

/**
 * Options a Markdown text gives to each command: in a code block, on a line after `promptasm <command>` and in an
 * option list (lines starting with "--" after 1-4 spaces) under such a line, a shell comment (" # …") ending a line;
 * in prose, in an inline span `promptasm <command> …` or `<command> --flag …`.
 */
function shownFlags(markdown: string): Map<Command, Set<string>> {
  const out = new Map<Command, Set<string>>(COMMANDS.map((c) => [c, new Set<string>()]));
  const add = (command: Command, flags: Iterable<string>) => { for (const f of flags) out.get(command)!.add(f); };
  let inFence = false;
  let listing: Command | undefined;
  for (const raw of markdown.split("\n")) {
    if (/^```/.test(raw)) { inFence = !inFence; listing = undefined; continue; }
    const line = inFence ? raw.replace(/\s#\s.*$/, "") : raw;
    if (inFence) {
      const invocation = /\bpromptasm(?:\.js)?\s+(assemble|scan|explain)\b(.*)$/.exec(line);
      if (invocation) {
        add(invocation[1] as Command, [...invocation[2].matchAll(/(?:^|[\s[])(--[a-z][a-z0-9-]*)/g)].map((m) => m[1]));
        listing = invocation[1] as Command;
        continue;
      }
      // An option starts a line indented by 1-4 spaces; deeper lines continue a description.
      const option = listing && /^ {1,4}(--[a-z][a-z0-9-]*)/.exec(line);
      if (option) add(listing!, [option[1]]);
      continue;
    }
    // Prose: each inline span that runs `promptasm <command> …` or starts `<command> --flag`.
    for (const span of line.matchAll(/`([^`]+)`/g)) {
      const m = /^(?:(?:npx\s+)?promptasm(?:\.js)?\s+|node\s+\S*promptasm\.js\s+)?(assemble|scan|explain)\b(.*)$/.exec(span[1]);
      if (m && (span[1] !== m[1] + m[2] || m[2].trimStart().startsWith("--"))) {
        add(m[1] as Command, [...m[2].matchAll(/(?:^|[\s[])(--[a-z][a-z0-9-]*)/g)].map((x) => x[1]));
      }
    }
  }
  return out;
}

const built = existsSync(join(REPO, "dist", "cli", "main.js"));

describe("the options the README and docs/cli.md show exist in the built CLI", () => {
  it("the extractor reads invocations, inline spans and option lists", () => {
    const md = [
      "Run `promptasm scan . --json` or `assemble --warnings-block`; `npm run bench -- --quick` is not the CLI.",
      "```sh",
      "promptasm assemble dir --home h --model m   # --not-this",
      "```",
      "```",
      "promptasm explain <a> <b> [--json]",
      "promptasm scan <path...> [options]   scan",
      "  --format <format>   human",
      "                      --continuation-line",
      "  --all               every file",
      "```",
    ].join("\n");
    const got = shownFlags(md);
    expect([...got.get("scan")!].sort()).toEqual(["--all", "--format", "--json"]);
    expect([...got.get("assemble")!].sort()).toEqual(["--home", "--model", "--warnings-block"]);
    expect([...got.get("explain")!]).toEqual(["--json"]);
  });

  it.skipIf(!built)("every option shown for a command is in `promptasm <command> --help`, and docs/cli.md lists every option (skipped when dist/ is not built: run npm run build:ts)", () => {
    const help = new Map(COMMANDS.map((c) => [c, helpFlags(execFileSync(process.execPath, [BIN, c, "--help"], { encoding: "utf8" }))]));
    for (const c of COMMANDS) expect(help.get(c)!.size, `${c} --help lists options`).toBeGreaterThan(0);
    const unknown: string[] = [];
    for (const [name, file] of [["README.md", README], ["docs/cli.md", CLI_DOC]] as const) {
      for (const [command, flags] of shownFlags(read(file))) {
        for (const flag of flags) if (!help.get(command)!.has(flag)) unknown.push(`${name}: promptasm ${command} ${flag}`);
      }
    }
    // Any other option the README names (in prose, `--policy`) must be some command's.
    const all = new Set(COMMANDS.flatMap((c) => [...help.get(c)!]));
    for (const m of read(README).matchAll(/(?:^|[\s`[(])(--[a-z][a-z0-9-]*)/gm)) {
      if (!all.has(m[1])) unknown.push(`README.md: ${m[1]} (no command has it)`);
    }
    expect(unknown).toEqual([]);
    const documented = shownFlags(read(CLI_DOC));
    const undocumented: string[] = [];
    for (const command of COMMANDS) {
      for (const flag of help.get(command)!) {
        if (flag !== "--help" && !documented.get(command)!.has(flag)) undocumented.push(`promptasm ${command} ${flag} (add it to docs/cli.md's Options block)`);
      }
    }
    expect(undocumented).toEqual([]);
  });

  it.skipIf(!built)("README shows options for both commands it introduces (skipped when dist/ is not built)", () => {
    const shown = shownFlags(read(README));
    expect([...shown.get("assemble")!].sort()).toEqual(expect.arrayContaining(["--home", "--model"]));
    expect([...shown.get("scan")!].sort()).toEqual(expect.arrayContaining(["--format", "--baseline", "--threads"]));
  });
});

describe("scripts/check-prereqs.mjs: findChromium", () => {
  const exec = (...paths: string[]) => (p: string) => paths.includes(p);
  const none = () => [];

  it("takes $PROMPTASM_CHROMIUM over $CHROMIUM_PATH over the system paths", () => {
    const isExecutable = exec("/opt/a", "/opt/b", "/usr/bin/chromium");
    expect(prereqs.findChromium({ env: { PROMPTASM_CHROMIUM: "/opt/a", CHROMIUM_PATH: "/opt/b" }, isExecutable, npmBrowsers: none }))
      .toEqual({ path: "/opt/a", source: "$PROMPTASM_CHROMIUM" });
    expect(prereqs.findChromium({ env: { CHROMIUM_PATH: "/opt/b" }, isExecutable, npmBrowsers: none }))
      .toEqual({ path: "/opt/b", source: "$CHROMIUM_PATH" });
    expect(prereqs.findChromium({ env: { PROMPTASM_CHROMIUM: "" }, isExecutable, npmBrowsers: none }))
      .toEqual({ path: "/usr/bin/chromium", source: "system package" });
  });

  it("a variable naming no executable is a problem naming the variable, never a silent fallback", () => {
    const found = prereqs.findChromium({ env: { CHROMIUM_PATH: "/typo/chromium" }, isExecutable: exec("/usr/bin/chromium"), npmBrowsers: none });
    expect(found).toEqual({ path: null, variable: "CHROMIUM_PATH", problem: "$CHROMIUM_PATH is set to \"/typo/chromium\", which is not an executable file" });
  });

  it("tries the system paths in order: Debian's chromium, chromium-browser, google-chrome, google-chrome-stable, the snap", () => {
    expect(prereqs.SYSTEM_CHROMIUM).toEqual(["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/usr/bin/google-chrome-stable", "/snap/bin/chromium"]);
    const found = prereqs.findChromium({ env: {}, isExecutable: exec("/usr/bin/google-chrome", "/usr/bin/chromium-browser"), npmBrowsers: none });
    expect(found).toEqual({ path: "/usr/bin/chromium-browser", source: "system package" });
  });

  it("falls back to a browser an npm package already put on the machine, the first that exists", () => {
    const npmBrowsers = () => [{ path: "/cache/gone/chrome", source: "x" }, { path: "/cache/rev2/chrome", source: "Playwright's browser cache (/cache)" }];
    expect(prereqs.findChromium({ env: {}, isExecutable: exec("/cache/rev2/chrome"), npmBrowsers }))
      .toEqual({ path: "/cache/rev2/chrome", source: "Playwright's browser cache (/cache)" });
    // A system browser wins over a cached one.
    expect(prereqs.findChromium({ env: {}, isExecutable: exec("/cache/rev2/chrome", "/snap/bin/chromium"), npmBrowsers }).path).toBe("/snap/bin/chromium");
  });

  it("with nothing anywhere, the problem says where it looked", () => {
    const found = prereqs.findChromium({ env: {}, isExecutable: () => false, npmBrowsers: none });
    expect(found.path).toBeNull();
    expect(found.problem).toContain("/usr/bin/chromium");
    expect(found.problem).toContain("$PROMPTASM_CHROMIUM");
    expect(found.problem).toContain("playwright-core");
  });

  describe("npmBrowserCandidates on a fake home", () => {
    const home = mkdtempSync(join(tmpdir(), "promptasm-prereqs-home-"));
    afterAll(() => rmSync(home, { recursive: true, force: true }));
    const touch = (path: string) => { mkdirSync(dirname(path), { recursive: true }); writeFileSync(path, "#!/bin/sh\n"); chmodSync(path, 0o755); };

    it("finds Playwright's and Puppeteer's cached browsers, newest revision first, and findChromium launches one", () => {
      const pw = join(home, ".cache", "ms-playwright");
      touch(join(pw, "chromium-999", "chrome-linux64", "chrome"));
      touch(join(pw, "chromium-1200", "chrome-linux64", "chrome"));
      mkdirSync(join(pw, "firefox-1"), { recursive: true });
      touch(join(home, ".cache", "puppeteer", "chrome", "linux-131.0.1", "chrome-linux64", "chrome"));
      const repo = join(home, "no-repo"); // no playwright-core to ask
      const candidates = prereqs.npmBrowserCandidates({ env: {}, home, repo }) as { path: string; source: string }[];
      const paths = candidates.map((c) => c.path);
      const i1200 = paths.indexOf(join(pw, "chromium-1200", "chrome-linux64", "chrome"));
      const i999 = paths.indexOf(join(pw, "chromium-999", "chrome-linux64", "chrome"));
      expect(i1200).toBeGreaterThanOrEqual(0);
      expect(i999).toBeGreaterThan(i1200);
      expect(paths.some((p) => p.includes("firefox"))).toBe(false);
      expect(paths).toContain(join(home, ".cache", "puppeteer", "chrome", "linux-131.0.1", "chrome-linux64", "chrome"));
      const system = new Set<string>(prereqs.SYSTEM_CHROMIUM);
      const found = prereqs.findChromium({ env: {}, isExecutable: (p: string) => !system.has(p) && prereqs.isExecutableFile(p), npmBrowsers: () => candidates });
      expect(found).toEqual({ path: join(pw, "chromium-1200", "chrome-linux64", "chrome"), source: `Playwright's browser cache (${pw})` });
    });

    it("reads $PLAYWRIGHT_BROWSERS_PATH first, and not when it is 0 (then node_modules/playwright-core/.local-browsers)", () => {
      const custom = join(home, "pw-custom");
      touch(join(custom, "chromium_headless_shell-1200", "chrome-linux", "headless_shell"));
      const withVar = (prereqs.npmBrowserCandidates({ env: { PLAYWRIGHT_BROWSERS_PATH: custom }, home, repo: join(home, "r") }) as { path: string }[]).map((c) => c.path);
      expect(withVar[0]).toBe(join(custom, "chromium_headless_shell-1200", "chrome-linux64", "chrome"));
      expect(withVar).toContain(join(custom, "chromium_headless_shell-1200", "chrome-linux", "headless_shell"));
      const repo = join(home, "r0");
      touch(join(repo, "node_modules", "playwright-core", ".local-browsers", "chromium-5", "chrome-linux64", "chrome"));
      const zero = (prereqs.npmBrowserCandidates({ env: { PLAYWRIGHT_BROWSERS_PATH: "0" }, home, repo }) as { path: string }[]).map((c) => c.path);
      expect(zero.some((p) => p.startsWith(custom))).toBe(false);
      expect(zero).toContain(join(repo, "node_modules", "playwright-core", ".local-browsers", "chromium-5", "chrome-linux64", "chrome"));
    });
  });

  it("the browser tests launch exactly what the check finds (test/browser/chromium.ts imports it)", () => {
    const found = prereqs.findChromium();
    if (found.path === null) expect(() => requireChromium()).toThrow(found.problem);
    else expect(requireChromium()).toBe(found.path);
  });
});

describe("scripts/check-prereqs.mjs: decide", () => {
  const good = {
    nodeVersion: "v20.20.0", uid: 1000, hasNodeModules: true, sqlite: { ok: true }, corpus: true,
    chromium: { path: "/usr/bin/chromium", source: "system package" },
  };

  it("a ready machine passes, and says which Chromium it will use", () => {
    expect(prereqs.decide(good)).toEqual({ ok: true, problems: [], notes: ["Chromium: /usr/bin/chromium (system package)"] });
  });

  it("no Chromium: the one fix is apt-get install chromium, with sudo unless root", () => {
    const chromium = { path: null, problem: "no Chromium found" };
    const user = prereqs.decide({ ...good, chromium });
    expect(user.ok).toBe(false);
    expect(user.problems.map((p: { fix: string }) => p.fix)).toEqual(["sudo apt-get install -y chromium"]);
    expect(user.problems[0].what).toContain("never `playwright install`");
    expect(prereqs.decide({ ...good, uid: 0, chromium }).problems.map((p: { fix: string }) => p.fix)).toEqual(["apt-get install -y chromium"]);
    expect(prereqs.chromiumFix(0)).toBe("apt-get install -y chromium");
    expect(prereqs.chromiumFix(501)).toBe("sudo apt-get install -y chromium");
  });

  it("a variable at fault is fixed by unsetting it, not by installing a browser", () => {
    const verdict = prereqs.decide({ ...good, chromium: { path: null, variable: "PROMPTASM_CHROMIUM", problem: "$PROMPTASM_CHROMIUM is set to \"/x\"" } });
    expect(verdict.problems.map((p: { fix: string }) => p.fix)).toEqual(["unset PROMPTASM_CHROMIUM"]);
  });

  it("Node older than 20 fails with nvm install 20; 20 and later pass", () => {
    expect(prereqs.MIN_NODE_MAJOR).toBe(20);
    expect(prereqs.decide({ ...good, nodeVersion: "v19.9.0" }).problems.map((p: { fix: string }) => p.fix)).toEqual(["nvm install 20"]);
    expect(prereqs.decide({ ...good, nodeVersion: "v18.20.4" }).ok).toBe(false);
    expect(prereqs.decide({ ...good, nodeVersion: "v22.1.0" }).ok).toBe(true);
    expect(prereqs.decide({ ...good, nodeVersion: "garbage" }).ok).toBe(false);
  });

  it("no node_modules: npm ci (and better-sqlite3 is not judged then)", () => {
    const verdict = prereqs.decide({ ...good, hasNodeModules: false, sqlite: { ok: false, missing: true, message: "x" } });
    expect(verdict.problems.map((p: { fix: string }) => p.fix)).toEqual(["npm ci"]);
  });

  it("better-sqlite3 missing: npm ci; present but failing to load: npm rebuild, naming the toolchain", () => {
    expect(prereqs.decide({ ...good, sqlite: { ok: false, missing: true, message: "Cannot find module" } }).problems.map((p: { fix: string }) => p.fix)).toEqual(["npm ci"]);
    const broken = prereqs.decide({ ...good, sqlite: { ok: false, missing: false, message: "Could not locate the bindings file" } });
    expect(broken.problems.map((p: { fix: string }) => p.fix)).toEqual(["npm rebuild better-sqlite3"]);
    expect(broken.problems[0].what).toContain("Could not locate the bindings file");
    expect(broken.problems[0].what).toContain("build-essential python3");
  });

  it("every problem is reported at once, in the order node, dependencies, Chromium", () => {
    const verdict = prereqs.decide({ ...good, nodeVersion: "v18.0.0", hasNodeModules: false, chromium: { path: null, problem: "none" } });
    expect(verdict.problems.map((p: { fix: string }) => p.fix)).toEqual(["nvm install 20", "npm ci", "sudo apt-get install -y chromium"]);
  });

  it("a missing ../shared/corpus is a note, not a problem", () => {
    const verdict = prereqs.decide({ ...good, corpus: false });
    expect(verdict.ok).toBe(true);
    expect(verdict.notes.some((n: string) => n.includes("../shared/corpus"))).toBe(true);
  });
});

describe("scripts/check-prereqs.mjs as npm test runs it", () => {
  it("is package.json's pretest, so it runs before the build", () => {
    const pkg = JSON.parse(read(join(REPO, "package.json"))) as { scripts: Record<string, string> };
    expect(pkg.scripts.pretest).toBe("node scripts/check-prereqs.mjs");
    expect(pkg.scripts.test.startsWith("npm run build")).toBe(true);
  });

  const run = (env: Record<string, string>) => spawnSync(process.execPath, [SCRIPT], { cwd: tmpdir(), encoding: "utf8", env: { ...process.env, ...env } });

  it("exits 1 with the fix when $PROMPTASM_CHROMIUM names nothing, from any directory", () => {
    const r = run({ PROMPTASM_CHROMIUM: join(tmpdir(), "promptasm-no-such-browser") });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("$PROMPTASM_CHROMIUM is set to");
    expect(r.stderr).toContain("  fix: unset PROMPTASM_CHROMIUM\n");
    expect(r.stdout).toBe("");
  });

  it("exits 0 and names the binary when $PROMPTASM_CHROMIUM names an executable", () => {
    const r = run({ PROMPTASM_CHROMIUM: process.execPath });
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(`Chromium: ${process.execPath} ($PROMPTASM_CHROMIUM)`);
  });
});

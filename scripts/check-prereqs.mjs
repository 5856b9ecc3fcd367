#!/usr/bin/env node
// What `npm test` needs beyond `npm ci`, checked before anything builds (package.json "pretest"): Node 20 or later,
// the installed dependencies, a working better-sqlite3, and a Chromium for the browser and page tests. On a problem it
// prints the one command that fixes it and exits 1, so a fresh machine fails in a second, not ten minutes into a run.
// Nothing here downloads anything: a browser is looked for, never fetched (no `playwright install`).
//
// The same search is what the browser tests launch (test/browser/chromium.ts imports findChromium), so the check and
// the tests can never disagree about which binary is used. The list of prerequisites lives in docs/install.md.
import { accessSync, constants, existsSync, readdirSync, realpathSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root (this file is scripts/check-prereqs.mjs). */
export const REPO = fileURLToPath(new URL("..", import.meta.url));

/** Environment variables naming a browser binary, highest precedence first. */
export const CHROMIUM_ENV = ["PROMPTASM_CHROMIUM", "CHROMIUM_PATH"];

/**
 * Where distributions install Chromium or Chrome, in the order tried: Debian's `chromium` package first (the one
 * ../shared/notes/TOOLCHAIN.md verified), then Ubuntu's name, Google's packages and the snap.
 */
export const SYSTEM_CHROMIUM = [
  "/usr/bin/chromium",
  "/usr/bin/chromium-browser",
  "/usr/bin/google-chrome",
  "/usr/bin/google-chrome-stable",
  "/snap/bin/chromium",
];

/** The oldest Node major the package and its pinned dev tools run on (package.json "engines"). */
export const MIN_NODE_MAJOR = 20;

/** The one command that installs Chromium, for a root shell (containers, CI) or a user with sudo. */
export function chromiumFix(uid) {
  return `${uid === 0 ? "" : "sudo "}apt-get install -y chromium`;
}

/** True when `path` is a regular file this process may execute. */
export function isExecutableFile(path) {
  try {
    if (!statSync(path).isFile()) return false;
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Entries of `dir` sorted newest revision first (names compare by their digits), or [] when it cannot be read. */
function revisions(dir) {
  try {
    return readdirSync(dir).sort((a, b) => b.localeCompare(a, "en", { numeric: true }));
  } catch {
    return [];
  }
}

/**
 * Browser binaries that npm packages fetched earlier put on this machine: Playwright's browser cache (the path
 * playwright-core itself would launch, then any other revision there, `PLAYWRIGHT_BROWSERS_PATH` and the
 * `PLAYWRIGHT_BROWSERS_PATH=0` location inside node_modules included) and Puppeteer's cache. Only looked at, never
 * downloaded. A revision other than the one playwright-core expects still launches with an explicit executablePath.
 * @param {{ env?: Record<string, string | undefined>, home?: string, repo?: string }} [where]
 * @returns {{ path: string, source: string }[]} candidates, most specific first; existence is not checked here
 */
export function npmBrowserCandidates({ env = process.env, home = homedir(), repo = REPO } = {}) {
  const out = [];
  try {
    const require = createRequire(join(repo, "package.json"));
    const { chromium } = require("playwright-core");
    out.push({ path: chromium.executablePath(), source: "playwright-core's browser cache" });
  } catch {
    // playwright-core not installed, or its registry does not know this platform: fall through to the directories.
  }
  const playwrightRoots = [
    env.PLAYWRIGHT_BROWSERS_PATH && env.PLAYWRIGHT_BROWSERS_PATH !== "0" ? env.PLAYWRIGHT_BROWSERS_PATH : undefined,
    join(home, ".cache", "ms-playwright"),
    join(repo, "node_modules", "playwright-core", ".local-browsers"),
  ].filter(Boolean);
  const playwrightBinaries = [
    ["chrome-linux64", "chrome"],
    ["chrome-linux", "chrome"],
    ["chrome-headless-shell-linux64", "chrome-headless-shell"],
    ["chrome-linux", "headless_shell"],
  ];
  for (const root of playwrightRoots) {
    for (const rev of revisions(root)) {
      if (!rev.startsWith("chromium")) continue;
      for (const parts of playwrightBinaries) out.push({ path: join(root, rev, ...parts), source: `Playwright's browser cache (${root})` });
    }
  }
  const puppeteer = join(home, ".cache", "puppeteer");
  for (const [kind, parts] of [["chrome", ["chrome-linux64", "chrome"]], ["chrome-headless-shell", ["chrome-headless-shell-linux64", "chrome-headless-shell"]]]) {
    for (const rev of revisions(join(puppeteer, kind))) out.push({ path: join(puppeteer, kind, rev, ...parts), source: `Puppeteer's browser cache (${puppeteer})` });
  }
  return out;
}

/**
 * Finds the Chromium the browser tests launch. Precedence: `$PROMPTASM_CHROMIUM`, then `$CHROMIUM_PATH` (a variable
 * that is set must name an executable file, or the answer is a problem naming it: a typo never falls back silently),
 * then SYSTEM_CHROMIUM in order, then browsers that npm packages already put on this machine (npmBrowserCandidates).
 * @param {{ env?: Record<string, string | undefined>, isExecutable?: (path: string) => boolean,
 *   npmBrowsers?: () => { path: string, source: string }[] }} [deps] injectable for tests
 * @returns {{ path: string, source: string } | { path: null, problem: string, variable?: string }} `variable` names the
 *   environment variable at fault, when one is
 */
export function findChromium({ env = process.env, isExecutable = isExecutableFile, npmBrowsers = () => npmBrowserCandidates({ env }) } = {}) {
  for (const name of CHROMIUM_ENV) {
    const value = env[name];
    if (value === undefined || value === "") continue;
    if (isExecutable(value)) return { path: value, source: `$${name}` };
    return { path: null, variable: name, problem: `$${name} is set to ${JSON.stringify(value)}, which is not an executable file` };
  }
  for (const path of SYSTEM_CHROMIUM) if (isExecutable(path)) return { path, source: "system package" };
  for (const candidate of npmBrowsers()) if (isExecutable(candidate.path)) return candidate;
  return {
    path: null,
    problem: `no Chromium found (looked at $${CHROMIUM_ENV.join(", $")}, ${SYSTEM_CHROMIUM.join(", ")}, and the browser caches of playwright-core and Puppeteer)`,
  };
}

/**
 * Turns what was observed into the verdict: a list of problems, each with the one command that fixes it, and notes
 * that do not stop the run. Pure, so the tests can feed it any machine.
 * @param {{ nodeVersion: string, uid: number, hasNodeModules: boolean,
 *   sqlite: { ok: true } | { ok: false, missing: boolean, message: string },
 *   chromium: { path: string, source: string } | { path: null, problem: string, variable?: string },
 *   corpus: boolean }} facts
 * @returns {{ ok: boolean, problems: { what: string, fix: string }[], notes: string[] }}
 */
export function decide(facts) {
  const problems = [];
  const notes = [];
  const major = Number(/^v?(\d+)\./.exec(facts.nodeVersion)?.[1] ?? NaN);
  if (!(major >= MIN_NODE_MAJOR)) {
    problems.push({ what: `Node ${facts.nodeVersion} is too old: promptasm's tests need Node ${MIN_NODE_MAJOR} or later`, fix: `nvm install ${MIN_NODE_MAJOR}` });
  }
  if (!facts.hasNodeModules) {
    problems.push({ what: "the dependencies are not installed (node_modules/vitest is missing)", fix: "npm ci" });
  } else if (!facts.sqlite.ok) {
    problems.push(facts.sqlite.missing
      ? { what: "better-sqlite3 is not installed (the SQLite store tests need it)", fix: "npm ci" }
      : {
        what: `better-sqlite3 is installed but does not load (${facts.sqlite.message}); rebuilding it needs a C++ toolchain ` +
          "(Debian: apt-get install -y build-essential python3) when no prebuilt binary matches this Node",
        fix: "npm rebuild better-sqlite3",
      });
  }
  if (facts.chromium.path === null) {
    problems.push({
      what: `${facts.chromium.problem}; the browser and page tests run in Chromium (never \`playwright install\`: nothing downloads)`,
      // A variable pointing nowhere is fixed by correcting it, not by installing a browser the run would not use.
      fix: facts.chromium.variable ? `unset ${facts.chromium.variable}` : chromiumFix(facts.uid),
    });
  } else {
    notes.push(`Chromium: ${facts.chromium.path} (${facts.chromium.source})`);
  }
  if (!facts.corpus) {
    notes.push("../shared/corpus is not beside this clone: the tests that read the shared corpus cannot run (see docs/install.md)");
  }
  return { ok: problems.length === 0, problems, notes };
}

/** Whether better-sqlite3 resolves from the repository and opens an in-memory database. */
function probeSqlite() {
  const require = createRequire(join(REPO, "package.json"));
  let Database;
  try {
    Database = require("better-sqlite3");
  } catch (error) {
    return { ok: false, missing: error?.code === "MODULE_NOT_FOUND", message: String(error?.message ?? error).split("\n")[0] };
  }
  try {
    new Database(":memory:").close();
    return { ok: true };
  } catch (error) {
    return { ok: false, missing: false, message: String(error?.message ?? error).split("\n")[0] };
  }
}

/** Observes this machine. */
export function observe() {
  return {
    nodeVersion: process.version,
    uid: typeof process.getuid === "function" ? process.getuid() : -1,
    hasNodeModules: existsSync(join(REPO, "node_modules", "vitest", "package.json")),
    sqlite: probeSqlite(),
    chromium: findChromium(),
    corpus: existsSync(join(REPO, "..", "shared", "corpus")),
  };
}

/** Prints the verdict; returns the exit code (0 ready, 1 a problem). */
export function main() {
  const verdict = decide(observe());
  for (const note of verdict.notes) console.error(`check-prereqs: ${note}`);
  for (const { what, fix } of verdict.problems) {
    console.error(`check-prereqs: ${what}.`);
    console.error(`  fix: ${fix}`);
  }
  if (!verdict.ok) console.error("check-prereqs: npm test stopped before building; every prerequisite is listed in docs/install.md");
  return verdict.ok ? 0 : 1;
}

/** True when this file is the script node was started with (not imported by a test or a config). */
function isEntry() {
  try {
    return process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
  } catch {
    return false;
  }
}

if (isEntry()) process.exitCode = main();

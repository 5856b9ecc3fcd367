// `promptasm assemble --session`: the CLI end to end (spawns bin/promptasm.js, built by `npm run build`) on real
// directories with the SQLite store in a real file: missing → present (memory changes ignored) → --invalidate,
// a model change (stale), a platform change (kept, with a note), a store that cannot be created, a corrupt file.
// Each workspace gets its own XDG_STATE_HOME under a temporary directory, so the default store (the user's state
// directory) never touches the real home.
import { execFile } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CACHE_BOUNDARY } from "../src/prompt/boundary.js";

const BIN = fileURLToPath(new URL("../bin/promptasm.js", import.meta.url));

/** Runs the CLI; a run that takes over 30 s is killed (a hang shows up as code -1, not as a stuck test). */
function run(args: string[], cwd: string, env: NodeJS.ProcessEnv): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, env, timeout: 30_000, killSignal: "SIGKILL" }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

let tmp: string;
beforeAll(async () => { tmp = await mkdtemp(join(tmpdir(), "promptasm-cli-session-")); });
afterAll(async () => { await rm(tmp, { recursive: true, force: true }); });

let seq = 0;
/** A project (with .git) holding app/AGENTS.md, and a home with SOUL.md and MEMORY.md. */
async function workspace() {
  const root = join(tmp, `ws-${++seq}`);
  const app = join(root, "app");
  const home = join(root, "home");
  await mkdir(join(root, ".git"), { recursive: true });
  await mkdir(app, { recursive: true });
  await mkdir(home, { recursive: true });
  await writeFile(join(app, "AGENTS.md"), "Run npm test before committing.\n");
  await writeFile(join(home, "SOUL.md"), "You are Wren, a careful reviewer.\n");
  await writeFile(join(home, "MEMORY.md"), "- The user prefers tabs.\n");
  const base = ["assemble", "app", "--home", "home", "--model", "claude-sonnet-4-5", "--provider", "anthropic", "--platform", "cli", "--time-zone", "UTC"];
  const state = join(tmp, `state-${seq}`);
  return { root, app, home, base, state, env: { ...process.env, XDG_STATE_HOME: state }, store: join(state, "promptasm", "sessions.sqlite") };
}

/** The `session` object of a --json run. */
const sessionOf = (stdout: string) => JSON.parse(stdout).session;

describe("assemble --session", () => {
  it("first run: missing, built and stored in the state directory; second run: present, the same bytes after MEMORY.md changed", async () => {
    const w = await workspace();
    const first = await run([...w.base, "--session", "s1"], w.root, w.env);
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(`promptasm: session s1: missing: built and stored in ${w.store}`);
    expect((await stat(w.store)).isFile()).toBe(true);
    expect(first.stdout).toContain("- The user prefers tabs.");

    await writeFile(join(w.home, "MEMORY.md"), "- The user prefers tabs.\n- The user switched to spaces.\n");
    const second = await run([...w.base, "--session", "s1"], w.root, w.env);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(first.stdout);
    expect(second.stdout).not.toContain("spaces");
    expect(second.stderr).toMatch(/promptasm: session s1: present: reusing the prompt stored in .* on \d{4}-\d\d-\d\dT/);
    // Nothing was built, so there is no assembly summary.
    expect(second.stderr).not.toContain("chars in");

    // Without --session the same workspace now builds with the new memory: the store is what kept the old bytes.
    const plain = await run(w.base, w.root, w.env);
    expect(plain.stdout).toContain("spaces");
  });

  it("--json: the usual object plus session when built; prompt, boundary, chars and session when the stored prompt is reused", async () => {
    const w = await workspace();
    const built = JSON.parse((await run([...w.base, "--session", "j1", "--json"], w.root, w.env)).stdout);
    expect(Object.keys(built)).toEqual(["prompt", "sections", "tiers", "tokens", "findings", "truncations", "blocked", "notes", "contextKind", "policy", "mode", "cap", "boundary", "chars",
      "missing", "injection", "truncationWarning", "bootstrapPending", "userPromptPrefix", "session"]);
    expect(built.session).toEqual({ id: "j1", state: "missing", stored: true, store: w.store });
    const reused = JSON.parse((await run([...w.base, "--session", "j1", "--json"], w.root, w.env)).stdout);
    expect(reused).toEqual({ prompt: built.prompt, boundary: built.prompt.indexOf(CACHE_BOUNDARY), chars: built.prompt.length, session: { id: "j1", state: "present", stored: true, store: w.store } });
    expect(reused.boundary).toBe(built.boundary);
    // Two sessions in one store are independent.
    expect(sessionOf((await run([...w.base, "--session", "j2", "--json"], w.root, w.env)).stdout).state).toBe("missing");
  });

  it("--invalidate deletes the stored prompt first, so the run rebuilds with the new memory (context compression)", async () => {
    const w = await workspace();
    const first = await run([...w.base, "--session", "c1"], w.root, w.env);
    await writeFile(join(w.home, "MEMORY.md"), "- The user prefers tabs.\n- The user switched to spaces.\n");
    const rebuilt = await run([...w.base, "--session", "c1", "--invalidate"], w.root, w.env);
    expect(rebuilt.code).toBe(0);
    expect(rebuilt.stderr).toContain(`promptasm: session c1: missing (invalidated): built and stored in ${w.store}`);
    expect(rebuilt.stdout).not.toBe(first.stdout);
    expect(rebuilt.stdout).toContain("- The user switched to spaces.");
    const after = await run([...w.base, "--session", "c1", "--json"], w.root, w.env);
    expect(sessionOf(after.stdout).state).toBe("present");
    expect(JSON.parse(after.stdout).prompt + "\n").toBe(rebuilt.stdout);
  });

  it("a model change is stale: rebuilt and stored, the reason names the model", async () => {
    const w = await workspace();
    await run([...w.base, "--session", "m1"], w.root, w.env);
    const stale = await run([...w.base, "--session", "m1", "--model", "claude-opus-4-1", "--json"], w.root, w.env);
    expect(stale.code).toBe(0);
    const s = sessionOf(stale.stdout);
    expect(s).toMatchObject({ state: "stale", stored: true });
    expect(s.reason).toBe('the stored prompt was built for model "claude-sonnet-4-5", this turn has "claude-opus-4-1"');
    expect(JSON.parse(stale.stdout).prompt).toContain("Model: claude-opus-4-1");
    expect(stale.stderr).toContain("promptasm: session m1: stale (the stored prompt was built for model");
    expect(sessionOf((await run([...w.base, "--session", "m1", "--model", "claude-opus-4-1", "--json"], w.root, w.env)).stdout).state).toBe("present");
    // A provider change and another working directory are stale too.
    expect(sessionOf((await run([...w.base, "--session", "m1", "--model", "claude-opus-4-1", "--provider", "bedrock", "--json"], w.root, w.env)).stdout).state).toBe("stale");
    expect(sessionOf((await run([...w.base.map((a) => (a === "app" ? "." : a)), "--session", "m1", "--model", "claude-opus-4-1", "--provider", "bedrock", "--home", "home", "--json"], w.root, w.env)).stdout).reason).toMatch(/^the stored prompt was built for cwd /);
  });

  it("a platform change keeps the bytes and reports a note for this turn's user message", async () => {
    const w = await workspace();
    const first = await run([...w.base, "--session", "p1"], w.root, w.env);
    const switched = await run([...w.base, "--session", "p1", "--platform", "telegram"], w.root, w.env);
    expect(switched.code).toBe(0);
    expect(switched.stdout).toBe(first.stdout);
    expect(switched.stdout).not.toContain("Platform note");
    expect(switched.stderr).toContain("promptasm: session p1: present: reusing");
    expect(switched.stderr).toContain("promptasm: session p1: platform note for this turn's user message: Platform note (this turn): the conversation moved from cli to telegram");
    const json = sessionOf((await run([...w.base, "--session", "p1", "--platform", "telegram", "--json"], w.root, w.env)).stdout);
    expect(json.state).toBe("present");
    expect(json.platformNote).toMatch(/^Platform note \(this turn\): the conversation moved from cli to telegram; the system prompt still describes cli\. /);
    const back = await run([...w.base, "--session", "p1", "--json"], w.root, w.env);
    expect(sessionOf(back.stdout)).not.toHaveProperty("platformNote");
  });

  it("--store names the file (relative to the current directory); --root does not move the default out of the state directory", async () => {
    const w = await workspace();
    const r = await run([...w.base, "--session", "f1", "--store", "elsewhere/my.sqlite", "--json"], w.root, w.env);
    expect(sessionOf(r.stdout)).toMatchObject({ state: "missing", stored: true, store: join(w.root, "elsewhere", "my.sqlite") });
    expect((await stat(join(w.root, "elsewhere", "my.sqlite"))).isFile()).toBe(true);
    await expect(stat(w.store)).rejects.toThrow(); // the default file was not created
    const rooted = await run([...w.base, "--session", "f1", "--root", "app", "--json"], w.root, w.env);
    expect(sessionOf(rooted.stdout).store).toBe(w.store);
    await expect(stat(join(w.app, ".promptasm"))).rejects.toThrow();
  });

  it("a store that cannot be created warns, still prints the built prompt, and fails the run (exit 2)", async () => {
    const w = await workspace();
    const plain = await run(w.base, w.root, w.env);
    await writeFile(join(w.root, "a-file"), "not a directory\n");
    // Under a regular file (any OS, any user), and under /proc where mkdir answers ENOENT (Linux only; a recursive
    // mkdir there spins forever on Node 20, which the CLI must not do).
    const places = [join(w.root, "a-file", "sessions.sqlite"), ...(process.platform === "linux" ? ["/proc/promptasm-test/sessions.sqlite"] : [])];
    for (const place of places) {
      const r = await run([...w.base, "--session", "u1", "--store", place], w.root, w.env);
      expect(r.code, place).toBe(2);
      expect(r.stdout).toBe(plain.stdout);
      expect(r.stderr).toContain(`promptasm: session u1: the session store ${place} could not be used, so the prompt is not frozen (exit 2)`);
      expect(r.stderr).toContain(`promptasm: warning: session u1: storing the new prompt failed; this turn uses it unstored: SessionStoreError: could not create the directory of SQLite session store ${place}`);
      expect(r.stderr).toContain("promptasm: session u1: missing: built, not stored (see the warnings above); printing the built prompt");
      const json = sessionOf((await run([...w.base, "--session", "u1", "--store", place, "--json"], w.root, w.env)).stdout);
      expect(json).toMatchObject({ id: "u1", state: "missing", stored: false, store: place });
      expect(json.warnings.map((x: { code: string }) => x.code)).toEqual(["read-failed", "write-failed"]);
      // --invalidate on such a store warns too and goes on.
      const inv = await run([...w.base, "--session", "u1", "--store", place, "--invalidate"], w.root, w.env);
      expect(inv.code).toBe(2);
      expect(inv.stderr).toContain("promptasm: warning: session u1: invalidating the stored prompt failed");
    }
  });

  it("a corrupt SQLite file is reported as such, left untouched, and the built prompt is printed (exit 2)", async () => {
    const w = await workspace();
    const plain = await run(w.base, w.root, w.env);
    const file = join(w.root, "corrupt.sqlite");
    const junk = "this is not a SQLite database, just some text\n".repeat(100);
    await writeFile(file, junk);
    const r = await run([...w.base, "--session", "k1", "--store", "corrupt.sqlite"], w.root, w.env);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe(plain.stdout);
    expect(r.stderr).toContain(`promptasm: warning: session store ${file} is not a usable SQLite database (SQLITE_NOTADB); move it away or pass another --store to start a new store`);
    expect(r.stderr.match(/is not a usable SQLite database/g)).toHaveLength(1);
    expect(r.stderr).toContain("file is not a database (SQLITE_NOTADB)");
    expect(r.stderr).toContain("built, not stored");
    expect(await readFile(file, "utf8")).toBe(junk);
    const json = sessionOf((await run([...w.base, "--session", "k1", "--store", "corrupt.sqlite", "--json"], w.root, w.env)).stdout);
    expect(json).toMatchObject({ state: "missing", stored: false });
  });

  it("--store and --invalidate without --session are noted; a bad session id is a usage error (exit 2)", async () => {
    const w = await workspace();
    const r = await run([...w.base, "--store", "x.sqlite", "--invalidate"], w.root, w.env);
    expect(r.code).toBe(0);
    expect(r.stderr).toContain("promptasm: note: --store has no effect without --session");
    expect(r.stderr).toContain("promptasm: note: --invalidate has no effect without --session");
    await expect(stat(join(w.root, "x.sqlite"))).rejects.toThrow();
    const bad = await run([...w.base, "--session", ""], w.root, w.env);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("promptasm: session id must be a non-empty string");
    await expect(stat(join(w.root, ".promptasm"))).rejects.toThrow(); // nothing was created for it
    const long = await run([...w.base, "--session", "x".repeat(513)], w.root, w.env);
    expect(long.code).toBe(2);
  });
});

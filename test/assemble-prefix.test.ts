// The cached prefix does not depend on where the checkout sits (issue 16): one repository assembled from two copies in
// different temporary directories, and from a `git worktree` of it, with truncation, the environment and every optional
// section on, gives byte-identical text above the cache boundary. Real files through the Node reader.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { spawnSync } from "node:child_process";
import { mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { NodeWorkspaceReader, type AssembleOptions, type AssembledPrompt, type Promptasm } from "../src/node.js";
import { CACHE_BOUNDARY } from "../src/prompt/boundary.js";
import { loadForTest } from "./helpers/load.js";

let pa: Promptasm;
const made: string[] = [];

// The repository: a root AGENTS.md long enough to be cut, one in app/ (the agent's cwd), a home with SOUL.md, memory
// and a skill inside the checkout, so every absolute path differs between copies.
const FILES: Record<string, string> = {
  "AGENTS.md": `# Root rules\n\n${"Run the tests before you commit. ".repeat(1_500)}\nEnd of the root rules.`,
  "app/AGENTS.md": "App rules: components live in src/components.",
  "app/HERMES-NOT-USED.txt": "not a context file",
  ".agent-home/SOUL.md": "You are Wren, a careful reviewer.",
  ".agent-home/MEMORY.md": "- The user prefers tabs.",
  ".agent-home/USER.md": "- Name: Ada.",
  ".agent-home/skills/devops/deploy/SKILL.md": "---\nname: deploy\ndescription: Ship a release\n---\nSteps.",
};

async function tempDir(tag: string): Promise<string> {
  // realpath: macOS and some CI runners put tmpdir behind a symlink; the reader wants the real path.
  const dir = await realpath(await mkdtemp(join(tmpdir(), `promptasm-prefix-${tag}-`)));
  made.push(dir);
  return dir;
}

async function writeRepo(dir: string): Promise<void> {
  await mkdir(join(dir, ".git"), { recursive: true });
  for (const [name, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, name)), { recursive: true });
    await writeFile(join(dir, name), text);
  }
}

function options(repo: string, policy: AssembleOptions["policy"]): AssembleOptions {
  return {
    cwd: policy === "openclaw" ? repo : join(repo, "app"),
    home: join(repo, ".agent-home"),
    policy,
    maxChars: 4_000, // cuts the root AGENTS.md (48,000+ chars)
    environment: { os: "linux", wsl: true },
    model: "gpt-5", provider: "openai", platform: "cli",
    systemMessage: "Answer in English.",
    tools: [{ name: "read" }, { name: "memory" }, { name: "skills_list" }, { name: "skill_view" }],
    toolUseEnforcement: true,
    overrides: { interactionStyle: "Be brief." },
    externalMemory: "- Recalled: the deploy runs on Fridays.",
    currentTime: true,
    memoryFiles: { memory: true, user: true },
    sessionStart: { form: "weekday-time", sessionId: "session-1" },
    // The same repository state in every checkout (a snapshot holds no path; worktrees differ only in where they sit).
    gitSnapshot: { branch: "main", staged: 0, modified: 1, untracked: 0, conflicted: 0, commits: [{ hash: "1a2b3c4", subject: "Fixture" }] },
    now: new Date("2026-11-29T23:30:00Z"), timeZone: "UTC",
  };
}

function prefix(r: AssembledPrompt): string {
  expect(r.boundary).not.toBeNull();
  return r.prompt.slice(0, r.boundary!);
}

function git(cwd: string, ...args: string[]): { ok: boolean; out: string } {
  const r = spawnSync("git", ["-c", "user.name=promptasm", "-c", "user.email=test@promptasm.invalid", "-c", "init.defaultBranch=main", ...args], { cwd, encoding: "utf8" });
  return { ok: r.status === 0, out: `${r.stdout ?? ""}${r.stderr ?? ""}` };
}

beforeAll(async () => { pa = await loadForTest(); });
afterAll(async () => { for (const d of made) await rm(d, { recursive: true, force: true }); });

describe("the prefix above the cache boundary does not depend on the checkout's location", () => {
  for (const policy of ["hermes", "codex", "openclaw"] as const) {
    it(`${policy}: two copies in different temporary directories give the same prefix byte for byte`, async () => {
      const a = await tempDir("a");
      const b = await tempDir("bb-longer-name");
      await writeRepo(a);
      await writeRepo(b);
      const reader = new NodeWorkspaceReader();
      const ra = await pa.assemble(reader, options(a, policy));
      const rb = await pa.assemble(reader, options(b, policy));
      // The run really has truncation and the optional sections on.
      expect(ra.truncations.map((t) => t.file)).toEqual(["AGENTS.md"]);
      const ids = ra.sections.map((s) => s.id);
      for (const id of [
        "identity", "tool-list", "skills-index", "system-message", "project-context", "truncation-warning", "git-snapshot", "memory",
        "current-time", "platform", "environment", "runtime",
      ]) {
        expect(ids).toContain(id);
      }
      expect(prefix(ra)).toBe(prefix(rb));
      // Neither checkout's location appears above the boundary; it does appear below (environment, runtime).
      expect(prefix(ra)).not.toContain(a);
      expect(ra.prompt.slice(ra.boundary!)).toContain(`Working directory: ${options(a, policy).cwd}`);
      expect(ra.prompt.slice(ra.boundary! + CACHE_BOUNDARY.length)).not.toBe(rb.prompt.slice(rb.boundary! + CACHE_BOUNDARY.length));
    });
  }

  const hasGit = spawnSync("git", ["--version"]).status === 0;
  it.skipIf(!hasGit)("a git worktree of the repository gives the same prefix as the main checkout (skipped: git is not installed)", async () => {
    const main = await tempDir("main");
    await writeRepo(main);
    await rm(join(main, ".git"), { recursive: true });
    expect(git(main, "init", "-q").ok).toBe(true);
    expect(git(main, "add", "-A").ok).toBe(true);
    expect(git(main, "commit", "-q", "-m", "fixture").ok).toBe(true);
    const wt = join(await tempDir("worktree"), "checkout");
    const added = git(main, "worktree", "add", "-q", wt);
    expect(added.ok, added.out).toBe(true);
    const reader = new NodeWorkspaceReader();
    const rm_ = await pa.assemble(reader, options(main, "hermes"));
    const rw = await pa.assemble(reader, options(wt, "hermes"));
    expect(rw.truncations.map((t) => t.path)).toEqual([join(wt, "AGENTS.md")]);
    expect(prefix(rw)).toBe(prefix(rm_));
    expect(prefix(rw)).not.toContain(wt);
  });
});

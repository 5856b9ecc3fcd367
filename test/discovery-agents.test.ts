// Issue 16's discovery: the policy registry, the policies for Copilot, Windsurf, Cline, Roo, Kiro and Junie, `auto`,
// notes for every skipped or shadowed context file, each real file once, Cursor's any-depth globs.
import { describe, it, expect, beforeAll, afterAll } from "vitest";
import * as fs from "node:fs";
import * as os from "node:os";
import * as path from "node:path";
import { MapWorkspaceReader } from "../src/adapters/map-reader.js";
import { NodeWorkspaceReader } from "../src/adapters/node/reader.js";
import { globMatchAnyDepth } from "../src/discovery/glob.js";
import {
  BUILTIN_POLICIES, createPolicyRegistry, DEFAULT_REGISTRY, discover, DISCOVERY_POLICIES, TARGET_PATH_POLICIES,
} from "../src/discovery/policies.js";
import { discoverRoo, ROO_DEFAULT_MODE } from "../src/discovery/roo.js";
import type { Discovery } from "../src/discovery/types.js";
import { PromptasmError } from "../src/errors.js";
import { fakePolicy } from "./fixtures/discovery-fake-policy/policy.js";
import { writeTree } from "./helpers/tree.js";

const labels = (d: Discovery) => d.files.map((f) => f.label);
const texts = (d: Discovery) => d.files.map((f) => f.text);
const notesOf = (d: Discovery, reason?: string) =>
  d.notes.filter((n) => reason === undefined || n.reason === reason).map((n) => n.message);
/** An in-memory repository at /r (with a .git marker) from relative path → text. */
const repo = (files: Record<string, string>) =>
  new MapWorkspaceReader(Object.fromEntries([["/r/.git/", ""], ...Object.entries(files).map(([k, v]) => [`/r/${k}`, v])]));

async function expectCode(p: Promise<unknown>, code: string): Promise<string> {
  const err = await p.then(() => null, (e: unknown) => e);
  expect(err).toBeInstanceOf(PromptasmError);
  expect((err as PromptasmError).code).toBe(code);
  return (err as PromptasmError).message;
}

describe("the policy registry", () => {
  it("is the one list of names, in a fixed order", () => {
    expect(DISCOVERY_POLICIES).toEqual([
      "hermes", "codex", "claude", "cursor", "gemini", "openclaw", "copilot", "windsurf", "cline", "roo", "kiro", "junie",
      "auto",
    ]);
    expect(DEFAULT_REGISTRY.names).toEqual(DISCOVERY_POLICIES);
    expect(BUILTIN_POLICIES.filter((p) => p.inAuto).map((p) => p.name)).toEqual([
      "hermes", "codex", "claude", "cursor", "gemini", "copilot", "windsurf", "cline", "roo", "kiro", "junie",
    ]);
    expect(BUILTIN_POLICIES.filter((p) => p.exclusive).map((p) => p.name)).toEqual(["hermes"]);
    expect(TARGET_PATH_POLICIES).toEqual(["cursor", "copilot", "windsurf", "cline", "kiro", "auto"]);
    for (const p of BUILTIN_POLICIES) {
      expect(p.description.length, p.name).toBeGreaterThan(10);
      expect(p.precedence.length, p.name).toBeGreaterThan(5);
      expect(DEFAULT_REGISTRY.get(p.name)).toBe(p);
    }
  });

  it("rejects an unknown name (listing the known ones), a bad name and a name given twice", async () => {
    const r = repo({ "AGENTS.md": "a" });
    const message = await expectCode(DEFAULT_REGISTRY.discover(r, "/r", "aider"), "E_ARG");
    expect(message).toBe(`unknown discovery policy "aider"; expected one of ${DISCOVERY_POLICIES.join(", ")}`);
    await expectCode(discover(r, "/r", "__proto__" as never), "E_ARG");
    expect(() => createPolicyRegistry([...BUILTIN_POLICIES, { ...fakePolicy, name: "Bad Name" }])).toThrow(/lower-case/);
    expect(() => createPolicyRegistry([...BUILTIN_POLICIES, codexPolicyAgain()])).toThrow('policy "codex" is registered twice');
  });

  it("adding a policy is one file and one line: it runs by name, joins auto, and other policies note its files", async () => {
    const registry = createPolicyRegistry([...BUILTIN_POLICIES, fakePolicy]);
    expect(registry.names.at(-1)).toBe("conventions");
    const r = repo({ "CONVENTIONS.md": "use tabs", "AGENTS.md": "agents" });
    const own = await registry.discover(r, "/r", "conventions");
    expect([own.kind, labels(own)]).toEqual(["conventions", ["CONVENTIONS.md"]]);
    expect(notesOf(own, "other-policy")).toEqual(["/r/AGENTS.md: not read by the conventions policy (hermes, codex, auto read it)"]);
    const auto = await registry.discover(r, "/r", "auto");
    expect(auto.files.map((f) => [f.label, f.source])).toEqual([["AGENTS.md", "codex"], ["CONVENTIONS.md", "conventions"]]);
    const codex = await registry.discover(r, "/r", "codex");
    expect(notesOf(codex, "other-policy")).toEqual(["/r/CONVENTIONS.md: not read by the codex policy (conventions, auto read it)"]);
    // The built-in registry does not know it.
    await expectCode(DEFAULT_REGISTRY.discover(r, "/r", "conventions"), "E_ARG");
  });
});

function codexPolicyAgain() {
  return { ...BUILTIN_POLICIES[1] };
}

describe("copilot", () => {
  const files = {
    ".github/copilot-instructions.md": "wide",
    ".github/instructions/ts.instructions.md": "---\napplyTo: \"**/*.ts,**/*.tsx\"\n---\nts rules",
    ".github/instructions/py/py.instructions.md": "---\napplyTo:\n  - 'src/**/*.py'\n---\npy rules",
    ".github/instructions/top.instructions.md": "---\napplyTo: '*.md'\n---\ntop md",
    ".github/instructions/all.instructions.md": "---\ndescription: everything\napplyTo: '**'\n---\nall",
    ".github/instructions/none.instructions.md": "---\ndescription: by hand\n---\nnone",
    ".github/instructions/.instructions.md": "no name",
    ".github/instructions/notes.md": "not an instructions file",
  };

  it("the repository-wide file, then path-specific files by path whose applyTo matches (anchored globs)", async () => {
    const d = await discover(repo(files), "/r", "copilot", { targetPath: "src/app/main.ts" });
    expect(d.kind).toBe("copilot");
    expect(labels(d)).toEqual([
      ".github/copilot-instructions.md", ".github/instructions/all.instructions.md", ".github/instructions/ts.instructions.md",
    ]);
    expect(texts(d)).toEqual(["wide", "all", "ts rules"]);
    expect(notesOf(d, "not-attached")).toEqual([
      "/r/.github/instructions/none.instructions.md: not loaded, no applyTo: it applies only when attached by hand",
      '/r/.github/instructions/py/py.instructions.md: not loaded, applyTo src/**/*.py: "src/app/main.ts" does not match',
      '/r/.github/instructions/top.instructions.md: not loaded, applyTo *.md: "src/app/main.ts" does not match',
    ]);
    const py = await discover(repo(files), "/r", "copilot", { targetPath: "src/x/y.py" });
    expect(labels(py)).toContain(".github/instructions/py/py.instructions.md");
    const md = await discover(repo(files), "/r", "copilot", { targetPath: "README.md" });
    expect(labels(md)).toContain(".github/instructions/top.instructions.md");
    const deepMd = await discover(repo(files), "/r", "copilot", { targetPath: "docs/README.md" });
    expect(labels(deepMd)).not.toContain(".github/instructions/top.instructions.md");
  });

  it("without a target only the wide file and applyTo ** load; globs are relative to the root from a subdirectory", async () => {
    const none = await discover(repo(files), "/r", "copilot");
    expect(labels(none)).toEqual([".github/copilot-instructions.md", ".github/instructions/all.instructions.md"]);
    expect(notesOf(none, "not-attached")).toContain(
      "/r/.github/instructions/ts.instructions.md: not loaded, applyTo **/*.ts, **/*.tsx: no targetPath was given",
    );
    const sub = repo({ ...files, "src/x/": "" });
    const d = await discover(sub, "/r/src", "copilot", { targetPath: "x/y.py" });
    expect(labels(d)).toContain(".github/instructions/py/py.instructions.md");
  });

  it("a .github in cwd adds its files after the root's", async () => {
    const r = repo({ ".github/copilot-instructions.md": "root", "pkg/.github/copilot-instructions.md": "pkg" });
    expect(labels(await discover(r, "/r/pkg", "copilot"))).toEqual([
      ".github/copilot-instructions.md", "pkg/.github/copilot-instructions.md",
    ]);
  });
});

describe("windsurf", () => {
  const files = {
    ".windsurfrules": "legacy",
    ".windsurf/rules/always.md": "---\ntrigger: always_on\n---\nalways",
    ".windsurf/rules/plain.md": "plain rule",
    ".windsurf/rules/glob.md": "---\ntrigger: glob\nglobs: *.ts, docs/**\n---\nglob",
    ".windsurf/rules/model.md": "---\ntrigger: model_decision\ndescription: When writing SQL\n---\nsql",
    ".windsurf/rules/blind.md": "---\ntrigger: model_decision\n---\nblind",
    ".windsurf/rules/manual.md": "---\ntrigger: manual\n---\nmanual",
    ".windsurf/rules/odd.md": "---\ntrigger: sometimes\n---\nodd",
    "pkg/.windsurf/rules/pkg.md": "pkg rule",
  };

  it("legacy file, then each rules directory from the root down, by trigger", async () => {
    const d = await discover(repo(files), "/r/pkg", "windsurf", { targetPath: "src/deep/a.ts" });
    expect(labels(d)).toEqual([
      ".windsurfrules", ".windsurf/rules/always.md", ".windsurf/rules/glob.md", ".windsurf/rules/plain.md",
      "pkg/.windsurf/rules/pkg.md",
    ]);
    expect(d.requestable).toEqual([{ name: "model", description: "When writing SQL", path: "/r/.windsurf/rules/model.md" }]);
    expect(notesOf(d, "not-attached")).toEqual([
      "/r/.windsurf/rules/blind.md: not loaded, trigger model_decision with no description for the model to decide by",
      "/r/.windsurf/rules/manual.md: not loaded, trigger manual: it loads when @-mentioned",
      '/r/.windsurf/rules/odd.md: not loaded, unknown trigger "sometimes" (always_on, glob, model_decision, manual)',
    ]);
  });

  it("a glob rule: *.ts at any depth, docs/** anchored, nothing without a target", async () => {
    const py = await discover(repo(files), "/r", "windsurf", { targetPath: "docs/x/y.md" });
    expect(labels(py)).toContain(".windsurf/rules/glob.md");
    const no = await discover(repo(files), "/r", "windsurf", { targetPath: "src/docs/y.md" });
    expect(notesOf(no, "not-attached")).toContain(
      '/r/.windsurf/rules/glob.md: not loaded, globs *.ts, docs/**: "src/docs/y.md" does not match',
    );
    const none = await discover(repo(files), "/r", "windsurf");
    expect(labels(none)).not.toContain(".windsurf/rules/glob.md");
  });
});

describe("cline", () => {
  it(".clinerules as one file", async () => {
    const d = await discover(repo({ ".clinerules": "one file" }), "/r", "cline");
    expect([d.kind, labels(d), texts(d)]).toEqual(["cline", [".clinerules"], ["one file"]]);
  });

  it(".clinerules as a folder: every .md by path, subfolders too; paths rules only on a match", async () => {
    const r = repo({
      ".clinerules/02-style.md": "style",
      ".clinerules/01-core.md": "core",
      ".clinerules/team/03-review.md": "review",
      ".clinerules/react.md": "---\npaths:\n  - \"src/components/**\"\n---\nreact",
      ".clinerules/notes.txt": "not markdown",
    });
    const d = await discover(r, "/r", "cline", { targetPath: "src/components/Button.tsx" });
    expect(labels(d)).toEqual([
      ".clinerules/01-core.md", ".clinerules/02-style.md", ".clinerules/react.md", ".clinerules/team/03-review.md",
    ]);
    expect(texts(d)[2]).toBe("react");
    const other = await discover(r, "/r", "cline", { targetPath: "lib/a.ts" });
    expect(notesOf(other, "not-attached")).toEqual([
      '/r/.clinerules/react.md: not loaded, paths src/components/**: "lib/a.ts" does not match',
    ]);
  });
});

describe("roo", () => {
  const files = {
    ".roo/rules/02-b.md": "general b",
    ".roo/rules/01-a.txt": "general a",
    ".roo/rules/sub/03.md": "general sub",
    ".roo/rules/.DS_Store": "junk",
    ".roo/rules-code/x.md": "code x",
    ".roo/rules-architect/y.md": "architect y",
    ".roorules": "fallback general",
    ".roorules-ask": "fallback ask",
  };

  it("the mode's rules first (default mode code), then the workspace-wide ones; a directory wins over its file", async () => {
    expect(ROO_DEFAULT_MODE).toBe("code");
    const d = await discover(repo(files), "/r", "roo");
    expect(labels(d)).toEqual([".roo/rules-code/x.md", ".roo/rules/01-a.txt", ".roo/rules/02-b.md", ".roo/rules/sub/03.md"]);
    expect(notesOf(d, "shadowed")).toEqual(["/r/.roorules: not loaded, .roo/rules/ has rules and takes precedence"]);
    const architect = await discover(repo(files), "/r", "roo", { rooMode: "architect" });
    expect(labels(architect)[0]).toBe(".roo/rules-architect/y.md");
    const ask = await discover(repo(files), "/r", "roo", { rooMode: "ask" });
    expect(labels(ask)[0]).toBe(".roorules-ask");
  });

  it("falls back to .roorules when .roo/rules is missing or has nothing that loads; a bad mode is E_ARG", async () => {
    const d = await discover(repo({ ".roorules": "fallback", ".roo/rules/empty.md": "  \n" }), "/r", "roo");
    expect(labels(d)).toEqual([".roorules"]);
    expect(await expectCode(discoverRoo(repo({}), "/r", { mode: "../x" }), "E_ARG")).toContain('"../x"');
  });
});

describe("kiro", () => {
  it("steering files by inclusion: always (default), fileMatch, auto (requestable), manual (noted)", async () => {
    const r = repo({
      ".kiro/steering/product.md": "product",
      ".kiro/steering/tech.md": "---\ninclusion: always\n---\ntech",
      ".kiro/steering/components.md": "---\ninclusion: fileMatch\nfileMatchPattern: \"components/**/*.tsx\"\n---\ncomp",
      ".kiro/steering/tests.md": "---\ninclusion: fileMatch\nfileMatchPattern: ['*.test.ts', '*.spec.ts']\n---\ntests",
      ".kiro/steering/api.md": "---\ninclusion: auto\nname: api\ndescription: REST conventions\n---\napi",
      ".kiro/steering/deploy.md": "---\ninclusion: manual\n---\ndeploy",
      ".kiro/steering/odd.md": "---\ninclusion: often\n---\nodd",
    });
    const d = await discover(r, "/r", "kiro", { targetPath: "src/x/a.test.ts" });
    expect(labels(d)).toEqual([".kiro/steering/product.md", ".kiro/steering/tech.md", ".kiro/steering/tests.md"]);
    expect(d.requestable).toEqual([{ name: "api", description: "REST conventions", path: "/r/.kiro/steering/api.md" }]);
    expect(notesOf(d, "not-attached")).toEqual([
      '/r/.kiro/steering/components.md: not loaded, fileMatchPattern components/**/*.tsx: "src/x/a.test.ts" does not match',
      "/r/.kiro/steering/deploy.md: not loaded, inclusion manual: it loads when referenced as #deploy in chat",
      '/r/.kiro/steering/odd.md: not loaded, unknown inclusion "often" (always, fileMatch, manual, auto)',
    ]);
    const comp = await discover(r, "/r", "kiro", { targetPath: "components/ui/Button.tsx" });
    expect(labels(comp)).toContain(".kiro/steering/components.md");
  });
});

describe("junie", () => {
  it(".junie/guidelines.md in the root, then in cwd", async () => {
    const d = await discover(repo({ ".junie/guidelines.md": "root g", "pkg/.junie/guidelines.md": "pkg g" }), "/r/pkg", "junie");
    expect([d.kind, labels(d)]).toEqual(["junie", [".junie/guidelines.md", "pkg/.junie/guidelines.md"]]);
  });
});

describe("cursor: globs match as Cursor matches them", () => {
  it('globs: "*.ts" attaches for src/index.ts; comma-separated globs; alwaysApply', async () => {
    const r = repo({
      ".cursor/rules/ts.mdc": '---\nglobs: "*.ts"\n---\nts',
      ".cursor/rules/multi.mdc": "---\nglobs: docs/*.md, *.py\n---\nmulti",
      ".cursor/rules/always.mdc": "---\nalwaysApply: true\n---\nalways",
    });
    expect(labels(await discover(r, "/r", "cursor", { targetPath: "src/index.ts" }))).toEqual([
      ".cursor/rules/always.mdc", ".cursor/rules/ts.mdc",
    ]);
    expect(labels(await discover(r, "/r", "cursor", { targetPath: "tools/x/run.py" }))).toContain(".cursor/rules/multi.mdc");
    expect(labels(await discover(r, "/r", "cursor", { targetPath: "docs/a.md" }))).toContain(".cursor/rules/multi.mdc");
    expect(labels(await discover(r, "/r", "cursor", { targetPath: "x/docs/a.md" }))).not.toContain(".cursor/rules/multi.mdc");
  });

  it("globMatchAnyDepth: no slash matches at any depth, any slash anchors", () => {
    expect(globMatchAnyDepth("*.ts", "src/a/index.ts")).toBe(true);
    expect(globMatchAnyDepth("*.ts", "index.ts")).toBe(true);
    expect(globMatchAnyDepth("*.{ts,tsx}", "a/b.tsx")).toBe(true);
    expect(globMatchAnyDepth("Makefile", "build/Makefile")).toBe(true);
    expect(globMatchAnyDepth("src/*.ts", "x/src/a.ts")).toBe(false);
    expect(globMatchAnyDepth("/index.ts", "src/index.ts")).toBe(false);
    expect(globMatchAnyDepth("src/", "lib/src/a.ts")).toBe(false);
  });
});

describe("notes for skipped and shadowed context files", () => {
  it("a policy notes the files of other tools it does not read, naming who reads them", async () => {
    const r = repo({
      "CLAUDE.md": "claude",
      "AGENTS.md": "agents",
      ".github/copilot-instructions.md": "copilot",
      ".kiro/steering/a.md": "kiro",
      "pkg/GEMINI.md": "gemini pkg",
    });
    const d = await discover(r, "/r/pkg", "claude");
    expect(labels(d)).toEqual(["CLAUDE.md"]);
    expect(notesOf(d, "other-policy")).toEqual([
      "/r/AGENTS.md: not read by the claude policy (hermes, codex, auto read it)",
      "/r/.github/copilot-instructions.md: not read by the claude policy (copilot, auto read it)",
      "/r/.kiro/steering: not read by the claude policy (kiro, auto read it)",
      "/r/pkg/GEMINI.md: not read by the claude policy (gemini, auto read it)",
    ]);
    expect(notesOf(await discover(r, "/r/pkg", "auto"), "other-policy")).toEqual([]);
  });

  it("hermes: a nearer .hermes.md shadows HERMES.md; AGENTS.override.md shadows AGENTS.md (also under codex)", async () => {
    const r = repo({ ".hermes.md": "dot", "HERMES.md": "plain" });
    expect(notesOf(await discover(r, "/r", "hermes"), "shadowed")).toEqual([
      "/r/HERMES.md: not loaded, .hermes.md takes precedence under the hermes policy",
    ]);
    const a = repo({ "AGENTS.override.md": "override", "AGENTS.md": "agents", "CLAUDE.md": "claude" });
    expect(notesOf(await discover(a, "/r", "hermes"), "shadowed")).toEqual([
      "/r/AGENTS.md: not loaded, AGENTS.override.md takes precedence under the hermes policy",
      "/r/CLAUDE.md: not loaded, AGENTS.override.md takes precedence under the hermes policy",
    ]);
    expect(notesOf(await discover(a, "/r", "codex"), "shadowed")).toEqual([
      "/r/AGENTS.md: not loaded, AGENTS.override.md takes precedence in its directory",
    ]);
  });
});

describe("auto", () => {
  it("loads what the repository has, in registry order, each text once, with its source", async () => {
    const r = repo({
      "HERMES.md": "hermes",
      "AGENTS.md": "shared rules",
      "CLAUDE.md": "shared rules",
      ".github/copilot-instructions.md": "copilot",
      ".cursorrules": "cursor",
      ".windsurfrules": "windsurf",
      ".junie/guidelines.md": "junie",
    });
    const d = await discover(r, "/r", "auto");
    expect(d.kind).toBe("auto");
    expect(d.files.map((f) => [f.label, f.source])).toEqual([
      ["HERMES.md", "hermes"],
      ["AGENTS.md", "codex"],
      [".cursorrules", "cursor"],
      [".github/copilot-instructions.md", "copilot"],
      [".windsurfrules", "windsurf"],
      [".junie/guidelines.md", "junie"],
    ]);
    expect(notesOf(d)).toEqual(["/r/CLAUDE.md: skipped, the same text as AGENTS.md (codex)"]);
    expect(d.notes[0].reason).toBe("duplicate");
  });

  it("no per-policy cap: a 40,000-char AGENTS.md loads whole, once (the assembler's budget cuts it)", async () => {
    const big = "x".repeat(40_000);
    const d = await discover(repo({ "AGENTS.md": big }), "/r", "auto");
    expect(d.files.map((f) => f.text.length)).toEqual([40_000]);
    expect(d.cut).toBeUndefined();
    const codex = await discover(repo({ "AGENTS.md": big }), "/r", "codex");
    expect(codex.cut).toEqual([{ path: "/r/AGENTS.md", label: "AGENTS.md", originalChars: 40_000, keptChars: 32_768, dropped: false }]);
  });

  it("none when the repository has no context file; requestable rules merge", async () => {
    expect((await discover(repo({ "README.md": "hi" }), "/r", "auto")).kind).toBe("none");
    const d = await discover(repo({ ".cursor/rules/a.mdc": "---\ndescription: A\n---\na" }), "/r", "auto");
    expect(d.requestable).toEqual([{ name: "a", description: "A", path: "/r/.cursor/rules/a.mdc" }]);
  });
});

describe("each real file once (symbolic links, on disk)", () => {
  let tmp: string;
  const reader = new NodeWorkspaceReader();
  beforeAll(() => {
    tmp = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), "promptasm-agents-")));
  });
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));

  it("claude: CLAUDE.md and .claude/CLAUDE.md -> ../CLAUDE.md load once, with a duplicate note", async () => {
    const d = writeTree(path.join(tmp, "claude"), { ".git/": "", "CLAUDE.md": "memory", ".claude/": "" });
    fs.symlinkSync("../CLAUDE.md", path.join(d, ".claude/CLAUDE.md"));
    const r = await discover(reader, d, "claude");
    expect(labels(r)).toEqual(["CLAUDE.md"]);
    expect(r.notes).toEqual([{
      path: `${d}/.claude/CLAUDE.md`,
      message: `${d}/.claude/CLAUDE.md: skipped, the same file as CLAUDE.md (a symbolic link)`,
      reason: "duplicate",
    }]);
  });

  it("codex: a linked AGENTS.md in a subdirectory counts once, before the budget", async () => {
    const d = writeTree(path.join(tmp, "codex"), { ".git/": "", "AGENTS.md": "a".repeat(20_000), "pkg/": "" });
    fs.symlinkSync("../AGENTS.md", path.join(d, "pkg/AGENTS.md"));
    const r = await discover(reader, `${d}/pkg`, "codex");
    expect(labels(r)).toEqual(["AGENTS.md"]);
    expect(r.cut).toBeUndefined();
    expect(notesOf(r, "duplicate")).toEqual([`${d}/pkg/AGENTS.md: skipped, the same file as AGENTS.md (a symbolic link)`]);
  });

  it("a CLAUDE.md linking to a missing file is a broken-link note, under claude and auto", async () => {
    const d = writeTree(path.join(tmp, "broken"), { ".git/": "", "AGENTS.md": "a" });
    fs.symlinkSync("MISSING.md", path.join(d, "CLAUDE.md"));
    for (const policy of ["claude", "auto"] as const) {
      const r = await discover(reader, d, policy);
      expect(notesOf(r, "broken-link"), policy).toEqual([`${d}/CLAUDE.md: skipped, a broken symbolic link (to MISSING.md)`]);
    }
  });
});

describe("auto: one note per skipped file", () => {
  it("identical AGENTS files in the chain: one duplicate note, from auto, not hermes's as well", async () => {
    const r = repo({ "AGENTS.md": "same", "pkg/AGENTS.md": "same" });
    const d = await discover(r, "/r/pkg", "auto");
    expect(labels(d)).toEqual(["AGENTS.md"]);
    expect(d.notes).toEqual([
      { path: "/r/pkg/AGENTS.md", message: "/r/pkg/AGENTS.md: skipped, the same text as AGENTS.md (codex)", reason: "duplicate" },
    ]);
  });
});

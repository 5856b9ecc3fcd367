// The cache-break explainer: on real `assemble --json` outputs of the bundled example (a copy, assembled again after
// changing a file above or below the cache boundary), on request bodies of each provider, and through the CLI
// (`promptasm explain`: 0 when the prefix survives, 1 when it breaks, 2 on errors naming the file).
import { execFile } from "node:child_process";
import { cp, mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import {
  CACHE_BOUNDARY,
  PromptasmError,
  anthropicRequest,
  bedrockConverseRequest,
  detectCacheInput,
  explainCacheBreak,
  formatCacheBreak,
  geminiCachedContent,
  geminiGenerateContent,
  openaiChatRequest,
  openaiResponsesRequest,
  type AnthropicMessage,
} from "../src/index.js";

const BIN = fileURLToPath(new URL("../bin/promptasm.js", import.meta.url));
const EXAMPLES = fileURLToPath(new URL("../examples/", import.meta.url));

function run(args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [BIN, ...args], { cwd, maxBuffer: 64 * 1024 * 1024 }, (err, stdout, stderr) => {
      resolve({ code: err ? (typeof err.code === "number" ? err.code : -1) : 0, stdout, stderr });
    });
  });
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

let dir: string; // a copy of examples/: the prompt names absolute paths, so every run assembles the same copy
const ASSEMBLE = ["assemble", "workspace/services/api", "--root", "workspace", "--home", "home", "--max-chars", "6000", "--platform", "cli", "--time-zone", "UTC", "--json"];

async function assemble(extra: string[] = []): Promise<Record<string, unknown>> {
  const r = await run([...ASSEMBLE, ...extra], dir);
  expect(r.code, r.stderr).toBe(0);
  return JSON.parse(r.stdout);
}

/** Runs `edit` on a file of the copy, assembles, and puts the file back. */
async function assembleWith(rel: string, edit: (text: string) => string, extra: string[] = []): Promise<Record<string, unknown>> {
  const path = join(dir, rel);
  const original = await readFile(path, "utf8");
  await writeFile(path, edit(original));
  try {
    return await assemble(extra);
  } finally {
    await writeFile(path, original);
  }
}

let base: Record<string, unknown>;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "promptasm-explain-"));
  await cp(EXAMPLES, dir, { recursive: true });
  base = deepFreeze(await assemble());
});

describe("explainCacheBreak on assemble --json", () => {
  it("the same workspace twice: identical, the prefix survives", async () => {
    const again = await assemble();
    const e = explainCacheBreak(base, again);
    expect(e).toMatchObject({ kind: "assemble", survives: true, identical: true, offset: null, reasonClass: "identical" });
    expect(e.prefixChars).toBe((base.prompt as string).indexOf(CACHE_BOUNDARY) - 2);
    expect(e.sharedChars).toBe(e.prefixChars);
    // Whole sections above the boundary: their --json token counts.
    const tiers = base.tiers as Array<{ tier: string; tokens: number }>;
    expect(e.sharedTokens).toBe(tiers[0]!.tokens + tiers[1]!.tokens);
  });

  it("a context file changed above the boundary: the prefix breaks in project-context, naming the file", async () => {
    const next = await assembleWith("workspace/AGENTS.md", (t) => t.replace("tidepool", "TIDEPOOL"));
    const e = explainCacheBreak(base, next);
    const prev = base.prompt as string, now = next.prompt as string;
    let first = 0;
    while (prev[first] === now[first]) first++;
    expect(e).toMatchObject({ kind: "assemble", survives: false, identical: false, offset: first, section: { id: "project-context", tier: "context" }, part: null, reasonClass: "file-content", reason: "file AGENTS.md changed above the boundary" });
    expect(prev.slice(first, first + 8)).toBe("tidepool");
    expect(e.sharedChars).toBe(first);
    expect(e.sharedTokens).toBeGreaterThan(0);
    expect(e.sharedTokens).toBeLessThan(first);
  });

  it("a file below the boundary (MEMORY.md) changed: only the dynamic suffix changed, the cache still hits", async () => {
    const next = await assembleWith("home/MEMORY.md", (t) => t + "\n- Priya moved the release to Wednesdays.\n");
    const e = explainCacheBreak(base, next);
    expect(e).toMatchObject({ survives: true, identical: false, section: { id: "memory", tier: "volatile" }, reasonClass: "dynamic-only", reason: "only the dynamic suffix changed: cache still hits" });
    expect(e.offset).toBeGreaterThan(base.boundary as number);
    const platform = explainCacheBreak(base, await assemble(["--platform", "telegram"]));
    expect(platform).toMatchObject({ survives: true, section: { id: "platform", tier: "volatile" } });
  });

  it("text appended at the end of a file names that file, first, middle or last in its section (openclaw example)", async () => {
    const ws = join(dir, "openclaw-workspace");
    const args = ["assemble", ws, "--root", ws, "--policy", "openclaw", "--platform", "slack", "--time-zone", "UTC", "--json", "--tokens", "none"];
    const once = async () => { const r = await run(args, dir); expect(r.code, r.stderr).toBe(0); return JSON.parse(r.stdout) as Record<string, unknown>; };
    const before = await once();
    const seen: string[] = [];
    for (const file of ["AGENTS.md", "SOUL.md", "TOOLS.md", "MEMORY.md", "HEARTBEAT.md"]) {
      const path = join(ws, file);
      const original = await readFile(path, "utf8");
      await writeFile(path, original + "\nAppended note.");
      let after: Record<string, unknown>;
      try { after = await once(); } finally { await writeFile(path, original); }
      const e = explainCacheBreak(before, after);
      seen.push(`${file}: ${e.section?.id} ${e.reason}`);
    }
    expect(seen).toEqual([
      "AGENTS.md: project-context file AGENTS.md changed above the boundary",
      "SOUL.md: project-context file SOUL.md changed above the boundary",
      "TOOLS.md: project-context file TOOLS.md changed above the boundary",
      "MEMORY.md: project-context file MEMORY.md changed above the boundary",
      "HEARTBEAT.md: dynamic-context only the dynamic suffix changed: cache still hits",
    ]);
  });

  it("the identity changed (SOUL.md)", async () => {
    const next = await assembleWith("home/SOUL.md", (t) => t.replace("Marlin", "Marline"));
    const e = explainCacheBreak(base, next);
    expect(e).toMatchObject({ survives: false, offset: 8, section: { id: "identity", tier: "stable" }, reasonClass: "identity", reason: "identity changed" });
  });

  it("a section added above the boundary, the boundary removed, the tool list changed", async () => {
    const withMessage = await assemble(["--system-message", "Answer in Portuguese."]);
    expect(explainCacheBreak(base, withMessage)).toMatchObject({ survives: false, reasonClass: "sections", reason: "sections added system-message above the boundary" });
    const noBoundary = await assemble(["--no-cache-boundary"]);
    expect(explainCacheBreak(base, noBoundary)).toMatchObject({ survives: false, reasonClass: "boundary", section: { id: "cache-boundary", tier: "boundary" } });
    const tools = await assemble(["--tools", "read,exec"]);
    const moreTools = await assemble(["--tools", "read,exec,web_search"]);
    expect(explainCacheBreak(tools, moreTools)).toMatchObject({ survives: false, reasonClass: "tools" });
  });

  it("a reordered tool list and a prompt edited after assembly", () => {
    const toolList = "# Tools\nTool names are case-sensitive.\n- read: reads\n- exec: runs";
    const mk = (list: string, extra = "") => {
      const head = `ID\n\n${list}`;
      const prompt = `${head}\n\n${CACHE_BOUNDARY}\n\nDate${extra}`;
      return { prompt, boundary: head.length + 2, sections: [{ id: "identity", tier: "stable", chars: 2 }, { id: "tool-list", tier: "stable", chars: list.length }, { id: "date", tier: "volatile", chars: 4 + extra.length }] };
    };
    const reordered = mk("# Tools\nTool names are case-sensitive.\n- exec: runs\n- read: reads");
    expect(explainCacheBreak(mk(toolList), reordered)).toMatchObject({ survives: false, section: { id: "tool-list" }, reasonClass: "tools-order", reason: "tool list reordered" });
    const a = mk(toolList);
    const merged = { ...a, prompt: a.prompt.replace(`\n\n${CACHE_BOUNDARY}`, `\n\nEPHEMERAL\n\n${CACHE_BOUNDARY}`) };
    expect(explainCacheBreak(a, merged)).toMatchObject({ survives: false, reasonClass: "ephemeral-merged" });
  });
});

describe("explainCacheBreak on request bodies", () => {
  const system = (base: Record<string, unknown>) => base.prompt as string;
  const turn1: AnthropicMessage[] = [{ role: "user", content: "hello ".repeat(50) }];
  const turn2: AnthropicMessage[] = [...turn1, { role: "assistant", content: "hi" }, { role: "user", content: "next" }];

  it("Anthropic: new messages appended keep the cache; the re-marked breakpoints do not count as changes", () => {
    const a = anthropicRequest({ system: system(base), messages: turn1, model: "claude-sonnet-4-5", maxTokens: 100 });
    const b = anthropicRequest({ system: system(base), messages: turn2, model: "claude-sonnet-4-5", maxTokens: 100 });
    expect(detectCacheInput(a)).toBe("anthropic");
    const e = explainCacheBreak(deepFreeze(a), deepFreeze(b));
    expect(e).toMatchObject({ kind: "anthropic", survives: true, reasonClass: "appended", reason: "only new messages appended: cache still hits", part: { label: "messages[1].role", offset: 0 } });
    expect(e.prefixChars).toBe((a.system![0]!.text).length);
  });

  it("Anthropic: an ephemeral change stays in the dynamic block; a file change above the boundary breaks it", async () => {
    const a = anthropicRequest({ system: system(base), ephemeral: "turn 1", messages: turn1, model: "claude-sonnet-4-5", maxTokens: 100 });
    const b = anthropicRequest({ system: system(base), ephemeral: "turn 2", messages: turn1, model: "claude-sonnet-4-5", maxTokens: 100 });
    expect(explainCacheBreak(a, b)).toMatchObject({ survives: true, reasonClass: "dynamic-only", part: { label: "system[1]" } });
    const edited = await assembleWith("workspace/AGENTS.md", (t) => t.replace("tidepool", "TIDEPOOL"));
    const c = anthropicRequest({ system: system(edited), messages: turn1, model: "claude-sonnet-4-5", maxTokens: 100 });
    expect(explainCacheBreak(a, c)).toMatchObject({ survives: false, reasonClass: "file-content", reason: "file AGENTS.md changed above the boundary", part: { label: "system[0]" } });
    // Ephemeral text merged above the boundary (a caller bug): the cached block grows.
    const merged = anthropicRequest({ system: system(base).replace(`\n\n${CACHE_BOUNDARY}`, `\n\nturn 1\n\n${CACHE_BOUNDARY}`), messages: turn1, model: "claude-sonnet-4-5", maxTokens: 100 });
    expect(explainCacheBreak(a, merged)).toMatchObject({ survives: false, reasonClass: "ephemeral-merged" });
  });

  it("Anthropic: tools reordered, tools changed, model changed", () => {
    const tool = (name: string) => ({ name, input_schema: { type: "object" } });
    const mk = (tools: string[], model = "claude-sonnet-4-5") => anthropicRequest({ system: system(base), messages: turn1, model, maxTokens: 100, tools: tools.map(tool) });
    expect(explainCacheBreak(mk(["read", "exec"]), mk(["exec", "read"]))).toMatchObject({ survives: false, reasonClass: "tools-order", reason: "tool list reordered", part: { label: "tools[0]" } });
    expect(explainCacheBreak(mk(["read", "exec"]), mk(["read", "web"]))).toMatchObject({ survives: false, reasonClass: "tools" });
    expect(explainCacheBreak(mk(["read"]), mk(["read"], "claude-opus-4-6"))).toMatchObject({ survives: false, reasonClass: "model", part: { label: "model", offset: 0 } });
  });

  it("OpenAI Chat and Responses: the first instruction message is the prefix", () => {
    const chat = (prompt: string, model = "gpt-5") => openaiChatRequest({ system: prompt, messages: [{ role: "user", content: "hi" }], model, sessionId: "s" });
    const memory = system(base).replace("Priya", "Priyanka");
    expect(explainCacheBreak(chat(system(base)), chat(memory))).toMatchObject({ kind: "openai-chat", survives: true, part: { label: "messages[1].content[0]" } });
    const swapped = chat(system(base));
    const asSystem = { ...swapped, messages: swapped.messages.map((m, i) => (i === 0 ? { ...m, role: "system" as const } : m)) };
    expect(explainCacheBreak(swapped, asSystem)).toMatchObject({ survives: false, reasonClass: "role", reason: "instruction role changed (developer → system)" });
    const resp = (prompt: string) => openaiResponsesRequest({ system: prompt, messages: [{ role: "user", content: "hi" }], model: "gpt-5" });
    expect(detectCacheInput(resp(system(base)))).toBe("openai-responses");
    expect(explainCacheBreak(resp(system(base)), resp(system(base).replace("Marlin", "Marline")))).toMatchObject({ survives: false, part: { label: "input[0].content[0]", offset: 8 } });
  });

  it("Gemini: same entry, new turns survive; another entry breaks; create bodies compare their cached text", () => {
    const gen = (name: string, turns: number) => geminiGenerateContent({ system: system(base), cachedContent: name, messages: Array.from({ length: turns }, (_, i) => ({ role: i % 2 === 0 ? "user" as const : "model" as const, parts: [{ text: `t${i}` }] })) });
    expect(detectCacheInput(gen("cachedContents/a", 1))).toBe("gemini");
    expect(explainCacheBreak(gen("cachedContents/a", 1), gen("cachedContents/a", 3))).toMatchObject({ survives: true, reasonClass: "appended" });
    expect(explainCacheBreak(gen("cachedContents/a", 1), gen("cachedContents/b", 1))).toMatchObject({ survives: false, reasonClass: "cached-content", reason: "cached-content entry changed (cachedContents/a → cachedContents/b)" });
    const create = (prompt: string) => geminiCachedContent({ system: prompt, model: "gemini-2.5-pro" });
    expect(detectCacheInput(create(system(base)))).toBe("gemini-cache");
    expect(explainCacheBreak(create(system(base)), create(system(base).replace("Priya", "P")))).toMatchObject({ survives: true, identical: true });
    expect(explainCacheBreak(create(system(base)), create(system(base).replace("Marlin", "M")))).toMatchObject({ survives: false, reasonClass: "prefix-text" });
  });

  it("Bedrock: text before the cache point is the prefix", () => {
    const mk = (prompt: string) => bedrockConverseRequest({ system: prompt, modelId: "anthropic.claude-sonnet-4-5-20250929-v1:0", messages: [{ role: "user", content: [{ text: "hi" }] }] });
    expect(detectCacheInput(mk(system(base)))).toBe("bedrock");
    expect(explainCacheBreak(mk(system(base)), mk(system(base).replace("Priya", "P")))).toMatchObject({ survives: true, part: { label: "system[2]" } });
    expect(explainCacheBreak(mk(system(base)), mk(system(base).replace("Marlin", "M")))).toMatchObject({ survives: false, part: { label: "system[0]", offset: 3 } });
  });

  it("refuses unknown shapes and mixed kinds with E_ARG", () => {
    const a = anthropicRequest({ system: "s", messages: [], model: "claude-sonnet-4-5", maxTokens: 1 });
    expect(() => explainCacheBreak(base, a)).toThrow(/cannot compare an assemble --json object with an Anthropic Messages request/);
    expect(() => explainCacheBreak({ nope: 1 }, a)).toThrow(PromptasmError);
    expect(formatCacheBreak(explainCacheBreak(a, a))).toBe("cached prefix survives: identical requests: cache hits\nno difference\nstable prefix: 1 chars, 1 shared (about 1 tokens)\n");
  });
});

describe("promptasm explain", () => {
  it("exit 0 when the prefix survives, 1 when it breaks, with the reason on stdout; --json prints the object", async () => {
    await writeFile(join(dir, "a.json"), JSON.stringify(base));
    await writeFile(join(dir, "b.json"), JSON.stringify(await assembleWith("home/MEMORY.md", (t) => t + "\n- more\n")));
    await writeFile(join(dir, "c.json"), JSON.stringify(await assembleWith("workspace/AGENTS.md", (t) => t.replace("tidepool", "TIDEPOOL"))));
    const ok = await run(["explain", "a.json", "b.json"], dir);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/^cached prefix survives: only the dynamic suffix changed: cache still hits\nfirst difference at offset \d+ \(UTF-16 code units\), in section memory \(tier volatile\)\n/);
    const broken = await run(["explain", "a.json", "c.json"], dir);
    expect(broken.code).toBe(1);
    expect(broken.stdout.split("\n")[0]).toBe("cached prefix breaks: file AGENTS.md changed above the boundary");
    const json = await run(["explain", "a.json", "c.json", "--json"], dir);
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toMatchObject({ kind: "assemble", survives: false, section: { id: "project-context" } });
    const requests = [anthropicRequest({ system: "x", messages: [], model: "claude-sonnet-4-5", maxTokens: 1 }), anthropicRequest({ system: "y", messages: [], model: "claude-sonnet-4-5", maxTokens: 1 })];
    await writeFile(join(dir, "r1.json"), JSON.stringify(requests[0]));
    await writeFile(join(dir, "r2.json"), JSON.stringify(requests[1]));
    expect((await run(["explain", "r1.json", "r2.json"], dir)).code).toBe(1);
    expect((await run(["explain", "r1.json", "r1.json"], dir)).code).toBe(0);
  });

  it("exit 2 with a message naming the file: missing, not JSON, not a known shape, mixed kinds", async () => {
    await writeFile(join(dir, "a.json"), JSON.stringify(base));
    await writeFile(join(dir, "bad.json"), "{ not json");
    await writeFile(join(dir, "odd.json"), JSON.stringify({ hello: "world" }));
    await writeFile(join(dir, "req.json"), JSON.stringify(anthropicRequest({ system: "x", messages: [], model: "claude-sonnet-4-5", maxTokens: 1 })));
    const missing = await run(["explain", "a.json", "nope.json"], dir);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^promptasm: explain: nope\.json: .*no such file/m);
    const bad = await run(["explain", "bad.json", "a.json"], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain("explain: bad.json: not valid JSON");
    const odd = await run(["explain", "a.json", "odd.json"], dir);
    expect(odd.code).toBe(2);
    expect(odd.stderr).toContain("explain: odd.json: not an assemble --json object or a provider request body");
    const mixed = await run(["explain", "a.json", "req.json"], dir);
    expect(mixed.code).toBe(2);
    expect(mixed.stderr).toContain("cannot compare a.json (an assemble --json object) with req.json (an Anthropic Messages request)");
    expect((await run(["explain", "a.json"], dir)).code).toBe(2);
  });
});

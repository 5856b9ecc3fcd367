// Issue 13's examples in Chromium, through the library as the page runs it (the core streamed from its URL): attacks
// are blocked, developer text loads (the list is test/fixtures/issue13-examples.ts).
import { describe, expect, it } from "vitest";
import wasmUrl from "../../build/release.wasm?url";
import { MapWorkspaceReader } from "../../src/adapters/map-reader.js";
import { createPromptasm } from "../../src/index.js";
import { ATTACKS, DEVELOPER_TEXT, type Example } from "../fixtures/issue13-examples.js";

const pa = await createPromptasm(await WebAssembly.compileStreaming(fetch(wasmUrl)));
const assemble = (text: string) => pa.assemble(new MapWorkspaceReader({ "/w/.git/HEAD": "ref", "/w/AGENTS.md": text, "/h/.keep": "" }), { cwd: "/w", home: "/h", now: new Date(0) });

describe("issue 13 examples in Chromium", () => {
  it.each(ATTACKS.map((e) => [e.name, e] as const))("attack (%s) is blocked", async (_n, e: Example) => {
    expect((await assemble(e.text)).blocked.map((b) => b.file)).toEqual(["AGENTS.md"]);
  });
  it.each(DEVELOPER_TEXT.map((e) => [e.name, e] as const))("developer text (%s) loads", async (_n, e: Example) => {
    const r = await assemble(e.text);
    expect(r.blocked).toEqual([]);
    expect(r.findings.filter((f) => f.severity === "high")).toEqual([]);
  });
});

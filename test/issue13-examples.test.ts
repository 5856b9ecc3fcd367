// Issue 13's examples, each as a context file: through the library (scan and assemble) and the CLI (scan --json of
// a tree with one AGENTS.md per example). The Worker and the browser run the same list (test/fixtures/).
import { execFile } from "node:child_process";
import { mkdtemp, mkdir, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { MapWorkspaceReader } from "../src/adapters/map-reader.js";
import { ATTACKS, DEVELOPER_TEXT, STRICT_SECRETS, type Example } from "./fixtures/issue13-examples.js";
import { loadForTest } from "./helpers/load.js";

const pa = await loadForTest();
const BIN = fileURLToPath(new URL("../bin/promptasm.js", import.meta.url));

async function assembleOne(text: string) {
  const reader = new MapWorkspaceReader({ "/w/.git/HEAD": "ref", "/w/AGENTS.md": text, "/h/.keep": "" });
  return pa.assemble(reader, { cwd: "/w", home: "/h", now: new Date(0) });
}

describe("library", () => {
  it.each(ATTACKS.map((e) => [e.name, e] as const))("attack (%s) is blocked", async (_n, e: Example) => {
    const findings = pa.scanner.scan(e.text, { scope: "context" });
    expect(findings.some((f) => f.severity === "high" && (e.rule === undefined || f.rule === e.rule)), JSON.stringify(findings.map((f) => [f.rule, f.severity]))).toBe(true);
    const r = await assembleOne(e.text);
    expect(r.blocked.map((b) => b.file)).toEqual(["AGENTS.md"]);
    expect(r.prompt).toContain("[promptasm blocked AGENTS.md");
  });

  it.each(DEVELOPER_TEXT.map((e) => [e.name, e] as const))("developer text (%s) loads", async (_n, e: Example) => {
    const findings = pa.scanner.scan(e.text, { scope: "context" });
    expect(findings.filter((f) => f.severity === "high").map((f) => f.rule)).toEqual([]);
    const r = await assembleOne(e.text);
    expect(r.blocked).toEqual([]);
    expect(r.prompt).toContain(e.text.split("\n")[0]!.slice(0, 20));
  });

  it.each(STRICT_SECRETS)("%s is a secret-literal at strict", (text) => {
    expect(pa.scanner.scan(text, { scope: "strict" }).map((f) => f.rule)).toContain("secret-literal");
  });
});

describe("CLI", () => {
  it("scan --json of one AGENTS.md per example: attacks have a high finding, developer text none; exit 1", async () => {
    const dir = await mkdtemp(join(tmpdir(), "promptasm-issue13-"));
    const all = [...ATTACKS, ...DEVELOPER_TEXT];
    for (let i = 0; i < all.length; i++) {
      await mkdir(join(dir, `e${String(i).padStart(2, "0")}`));
      await writeFile(join(dir, `e${String(i).padStart(2, "0")}`, "AGENTS.md"), all[i]!.text);
    }
    const r = await new Promise<{ code: number; stdout: string }>((resolve) => {
      execFile(process.execPath, [BIN, "scan", ".", "--json", "--threads", "1"], { cwd: dir, env: { ...process.env, CI: "1" } }, (err, stdout) => resolve({ code: err ? (err.code as number) : 0, stdout }));
    });
    expect(r.code).toBe(1);
    const byFile = new Map<string, Array<{ severity: string }>>(r.stdout.trim().split("\n").map((l) => JSON.parse(l)).map((o: { file: string; findings: Array<{ severity: string }> }) => [o.file, o.findings]));
    all.forEach((e, i) => {
      const highs = (byFile.get(`./e${String(i).padStart(2, "0")}/AGENTS.md`) ?? []).filter((f) => f.severity === "high").length;
      expect([e.name, highs > 0]).toEqual([e.name, e.outcome === "block"]);
    });
  });
});

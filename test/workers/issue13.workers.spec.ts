// Issue 13's examples through the Worker's POST /v1/assemble inside workerd: attacks are blocked, developer text
// loads (the same list as test/issue13-examples.test.ts, from test/fixtures/issue13-examples.ts).
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ATTACKS, DEVELOPER_TEXT, type Example } from "../fixtures/issue13-examples.js";

type Json = Record<string, any>;
async function assemble(text: string): Promise<Json> {
  const response = await exports.default.fetch(new Request("http://promptasm.test/v1/assemble", {
    method: "POST",
    headers: { authorization: "Bearer token-alpha", "content-type": "application/json" },
    body: JSON.stringify({ files: { "AGENTS.md": text, "home/SOUL.md": "You are Wren.\n" }, options: { home: "home", now: "2026-01-02T03:04:05Z", timeZone: "UTC" } }),
  }));
  expect(response.status).toBe(200);
  return (await response.json()) as Json;
}

describe("issue 13 examples in the Worker", () => {
  it.each(ATTACKS.map((e) => [e.name, e] as const))("attack (%s) is blocked", async (_n, e: Example) => {
    const r = await assemble(e.text);
    expect(r.blocked.map((b: Json) => b.file)).toEqual(["AGENTS.md"]);
  });
  it.each(DEVELOPER_TEXT.map((e) => [e.name, e] as const))("developer text (%s) loads", async (_n, e: Example) => {
    const r = await assemble(e.text);
    expect(r.blocked).toEqual([]);
    expect(r.findings.filter((f: Json) => f.severity === "high")).toEqual([]);
  });
});

// Runs the SDK type test (test/types/sdk.ts) through the project's own TypeScript compiler: the request builders'
// results must be assignable, under `strict` and with no casts, to the parameter types of @anthropic-ai/sdk, openai,
// @google/genai, @aws-sdk/client-bedrock-runtime and ai (all dev dependencies). The file's `@ts-expect-error` lines
// are wrong shapes that must stay rejected: were one accepted, tsc reports "Unused '@ts-expect-error' directive".
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../", import.meta.url));
const project = fileURLToPath(new URL("./types/tsconfig.json", import.meta.url));
const source = readFileSync(new URL("./types/sdk.ts", import.meta.url), "utf8");

function tsc(args: string[]): Promise<{ code: number; out: string }> {
  const bin = createRequire(import.meta.url).resolve("typescript/bin/tsc");
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { cwd: root, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      resolve({ code: error === null ? 0 : typeof error.code === "number" ? error.code : 1, out: `${stdout}${stderr}` });
    });
  });
}

describe("request bodies against the official SDKs' types", () => {
  it("the type test is strict and holds wrong shapes that must be rejected", () => {
    const config = JSON.parse(readFileSync(project, "utf8")) as { compilerOptions: Record<string, unknown> };
    expect(config.compilerOptions.strict).toBe(true);
    expect(config.compilerOptions.noEmit).toBe(true);
    expect(config.compilerOptions.exactOptionalPropertyTypes).toBe(true); // the strictest setting a user may have
    expect(source).not.toMatch(/\bas\s+(?:unknown|never|any)\b|<any>|: any\b/); // no casts to get past a check
    expect(source.match(/@ts-expect-error/g)?.length).toBe(12);
    for (const sdk of ['"@anthropic-ai/sdk"', '"openai"', '"@google/genai"', '"@aws-sdk/client-bedrock-runtime"', '"ai"', '"@ai-sdk/anthropic"', '"@ai-sdk/openai"']) {
      expect(source).toContain(`from ${sdk}`);
    }
  });

  it("tsc -p test/types/tsconfig.json reports no error", async () => {
    const { code, out } = await tsc(["-p", project, "--pretty", "false"]);
    expect(out).toBe("");
    expect(code).toBe(0);
  }, 180_000);
});

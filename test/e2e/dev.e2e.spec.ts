// `npm run dev` end to end: the Vite dev server (vite.config.ts, src/page/ as its root) started as `npm run dev` starts
// it, on 127.0.0.1 and a free port in its own process group (killed at the end), and Debian's Chromium through
// playwright-core in a fresh profile. The page must become ready, compile the core, and build a sample to the same
// bytes as the library in Node, with no failed request, no 4xx/5xx answer and nothing logged as an error or warning.
// (The dev server once served a 404 for the page's main.ts while `vite build` and `vite preview` were fine.)
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MapWorkspaceReader, type Promptasm } from "../../src/index.js";
import { assembleOptions, PAGE_MAX_BYTES, type PageOptions } from "../../src/page/model.js";
import { SAMPLES, sampleWorkspace } from "../../src/page/samples.js";
import { readSampleFiles } from "../../src/page/vite-plugins/samples-plugin.js";
import { CHROMIUM_ARGS, requireChromium } from "../browser/chromium.js";
import { loadForTest } from "../helpers/load.js";
import { startDev, type Preview } from "./preview.js";

const REPO = fileURLToPath(new URL("../../", import.meta.url));

let tmp: string;
let server: Preview;
let context: BrowserContext | undefined;
let page: Page;
let pa: Promptasm;
const requests: string[] = [];
const problems: string[] = [];

beforeAll(async () => {
  // `npm run dev` builds the core first; here `npm run build` (or build:wasm) has.
  if (!existsSync(join(REPO, "build/release.wasm"))) throw new Error("build/release.wasm is missing: run `npm run build:wasm` first");
  tmp = await mkdtemp(join(tmpdir(), "promptasm-dev-e2e-"));
  server = await startDev();
  expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  pa = await loadForTest();
  context = await chromium.launchPersistentContext(join(tmp, "profile"), {
    executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true, viewport: { width: 1280, height: 900 }, timezoneId: "UTC", locale: "en-US",
  });
  context.on("request", (r) => requests.push(r.url()));
  context.on("requestfailed", (r) => problems.push(`request failed: ${r.url()} (${r.failure()?.errorText ?? "?"})`));
  context.on("response", (r) => { if (r.status() >= 400) problems.push(`HTTP ${r.status()}: ${r.url()}`); });
  page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(`console.${m.type()}: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
});

afterAll(async () => {
  await context?.close();
  await server?.stop();
  if (tmp !== undefined) await rm(tmp, { recursive: true, force: true });
});

/** Waits for body[data-ready]; fails at once, with what went wrong, on a failed request, a 4xx/5xx or a page error. */
async function ready(): Promise<void> {
  const end = Date.now() + 90_000;
  for (;;) {
    if (problems.length > 0) throw new Error(`the page did not load cleanly:\n${problems.join("\n")}\n--- vite:\n${server.output()}`);
    if ((await page.locator("body[data-ready=true]").count()) > 0) return;
    if (Date.now() > end) throw new Error(`the page was not ready within 90 s:\n--- vite:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe("the page from `npm run dev` (the Vite dev server)", () => {
  it("becomes ready and compiles the core with WebAssembly.compileStreaming", async () => {
    await page.goto(server.url, { waitUntil: "domcontentloaded" });
    await ready();
    expect(await page.locator("#status").textContent()).toBe("Ready. Open a folder or a sample.");
    expect(await page.locator("#core-info").getAttribute("data-compile")).toBe("streaming");
    expect(requests.some((r) => r.endsWith("main.ts"))).toBe(true); // served as source, not from a build
  });

  it("builds a sample to the library's bytes in Node", async () => {
    expect(await page.locator("body[data-ready=true]").count(), "the page is not ready").toBe(1);
    const before = await page.evaluate(() => Number(document.body.dataset.builds ?? "0"));
    await page.locator("button[data-sample=tidepool-api]").click();
    await page.waitForFunction((n) => Number(document.body.dataset.builds ?? "0") > n, before, { timeout: 60_000 });
    expect(await page.locator("#error").isHidden()).toBe(true);
    const options = await page.evaluate(() => {
      const v = (id: string) => (document.getElementById(id) as HTMLInputElement).value;
      return {
        policy: v("policy"), mode: v("mode"), model: v("model"), platform: v("platform"), cwd: v("cwd"), home: v("home"),
        maxChars: v("max-chars") === "" ? null : Number(v("max-chars")), targetPath: v("target-path"),
      };
    }) as PageOptions;
    const at = page.locator("#built-at");
    const now = new Date((await at.getAttribute("datetime"))!), timeZone = (await at.getAttribute("data-time-zone"))!;
    const ws = sampleWorkspace(SAMPLES.find((s) => s.id === "tidepool-api")!, readSampleFiles(REPO));
    const expected = await pa.assemble(new MapWorkspaceReader(Object.fromEntries(ws.files) as Record<string, string>, { maxBytes: PAGE_MAX_BYTES }), assembleOptions(options, now, timeZone));
    expect(await page.locator("#prompt-text").textContent()).toBe(expected.prompt);
    expect(expected.blocked.map((b) => b.file)).toEqual(["services/api/AGENTS.md"]);
    expect(await page.locator('.finding-file[data-file="services/api/AGENTS.md"]').count()).toBe(1);
  });

  it("no request failed or was answered 4xx/5xx, every request stayed on the dev server, nothing logged an error or warning", () => {
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.startsWith(server.url) || r.startsWith("data:") || r.startsWith("blob:"), r).toBe(true);
    expect(problems, server.output()).toEqual([]);
  });
});

// A frozen prompt outlives the page: stored by one page load, read back by the next one (reload) and by a restarted
// browser on the same profile, with the same bytes and state `present`. vitest browser mode runs tests inside its own
// page, which a reload would tear down, so this drives Chromium from Node with playwright-core: the page in
// reload-page/ is built with Vite and served by `vite preview` on 127.0.0.1, in a fresh profile
// (launchPersistentContext, so IndexedDB is on disk).
import { createHash } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type BrowserContext, type Page } from "playwright-core";
import { build, preview, type PreviewServer } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IndexedDbSessionStore } from "../../src/stores/indexeddb.js";
import type { CurrentRuntime } from "../../src/stores/session.js";
import { samplePrompt } from "../stores-contract.js";
import { CHROMIUM_ARGS, requireChromium } from "./chromium.js";
import type { PageTurn, PromptasmPage } from "./reload-page/main.js";

const PAGE_DIR = fileURLToPath(new URL("./reload-page/", import.meta.url));
const cli: CurrentRuntime = { model: "m1", provider: "p1", cwd: "/repo/app", platform: "cli" };

/** A prompt with the code units a store could get wrong: BOM, CRLF, NUL, astral, combining, zero width, trailing blanks. */
const PROMPT = samplePrompt("reload", "- \uFEFFline one\r\nline two\r\n- nul\u0000inside\n- 🦊𝔘 e\u0301 a\u200Bb   \n\t") + "\n" + "x".repeat(200_000);

let tmp: string;
let server: PreviewServer;
let url: string;
let profile: string;
let context: BrowserContext | undefined;
const requests: string[] = [];
const problems: string[] = [];

async function launch(): Promise<Page> {
  context = await chromium.launchPersistentContext(profile, { executablePath: requireChromium(), args: CHROMIUM_ARGS, headless: true });
  context.on("request", (r) => requests.push(r.url()));
  const page = context.pages()[0] ?? (await context.newPage());
  page.on("console", (m) => { if (m.type() === "error" || m.type() === "warning") problems.push(`console.${m.type()}: ${m.text()}`); });
  page.on("pageerror", (e) => problems.push(`pageerror: ${e.message}`));
  await open(page);
  return page;
}

async function open(page: Page): Promise<void> {
  await page.goto(url);
  await page.waitForFunction(() => "promptasmPage" in globalThis);
}

function turn(page: Page, sessionId: string, text: string, current: CurrentRuntime = cli): Promise<PageTurn> {
  return page.evaluate(
    ([id, t, c]) => (globalThis as unknown as { promptasmPage: PromptasmPage }).promptasmPage.turn(id, t, c),
    [sessionId, text, current] as const,
  );
}

const sha256 = (text: string) => createHash("sha256").update(Buffer.from(text, "utf8")).digest("hex");

/** The turn reused the stored prompt: no build, state present, and the very bytes of `PROMPT` (with their hash). */
function expectSameBytes(t: PageTurn): void {
  expect(t).toMatchObject({ state: "present", builds: 0, stored: true, warnings: [] });
  expect(t.prompt.length).toBe(PROMPT.length);
  expect(t.prompt === PROMPT).toBe(true);
  expect(Buffer.from(t.prompt, "utf8").equals(Buffer.from(PROMPT, "utf8"))).toBe(true);
  expect(t.contentHash).toBe(sha256(PROMPT));
}

beforeAll(async () => {
  tmp = await mkdtemp(join(tmpdir(), "promptasm-reload-"));
  profile = join(tmp, "profile");
  const outDir = join(tmp, "dist");
  const shared = { configFile: false as const, root: PAGE_DIR, logLevel: "silent" as const, cacheDir: join(tmp, "vite-cache") };
  await build({ ...shared, build: { outDir, emptyOutDir: true } });
  server = await preview({ ...shared, build: { outDir }, preview: { host: "127.0.0.1", port: 0, strictPort: true, open: false } });
  url = server.resolvedUrls!.local[0]!;
  expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

afterAll(async () => {
  await context?.close();
  await new Promise<void>((resolve) => server?.httpServer.close(() => resolve()));
  if (tmp !== undefined) await rm(tmp, { recursive: true, force: true });
});

describe("a frozen prompt across page loads (playwright-core, Chromium, vite preview)", () => {
  it("importing the store in Node (no IndexedDB) does not throw; calls fail with E_STORE_UNAVAILABLE", async () => {
    expect(typeof (globalThis as { indexedDB?: unknown }).indexedDB).toBe("undefined");
    await expect(new IndexedDbSessionStore().get("s")).rejects.toMatchObject({ code: "E_STORE_UNAVAILABLE" });
  });

  it("stored on the first load, read back after a reload: state present, the same bytes, build not called", async () => {
    const page = await launch();
    const first = await turn(page, "s1", PROMPT);
    expect(first).toMatchObject({ state: "missing", stored: true, builds: 1, warnings: [] });
    expect(first.prompt === PROMPT).toBe(true);
    expect(first.contentHash).toBe(sha256(PROMPT));

    await page.reload();
    await page.waitForFunction(() => "promptasmPage" in globalThis);
    expectSameBytes(await turn(page, "s1", "a different build that must not be used"));
    // Another session id on the same page is still missing.
    expect(await turn(page, "s2", "fresh")).toMatchObject({ state: "missing", builds: 1 });
  });

  it("…and after the browser restarts on the same profile (IndexedDB on disk); an invalidation survives a reload too", async () => {
    await context!.close();
    context = undefined;
    let page = await launch();
    expectSameBytes(await turn(page, "s1", "a different build that must not be used"));

    expect(await page.evaluate(() => (globalThis as unknown as { promptasmPage: PromptasmPage }).promptasmPage.invalidate("s1"))).toBe(true);
    await page.reload();
    await page.waitForFunction(() => "promptasmPage" in globalThis);
    const rebuilt = await turn(page, "s1", samplePrompt("after invalidation"));
    expect(rebuilt).toMatchObject({ state: "missing", builds: 1, stored: true, prompt: samplePrompt("after invalidation") });

    await context!.close();
    page = await launch();
    expect(await turn(page, "s1", "unused")).toMatchObject({ state: "present", builds: 0, prompt: samplePrompt("after invalidation") });
  });

  it("the page only talked to its own server on 127.0.0.1 and logged no errors or warnings", () => {
    expect(requests.length).toBeGreaterThan(0);
    for (const r of requests) expect(r.startsWith(url) || r.startsWith("data:"), r).toBe(true);
    expect(problems).toEqual([]);
  });
});

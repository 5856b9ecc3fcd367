// The browser test run: `npx vitest run --config vitest.browser.config.ts` (needs `npm run build` and Debian's
// chromium; nothing downloads). Two projects:
// - "chromium": test/browser/**/*.browser.spec.ts inside headless Chromium (vitest browser mode, playwright provider),
//   so IndexedDbSessionStore runs on the browser's own IndexedDB. A persistent context on a fresh profile directory
//   keeps that IndexedDB on disk, as a user's browser does (a plain Playwright context is off-the-record: in memory).
// - "chromium-e2e": test/browser/**/*.e2e.spec.ts in Node, driving Chromium with playwright-core, for what a test
//   inside the page cannot do (reload the page it runs in, restart the browser).
// The names keep these files out of `npm test` (vite.config.ts runs test/**/*.test.ts only).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { playwright } from "@vitest/browser-playwright";
import { defineConfig } from "vitest/config";
import { CHROMIUM_ARGS, requireChromium } from "./test/browser/chromium.js";

// One fresh profile per run, removed when vitest exits: after the provider has closed Chromium (a globalSetup
// teardown runs before that, and Chromium writes its session files on the way out).
const profile = mkdtempSync(join(tmpdir(), "promptasm-chromium-profile-"));
process.once("exit", () => rmSync(profile, { recursive: true, force: true }));

export default defineConfig({
  cacheDir: "node_modules/.vite/promptasm-browser",
  test: {
    testTimeout: 60_000,
    hookTimeout: 60_000,
    projects: [
      {
        extends: true,
        optimizeDeps: { include: ["idb"] },
        test: {
          name: "chromium",
          include: ["test/browser/**/*.browser.spec.ts"],
          // One browser page at a time, so the provider honours persistentContext (it drops it for parallel pages).
          fileParallelism: false,
          browser: {
            enabled: true,
            headless: true,
            ui: false,
            screenshotFailures: false,
            api: { host: "127.0.0.1" },
            provider: playwright({
              launchOptions: { executablePath: requireChromium(), args: CHROMIUM_ARGS },
              persistentContext: profile,
            }),
            instances: [{ browser: "chromium" }],
          },
        },
      },
      {
        extends: true,
        test: {
          name: "chromium-e2e",
          include: ["test/browser/**/*.e2e.spec.ts"],
          environment: "node",
        },
      },
    ],
  },
});

// The page's end-to-end run: `npm run test:e2e` (after `npm run build:wasm`; needs Debian's chromium, nothing
// downloads). test/e2e/**/*.e2e.spec.ts run in Node and drive Chromium with playwright-core against `vite preview`
// of the built page (test/e2e/page.e2e.spec.ts) and the dev server `npm run dev` starts (test/e2e/dev.e2e.spec.ts),
// on 127.0.0.1. One file at a time: each starts its own browser and server, and the machine has two cores.
import { defineConfig } from "vitest/config";

export default defineConfig({
  cacheDir: "node_modules/.vite/promptasm-e2e",
  test: {
    include: ["test/e2e/**/*.e2e.spec.ts"],
    environment: "node",
    fileParallelism: false,
    testTimeout: 120_000,
    hookTimeout: 180_000,
  },
});

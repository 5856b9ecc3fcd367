// The Workers test run: `npx vitest run --config vitest.workers.config.ts`. Runs test/workers/**/*.workers.spec.ts
// inside workerd (vitest-pool-workers) with the bindings of wrangler.toml. `main` is test/workers/app.ts: the real
// Worker entry plus one test-only route (see that file). Offline: no metrics, no cf.json fetch, no remote bindings.
// Nothing persists between runs: KV is an in-memory namespace that lives as long as the run, wrangler's debug log
// goes to a temporary directory removed on exit, and vitest keeps no results cache.
// The names keep these files out of `npm test` (vite.config.ts runs test/**/*.test.ts only).
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { defineConfig } from "vitest/config";

// Read by wrangler/miniflare in this process: no usage metrics, and no fetch of cf.json (the request.cf data), which
// would otherwise be downloaded on the first run. Set before wrangler is imported (below): it reads the log path then.
process.env.WRANGLER_SEND_METRICS = "false";
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
if (process.env.WRANGLER_LOG_PATH === undefined) {
  const logs = mkdtempSync(join(tmpdir(), "promptasm-wrangler-logs-"));
  process.env.WRANGLER_LOG_PATH = logs;
  process.once("exit", () => rmSync(logs, { recursive: true, force: true }));
}

const { cloudflareTest } = await import("@cloudflare/vitest-pool-workers");

export default defineConfig({
  plugins: [
    cloudflareTest({
      main: "./test/workers/app.ts",
      remoteBindings: false,
      wrangler: { configPath: "./wrangler.toml" },
      // The API_TOKENS secret of the tests: two tokens, so two tenants (test/workers/api.workers.spec.ts).
      miniflare: { bindings: { API_TOKENS: "token-alpha, token-beta" } },
    }),
  ],
  test: {
    name: "workers",
    include: ["test/workers/**/*.workers.spec.ts"],
    cache: false,
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});

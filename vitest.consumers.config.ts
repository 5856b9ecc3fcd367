// The consumer run: `npm run test:consumers` (the last step of `npm test`). test/consumers/consumers.spec.ts packs the
// package once with `npm pack` (its prepack builds the core and the TypeScript in a scratch copy of the sources), then
// installs the tarball into fresh projects outside the repository — a Node script, a Vite app opened in Chromium, a
// wrangler Worker run in workerd, a GitHub Actions workflow — and runs each. Slow (a native better-sqlite3 build
// among them): minutes, not seconds, hence its own config and generous timeouts. The names keep these files out of
// the Node run (vite.config.ts runs test/**/*.test.ts only).
import { defineConfig } from "vitest/config";

export default defineConfig({
  cacheDir: "node_modules/.vite/promptasm-consumers",
  test: {
    name: "consumers",
    include: ["test/consumers/**/*.spec.ts"],
    environment: "node",
    fileParallelism: false,
    cache: false,
    // One consumer installs and compiles better-sqlite3 from the registry: 1 to 3 minutes on two busy cores.
    testTimeout: 900_000,
    hookTimeout: 600_000,
  },
});

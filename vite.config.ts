// Vite serves and builds the browser page (src/page/ is its root: `npm run dev`, `npm run build:page` → dist-page/,
// `npm run preview`; public/ holds the static files copied as they are, the icon), and vitest runs the Node tests
// from here (test/**/*.test.ts, with the repository as its root).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { bundleSizePlugin } from "./src/page/vite-plugins/bundle-size.js";
import { rulesDataPlugin } from "./src/page/vite-plugins/rules-data.js";
import { samplesPlugin } from "./src/page/vite-plugins/samples-plugin.js";

const repo = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root: `${repo}src/page`,
  // Static files served and copied as they are (the icon); everything else is bundled.
  publicDir: `${repo}public`,
  // Relative asset URLs, so the built page works from any folder of any static host.
  base: "./",
  // rulesDataPlugin: the built-in rules load as a JSON asset beside the script (src/page/vite-plugins/rules-data.ts).
  plugins: [rulesDataPlugin(), samplesPlugin(repo), bundleSizePlugin()],
  build: {
    outDir: `${repo}dist-page`,
    emptyOutDir: true,
    target: "es2022",
    // The manifest lets the e2e test follow the entry's static imports; bundle-size.json sits beside it.
    manifest: true,
    // Never inline the .wasm as a data: URL: the page streams it with WebAssembly.compileStreaming.
    assetsInlineLimit: 0,
    // The o200k_base rank table alone is 2.3 MB; it loads only when tokens are counted in that encoding.
    chunkSizeWarningLimit: 2_500,
  },
  server: { host: "127.0.0.1", fs: { allow: [repo] } },
  preview: { host: "127.0.0.1" },
  test: {
    root: repo,
    include: ["test/**/*.test.ts"],
    // Generous: on a loaded 2-core CI machine a test that spawns the CLI on a corpus took minutes (stop 28's run).
    // Tests over the whole shared corpus get 10 minutes through test/helpers/corpus.ts.
    testTimeout: 180_000,
    hookTimeout: 180_000,
  },
});

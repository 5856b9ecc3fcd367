// Build-time (Node) plugin: the page's build serves the built-in rules' data (about 110 kB gzipped, over half of what
// the page's script would be) as a JSON asset beside the script instead of inside it, so the script stays small and
// the data is parsed as JSON. The module src/scan/rules.generated.ts is replaced, in the page's build only, by one that
// fetches the asset at load (a top-level await) and unpacks it with the same code (src/scan/rules-data.ts); index.html
// gets a preload link, so the fetch starts with the script's. `npm run dev` and the package keep the module as it is.

import { fileURLToPath } from "node:url";
import type { Plugin } from "vite";

const GENERATED = fileURLToPath(new URL("../../scan/rules.generated.ts", import.meta.url));
const UNPACK = fileURLToPath(new URL("../../scan/rules-data.ts", import.meta.url));
/** The asset's name before hashing (dist-page/assets/rules-<hash>.json). */
export const RULES_ASSET_NAME = "rules.json";

/**
 * The module the page loads instead of rules.generated.ts: the same exports, from the JSON asset.
 * @param ref rollup's reference of the emitted asset.
 * @param digest GENERATED_RULES_DIGEST of the data in the asset.
 */
function fetchingModule(ref: string, digest: string): string {
  return [
    `import { unpackRules } from ${JSON.stringify(UNPACK)};`,
    `const url = import.meta.ROLLUP_FILE_URL_${ref};`,
    "const response = await fetch(url);",
    "if (!response.ok) throw new Error(`promptasm: could not load the built-in rules from ${url}: HTTP ${response.status}`);",
    "const asset = await response.json();",
    "export const GENERATED_RULES_TOKEN = asset.token;",
    "export const GENERATED_RULES_FRAGMENTS = asset.fragments;",
    "export const GENERATED_RULES_JSON = undefined;",
    `export const GENERATED_RULES_DIGEST = ${JSON.stringify(digest)};`,
    "export const GENERATED_RULES = unpackRules(asset.data, asset.token, asset.fragments);",
  ].join("\n");
}

/**
 * The Vite plugin (build only, `apply: "build"`): replaces src/scan/rules.generated.ts with fetchingModule(), emits the
 * rules' data as one JSON asset ({ token, fragments, data }: about 0.95 MB, 92 kB gzipped in session 17) and adds a
 * `<link rel="preload" as="fetch">` for it to index.html. Throws nothing itself; a build error in the generated module
 * surfaces as Vite's.
 */
export function rulesDataPlugin(): Plugin {
  let fileName: string | undefined;
  return {
    name: "promptasm-rules-data",
    apply: "build",
    enforce: "pre",
    async load(id) {
      if (id.split("?")[0] !== GENERATED) return null;
      const g = await import("../../scan/rules.generated.js");
      const source = JSON.stringify({ token: g.GENERATED_RULES_TOKEN, fragments: g.GENERATED_RULES_FRAGMENTS, data: JSON.parse(g.GENERATED_RULES_JSON!) });
      const ref = this.emitFile({ type: "asset", name: RULES_ASSET_NAME, source });
      return fetchingModule(ref, g.GENERATED_RULES_DIGEST);
    },
    generateBundle(_options, bundle) {
      fileName = Object.values(bundle).find((f) => f.type === "asset" && f.names?.includes(RULES_ASSET_NAME))?.fileName;
    },
    transformIndexHtml: {
      order: "post",
      handler(_html, ctx) {
        const asset = fileName ?? Object.values(ctx.bundle ?? {}).find((f) => f.type === "asset" && f.names?.includes(RULES_ASSET_NAME))?.fileName;
        if (asset === undefined) return [];
        return [{ tag: "link", attrs: { rel: "preload", href: `./${asset}`, as: "fetch", type: "application/json", crossorigin: "" }, injectTo: "head" }];
      },
    },
  };
}

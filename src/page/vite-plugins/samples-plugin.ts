// Build-time (Node) half of the page's samples: reads the examples/ folders the samples mount and serves them to the
// page as one lazily imported module, `virtual:promptasm-samples` (repository-relative path → text). Dotfiles such as
// .cursorrules are included, .git and node_modules are not.

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Plugin } from "vite";
import { SKIPPED_DIRS } from "../model.js";
import { SAMPLES, type SampleFiles } from "../samples.js";

/** The id the page imports the sample texts from. */
export const SAMPLES_MODULE = "virtual:promptasm-samples";
const RESOLVED = `\0${SAMPLES_MODULE}`;

/**
 * The texts of every folder the samples mount, read from `repoRoot` (UTF-8), keyed by repository-relative path with
 * "/" separators, in code-unit order.
 * @throws the fs error when a sample folder is missing or unreadable.
 */
export function readSampleFiles(repoRoot: string): SampleFiles {
  const out: Record<string, string> = {};
  const walk = (rel: string): void => {
    for (const e of readdirSync(join(repoRoot, rel), { withFileTypes: true })) {
      const child = `${rel}/${e.name}`;
      if (e.isDirectory()) { if (!SKIPPED_DIRS.has(e.name)) walk(child); }
      else if (e.isFile()) out[child] = readFileSync(join(repoRoot, child), "utf8");
    }
  };
  for (const from of new Set(SAMPLES.flatMap((s) => s.mounts.map((m) => m.from)))) walk(from);
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** The Vite plugin serving SAMPLES_MODULE; in dev, editing a sample file reloads the module. */
export function samplesPlugin(repoRoot: string): Plugin {
  return {
    name: "promptasm-samples",
    resolveId: (id) => (id === SAMPLES_MODULE ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const files = readSampleFiles(repoRoot);
      for (const p of Object.keys(files)) this.addWatchFile(join(repoRoot, p));
      return `export default ${JSON.stringify(files)};`;
    },
  };
}

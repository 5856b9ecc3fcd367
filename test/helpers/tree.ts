// Temporary workspaces for tests: a directory written from a map of relative path → contents.

import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * Writes `files` under `root` (created if missing, parents too) and returns `root`. A key ending in "/" is an empty
 * directory; any other key is a file with that text or those bytes.
 */
export function writeTree(root: string, files: Record<string, string | Uint8Array>): string {
  mkdirSync(root, { recursive: true });
  for (const [rel, contents] of Object.entries(files)) {
    const full = join(root, rel);
    if (rel.endsWith("/")) mkdirSync(full, { recursive: true });
    else {
      mkdirSync(dirname(full), { recursive: true });
      writeFileSync(full, contents);
    }
  }
  return root;
}

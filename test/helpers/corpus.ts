// The shared corpus (../shared/corpus: real context files in benign/, real injection payloads in attacks/), read in
// place, never copied into the repository.
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

/** Absolute path of ../shared/corpus/ (with a trailing slash). */
export const CORPUS = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));

/** Every file under `dir`, depth first, names sorted, as absolute paths. */
export async function corpusFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const name of (await readdir(dir)).sort()) {
    const p = join(dir, name);
    if ((await stat(p)).isDirectory()) out.push(...(await corpusFiles(p)));
    else out.push(p);
  }
  return out;
}

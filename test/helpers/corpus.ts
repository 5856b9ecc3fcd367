// The shared corpus (../shared/corpus: real context files in benign/, real injection payloads in attacks/), read in
// place, never copied into the repository. It exists only beside this repository's home clone: a clone elsewhere
// still passes `npm test` on our own fixtures, and each corpus-based test is reported as skipped with the reason in
// its title. CI (.ci/run) refuses to run without the corpus, so there these tests always run.
import { existsSync } from "node:fs";
import { readdir, stat } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, it } from "vitest";

/** Absolute path of ../shared/corpus/ (with a trailing slash). */
export const CORPUS = fileURLToPath(new URL("../../../shared/corpus/", import.meta.url));

/** Whether the shared corpus is beside this clone (both its benign/ and attacks/ folders). */
export const HAVE_CORPUS = existsSync(join(CORPUS, "benign")) && existsSync(join(CORPUS, "attacks"));

/** Appended to a corpus-based test's title when it is skipped, so the report says why it did not run. */
export const NO_CORPUS_REASON = HAVE_CORPUS ? "" : " [not run: ../shared/corpus is not beside this clone]";

/** `it` for a test that reads the shared corpus: skipped, with the reason in its title, when the corpus is absent. */
export const itCorpus = ((name: string, ...rest: unknown[]) =>
  (it.skipIf(!HAVE_CORPUS) as (n: string, ...r: unknown[]) => void)(name + NO_CORPUS_REASON, ...rest)) as typeof it;

/** `describe` for a block of corpus-based tests: skipped, with the reason in its title, when the corpus is absent. */
export const describeCorpus = ((name: string, ...rest: unknown[]) =>
  (describe.skipIf(!HAVE_CORPUS) as (n: string, ...r: unknown[]) => void)(name + NO_CORPUS_REASON, ...rest)) as typeof describe;

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

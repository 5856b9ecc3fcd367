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

/**
 * Timeout of a corpus-based test or of each test in a corpus-based block, in ms, unless it names its own: 10 minutes.
 * A pass over all 1,046 benign files and 15,501 attack lines took 60-85 s on a loaded 2-core CI machine (stop 28's
 * run), over vitest's 60 s default, so a whole-corpus test never runs under that default.
 */
export const CORPUS_TEST_TIMEOUT_MS = 600_000;

/** `(fn)`, `(fn, ms)` or `(options, fn)` with the corpus timeout filled in where the caller gave none. */
function withCorpusTimeout(rest: unknown[]): unknown[] {
  if (typeof rest[0] === "function") return typeof rest[1] === "number" ? rest : [{ timeout: CORPUS_TEST_TIMEOUT_MS }, rest[0]];
  if (rest[0] !== null && typeof rest[0] === "object") return [{ timeout: CORPUS_TEST_TIMEOUT_MS, ...(rest[0] as object) }, ...rest.slice(1)];
  return rest;
}

/**
 * `it` for a test that reads the shared corpus: skipped, with the reason in its title, when the corpus is absent;
 * CORPUS_TEST_TIMEOUT_MS unless the test names its own timeout.
 */
export const itCorpus = ((name: string, ...rest: unknown[]) =>
  (it.skipIf(!HAVE_CORPUS) as (n: string, ...r: unknown[]) => void)(name + NO_CORPUS_REASON, ...withCorpusTimeout(rest))) as typeof it;

/**
 * `describe` for a block of corpus-based tests: skipped, with the reason in its title, when the corpus is absent; its
 * tests get CORPUS_TEST_TIMEOUT_MS unless the block or the test names its own timeout.
 */
export const describeCorpus = ((name: string, ...rest: unknown[]) =>
  (describe.skipIf(!HAVE_CORPUS) as (n: string, ...r: unknown[]) => void)(name + NO_CORPUS_REASON, ...withCorpusTimeout(rest))) as typeof describe;

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

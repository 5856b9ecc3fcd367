// The `auto` discovery policy: load what the repository actually has, whatever agent wrote it, by running every
// policy the registry marks for it, in registry order, and keeping each real file and each text once.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import { relative } from "./paths.js";
import { checkDir, finish, resolveRoot } from "./read.js";
import type { WorkspaceReader } from "./reader.js";
import type {
  DiscoveredFile, Discovery, DiscoverOptions, DiscoveryNote, DiscoveryPolicyRecord, PolicyContext, RequestableRule,
} from "./types.js";

/**
 * Runs every policy of `context.policies` with `inAuto` set, in that order (built in: hermes, codex, claude, cursor,
 * gemini, copilot, windsurf, cline, roo, kiro, junie), all with the same project root, and concatenates what they
 * load:
 *
 * - Each policy keeps its own order and precedence inside its files (Codex's one file per directory, Roo's
 *   directory over fallback file, Cursor's globs, …). An `exclusive` policy (hermes) contributes files and notes
 *   only when its own kind won (HERMES.md), and never its "shadowed" notes, since `auto` loads the other kinds too.
 * - No per-policy size limit applies (Codex's 32 KiB is lifted unless `options.maxBytes` is given): the assembler's
 *   budget cuts each file once.
 * - Each file once: a path already taken is skipped silently (two policies reading one file); a second path to a
 *   real file already taken (a symbolic link) and a file with exactly the same text as one taken (CLAUDE.md copied
 *   from AGENTS.md) are skipped with a "duplicate" note.
 * - Files carry `source`, the policy that found them. Labels are relative to the common root.
 * - Notes: every policy's notes in order, each message once, less the "shadowed" and "not-attached" ones about a
 *   file that another policy loads; then the "duplicate" notes.
 *
 * `kind` is "auto", or "none" when nothing loads. `requestable` merges the policies' requestable rules.
 * @throws PromptasmError as the policies do: E_NOT_FOUND for a missing cwd, E_ARG for a relative cwd or root, a root
 *   not containing cwd, a targetPath outside cwd or a bad option of one policy.
 */
export async function discoverAuto(
  reader: WorkspaceReader,
  cwd: string,
  options: DiscoverOptions,
  context: PolicyContext,
): Promise<Discovery> {
  cwd = await checkDir(reader, cwd);
  const root = await resolveRoot(reader, cwd, options.root, [".git"]);
  const base = root ?? cwd;
  const shared: DiscoverOptions = { ...options, maxBytes: options.maxBytes ?? Number.MAX_SAFE_INTEGER };
  if (root !== null) shared.root = root;
  const taken: DiscoveredFile[] = [];
  const takenPaths = new Set<string>();
  const collected: DiscoveryNote[] = [];
  const duplicates: DiscoveryNote[] = [];
  const requestable: RequestableRule[] = [];
  for (const record of context.policies) {
    if (!record.inAuto || record.name === autoPolicy.name) continue;
    const d = await record.discover(reader, cwd, shared, context);
    // An exclusive policy whose own kind lost found other policies' files: those policies speak for them.
    if (record.exclusive && d.kind !== record.name) continue;
    for (const note of d.notes) if (!(record.exclusive && note.reason === "shadowed")) collected.push(note);
    requestable.push(...(d.requestable ?? []));
    for (const file of d.files) {
      if (takenPaths.has(file.path)) continue;
      takenPaths.add(file.path);
      const same = taken.find((t) => t.text === file.text);
      if (same) {
        const message = `${file.path}: skipped, the same text as ${same.label} (${same.source})`;
        duplicates.push({ path: file.path, message, reason: "duplicate" });
        continue;
      }
      taken.push({ ...file, label: relative(base, file.path), source: record.name });
    }
  }
  const notes: DiscoveryNote[] = [];
  // finish() drops second paths to one real file, with their own notes, after these.
  const seen = new Set<string>();
  for (const note of [...collected, ...duplicates]) {
    // A reason to leave a file out means nothing once another policy loads that file.
    const leftOut = note.reason === "shadowed" || note.reason === "other-policy" || note.reason === "not-attached";
    if (leftOut && taken.some((f) => f.path === note.path)) continue;
    if (seen.has(note.message)) continue;
    seen.add(note.message);
    notes.push(note);
  }
  const d = await finish(reader, "auto", base, taken, notes, requestable.length > 0 ? { requestable } : {});
  // finish() re-adds invalid-UTF-8 caveats the policies already gave: keep each message once.
  const once = new Set<string>();
  d.notes = d.notes.filter((n) => (once.has(n.message) ? false : (once.add(n.message), true)));
  return d;
}

/** The `auto` policy's registry record: it reads every marker, so it notes no other policy's files. */
export const autoPolicy: DiscoveryPolicyRecord<"auto"> = {
  name: "auto",
  tool: "any agent",
  description: "every policy marked for auto in registry order, each real file and each text once",
  files: [],
  precedence:
    "hermes (HERMES.md only), codex, claude, cursor, gemini, copilot, windsurf, cline, roo, kiro, junie; each " +
    "policy's own order inside",
  markers: [],
  inAuto: false,
  usesTargetPath: true,
  discover: discoverAuto,
};

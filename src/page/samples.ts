// The sample workspaces the page offers one click away: folders of examples/ mounted where the page mounts a picked
// folder (WORKSPACE, and HOME for an agent home), with the options that show what each one demonstrates. The file
// texts come from a build-time module (vite-plugins/samples-plugin.ts reads examples/), loaded only when a sample is opened;
// tests read the same folders from disk through the same definitions.

import { HOME, WORKSPACE, workspaceFromFiles, type PageOptions, type PickedFile, type Workspace } from "./model.js";

/** A bundled sample: which examples/ folders it mounts, where, and the options it opens with. */
export interface Sample {
  id: string;
  title: string;
  /** One sentence on what the sample shows. */
  summary: string;
  /** Repository-relative folders ("examples/workspace") and where each is mounted (WORKSPACE or HOME). */
  mounts: ReadonlyArray<{ from: string; at: typeof WORKSPACE | typeof HOME }>;
  /** Options the sample opens with, over DEFAULT_OPTIONS. */
  options: Partial<PageOptions>;
}

/** The samples, in the order the page lists them. */
export const SAMPLES: readonly Sample[] = [
  {
    id: "tidepool-api",
    title: "tidepool API: AGENTS.md chain",
    summary: "The root AGENTS.md is cut head/tail at 6,000 chars, the API's AGENTS.md is blocked for an instruction hidden in an HTML comment, and the identity and memory come from an agent home.",
    mounts: [{ from: "examples/workspace", at: WORKSPACE }, { from: "examples/home", at: HOME }],
    options: { policy: "hermes", cwd: `${WORKSPACE}/services/api`, home: HOME, maxChars: 6000, platform: "cli" },
  },
  {
    id: "tidepool-web",
    title: "tidepool web: Cursor rules",
    summary: "Cursor rules by frontmatter: one always applies, one by glob for the test file being edited, one on request, and one blocked for a zero-width space and a curl that uploads .env.",
    mounts: [{ from: "examples/cursor-project", at: WORKSPACE }],
    options: { policy: "cursor", targetPath: "src/chart.test.ts", platform: "cli" },
  },
  {
    id: "skerry",
    title: "Skerry on call: OpenClaw workspace",
    summary: "OpenClaw's bootstrap files in their order; HEARTBEAT.md changes between turns, so it goes below the cache boundary.",
    mounts: [{ from: "examples/openclaw-workspace", at: WORKSPACE }],
    options: { policy: "openclaw", platform: "slack" },
  },
];

/** Sample files as the build bundles them: repository-relative path ("examples/home/SOUL.md") → text. */
export type SampleFiles = Readonly<Record<string, string>>;

/**
 * The sample's workspace: each mounted folder's files at their place (files under WORKSPACE through
 * workspaceFromFiles, so a sample follows the same rules as a picked folder; HOME files beside them).
 * @param files the bundled texts of every sample folder (other samples' files are ignored).
 */
export function sampleWorkspace(sample: Sample, files: SampleFiles): Workspace {
  const under = (from: string): PickedFile[] =>
    Object.entries(files).filter(([p]) => p.startsWith(`${from}/`)).map(([p, text]) => ({ path: p.slice(from.length + 1), file: text }));
  const main = sample.mounts.find((m) => m.at === WORKSPACE);
  const ws = workspaceFromFiles(sample.title, main ? under(main.from) : []);
  for (const m of sample.mounts.filter((m) => m.at !== WORKSPACE)) {
    const extra = workspaceFromFiles(sample.title, under(m.from), m.at);
    for (const [p, f] of extra.files) ws.files.set(p, f);
    ws.dirs = [...new Set([...ws.dirs, ...extra.dirs])].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }
  ws.sample = sample.id;
  return ws;
}

// Stage 1 of assembly: discover. Reads what may enter the prompt — the home files (SOUL.md, MEMORY.md, USER.md), the
// skills, and the project context files the discovery policy picks — without judging any of it (the guard stage
// does). Runtime-neutral: all file access goes through a WorkspaceReader.

import { PromptasmError } from "../../errors.js";
import { CODEX_MAX_BYTES } from "../../discovery/codex.js";
import type { Discovery, DiscoveryNote } from "../../discovery/hermes.js";
import { OPENCLAW_BOOTSTRAP_FILES } from "../../discovery/openclaw.js";
import { join } from "../../discovery/paths.js";
import { discover } from "../../discovery/policies.js";
import type { WorkspaceReader } from "../../discovery/reader.js";
import type { RuleScope } from "../../scan/rules.js";
import type { AssembleOptions, ResolvedOptions } from "./options.js";
import type { AssemblyReport } from "./report.js";

/** The home files, in the order they are read, with the scope they are scanned at. */
export const HOME_FILES = [["SOUL.md", "context"], ["MEMORY.md", "strict"], ["USER.md", "strict"]] as const;
/** Deepest directory level searched for SKILL.md under <home>/skills (skills/<category>/<name>/SKILL.md is 3). */
export const SKILL_DEPTH = 4;

/** The OpenClaw file whose presence means the first-run setup is not finished. */
export const BOOTSTRAP_FILE = "BOOTSTRAP.md";

/** A discovery result as assembly uses it: Cursor's rules on request included. */
export type AssemblyDiscovery = Discovery & { requestable?: Array<{ name: string; description: string; path: string }> };

/** What the discover stage found. Texts are as read (not yet scanned or normalized). */
export interface Found {
  /** Home files that exist and are not blank, in HOME_FILES order. */
  home: Array<{ name: string; path: string; label: string; text: string; scope: RuleScope }>;
  /** SKILL.md files under <home>/skills, sorted by path. */
  skills: Array<{ path: string; label: string; text: string }>;
  /** The project context files (none with skipContextFiles). */
  discovery: AssemblyDiscovery;
  /**
   * OpenClaw bootstrap files that load under no spelling, in OpenClaw's order (openclaw policy only; else empty).
   * BOOTSTRAP.md is not listed: its absence means setup is done.
   */
  missing: string[];
  /** The label of BOOTSTRAP.md when it loads (openclaw policy): the first-run setup is still pending. */
  bootstrapFile: string | null;
}

/**
 * Runs discovery the way assembleSystemPrompt does for `options`: its policy (default "hermes"), with `root` (the
 * openclaw and cursor policies search cwd only and ignore it) and `targetPath` (for the rule policies: cursor,
 * copilot, windsurf, cline, kiro, auto). The files
 * carry the text the scanner sees (frontmatter stripped where the policy strips it), so a finding's line and column
 * point into `files[i].text`. Under the codex policy the files come whole: Codex's 32 KiB combined limit
 * (CODEX_MAX_BYTES) is applied by the budget stage together with the per-file cap, so a file is cut once.
 * @returns the Discovery; for the cursor policy also the rules the agent may request.
 * @throws PromptasmError as discover: E_ARG for an unknown policy, E_NOT_FOUND when cwd is not a directory.
 */
export async function discoverForAssembly(
  reader: WorkspaceReader, options: Pick<AssembleOptions, "cwd" | "policy" | "root" | "targetPath">,
): Promise<AssemblyDiscovery> {
  const policy = options.policy ?? "hermes";
  const policyOptions: Record<string, unknown> = {};
  // Every policy's registry record takes what it uses (openclaw and cursor ignore root; only rule policies use targetPath).
  if (options.root !== undefined) policyOptions.root = options.root;
  if (options.targetPath !== undefined) policyOptions.targetPath = options.targetPath;
  if (policy === "codex") policyOptions.maxBytes = Number.MAX_SAFE_INTEGER;
  return discover(reader, options.cwd, policy, policyOptions as never);
}

/** The byte limit a discovery policy sets on top of the budget: Codex's 32 KiB (CODEX_MAX_BYTES), else none. */
export function policyByteLimit(policy: string): number | null {
  return policy === "codex" ? CODEX_MAX_BYTES : null;
}

/**
 * The discover stage: home files and skills (unless skipContextFiles), then the policy's context files. Read
 * problems (binary, too large, invalid UTF-8) and discovery's notes go to `report.notes`; under the openclaw policy
 * the bootstrap files that do not load are listed in `Found.missing` (not as notes: most workspaces lack some).
 * @throws PromptasmError E_NOT_FOUND when home or cwd is not a directory; discovery's errors pass through.
 */
export async function discoverStage(reader: WorkspaceReader, resolved: ResolvedOptions, report: AssemblyReport): Promise<Found> {
  const { options, policy } = resolved;
  const found: Found = { home: [], skills: [], discovery: { kind: "none", root: options.cwd, files: [], notes: [] }, missing: [], bootstrapFile: null };
  if (options.skipContextFiles) return found;
  if (options.home !== undefined) {
    if ((await reader.kind(options.home)) !== "dir") throw new PromptasmError("E_NOT_FOUND", `home ${options.home} is not a directory`);
    for (const [name, scope] of HOME_FILES) {
      // MEMORY.md and USER.md switch separately (sections/options.ts memoryFiles): a file switched off is not read.
      if ((name === "MEMORY.md" && options.memoryFiles?.memory === false) || (name === "USER.md" && options.memoryFiles?.user === false)) continue;
      const path = join(options.home, name);
      const text = await readText(reader, path, report.notes);
      if (text === null || text.trim() === "") continue;
      found.home.push({ name, path, label: `home/${name}`, text, scope });
    }
    for (const path of await findSkills(reader, join(options.home, "skills"), SKILL_DEPTH)) {
      const text = await readText(reader, path, report.notes);
      if (text === null || text.trim() === "") continue;
      found.skills.push({ path, label: `home/${path.slice(options.home.length + 1)}`, text });
    }
  }
  found.discovery = await discoverForAssembly(reader, { ...options, policy });
  report.notes.push(...found.discovery.notes);
  if (policy === "openclaw") {
    const loaded = new Set(found.discovery.files.map((f) => f.label.toUpperCase()));
    for (const name of OPENCLAW_BOOTSTRAP_FILES) {
      if (name === BOOTSTRAP_FILE) continue;
      if (loaded.has(name.toUpperCase())) continue;
      found.missing.push(name);
    }
    found.bootstrapFile = found.discovery.files.find((f) => f.label.toUpperCase() === BOOTSTRAP_FILE.toUpperCase())?.label ?? null;
  }
  return found;
}

async function readText(reader: WorkspaceReader, path: string, notes: DiscoveryNote[]): Promise<string | null> {
  const r = await reader.read(path);
  switch (r.kind) {
    case "missing": return null;
    case "binary": notes.push({ path, message: `${path}: binary file (${r.bytes} bytes), skipped` }); return null;
    case "too-large": notes.push({ path, message: `${path}: ${r.bytes} bytes is over the ${r.limit}-byte read limit, skipped` }); return null;
    case "error": notes.push({ path, message: r.message }); return null;
    case "text":
      if (r.invalidUtf8At !== undefined) notes.push({ path, message: `${path}: invalid UTF-8 at byte ${r.invalidUtf8At}, replaced with U+FFFD` });
      return r.text;
  }
}

// SKILL.md files under `dir`, at most `depth` levels down, sorted by path (code-unit order).
async function findSkills(reader: WorkspaceReader, dir: string, depth: number): Promise<string[]> {
  if (depth < 0) return [];
  const entries = await reader.list(dir);
  if (!entries) return [];
  const out: string[] = [];
  for (const e of [...entries].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const path = join(dir, e.name);
    if (e.kind === "file" && e.name === "SKILL.md") out.push(path);
    else if (e.kind === "dir" && !e.name.startsWith(".")) out.push(...(await findSkills(reader, path, depth - 1)));
  }
  return out.sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}


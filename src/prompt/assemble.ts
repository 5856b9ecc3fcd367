// Assembly: workspace files -> discovery -> guard (scan, normalize, truncate in the WASM core) -> sections -> tiers
// -> one system prompt string. Runtime-neutral: all file access goes through a WorkspaceReader.

import type { Core } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { discoverHermes, type Discovery, type DiscoveryNote } from "../discovery/hermes.js";
import { isAbsolute, join } from "../discovery/paths.js";
import type { WorkspaceReader } from "../discovery/reader.js";
import { guardText, HERMES_SPLIT, type GuardedText, type TruncationPolicy } from "../guard/guard.js";
import type { Finding, Scanner } from "../scan/scanner.js";
import { CONTEXT_GUIDANCE, DEFAULT_IDENTITY, PLATFORM_HINTS } from "../sections/texts.js";
import { TIERS, type Section, type Tier } from "../sections/types.js";
import { fileCap } from "./budget.js";

/** Options for assembleSystemPrompt. Paths are absolute POSIX paths as the reader understands them. */
export interface AssembleOptions {
  /** The agent's working directory: discovery starts here. */
  cwd: string;
  /** Directory holding SOUL.md, MEMORY.md and USER.md (the agent's home). Omit for none. */
  home?: string;
  /** Project root; default: the nearest ancestor of cwd with a .git entry. */
  root?: string;
  /** Model name; picks the context window for the truncation cap when contextWindow is not given. */
  model?: string;
  /** Context window in tokens (overrides the model's). */
  contextWindow?: number;
  /** Per-file truncation cap in chars (UTF-16 code units); wins over contextWindow and model. */
  maxChars?: number;
  /** Platform the agent talks through (e.g. "cli"): adds a platform line. */
  platform?: string;
  /** The caller's system message: appended in the context tier, never replacing anything. */
  systemMessage?: string;
  /** The moment for the date line (default: now). */
  now?: Date;
  /** IANA time zone for the date line (default: the runtime's). */
  timeZone?: string;
}

/** A finding in a named file. */
export interface FileFinding extends Finding {
  /** The file's label, e.g. "services/api/AGENTS.md" or "home/SOUL.md". */
  file: string;
  path: string;
}

/** A file that was cut head/tail. Counts are UTF-16 code units of the normalized text. */
export interface FileTruncation {
  file: string;
  path: string;
  originalChars: number;
  headChars: number;
  tailChars: number;
}

/** The assembled system prompt and how it came about. */
export interface AssembledPrompt {
  prompt: string;
  /** Sections in prompt order. `chars` is the section's length in UTF-16 code units. */
  sections: Array<{ id: string; tier: Tier; source: string | null; sources: string[]; chars: number }>;
  findings: FileFinding[];
  truncations: FileTruncation[];
  /** Files skipped or taken with a caveat (binary, unreadable, invalid UTF-8, blocked identity, …). */
  notes: DiscoveryNote[];
  /** Which kind of project context loaded. */
  contextKind: Discovery["kind"];
  /** The per-file truncation cap that applied, in chars. */
  cap: number;
  /** prompt.length in UTF-16 code units. */
  chars: number;
}

const HOME_FILES = ["SOUL.md", "MEMORY.md", "USER.md"] as const;

/**
 * Assembles the system prompt for an agent started in `options.cwd`.
 * Context files follow the Hermes policy (discovery/hermes.ts); each one, and each home file, is scanned and blocked
 * on any finding, else normalized and cut head/tail (70/20 of the cap, as Hermes) when over the cap.
 * Same inputs give identical bytes, whatever order the reader lists directories in.
 * @throws PromptasmError E_ARG for a relative path or an out-of-range number, E_NOT_FOUND when cwd is not a
 *   directory.
 */
export async function assembleSystemPrompt(
  core: Core, scanner: Scanner, reader: WorkspaceReader, options: AssembleOptions,
): Promise<AssembledPrompt> {
  for (const key of ["cwd", "home", "root"] as const) {
    const v = options[key];
    if (v !== undefined && !isAbsolute(v)) throw new PromptasmError("E_ARG", `${key} must be an absolute path, got ${JSON.stringify(v)}`);
  }
  if (options.platform !== undefined && !/^[a-z0-9][a-z0-9_-]{0,31}$/i.test(options.platform)) {
    throw new PromptasmError("E_ARG", `platform must be a short name like "cli", got ${JSON.stringify(options.platform)}`);
  }
  const cap = fileCap(options);
  const policy: TruncationPolicy = { cap, ...HERMES_SPLIT };
  const findings: FileFinding[] = [];
  const truncations: FileTruncation[] = [];
  const notes: DiscoveryNote[] = [];

  const guard = (label: string, path: string, text: string): GuardedText => {
    const g = guardText(core, scanner, { label, path, text }, policy);
    for (const f of g.findings) findings.push({ ...f, file: label, path });
    if (g.status === "ok" && g.truncation) truncations.push({ file: label, path, ...g.truncation });
    return g;
  };

  // Home files: identity and the memory snapshot.
  const home: Partial<Record<(typeof HOME_FILES)[number], { path: string; guarded: GuardedText }>> = {};
  if (options.home !== undefined) {
    if ((await reader.kind(options.home)) !== "dir") throw new PromptasmError("E_NOT_FOUND", `home ${options.home} is not a directory`);
    for (const name of HOME_FILES) {
      const path = join(options.home, name);
      const r = await reader.read(path);
      if (r.kind === "missing") continue;
      if (r.kind !== "text") { notes.push({ path, message: readProblem(path, r) }); continue; }
      if (r.invalidUtf8At !== undefined) notes.push({ path, message: `${path}: invalid UTF-8 at byte ${r.invalidUtf8At}, replaced with U+FFFD` });
      if (r.text.trim() === "") continue;
      home[name] = { path, guarded: guard(`home/${name}`, path, r.text) };
    }
  }

  const discovery = await discoverHermes(reader, options.cwd, options.root !== undefined ? { root: options.root } : {});
  notes.push(...discovery.notes);
  const contextParts: string[] = [];
  for (const file of discovery.files) {
    const g = guard(file.label, file.path, file.text);
    contextParts.push(`## ${file.label}\n\n${g.status === "ok" ? g.text : g.notice}`);
  }

  const sections: Section[] = [];
  const add = (id: string, tier: Tier, text: string, sources: string[] = []) => {
    const t = text.trim();
    if (t !== "") sections.push({ id, tier, text: t, sources });
  };

  const soul = home["SOUL.md"];
  if (soul?.guarded.status === "ok") add("identity", "stable", soul.guarded.text, [soul.path]);
  else {
    if (soul) notes.push({ path: soul.path, message: `${soul.path} was blocked; the default identity is used instead` });
    add("identity", "stable", DEFAULT_IDENTITY);
  }
  add("guidance", "stable", CONTEXT_GUIDANCE);
  if (options.systemMessage !== undefined) add("system-message", "context", options.systemMessage);
  if (contextParts.length > 0) {
    add("project-context", "context", `# Project context\n\n${contextParts.join("\n\n")}`, discovery.files.map((f) => f.path));
  }
  const memoryParts: string[] = [];
  const memorySources: string[] = [];
  for (const name of ["MEMORY.md", "USER.md"] as const) {
    const m = home[name];
    if (!m) continue;
    memoryParts.push(`## ${name}\n\n${m.guarded.status === "ok" ? m.guarded.text : m.guarded.notice}`);
    memorySources.push(m.path);
  }
  if (memoryParts.length > 0) {
    add("memory", "volatile", `# Memory (a snapshot taken when this session started)\n\n${memoryParts.join("\n\n")}`, memorySources);
  }
  add("date", "volatile", dateLine(options.now ?? new Date(), options.timeZone));
  if (options.platform !== undefined) {
    add("platform", "volatile", PLATFORM_HINTS[options.platform.toLowerCase()] ?? `Platform: ${options.platform}.`);
  }

  // Parts of a tier are joined by one blank line, tiers by one blank line: the same separator, so the prompt is the
  // sections in tier order joined by "\n\n" (empty sections were never added).
  const ordered = TIERS.flatMap((tier) => sections.filter((s) => s.tier === tier));
  const prompt = ordered.map((s) => s.text).join("\n\n");
  return {
    prompt,
    sections: ordered.map((s) => ({ id: s.id, tier: s.tier, source: s.sources[0] ?? null, sources: s.sources, chars: s.text.length })),
    findings, truncations, notes,
    contextKind: discovery.kind,
    cap,
    chars: prompt.length,
  };
}

/**
 * The date line: the date only (no time), in the given IANA time zone, so the bytes stay the same all day.
 * @throws PromptasmError E_ARG for an unknown time zone.
 */
export function dateLine(now: Date, timeZone?: string): string {
  let fmt: Intl.DateTimeFormat;
  try {
    fmt = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
  } catch (cause) {
    throw new PromptasmError("E_ARG", `unknown time zone ${JSON.stringify(timeZone)}`, { cause });
  }
  if (Number.isNaN(now.getTime())) throw new PromptasmError("E_ARG", "the date for the date line is invalid");
  return `Today's date: ${fmt.format(now)} (${fmt.resolvedOptions().timeZone}).`;
}

function readProblem(path: string, r: Exclude<Awaited<ReturnType<WorkspaceReader["read"]>>, { kind: "text" | "missing" }>): string {
  switch (r.kind) {
    case "binary": return `${path}: binary file (${r.bytes} bytes), skipped`;
    case "too-large": return `${path}: ${r.bytes} bytes is over the ${r.limit}-byte read limit, skipped`;
    case "error": return r.message;
  }
}

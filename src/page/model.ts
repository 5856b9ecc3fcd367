// The browser page's logic without the DOM: how picked, dropped or sample files become a workspace, which assemble
// options the page's controls stand for, and the view models the page draws (sections and the cache boundary, the
// offending line of a finding, what a truncation cut, budget totals). Everything here runs in Node too, so the page's
// behaviour is unit-tested without a browser (test/page.test.ts). Offsets and chars are UTF-16 code units.

import type { BlobLike } from "../adapters/map-reader.js";
import { isScanTarget } from "../discovery/names.js";
import { DISCOVERY_POLICIES, TARGET_PATH_POLICIES, type DiscoveryPolicy } from "../discovery/policies.js";
import type { AssembleOptions, FileTruncation } from "../prompt/assemble.js";
import { CACHE_BOUNDARY } from "../prompt/boundary.js";
import { contextWindowOf, fileCap } from "../prompt/budget.js";
import { sectionSpans, type AssembleJsonInput } from "../providers/explain.js";
import type { PromptMode } from "../sections/builders.js";
import { PLATFORM_HINTS } from "../sections/texts.js";
import type { Tier } from "../sections/types.js";
import type { CurrentRuntime } from "../stores/session.js";
import type { Encoding } from "../tokens/tokens.js";

/** Where a picked or dropped folder is mounted for the assembler (the same place the Worker API uses). */
export const WORKSPACE = "/workspace";
/** Where a sample's agent home (SOUL.md, MEMORY.md, USER.md) is mounted. */
export const HOME = "/home";
/**
 * The largest file the page reads: 16 MiB (16,777,216 bytes). Larger files are never read; discovery reports them
 * as too large. Context files are kilobytes; the cap keeps a stray video named AGENTS.md from freezing the tab.
 */
export const PAGE_MAX_BYTES = 16 * 1024 * 1024;
/** Most files kept from one folder (the rest are counted and left out). Files are only read when discovery asks. */
export const MAX_FILES = 100_000;
/** Directory names whose contents are left out of a picked folder: version control and installed packages. */
export const SKIPPED_DIRS: ReadonlySet<string> = new Set([".git", "node_modules"]);
/** Longest text the page's editor takes, in UTF-16 code units; longer files are shown as too large to edit. */
export const MAX_EDIT_CHARS = 2_000_000;

/** One file as the page got it: a path relative to the folder ("/"-separated) and its content. */
export interface PickedFile {
  path: string;
  file: BlobLike | string;
}

/** A workspace the page can assemble from. Paths are absolute POSIX paths under WORKSPACE (and HOME for samples). */
export interface Workspace {
  /** The folder's name (or the sample's title), for headings. */
  name: string;
  /** Absolute path → content (a Blob, read only when discovery asks, or text). */
  files: Map<string, BlobLike | string>;
  /** Every directory that holds a file, WORKSPACE included, sorted in code-unit order. */
  dirs: string[];
  /** Entries left out: under .git or node_modules, past MAX_FILES, or with a name the page cannot mount. */
  skipped: { vcs: number; overLimit: number; badName: number };
  /** The sample's id when the workspace is a bundled sample. */
  sample?: string;
}

const byCodeUnits = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Builds a workspace from files with relative paths, mounted under WORKSPACE.
 * Paths are split on "/" (a backslash is a "/" too: Windows drops can carry them); empty segments are ignored; a
 * path with a "." or ".." segment or a NUL is left out (counted in `skipped.badName`), so nothing mounts outside
 * the workspace; files under a directory named .git or node_modules are left out (`skipped.vcs`); after MAX_FILES
 * files the rest are counted in `skipped.overLimit`. A second file at the same path replaces the first.
 */
export function workspaceFromFiles(name: string, picked: Iterable<PickedFile>, mount = WORKSPACE): Workspace {
  const files = new Map<string, BlobLike | string>();
  const dirs = new Set<string>([mount]);
  const skipped = { vcs: 0, overLimit: 0, badName: 0 };
  for (const { path, file } of picked) {
    const segments = path.split(/[\\/]/).filter((s) => s !== "");
    if (segments.length === 0 || segments.some((s) => s === "." || s === ".." || s.includes("\0"))) {
      skipped.badName++;
      continue;
    }
    if (segments.slice(0, -1).some((s) => SKIPPED_DIRS.has(s))) {
      skipped.vcs++;
      continue;
    }
    const abs = `${mount}/${segments.join("/")}`;
    if (!files.has(abs) && files.size >= MAX_FILES) {
      skipped.overLimit++;
      continue;
    }
    files.set(abs, file);
    let dir = mount;
    for (const s of segments.slice(0, -1)) {
      dir = `${dir}/${s}`;
      dirs.add(dir);
    }
  }
  return { name, files, dirs: [...dirs].sort(byCodeUnits), skipped };
}

/** A browser File as the folder picker hands it over (webkitRelativePath is "folder/sub/name" there, "" otherwise). */
export interface PickedBrowserFile extends BlobLike {
  readonly name: string;
  readonly webkitRelativePath?: string;
}

/**
 * Builds a workspace from an `<input type="file" webkitdirectory>` selection: each file's webkitRelativePath starts
 * with the picked folder's name, which becomes the workspace's name and is not part of the mounted path. Files
 * without a relative path (a plain multi-file pick) mount by their name.
 */
export function workspaceFromFileList(list: ArrayLike<PickedBrowserFile>): Workspace {
  let name = "";
  const picked: PickedFile[] = [];
  for (let i = 0; i < list.length; i++) {
    const f = list[i]!;
    const rel = f.webkitRelativePath ?? "";
    if (rel === "") {
      picked.push({ path: f.name, file: f });
      continue;
    }
    const slash = rel.indexOf("/");
    if (name === "") name = slash === -1 ? rel : rel.slice(0, slash);
    picked.push({ path: slash === -1 ? rel : rel.slice(slash + 1), file: f });
  }
  return workspaceFromFiles(name || "picked files", picked);
}

/** Directories under `ws` that hold SOUL.md, MEMORY.md or USER.md: the choices for the agent's home. */
export function homeCandidates(ws: Workspace): string[] {
  return ws.dirs.filter((d) => ["SOUL.md", "MEMORY.md", "USER.md"].some((n) => ws.files.has(`${d}/${n}`)));
}

/** Directories under WORKSPACE: the choices for the working directory (discovery starts there). */
export function cwdCandidates(ws: Workspace): string[] {
  return ws.dirs.filter((d) => d === WORKSPACE || d.startsWith(`${WORKSPACE}/`));
}

/** The files the page lists for viewing and editing: context files and Markdown (what discovery may read), sorted. */
export function listedFiles(ws: Workspace): string[] {
  return [...ws.files.keys()].filter((p) => isScanTarget(p.slice(1))).sort(byCodeUnits);
}

/** A model the page offers, with the provider its runtime block names. */
export interface ModelChoice {
  name: string;
  provider: string;
}

/** The models in the page's model menu; the per-file cap follows each one's context window (see fileCap). */
export const MODELS: readonly ModelChoice[] = [
  { name: "claude-sonnet-4-5", provider: "anthropic" },
  { name: "claude-haiku-4-5", provider: "anthropic" },
  { name: "gpt-5", provider: "openai" },
  { name: "gpt-4.1", provider: "openai" },
  { name: "gpt-4o", provider: "openai" },
  { name: "gemini-2.5-pro", provider: "google" },
];

/** What the page's option controls hold. */
export interface PageOptions {
  policy: DiscoveryPolicy;
  mode: PromptMode;
  /** One of MODELS' names. */
  model: string;
  /** A platform name ("cli", "web", …) or "" for no platform line. */
  platform: string;
  /** The agent's working directory: WORKSPACE or a directory under it. */
  cwd: string;
  /** The agent's home directory, or "" for none. */
  home: string;
  /** Per-file cap in chars (UTF-16 code units), or null to take it from the model's context window. */
  maxChars: number | null;
  /** Cursor policy: the file being edited, relative to cwd ("" for none). */
  targetPath: string;
}

/** The options the page starts with. */
export const DEFAULT_OPTIONS: PageOptions = {
  policy: "hermes", mode: "full", model: "claude-sonnet-4-5", platform: "cli", cwd: WORKSPACE, home: "", maxChars: null, targetPath: "",
};

/** The prompt modes the page offers (its Mode menu). */
export const PROMPT_MODES: readonly PromptMode[] = ["full", "minimal", "none"];

/** The largest per-file cap the page takes, in chars. */
export const MAX_CAP = 2_147_483_647;

/** A per-file cap as typed: a number of chars, null for "from the model" (an empty field), or why it is refused. */
export type CapInput = { ok: true; maxChars: number | null } | { ok: false; error: string };

/**
 * Reads the per-file cap field: empty (spaces around are ignored) is null, the cap from the model; otherwise a
 * decimal number ("6000", "6e3") that is a whole number from 1 to MAX_CAP. Anything else is refused with a message
 * that names the field and the problem: not a number, not a finite number ("1e400"), not a whole number, out of range.
 */
export function parseCap(raw: string): CapInput {
  const text = raw.trim();
  if (text === "") return { ok: true, maxChars: null };
  const shown = `“${text.length > 40 ? `${text.slice(0, 40)}…` : text}”`;
  const refuse = (problem: string): CapInput => ({
    ok: false,
    error: `Per-file cap in chars: ${shown} ${problem}. Enter a whole number from 1 to ${MAX_CAP.toLocaleString("en-US")}, or leave the field empty for the cap from the model.`,
  });
  if (!/^[+-]?(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?$/i.test(text)) return refuse("is not a number");
  const n = Number(text);
  if (!Number.isFinite(n)) return refuse("is not a finite number");
  if (!Number.isInteger(n)) return refuse("is not a whole number");
  if (n < 1) return refuse("is less than 1");
  if (n > MAX_CAP) return refuse(`is more than ${MAX_CAP.toLocaleString("en-US")}`);
  return { ok: true, maxChars: n };
}

/** What the page keeps in localStorage: the session id, the options and the token encoding. */
export interface PageSettings {
  sessionId: string;
  options: PageOptions;
  encoding: Encoding;
}

/** The settings the page starts with. */
export const DEFAULT_SETTINGS: PageSettings = { sessionId: "demo", options: DEFAULT_OPTIONS, encoding: "cl100k_base" };

/** Longest session id the page takes (the field's maxlength). */
export const MAX_SESSION_ID = 512;

/**
 * The settings stored as `json` (what localStorage holds; null when nothing is stored), field by field: a field
 * that is missing, of the wrong type or not one the page offers (a mode, policy, model, platform or encoding it does
 * not know, a cap that is not a whole number from 1 to MAX_CAP, a directory outside the workspace) takes its default,
 * and the others are kept. Text that is not JSON, or not an object, gives the defaults. Never throws.
 */
export function settingsFromStorage(json: string | null): PageSettings {
  let raw: unknown;
  try {
    raw = JSON.parse(json ?? "null");
  } catch {
    raw = null;
  }
  const obj = (v: unknown): Record<string, unknown> => (typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Record<string, unknown>) : {});
  const s = obj(raw), o = obj(s.options), d = DEFAULT_OPTIONS;
  const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
  const oneOf = <T extends string>(v: unknown, allowed: readonly T[], fallback: T): T => (allowed.includes(v as T) ? (v as T) : fallback);
  const inWorkspace = (v: string | undefined) => v !== undefined && !v.includes("\0") && (v === WORKSPACE || v.startsWith(`${WORKSPACE}/`));
  const platform = str(o.platform);
  const cwd = str(o.cwd), home = str(o.home), sessionId = str(s.sessionId);
  const cap = o.maxChars;
  return {
    sessionId: sessionId !== undefined && sessionId.trim() !== "" && sessionId.length <= MAX_SESSION_ID ? sessionId : DEFAULT_SETTINGS.sessionId,
    options: {
      policy: oneOf(o.policy, DISCOVERY_POLICIES, d.policy),
      mode: oneOf(o.mode, PROMPT_MODES, d.mode),
      model: oneOf(o.model, MODELS.map((m) => m.name), d.model),
      platform: platform !== undefined && (platform === "" || Object.hasOwn(PLATFORM_HINTS, platform)) ? platform : d.platform,
      cwd: inWorkspace(cwd) ? cwd! : d.cwd,
      home: home === "" || home === HOME || inWorkspace(home) ? home! : d.home,
      maxChars: cap === null || (Number.isSafeInteger(cap) && (cap as number) >= 1 && (cap as number) <= MAX_CAP) ? (cap as number | null) : d.maxChars,
      targetPath: str(o.targetPath) ?? d.targetPath,
    },
    encoding: oneOf(s.encoding, ["cl100k_base", "o200k_base"] as const, DEFAULT_SETTINGS.encoding),
  };
}

/** The provider of a model in MODELS ("anthropic", "openai", "google"); "" for a model the page does not know. */
export function providerOf(model: string): string {
  return MODELS.find((m) => m.name === model)?.provider ?? "";
}

/** The model's context window in tokens and the per-file cap it gives, in chars (UTF-16 code units). */
export function modelBudget(model: string): { contextWindow: number | undefined; cap: number } {
  return { contextWindow: contextWindowOf(model), cap: fileCap({ model }) };
}

/**
 * The assemble options the page's controls stand for: the project root is always WORKSPACE, the provider follows
 * the model, and `now` and `timeZone` pin the date line so a build can be repeated byte for byte.
 */
export function assembleOptions(o: PageOptions, now: Date, timeZone: string): AssembleOptions {
  const provider = providerOf(o.model);
  return {
    cwd: o.cwd,
    root: WORKSPACE,
    ...(o.home !== "" ? { home: o.home } : {}),
    policy: o.policy,
    mode: o.mode,
    model: o.model,
    ...(provider !== "" ? { provider } : {}),
    ...(o.platform !== "" ? { platform: o.platform } : {}),
    ...(o.maxChars !== null ? { maxChars: o.maxChars } : {}),
    // Every policy that reads targetPath (conditional rules: cursor's globs, copilot's applyTo, kiro's fileMatch …).
    ...(TARGET_PATH_POLICIES.includes(o.policy) && o.targetPath.trim() !== "" ? { targetPath: o.targetPath.trim() } : {}),
    now,
    timeZone,
  };
}

/** The runtime a frozen session is checked against: model, provider and cwd decide staleness; platform adds a note. */
export function runtimeOf(o: PageOptions): CurrentRuntime {
  const provider = providerOf(o.model);
  return { model: o.model, ...(provider !== "" ? { provider } : {}), cwd: o.cwd, ...(o.platform !== "" ? { platform: o.platform } : {}) };
}

/** One section as the page shows it: where it sits in the prompt and its text. */
export interface SectionView {
  id: string;
  tier: Tier;
  sources: string[];
  /** prompt.slice(start, end) is `text`. */
  start: number;
  end: number;
  text: string;
}

/** The prompt cut into its sections, and the cache boundary line when there is one. */
export interface PromptView {
  sections: SectionView[];
  /** The marker line: prompt.slice(start, end) is CACHE_BOUNDARY. */
  boundary: { start: number; end: number } | null;
}

/**
 * Cuts a prompt into labelled sections (see sectionSpans). When the section counts do not add up (a prompt edited
 * after assembly, or sections not stored), the whole prompt is one section with id "prompt", so the page still shows
 * every byte; the boundary is then found by searching for the marker line.
 */
export function promptView(j: AssembleJsonInput): PromptView {
  const spans = sectionSpans(j);
  if (spans !== null) {
    return {
      sections: spans.map((s) => ({ id: s.id, tier: s.tier, sources: s.sources, start: s.start, end: s.end, text: j.prompt.slice(s.start, s.end) })),
      boundary: j.boundary === null ? null : { start: j.boundary, end: j.boundary + CACHE_BOUNDARY.length },
    };
  }
  const at = j.prompt.indexOf(`\n\n${CACHE_BOUNDARY}\n\n`);
  return {
    sections: [{ id: "prompt", tier: "stable", sources: [], start: 0, end: j.prompt.length, text: j.prompt }],
    boundary: at === -1 ? null : { start: at + 2, end: at + 2 + CACHE_BOUNDARY.length },
  };
}

/** Chars (and tokens, when counted) per tier and in total. */
export interface BudgetTotals {
  tiers: Array<{ tier: Tier; sections: number; chars: number; tokens?: number }>;
  chars: number;
  tokens?: number;
}

/**
 * Sums section chars (and token counts, when `tokens` has one per section, in section order) per tier, in the
 * order stable, context, volatile. Chars are the sections' own; the blank lines and the boundary line between them
 * are not counted.
 */
export function budgetTotals(sections: ReadonlyArray<{ tier: Tier; text: string }>, tokens?: readonly number[]): BudgetTotals {
  const withTokens = tokens !== undefined && tokens.length === sections.length;
  const tiers = (["stable", "context", "volatile"] as const).map((tier) => {
    const mine = sections.map((s, i) => ({ s, i })).filter(({ s }) => s.tier === tier);
    return {
      tier,
      sections: mine.length,
      chars: mine.reduce((n, { s }) => n + s.text.length, 0),
      ...(withTokens ? { tokens: mine.reduce((n, { i }) => n + tokens[i]!, 0) } : {}),
    };
  });
  return {
    tiers,
    chars: tiers.reduce((n, t) => n + t.chars, 0),
    ...(withTokens ? { tokens: tokens.reduce((n, t) => n + t, 0) } : {}),
  };
}

/** The line a finding is on, cut into the text before the match, the match and the text after it. */
export interface LineView {
  /** 1-based line number. */
  line: number;
  /** 1-based column of the match in the line (UTF-16 code units). */
  column: number;
  before: string;
  match: string;
  after: string;
  /** True when the shown line was shortened around the match (… marks the cut ends). */
  clipped: boolean;
}

/** Chars of context kept on each side of a match in a long line. */
export const LINE_CONTEXT = 160;
/** Most chars of a match shown highlighted (a rule's match has no recorded end; findings keep 60 chars of excerpt). */
export const MATCH_CHARS = 60;

/** Where a finding is: its 1-based line and column, and the code point of an invisible-character finding. */
export interface FindingPlace {
  line: number;
  column: number;
  codePoint?: number;
}

/**
 * The line of `text` a finding is on, with the match highlighted: lines end at LF, CRLF or a lone CR, as the
 * scanner counts them. An invisible-character finding highlights that one character (two code units for an astral
 * one); a rule finding highlights from its column up to MATCH_CHARS code units, within the line. Lines longer than
 * the match plus LINE_CONTEXT on each side are clipped around it. Null when the text has no such line or column.
 * For several findings in one text use lineViews, which reads the text once for all of them.
 */
export function lineView(text: string, f: FindingPlace): LineView | null {
  return lineViews(text, [f])[0]!;
}

/**
 * The lines of several findings in one text (see lineView), in one pass: the text is read from its start up to the
 * end of the last finding's line once, whatever the number of findings or lines, so a multi-megabyte file with
 * findings on its last lines costs one read of it, not one per line. `stats.examined` (when given) is increased by
 * the code units read looking for line ends: at most text.length. Views come back in the order of `findings`.
 */
export function lineViews(text: string, findings: readonly FindingPlace[], stats?: { examined: number }): Array<LineView | null> {
  const out: Array<LineView | null> = findings.map(() => null);
  const order = findings.map((_, i) => i).filter((i) => Number.isSafeInteger(findings[i]!.line) && findings[i]!.line >= 1);
  order.sort((a, b) => findings[a]!.line - findings[b]!.line);
  let examined = 0;
  // The current line: its number, where it starts, and where it ends (-1 until looked for).
  let line = 1, start = 0, end = -1;
  const lineEnd = (): number => {
    let e = start;
    while (e < text.length) {
      examined++;
      const c = text.charCodeAt(e);
      if (c === 0x0a || c === 0x0d) break;
      e++;
    }
    return e;
  };
  for (const i of order) {
    const f = findings[i]!;
    while (line < f.line) {
      if (end === -1) end = lineEnd();
      if (end >= text.length) break; // the text has no more lines
      start = end + (text.charCodeAt(end) === 0x0d && text.charCodeAt(end + 1) === 0x0a ? 2 : 1);
      end = -1;
      line++;
    }
    if (line < f.line) break; // this finding and the later ones are past the last line
    if (end === -1) end = lineEnd();
    out[i] = cutLine(text, start, end, f);
  }
  if (stats) stats.examined += examined;
  return out;
}

/** The view of a finding on the line text.slice(start, end); null when its column is not on the line. */
function cutLine(text: string, start: number, end: number, f: FindingPlace): LineView | null {
  const at = start + f.column - 1;
  if (!Number.isSafeInteger(f.column) || f.column < 1 || at > end) return null;
  const width = f.codePoint !== undefined ? (f.codePoint > 0xffff ? 2 : 1) : MATCH_CHARS;
  const matchEnd = Math.min(end, at + width);
  const from = Math.max(start, at - LINE_CONTEXT), to = Math.min(end, matchEnd + LINE_CONTEXT);
  return {
    line: f.line,
    column: f.column,
    before: text.slice(from, at),
    match: text.slice(at, matchEnd),
    after: text.slice(matchEnd, to),
    clipped: from > start || to < end,
  };
}

/** What a head/tail cut kept and removed, with the removed text when the file's normalized text is at hand. */
export interface CutView {
  file: string;
  path: string;
  originalChars: number;
  headChars: number;
  tailChars: number;
  /** Chars removed from the middle (originalChars − headChars − tailChars). */
  cutChars: number;
  dropped: boolean;
  /** normalized.slice(headChars, originalChars − tailChars), when `normalized` has originalChars chars. */
  cutText?: string;
}

/**
 * Describes one truncation. `normalized` is the file's text after the core's normalization (what the budget cut);
 * the cut text is given only when its length matches the truncation's originalChars, so a mismatched text is never
 * shown as what was removed.
 */
export function cutView(t: FileTruncation, normalized?: string): CutView {
  const cutChars = t.originalChars - t.headChars - t.tailChars;
  const view: CutView = { file: t.file, path: t.path, originalChars: t.originalChars, headChars: t.headChars, tailChars: t.tailChars, cutChars, dropped: t.dropped === true };
  if (normalized !== undefined && normalized.length === t.originalChars) view.cutText = normalized.slice(t.headChars, t.originalChars - t.tailChars);
  return view;
}

/** Why a file was not mounted or read, in words for the page (an empty list when nothing was left out). */
export function skippedNotes(ws: Workspace): string[] {
  const out: string[] = [];
  const n = (k: number, one: string, many: string) => `${k.toLocaleString("en-US")} ${k === 1 ? one : many}`;
  if (ws.skipped.vcs > 0) out.push(`${n(ws.skipped.vcs, "file", "files")} under .git or node_modules left out (agents do not read them as context).`);
  if (ws.skipped.overLimit > 0) out.push(`${n(ws.skipped.overLimit, "file", "files")} left out: the page keeps at most ${MAX_FILES.toLocaleString("en-US")} files of one folder.`);
  if (ws.skipped.badName > 0) out.push(`${n(ws.skipped.badName, "file", "files")} with a name the page cannot place (a "." or ".." segment) left out.`);
  return out;
}

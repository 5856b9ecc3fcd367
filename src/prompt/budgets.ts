// Budgets across several context files: a per-file cap (Hermes) or a per-file cap plus a total (OpenClaw), applied
// in file order with head/tail cuts from the WASM core, a visible note for every cut or dropped file, and a warning
// section that tells the model the context is partial. Runtime-neutral: no I/O, no runtime globals.
//
// Units: every count here is UTF-16 code units ("chars"), what String.prototype.length and slice count.

import type { Core } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { HERMES_SPLIT, OPENCLAW_SPLIT, truncationMarker, type Truncation } from "../guard/guard.js";
import type { Section } from "../sections/types.js";
import { DEFAULT_FILE_CAP } from "./budget.js";

export { DEFAULT_FILE_CAP, fileCap } from "./budget.js";

/**
 * OpenClaw's default per-file cap for bootstrap (context) files: 12,000 chars.
 * Source: OpenClaw `src/agents/pi-embedded-helpers/bootstrap.ts`, `DEFAULT_BOOTSTRAP_MAX_CHARS = 12_000`
 * (configurable there as `agents.defaults.bootstrapMaxChars`). OpenClaw has changed this default between releases
 * (20,000 in an earlier `pi-embedded-helpers/bootstrap.ts`, and again in the later `embedded-agent-helpers/
 * bootstrap.ts`): pass your own numbers through BudgetPolicy to match a given release.
 */
export const OPENCLAW_PER_FILE_CHARS = 12_000;

/**
 * OpenClaw's default total for all bootstrap files together: 60,000 chars.
 * Source: the same file, `DEFAULT_BOOTSTRAP_TOTAL_MAX_CHARS = 60_000` (`agents.defaults.bootstrapTotalMaxChars`;
 * 150,000 in the earlier release that also used 20,000 per file and a 70/20 split).
 */
export const OPENCLAW_TOTAL_CHARS = 60_000;

/**
 * Least budget worth a cut: when the total has fewer chars left than this, the file that does not fit is dropped
 * instead of cut to a sliver. Source: OpenClaw's `MIN_BOOTSTRAP_FILE_BUDGET_CHARS = 64` in the same file (OpenClaw
 * skips every remaining file below it; we keep the rule, and say so in a note).
 */
export const MIN_CUT_CHARS = 64;

/**
 * How much of the context files may enter a prompt. Chars are UTF-16 code units.
 * - `hermes`: each file is cut head/tail to `cap` (70% head + 20% tail, HERMES_SPLIT, as Hermes Agent); no total.
 * - `openclaw`: each file is cut head/tail (75% head + 25% tail, OPENCLAW_SPLIT: OpenClaw's `BOOTSTRAP_HEAD_RATIO
 *   = 0.75` and `BOOTSTRAP_TAIL_RATIO = 0.25` in the same bootstrap.ts) to the smaller of `perFile` and what is left
 *   of `total`; once the total runs out, later files are dropped.
 */
export type BudgetPolicy = { kind: "hermes"; cap: number } | { kind: "openclaw"; perFile: number; total: number };

/** OpenClaw's defaults: 12,000 chars per file, 60,000 in total (see OPENCLAW_PER_FILE_CHARS, OPENCLAW_TOTAL_CHARS). */
export const OPENCLAW_BUDGET: BudgetPolicy = Object.freeze({ kind: "openclaw", perFile: OPENCLAW_PER_FILE_CHARS, total: OPENCLAW_TOTAL_CHARS });

/** Hermes Agent's default: 20,000 chars per file (DEFAULT_FILE_CAP), no total. */
export const HERMES_BUDGET: BudgetPolicy = Object.freeze({ kind: "hermes", cap: DEFAULT_FILE_CAP });

/** A file offered to applyBudget: the text as it should appear when it fits (already scanned and normalized). */
export interface BudgetInput {
  /** Short name shown in the prompt and in notes, e.g. "services/api/AGENTS.md". */
  label: string;
  /** Where the full file is (named in the marker, the notes and the warning section). */
  path: string;
  text: string;
}

/** A file after the budget: whole, cut (with `truncation`) or dropped (`dropped: true`, `text` empty). */
export interface BudgetedFile {
  label: string;
  path: string;
  /** What goes into the prompt: the text, or head + marker + tail when cut, or "" when dropped. */
  text: string;
  /** Set when the file was cut; counts are UTF-16 code units of the input text. */
  truncation?: Truncation;
  /** True when the file was left out entirely because the total ran out. */
  dropped?: boolean;
}

/** The result of applyBudget. */
export interface BudgetResult {
  /** One entry per input file, in input order. */
  files: BudgetedFile[];
  /** One line per cut or dropped file, in input order, naming the file, the numbers and the reason. Empty when
   *  every file fit whole. */
  notes: string[];
  /** Chars of file content kept (head + tail of cut files, all of whole files). Never more than the total. */
  keptChars: number;
  /** Chars the markers and their blank lines add on top of keptChars (the total does not count them). */
  markerChars: number;
}

function checkCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 0x7fffffff) {
    throw new PromptasmError("E_ARG", `${name} must be a positive integer number of chars, got ${n}`);
  }
}

/**
 * Applies a budget to context files, in order.
 *
 * Each file is kept whole when it fits; otherwise it is cut head/tail to its budget — `cap` (hermes), or
 * min(`perFile`, total left) (openclaw) — with the truncation marker of guard.ts between head and tail, at cut
 * points from `core.truncateCuts` (a cut never splits a surrogate pair; it drops the pair instead, so a cut file
 * may keep one or two chars fewer than its budget). Under openclaw, when the total left is smaller than `perFile`
 * and the file does not fit in it, the file is cut to what is left (or dropped when fewer than MIN_CUT_CHARS = 64
 * are left) and every later file is dropped. Every cut and every drop gets a note; nothing is left out silently.
 *
 * Decision — the marker does not count against the total: the total bounds file content (head + tail of cut files
 * plus whole files), as the per-file cap in guard.ts does. So `keptChars <= total` always, and the joined texts
 * exceed the total by at most `markerChars` (each marker plus the four newlines around it). This keeps the numbers
 * in markers and notes exact (a cut to 12,000 keeps 12,000 chars of the file) and the markers honest about it.
 * (OpenClaw's later releases reserve the marker inside the per-file budget instead; with at most one marker per
 * file, ours can exceed the total by about 200 chars per cut file.)
 *
 * Input texts are taken as they are: scan and normalize them first (Scanner.scan, then core.normalize on a clean
 * file), and do not pass texts that were already cut.
 *
 * @param core the loaded WASM core (for truncateCuts).
 * @param files context files in prompt order.
 * @param policy see BudgetPolicy; counts are UTF-16 code units.
 * @returns the files (same order and length as the input) and the notes.
 * @throws PromptasmError E_ARG when a cap, perFile or total is not a positive integer, or the policy kind is unknown.
 * @example
 *   const { files, notes } = applyBudget(core, [{ label: "AGENTS.md", path: "/p/AGENTS.md", text }], OPENCLAW_BUDGET);
 */
export function applyBudget(core: Core, files: ReadonlyArray<BudgetInput>, policy: BudgetPolicy): BudgetResult {
  let perFile: number;
  let total: number;
  let split: { headRatio: number; tailRatio: number };
  if (policy.kind === "hermes") {
    checkCount("cap", policy.cap);
    perFile = policy.cap;
    total = Infinity;
    split = HERMES_SPLIT;
  } else if (policy.kind === "openclaw") {
    checkCount("perFile", policy.perFile);
    checkCount("total", policy.total);
    perFile = policy.perFile;
    total = policy.total;
    split = OPENCLAW_SPLIT;
  } else {
    throw new PromptasmError("E_ARG", `unknown budget policy kind ${JSON.stringify((policy as { kind?: unknown }).kind)}`);
  }

  const out: BudgetedFile[] = [];
  const notes: string[] = [];
  let left = total;
  let exhausted = false;
  let keptChars = 0;
  let markerChars = 0;
  const totalPhrase = `the ${total}-char total`;

  for (const file of files) {
    const { label, path, text } = file;
    if (exhausted) {
      out.push({ label, path, text: "", dropped: true });
      notes.push(`${label}: dropped (${text.length} chars): ${totalPhrase} is used up. The full file is ${path}.`);
      continue;
    }
    const budget = Math.min(perFile, left);
    if (text.length <= budget) {
      out.push({ label, path, text });
      left -= text.length;
      keptChars += text.length;
      continue;
    }
    const byTotal = left < perFile;
    if (byTotal) exhausted = true;
    if (byTotal && left < MIN_CUT_CHARS) {
      out.push({ label, path, text: "", dropped: true });
      notes.push(`${label}: dropped (${text.length} chars): only ${left} chars of ${totalPhrase} were left (less than ${MIN_CUT_CHARS}). The full file is ${path}.`);
      continue;
    }
    const { headEnd, tailStart } = core.truncateCuts(text, budget, split.headRatio, split.tailRatio);
    const truncation: Truncation = { originalChars: text.length, headChars: headEnd, tailChars: text.length - tailStart };
    const marker = truncationMarker(label, path, truncation);
    const kept = truncation.headChars + truncation.tailChars;
    out.push({ label, path, text: `${text.slice(0, headEnd)}\n\n${marker}\n\n${text.slice(tailStart)}`, truncation });
    left -= kept;
    keptChars += kept;
    markerChars += marker.length + 4;
    const reason = byTotal ? `${budget} chars of ${totalPhrase} were left` : `the per-file cap is ${perFile} chars`;
    notes.push(`${label}: cut from ${text.length} to ${kept} chars (first ${truncation.headChars}, last ${truncation.tailChars}): ${reason}. The full file is ${path}.`);
  }
  return { files: out, notes, keptChars, markerChars };
}

/** A file as truncationWarningSection reads it: a BudgetedFile, or anything with a label, a path and a cut. */
export interface CutFile {
  label: string;
  path: string;
  truncation?: Truncation;
  dropped?: boolean;
}

/** Code-unit order, the same in every runtime (localeCompare depends on the ICU data a runtime ships). */
function byCodeUnits(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * A section that tells the model its project context is partial and which files to read in full.
 *
 * Lists every file with a `truncation` or `dropped: true` (others are ignored, so `applyBudget(...).files` can be
 * passed as is), one line each, sorted by path then label in code-unit order, duplicates once: the same inputs give
 * the same bytes whatever order the files arrive in, so the section does not break a provider's prefix cache
 * between turns. Chars in the lines are UTF-16 code units.
 *
 * @param cuts files, typically applyBudget's `files`.
 * @returns a Section with id "truncation-warning", tier "context" and no sources, or null when nothing was cut or
 *   dropped.
 * @example
 *   const warning = truncationWarningSection(applyBudget(core, files, OPENCLAW_BUDGET).files);
 */
export function truncationWarningSection(cuts: ReadonlyArray<CutFile>): Section | null {
  const lines = new Set<string>();
  const affected = cuts
    .filter((f) => f.dropped === true || f.truncation !== undefined)
    .slice()
    .sort((a, b) => byCodeUnits(a.path, b.path) || byCodeUnits(a.label, b.label));
  for (const f of affected) {
    if (f.dropped === true) {
      lines.add(`- ${f.path} (${f.label}): left out entirely.`);
    } else {
      const t = f.truncation!;
      lines.add(`- ${f.path} (${f.label}): ${t.originalChars} chars, of which the first ${t.headChars} and the last ${t.tailChars} are shown.`);
    }
  }
  if (lines.size === 0) return null;
  const text = [
    "Partial project context: to stay within the prompt budget, the files below were cut in the middle or left out.",
    "What you see of them is incomplete. Before you act on their instructions, or whenever a detail seems to be",
    "missing, read these files in full with your file tools:",
    ...lines,
  ].join("\n");
  return { id: "truncation-warning", tier: "context", text, sources: [] };
}

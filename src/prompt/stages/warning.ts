// The truncation warning: what the model is told when its project context was cut, how close each file and the total
// came to their limits, and a signature of what was cut so a caller can show the warning once per change. A stage of
// the assembler (sections); runtime-neutral: no I/O, no runtime globals.
//
// Units: chars are UTF-16 code units.

import type { Truncation } from "../../guard/guard.js";
import type { Section } from "../../sections/types.js";
import { sha256Hex } from "../../util/hash.js";

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

/** The lines that open the warning, before one line per file. Our own words. */
export const TRUNCATION_WARNING_HEAD: readonly string[] = [
  "Partial project context: to stay within the prompt budget, the files below were cut in the middle or left out.",
  "What you see of them is incomplete. Before you act on their instructions, or whenever a detail seems to be",
  "missing, read these files in full with your file tools:",
];

/**
 * The warning's text: TRUNCATION_WARNING_HEAD, then one line per file with a `truncation` or `dropped: true`
 * (others are ignored), sorted by path then label in code-unit order, duplicates once; a file whose path is its
 * label (assembly passes paths relative to the project root) is named once. Null when nothing was cut or dropped.
 */
export function truncationWarningText(cuts: ReadonlyArray<CutFile>): string | null {
  const lines = new Set<string>();
  const affected = cuts
    .filter((f) => f.dropped === true || f.truncation !== undefined)
    .slice()
    .sort((a, b) => byCodeUnits(a.path, b.path) || byCodeUnits(a.label, b.label));
  for (const f of affected) {
    const name = f.path === f.label ? f.path : `${f.path} (${f.label})`;
    if (f.dropped === true) {
      lines.add(`- ${name}: left out entirely.`);
    } else {
      const t = f.truncation!;
      lines.add(`- ${name}: ${t.originalChars} chars, of which the first ${t.headChars} and the last ${t.tailChars} are shown.`);
    }
  }
  if (lines.size === 0) return null;
  return [...TRUNCATION_WARNING_HEAD, ...lines].join("\n");
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
  const text = truncationWarningText(cuts);
  return text === null ? null : { id: "truncation-warning", tier: "context", text, sources: [] };
}

/**
 * Where the truncation warning goes:
 * - "section" (default, the behaviour before these modes): a section in the system prompt, above the cache boundary
 *   for static files and below it for dynamic ones, on every turn;
 * - "off": nowhere (the report still has the cuts, the stats and the signature);
 * - "once": outside the system prompt, as `AssembledPrompt.truncationWarning` with `show: true` only on the first
 *   turn for its signature (the caller passes the signatures already shown);
 * - "always": outside the system prompt, `show: true` on every turn.
 * "once" and "always" keep the frozen prompt the same whether or not the warning shows (it goes in the user turn).
 */
export type TruncationWarningMode = "section" | "off" | "once" | "always";

/** Every TruncationWarningMode, in a fixed order (for CLIs, config files and request schemas). */
export const TRUNCATION_WARNING_MODES: readonly TruncationWarningMode[] = ["section", "off", "once", "always"];

/**
 * Share of a limit from which a file or the total counts as near it: 0.85. Our own choice (not taken from another
 * project): a file within 15% of its cap is one edit away from being cut.
 */
export const NEAR_LIMIT_SHARE = 0.85;

/** How one file or the total stands against its limit. */
export type LimitStatus = "ok" | "near" | "cut" | "dropped";

/** How close each file and the total came to their limits, and what was injected. Chars: UTF-16 code units. */
export interface InjectionStats {
  /** Context files that reached the prompt whole or cut (dropped and blocked files are not counted). */
  files: number;
  /** Chars of file content injected: whole files plus the kept head and tail of cut ones (no markers). */
  injectedChars: number;
  /** Chars left out: the cut middles plus whole dropped files. */
  cutChars: number;
  /** One entry per budgeted file, in prompt order. `share` is chars / limit (may exceed 1). */
  perFile: Array<{ file: string; chars: number; injectedChars: number; limit: number; share: number; status: LimitStatus }>;
  /** All budgeted files together against the total (limit null when the budget has no total, as hermes). */
  total: { chars: number; limit: number | null; share: number | null; status: "ok" | "near" | "over" };
}

/** A budgeted file as analyseInjection reads it. */
export interface AnalysedFile {
  label: string;
  /** Chars of the file as offered to the budget (normalized). */
  chars: number;
  truncation?: Truncation;
  dropped?: boolean;
}

/**
 * Analyses the budget's outcome: per file, its size against the per-file limit ("near" from NEAR_LIMIT_SHARE = 0.85
 * of it, "cut", "dropped"); for all files, their size against the total ("over" when it exceeds it).
 * @param perFile the per-file limit in chars; @param total the total in chars, or null for none.
 */
export function analyseInjection(files: ReadonlyArray<AnalysedFile>, perFile: number, total: number | null): InjectionStats {
  let injected = 0, cut = 0, count = 0, all = 0;
  const per = files.map((f) => {
    const kept = f.dropped ? 0 : f.truncation ? f.truncation.headChars + f.truncation.tailChars : f.chars;
    injected += kept;
    cut += f.chars - kept;
    all += f.chars;
    if (!f.dropped) count++;
    const status: LimitStatus = f.dropped ? "dropped" : f.truncation ? "cut" : f.chars >= perFile * NEAR_LIMIT_SHARE ? "near" : "ok";
    return { file: f.label, chars: f.chars, injectedChars: kept, limit: perFile, share: f.chars / perFile, status };
  });
  const share = total === null ? null : all / total;
  const status = share === null ? (per.some((p) => p.status === "cut" || p.status === "dropped") ? "over" : "ok")
    : share > 1 ? "over" : share >= NEAR_LIMIT_SHARE ? "near" : "ok";
  return { files: count, injectedChars: injected, cutChars: cut, perFile: per, total: { chars: all, limit: total, share, status } };
}

/**
 * A stable signature of what was cut: the first 16 hex digits of the SHA-256 of one line per cut or dropped file
 * ("<label>\t<originalChars>\t<headChars>\t<tailChars>\t<dropped 0|1>"), sorted in code-unit order. The same cuts
 * give the same signature in any order and on any machine (labels are relative); a file growing, shrinking or being
 * cut differently gives a new one. 16 hex digits = 64 bits: collisions between a session's few signatures are not
 * a concern. Null when nothing was cut or dropped.
 */
export async function truncationSignature(cuts: ReadonlyArray<CutFile>): Promise<string | null> {
  const lines = [...new Set(cuts.filter((f) => f.dropped === true || f.truncation !== undefined).map((f) => {
    const t = f.truncation ?? { originalChars: 0, headChars: 0, tailChars: 0 };
    return [f.label, t.originalChars, t.headChars, t.tailChars, f.dropped === true ? 1 : 0].join("\t");
  }))].sort(byCodeUnits);
  if (lines.length === 0) return null;
  return (await sha256Hex(lines.join("\n"))).slice(0, 16);
}

/**
 * Where a caller keeps the signatures of warnings already shown (mode "once"): anything with `has`, e.g. a Set, or
 * an object backed by a session store (the answer may be a promise).
 */
export interface ShownWarnings {
  has(signature: string): boolean | Promise<boolean>;
}

/** The truncation warning for the user turn (modes "once" and "always"). */
export interface TurnWarning {
  /** truncationSignature of the cuts. */
  signature: string;
  /** The warning (truncationWarningText). */
  text: string;
  /** Whether to show it on this turn: always for "always"; for "once", when `signature` is not among those shown. */
  show: boolean;
}

/**
 * The user-turn warning for a mode, or null (mode "section" or "off", or nothing cut).
 * @param shown signatures already shown in this session (mode "once"): a list, or a ShownWarnings store.
 */
export async function turnWarning(
  mode: TruncationWarningMode, cuts: ReadonlyArray<CutFile>, shown: ReadonlyArray<string> | ShownWarnings,
): Promise<TurnWarning | null> {
  if (mode !== "once" && mode !== "always") return null;
  const text = truncationWarningText(cuts);
  const signature = await truncationSignature(cuts);
  if (text === null || signature === null) return null;
  if (mode === "always") return { signature, text, show: true };
  const seen = Array.isArray(shown) ? shown.includes(signature) : await (shown as ShownWarnings).has(signature);
  return { signature, text, show: !seen };
}

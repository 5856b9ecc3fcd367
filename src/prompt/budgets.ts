// Budgets across several context files: a per-file cap (Hermes) or a per-file cap plus a total (OpenClaw), optionally
// under a policy's own byte limit (Codex), applied in file order with the one head/tail cut of cut.ts and a visible
// note for every cut or dropped file. The warning section that tells the model its context is partial is built in
// stages/warning.ts (re-exported here). Runtime-neutral: no I/O, no runtime globals.
//
// Units: every count here is UTF-16 code units ("chars"), what String.prototype.length and slice count.

import type { Core } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { utf8Length } from "../discovery/codex.js";
import { HERMES_SPLIT, OPENCLAW_SPLIT, type Truncation } from "../guard/guard.js";
import { DEFAULT_FILE_CAP } from "./budget.js";
import { cutHeadTail, type CutSplit } from "./cut.js";

export { DEFAULT_FILE_CAP, fileCap } from "./budget.js";

/**
 * OpenClaw's default per-file cap for bootstrap (context) files: 12,000 chars.
 * Source: OpenClaw `src/agents/pi-embedded-helpers/bootstrap.ts`, `DEFAULT_BOOTSTRAP_MAX_CHARS = 12_000`
 * (configurable there as `agents.defaults.bootstrapMaxChars`). OpenClaw has changed this default between releases
 * (20,000 in an earlier `pi-embedded-helpers/bootstrap.ts`, and again in the later `embedded-agent-helpers/
 * bootstrap.ts`): pass your own numbers through BudgetPolicy, or `bootstrapMaxChars` / `bootstrapTotalMaxChars` to
 * assemble, to match a given release.
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
  /** True when the file's budget was too small for a marker: head and tail are joined without one (see cut.ts). */
  markerOmitted?: true;
}

/** The result of applyBudget. */
export interface BudgetResult {
  /** One entry per input file, in input order. */
  files: BudgetedFile[];
  /** One line per cut or dropped file, in input order, naming the file, the numbers and the reason. Empty when
   *  every file fit whole. */
  notes: string[];
  /** Chars of file content kept (head + tail of cut files, all of whole files). */
  keptChars: number;
  /** Chars the markers and their blank lines add to keptChars. keptChars + markerChars never exceeds the total. */
  markerChars: number;
}

/**
 * A policy's own combined limit in UTF-8 bytes over all files, on top of the budget (Codex's `project_doc_max_bytes`,
 * 32,768 by default): the file that crosses it is cut with `split` to what is left (a marker counts against it
 * too), and every later file is dropped. `name` says whose limit it is in notes, e.g. "codex".
 */
export interface ByteLimit {
  bytes: number;
  split: CutSplit;
  name: string;
}

function checkCount(name: string, n: number): void {
  if (!Number.isSafeInteger(n) || n <= 0 || n > 0x7fffffff) {
    throw new PromptasmError("E_ARG", `${name} must be a positive integer number of chars, got ${n}`);
  }
}

/**
 * Applies a budget to context files, in order.
 *
 * Each file is kept whole when it fits; otherwise it is cut head/tail by cutHeadTail (cut.ts) to its budget — `cap`
 * (hermes), or min(`perFile`, total left) (openclaw) — with the truncation marker of guard.ts between head and
 * tail. The marker and its blank lines count inside the budget: a cut file's text is at most its budget long, and
 * under openclaw every file's text (marker included) counts against the total, so the joined texts never exceed it
 * (as OpenClaw's later releases reserve the marker inside the budget). When a budget is too small for any marker,
 * the file is cut without one (`markerOmitted`) and its note says so. Cut points never split a surrogate pair (the
 * pair is dropped instead, so a cut file may keep one char fewer). Under openclaw, when the total left is smaller
 * than `perFile` and the file does not fit in it, the file is cut to what is left (or dropped when fewer than
 * MIN_CUT_CHARS = 64 are left) and every later file is dropped. Every cut and every drop gets a note; nothing is
 * left out silently.
 *
 * Input texts are taken as they are: scan and normalize them first (Scanner.scan, then core.normalize on a clean
 * file), and do not pass texts that were already cut.
 *
 * @param core the loaded WASM core (for truncateCuts).
 * @param files context files in prompt order.
 * @param policy see BudgetPolicy; counts are UTF-16 code units.
 * @param byteLimit optional policy byte limit (see ByteLimit); assembly passes Codex's 32 KiB under the codex policy
 *   so a file is cut once, to the smaller of the two limits.
 * @returns the files (same order and length as the input) and the notes.
 * @throws PromptasmError E_ARG when a cap, perFile, total or byte limit is not a positive integer, or the policy
 *   kind is unknown.
 * @example
 *   const { files, notes } = applyBudget(core, [{ label: "AGENTS.md", path: "AGENTS.md", text }], OPENCLAW_BUDGET);
 */
export function applyBudget(core: Core, files: ReadonlyArray<BudgetInput>, policy: BudgetPolicy, byteLimit?: ByteLimit): BudgetResult {
  let perFile: number;
  let total: number;
  let split: CutSplit;
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
  if (byteLimit !== undefined && (!Number.isSafeInteger(byteLimit.bytes) || byteLimit.bytes < 0)) {
    throw new PromptasmError("E_ARG", `the byte limit must be a non-negative integer, got ${byteLimit.bytes}`);
  }

  const out: BudgetedFile[] = [];
  const notes: string[] = [];
  let left = total;
  let bytesLeft = byteLimit?.bytes ?? Infinity;
  // Why every later file is dropped, once a limit has run out (null while none has).
  let exhausted: string | null = null;
  let keptChars = 0;
  let markerChars = 0;
  const totalPhrase = `the ${total}-char total`;
  const bytesPhrase = byteLimit ? `the ${byteLimit.bytes}-byte combined limit (${byteLimit.name})` : "";

  for (const file of files) {
    const { label, path, text } = file;
    if (exhausted !== null) {
      out.push({ label, path, text: "", dropped: true });
      notes.push(`${label}: dropped (${text.length} chars): ${exhausted} is used up. The full file is ${path}.`);
      continue;
    }
    const budget = Math.min(perFile, left);
    const bytes = bytesLeft === Infinity ? 0 : utf8Length(text);
    if (text.length <= budget && bytes <= bytesLeft) {
      out.push({ label, path, text });
      left -= text.length;
      bytesLeft -= bytes;
      keptChars += text.length;
      continue;
    }
    const byTotal = text.length > budget && left < perFile;
    if (byTotal) exhausted = totalPhrase;
    if (byTotal && left < MIN_CUT_CHARS) {
      out.push({ label, path, text: "", dropped: true });
      notes.push(`${label}: dropped (${text.length} chars): only ${left} chars of ${totalPhrase} were left (less than ${MIN_CUT_CHARS}). The full file is ${path}.`);
      continue;
    }
    let cut = cutHeadTail(core, text, { chars: budget }, split, { label, path });
    let reason = byTotal ? `${budget} chars of ${totalPhrase} were left` : `the per-file cap is ${perFile} chars`;
    if (byteLimit && utf8Length(cut.text) > bytesLeft) {
      // The policy's byte limit is the smaller one: cut once, to it, the policy's way; later files are dropped.
      cut = cutHeadTail(core, text, { chars: budget, bytes: bytesLeft }, byteLimit.split, { label, path });
      reason = `${bytesLeft} bytes of ${bytesPhrase} were left`;
      const wasLeft = bytesLeft;
      exhausted = bytesPhrase;
      const t = cut.truncation;
      const keptText = t ? text.slice(0, t.headChars) + text.slice(text.length - t.tailChars) : cut.text;
      if (keptText.trim() === "") {
        // Nothing but blank space would be left of it (Codex drops such a file too).
        out.push({ label, path, text: "", dropped: true });
        notes.push(`${label}: dropped (${text.length} chars): only ${wasLeft} bytes of ${bytesPhrase} were left. The full file is ${path}.`);
        continue;
      }
    }
    const truncation = cut.truncation!;
    const kept = truncation.headChars + truncation.tailChars;
    out.push({ label, path, text: cut.text, truncation, ...(cut.markerOmitted ? { markerOmitted: true as const } : {}) });
    left -= cut.text.length;
    if (bytesLeft !== Infinity) bytesLeft -= utf8Length(cut.text);
    keptChars += kept;
    markerChars += cut.text.length - kept;
    const how = cut.markerOmitted ? " without a marker (the budget has no room for one)" : "";
    notes.push(`${label}: cut from ${text.length} to ${kept} chars (first ${truncation.headChars}, last ${truncation.tailChars})${how}: ${reason}. The full file is ${path}.`);
  }
  return { files: out, notes, keptChars, markerChars };
}

export { truncationWarningSection, type CutFile } from "./stages/warning.js";

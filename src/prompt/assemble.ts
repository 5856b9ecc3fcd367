// Assembly: workspace files -> discover -> guard (scan, block, allow) -> budget (head/tail cuts) -> sections -> tiers
// -> one system prompt string with a cache boundary. Each stage is one file in ./stages/ and receives the report
// object (stages/report.ts) explicitly. Runtime-neutral: all file access goes through a WorkspaceReader.

import type { Core } from "../core/wasm.js";
import type { Discovery, DiscoveryNote } from "../discovery/hermes.js";
import type { DiscoveryPolicy } from "../discovery/policies.js";
import type { WorkspaceReader } from "../discovery/reader.js";
import type { BlockedFile, FileFinding } from "../guard/types.js";
import type { Scanner } from "../scan/scanner.js";
import { PromptasmError } from "../errors.js";
import { dateSection, type PromptMode } from "../sections/builders.js";
import type { Tier } from "../sections/types.js";
import { sha256Hex } from "../util/hash.js";
import { budgetStage } from "./stages/budget.js";
import { discoverStage } from "./stages/discover.js";
import { guardStage } from "./stages/guard.js";
import { resolveOptions, type AssembleOptions } from "./stages/options.js";
import { promptStage } from "./stages/prompt.js";
import { newReport, type FileTruncation } from "./stages/report.js";
import { sectionsStage } from "./stages/sections.js";
import { tiersStage } from "./stages/tiers.js";
import { turnWarning, type InjectionStats, type TurnWarning } from "./stages/warning.js";

export type { AllowEntry, BlockedFile, FileFinding } from "../guard/types.js";
export { EXTERNAL_MEMORY_LABEL } from "../guard/file.js";
export { joinFindings, JOIN_WINDOW } from "../guard/joins.js";
export type { AssembleOptions } from "./stages/options.js";
export type { FileTruncation } from "./stages/report.js";
export { discoverForAssembly } from "./stages/discover.js";
// Moved to src/util/hash.ts (below every layer); re-exported so existing importers keep working.
export { sha256Hex };

/** The assembled system prompt and how it came about. */
export interface AssembledPrompt {
  prompt: string;
  /** Sections in prompt order. `chars` is the section's length in UTF-16 code units. */
  sections: Array<{ id: string; tier: Tier; source: string | null; sources: string[]; chars: number; dynamic: boolean }>;
  findings: FileFinding[];
  /** One entry per cut or dropped file (a file is cut once, to the smallest limit that applies). */
  truncations: FileTruncation[];
  /** Files skipped or taken with a caveat (binary, unreadable, invalid UTF-8, blocked identity, budget cuts, …). */
  notes: DiscoveryNote[];
  /** Files blocked, with the SHA-256 a reviewer puts in an allow entry. */
  blocked: BlockedFile[];
  /** Which kind of project context loaded ("none" when nothing did). */
  contextKind: Discovery["kind"];
  policy: DiscoveryPolicy;
  mode: PromptMode;
  /** The per-file cap that applied, in chars (the hermes cap, or the openclaw budget's per-file limit), marker included. */
  cap: number;
  /** Offset (UTF-16 code units) of the cache boundary marker in `prompt`, or null when there is none. */
  boundary: number | null;
  /** Cursor rules with only a description: listed for the agent to request. */
  requestable: Array<{ name: string; description: string; path: string }>;
  /** prompt.length in UTF-16 code units. */
  chars: number;
  /**
   * OpenClaw bootstrap files that did not load (openclaw policy; empty otherwise), in OpenClaw's order: absent, empty
   * or unreadable (the notes say which). BOOTSTRAP.md is never listed: its absence means setup is done.
   */
  missing: string[];
  /** How close each context file and the total came to their limits, and what was injected (stages/warning.ts). */
  injection: InjectionStats;
  /**
   * The truncation warning for the user turn, under `truncationWarning` "once" or "always" when something was cut
   * (its `signature` is what the caller stores and passes back in `shownWarnings`); null otherwise.
   */
  truncationWarning: TurnWarning | null;
  /**
   * Set while the workspace has a BOOTSTRAP.md (openclaw policy): the first-run setup is not finished. `prefix` is
   * the text to put before the user's message (BOOTSTRAP_PENDING_PREFIX); it is never part of the system prompt, so
   * the frozen prompt does not change when setup completes.
   */
  bootstrapPending: { file: string; prefix: string } | null;
  /**
   * What to put before the user's message on this turn, outside the system prompt: the bootstrap-pending prefix and
   * the truncation warning when `show` is true, joined by a blank line; "" when there is neither.
   */
  userPromptPrefix: string;
}

/**
 * The words put before the user's message while BOOTSTRAP.md exists. Our own text: it asks the agent to finish the
 * first-run setup the file describes and to delete the file when done.
 */
export const BOOTSTRAP_PENDING_PREFIX =
  "First-run setup is not finished: this workspace still has BOOTSTRAP.md. Before you take up anything else, " +
  "follow BOOTSTRAP.md to complete the setup, then delete the file. This reminder is shown until the file is gone.";

/**
 * Assembles the system prompt for an agent started in `options.cwd`, in stages (./stages/): discover → guard →
 * budget → sections → tiers → prompt.
 * Context files follow the chosen discovery policy; each one, each home file and each skill is scanned (context files
 * and SOUL.md at the "context" scope, MEMORY.md, USER.md, skills and `externalMemory` at "strict") and blocked on any
 * finding unless user-authored (warned) or allowed by hash; clean files are normalized and cut head/tail by the budget
 * (once per file, to the smallest limit that applies, the marker counted inside it). The joins are scanned too: each
 * pair of context files that load one after the other (static files in order, then dynamic ones), and MEMORY.md →
 * USER.md → externalMemory in the memory section, so a phrase split across two of them is found (see joinFindings);
 * such a finding names both (`spansFiles`) and blocks both, unless its findings are all low-severity (without
 * warningsBlock) or both files are exempt (then it is a warning, or allowed when both allow entries list the rule).
 * A file blocked this way leaves its neighbours adjacent, and they are scanned as a pair in turn. Same inputs give
 * identical bytes, whatever order the reader lists directories in; the part above the cache boundary does not depend
 * on where the checkout sits (markers and warnings name files relative to the project root; machine facts go below).
 * @throws PromptasmError E_ARG for a relative path, an unknown policy/mode/budget/warning mode or an out-of-range
 *   number, E_NOT_FOUND when cwd or home is not a directory.
 */
export async function assembleSystemPrompt(
  core: Core, scanner: Scanner, reader: WorkspaceReader, options: AssembleOptions,
): Promise<AssembledPrompt> {
  const missing = reader === null || typeof reader !== "object" ? ["read", "list", "kind"]
    : (["read", "list", "kind"] as const).filter((m) => typeof (reader as unknown as Record<string, unknown>)[m] !== "function");
  if (missing.length > 0) {
    throw new PromptasmError("E_ARG", "the workspace reader must be a WorkspaceReader (an object with read, list and kind methods, "
      + `e.g. new MapWorkspaceReader(files)); it has no ${missing.join(", ")}`);
  }
  const resolved = resolveOptions(options);
  const report = newReport();
  report.notes.push(...resolved.notes);
  const found = await discoverStage(reader, resolved, report);
  const guarded = await guardStage(core, scanner, resolved, found, report);
  const budgeted = budgetStage(core, resolved, guarded, report);
  const sections = sectionsStage(scanner, resolved, found, guarded, budgeted, report);
  const tiers = tiersStage(resolved.mode, sections);
  const { prompt, boundary } = promptStage(tiers, options.cacheBoundary !== false);

  const warning = await turnWarning(resolved.warningMode, [...budgeted.staticCuts, ...budgeted.dynamicCuts], resolved.shownWarnings);
  const bootstrapPending = found.bootstrapFile === null ? null : { file: found.bootstrapFile, prefix: BOOTSTRAP_PENDING_PREFIX };
  const userPromptPrefix = [bootstrapPending?.prefix, warning?.show ? warning.text : undefined].filter((t): t is string => t !== undefined).join("\n\n");
  return {
    prompt,
    sections: tiers.ordered.map((s) => ({ id: s.id, tier: s.tier, source: s.sources[0] ?? null, sources: s.sources, chars: s.text.length, dynamic: s.tier === "volatile" })),
    findings: report.findings, truncations: report.truncations, notes: report.notes, blocked: report.blocked,
    contextKind: found.discovery.kind,
    policy: resolved.policy, mode: resolved.mode,
    cap: resolved.budget.kind === "openclaw" ? resolved.budget.perFile : resolved.cap,
    boundary,
    requestable: [...(found.discovery.requestable ?? [])],
    chars: prompt.length,
    missing: found.missing,
    injection: budgeted.injection,
    truncationWarning: warning,
    bootstrapPending,
    userPromptPrefix,
  };
}

/**
 * The date line: the date only (no time), in the given IANA time zone, so the bytes stay the same all day.
 * @throws PromptasmError E_ARG for an unknown time zone or an invalid date.
 */
export function dateLine(now: Date, timeZone?: string): string {
  const s = dateSection({ now, ...(timeZone !== undefined ? { timeZone } : {}) });
  return s?.text ?? "";
}


// Stage 3 of assembly: budget. Cuts what passed the guard to its limits with the one head/tail cut (cut.ts): home
// files to the hermes cap each, context files under the chosen budget (and, under the codex policy, Codex's own 32 KiB
// combined limit, so a file is cut once, to the smaller limit). Markers name files by their label — a path relative
// to the project root (or "home/…") — so nothing the budget writes depends on where the checkout sits.
// Runtime-neutral.

import type { Core } from "../../core/wasm.js";
import { oneLine } from "../../util/escape.js";
import { applyBudget, type BudgetedFile, type ByteLimit } from "../budgets.js";
import { policyByteLimit } from "./discover.js";
import type { Guarded } from "./guard.js";
import type { ResolvedOptions } from "./options.js";
import type { AssemblyReport } from "./report.js";
import { analyseInjection, type CutFile, type InjectionStats } from "./warning.js";

/** Codex keeps the start of what it loads (it reads up to its byte limit): a head-only split. */
export const CODEX_SPLIT = { headRatio: 1, tailRatio: 0 } as const;

/** What the budget stage passes on. */
export interface Budgeted {
  /** Home files by name: the text to show (cut, or a notice when blocked is left to the sections stage: null). */
  home: Partial<Record<string, { path: string; text: string | null }>>;
  /** Context file path → the text that goes in the prompt (whole or cut); dropped and blocked files are absent. */
  placed: Map<string, string>;
  /** Cut or dropped static context files, for the warning above the boundary (names relative). */
  staticCuts: CutFile[];
  /** Cut or dropped dynamic context files, for the warning below the boundary. */
  dynamicCuts: CutFile[];
  /** How close each context file and the total came to their limits. */
  injection: InjectionStats;
}

/**
 * The budget stage. Static context files take the budget first, so a dynamic file (HEARTBEAT.md) growing never
 * changes how a static file is cut, nor the truncation warning above the cache boundary. Each cut or drop is one
 * entry in `report.truncations` and one note; a cut without room for a marker says so.
 */
export function budgetStage(core: Core, resolved: ResolvedOptions, guarded: Guarded, report: AssemblyReport): Budgeted {
  const home: Budgeted["home"] = {};
  for (const [name, h] of Object.entries(guarded.home)) {
    if (!h) continue;
    if (h.text === null) { home[name] = { path: h.path, text: null }; continue; }
    const shown = oneLine(h.label);
    const r = applyBudget(core, [{ label: shown, path: shown, text: h.text }], { kind: "hermes", cap: resolved.cap });
    const f = r.files[0]!;
    if (f.truncation) {
      report.truncations.push({ file: h.label, path: h.path, ...f.truncation, ...(f.markerOmitted ? { markerOmitted: true } : {}) });
      if (f.markerOmitted) report.notes.push({ path: h.path, message: r.notes[0]! });
    }
    home[name] = { path: h.path, text: f.text };
  }

  const loaded = guarded.context.filter((g) => g.text !== null).map((g) => ({ file: g.file, text: g.text!, dynamic: g.file.dynamic === true }));
  const inputs = [...loaded.filter((i) => !i.dynamic), ...loaded.filter((i) => i.dynamic)];
  const bytes = policyByteLimit(resolved.policy);
  const byteLimit: ByteLimit | undefined = bytes === null ? undefined : { bytes, split: CODEX_SPLIT, name: resolved.policy };
  // Markers, notes and the warning name files by label, control characters escaped.
  const budgeted = applyBudget(core, inputs.map((i) => ({ label: oneLine(i.file.label), path: oneLine(i.file.label), text: i.text })), resolved.budget, byteLimit);
  for (const n of budgeted.notes) report.notes.push({ path: "", message: n });
  const placed = new Map<string, string>();
  const staticCuts: CutFile[] = [];
  const dynamicCuts: CutFile[] = [];
  budgeted.files.forEach((f: BudgetedFile, i) => {
    const input = inputs[i]!;
    if (f.truncation || f.dropped) {
      report.truncations.push({
        file: input.file.label, path: input.file.path,
        ...(f.truncation ?? { originalChars: input.text.length, headChars: 0, tailChars: 0 }),
        ...(f.dropped ? { dropped: true } : {}), ...(f.markerOmitted ? { markerOmitted: true } : {}),
      });
      (input.dynamic ? dynamicCuts : staticCuts).push(f.dropped
        ? { label: f.label, path: f.path, dropped: true, truncation: { originalChars: input.text.length, headChars: 0, tailChars: 0 } }
        : f);
    }
    if (!f.dropped) placed.set(input.file.path, f.text);
  });
  const perFile = resolved.budget.kind === "openclaw" ? resolved.budget.perFile : resolved.budget.cap;
  const total = resolved.budget.kind === "openclaw" ? resolved.budget.total : null;
  const injection = analyseInjection(
    inputs.map((input, i) => {
      const f = budgeted.files[i]!;
      return { label: input.file.label, chars: input.text.length, ...(f.truncation ? { truncation: f.truncation } : {}), ...(f.dropped ? { dropped: true } : {}) };
    }),
    perFile, total,
  );
  return { home, placed, staticCuts, dynamicCuts, injection };
}

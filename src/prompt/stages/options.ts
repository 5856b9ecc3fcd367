// Stage 0 of assembly: the options, checked in one call and resolved to the values every later stage reads (policy,
// mode, budget, caps, exemptions, warning mode). Runtime-neutral.

import { PromptasmError } from "../../errors.js";
import type { DiscoveryPolicy } from "../../discovery/policies.js";
import type { AllowEntry, GuardPolicy } from "../../guard/types.js";
import { validateAssembleOptions } from "../../options/schema.js";
import type { PromptMode, ToolUseEnforcementSetting } from "../../sections/builders.js";
import type { SectionOptions } from "../../sections/options.js";
import type { OpenClawSectionOptions } from "../../sections/openclaw/index.js";
import { showValue } from "../../util/escape.js";
import { fileCap } from "../budget.js";
import { OPENCLAW_PER_FILE_CHARS, OPENCLAW_TOTAL_CHARS, type BudgetPolicy } from "../budgets.js";
import { TRUNCATION_WARNING_MODES, type ShownWarnings, type TruncationWarningMode } from "./warning.js";
import type { DiscoveryNote } from "../../discovery/hermes.js";

/** Options for assembleSystemPrompt. Paths are absolute POSIX paths as the reader understands them. */
export interface AssembleOptions extends SectionOptions {
  /** The agent's working directory: discovery starts here (the workspace directory for the openclaw policy). */
  cwd: string;
  /** Directory holding SOUL.md, MEMORY.md, USER.md and skills/ (the agent's home). Omit for none. */
  home?: string;
  /** Project root; default: the nearest ancestor of cwd with a .git entry. */
  root?: string;
  /** Which context files load (discovery/policies.ts); default "hermes". */
  policy?: DiscoveryPolicy;
  /** "full" (default), "minimal" (sub-agents: tooling, workspace context, runtime) or "none" (identity line only). */
  mode?: PromptMode;
  /** Head/tail budget for context files: "hermes" (per-file cap, 70/20) or "openclaw" (12,000 per file, 60,000 in
   *  total, 75/25). Default: "openclaw" for the openclaw policy, else "hermes". */
  budget?: "hermes" | "openclaw";
  /** Model name: picks the context window for the hermes cap and the tool-use enforcement; shown in the runtime block. */
  model?: string;
  /** Provider name, shown in the runtime block. */
  provider?: string;
  /** Context window in tokens (overrides the model's). */
  contextWindow?: number;
  /**
   * Per-file truncation cap in chars (UTF-16 code units); wins over contextWindow and model. Under the openclaw budget
   * it is the per-file limit too, unless `bootstrapMaxChars` is given (which then wins, with a note).
   */
  maxChars?: number;
  /**
   * Openclaw budget: the per-file limit in chars (UTF-16 code units), as OpenClaw's `agents.defaults.bootstrapMaxChars`.
   * Default: `maxChars` when given, else 12,000 (OPENCLAW_PER_FILE_CHARS). Ignored (with a note) under hermes.
   */
  bootstrapMaxChars?: number;
  /**
   * Openclaw budget: the limit for all context files together in chars, markers included, as OpenClaw's
   * `agents.defaults.bootstrapTotalMaxChars`. Default 60,000 (OPENCLAW_TOTAL_CHARS). Ignored (with a note) under hermes.
   */
  bootstrapTotalMaxChars?: number;
  /**
   * Where the truncation warning goes (stages/warning.ts TruncationWarningMode): "section" (default: a section in the
   * system prompt, as before these modes), "off", "once" (in `AssembledPrompt.truncationWarning` and
   * `userPromptPrefix`, shown on the first turn for its signature) or "always" (there, on every turn).
   */
  truncationWarning?: TruncationWarningMode;
  /**
   * Signatures of truncation warnings already shown in this session (mode "once"), as returned in
   * `truncationWarning.signature`: a list, or a store with `has(signature)` (a Set, or one backed by a session store).
   */
  shownWarnings?: string[] | ShownWarnings;
  /** Platform the agent talks through (e.g. "cli"): adds a platform section. */
  platform?: string;
  /** Per-platform overrides: { <platform>: { append?: string; replace?: string } | string }. */
  platformOverrides?: Record<string, unknown>;
  /** The caller's system message: appended in the context tier, never replacing anything. */
  systemMessage?: string;
  /** Tools the agent has: a tool list, tool guidance and the interaction/tool-call/execution style sections. */
  tools?: Array<{ name: string; summary?: string }>;
  /** Tool-use enforcement: true, false, model-name substrings, or "auto" (default). */
  toolUseEnforcement?: ToolUseEnforcementSetting;
  /** Provider overrides that replace the style sections' text (blank values are ignored). */
  overrides?: { interactionStyle?: string; toolCallStyle?: string; executionBias?: string };
  /**
   * An external memory block (e.g. from a memory provider), added to the memory section. It is agent memory like
   * MEMORY.md: scanned at the "strict" scope; on a high-severity finding (or any, with warningsBlock) it is withheld
   * (a notice takes its place), and its findings are reported as the file "externalMemory" (EXTERNAL_MEMORY_LABEL).
   * Never exempt (userAuthored and allow name files only).
   */
  externalMemory?: string;
  /**
   * Host facts for the environment section (the working directory is options.cwd). The section goes below the cache
   * boundary: machine facts must not make the cached prefix depend on where or on what the agent runs.
   */
  environment?: { os?: string; wsl?: boolean };
  /** Add a current-time line (cron-style single runs). */
  currentTime?: boolean;
  /** Leave out identity and every file-based section (no SOUL.md, context files, memory or skills). */
  skipContextFiles?: boolean;
  /** Put the cache boundary marker between the stable prefix and the dynamic suffix (default true). */
  cacheBoundary?: boolean;
  /** Cursor policy: the file being edited, relative to cwd, for `globs` rules. */
  targetPath?: string;
  /**
   * Block files whose findings are all low-severity too (default false: a low finding is a warning and the file
   * loads; a high one blocks it). See grade.ts for what makes a finding low.
   */
  warningsBlock?: boolean;
  /** Labels of files the user wrote themselves (e.g. "home/SOUL.md"): findings are warnings, the file loads. */
  userAuthored?: string[];
  /** Reviewed files allowed despite findings. */
  allow?: AllowEntry[];
  /** The moment for the date and time lines (default: now). */
  now?: Date;
  /** IANA time zone for the date and time lines (default: the runtime's). */
  timeZone?: string;
  /**
   * OpenClaw's sections (sections/openclaw: safety, silent replies, messaging, channel capabilities, reasoning format,
   * model aliases, group/sub-agent context, heartbeats, the provider's stable prefix and the one-line runtime), built
   * with `tools` from options.tools. When set, its tool list (OpenClaw's fixed tool order) and its runtime line take
   * the place of the default tool list and runtime block; `runtime.model`/`runtime.provider` default to options.model
   * and options.provider. Example: `{ runtime: { channel: "telegram", capabilities: ["reactions"] } }`.
   */
  openclaw?: Omit<OpenClawSectionOptions, "tools">;
}


/** The options as every stage reads them: checked, defaults filled in. */
export interface ResolvedOptions {
  options: AssembleOptions;
  policy: DiscoveryPolicy;
  mode: PromptMode;
  /** The context files' budget. */
  budget: BudgetPolicy;
  /** The hermes per-file cap in chars (fileCap): the budget's cap under hermes, and home files' cap always. */
  cap: number;
  now: Date;
  guard: GuardPolicy;
  warningMode: TruncationWarningMode;
  shownWarnings: readonly string[] | ShownWarnings;
  /** Notes on options that were given but do not apply (e.g. bootstrapMaxChars under the hermes budget). */
  notes: DiscoveryNote[];
}

function positiveInt(key: string, v: unknown): number | undefined {
  if (v === undefined) return undefined;
  if (typeof v !== "number" || !Number.isSafeInteger(v) || v <= 0 || v > 0x7fffffff) {
    throw new PromptasmError("E_ARG", `${key} must be a positive integer number of chars, got ${showValue(v)}`);
  }
  return v;
}

/**
 * Checks `options` (validateAssembleOptions of options/schema.ts, then the numbers and the fields the schema does
 * not list yet) and fills in the defaults: policy "hermes", mode "full", budget "openclaw" for the openclaw policy
 * else "hermes", the hermes cap from fileCap (maxChars, contextWindow or model; 20,000), and for the openclaw budget
 * perFile = bootstrapMaxChars ?? maxChars ?? 12,000 and total = bootstrapTotalMaxChars ?? 60,000.
 * @throws PromptasmError E_ARG for a relative path, an unknown policy/mode/budget/warning mode or an out-of-range
 *   number, naming the option and the value.
 */
export function resolveOptions(options: AssembleOptions): ResolvedOptions {
  validateAssembleOptions(options);
  const policy = options.policy ?? "hermes";
  const mode = options.mode ?? "full";
  const budgetKind = options.budget ?? (policy === "openclaw" ? "openclaw" : "hermes");
  const cap = fileCap(options);
  const perFile = positiveInt("bootstrapMaxChars", options.bootstrapMaxChars);
  const total = positiveInt("bootstrapTotalMaxChars", options.bootstrapTotalMaxChars);
  const warningMode = options.truncationWarning ?? "section";
  if (!TRUNCATION_WARNING_MODES.includes(warningMode)) {
    throw new PromptasmError("E_ARG", `truncationWarning must be one of ${TRUNCATION_WARNING_MODES.join(", ")}, got ${showValue(warningMode)}`);
  }
  const shown = options.shownWarnings ?? [];
  const isStore = !Array.isArray(shown) && typeof shown === "object" && shown !== null && typeof (shown as ShownWarnings).has === "function";
  if (!isStore && (!Array.isArray(shown) || shown.some((s) => typeof s !== "string"))) {
    throw new PromptasmError("E_ARG", `shownWarnings must be an array of signature strings or a store with has(), got ${showValue(shown)}`);
  }
  if (options.externalMemory !== undefined && typeof options.externalMemory !== "string") {
    throw new PromptasmError("E_ARG", `externalMemory must be a string, got ${showValue(options.externalMemory)}`);
  }
  const notes: DiscoveryNote[] = [];
  let budget: BudgetPolicy;
  if (budgetKind === "openclaw") {
    if (perFile !== undefined && options.maxChars !== undefined && perFile !== options.maxChars) {
      notes.push({ path: "", message: `maxChars (${options.maxChars}) does not set the openclaw per-file limit: bootstrapMaxChars (${perFile}) does` });
    }
    budget = { kind: "openclaw", perFile: perFile ?? options.maxChars ?? OPENCLAW_PER_FILE_CHARS, total: total ?? OPENCLAW_TOTAL_CHARS };
  } else {
    budget = { kind: "hermes", cap };
    for (const [key, v] of [["bootstrapMaxChars", perFile], ["bootstrapTotalMaxChars", total]] as const) {
      if (v !== undefined) notes.push({ path: "", message: `${key} (${v}) applies to the openclaw budget only; the hermes budget's cap is ${cap} chars per file` });
    }
  }
  return {
    options, policy, mode, budget, cap, now: options.now ?? new Date(),
    guard: { warningsBlock: options.warningsBlock === true, userAuthored: new Set(options.userAuthored ?? []), allow: options.allow ?? [] },
    warningMode, shownWarnings: shown, notes,
  };
}

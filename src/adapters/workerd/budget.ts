// The Worker's per-request work budget: how many new DFA transitions all the scans one request causes may build in
// total (the rule set's lazy DFA builds its states while it scans, in TypeScript, so text made of rule fragments costs
// CPU on its first pass; a Worker's CPU per request is billed and capped). Every request gets its own WorkBudget and
// scans through Scanner.withBudget(): each pass may build only what the request has left. Past it the answer is 429
// E_WORK_BUDGET with Retry-After; the states built so far stay cached in the isolate, so a retry gets further.
// The setting: the router's `workBudget` option, else the WORK_BUDGET variable, else DEFAULT_WORK_BUDGET.

import { PromptasmError } from "../../errors.js";
import { WorkBudget } from "../../scan/scanner.js";

/**
 * Default budget: 50,000 new DFA transitions per request. Chosen from `npx tsx bench/work-budget.ts` (its figures and
 * the reasoning are in docs/worker.md, "The per-request work budget"): above what the bundled example and every benign
 * corpus request measured need from a cold rule set, far below what a body of rule fragments asks for.
 */
export const DEFAULT_WORK_BUDGET = 50_000;

/**
 * Seconds a client is told to wait (Retry-After) after 429 E_WORK_BUDGET: 1, the least the header can say. The
 * states the refused request built are already cached, so the retry needs no cool-down; the second only paces
 * clients that retry in a loop.
 */
export const WORK_BUDGET_RETRY_AFTER_SECONDS = 1;

/** A resolved budget setting: the limit in new DFA transitions and the name of the setting it came from. */
export interface WorkBudgetSetting {
  limit: number;
  /** "workBudget" (the router option) or "WORK_BUDGET" (the variable, or its default). */
  setting: string;
}

/** The router option's value: a non-negative integer (new DFA transitions per request), or "off" / 0 for no budget. */
export type WorkBudgetOption = number | "off";

/**
 * Checks the router's `workBudget` option.
 * @returns the setting, or undefined for "off" or 0 (no budget: a literal zero would refuse every request of a cold
 *   isolate forever, since no request could build a state).
 * @throws PromptasmError E_ARG naming workBudget for anything but a non-negative safe integer or "off".
 */
export function workBudgetOption(value: unknown): WorkBudgetSetting | undefined {
  if (value === "off" || value === 0) return undefined;
  if (typeof value !== "number" || !Number.isSafeInteger(value) || value < 0) {
    throw new PromptasmError("E_ARG", `workBudget must be a non-negative integer (new DFA transitions per request) or "off", got ${show(value)}`);
  }
  return { limit: value, setting: "workBudget" };
}

let fromEnv: { value: string | undefined; setting: WorkBudgetSetting | undefined } | undefined;
/**
 * The budget the WORK_BUDGET variable sets: unset or empty: DEFAULT_WORK_BUDGET; "off" or "0": no budget; otherwise
 * decimal digits (white space around them ignored), at most 2^53 - 1. The last value's result is cached.
 * @throws PromptasmError E_CONFIG naming WORK_BUDGET for any other value (the service's misconfiguration: 500).
 */
export function workBudgetFromEnv(value: string | undefined): WorkBudgetSetting | undefined {
  if (fromEnv !== undefined && fromEnv.value === value) return fromEnv.setting;
  const text = (value ?? "").trim();
  let setting: WorkBudgetSetting | undefined;
  if (text === "") setting = { limit: DEFAULT_WORK_BUDGET, setting: "WORK_BUDGET" };
  else if (text.toLowerCase() === "off" || /^0+$/.test(text)) setting = undefined;
  else if (/^\d+$/.test(text) && Number.isSafeInteger(Number(text))) setting = { limit: Number(text), setting: "WORK_BUDGET" };
  else throw new PromptasmError("E_CONFIG", `WORK_BUDGET must be a non-negative integer (new DFA transitions per request) or "off", got ${show(value)}`);
  fromEnv = { value, setting };
  return setting;
}

/** A fresh budget for one request under `setting` (undefined: none), named in its E_WORK_BUDGET message. */
export function requestBudget(setting: WorkBudgetSetting | undefined): WorkBudget | undefined {
  return setting === undefined ? undefined : new WorkBudget(setting.limit, `this request's work budget (${setting.setting})`);
}

const show = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value.slice(0, 80)) : typeof value === "number" ? String(value) : value === null ? "null" : typeof value);

// The cache-aware command layer: a change the user asks for (a new model, a memory switch, a platform override, …)
// applies to the next session by default, so the frozen prompt and the provider's prefix cache of this session stay
// as they are; with an explicit "now" it applies at once and the frozen prompt is dropped, so the next turn rebuilds.
// Hermes Agent's commands work the same way (deferred by default, `--now` to rebuild).

import { PromptasmError } from "../errors.js";
import { invalidateSession } from "./session.js";
import type { SessionLogger, SessionStore } from "./types.js";

/** When a requested change applies: to the next session (default) or now (the frozen prompt is rebuilt). */
export type ApplyWhen = "next-session" | "now";

/**
 * The settings of one conversation: `active` is what the current session's frozen prompt was (or will be) built
 * from; `pending` holds changes waiting for the next session. Plain data, so it can be stored with the session.
 */
export interface PromptSettingsState<T extends object> {
  active: T;
  pending: Partial<T>;
}

/** What applyPromptChange did. */
export interface PromptChangeResult<T extends object> {
  /** The new state (the input state is not changed). */
  state: PromptSettingsState<T>;
  when: ApplyWhen;
  /** For "now": true when the frozen prompt was dropped (the next turn rebuilds); false when the delete failed. */
  invalidated?: boolean;
  /** One line for the user saying when the change takes effect. */
  message: string;
}

/** A new state with `settings` active and nothing pending. */
export function promptSettings<T extends object>(settings: T): PromptSettingsState<T> {
  return { active: { ...settings }, pending: {} };
}

/**
 * Applies a change the user asked for.
 * - `now` false (default): the change is merged into `pending` (a later change of the same key wins); `active` and
 *   the stored prompt are untouched, so this session's cached prefix keeps hitting. startNextSession applies it.
 * - `now` true: the change is merged into `active`, any pending value of the same keys is dropped, and the session's
 *   frozen prompt is deleted (invalidateSession), so the next freezeSession builds one from the new settings.
 * @param store, sessionId the session whose frozen prompt a "now" change drops.
 * @throws PromptasmError E_ARG when `change` is not a plain object or has no keys; E_ARG for a bad session id.
 * @example
 *   let s = promptSettings({ model: "gpt-4o" });
 *   ({ state: s } = await applyPromptChange(store, id, s, { model: "gpt-5" }));            // next session
 *   ({ state: s } = await applyPromptChange(store, id, s, { model: "gpt-5" }, { now: true })); // rebuild now
 */
export async function applyPromptChange<T extends object>(
  store: SessionStore, sessionId: string, state: PromptSettingsState<T>, change: Partial<T>,
  options: { now?: boolean; logger?: SessionLogger } = {},
): Promise<PromptChangeResult<T>> {
  if (change === null || typeof change !== "object" || Array.isArray(change) || Object.keys(change).length === 0) {
    throw new PromptasmError("E_ARG", "a prompt change must be an object with at least one setting");
  }
  const keys = Object.keys(change).join(", ");
  if (options.now !== true) {
    return {
      state: { active: { ...state.active }, pending: { ...state.pending, ...change } },
      when: "next-session",
      message: `${keys}: saved; takes effect in the next session (this session keeps its cached prompt). Apply it now with the now flag, which rebuilds the prompt.`,
    };
  }
  const pending: Partial<T> = { ...state.pending };
  for (const k of Object.keys(change)) delete (pending as Record<string, unknown>)[k];
  const invalidated = await invalidateSession(store, sessionId, options.logger ? { logger: options.logger } : {});
  return {
    state: { active: { ...state.active, ...change }, pending },
    when: "now",
    invalidated,
    message: invalidated
      ? `${keys}: applied now; the system prompt is rebuilt on the next turn (its cached prefix is lost once).`
      : `${keys}: applied, but the stored prompt could not be dropped; it stays in use until the session ends.`,
  };
}

/**
 * The settings for a new session: `pending` merged into `active`, nothing pending.
 * @returns a new state; the input is not changed.
 */
export function startNextSession<T extends object>(state: PromptSettingsState<T>): PromptSettingsState<T> {
  return { active: { ...state.active, ...state.pending }, pending: {} };
}

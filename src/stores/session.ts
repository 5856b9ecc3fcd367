// The frozen-session lifecycle: the first turn of a session builds the system prompt and stores it; every later turn
// sends the stored bytes exactly, so the provider's prefix cache keeps hitting. Only a change of model, provider or
// working directory (stale), a missing or damaged value, or an explicit invalidation builds it again. A store that
// fails never stops a turn: it is logged and the turn goes on with the prompt it built.

import { PromptasmError } from "../errors.js";
import { platformSection } from "../sections/platform.js";
import { checkSessionId, errorText } from "./errors.js";
import { contentHash, createSessionRecord, isSessionRecord } from "./record.js";
import type { SessionLogger, SessionRecord, SessionRuntime, SessionStore, SessionWarningCode } from "./types.js";

/**
 * What a turn found in the store:
 * - `missing`: nothing stored (first turn, after invalidateSession, or the read failed): built and stored;
 * - `null`: a record whose prompt is null: warned, rebuilt, stored;
 * - `empty`: a record whose prompt is "", does not match its content hash, or is not a record: warned, rebuilt, stored;
 * - `stale`: the stored runtime names another model, provider or cwd: rebuilt, stored;
 * - `present`: a good record for this runtime: its bytes are reused exactly, build is not called.
 */
export type SessionState = "missing" | "null" | "empty" | "stale" | "present";

/** The runtime of the current turn. `model`, `provider` and `cwd` decide staleness; `platform` only adds a note. */
export interface CurrentRuntime extends SessionRuntime {
  platform?: string;
}

/** A warning freezeSession logged; also returned with the turn. */
export interface SessionWarning {
  code: SessionWarningCode;
  message: string;
  /** The store's error, for `read-failed`, `write-failed` and `delete-failed`. */
  cause?: unknown;
}

/** Options of freezeSession and invalidateSession. */
export interface FreezeOptions {
  /** Where warnings go (default: `console.warn`). */
  logger?: SessionLogger;
  /** The clock for `createdAt` (default: `new Date()`). */
  now?: () => Date;
}

/** One turn's system prompt and how it was obtained. */
export interface FrozenSession<T extends { prompt: string } = { prompt: string }> {
  /** What the read found (see SessionState). */
  state: SessionState;
  /** Why the stored prompt was not reused, for every state but `present` and `missing` (e.g. which runtime field changed). */
  reason?: string;
  /** The system prompt to send this turn: the stored bytes, or the fresh build when nothing could be stored. */
  prompt: string;
  /** The record `prompt` is the text of (the stored one, or the one that failed to store). */
  record: SessionRecord & { prompt: string };
  /** True when the store now holds exactly `prompt`, so the next turn reuses it; false after a failed write. */
  stored: boolean;
  /**
   * The build's result when build ran this turn (every state but `present`). Its `prompt` may differ from `prompt`
   * when a concurrent first build won the race: use `prompt`.
   */
  built?: T;
  /**
   * Set when the current platform differs from the one the frozen prompt names: a note about the new surface for
   * this turn's user message. Never stored, never added to the system prompt (that would break the cached prefix).
   */
  platformNote?: string;
  /** Everything logged this turn, in order. */
  warnings: SessionWarning[];
}

const consoleLogger: SessionLogger = { warn: (message) => globalThis.console?.warn(message) };

/**
 * The system prompt for one turn of session `sessionId`: the stored prompt when there is a good one for this
 * runtime, else `build()`'s prompt, stored for the turns after this one.
 *
 * A first build stores with putIfAbsent, so two first turns racing end with one stored value and both return it
 * (the loser drops its own build). A rebuild (null, empty, stale) replaces the stored value with put. A write that
 * fails is logged and the turn returns the built prompt with `stored: false`; the previous value stays in the store.
 * A stored prompt whose SHA-256 is not its contentHash (a torn or damaged write) is never returned: it reads as
 * `empty`. Memory or files that change during a session change nothing here until invalidateSession.
 *
 * @param build assembles the prompt (e.g. `() => pa.assemble(reader, options)`); called at most once, and not at all
 *   when the stored prompt is reused. Its prompt is made well-formed (lone surrogates → U+FFFD) before use.
 * @param current this turn's model, provider, cwd and platform.
 * @throws PromptasmError E_ARG for a bad session id or a build result without a string `prompt`; whatever `build`
 *   throws. Store failures are never thrown.
 * @example
 *   const turn = await freezeSession(store, sessionId, () => pa.assemble(reader, opts), { model, provider, cwd, platform: "cli" });
 *   const system = requestSystemText(turn.prompt, ephemeralSystemPrompt);
 *   const user = turn.platformNote ? `${turn.platformNote}\n\n${userText}` : userText;
 */
export async function freezeSession<T extends { prompt: string }>(
  store: SessionStore, sessionId: string, build: () => Promise<T>, current: CurrentRuntime, options: FreezeOptions = {},
): Promise<FrozenSession<T>> {
  checkSessionId(sessionId);
  const logger = options.logger ?? consoleLogger;
  const warnings: SessionWarning[] = [];
  const warn = (code: SessionWarningCode, message: string, cause?: unknown) => {
    const w: SessionWarning = cause === undefined ? { code, message } : { code, message, cause };
    warnings.push(w);
    logger.warn(message, cause === undefined ? { code, sessionId } : { code, sessionId, cause });
  };
  let reason: string | undefined;
  const done = (state: SessionState, record: SessionRecord & { prompt: string }, stored: boolean, built?: T): FrozenSession<T> => {
    const turn: FrozenSession<T> = { state, prompt: record.prompt, record, stored, warnings };
    if (reason !== undefined) turn.reason = reason;
    if (built !== undefined) turn.built = built;
    const note = platformNote(record.platform, current.platform);
    if (note !== undefined) turn.platformNote = note;
    return turn;
  };

  let found: SessionRecord | null = null;
  try {
    found = await store.get(sessionId);
  } catch (cause) {
    warn("read-failed", `session ${sessionId}: reading the stored prompt failed, building a new one: ${errorText(cause)}`, cause);
  }

  let state: SessionState = "missing";
  if (found !== null) {
    const check = await inspect(found, current);
    state = check.state;
    reason = check.message;
    if (check.state === "present") return done("present", found as SessionRecord & { prompt: string }, true);
    if (check.warning !== undefined) warn(check.warning, `session ${sessionId}: ${check.message}; rebuilding`);
  }

  const built = await build();
  if (built === null || typeof built !== "object" || typeof built.prompt !== "string") {
    throw new PromptasmError("E_ARG", "the session's build function must resolve to an object with a string prompt");
  }
  const { platform, ...runtime } = current;
  const record = (await createSessionRecord(built.prompt, runtime, platform, options.now?.() ?? new Date())) as SessionRecord & { prompt: string };

  if (state !== "missing") {
    try {
      await store.put(sessionId, record);
      return done(state, record, true, built);
    } catch (cause) {
      warn("write-failed", `session ${sessionId}: storing the rebuilt prompt failed; this turn uses it unstored: ${errorText(cause)}`, cause);
      return done(state, record, false, built);
    }
  }

  let winner: SessionRecord;
  try {
    winner = await store.putIfAbsent(sessionId, record);
  } catch (cause) {
    warn("write-failed", `session ${sessionId}: storing the new prompt failed; this turn uses it unstored: ${errorText(cause)}`, cause);
    return done(state, record, false, built);
  }
  if (winner.prompt === record.prompt && winner.contentHash === record.contentHash) return done(state, record, true, built);
  // Another first build stored its prompt before ours: use that one, so both turns send the same bytes.
  const check = await inspect(winner, current);
  if (check.state === "present") return done(state, winner as SessionRecord & { prompt: string }, true, built);
  warn("winner-unusable", `session ${sessionId}: a concurrent build stored a prompt this turn cannot use (${check.message}); this turn uses its own, unstored`);
  return done(state, record, false, built);
}

/**
 * Drops the stored prompt of `sessionId`, so the next freezeSession builds a new one (state `missing`): call it after
 * context compression, or when the user asks for memory or files to take effect now.
 * @returns true when nothing is stored any more; false when the delete failed (logged as `delete-failed`; later turns
 *   keep reusing the old prompt).
 * @throws PromptasmError E_ARG for a bad session id.
 */
export async function invalidateSession(store: SessionStore, sessionId: string, options: Pick<FreezeOptions, "logger"> = {}): Promise<boolean> {
  checkSessionId(sessionId);
  try {
    await store.delete(sessionId);
    return true;
  } catch (cause) {
    (options.logger ?? consoleLogger).warn(`session ${sessionId}: invalidating the stored prompt failed; it stays in use: ${errorText(cause)}`, { code: "delete-failed", sessionId, cause });
    return false;
  }
}

/**
 * The system text of one provider request: the stored prompt, then the ephemeral system prompt (if any) after one
 * blank line. The ephemeral part goes only into the request, never into the store, and after the stored bytes so the
 * cached prefix is unchanged.
 * @param ephemeral undefined, "" or blank text adds nothing; other text is appended as given.
 * @example requestSystemText("You are Wren.", "Reply in French.") // "You are Wren.\n\nReply in French."
 */
export function requestSystemText(stored: string, ephemeral?: string): string {
  if (ephemeral === undefined || ephemeral.trim() === "") return stored;
  return `${stored}\n\n${ephemeral}`;
}

/**
 * The one-turn note for a platform switch, or undefined when `current` is absent or names the platform the prompt
 * was built for (names compared trimmed and lower-cased). The note names both platforms and gives the new one's hint.
 * @example platformNote("cli", "telegram") // "Platform note (this turn): the conversation moved from cli to telegram; …"
 */
export function platformNote(frozen: string | undefined, current: string | undefined): string | undefined {
  const to = current?.trim() ?? "";
  const from = frozen?.trim() ?? "";
  if (to === "" || to.toLowerCase() === from.toLowerCase()) return undefined;
  const hint = platformSection(to)?.text;
  const moved = from === "" ? `the conversation is now on ${to}` : `the conversation moved from ${from} to ${to}; the system prompt still describes ${from}`;
  return `Platform note (this turn): ${moved}. ${hint ?? ""}`.trimEnd();
}

type Inspection =
  | { state: "present"; warning?: undefined; message?: undefined }
  | { state: "stale"; warning?: undefined; message: string }
  | { state: "null" | "empty"; warning: SessionWarningCode; message: string };

/** Classifies a stored value against the current runtime; the hash check runs before staleness. */
async function inspect(value: SessionRecord, current: CurrentRuntime): Promise<Inspection> {
  if (!isSessionRecord(value)) return { state: "empty", warning: "invalid-record", message: "the stored value is not a session record" };
  if (value.prompt === null) return { state: "null", warning: "stored-null", message: "the stored prompt is null" };
  if (value.prompt === "") return { state: "empty", warning: "stored-empty", message: "the stored prompt is empty" };
  if ((await contentHash(value.prompt)) !== value.contentHash.toLowerCase()) {
    return { state: "empty", warning: "hash-mismatch", message: "the stored prompt does not match its content hash (a torn or damaged write)" };
  }
  for (const key of ["model", "provider", "cwd"] as const) {
    const was = value.runtime[key] ?? "";
    const now = current[key] ?? "";
    if (was !== now) return { state: "stale", message: `the stored prompt was built for ${key} ${JSON.stringify(was)}, this turn has ${JSON.stringify(now)}` };
  }
  return { state: "present" };
}

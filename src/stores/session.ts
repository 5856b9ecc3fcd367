// The frozen-session lifecycle: the first turn of a session builds the system prompt and stores it; every later turn
// sends the stored bytes exactly, so the provider's prefix cache keeps hitting. Only a change of model, provider or
// working directory (stale), a missing or damaged value, a stored prompt with threat findings a fresh build does not
// have, or an explicit invalidation builds it again. A store that fails never stops a turn: it is logged and the turn
// goes on with the prompt it built.

import { PromptasmError } from "../errors.js";
import type { RuleScope } from "../scan/rules.js";
import type { Finding } from "../scan/scanner.js";
import { platformSection } from "../sections/platform.js";
import { checkSessionId, errorText } from "./errors.js";
import { contentHash, createSessionRecord, isSessionRecord } from "./record.js";
import type { SessionLogger, SessionRecord, SessionRuntime, SessionStore, SessionWarningCode } from "./types.js";

/**
 * What a turn found in the store:
 * - `missing`: nothing stored (first turn, after invalidateSession, or the read failed): built and stored;
 * - `null`: a record whose prompt is null: warned, rebuilt, stored;
 * - `empty`: a record whose prompt is "", does not match its content hash, or is not a record, or (with a scanner) a
 *   prompt with threat findings that a fresh build does not have: warned, rebuilt, stored;
 * - `stale`: the stored runtime names another model, provider or cwd (a blank current provider counts as unknown, not
 *   as a change): rebuilt, stored;
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

/** What freezeSession scans a stored prompt with: a Scanner, or a Promptasm (`pa`). */
export interface PromptScanner {
  scan(text: string, options?: { scope?: RuleScope }): Finding[];
}

/** The scope a stored prompt is scanned at: "context", the rules every context file passed. */
export const STORED_PROMPT_SCOPE: RuleScope = "context";

/** Options of freezeSession and invalidateSession. */
export interface FreezeOptions {
  /**
   * Scans every prompt read back from the store before it is used (see freezeSession). Pass one whenever the store
   * can be written by anyone but this code (a file, a shared KV namespace); without it, a stored prompt is trusted
   * as it is.
   */
  scanner?: PromptScanner;
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
   * The build's result when build ran this turn: every state but `present`, and `present` when the stored prompt had
   * findings and a build ran to check them. Its `prompt` may differ from `prompt` when the stored prompt was reused
   * or a concurrent first build won the race: use `prompt`.
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
 * Checks that `store` has the SessionStore methods, so a wrong argument (null, a Map) is an E_ARG at once rather
 * than a store failure logged as a warning on every call.
 * @throws PromptasmError E_ARG naming the function and what is missing.
 */
function checkStore(store: unknown, fn: string): void {
  const missing = store === null || typeof store !== "object" ? ["get", "put", "putIfAbsent", "delete"]
    : (["get", "put", "putIfAbsent", "delete"] as const).filter((m) => typeof (store as Record<string, unknown>)[m] !== "function");
  if (missing.length > 0) {
    throw new PromptasmError("E_ARG", `${fn}: store must be a SessionStore (an object with get, put, putIfAbsent and delete methods), got ${store === null ? "null" : typeof store}${store !== null && typeof store === "object" ? ` without ${missing.join(", ")}` : ""}`);
  }
}

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
 * With `options.scanner`, a stored prompt (a good or stale record, or a concurrent build's winner) is scanned at
 * STORED_PROMPT_SCOPE before it is used (high-severity findings only: low ones load with a warning in any build): a store can be written by something else (a planted or edited file, another
 * writer of a shared KV namespace), and the hash only tells a torn write. A prompt this code built can hold findings
 * on purpose (a user-authored file loaded with a warning, an allow-listed file, the caller's own system message), so
 * on findings the session is built afresh and the stored prompt is kept only when every one of its findings (rule and
 * excerpt) is also in the fresh build's prompt. Otherwise it is a bad record: warned as `stored-findings` (the message
 * names the session id and the rules), state `empty`, and the fresh build replaces it. A build that throws then
 * propagates (the stored prompt is not used unchecked).
 *
 * @param build assembles the prompt (e.g. `() => pa.assemble(reader, options)`); called at most once, and not at all
 *   when the stored prompt is reused. Its prompt is made well-formed (lone surrogates → U+FFFD) before use.
 * @param current this turn's model, provider, cwd and platform.
 * @throws PromptasmError E_ARG for a bad session id, a `store` without get/put/putIfAbsent/delete methods (null, a
 *   plain object), a `build` that is not a function, or a build result without a string `prompt`; whatever `build`
 *   or the scanner throws. Store failures are never thrown.
 * @example
 *   const turn = await freezeSession(store, sessionId, () => pa.assemble(reader, opts), { model, provider, cwd, platform: "cli" }, { scanner: pa });
 *   const system = requestSystemText(turn.prompt, ephemeralSystemPrompt);
 *   const user = turn.platformNote ? `${turn.platformNote}\n\n${userText}` : userText;
 */
export async function freezeSession<T extends { prompt: string }>(
  store: SessionStore, sessionId: string, build: () => Promise<T>, current: CurrentRuntime, options: FreezeOptions = {},
): Promise<FrozenSession<T>> {
  checkSessionId(sessionId);
  checkStore(store, "freezeSession");
  if (typeof build !== "function") throw new PromptasmError("E_ARG", `freezeSession: build must be a function, got ${build === null ? "null" : typeof build}`);
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

  // build() runs at most once: for a rebuild, or to check a stored prompt's findings.
  let built: T | undefined;
  const buildOnce = async (): Promise<T> => {
    if (built !== undefined) return built;
    const b = await build();
    if (b === null || typeof b !== "object" || typeof b.prompt !== "string") {
      throw new PromptasmError("E_ARG", "the session's build function must resolve to an object with a string prompt");
    }
    return (built = b);
  };
  // The findings of a stored prompt that a fresh build does not have; [] when there are none (or no scanner).
  const unexplained = async (prompt: string): Promise<Finding[]> => {
    if (options.scanner === undefined) return [];
    // Low-severity findings load with a warning in any build, so only high ones (those that block a file) count.
    const hits = options.scanner.scan(prompt, { scope: STORED_PROMPT_SCOPE }).filter((f) => f.severity !== "low");
    if (hits.length === 0) return hits;
    const fresh = new Set(options.scanner.scan((await buildOnce()).prompt, { scope: STORED_PROMPT_SCOPE }).map(findingKey));
    return hits.filter((f) => !fresh.has(findingKey(f)));
  };

  let state: SessionState = "missing";
  if (found !== null) {
    const check = await inspect(found, current);
    state = check.state;
    reason = check.message;
    const bad = check.state === "present" || check.state === "stale" ? await unexplained(found.prompt!) : [];
    if (bad.length > 0) {
      state = "empty";
      reason = `the stored prompt has findings a fresh build does not have (${describeFindings(bad)})`;
      warn("stored-findings", `session ${sessionId}: ${reason}: not used; rebuilding`);
    } else if (check.state === "present") return done("present", found as SessionRecord & { prompt: string }, true, built);
    else if (check.warning !== undefined) warn(check.warning, `session ${sessionId}: ${check.message}; rebuilding`);
  }

  const fresh = await buildOnce();
  const { platform, ...runtime } = current;
  const record = (await createSessionRecord(fresh.prompt, runtime, platform, options.now?.() ?? new Date())) as SessionRecord & { prompt: string };

  if (state !== "missing") {
    try {
      await store.put(sessionId, record);
      return done(state, record, true, fresh);
    } catch (cause) {
      warn("write-failed", `session ${sessionId}: storing the rebuilt prompt failed; this turn uses it unstored: ${errorText(cause)}`, cause);
      return done(state, record, false, fresh);
    }
  }

  let winner: SessionRecord;
  try {
    winner = await store.putIfAbsent(sessionId, record);
  } catch (cause) {
    warn("write-failed", `session ${sessionId}: storing the new prompt failed; this turn uses it unstored: ${errorText(cause)}`, cause);
    return done(state, record, false, fresh);
  }
  if (winner.prompt === record.prompt && winner.contentHash === record.contentHash) return done(state, record, true, fresh);
  // Another first build stored its prompt before ours: use that one, so both turns send the same bytes.
  const check = await inspect(winner, current);
  const bad = check.state === "present" ? await unexplained(winner.prompt!) : [];
  if (check.state === "present" && bad.length === 0) return done(state, winner as SessionRecord & { prompt: string }, true, fresh);
  const why = bad.length > 0 ? `it has findings this build does not have (${describeFindings(bad)})` : check.message;
  warn("winner-unusable", `session ${sessionId}: a concurrent build stored a prompt this turn cannot use (${why}); this turn uses its own, unstored`);
  return done(state, record, false, fresh);
}

// A finding as the same text gives it wherever it sits in a prompt: offsets move with the text around it.
const findingKey = (f: Finding): string => `${f.rule}\u0000${f.excerpt}`;

/** "rule-a at offset 12, rule-b at offset 40" for the first few findings, "+ N more" after them. */
function describeFindings(findings: Finding[]): string {
  const rules = [...new Set(findings.map((f) => f.rule))];
  const first = findings.slice(0, 3).map((f) => `${f.rule} at offset ${f.offset}: ${JSON.stringify(f.excerpt)}`);
  const more = findings.length > 3 ? `; ${findings.length - 3} more` : "";
  return `rules ${rules.join(", ")}; ${first.join("; ")}${more}`;
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
  checkStore(store, "invalidateSession");
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
 * @param ephemeral undefined, "" or blank text adds nothing; other text is appended as given (alone when `stored` is "").
 * @example requestSystemText("You are Wren.", "Reply in French.") // "You are Wren.\n\nReply in French."
 */
export function requestSystemText(stored: string, ephemeral?: string): string {
  if (ephemeral === undefined || ephemeral.trim() === "") return stored;
  // An empty stored prompt gets no separator: requestSystemText("", "X") is "X", not "\n\nX".
  return stored === "" ? ephemeral : `${stored}\n\n${ephemeral}`;
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
    // A caller that does not know its provider (blank or absent) has not switched provider: keep the frozen prompt.
    if (key === "provider" && now.trim() === "") continue;
    if (was !== now) return { state: "stale", message: `the stored prompt was built for ${key} ${JSON.stringify(was)}, this turn has ${JSON.stringify(now)}` };
  }
  return { state: "present" };
}

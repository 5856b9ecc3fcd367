// The HTTP status of every error the Worker answers, in one table keyed by the error's stable code: the client's
// mistakes are 4xx, our own failures (a core that does not load, a session store that fails, a bug) are 5xx. The
// Worker's catch-all turns whatever a route threw into `{ ok: false, error: { code, message } }` with this status.

import { PromptasmError, type ErrorCode } from "../../errors.js";
import { SessionStoreError, type StoreErrorCode } from "../../stores/errors.js";
import { HttpError } from "./input.js";
import { publicMessage } from "./public-message.js";
import { WORK_BUDGET_RETRY_AFTER_SECONDS } from "./budget.js";

/**
 * Status per PromptasmError code, as the Worker sees each one. `Record<ErrorCode, …>` makes tsc refuse a new code in
 * src/errors.ts until it has a row here.
 * - E_ARG, E_NOT_FOUND: an argument the request carried (a message shape, a `cwd` not in `files`) → 400.
 * - E_WORK_BUDGET: the request needed more new DFA transitions than its work budget (./budget.ts) → 429 with
 *   Retry-After: too much work at once; the states it built stay cached, so a retry gets further.
 * - E_WASM: the core did not instantiate; the next request retries it → 503.
 * - E_RULES: the Worker's own rule set did not compile (requests carry no rules) → 500.
 * - E_IO: reading the in-memory workspace failed, which only a bug can cause → 500.
 * - E_CONFIG: requests carry no config file, so this is the service's own configuration (a bad CORS_ORIGINS) → 500.
 * - E_BASELINE: a scan baseline is a CLI file the Worker never reads; should one surface, it is ours → 500.
 */
export const PROMPTASM_ERROR_STATUS: Readonly<Record<ErrorCode, number>> = {
  E_ARG: 400,
  E_NOT_FOUND: 400,
  E_WORK_BUDGET: 429,
  E_WASM: 503,
  E_RULES: 500,
  E_IO: 500,
  E_CONFIG: 500,
  E_BASELINE: 500,
};

/**
 * Status per session store code (src/stores/errors.ts). The store is the Worker's upstream: its I/O failure is a bad
 * gateway (502); a store that cannot run here or is locked is unavailable (503, retry later); out of space is 507.
 */
export const STORE_ERROR_STATUS: Readonly<Record<StoreErrorCode, number>> = {
  E_STORE_IO: 502,
  E_STORE_UNAVAILABLE: 503,
  E_STORE_LOCKED: 503,
  E_STORE_QUOTA: 507,
};

/** What the Worker answers for one error. */
export interface ErrorAnswer {
  status: number;
  code: string;
  message: string;
  /** Extra response headers (`www-authenticate` on a 401, `retry-after` on a 429). */
  headers: Record<string, string>;
}

/**
 * The answer for an error thrown while handling a request: HttpError keeps its own status; PromptasmError and
 * SessionStoreError take theirs from the tables above (a code missing from a table, possible only through a cast, is
 * 500); anything else is a bug: 500 E_INTERNAL. Beyond an HttpError (which quotes the request as sent), the message
 * names paths relative to the workspace, as the request did, never the Worker's mount point, and is one line
 * (publicMessage).
 * @example errorAnswer(new PromptasmError("E_WASM", "no core")) // { status: 503, code: "E_WASM", … }
 */
export function errorAnswer(error: unknown): ErrorAnswer {
  // An HttpError's message is the Worker's own and quotes the request as sent (even a URL under /workspace); the
  // library's messages name mounted paths: those are made public (./public-message.ts).
  const answer = answerFor(error);
  return error instanceof HttpError ? answer : { ...answer, message: publicMessage(answer.message) };
}

/** errorAnswer before its message is made public. */
function answerFor(error: unknown): ErrorAnswer {
  if (error instanceof HttpError) {
    return { status: error.status, code: error.code, message: error.message, headers: error.status === 401 ? { "www-authenticate": "Bearer" } : {} };
  }
  if (error instanceof PromptasmError) {
    const status = PROMPTASM_ERROR_STATUS[error.code] ?? 500;
    const headers: Record<string, string> = status === 429 ? { "retry-after": String(WORK_BUDGET_RETRY_AFTER_SECONDS) } : {};
    return { status, code: error.code, message: status >= 500 ? `the service failed: ${error.message}` : error.message, headers };
  }
  if (error instanceof SessionStoreError) {
    const status = STORE_ERROR_STATUS[error.code] ?? 500;
    return { status, code: error.code, message: `the session store failed: ${error.message}`, headers: {} };
  }
  return { status: 500, code: "E_INTERNAL", message: `internal error: ${error instanceof Error ? error.message : String(error)}`, headers: {} };
}

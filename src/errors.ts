// Errors with stable codes. Library code throws these; only bin/ turns them into exit codes.

/** Stable error codes: callers branch on `code`, never on the message. */
export type ErrorCode =
  | "E_ARG" // an argument is out of range or of the wrong shape
  | "E_RULES" // a rule pattern does not compile, or the rule set is too large
  | "E_WASM" // the WebAssembly core failed to load or rejected its input
  | "E_IO" // a file or directory could not be read
  | "E_NOT_FOUND" // a path that must exist does not
  | "E_CONFIG" // a config file is not valid JSON or has a field of the wrong shape
  | "E_BASELINE" // a scan baseline file (--baseline) is not valid JSON, has the wrong version or a bad entry
  | "E_WORK_BUDGET"; // a scan needed more work than its per-call budget allowed (ScanLimit.maxNewTransitions)

/** An error with a stable `code`; keeps the original error as `cause`. */
export class PromptasmError extends Error {
  readonly code: ErrorCode;
  constructor(code: ErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "PromptasmError";
    this.code = code;
  }
}

// The session id of a /v1/sessions/:id/… route: the path segment, percent-decoded and checked.

import { MAX_SESSION_ID_CHARS } from "../../stores/types.js";
import { HttpError } from "./input.js";

/**
 * Control characters refused in session ids (input.ts refuses the same in file paths): C0 (U+0000–U+001F), DEL
 * (U+007F) and C1 (U+0080–U+009F), Unicode's Cc category, which no id needs and which logs and terminals act on.
 */
export const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * The session id in path segment `segment` (percent-encoded, as it appears in the URL).
 * @returns the decoded id, 1 to MAX_SESSION_ID_CHARS UTF-16 code units.
 * @throws HttpError 400 E_SESSION_ID for invalid percent-encoding, an id over MAX_SESSION_ID_CHARS, or one holding a
 *   control character (CONTROL_CHARACTER; the message gives its code point).
 */
export function sessionIdFromPath(segment: string): string {
  let id: string;
  try {
    id = decodeURIComponent(segment);
  } catch {
    throw new HttpError(400, "E_SESSION_ID", "the session id is not valid percent-encoding");
  }
  if (id.length > MAX_SESSION_ID_CHARS) throw new HttpError(400, "E_SESSION_ID", `the session id is over ${MAX_SESSION_ID_CHARS} chars`);
  const control = CONTROL_CHARACTER.exec(id);
  if (control !== null) {
    const cp = control[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, "0");
    throw new HttpError(400, "E_SESSION_ID", `the session id holds a control character (U+${cp} at ${control.index})`);
  }
  return id;
}

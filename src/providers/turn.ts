// Per-turn dynamic context (plugin context, retrieved memories, a skill's text loaded on demand, the platform note)
// belongs in the user message of that turn, never in the system prompt: the frozen prompt's bytes, and with them the
// provider's cached prefix, stay the same from turn to turn.

import { PromptasmError } from "../errors.js";

/** One piece of context for a turn. */
export interface TurnContext {
  /** Short name shown as its heading, e.g. "Retrieved memories", "Skill: release-notes". */
  label: string;
  text: string;
}

/** The line that opens the context block in a user message (our own wording). */
export const TURN_CONTEXT_OPEN = "[Context for this turn, added by the agent runtime; the user's own words follow it]";
/** The line that closes it. */
export const TURN_CONTEXT_CLOSE = "[End of context for this turn]";

/**
 * Builds a user message: a delimited block with this turn's context pieces (each under its label, in the order
 * given; blank pieces dropped; text trimmed, CRLF turned into LF), then the user's text. With no pieces, returns the
 * user's text unchanged. Scan pieces that come from outside (retrieved documents, plugin output) with
 * Promptasm.scan first: this function only places text.
 * @param userText the user's words.
 * @param context pieces for this turn.
 * @throws PromptasmError E_ARG when `userText` is not a string or a piece lacks a string label or text.
 */
export function userMessageWithContext(userText: string, context: readonly TurnContext[]): string {
  if (typeof userText !== "string") throw new PromptasmError("E_ARG", "userText must be a string");
  const parts: string[] = [];
  context.forEach((c, i) => {
    if (typeof c?.label !== "string" || typeof c?.text !== "string") throw new PromptasmError("E_ARG", `context[${i}] must be { label: string, text: string }`);
    const text = c.text.replace(/\r\n?/g, "\n").trim();
    if (text !== "") parts.push(`## ${c.label.replace(/[\r\n]+/g, " ").trim()}\n\n${text}`);
  });
  if (parts.length === 0) return userText;
  return `${TURN_CONTEXT_OPEN}\n\n${parts.join("\n\n")}\n\n${TURN_CONTEXT_CLOSE}\n\n${userText}`;
}

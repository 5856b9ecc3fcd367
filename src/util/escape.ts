// Escaping for text that is shown, not run: a file name kept on one line, a value quoted in an error message, a code
// point named the way Unicode charts name it. Runtime-neutral; imports nothing.

/**
 * `name` with C0/C1 controls, DEL and the line separators U+2028/U+2029 written as `\uXXXX` (lower-case hex), so a
 * file name put in a prompt heading or a marker stays on one line. Other characters are kept.
 * @example oneLine("a\nb") // "a\\u000ab"
 */
export function oneLine(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/**
 * A value for an error message: its JSON form (String(v) when JSON has none, e.g. undefined), cut to `max` chars
 * (UTF-16 code units) with `ellipsis` at the end when longer.
 * @param max longest result in chars, ellipsis included; default 80, the width error messages are kept to.
 * @example showValue("x".repeat(100)) // the first 76 chars of "\"xxx…" then "…"
 */
export function showValue(value: unknown, max = 80, ellipsis = "…"): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > max ? `${text.slice(0, max - ellipsis.length)}${ellipsis}` : text;
}

/**
 * A code point as Unicode names it: "U+" and at least four upper-case hex digits.
 * @example codePointLabel(0x200b) // "U+200B"; codePointLabel(0xe0041) // "U+E0041"
 */
export function codePointLabel(codePoint: number): string {
  return `U+${codePoint.toString(16).toUpperCase().padStart(4, "0")}`;
}

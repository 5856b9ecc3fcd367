// A few DOM helpers for the page: element creation with text children (never HTML strings, so file text can
// never become markup), and the display form of invisible characters.

type Child = Node | string | number | null | undefined | false;

/**
 * Creates an element. `props` are set as attributes (`class`, `id`, `aria-*`, `data-*`, …), except functions named
 * `on<event>`, which become listeners; `false`/`null`/`undefined` values are left out. Strings among the children
 * become text nodes.
 */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K, props: Record<string, string | number | boolean | null | undefined | ((e: Event) => void)> = {}, ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (typeof v === "function") el.addEventListener(k.slice(2), v);
    else if (v === true) el.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) el.setAttribute(k, String(v));
  }
  el.append(...children.filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false).map((c) => (typeof c === "number" ? String(c) : c)));
  return el;
}

/** The element with this id. @throws Error when the page has none (a mismatch between index.html and the code). */
export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const el = document.getElementById(id);
  if (!el) throw new Error(`the page has no #${id}`);
  return el as T;
}

/** Replaces an element's children. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren(...children.filter((c): c is Node | string | number => c !== null && c !== undefined && c !== false).map((c) => (typeof c === "number" ? String(c) : c)));
}

/** A number with thousands separators, the same on every machine ("12,345"). */
export const num = (n: number): string => n.toLocaleString("en-US");

// Characters a reader cannot see: C0/C1 controls other than tab and line feed, soft hyphen, zero-width and bidi
// controls, word joiners, invisible operators, variation selectors, BOM, and tag characters (as surrogate pairs).
const INVISIBLE_SOURCE = "\\u000b-\\u001f\\u007f-\\u009f\\u00ad\\u034f\\u061c\\u115f\\u1160\\u17b4\\u17b5\\u180b-\\u180f\\u200b-\\u200f\\u202a-\\u202e\\u2060-\\u206f\\u3164\\ufe00-\\ufe0f\\ufeff\\uffa0\\ufff9-\\ufffb";
const INVISIBLE: Record<VisibleKind, RegExp> = {
  // In a line of text a tab is indentation and shows as one; a line has no line feed.
  text: new RegExp(`[\\u0000-\\u0008${INVISIBLE_SOURCE}]|\\udb40[\\udc00-\\udc7f]`, "g"),
  // In a name a tab or a line feed would show as a space, so they are badged like every other control character.
  name: new RegExp(`[\\u0000-\\u000a${INVISIBLE_SOURCE}]|\\udb40[\\udc00-\\udc7f]`, "g"),
};

/**
 * What `visible` shows: "text" for lines of a file (a tab stays a tab), "name" for file and folder names, paths,
 * labels and notes, which are one line each (tab and line feed are badged too).
 */
export type VisibleKind = "text" | "name";

/** Text cut into plain runs and the invisible characters among them ({ cp: "200B" }), DOM-free. */
export function visibleParts(text: string, kind: VisibleKind = "text"): Array<string | { cp: string }> {
  const out: Array<string | { cp: string }> = [];
  let last = 0;
  for (const m of text.matchAll(INVISIBLE[kind])) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push({ cp: m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0") });
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/**
 * Text with its invisible characters shown as "U+200B" badges: a list of text and <span class="cp"> nodes, for
 * file names and offending lines (never for the prompt itself, whose bytes the page shows exactly).
 */
export function visible(text: string, kind: VisibleKind = "text"): Node[] {
  return visibleParts(text, kind).map((p) =>
    typeof p === "string" ? document.createTextNode(p) : h("span", { class: "cp", title: `invisible character U+${p.cp}` }, `U+${p.cp}`));
}

/** A name as plain text with its invisible characters written "U+000A", for places that hold text only (<option>). */
export function visibleName(text: string): string {
  return visibleParts(text, "name").map((p) => (typeof p === "string" ? p : `U+${p.cp}`)).join("");
}

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
const INVISIBLE = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u00ad\u034f\u061c\u115f\u1160\u17b4\u17b5\u180b-\u180f\u200b-\u200f\u202a-\u202e\u2060-\u206f\u3164\ufe00-\ufe0f\ufeff\uffa0\ufff9-\ufffb]|\udb40[\udc00-\udc7f]/g;

/**
 * Text with its invisible characters shown as "U+200B" badges: a list of text and <span class="cp"> nodes, for
 * file names and offending lines (never for the prompt itself, whose bytes the page shows exactly).
 */
export function visible(text: string): Node[] {
  const out: Node[] = [];
  let last = 0;
  for (const m of text.matchAll(INVISIBLE)) {
    if (m.index > last) out.push(document.createTextNode(text.slice(last, m.index)));
    const cp = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0");
    out.push(h("span", { class: "cp", title: `invisible character U+${cp}` }, `U+${cp}`));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(document.createTextNode(text.slice(last)));
  return out;
}

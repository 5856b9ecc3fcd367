// Front matter of context files (HERMES.md, Cursor `.mdc` rules, Copilot `.instructions.md`, Windsurf, Kiro and
// Cline rules): finding the `---` block, and reading its top-level `key: value` lines. Not a YAML parser: rule files
// use a handful of flat keys, and a parser that cannot run code or expand aliases is all they need.

/**
 * Removes YAML frontmatter: when the first line is exactly `---`, everything up to and including the next line
 * that is exactly `---` (each line may end in "\r\n" or "\n"; the closing one may also end the text).
 * A leading BOM is tolerated before the opening `---` and kept. Text without a closing `---` line, or whose
 * first line is anything else (`--- `, `----`), is returned unchanged. The frontmatter is not parsed.
 */
export function stripFrontmatter(text: string): string {
  const bom = text.startsWith("\uFEFF") ? "\uFEFF" : "";
  // Lazily consumes whole lines, so the closing `---` can only match at the start of a line.
  const match = /^---\r?\n(?:[^\n]*\n)*?---\r?(?:\n|$)/.exec(text.slice(bom.length));
  return match ? bom + text.slice(bom.length + match[0].length) : text;
}

/**
 * Splits a rule into its frontmatter block and its body, with the same fence rules as {@link stripFrontmatter}
 * (first line exactly `---`, closed by the next line exactly `---`; a leading BOM is tolerated and kept in `body`).
 * @returns `frontmatter`: the lines between the fences, or null when there is no frontmatter; `body`: the rest.
 */
export function splitFrontmatter(text: string): { frontmatter: string | null; body: string } {
  const body = stripFrontmatter(text);
  if (body === text) return { frontmatter: null, body };
  const bom = text.startsWith("\uFEFF") ? 1 : 0;
  const block = text.slice(bom, text.length - body.length + bom);
  // Drop the opening fence line and the closing fence line.
  const inner = block.slice(block.indexOf("\n") + 1).replace(/(?:^|\n)---\r?\n?$/, "");
  return { frontmatter: inner, body };
}


/** One value in a front matter block, as written. */
export type RawValue =
  | { kind: "empty" }
  | { kind: "scalar"; text: string; quoted: boolean }
  | { kind: "list"; items: string[] };

/** The keys of a front matter block with their raw values and 1-based line numbers, and the lines not understood. */
export interface RawFrontmatter {
  keys: Map<string, { value: RawValue; line: number }>;
  /** "line N is not \"key: value\": …" messages, in line order. */
  problems: Array<{ line: number; text: string }>;
}

/**
 * Reads the top-level `key: value` lines of a front matter block: value is a plain scalar (a ` #` comment is
 * dropped), a "double-" or 'single-quoted' string, a flow list `[a, "b"]`, or nothing followed by block-list lines
 * `- item`. Blank lines and `#` comment lines are ignored; an indented line after a plain scalar continues it (joined
 * with a space). A later key replaces an earlier one of the same name. Linear in the block's length.
 */
export function parseFrontmatter(block: string): RawFrontmatter {
  const keys = new Map<string, { value: RawValue; line: number }>();
  const problems: { line: number; text: string }[] = [];
  const lines = block.split(/\r\n|\n|\r/);
  let listKey: string | null = null; // the key whose value is a block list being read
  let lastKey: string | null = null; // the key of the previous line, for indented continuation lines
  lines.forEach((line, index) => {
    const n = index + 1;
    if (line.trim() === "" || line.trimStart().startsWith("#")) return;
    const item = /^\s*-(?:\s+(.*)|\s*)$/.exec(line);
    if (item && listKey !== null) {
      const entry = keys.get(listKey)!;
      const v = parseScalar(item[1] ?? "");
      if (entry.value.kind !== "list") entry.value = { kind: "list", items: [] };
      entry.value.items.push(v.text);
      return;
    }
    const last = lastKey === null ? undefined : keys.get(lastKey);
    if (/^\s/.test(line) && last && last.value.kind === "scalar" && !last.value.quoted) {
      // An indented line continues a plain scalar, folded with one space.
      last.value.text = `${last.value.text} ${parseScalar(line).text}`.trim();
      return;
    }
    const kv = /^([A-Za-z_][\w-]*)\s*:(?:\s+(.*)|\s*)$/.exec(line);
    if (!kv) {
      problems.push({ line: n, text: `line ${n} is not "key: value": ${JSON.stringify(line)}` });
      listKey = lastKey = null;
      return;
    }
    const [, key, rest = ""] = kv;
    const value = parseValue(rest);
    keys.set(key, { value, line: n });
    listKey = value.kind === "empty" ? key : null;
    lastKey = key;
  });

  return { keys, problems };
}

/** A scalar or list value as one string (list items joined with ", "), trimmed; "" for an empty value. */
export function valueText(v: RawValue): string {
  return (v.kind === "list" ? v.items.join(", ") : v.kind === "empty" ? "" : v.text).trim();
}

/**
 * A value as a list of patterns: a list item by item, a string split on commas outside braces (`*.{ts,tsx}, src/**`
 * is two), each trimmed, empty ones dropped.
 */
export function valueList(v: RawValue): string[] {
  const items = v.kind === "list" ? v.items : v.kind === "empty" ? [] : splitCommas(v.text, false);
  return items.map((g) => g.trim()).filter((g) => g !== "");
}

/** An unquoted `true`/`false` (any case) as a boolean; undefined for anything else. */
export function valueBool(v: RawValue): boolean | undefined {
  if (v.kind === "scalar" && !v.quoted && /^(?:true|false)$/i.test(v.text)) return v.text.toLowerCase() === "true";
  return undefined;
}

function parseValue(rest: string): RawValue {
  const t = rest.trim();
  if (t === "" || t.startsWith("#")) return { kind: "empty" };
  if (t.startsWith("[")) {
    const close = t.lastIndexOf("]");
    if (close > 0) {
      const inner = t.slice(1, close);
      const items = inner.trim() === "" ? [] : splitCommas(inner, true).map((s) => parseScalar(s).text);
      return { kind: "list", items };
    }
  }
  const s = parseScalar(t);
  return { kind: "scalar", text: s.text, quoted: s.quoted };
}

// Splits on commas outside braces ("*.{ts,tsx}" is one glob) and, in a flow list, outside quotes.
export function splitCommas(inner: string, quotes: boolean): string[] {
  const out: string[] = [];
  let depth = 0;
  let quote: string | null = null;
  let from = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === quote) quote = null;
    } else if (quotes && (c === '"' || c === "'")) quote = c;
    else if (c === "{") depth++;
    else if (c === "}") depth = Math.max(0, depth - 1);
    else if (c === "," && depth === 0) {
      out.push(inner.slice(from, i));
      from = i + 1;
    }
  }
  out.push(inner.slice(from));
  return out;
}

function parseScalar(raw: string): { text: string; quoted: boolean } {
  const t = raw.trim();
  if (t.length >= 2 && t.startsWith('"')) {
    const end = closingQuote(t, '"');
    if (end > 0) {
      const body = t.slice(1, end);
      const text = body.replace(/\\(["\\/nt])/g, (_, c: string) => (c === "n" ? "\n" : c === "t" ? "\t" : c));
      return { text, quoted: true };
    }
  }
  if (t.length >= 2 && t.startsWith("'")) {
    const end = closingQuote(t, "'");
    if (end > 0) return { text: t.slice(1, end).replace(/''/g, "'"), quoted: true };
  }
  // A plain scalar: a comment starts at " #".
  return { text: t.replace(/\s+#.*$/, "").trim(), quoted: false };
}

function closingQuote(t: string, q: string): number {
  for (let i = 1; i < t.length; i++) {
    if (q === '"' && t[i] === "\\") {
      i++;
      continue;
    }
    if (t[i] !== q) continue;
    if (q === "'" && t[i + 1] === "'") {
      i++;
      continue;
    }
    return i;
  }
  return -1;
}


// What the page draws from an assembled prompt: the labelled sections with the cache boundary as a rule, the
// blocked files with their offending lines, the cuts, the notes, the budget chart and the cache-break explanation.
// Each function returns fresh DOM built from text nodes only.

import type { FileFinding } from "../prompt/assemble.js";
import type { CacheBreakExplanation } from "../providers/explain.js";
import type { Tier } from "../sections/types.js";
import { h, num, visible } from "./dom.js";
import { budgetTotals, type CutView, type LineView, type PromptView } from "./model.js";

const TIER_NAMES: Record<Tier, string> = {
  stable: "stable: the same for every session",
  context: "context: this workspace",
  volatile: "volatile: may change each session",
};

/** A section's source for its label: the last two path segments of its first source ("api/AGENTS.md"). */
function shortSource(sources: string[]): string | null {
  if (sources.length === 0) return null;
  const parts = sources[0]!.split("/").filter(Boolean);
  const tail = parts.slice(-2).join("/");
  return sources.length > 1 ? `${tail} + ${sources.length - 1} more` : tail;
}

/**
 * The prompt, section by section: a heading per section (id, tier, source file, chars in UTF-16 code units, tokens
 * when counted: one count per section, in order) over its exact text, and the cache boundary as a labelled rule
 * between the cached prefix and the rest. Blocked-file notices and truncation markers inside a section are
 * highlighted; the text itself is never altered, so the sections' text nodes hold the prompt's exact code units.
 */
export function renderPrompt(view: PromptView, prompt: string, tokens: readonly number[] | null): HTMLElement {
  const list = h("div", { class: "sections" });
  let boundaryShown = false;
  view.sections.forEach((s, i) => {
    if (view.boundary !== null && !boundaryShown && s.start > view.boundary.start) {
      list.append(renderBoundary(view.boundary.start, prompt.length));
      boundaryShown = true;
    }
    const headingId = `section-${i}`;
    const source = shortSource(s.sources);
    list.append(
      h("article", { class: `section tier-${s.tier}`, "aria-labelledby": headingId, "data-section": s.id, "data-tier": s.tier },
        h("h4", { id: headingId, class: "section-label" },
          h("span", { class: "section-id" }, s.id),
          h("span", { class: `tag tier-tag tier-${s.tier}` }, s.tier),
          source ? h("span", { class: "tag source", title: s.sources.join("\n") }, ...visible(source, "name")) : null,
          h("span", { class: "tag" }, `${num(s.text.length)} chars`),
          tokens ? h("span", { class: "tag" }, `${num(tokens[i]!)} tokens`) : null,
        ),
        // Scrollable when long, so it takes focus: keyboard users scroll it with the arrow keys.
        h("pre", { class: "section-text", "data-start": s.start, tabindex: 0, "aria-labelledby": headingId }, ...marked(s.text)),
      ),
    );
  });
  return list;
}

function renderBoundary(offset: number, total: number): HTMLElement {
  return h("div", { class: "boundary", role: "separator", "aria-label": `Cache boundary at offset ${num(offset)}` },
    h("span", {}, `Cache boundary: the ${num(offset)} chars above are the cached prefix; the ${num(total - offset)} below may change each session.`),
  );
}

// Notices and markers promptasm puts in place of a blocked file or the cut middle of a long one.
const MARKERS = /^\[promptasm (?:blocked|cut|withheld) [^\n]*\]$/gm;

function marked(text: string): Array<Node | string> {
  const out: Array<Node | string> = [];
  let last = 0;
  for (const m of text.matchAll(MARKERS)) {
    if (m.index > last) out.push(text.slice(last, m.index));
    out.push(h("mark", { class: m[0].startsWith("[promptasm cut") ? "marker cut" : "marker blocked" }, m[0]));
    last = m.index + m[0].length;
  }
  if (last < text.length) out.push(text.slice(last));
  return out;
}

/** One finding with the line of the file it is on (null when the line could not be found). */
export interface FindingView {
  finding: FileFinding;
  line: LineView | null;
}

/** Most findings listed per file; a file is blocked by its first one anyway. */
const FINDINGS_SHOWN = 20;

const ACTION_TEXT: Record<FileFinding["action"], string> = {
  blocked: "blocked: replaced by a notice, none of its text is in the prompt",
  warned: "loaded with a warning (you wrote it)",
  allowed: "loaded: reviewed and allowed by its SHA-256",
};

/**
 * The files with findings, one block each: label, what was done, rule ids, the SHA-256 to allow it after a review,
 * and each finding's line with the match highlighted. Empty list: a line saying no file was blocked.
 */
export function renderFindings(views: readonly FindingView[], blocked: ReadonlyArray<{ path: string; sha256: string }>): HTMLElement {
  if (views.length === 0) return h("p", { class: "ok" }, "No file was blocked: the scan found nothing in the files that loaded.");
  const groups = new Map<string, FindingView[]>();
  for (const v of views) {
    const key = `${v.finding.path}\u0000${v.finding.file}\u0000${v.finding.action}`;
    groups.set(key, [...(groups.get(key) ?? []), v]);
  }
  const out = h("div", { class: "findings" });
  for (const group of groups.values()) {
    const f0 = group[0]!.finding;
    const rules = [...new Set(group.map((v) => v.finding.rule))];
    const sha = f0.action === "blocked" ? blocked.find((b) => b.path === f0.path)?.sha256 : undefined;
    out.append(
      h("article", { class: `finding-file action-${f0.action}`, "data-file": f0.file },
        h("h4", {}, ...visible(f0.file, "name"), h("span", { class: `tag action ${f0.action}` }, f0.action)),
        h("p", {}, ACTION_TEXT[f0.action], ". Rules: ", ...rules.flatMap((r, i) => [i > 0 ? ", " : "", h("code", { class: "rule" }, r)])),
        f0.inName ? h("p", {}, "The match is in the file's name.") : null,
        h("ul", { class: "finding-list" }, ...group.slice(0, FINDINGS_SHOWN).map(renderFinding)),
        group.length > FINDINGS_SHOWN ? h("p", {}, `${num(group.length - FINDINGS_SHOWN)} more findings in this file are not listed.`) : null,
        sha ? h("p", { class: "sha" }, "SHA-256 (for an allow entry after a review): ", h("code", {}, sha)) : null,
      ),
    );
  }
  return out;
}

function renderFinding({ finding: f, line }: FindingView): HTMLElement {
  const what = f.codePoint !== undefined ? ` (U+${f.codePoint.toString(16).toUpperCase().padStart(4, "0")})` : "";
  const where = f.inName ? "In the name" : `Line ${num(f.line)}, column ${num(f.column)}`;
  return h("li", { class: "finding", "data-rule": f.rule, "data-line": f.line },
    h("p", {}, `${where}: `, h("code", { class: "rule" }, f.rule), ` (${f.category}${what}${f.hiddenIn ? ", hidden in Unicode tag characters" : ""})`),
    line
      ? h("pre", { class: "offending-line", "aria-label": `Line ${line.line} of ${f.file}, the match highlighted` },
          h("span", { class: "line-number", "aria-hidden": "true" }, `${line.line}`),
          line.clipped ? "…" : "", h("span", { class: "before" }, ...visible(line.before)), h("mark", { class: "match" }, ...visible(line.match)),
          h("span", { class: "after" }, ...visible(line.after)), line.clipped ? "…" : "")
      : h("pre", { class: "offending-line" }, ...visible(f.excerpt)),
  );
}

/** Most chars of a cut middle the page shows (a file near the 16 MiB read limit can lose megabytes). */
export const CUT_SHOWN = 100_000;

/** The cut files: what was kept and removed, and the removed text (up to CUT_SHOWN chars) in a disclosure. */
export function renderCuts(cuts: readonly CutView[]): HTMLElement {
  if (cuts.length === 0) return h("p", { class: "ok" }, "No file was cut: every file that loaded fits its budget.");
  return h("ul", { class: "cuts" }, ...cuts.map((c) => {
    const text = c.dropped
      ? `dropped: the total budget ran out before it (${num(c.originalChars)} chars).`
      : `${num(c.originalChars)} chars, over the cap: kept the first ${num(c.headChars)} and the last ${num(c.tailChars)}, cut ${num(c.cutChars)} from the middle (chars ${num(c.headChars)} to ${num(c.originalChars - c.tailChars)}).`;
    return h("li", { class: "cut", "data-file": c.file },
      h("p", {}, h("strong", {}, ...visible(c.file, "name")), ": ", text),
      c.cutText !== undefined && c.cutText !== ""
        ? h("details", {},
            h("summary", {}, `Show the ${num(c.cutChars)} chars that were cut`),
            c.cutText.length > CUT_SHOWN ? h("p", { class: "hint" }, `The first ${num(CUT_SHOWN)} of them:`) : null,
            h("pre", { class: "cut-text", tabindex: 0, "aria-label": `Text cut from ${c.file}` }, c.cutText.slice(0, CUT_SHOWN)))
        : null,
    );
  }));
}

/** The notes: files skipped (binary, too large, unreadable), invalid UTF-8, budget notes, page notes; one line each. */
export function renderNotes(notes: readonly string[]): HTMLElement {
  if (notes.length === 0) return h("p", { class: "ok" }, "Nothing was skipped.");
  return h("ul", { class: "notes" }, ...notes.map((n) => h("li", {}, ...visible(n, "name"))));
}

/**
 * The budget chart: a table with one row per section and per tier, chars (UTF-16 code units) and, when counted,
 * tokens in `encoding` (one count per section, in order), each with a bar scaled to the largest value in its column.
 * Bars are decoration (aria-hidden); the numbers are the data.
 */
export function renderBudget(sections: ReadonlyArray<{ id: string; tier: Tier; text: string }>, tokens: readonly number[] | null, encoding: string | null): HTMLElement {
  const totals = budgetTotals(sections, tokens ?? undefined);
  const maxChars = Math.max(1, ...sections.map((s) => s.text.length));
  const maxTokens = tokens ? Math.max(1, ...tokens) : 1;
  const bar = (value: number, max: number, tier: Tier) =>
    h("span", { class: `bar tier-${tier}`, style: `width: ${((100 * value) / max).toFixed(1)}%`, "aria-hidden": "true" });
  const cell = (value: number | undefined, max: number, tier: Tier) =>
    h("td", { class: "num" }, value === undefined ? "–" : num(value), value === undefined ? null : bar(value, max, tier));
  const tokenHead = tokens ? `Tokens (${encoding})` : "Tokens";
  return h("table", { class: "budget" },
    h("caption", {}, tokens ? `Chars and ${encoding} tokens per section and tier` : "Chars per section and tier (tokens: press Count tokens)"),
    h("colgroup", {}, h("col", { class: "name" }), h("col", { class: "tier" }), h("col", { class: "chars" }), h("col", { class: "tokens" })),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Section"), h("th", { scope: "col" }, "Tier"), h("th", { scope: "col", class: "num" }, "Chars"), h("th", { scope: "col", class: "num" }, tokenHead))),
    h("tbody", {}, ...sections.map((s, i) =>
      h("tr", { "data-section": s.id }, h("th", { scope: "row" }, s.id), h("td", {}, s.tier), cell(s.text.length, maxChars, s.tier), cell(tokens?.[i], maxTokens, s.tier)))),
    h("tbody", { class: "tiers" }, ...totals.tiers.map((t) =>
      h("tr", { "data-tier": t.tier },
        h("th", { scope: "row" }, `${t.tier} tier`), h("td", {}, `${t.sections} section${t.sections === 1 ? "" : "s"}`),
        cell(t.chars, Math.max(1, totals.chars), t.tier), cell(t.tokens, Math.max(1, totals.tokens ?? 1), t.tier)))),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), h("td", {}, "all tiers"),
      h("td", { class: "num" }, num(totals.chars)), h("td", { class: "num" }, totals.tokens === undefined ? "–" : num(totals.tokens)))),
  );
}

/** The tier legend under the chart. */
export function renderTierLegend(): HTMLElement {
  return h("ul", { class: "legend" }, ...(["stable", "context", "volatile"] as const).map((t) => h("li", {}, h("span", { class: `swatch tier-${t}`, "aria-hidden": "true" }), TIER_NAMES[t])));
}

/**
 * How the current build compares with the frozen prompt: whether a provider's cached prefix survives, the reason,
 * the first differing offset and the section it falls in, and how much of the prefix is shared.
 */
export function renderExplanation(e: CacheBreakExplanation): HTMLElement {
  const verdict = e.identical
    ? "The current build is byte for byte the frozen prompt."
    : e.survives
      ? "The cached prefix survives: only text below the cache boundary differs."
      : "The cached prefix breaks: a provider would miss its prefix cache on the next turn.";
  return h("div", { class: `explanation ${e.survives ? "survives" : "breaks"}`, "data-survives": String(e.survives), "data-reason": e.reasonClass },
    h("p", { class: "verdict" }, verdict),
    e.identical ? null : h("dl", {},
      h("dt", {}, "Why"), h("dd", { class: "reason" }, e.reason),
      h("dt", {}, "First difference"), h("dd", { class: "offset", "data-offset": e.offset ?? "" }, e.offset === null ? "none" : `offset ${num(e.offset)} (UTF-16 code units)`),
      h("dt", {}, "Section"), h("dd", { class: "section-id", "data-section": e.section?.id ?? "" }, e.section ? `${e.section.id}${e.section.tier === "boundary" ? "" : ` (tier ${e.section.tier})`}` : "unknown"),
      h("dt", {}, "Prefix shared"), h("dd", {}, `${num(e.sharedChars)} of ${num(e.prefixChars)} chars (about ${num(e.sharedTokens)} tokens)`),
    ),
  );
}

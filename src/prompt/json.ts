// The JSON form of an assembled prompt: what `promptasm assemble --json` prints and the Worker's /v1/assemble returns,
// so both stay the same shape.

import type { AssembledPrompt } from "./assemble.js";
import type { SectionTokenCounts } from "../tokens/tokens.js";

/** The `assemble --json` object. */
export function assembleJson(r: AssembledPrompt, tokens?: SectionTokenCounts): object {
  const tokensOf = (i: number) => (tokens ? { tokens: tokens.sections[i]!.tokens } : {});
  return {
    prompt: r.prompt,
    sections: r.sections.map(({ id, tier, source, sources, chars }, i) => ({ id, tier, source, sources, chars, ...tokensOf(i) })),
    tiers: (["stable", "context", "volatile"] as const).map((tier) => ({
      tier,
      chars: r.sections.filter((s) => s.tier === tier).reduce((n, s) => n + s.chars, 0),
      ...(tokens ? { tokens: tokens.tiers[tier] } : {}),
    })),
    ...(tokens ? { tokens: { encoding: tokens.encoding, total: tokens.total } } : {}),
    findings: r.findings.map((f) => ({
      file: f.file, path: f.path, rule: f.rule, category: f.category, action: f.action, offset: f.offset, line: f.line,
      column: f.column, ...(f.codePoint !== undefined ? { codePoint: f.codePoint } : {}), ...(f.hiddenIn ? { hiddenIn: f.hiddenIn } : {}),
      ...(f.spansFiles ? { spansFiles: f.spansFiles, spansPaths: f.spansPaths } : {}), excerpt: f.excerpt,
    })),
    truncations: r.truncations.map(({ file, path, originalChars, headChars, tailChars, dropped, markerOmitted }) => ({
      file, path, originalChars, headChars, tailChars, ...(dropped ? { dropped } : {}), ...(markerOmitted ? { markerOmitted } : {}),
    })),
    blocked: r.blocked,
    notes: r.notes,
    contextKind: r.contextKind,
    policy: r.policy,
    mode: r.mode,
    cap: r.cap,
    boundary: r.boundary,
    chars: r.chars,
    // OpenClaw parity (issue 17): missing bootstrap files, injection stats, the user-turn warning and bootstrap prefix.
    missing: r.missing,
    injection: r.injection,
    truncationWarning: r.truncationWarning,
    bootstrapPending: r.bootstrapPending,
    userPromptPrefix: r.userPromptPrefix,
  };
}

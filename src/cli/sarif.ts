// SARIF 2.1.0 output for `promptasm scan --format sarif`: a pure function from scan results to one SARIF log, for
// GitHub code scanning and other SARIF viewers. Deterministic: no timestamps, files sorted by URI, so the same tree
// gives the same bytes at any thread count.
//
// Locations. Artifact URIs are relative to %SRCROOT%, the directory promptasm ran in (given in originalUriBaseIds as
// a file: URI), which in CI is the checkout GitHub resolves them against; with `promptasm scan .` that is the root
// scanned. A file outside it gets an absolute file: URI and no base id. Columns count UTF-16 code units, SARIF's
// default unit, stated in run.columnKind. The engine reports where a match starts, not where it ends: the region
// runs from the start to the end of its line, at most 60 code units (one code unit for files streamed from disk;
// see FindingRegion in src/adapters/fleet/scan-job.ts).

import { createHash } from "node:crypto";
import { posix } from "node:path";
import { pathToFileURL } from "node:url";
import type { Log, ReportingDescriptor, Result, Notification } from "sarif";
import type { FindingRegion } from "../adapters/fleet/scan-job.js";
import { INVISIBLE_RULE_ID, QUOTING_POLICY, SCOPES, type Rule, type RuleCategory, type RuleScope } from "../scan/rules.js";
import type { Finding } from "../scan/scanner.js";
import { ruleLabel } from "./format.js";
import { redactSecrets } from "./redact.js";

/** The `$schema` of the log: the SARIF 2.1.0 schema as SchemaStore publishes it. */
export const SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json";

/** The uriBaseId relative artifact URIs use. */
export const SRCROOT = "%SRCROOT%";

/** Key of our fingerprint in `partialFingerprints` (versioned: a change of recipe changes the key). */
export const FINGERPRINT_KEY = "promptasm/v1";

/** Where an artifact is: `uri` relative to %SRCROOT% (percent-encoded) when `relative`, else an absolute file: URI. */
export interface ArtifactUri {
  uri: string;
  relative: boolean;
}

/** A scanned file with findings, for {@link formatSarif}. */
export interface SarifFile extends ArtifactUri {
  findings: readonly Finding[];
  /** One per finding, same order (see FindingRegion). */
  regions: readonly FindingRegion[];
}

/** Something about the run that is not a finding: an unreadable path (error), a skipped file (note). */
export interface SarifNotification {
  level: "error" | "warning" | "note";
  message: string;
  /** The path it is about, when there is one. */
  artifact?: ArtifactUri;
}

/** Everything {@link formatSarif} needs. */
export interface SarifInput {
  driver: { name: string; version: string; informationUri: string };
  /** The rules that ran (the scan's scope), in rule-set order; invisible-unicode is added after them. */
  rules: readonly Rule[];
  scope: RuleScope;
  /** file: URI of the directory relative URIs resolve against (the working directory), ending in "/". */
  srcRoot: string;
  /** Files with findings, in any order. */
  files: readonly SarifFile[];
  /** In the order they happened. */
  notifications: readonly SarifNotification[];
  /** False when any path could not be scanned (the CLI then exits 2). */
  executionSuccessful: boolean;
  /**
   * Ids of the built-in rules among `rules` (they get a `precision`); default: every rule. The CLI passes
   * BUILTIN_RULES' ids so a config file's rules, never measured, carry none.
   */
  builtinRuleIds?: readonly string[];
}

/**
 * The artifact URI of `path` as seen from `cwd` (both absolute POSIX paths): relative and percent-encoded segment
 * by segment when `path` is inside `cwd`, else an absolute file: URI.
 */
export function artifactUri(cwd: string, path: string): ArtifactUri {
  const rel = posix.relative(cwd, path);
  if (rel === "" || rel === ".." || rel.startsWith("../") || posix.isAbsolute(rel)) return { uri: pathToFileURL(path).href, relative: false };
  return { uri: rel.split("/").map(encodeURIComponent).join("/"), relative: true };
}

/** The file: URI of a directory, ending in "/" (for SarifInput.srcRoot). */
export function directoryUri(dir: string): string {
  const href = pathToFileURL(dir).href;
  return href.endsWith("/") ? href : `${href}/`;
}

/** "ignore-instructions" → "IgnoreInstructions" (SARIF's reportingDescriptor.name: an identifier-like name). */
function ruleName(id: string): string {
  return id.split(/[^a-z0-9]+/i).filter(Boolean).map((w) => w[0]!.toUpperCase() + w.slice(1)).join("");
}

/** The description without its trailing parenthetical examples, as one sentence. */
function shortText(description: string): string {
  const cut = description.replace(/\s*\([^()]*\)\.?$/, "");
  return cut.endsWith(".") ? cut : `${cut}.`;
}

/** What a SARIF rule descriptor is made from: a Rule's metadata, or the invisible-character pass's. */
type RuleMeta = Pick<Rule, "id" | "scope" | "description" | "severity"> & { category: RuleCategory | "invisible"; short?: string };

/** Metadata of the invisible-character pass, which is not a pattern rule. */
const INVISIBLE: RuleMeta = {
  id: INVISIBLE_RULE_ID,
  category: "invisible",
  scope: "all",
  short: "An invisible or bidirectional-control character.",
  description: "An invisible or bidirectional-control character (zero-width characters, bidi controls, tag characters, " +
    "fillers, control characters), which can hide text from a reviewer while a model still reads it.",
};

/**
 * GitHub code scanning's `security-severity` (a CVSS-like score as a string; 7.0-8.9 shows as "high", 4.0-6.9 as
 * "medium"): a high finding blocks a context file, a low one is a warning.
 */
export const SECURITY_SEVERITY = { high: "8.0", low: "5.0" } as const;

/** GitHub code scanning's `precision` of a rule: how often its alerts are true positives. */
export type RulePrecision = "very-high" | "high" | "medium" | "low";

/**
 * Built-in rules whose precision is below "high", measured with `npm run bench:quality -- --json` on the shared corpus
 * (1,046 benign context files from 56 repositories; issue 15, session of 2026-12-01), counting benign files each rule
 * blocked or warned at the scope it runs at:
 * - "low": 10 or more benign files blocked (edit-agent-config 13: agents told to update AGENTS.md; secret-literal 10:
 *   example keys in docs);
 * - "medium": 1 to 4 benign files blocked or warned (bypass-safety warned 4; invisible-unicode blocked 1, mojibake C1
 *   controls; ignore-instructions, persona-switch and prompt-extraction warned 1 each).
 * Every other built-in rule flagged no benign file: "high". "very-high" is not claimed: the corpus is too small to
 * tell it from "high". A config file's own rules were never measured and carry no precision.
 */
export const RULE_PRECISION: Readonly<Record<string, RulePrecision>> = {
  "edit-agent-config": "low",
  "secret-literal": "low",
  "bypass-safety": "medium",
  "invisible-unicode": "medium",
  "ignore-instructions": "medium",
  "persona-switch": "medium",
  "prompt-extraction": "medium",
};

/** The precision of a built-in rule (see RULE_PRECISION): "high" unless the table says otherwise. */
export function rulePrecision(id: string): RulePrecision {
  return RULE_PRECISION[id] ?? "high";
}

function descriptor(rule: RuleMeta, builtin: boolean): ReportingDescriptor {
  const scopes = SCOPES.slice(SCOPES.indexOf(rule.scope)).join(", ");
  const after = "promptasm blocks a context file with a high-severity finding instead of loading it; a low-severity " +
    "finding (the words in code, in quotes or described, with no action) is a warning and the file loads. An " +
    `instruction with an action is high even when quoted (${QUOTING_POLICY}). After review, allow the file by its SHA-256 ` +
    "in the allow list of a config file named with --config (the sha256 is printed by assemble, or by scan when an allow entry " +
    "no longer matches), or accept its findings in a --baseline file (scan --write-baseline).";
  const text = `${rule.description}\n\nCategory: ${rule.category}. Scope: ${rule.scope} (runs at --scope ${scopes}). ${after}`;
  const markdown = `${rule.description}\n\n**Category:** ${rule.category}. **Scope:** ${rule.scope} (runs at \`--scope ${scopes}\`). ${after}`;
  return {
    id: rule.id,
    name: ruleName(rule.id),
    shortDescription: { text: rule.short ?? shortText(rule.description) },
    fullDescription: { text: rule.description },
    help: { text, markdown },
    defaultConfiguration: { level: rule.severity === "low" ? "warning" : "error" },
    properties: {
      tags: ["security", "prompt-injection", rule.category, `scope:${rule.scope}`], category: rule.category, scope: rule.scope,
      "security-severity": SECURITY_SEVERITY[rule.severity ?? "high"],
      ...(builtin ? { precision: rulePrecision(rule.id) } : {}),
    },
  };
}

const location = (a: ArtifactUri) => ({ artifactLocation: a.relative ? { uri: a.uri, uriBaseId: SRCROOT } : { uri: a.uri } });

/**
 * A SARIF 2.1.0 log of one run: tool.driver with every rule that ran (id, name, short and full description, help,
 * tags with category and scope, default level "error"), one result per finding (ruleId, ruleIndex, level, message,
 * location with region and snippet, a partial fingerprint), and one invocation with executionSuccessful and the
 * notifications. The fingerprint is a SHA-256 of the rule id, the artifact URI, the excerpt and how many identical
 * (rule, excerpt) pairs come before it in the file: it survives edits that move the text to another line.
 * @returns the log as JSON text and a line feed.
 */
export function formatSarif(input: SarifInput): string {
  const rules: RuleMeta[] = [...input.rules, INVISIBLE];
  const index = new Map(rules.map((r, i) => [r.id, i]));
  const builtin = new Set(input.builtinRuleIds ?? rules.map((r) => r.id));
  const descriptors = rules.map((r) => descriptor(r, r.id === INVISIBLE_RULE_ID || builtin.has(r.id)));
  const results: Result[] = [];
  const files = [...input.files].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  for (const file of files) {
    const seen = new Map<string, number>();
    file.findings.forEach((f, k) => {
      const region = file.regions[k] ?? { length: 1, snippet: f.excerpt };
      const i = index.get(f.rule);
      // Secrets redacted whether or not the output is (--no-redact): a fingerprint never depends on a secret.
      const shownExcerpt = redactSecrets(f.excerpt, { secret: f.category === "secret" }).text;
      const key = `${f.rule}\u0000${shownExcerpt}`;
      const nth = seen.get(key) ?? 0;
      seen.set(key, nth + 1);
      const fingerprint = createHash("sha256").update([f.rule, file.uri, shownExcerpt, String(nth)].join("\u0000")).digest("hex").slice(0, 32);
      const hidden = f.hiddenIn === "tag-characters" ? " Found in text hidden in Unicode tag characters." : "";
      results.push({
        ruleId: f.rule,
        ...(i !== undefined ? { ruleIndex: i } : {}),
        level: f.severity === "low" ? "warning" : "error",
        message: { text: `${ruleLabel(f)}: ${i !== undefined ? descriptors[i]!.shortDescription!.text : "a finding."}${hidden}` },
        locations: [{
          physicalLocation: {
            ...location(file),
            region: {
              startLine: f.line, startColumn: f.column, endLine: f.line, endColumn: f.column + region.length,
              snippet: { text: region.snippet },
            },
          },
        }],
        partialFingerprints: { [FINGERPRINT_KEY]: fingerprint },
        properties: {
          category: f.category, scope: f.scope, severity: f.severity, "security-severity": SECURITY_SEVERITY[f.severity ?? "high"],
          offset: f.offset, ...(f.codePoint !== undefined ? { codePoint: f.codePoint } : {}),
        },
      });
    });
  }
  const notifications: Notification[] = input.notifications.map((n) => ({
    level: n.level,
    message: { text: n.message },
    ...(n.artifact !== undefined ? { locations: [{ physicalLocation: location(n.artifact) }] } : {}),
  }));
  const log: Log = {
    $schema: SARIF_SCHEMA,
    version: "2.1.0",
    runs: [{
      tool: { driver: { name: input.driver.name, version: input.driver.version, informationUri: input.driver.informationUri, rules: descriptors } },
      originalUriBaseIds: { [SRCROOT]: { uri: input.srcRoot } },
      columnKind: "utf16CodeUnits",
      invocations: [{ executionSuccessful: input.executionSuccessful, toolExecutionNotifications: notifications }],
      results,
      properties: { scope: input.scope },
    }],
  };
  return JSON.stringify(log, null, 2) + "\n";
}

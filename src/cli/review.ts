// What `scan` does with a file's findings before printing them, for CI: drop the findings of a reviewed file that an
// allow entry of the config covers, drop known findings listed in a --baseline, collect what --write-baseline writes,
// and redact secrets in excerpts and SARIF snippets. One ScanReview per run; review() is called once per scanned file,
// in output order, and is synchronous (the fleet's event handler is).

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { decodeFileBytes } from "../adapters/decode.js";
import type { FindingRegion } from "../adapters/fleet/scan-job.js";
import type { AllowEntry } from "../guard/types.js";
import type { Finding } from "../scan/scanner.js";
import { baselinePath, findingHash, type Baseline, type BaselineEntry } from "./baseline.js";
import { redactSecrets } from "./redact.js";

/** Options of a {@link ScanReview}. */
export interface ScanReviewOptions {
  /** The working directory (allow entries' `file` may be relative to it). */
  cwd: string;
  /** Allow entries of a trusted config (named with --config), and the directory of that config file. */
  allow: readonly AllowEntry[];
  allowDir: string | null;
  /** Known findings (--baseline), or null. */
  baseline: Baseline | null;
  /** Directory of the --write-baseline file (its entries' paths are relative to it), or null when not writing. */
  writeBaselineDir: string | null;
  /** Redact secrets in excerpts and snippets (default on; --no-redact turns it off). */
  redact: boolean;
  /**
   * The text of a file as `assemble` hashes it (UTF-8 decoded, U+FFFD for invalid bytes, a BOM kept); default: read
   * from disk. Called only for a file an allow entry names.
   */
  readText?: (path: string) => string;
}

/** What review() leaves to print for one file. */
export interface Reviewed {
  findings: Finding[];
  regions: FindingRegion[];
  /** Notes for stderr (and SARIF), without the "promptasm: note: " prefix. */
  notes: string[];
}

const readText = (path: string): string => {
  const r = decodeFileBytes(readFileSync(path), { binaryAsText: true });
  return r.kind === "text" ? r.text : "";
};

/**
 * The hex SHA-256 of a text's UTF-8 bytes: the value an allow entry's `sha256` holds (the same as util/hash.ts
 * sha256Hex, synchronously: node:crypto encodes a lone surrogate as U+FFFD as TextEncoder does).
 */
export function textSha256(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}

/** Allow entries name files with "/" separators; "./" in front is the same file. */
const normalizeLabel = (label: string) => label.replace(/^(?:\.\/)+/, "");

/** See the file comment. */
export class ScanReview {
  /** Findings dropped by allow entries, and in how many files. */
  allowed = 0;
  allowedFiles = 0;
  /** Secrets hidden in excerpts and snippets. */
  redacted = 0;
  /** What --write-baseline writes: every finding not covered by an allow entry, baselined ones included. */
  readonly toWrite: BaselineEntry[] = [];

  constructor(private readonly options: ScanReviewOptions) {}

  /**
   * Reviews one scanned file's findings.
   * @param path the file's absolute path (read again only when an allow entry names it, to hash it).
   * @param findings as scanned, with `regions` one per finding (same order).
   * @param label the name allow entries and baselines know it by when it is not a path on disk (`<stdin>`).
   * @param pairedWith for a phrase split across two files (scan-joins.ts): the second file's absolute path. Baselines
   *   know the pair as "<first> + <second>", each relative to the baseline's directory; no allow entry applies.
   * @returns the findings still to report (baselined and allowed ones removed), redacted unless redaction is off,
   *   their regions, and notes (an allow entry that names the file but does not match it).
   */
  review(path: string, findings: readonly Finding[], regions: readonly FindingRegion[], label?: string, pairedWith?: string): Reviewed {
    const notes: string[] = [];
    if (findings.length === 0) return { findings: [], regions: [], notes };
    const o = this.options;
    if (o.allow.length > 0 && pairedWith === undefined) {
      const names = new Set(label !== undefined ? [label] : [
        ...(o.allowDir !== null ? [baselinePath(o.allowDir, path)] : []), baselinePath(o.cwd, path),
      ]);
      const entries = o.allow.filter((a) => names.has(normalizeLabel(a.file)));
      if (entries.length > 0) {
        const sha = textSha256((o.readText ?? readText)(path));
        const rules = [...new Set(findings.map((f) => f.rule))];
        if (entries.some((a) => a.sha256.toLowerCase() === sha && rules.every((r) => a.rules.includes(r)))) {
          this.allowed += findings.length;
          this.allowedFiles++;
          return { findings: [], regions: [], notes };
        }
        notes.push(`${label ?? path}: allow entry for ${entries[0]!.file} does not match (the file changed: its sha256 is now ${sha}, or it has findings of rules the entry does not list: ${rules.join(", ")}); its findings are reported`);
      }
    }
    const keptFindings: Finding[] = [];
    const keptRegions: FindingRegion[] = [];
    const named = (dir: string) => (pairedWith !== undefined ? `${baselinePath(dir, path)} + ${baselinePath(dir, pairedWith)}` : label ?? baselinePath(dir, path));
    const baseFile = o.baseline !== null ? named(o.baseline.dir) : "";
    const writeFile = o.writeBaselineDir !== null ? named(o.writeBaselineDir) : "";
    findings.forEach((f, i) => {
      const region = regions[i] ?? { length: 1, snippet: f.excerpt };
      if (o.writeBaselineDir !== null) this.toWrite.push({ rule: f.rule, file: writeFile, hash: findingHash(f, region), line: f.line });
      if (o.baseline?.take(f, baseFile, region)) return;
      if (!o.redact) {
        keptFindings.push(f);
        keptRegions.push(region);
        return;
      }
      const secret = f.category === "secret";
      const excerpt = redactSecrets(f.excerpt, { secret });
      const snippet = redactSecrets(region.snippet, { secret });
      this.redacted += Math.max(excerpt.count, snippet.count);
      keptFindings.push(excerpt.count > 0 ? { ...f, excerpt: excerpt.text } : f);
      keptRegions.push(snippet.count > 0 ? { ...region, snippet: snippet.text } : region);
    });
    return { findings: keptFindings, regions: keptRegions, notes };
  }

  /**
   * The closing notes of a run (without the "promptasm: note: " prefix): findings allowed by the config, findings
   * baselined (always said when --baseline is given, 0 included) and baseline entries that matched nothing.
   */
  summaryNotes(configPath: string | null): string[] {
    const out: string[] = [];
    const s = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;
    if (this.allowed > 0) out.push(`${s(this.allowed, "finding")} in ${s(this.allowedFiles, "file")} allowed by the allow entries of ${configPath ?? "the config"}, not reported`);
    const b = this.options.baseline;
    if (b !== null) {
      const stale = b.unmatched;
      out.push(`${s(b.matched, "known finding")} baselined by ${b.source}, not reported` +
        (stale > 0 ? `; ${s(stale, "baseline entry", "baseline entries")} matched nothing (fixed, or the text changed)` : ""));
    }
    return out;
  }
}

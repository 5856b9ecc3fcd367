// The scanner: threat rules (a lazy DFA in the WASM core) plus invisible-character detection, turned into findings
// with rule ids, line and column. Text hidden in Unicode tag characters is decoded and scanned as well.

import type { PrecompiledRules } from "../core/rule-tables.js";
import { MAX_SCAN_BYTES, type Core, type InvisibleChar, type ScanLimit, type TextChunk } from "../core/wasm.js";
import { PromptasmError } from "../errors.js";
import { INVISIBLE_ASTRAL_SOURCE, INVISIBLE_BMP_CLASS } from "../util/invisible-set.js";
import { firstInvalidUtf8, wellFormed } from "../util/utf8.js";
import { CompiledRuleGroups, compileRules, RULE_COMPILER_VERSION, ruleSetFromTables, ruleTablesKey, type CompiledRuleSet } from "./compile.js";
import { encodedFlags, mentionsCipher, mentionsCipherBytes, scanHidden, tagLayer, type Encoding } from "./decoders.js";
import { fenceRanges, grade } from "./grade.js";
import { BUILTIN_RULES, BUILTIN_RULES_DIGEST, INVISIBLE_RULE_ID, SCOPES, rulesForScope, type Rule, type RuleCategory, type RuleScope, type Severity } from "./rules.js";

/** One thing the scanner found. Offsets and columns count UTF-16 code units. */
export interface Finding {
  /** Rule id, e.g. "ignore-instructions", or "invisible-unicode". */
  rule: string;
  category: RuleCategory | "invisible";
  /** The rule's scope ("all" for invisible characters). */
  scope: RuleScope;
  /** Where the match starts (UTF-16 code units from the start of the scanned text). */
  offset: number;
  /** 1-based line; LF, CRLF and lone CR each end a line. */
  line: number;
  /** 1-based column in UTF-16 code units. */
  column: number;
  /**
   * "high": the file is blocked; "low": reported, the file loads (a setting can make warnings block). From the
   * rule's base severity and the text around the match (grade.ts).
   */
  severity: Severity;
  /** Language of the rule's words (BCP 47), when not English. */
  language?: string;
  /** For invisible-unicode findings: the code point, e.g. 0x200B. */
  codePoint?: number;
  /**
   * Set when the match was in decoded text (decoders.ts): the encoding that hid it — "html-entities",
   * "percent-encoding", "hex" (hex runs and \x escapes), "unicode-escapes" (\u0069, \u{69}, \U00000069), "base64",
   * "tag-characters" (the outermost, when a decoded text held another encoding), or "rot13" / "reversed" (the whole
   * text read as the cipher it names: decoders.ts cipherLayers()). `offset` is then the start of the encoded span in
   * the scanned text (the escape, the run's first character, the first tag character; for "reversed", the match's
   * last code point) and `excerpt` shows the decoded text.
   */
  hiddenIn?: Encoding;
  /** Up to 60 code units of the text from `offset`, control and invisible characters shown as \u escapes. */
  excerpt: string;
}

/** Longest excerpt kept with a finding, in UTF-16 code units. */
export const EXCERPT_CHARS = 60;

/**
 * Most findings one scan reports per rule (the earliest in the text); the rest are counted in `suppressed`. A file
 * of "<!-- " repeated ten million times with a keyword at the end has ten million match starts: listing them all
 * would take gigabytes, and one is enough to block the file.
 */
export const MAX_FINDINGS_PER_RULE = 1000;

/** What scanDetailed returns. */
export interface ScanResult {
  findings: Finding[];
  /** Rules with more than MAX_FINDINGS_PER_RULE matches, and how many were left out. */
  suppressed: Array<{ rule: string; count: number }>;
  /**
   * Set by scanBytes() when the bytes are not valid UTF-8: the byte offset of the first ill-formed sequence (its lead
   * byte; the text has U+FFFD there), as firstInvalidUtf8() gives it.
   */
  invalidUtf8At?: number;
}

/** How bytes become text for the string path: WHATWG UTF-8, U+FFFD for ill-formed sequences, a BOM kept. */
const utf8 = new TextDecoder("utf-8", { ignoreBOM: true });

/** A finding before its line, column and excerpt (and, in scanDetailed, before grading sets its severity). */
export type Hit = Omit<Finding, "line" | "column" | "excerpt" | "severity"> & { excerpt?: string; severity?: Severity };

/** Options of the Scanner constructor. */
export interface ScannerOptions {
  /**
   * Rule groups compiled at build time (src/core/rule-tables.ts; the Node loader reads the package's build/rules.bin).
   * A group whose key (ruleTablesKey() of its patterns) the file holds is loaded from it instead of compiled; any
   * other group, or one whose tables fail their checks, is compiled as without this option. Findings are the same.
   */
  precompiled?: PrecompiledRules | null;
}

/**
 * A rule set bound to a core. Rules compile per scope on first use (tens of milliseconds to seconds for the built-in
 * set), or load from precompiled tables when given (ScannerOptions.precompiled); DFA states are built while scanning
 * and cached.
 */
export class Scanner {
  readonly rules: readonly Rule[];
  private readonly compiled = new Map<RuleScope, { rules: Rule[]; set: CompiledRuleGroups }>();

  /**
   * @param rules the rule set (default BUILTIN_RULES); extend it with `[...BUILTIN_RULES, ...mine]`.
   * @param options.precompiled rule groups compiled at build time (ScannerOptions); groups it lacks are compiled.
   * @throws PromptasmError E_RULES when two rules share an id, a rule's scope is unknown, or a pattern does not
   *   compile (checked here, for every scope, so a bad rule fails early; BUILTIN_RULES itself compiles lazily).
   */
  constructor(private readonly core: Core, rules: readonly Rule[] = BUILTIN_RULES, options: ScannerOptions = {}) {
    this.precompiled = options?.precompiled ?? undefined;
    const ids = new Set<string>();
    for (const r of rules) {
      if (typeof r.id !== "string" || !/^[a-z0-9][a-z0-9._-]*$/i.test(r.id)) throw new PromptasmError("E_RULES", `rule id ${JSON.stringify(r.id)} must be letters, digits, ".", "_" or "-"`);
      if (ids.has(r.id) || r.id === INVISIBLE_RULE_ID) throw new PromptasmError("E_RULES", `rule id ${JSON.stringify(r.id)} is used twice (or is reserved)`);
      if (!SCOPES.includes(r.scope)) throw new PromptasmError("E_RULES", `rule ${r.id}: scope must be one of ${SCOPES.join(", ")}, got ${JSON.stringify(r.scope)}`);
      if (!isBuiltinRule(r) && typeof r.pattern !== "string") throw new PromptasmError("E_RULES", `rule ${r.id}: pattern must be a string`);
      ids.add(r.id);
    }
    this.rules = rules;
    // A rule set of the caller's is compiled now, so a bad pattern fails here; the built-in one is known to compile
    // (the tests compile it at every scope) and compiles per scope on first use.
    if (rules !== BUILTIN_RULES) this.compiledFor("strict");
  }

  /**
   * The compiled rule set for a scope (rules of that scope and the scopes below it, in rule-set order), as rule groups
   * walked one after another (CompiledRuleGroups, see groupName and groupKey): the strict scope runs the context scope's automaton
   * and one of the strict-only rules. Each group compiles once on first use and is shared by every scope that runs
   * it, so it is parsed once and its DFA states are built once.
   * @throws PromptasmError E_RULES naming the rule whose pattern does not compile.
   */
  compiledFor(scope: RuleScope): { rules: Rule[]; set: CompiledRuleGroups } {
    let c = this.compiled.get(scope);
    if (!c) {
      const rules = rulesForScope(this.rules, scope);
      const members = new Map<string, number[]>();
      rules.forEach((r, k) => {
        const key = groupName(r, scope);
        const list = members.get(key);
        if (list) list.push(k);
        else members.set(key, [k]);
      });
      const keys = [...members.keys()];
      c = { rules, set: new CompiledRuleGroups(keys.map((key) => this.group(key, members.get(key)!.map((k) => rules[k]!))), keys.map((key) => members.get(key)!)) };
      this.compiled.set(scope, c);
    }
    return c;
  }

  // One group's compiled rules (its rules are the same at every scope that runs it: a group holds one scope).
  private group(key: string, rules: Rule[]): CompiledRuleSet {
    let set = this.groups.get(key);
    if (!set) {
      set = this.fromBuiltinTables(rules);
      const specs = () => rules.map((r) => ({ source: r.pattern, caseSensitive: r.caseSensitive === true }));
      set ??= this.fromTables(specs());
      if (!set) try {
        set = compileRules(specs());
      } catch (e) {
        if (e instanceof PromptasmError) {
          const bad = rules.find((r) => e.message.includes(JSON.stringify(r.pattern)));
          throw new PromptasmError(e.code, bad ? `rule ${bad.id}: ${e.message}` : e.message, { cause: e });
        }
        throw e;
      }
      this.groups.set(key, set);
    }
    return set;
  }
  private readonly groups = new Map<string, CompiledRuleSet>();
  private readonly precompiled: PrecompiledRules | undefined;

  // A group of built-in rules from the precompiled tables by its name (builtinGroupName()), without reading a pattern;
  // undefined for any other group, or when the file is of another build of the rules.
  private fromBuiltinTables(rules: readonly Rule[]): CompiledRuleSet | undefined {
    const name = this.precompiled?.file.keyOfBuiltin ? builtinGroupName(rules) : undefined;
    if (name === undefined) return undefined;
    try {
      const key = this.precompiled!.file.keyOfBuiltin!(name);
      const tables = key === undefined ? undefined : this.precompiled!.file.get(key);
      return tables && tables.nRules === rules.length ? ruleSetFromTables(tables) : undefined;
    } catch {
      return undefined;
    }
  }

  // The group's precompiled tables, when the file holds its key and they pass their checks; otherwise undefined (the
  // caller compiles): a damaged or stale file costs a fallback, never a failed scan.
  private fromTables(specs: Array<{ source: string; caseSensitive: boolean }>): CompiledRuleSet | undefined {
    if (!this.precompiled) return undefined;
    try {
      const tables = this.precompiled.file.get(ruleTablesKey(specs, this.precompiled.digest));
      return tables && tables.nRules === specs.length ? ruleSetFromTables(tables) : undefined;
    } catch {
      return undefined;
    }
  }

  /**
   * This scanner with a work budget shared by every scan made through it (all passes of all calls): each pass may build
   * at most the budget's remaining transitions, and is charged what it built. The view shares this scanner's compiled
   * rules and DFA states (it is an object whose prototype is this scanner), so states it builds serve every later scan;
   * make one per unit of work to bound, e.g. an HTTP request (the Worker's WORK_BUDGET). Passes run synchronously, so
   * views used by interleaved async requests charge only their own work.
   * @throws PromptasmError E_ARG when `budget` is not a WorkBudget. Scans through the view throw E_WORK_BUDGET once
   *   a pass would build past the budget (what was built stays cached and is charged).
   */
  withBudget(budget: WorkBudget): Scanner {
    if (!(budget instanceof WorkBudget)) throw new PromptasmError("E_ARG", "withBudget needs a WorkBudget");
    const view = Object.create(this) as Scanner;
    Object.defineProperty(view, "budget", { value: budget });
    return view;
  }
  /** The work budget of a withBudget() view; undefined on the scanner itself. */
  readonly budget: WorkBudget | undefined;

  // Runs one pass over a text with the pass's transition cap: the caller's per-pass maxNewTransitions, lowered to what
  // the view's WorkBudget has left; the budget is charged the transitions the pass built (the change of the groups'
  // counter: a pass is synchronous, so nothing else builds meanwhile), also when it throws.
  private metered<T>(set: CompiledRuleGroups, options: ScanOptions, pass: (cap: { maxNewTransitions?: number }) => T): T {
    const budget = this.budget;
    if (budget === undefined) return pass(budgetOf(options));
    const own = options.maxNewTransitions;
    const left = budget.remaining;
    const ownCaps = own !== undefined && own < left;
    const before = set.transitionsBuilt;
    try {
      return pass({ maxNewTransitions: ownCaps ? own : left });
    } catch (e) {
      if (ownCaps || !(e instanceof PromptasmError) || e.code !== "E_WORK_BUDGET") throw e;
      throw new PromptasmError("E_WORK_BUDGET", `${budget.label} of ${budget.limit} new DFA transitions is used up; those built are kept, so a retry gets further`, { cause: e });
    } finally {
      budget.used += set.transitionsBuilt - before;
    }
  }

  /**
   * The passes of scanDetailed() for a text that is read in pieces and never held whole (a file of any size:
   * src/adapters/node-scan-file.ts), with scanDetailed's limits and suppressed counts. What the streamed form cannot
   * do, having no text around a match: grading (a hit's severity is its rule's base severity, "high" in hidden text)
   * and decoding encoded runs or the ciphers a text names (only text hidden in tag characters is scanned). Through a withBudget() view, each pass
   * is charged to its budget as scanDetailed's are.
   * @param options.scope which rules run (default "context"); options.maxNewTransitions as scanDetailed's, per pass.
   * @throws PromptasmError E_ARG when the scope is unknown; E_RULES when a pattern does not compile.
   */
  streamPasses(options?: ScanOptions | null): StreamPasses {
    const opts = options ?? {};
    const scope = opts.scope ?? "context";
    if (!SCOPES.includes(scope)) throw new PromptasmError("E_ARG", `scope must be one of ${SCOPES.join(", ")}, got ${JSON.stringify(scope)}`);
    const { rules, set } = this.compiledFor(scope);
    const invisible: InvisibleChar[] = [];
    let invisibleTotal = 0;
    let threats: { raw: Int32Array; limit: ScanLimit } | undefined;
    let hidden: { raw: Int32Array; limit: ScanLimit } | undefined;
    const pass = (pieces: Iterable<TextChunk>, length: number) => {
      const limit: ScanLimit = { maxPerRule: MAX_FINDINGS_PER_RULE };
      const raw = this.metered(set, opts, (cap) => this.core.scanChunks(set, pieces, length, Object.assign(limit, cap)));
      return { raw, limit };
    };
    const core = this.core;
    return {
      rules,
      invisible(text, offset, before, after) {
        const lim = { max: Math.max(0, MAX_FINDINGS_PER_RULE - invisible.length), total: 0 };
        for (const f of core.findInvisibleChunk(text, offset, before, after, lim)) invisible.push(f);
        invisibleTotal += lim.total;
      },
      threats(pieces, length) {
        threats = pass(pieces, length);
      },
      hidden(pieces, length) {
        hidden = pass(pieces, length);
      },
      result() {
        const suppressed = new Map<string, number>();
        const count = (rule: string, n: number) => { if (n > 0) suppressed.set(rule, (suppressed.get(rule) ?? 0) + n); };
        const language = (rule: Rule) => (rule.language !== undefined && rule.language !== "en" ? { language: rule.language } : {});
        const out: StreamHits = { threats: [], hidden: [], invisible: [], suppressed: [] };
        if (threats) {
          const { limit } = threats;
          const raw = firstOfRuns(threats.raw);
          limit.suppressed!.forEach((n, r) => count(rules[r]!.id, n));
          for (let k = 0; k < raw.length; k += 2) {
            const rule = rules[raw[k]!]!;
            out.threats.push({ rule: rule.id, category: rule.category, scope: rule.scope, severity: rule.severity ?? "high", offset: raw[k + 1]!, ...language(rule) });
          }
        }
        if (hidden) {
          const { raw, limit } = hidden;
          limit.suppressed!.forEach((n, r) => count(rules[r]!.id, n));
          for (let k = 0; k < raw.length; k += 2) {
            const rule = rules[raw[k]!]!;
            // the excerpt key is made now so the finding's keys come in the same order as the other hits'
            const hit: Hit = { rule: rule.id, category: rule.category, scope: rule.scope, severity: "high", ...language(rule), offset: -1, hiddenIn: "tag-characters", excerpt: "" };
            out.hidden.push({ hit, at: raw[k + 1]! });
          }
        }
        for (const f of invisible) {
          out.invisible.push({ rule: INVISIBLE_RULE_ID, category: "invisible", scope: "all", severity: "high", offset: f.offset, codePoint: f.codePoint });
        }
        count(INVISIBLE_RULE_ID, invisibleTotal - invisible.length);
        out.suppressed = [...suppressed].map(([rule, n]) => ({ rule, count: n }));
        return out;
      },
    };
  }

  /** How each compiled group was made so far ("compiled" or "precompiled"), by group key (groupKey()). */
  groupOrigins(): Record<string, "compiled" | "precompiled"> {
    return Object.fromEntries([...this.groups].map(([k, g]) => [k, g.origin]));
  }

  /**
   * Scans a text for threats and invisible characters, and text hidden in tag characters for threats.
   * @param options.scope which rules run (default "context"; scopes nest: all ⊂ context ⊂ strict).
   * @returns findings sorted by offset, then rule order (threat rules in rule-set order, invisible-unicode last).
   */
  scan(text: string, options?: ScanOptions | null): Finding[] {
    return this.scanDetailed(text, options).findings;
  }

  /**
   * Scans UTF-8 bytes (a file as read from disk) without making a JS string when they are clean: the core decodes
   * them (WHATWG UTF-8, as TextDecoder with the BOM kept) and runs the invisible pass and the threat rules in place.
   * Only when something is found are the bytes decoded in JS, to give the findings lines, columns and excerpts (and
   * to scan text hidden in tag characters): the result always equals
   * scanDetailed(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes), options), plus `invalidUtf8At` when
   * the bytes are not valid UTF-8.
   * Inputs over BYTES_BLOCK (1 MiB) go through the core a block at a time (Core.scanBytes), so a clean file of any
   * size up to MAX_SCAN_BYTES never becomes a string; larger ones are decoded in JS and scanned as a string.
   * @throws PromptasmError E_ARG when `bytes` is not a Uint8Array or the scope is unknown.
   */
  scanBytes(bytes: Uint8Array, options?: ScanOptions | null): ScanResult {
    if (!(bytes instanceof Uint8Array)) {
      const kind = bytes === null ? "null" : typeof bytes !== "object" ? typeof bytes : ((bytes as object).constructor?.name ?? "object");
      throw new PromptasmError("E_ARG", `bytes to scan must be a Uint8Array (or a Buffer), got ${kind}`);
    }
    options ??= {};
    const scope = options.scope ?? "context";
    if (!SCOPES.includes(scope)) throw new PromptasmError("E_ARG", `scope must be one of ${SCOPES.join(", ")}, got ${JSON.stringify(scope)}`);
    let invalidUtf8At: number;
    if (bytes.length <= MAX_SCAN_BYTES) {
      const { set } = this.compiledFor(scope);
      // One match, one invisible character or one encoded-text candidate (decoders.ts) is enough to know the string
      // path is needed.
      const r = this.metered(set, options, (cap) => this.core.scanBytes(set, bytes, { limit: { maxPerRule: 1, ...cap }, invisibleMax: 0, encoded: true }));
      invalidUtf8At = r.invalidUtf8At;
      // A text that names a cipher (decoders.ts cipherLayers()) is read again as that cipher, so it takes the string path.
      if (r.matches.length === 0 && r.invisibleTotal === 0 && r.encoded === 0 && !mentionsCipherBytes(bytes)) {
        return { findings: [], suppressed: [], ...(invalidUtf8At >= 0 ? { invalidUtf8At } : {}) };
      }
    } else invalidUtf8At = firstInvalidUtf8(bytes);
    const result = this.scanDetailed(utf8.decode(bytes), options);
    return invalidUtf8At >= 0 ? { ...result, invalidUtf8At } : result;
  }

  /**
   * As scan(), also saying which rules had findings left out (more than MAX_FINDINGS_PER_RULE each).
   * @throws PromptasmError E_ARG when `text` is not a string or the scope is unknown.
   */
  scanDetailed(text: string, options?: ScanOptions | null): ScanResult {
    if (typeof text !== "string") throw new PromptasmError("E_ARG", `text to scan must be a string, got ${text === null ? "null" : typeof text}`);
    // A lone surrogate reads as U+FFFD, as it does once the text is written out as UTF-8 (and as the CLI reads files):
    // "ig\uD800nore" is read through like "ig\uFFFDnore", not as two words. Same length, so offsets hold.
    text = wellFormed(text);
    options ??= {};
    const scope = options.scope ?? "context";
    if (!SCOPES.includes(scope)) throw new PromptasmError("E_ARG", `scope must be one of ${SCOPES.join(", ")}, got ${JSON.stringify(scope)}`);
    const { rules, set } = this.compiledFor(scope);
    const hits: Hit[] = [];
    const suppressed = new Map<string, number>();
    const count = (rule: string, n: number) => { if (n > 0) suppressed.set(rule, (suppressed.get(rule) ?? 0) + n); };
    const opts = options;
    const limit: ScanLimit = { maxPerRule: MAX_FINDINGS_PER_RULE, encoded: 0 };
    const raw = firstOfRuns(this.metered(set, opts, (cap) => this.core.scanRaw(set, text, Object.assign(limit, cap))));
    limit.suppressed!.forEach((n, r) => count(rules[r]!.id, n));
    for (let k = 0; k < raw.length; k += 2) {
      const rule = rules[raw[k]!]!;
      hits.push({ rule: rule.id, category: rule.category, scope: rule.scope, offset: raw[k + 1]! });
    }
    const hidden = decodeTagText(text);
    let tagFlags = 0;
    if (hidden) {
      const limit2: ScanLimit = { maxPerRule: MAX_FINDINGS_PER_RULE, encoded: 0 };
      const raw2 = this.metered(set, opts, (cap) => this.core.scanRaw(set, hidden.text, Object.assign(limit2, cap)));
      limit2.suppressed!.forEach((n, r) => count(rules[r]!.id, n));
      tagFlags = limit2.encoded ?? encodedFlags(hidden.text);
      for (let k = 0; k < raw2.length; k += 2) {
        const rule = rules[raw2[k]!]!;
        const at = raw2[k + 1]!;
        const offset = hidden.origin[Math.min(at, hidden.origin.length - 1)]!;
        hits.push({ rule: rule.id, category: rule.category, scope: rule.scope, offset, hiddenIn: "tag-characters", excerpt: excerpt(hidden.text, at) });
      }
    }
    // Text hidden in an encoding (decoders.ts): only for the decoders the core's encoded-text flags call for, so a
    // text with none costs nothing more. A match already found in the plain text (same rule, same offset) is not
    // repeated.
    const flags = limit.encoded ?? encodedFlags(text);
    if (flags !== 0 || tagFlags !== 0 || mentionsCipher(text)) {
      const index = new Map(rules.map((r, i) => [r.id, i]));
      const seen = new Set(hits.map((h) => `${index.get(h.rule)}@${h.offset}`)); // plain and tag-character matches
      const scanLayer = (t: string) => {
        const lim: ScanLimit = { maxPerRule: MAX_FINDINGS_PER_RULE, encoded: 0 };
        // A decoded layer repeats most of the plain text's matches (entities decode in place), so its left-out matches
        // are not counted in `suppressed`, which counts the plain text's and the tag characters'.
        const r = this.metered(set, opts, (cap) => this.core.scanRaw(set, t, Object.assign(lim, cap)));
        return { raw: r, flags: lim.encoded ?? encodedFlags(t) };
      };
      for (const m of scanHidden(text, flags, scanLayer, seen, hidden ? [{ layer: tagLayer(hidden), flags: tagFlags }] : [])) {
        const rule = rules[m.rule]!;
        hits.push({ rule: rule.id, category: rule.category, scope: rule.scope, offset: m.offset, hiddenIn: m.encoding, excerpt: excerpt(m.source.text, m.source.at) });
      }
    }
    const invLimit = { max: MAX_FINDINGS_PER_RULE, total: 0 };
    const invisible = this.core.findInvisible(text, invLimit);
    count(INVISIBLE_RULE_ID, invLimit.total - invisible.length);
    for (const inv of invisible) {
      hits.push({ rule: INVISIBLE_RULE_ID, category: "invisible", scope: "all", severity: "high", offset: inv.offset, codePoint: inv.codePoint });
    }
    sortHits(rules, hits, (h) => h);
    let fences: Array<[number, number]> | undefined;
    const byId = new Map(rules.map((r) => [r.id, r]));
    for (const h of hits) {
      const rule = byId.get(h.rule);
      if (!rule) { h.severity ??= "high"; continue; }
      fences ??= fenceRanges(text);
      h.severity = grade(text, rule, h.offset, fences, h.hiddenIn !== undefined);
      if (rule.language !== undefined && rule.language !== "en") h.language = rule.language;
    }
    return { findings: locate(text, hits), suppressed: [...suppressed].map(([rule, n]) => ({ rule, count: n })) };
  }
}

/**
 * The streamed passes of one scan (Scanner.streamPasses()): the caller reads the text in pieces and hands them over;
 * each pass keeps the earliest MAX_FINDINGS_PER_RULE findings per rule and counts the rest, as scanDetailed() does.
 */
export interface StreamPasses {
  /** The rules of the scan's scope, in rule-set order (what sortHits() ranks by). */
  readonly rules: readonly Rule[];
  /**
   * The invisible characters of one piece, pieces in text order (Core.findInvisibleChunk's arguments: offset in UTF-16
   * code units, INVISIBLE_CONTEXT code units of context each side); keeps the earliest MAX_FINDINGS_PER_RULE overall.
   */
  invisible(text: string, offset: number, before: string, after: string): void;
  /**
   * The threat scan of the whole text, its pieces last first (Core.scanChunks's arguments; `length` in UTF-16 code
   * units). The iterable is read synchronously.
   */
  threats(pieces: Iterable<TextChunk>, length: number): void;
  /** The threat scan of the text hidden in tag characters (as decodeTagText() builds it), pieces last first. */
  hidden(pieces: Iterable<TextChunk>, length: number): void;
  /** What the passes found so far (see StreamHits). */
  result(): StreamHits;
}

/** What StreamPasses.result() returns: hits without line, column or excerpt, which the caller adds. */
export interface StreamHits {
  /** Threat matches in the text, by offset (rule order within an offset). */
  threats: Hit[];
  /**
   * Threat matches in the hidden text: `at` is the match's offset in the hidden text; the caller sets `hit.offset`
   * (the tag character it starts at, -1 until then) and `hit.excerpt` (from the hidden text).
   */
  hidden: Array<{ hit: Hit; at: number }>;
  /** Invisible characters, by offset. */
  invisible: Hit[];
  /** As ScanResult.suppressed: threats, then hidden-text threats, then invisible-unicode. */
  suppressed: Array<{ rule: string; count: number }>;
}

/**
 * Sorts hits in place into the findings' order: by offset, then rule order (threat rules in rule-set order, a match
 * in hidden text just after the plain one of the same rule, invisible-unicode last). The sort is stable.
 * @param rules the scan's rules in rule-set order; hitOf: the hit of an item.
 * @returns `items`, sorted.
 */
export function sortHits<T>(rules: readonly Rule[], items: T[], hitOf: (item: T) => Hit): T[] {
  const order = new Map(rules.map((r, i) => [r.id, i]));
  const rank = (h: Hit) => (h.rule === INVISIBLE_RULE_ID ? rules.length + 1 : (order.get(h.rule) ?? rules.length) + (h.hiddenIn ? 0.5 : 0));
  return items.sort((a, b) => hitOf(a).offset - hitOf(b).offset || rank(hitOf(a)) - rank(hitOf(b)));
}

/**
 * The matches of a scan (flat [ruleIndex, offset] pairs, sorted by offset) less every match that starts one code
 * unit after a match of the same rule: a run of consecutive starts ("###" before a heading's text, "!!" before a
 * phrase) is one finding, at the run's start.
 */
export function firstOfRuns(raw: ArrayLike<number>): ArrayLike<number> {
  const last = new Map<number, number>();
  const out: number[] = [];
  let dropped = false;
  for (let k = 0; k < raw.length; k += 2) {
    const rule = raw[k]!, at = raw[k + 1]!;
    const prev = last.get(rule);
    last.set(rule, at);
    if (prev === at - 1) { dropped = true; continue; }
    out.push(rule, at);
  }
  return dropped ? out : raw;
}

/** Options of Scanner.scan(), scanDetailed() and scanBytes(). */
export interface ScanOptions {
  /** Which rules run (default "context"; scopes nest: all ⊂ context ⊂ strict). */
  scope?: RuleScope;
  /**
   * A work budget (core ScanLimit.maxNewTransitions): the most new DFA transitions each of the scan's passes over a
   * text (the text, text hidden in tag characters, each decoded layer) may build. Past it the scan throws
   * PromptasmError E_WORK_BUDGET; what was built stays cached, so a retry gets further. For hosts that cap CPU per
   * request. Default: no limit. For a total over several scans, see WorkBudget and Scanner.withBudget().
   */
  maxNewTransitions?: number;
}

/**
 * A work budget for several scans together: the most new DFA transitions (the unit of ScanLimit.maxNewTransitions: one
 * subset-construction step each, built in TypeScript; a warm rule set builds none) that all passes of all scans made
 * through Scanner.withBudget(budget) may build in total. Past it a scan throws PromptasmError E_WORK_BUDGET whose
 * message starts with `label`. The Worker makes one per request (src/adapters/workerd/budget.ts).
 */
export class WorkBudget {
  /** Transitions charged so far (never more than `limit`: a pass may build at most what is left). */
  used = 0;

  /**
   * @param limit the most new transitions in total: a non-negative safe integer (0: only states already built).
   * @param label how E_WORK_BUDGET messages name this budget (default "the work budget").
   * @throws PromptasmError E_ARG when `limit` is not a non-negative safe integer.
   */
  constructor(readonly limit: number, readonly label = "the work budget") {
    if (!Number.isSafeInteger(limit) || limit < 0) throw new PromptasmError("E_ARG", `a work budget must be a non-negative integer, got ${String(limit)}`);
  }

  /** Transitions the budget still allows. */
  get remaining(): number {
    return Math.max(0, this.limit - this.used);
  }
}

function budgetOf(options: ScanOptions | null | undefined): { maxNewTransitions?: number } {
  return options?.maxNewTransitions !== undefined ? { maxNewTransitions: options.maxNewTransitions } : {};
}

/**
 * The rule group a rule is compiled in when a scan runs at `scope` (groupName() adds a suffix for rules that are not
 * built-in ones): at "all", the phrase rules ("upto-all") and the command rules (COMMAND_CATEGORIES:
 * "upto-all-commands"); at "context", the same phrase group of the "all" rules (one automaton, so its DFA states serve
 * both scopes), two groups of the context-only phrase rules (the overrides: "context-overrides"; the rest:
 * "context-phrases"), the all scope's command group and one of the context-only command rules ("context-commands");
 * at "strict", the context scope's five groups and a group of the strict-only rules.
 * Session 11 split the context phrase rules in two: as one group ("upto-context") with that session's rules, the
 * benign and attack corpus built 102,612 states at strict and cleared the 65,535-state cache (docs/engine.md).
 * Session 17 split the command rules too: the all scope's ("upto-all-commands", the same automaton at every scope) and
 * the context-only ones ("context-commands"); as one group with that session's rules, the benign and attack corpus
 * built 148,590 states at strict and cleared its cache twice. It also split the context-only phrase rules again, the overrides ("context-overrides") apart from the rest
 * ("context-phrases"): with that session's rules, the probe texts of test/probes/ built 64,505 states in the one group
 * and the probes with the red-team lines cleared its cache.
 * Why two groups at a scope: a DFA's states are combinations of every rule's partial matches, and words and shell
 * syntax are partly matched at once all through a README (docs/engine.md). Measured on the shared corpus at
 * `context` (session 7, the rules of that round): as one automaton, 49,567 states on the benign files and 128,896
 * with the attack files, which overflows the 65,535-state cache; as these two groups, 21,574 + 12,459 and 53,991 +
 * 17,687, with no cache clearing. The second walk costs time of its own (docs/quality.md, "Speed").
 */
export function groupKey(rule: Rule, scope: RuleScope): string {
  if (scope === "strict" && rule.scope === "strict") return "strict-only";
  if (COMMAND_CATEGORIES.has(rule.category)) return rule.scope === "all" ? "upto-all-commands" : "context-commands";
  if (rule.scope === "all") return "upto-all";
  return rule.category === "override" ? "context-overrides" : "context-phrases";
}

/**
 * Categories whose rules read commands, paths, markup and secrets rather than sentences: compiled in a group apart
 * from the phrase rules (groupKey).
 */
export const COMMAND_CATEGORIES: ReadonlySet<string> = new Set(["exfiltration", "command-and-control", "anti-forensics", "code-execution", "hidden-html", "persistence", "secret"]);

/** Suffix of the groups that hold rules not in BUILTIN_RULES (see groupName). */
export const CUSTOM_GROUP_SUFFIX = "+custom";

let builtinSet: Set<Rule> | undefined;

/**
 * The group a Scanner compiles `rule` in at `scope`: groupKey(), with CUSTOM_GROUP_SUFFIX when the rule is not one of
 * BUILTIN_RULES (the same object). A rule set that extends the built-in one (`[...BUILTIN_RULES, ...mine]`, as the
 * CLI makes from a config file's rules) thus keeps the built-in groups as they are, so they load from precompiled
 * tables, and its own rules compile in small groups of their own (one more walk per scope over each text; findings do
 * not depend on grouping).
 */
export function groupName(rule: Rule, scope: RuleScope): string {
  return groupKey(rule, scope) + (isBuiltinRule(rule) ? "" : CUSTOM_GROUP_SUFFIX);
}

/** Whether `rule` is one of the BUILTIN_RULES objects (frozen, so its pattern is the generated one). */
export function isBuiltinRule(rule: Rule): boolean {
  builtinSet ??= new Set(BUILTIN_RULES);
  return builtinSet.has(rule);
}

/**
 * A group of built-in rules named by content: the generated rules' digest (BUILTIN_RULES_DIGEST), the compiler
 * version (RULE_COMPILER_VERSION) and the rule ids in order; build/rules.bin stores each built-in group under this
 * name as well as under its key (scripts/gen-rule-tables.ts). Undefined when a rule is not a BUILTIN_RULES object.
 */
export function builtinGroupName(rules: readonly Rule[]): string | undefined {
  if (rules.length === 0 || !rules.every(isBuiltinRule)) return undefined;
  return `${BUILTIN_RULES_DIGEST}/${RULE_COMPILER_VERSION}/${rules.map((r) => r.id).join(",")}`;
}

/**
 * Every rule group a Scanner compiles for `rules` over all scopes (groupName()), each once, with its rules in rule-set
 * order: what scripts/gen-rule-tables.ts precompiles for BUILTIN_RULES.
 */
export function allRuleGroups(rules: readonly Rule[]): Array<{ key: string; rules: Rule[] }> {
  const out = new Map<string, Rule[]>();
  for (const scope of SCOPES) {
    const members = new Map<string, Rule[]>();
    for (const r of rulesForScope(rules, scope)) {
      const key = groupName(r, scope);
      const list = members.get(key);
      if (list) list.push(r);
      else members.set(key, [r]);
    }
    for (const [key, list] of members) if (!out.has(key)) out.set(key, list);
  }
  return [...out].map(([key, list]) => ({ key, rules: list }));
}

/**
 * Decodes text hidden in Unicode tag characters (U+E0020..U+E007E carry ASCII 0x20..0x7E; as UTF-16, the pair
 * DB40 DC20..DC7E). Runs of tag characters are joined with a line feed between runs.
 * @returns the decoded text and, per decoded code unit, the offset of its tag character in `text`; null when the
 *   text has no tag characters.
 */
export function decodeTagText(text: string): { text: string; origin: number[] } | null {
  if (text.indexOf("\udb40") === -1) return null;
  let out = "";
  const origin: number[] = [];
  let last = -2;
  for (let i = text.indexOf("\udb40"); i !== -1 && i + 1 < text.length; i = text.indexOf("\udb40", i + 1)) {
    const lo = text.charCodeAt(i + 1);
    if (lo < 0xdc20 || lo > 0xdc7e) continue;
    if (last !== i - 2 && out !== "") { out += "\n"; origin.push(i); }
    out += String.fromCharCode(lo - 0xdc00);
    origin.push(i);
    last = i;
  }
  return out === "" ? null : { text: out, origin };
}

// Adds line, column and excerpt to offset-sorted hits in one pass over the text.
function locate(text: string, hits: Hit[]): Finding[] {
  let line = 1, lineStart = 0, pos = 0;
  return hits.map((h) => {
    for (; pos < h.offset; pos++) {
      const c = text.charCodeAt(pos);
      if (c === 0x0a || (c === 0x0d && text.charCodeAt(pos + 1) !== 0x0a)) { line++; lineStart = pos + 1; }
    }
    return { ...h, severity: h.severity ?? "high", line, column: h.offset - lineStart + 1, excerpt: h.excerpt ?? excerpt(text, h.offset) };
  });
}

/**
 * What excerpt() escapes: the invisible set (src/util/invisible-set.ts, generated by scripts/gen-invisible.mjs: what
 * the core reports), the controls and separators that would break or hide the excerpt's one line (tab, LF, VT, FF,
 * CR, U+2028, U+2029) and lone surrogates.
 */
const EXCERPT_ESCAPES = new RegExp(
  `[${INVISIBLE_BMP_CLASS}\\u0009-\\u000d\\u2028\\u2029]|${INVISIBLE_ASTRAL_SOURCE}|[\\ud800-\\udbff](?![\\udc00-\\udfff])|(?<![\\ud800-\\udbff])[\\udc00-\\udfff]`,
  "g",
);

/**
 * Text from `offset` for display: one line, at most EXCERPT_CHARS code units, invisible characters escaped (tab and
 * line feed become a space; the rest of EXCERPT_ESCAPES become \uXXXX, or \u{XXXXX} above the BMP).
 */
export function excerpt(text: string, offset: number): string {
  let s = text.slice(offset, offset + EXCERPT_CHARS);
  const last = s.charCodeAt(s.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) s = s.slice(0, -1); // never end on half a surrogate pair
  return s.replace(EXCERPT_ESCAPES,
    (ch) => (ch === "\n" || ch === "\t" ? " " : ch.length === 2 ? `\\u{${ch.codePointAt(0)!.toString(16).toUpperCase()}}` : `\\u${ch.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`));
}

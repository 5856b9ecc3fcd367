// Precompiled rule tables: the built-in rule groups compiled at build time (scripts/gen-rule-tables.ts) and stored in
// one binary file (build/rules.bin), so a fresh process loads them instead of parsing ~620,000 characters of patterns.
// Each group is stored under ruleTablesKey() (SHA-256 of the compiler version and the group's patterns): a changed
// rule has a new key, finds no tables, and is compiled as before. Runtime-neutral: bytes in, tables out; the adapter
// reads the file and brings the host's SHA-256.
//
// File layout (all integers little-endian):
//   0  "PRT1" (magic)             4  u32 header length H      8  header: UTF-8 JSON (TablesHeader), zero-padded to 4
//   then per group, at header.groups[k].offset from the end of the padded header, its arrays in RuleSetTables order
//   (classMap, isWord, members, epsStart, epsTo, boundaryStart, boundaryTo, edgeStart, edgeMember, edgeTo,
//   acceptState, then the DFA states built at build time: dfa.kernelStart, dfa.kernels, dfa.lastWord,
//   dfa.transitions; empty when there are none), each zero-padded to a multiple of 4 bytes.
//   header.groups[k].sha256 is the digest of that span.
//
// A built-in group also carries a name by content (scan/scanner.ts builtinGroupName()): a Scanner over the built-in
// rules, which are frozen, finds its groups by that name and skips hashing about 2 MB of pattern source at start-up.
//
// Checks, and what each costs at load (docs/engine.md, "Start-up"): the key catches a stale file; the span's SHA-256
// (native in Node, a few ms for a group) catches a damaged one. The structural checks (checkTables(), linear in the
// tables and slow in a fresh process where the loops run unoptimized) run when a file is written: encodeRuleTables()
// refuses tables that fail them, so a span whose digest matches holds checked tables and is not checked again.

import { PromptasmError } from "../errors.js";

/**
 * A compiled rule set's run-time tables, without the lazily built DFA states: what scan/compile.ts compileRules()
 * computes (parsing, symbol classes, the NFA) and what a precompiled table file stores. This file defines the contract
 * and the compiler fills it. NFA state 0 is the unanchored start. Lists per NFA state are CSR (compressed sparse
 * rows): state q's items are `to[start[q] .. start[q + 1] - 1]`.
 */
export interface RuleSetTables {
  /** Rules in the set. */
  nRules: number;
  /** Classes, the skip class included (at most 256). */
  nClasses: number;
  /** The class of EDGE (the start of the text). */
  edgeClass: number;
  /** The class of skipped code units: nClasses - 1. */
  skipClass: number;
  /** 65,536 entries: UTF-16 code unit -> class id (after evasion folding). */
  classMap: Uint8Array;
  /** Per class, 1 when its symbols are word characters (\w). */
  isWord: Uint8Array;
  /** Membership arrays, nClasses bytes each: members[m * nClasses + c] = 1 when edge set m holds class c. */
  members: Uint8Array;
  /** Epsilon edges (nStates + 1 starts). */
  epsStart: Int32Array;
  epsTo: Int32Array;
  /** \b edges, taken only when a word boundary lies between the last symbol and the next. */
  boundaryStart: Int32Array;
  boundaryTo: Int32Array;
  /** Symbol edges: the set (index into `members`) and the target. */
  edgeStart: Int32Array;
  edgeMember: Int32Array;
  edgeTo: Int32Array;
  /** Per rule, its accepting NFA state. */
  acceptState: Int32Array;
  /**
   * DFA states built ahead of time (scripts/gen-rule-tables.ts scans sample text at build time), so a fresh process
   * does not build them again: CompiledRuleSet loads them as its first states and answers their transitions from
   * this table. Absent when there are none.
   */
  dfa?: RuleSetDfa;
}

/** DFA states of a rule set's first cache generation, in id order, and transitions between them. */
export interface RuleSetDfa {
  /** CSR starts into `kernels`: state s's NFA kernel is kernels[kernelStart[s] .. kernelStart[s + 1] - 1] (sorted). */
  kernelStart: Int32Array;
  kernels: Int32Array;
  /** Per state, 1 when the code unit before it was a word character (\b's context). */
  lastWord: Uint8Array;
  /** Transitions as flat (from state, class, to state) triples. */
  transitions: Int32Array;
}

/** The file's first four bytes. */
export const RULE_TABLES_MAGIC = "PRT1";

/** One group in the header. Counts are elements, offsets and lengths bytes. */
interface GroupHeader {
  key: string;
  nRules: number;
  nClasses: number;
  edgeClass: number;
  nStates: number;
  nMembers: number;
  nEps: number;
  nBoundary: number;
  nEdges: number;
  /** DFA states, kernel entries and transitions stored (RuleSetDfa); 0 when the group has none. */
  nDfa: number;
  nKernel: number;
  nTrans: number;
  offset: number;
  length: number;
  sha256: string;
  /**
   * For a built-in group, its name by content (scan/scanner.ts builtinGroupName(): the generated rules' digest, the
   * compiler version and the rule ids), so a Scanner over the built-in rules finds it without hashing the patterns.
   */
  builtin?: string;
}

interface TablesHeader {
  /** TABLES_FORMAT. */
  format: number;
  groups: GroupHeader[];
}

/** Version of the file layout above (the compiler's version is part of each group's key instead). 2: DFA states. */
export const TABLES_FORMAT = 2;

/** A parsed table file: group tables by key, checked and loaded on first use. */
export interface RuleTableFile {
  /** Keys of the groups the file holds, in file order. */
  readonly keys: readonly string[];
  /**
   * The tables stored under `key`, or undefined when the file has none (or they fail their digest: a damaged span).
   * The arrays are views into the file's bytes. Structural checks are left to ruleSetFromTables().
   */
  get(key: string): RuleSetTables | undefined;
  /** The key of the group stored with this builtinGroupName(), or undefined (not a built-in group of this build). */
  keyOfBuiltin?(name: string): string | undefined;
}

const pad4 = (n: number) => (n + 3) & ~3;

type Counts = Pick<GroupHeader, "nRules" | "nClasses" | "nStates" | "nMembers" | "nEps" | "nBoundary" | "nEdges" | "nDfa" | "nKernel" | "nTrans">;

// Byte sizes of a group's arrays, in file order.
function sizes(g: Counts): number[] {
  return [0x10000, g.nClasses, g.nMembers * g.nClasses, 4 * (g.nStates + 1), 4 * g.nEps, 4 * (g.nStates + 1), 4 * g.nBoundary,
    4 * (g.nStates + 1), 4 * g.nEdges, 4 * g.nEdges, 4 * g.nRules, g.nDfa > 0 ? 4 * (g.nDfa + 1) : 0, 4 * g.nKernel, g.nDfa, 12 * g.nTrans];
}

// Which arrays, in file order, are bytes (the others are Int32Arrays): classMap, isWord, members, dfa.lastWord.
const BYTE_ARRAYS = new Set([0, 1, 2, 13]);

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Writes groups' tables as one file.
 * @param groups each group's key (ruleTablesKey()) and tables (CompiledRuleSet.tables(), with `dfa` when states
 *   built ahead of time are to be stored), and for a built-in group its builtinGroupName() (RuleTableFile.keyOfBuiltin).
 * @param digest SHA-256 of bytes, as lowercase hex.
 * @returns the file's bytes.
 * @throws PromptasmError E_ARG on a big-endian host (the file is little-endian) or a key used twice; E_RULES when a
 *   group's tables fail checkTables() (a file only ever holds checked tables: readers rely on it).
 */
export function encodeRuleTables(groups: ReadonlyArray<{ key: string; tables: RuleSetTables; builtin?: string }>, digest: (data: Uint8Array) => string): Uint8Array {
  if (!LITTLE_ENDIAN) throw new PromptasmError("E_ARG", "rule tables are written on little-endian hosts only");
  const headers: GroupHeader[] = [];
  const bodies: Uint8Array[] = [];
  let offset = 0;
  for (const { key, tables: t, builtin } of groups) {
    if (headers.some((h) => h.key === key)) throw new PromptasmError("E_ARG", `rule tables: key ${key} is used twice`);
    if (builtin !== undefined && headers.some((h) => h.builtin === builtin)) throw new PromptasmError("E_ARG", `rule tables: built-in name ${builtin} is used twice`);
    checkTables(t);
    const d = t.dfa;
    const none = new Int32Array(0);
    const arrays = [t.classMap, t.isWord, t.members, t.epsStart, t.epsTo, t.boundaryStart, t.boundaryTo, t.edgeStart, t.edgeMember, t.edgeTo, t.acceptState,
      d?.kernelStart ?? none, d?.kernels ?? none, d?.lastWord ?? new Uint8Array(0), d?.transitions ?? none];
    const length = arrays.reduce((a, x) => a + pad4(x.byteLength), 0);
    const body = new Uint8Array(length);
    let at = 0;
    for (const x of arrays) { body.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), at); at += pad4(x.byteLength); }
    headers.push({
      key, nRules: t.nRules, nClasses: t.nClasses, edgeClass: t.edgeClass, nStates: t.epsStart.length - 1,
      nMembers: t.members.length / t.nClasses, nEps: t.epsTo.length, nBoundary: t.boundaryTo.length, nEdges: t.edgeTo.length,
      nDfa: d?.lastWord.length ?? 0, nKernel: d?.kernels.length ?? 0, nTrans: (d?.transitions.length ?? 0) / 3,
      offset, length, sha256: digest(body), ...(builtin !== undefined ? { builtin } : {}),
    });
    bodies.push(body);
    offset += length;
  }
  const json = new TextEncoder().encode(JSON.stringify({ format: TABLES_FORMAT, groups: headers } satisfies TablesHeader));
  const start = 8 + pad4(json.length);
  const out = new Uint8Array(start + offset);
  out.set(new TextEncoder().encode(RULE_TABLES_MAGIC), 0);
  new DataView(out.buffer).setUint32(4, json.length, true);
  out.set(json, 8);
  bodies.forEach((b, k) => out.set(b, start + headers[k]!.offset));
  return out;
}

/**
 * Reads a table file's header. Group spans are checked against their digest when first asked for (get()); tables
 * whose digest matches are marked verified (isVerifiedTables()), since encodeRuleTables() checked them.
 * @param bytes the file (copied once when not 4-byte aligned, so the Int32Array views can be made).
 * @param digest SHA-256 of bytes, as lowercase hex.
 * @throws PromptasmError E_RULES when the bytes are not a table file of this format: wrong magic, a header that is
 *   not JSON of the expected shape, or spans outside the file. Callers fall back to compiling.
 */
export function decodeRuleTables(bytes: Uint8Array, digest: (data: Uint8Array) => string): RuleTableFile {
  const bad = (what: string): never => { throw new PromptasmError("E_RULES", `rule table file: ${what}`); };
  if (!(bytes instanceof Uint8Array)) bad("bytes must be a Uint8Array");
  if (!LITTLE_ENDIAN) bad("this host is big-endian; the file is little-endian");
  if (bytes.byteOffset % 4 !== 0) bytes = bytes.slice();
  if (bytes.length < 8 || new TextDecoder().decode(bytes.subarray(0, 4)) !== RULE_TABLES_MAGIC) bad(`does not start with ${RULE_TABLES_MAGIC}`);
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.length).getUint32(4, true);
  if (8 + headerLength > bytes.length) bad("the header runs past the end of the file");
  let header: TablesHeader;
  try {
    header = JSON.parse(new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(8, 8 + headerLength))) as TablesHeader;
  } catch (cause) {
    throw new PromptasmError("E_RULES", "rule table file: the header is not UTF-8 JSON", { cause });
  }
  if (header === null || typeof header !== "object" || header.format !== TABLES_FORMAT || !Array.isArray(header.groups)) bad(`the header is not format ${TABLES_FORMAT} with groups`);
  const start = 8 + pad4(headerLength);
  const count = (v: unknown) => Number.isSafeInteger(v) && (v as number) >= 0;
  const groups = new Map<string, GroupHeader>();
  const builtins = new Map<string, string>();
  for (const g of header.groups) {
    if (g === null || typeof g !== "object" || typeof g.key !== "string" || typeof g.sha256 !== "string" || (g.builtin !== undefined && typeof g.builtin !== "string")
      || ![g.nRules, g.nClasses, g.edgeClass, g.nStates, g.nMembers, g.nEps, g.nBoundary, g.nEdges, g.nDfa, g.nKernel, g.nTrans, g.offset, g.length].every(count)) {
      bad("a group's header is malformed");
    }
    if (g.nClasses > 256 || sizes(g).reduce((a, n) => a + pad4(n), 0) !== g.length || g.offset % 4 !== 0 || start + g.offset + g.length > bytes.length) {
      bad(`group ${g.key}: its sizes do not match its span, or the span runs past the end of the file`);
    }
    groups.set(g.key, g);
    if (g.builtin !== undefined) builtins.set(g.builtin, g.key);
  }
  const loaded = new Map<string, RuleSetTables | undefined>();
  return {
    keys: [...groups.keys()],
    keyOfBuiltin: (name) => builtins.get(name),
    get(key) {
      if (loaded.has(key)) return loaded.get(key);
      const g = groups.get(key);
      let tables: RuleSetTables | undefined;
      if (g) {
        const span = bytes.subarray(start + g.offset, start + g.offset + g.length);
        if (digest(span) === g.sha256) {
          let at = bytes.byteOffset + start + g.offset;
          const views = sizes(g).map((n, k) => {
            const v = BYTE_ARRAYS.has(k) ? new Uint8Array(bytes.buffer, at, n) : new Int32Array(bytes.buffer, at, n / 4);
            at += pad4(n);
            return v;
          });
          const [classMap, isWord, members, epsStart, epsTo, boundaryStart, boundaryTo, edgeStart, edgeMember, edgeTo, acceptState,
            kernelStart, kernels, lastWord, transitions] = views as [Uint8Array, Uint8Array, Uint8Array, Int32Array, Int32Array, Int32Array,
            Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Uint8Array, Int32Array];
          tables = { nRules: g.nRules, nClasses: g.nClasses, edgeClass: g.edgeClass, skipClass: g.nClasses - 1, classMap, isWord, members,
            epsStart, epsTo, boundaryStart, boundaryTo, edgeStart, edgeMember, edgeTo, acceptState,
            ...(g.nDfa > 0 ? { dfa: { kernelStart, kernels, lastWord, transitions } } : {}) };
          verified.add(tables);
        }
      }
      loaded.set(key, tables);
      return tables;
    },
  };
}

/**
 * Checks that tables are consistent (lengths, every class, state and set index in range, the accept states distinct),
 * so a damaged table file fails here with E_RULES instead of misbehaving in a scan. Linear in the tables' size.
 * @throws PromptasmError E_RULES naming the first inconsistency.
 */
export function checkTables(t: RuleSetTables): void {
  const bad = (what: string): never => { throw new PromptasmError("E_RULES", `rule tables: ${what}`); };
  const isInt = (v: unknown, lo: number, hi: number) => Number.isInteger(v) && (v as number) >= lo && (v as number) <= hi;
  if (!isInt(t.nClasses, 2, 256)) bad(`nClasses ${t.nClasses} is not in 2..256`);
  if (t.skipClass !== t.nClasses - 1) bad(`skipClass ${t.skipClass} is not nClasses - 1`);
  if (!isInt(t.edgeClass, 0, t.nClasses - 2)) bad(`edgeClass ${t.edgeClass} is out of range`);
  if (!(t.classMap instanceof Uint8Array) || t.classMap.length !== 0x10000) bad("classMap must be 65,536 bytes");
  for (let u = 0; u < 0x10000; u++) if (t.classMap[u]! >= t.nClasses) bad(`classMap[${u}] is out of range`);
  if (!(t.isWord instanceof Uint8Array) || t.isWord.length !== t.nClasses) bad("isWord must hold one byte per class");
  if (!(t.members instanceof Uint8Array) || t.members.length % t.nClasses !== 0) bad("members must hold nClasses bytes per set");
  const nMembers = t.members.length / t.nClasses;
  for (const a of [t.epsStart, t.epsTo, t.boundaryStart, t.boundaryTo, t.edgeStart, t.edgeMember, t.edgeTo, t.acceptState]) {
    if (!(a instanceof Int32Array)) bad("NFA lists must be Int32Arrays");
  }
  const n = t.epsStart.length - 1;
  if (n < 1) bad("the NFA has no states");
  const checkCsr = (name: string, start: Int32Array, to: Int32Array, max: number) => {
    if (start.length !== n + 1 || start[0] !== 0 || start[n] !== to.length) bad(`${name} starts do not cover the list`);
    for (let q = 0; q < n; q++) if (start[q + 1]! < start[q]!) bad(`${name} starts decrease at state ${q}`);
    for (let k = 0; k < to.length; k++) if (!(to[k]! >= 0 && to[k]! < max)) bad(`${name}[${k}] is out of range`);
  };
  checkCsr("epsilon edge", t.epsStart, t.epsTo, n);
  checkCsr("boundary edge", t.boundaryStart, t.boundaryTo, n);
  checkCsr("edge", t.edgeStart, t.edgeTo, n);
  if (t.edgeMember.length !== t.edgeTo.length) bad("edgeMember and edgeTo differ in length");
  for (let k = 0; k < t.edgeMember.length; k++) if (!(t.edgeMember[k]! >= 0 && t.edgeMember[k]! < nMembers)) bad(`edgeMember[${k}] is out of range`);
  if (!isInt(t.nRules, 0, n) || t.acceptState.length !== t.nRules) bad("acceptState must hold one state per rule");
  const seen = new Uint8Array(n);
  for (const q of t.acceptState) {
    if (!(q > 0 && q < n) || seen[q] === 1) bad(`accept state ${q} is out of range or used twice`);
    seen[q] = 1;
  }
  if (t.dfa !== undefined) {
    const { kernelStart, kernels, lastWord, transitions } = t.dfa;
    if (!(kernelStart instanceof Int32Array && kernels instanceof Int32Array && lastWord instanceof Uint8Array && transitions instanceof Int32Array)) {
      bad("dfa must hold Int32Arrays and a Uint8Array");
    }
    const m = lastWord.length;
    if (m < 1 || kernelStart.length !== m + 1 || kernelStart[0] !== 0 || kernelStart[m] !== kernels.length) bad("dfa kernel starts do not cover the list");
    for (let s = 0; s < m; s++) {
      if (kernelStart[s + 1]! <= kernelStart[s]!) bad(`dfa state ${s} has no kernel`);
      for (let k = kernelStart[s]!; k < kernelStart[s + 1]!; k++) {
        // Kernels are sorted NFA states without repeats (step() and intern() rely on it).
        if (!(kernels[k]! >= 0 && kernels[k]! < n) || (k > kernelStart[s]! && kernels[k]! <= kernels[k - 1]!)) bad(`dfa state ${s}: kernel entry ${k} is out of range or out of order`);
      }
      if (lastWord[s]! > 1) bad(`dfa lastWord[${s}] is not 0 or 1`);
    }
    if (transitions.length % 3 !== 0) bad("dfa transitions must be (from, class, to) triples");
    for (let k = 0; k < transitions.length; k += 3) {
      if (!(transitions[k]! >= 0 && transitions[k]! < m && transitions[k + 1]! >= 0 && transitions[k + 1]! < t.nClasses && transitions[k + 2]! >= 0 && transitions[k + 2]! < m)) {
        bad(`dfa transition ${k / 3} is out of range`);
      }
    }
  }
}

/** Tables that came out of a table file whose digest matched: checked when written, so not checked again. */
const verified = new WeakSet<RuleSetTables>();

/** Whether `t` was read from a table file whose span digest matched (decodeRuleTables), so checkTables() passed on it. */
export function isVerifiedTables(t: RuleSetTables): boolean {
  return verified.has(t);
}

/**
 * Precompiled rule tables as a Scanner takes them: the parsed file and the host's SHA-256 of a string (to compute
 * each group's key, ruleTablesKey(): the key must resist a rule edit that keeps a weak hash, the span check need not).
 */
export interface PrecompiledRules {
  file: RuleTableFile;
  digest: (text: string) => string;
}

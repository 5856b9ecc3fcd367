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
//   acceptState), each zero-padded to a multiple of 4 bytes. header.groups[k].sha256 is the digest of that span.

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
  offset: number;
  length: number;
  sha256: string;
}

interface TablesHeader {
  /** TABLES_FORMAT. */
  format: number;
  groups: GroupHeader[];
}

/** Version of the file layout below (the compiler's version is part of each group's key instead). */
export const TABLES_FORMAT = 1;

/** A parsed table file: group tables by key, checked and loaded on first use. */
export interface RuleTableFile {
  /** Keys of the groups the file holds, in file order. */
  readonly keys: readonly string[];
  /**
   * The tables stored under `key`, or undefined when the file has none (or they fail their digest: a damaged span).
   * The arrays are views into the file's bytes. Structural checks are left to ruleSetFromTables().
   */
  get(key: string): RuleSetTables | undefined;
}

const pad4 = (n: number) => (n + 3) & ~3;

// Byte sizes of a group's arrays, in file order.
function sizes(g: Pick<GroupHeader, "nRules" | "nClasses" | "nStates" | "nMembers" | "nEps" | "nBoundary" | "nEdges">): number[] {
  return [0x10000, g.nClasses, g.nMembers * g.nClasses, 4 * (g.nStates + 1), 4 * g.nEps, 4 * (g.nStates + 1), 4 * g.nBoundary,
    4 * (g.nStates + 1), 4 * g.nEdges, 4 * g.nEdges, 4 * g.nRules];
}

const LITTLE_ENDIAN = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/**
 * Writes groups' tables as one file.
 * @param groups each group's key (ruleTablesKey()) and tables (CompiledRuleSet.tables()).
 * @param digest SHA-256 of bytes, as lowercase hex.
 * @returns the file's bytes.
 * @throws PromptasmError E_ARG on a big-endian host (the file is little-endian) or a key used twice.
 */
export function encodeRuleTables(groups: ReadonlyArray<{ key: string; tables: RuleSetTables }>, digest: (data: Uint8Array) => string): Uint8Array {
  if (!LITTLE_ENDIAN) throw new PromptasmError("E_ARG", "rule tables are written on little-endian hosts only");
  const headers: GroupHeader[] = [];
  const bodies: Uint8Array[] = [];
  let offset = 0;
  for (const { key, tables: t } of groups) {
    if (headers.some((h) => h.key === key)) throw new PromptasmError("E_ARG", `rule tables: key ${key} is used twice`);
    const arrays = [t.classMap, t.isWord, t.members, t.epsStart, t.epsTo, t.boundaryStart, t.boundaryTo, t.edgeStart, t.edgeMember, t.edgeTo, t.acceptState];
    const length = arrays.reduce((a, x) => a + pad4(x.byteLength), 0);
    const body = new Uint8Array(length);
    let at = 0;
    for (const x of arrays) { body.set(new Uint8Array(x.buffer, x.byteOffset, x.byteLength), at); at += pad4(x.byteLength); }
    headers.push({
      key, nRules: t.nRules, nClasses: t.nClasses, edgeClass: t.edgeClass, nStates: t.epsStart.length - 1,
      nMembers: t.members.length / t.nClasses, nEps: t.epsTo.length, nBoundary: t.boundaryTo.length, nEdges: t.edgeTo.length,
      offset, length, sha256: digest(body),
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
 * Reads a table file's header. Group spans are checked against their digest when first asked for (get()).
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
  for (const g of header.groups) {
    if (g === null || typeof g !== "object" || typeof g.key !== "string" || typeof g.sha256 !== "string"
      || ![g.nRules, g.nClasses, g.edgeClass, g.nStates, g.nMembers, g.nEps, g.nBoundary, g.nEdges, g.offset, g.length].every(count)) {
      bad("a group's header is malformed");
    }
    if (g.nClasses > 256 || sizes(g).reduce((a, n) => a + pad4(n), 0) !== g.length || g.offset % 4 !== 0 || start + g.offset + g.length > bytes.length) {
      bad(`group ${g.key}: its sizes do not match its span, or the span runs past the end of the file`);
    }
    groups.set(g.key, g);
  }
  const loaded = new Map<string, RuleSetTables | undefined>();
  return {
    keys: [...groups.keys()],
    get(key) {
      if (loaded.has(key)) return loaded.get(key);
      const g = groups.get(key);
      let tables: RuleSetTables | undefined;
      if (g) {
        const span = bytes.subarray(start + g.offset, start + g.offset + g.length);
        if (digest(span) === g.sha256) {
          let at = bytes.byteOffset + start + g.offset;
          const views = sizes(g).map((n, k) => {
            const v = k < 3 ? new Uint8Array(bytes.buffer, at, n) : new Int32Array(bytes.buffer, at, n / 4);
            at += pad4(n);
            return v;
          });
          const [classMap, isWord, members, epsStart, epsTo, boundaryStart, boundaryTo, edgeStart, edgeMember, edgeTo, acceptState] = views as [
            Uint8Array, Uint8Array, Uint8Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array, Int32Array];
          tables = { nRules: g.nRules, nClasses: g.nClasses, edgeClass: g.edgeClass, skipClass: g.nClasses - 1, classMap, isWord, members,
            epsStart, epsTo, boundaryStart, boundaryTo, edgeStart, edgeMember, edgeTo, acceptState };
        }
      }
      loaded.set(key, tables);
      return tables;
    },
  };
}

/**
 * Precompiled rule tables as a Scanner takes them: the parsed file and the host's SHA-256 of a string (to compute
 * each group's key, ruleTablesKey()).
 */
export interface PrecompiledRules {
  file: RuleTableFile;
  digest: (text: string) => string;
}

// Request-body checks for the Worker's HTTP API: a size-capped read, JSON parsing, and field-by-field validation that
// names the first problem. Everything here throws HttpError (4xx); nothing else, so bad input never becomes a 5xx.

import { ASSEMBLE_OPTIONS, enumValues, optionKeys, structuredOptionProblem, type OptionSpec } from "../../options/schema.js";
import { parseToolUseEnforcement } from "../../sections/tools.js";
import type { AssembleOptions } from "../../prompt/assemble.js";
import { showValue } from "../../util/escape.js";

/** Largest accepted request body, in bytes (1 MiB). Larger bodies get 413 E_TOO_LARGE. */
export const MAX_BODY_BYTES = 1_048_576;
/** Most files one request may carry. More get 413 E_TOO_MANY_FILES. */
export const MAX_FILES = 500;
/** Longest accepted file path, in UTF-16 code units. */
export const MAX_PATH_CHARS = 1024;
/** Deepest nesting of arrays and objects accepted in a body (deeper bodies get 400 E_TOO_DEEP). */
export const MAX_DEPTH = 64;
/** Where the request's files are mounted for the assembler: `files["AGENTS.md"]` is `/workspace/AGENTS.md`. */
export const WORKSPACE = "/workspace";

/** A client error with a stable code, answered as `{ ok: false, error: { code, message } }`. */
export class HttpError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

const bad = (code: string, message: string): never => { throw new HttpError(400, code, message); };
/**
 * A value for a message, clipped to 80 chars, with C1 control characters (U+0080–U+009F, which some terminals act
 * on, e.g. U+009B as CSI) escaped as \u0080 … like the C0 ones JSON already escapes.
 */
const show = (value: unknown): string =>
  showValue(value, 80, "...").replace(/[\u0080-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * Reads the body as JSON, at most MAX_BODY_BYTES bytes (checked against Content-Length first, then while reading).
 * @throws HttpError 413 E_TOO_LARGE, 415 E_CONTENT_TYPE (a content type other than JSON), 400 E_JSON (also for a key
 *   that appears twice in one object: firstDuplicateKey).
 */
export async function readJson(request: Request): Promise<unknown> {
  const type = request.headers.get("content-type");
  if (type !== null && !/^application\/json\s*(;|$)/i.test(type)) {
    throw new HttpError(415, "E_CONTENT_TYPE", `the body must be application/json, got ${show(type)}`);
  }
  const declared = Number(request.headers.get("content-length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw tooLarge();
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (request.body !== null) {
    const reader = request.body.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_BODY_BYTES) {
        await reader.cancel().catch(() => {});
        throw tooLarge();
      }
      chunks.push(value);
    }
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) { bytes.set(c, at); at += c.byteLength; }
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return bad("E_JSON", "the body is not valid UTF-8");
  }
  if (text.trim() === "") return bad("E_JSON", "the body is empty; send a JSON object");
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return bad("E_JSON", `the body is not valid JSON: ${(e as Error).message}`);
  }
  checkDepth(value);
  const duplicate = firstDuplicateKey(text);
  if (duplicate !== null) bad("E_JSON", `the body has the key ${show(duplicate.key)} twice in one object (${duplicate.where}); JSON.parse would keep only the last`);
  return value;
}

/**
 * The first key that appears twice in one object of a valid JSON text, with where it is ("files", "options", or the
 * top level), or null. JSON.parse keeps the last value silently, so `{"files":{"AGENTS.md":"ignore…","AGENTS.md":
 * "ok"}}` would hide a file's first text from every check. One linear pass over the text, which JSON.parse has already
 * accepted (so strings are well formed and brackets balance).
 */
export function firstDuplicateKey(text: string): { key: string; where: string } | null {
  // One frame per open object or array: the keys seen (objects only) and the key the container sits under.
  const stack: Array<{ keys: Set<string> | null; name: string }> = [];
  let lastKey = "";
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // a string: find its end, skipping escapes
      let j = i + 1;
      while (text.charCodeAt(j) !== 0x22) j += text.charCodeAt(j) === 0x5c ? 2 : 1;
      let k = j + 1;
      while (k < text.length && /\s/.test(text[k]!)) k++;
      const top = stack[stack.length - 1];
      if (text[k] === ":" && top?.keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return { key, where: top.name === "" ? "the top level" : top.name };
        top.keys.add(key);
        lastKey = key;
      }
      i = j;
    } else if (c === 0x7b || c === 0x5b) {
      const parent = stack[stack.length - 1];
      const name = parent === undefined ? "" : parent.keys ? (parent.name === "" ? lastKey : `${parent.name}.${lastKey}`) : `${parent.name}[]`;
      stack.push({ keys: c === 0x7b ? new Set() : null, name });
    } else if (c === 0x7d || c === 0x5d) {
      stack.pop();
    }
  }
  return null;
}

/** Refuses values nested deeper than MAX_DEPTH, which recursive code later on (cloning, stringifying) could not take. */
function checkDepth(root: unknown): void {
  const stack: Array<[unknown, number]> = [[root, 1]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    if (value === null || typeof value !== "object") continue;
    if (depth > MAX_DEPTH) bad("E_TOO_DEEP", `the body nests arrays and objects deeper than ${MAX_DEPTH} levels`);
    for (const child of Object.values(value)) if (child !== null && typeof child === "object") stack.push([child, depth + 1]);
  }
}

const tooLarge = () => new HttpError(413, "E_TOO_LARGE", `the body is over ${MAX_BODY_BYTES} bytes`);

/** Checks `value` is a plain object whose keys are all in `allowed`; returns it. */
export function object(value: unknown, where: string, allowed: readonly string[]): Record<string, unknown> {
  if (typeOf(value) !== "object") bad("E_TYPE", `${where} must be an object, got ${typeOf(value)}`);
  const record = value as Record<string, unknown>;
  for (const key of Object.keys(record)) {
    if (!allowed.includes(key)) bad("E_UNKNOWN_FIELD", `${where} has an unknown field ${show(key)} (allowed: ${allowed.join(", ")})`);
  }
  return record;
}

/** `value` as a string (or undefined when absent and optional). */
export function str(value: unknown, where: string, optional: true): string | undefined;
export function str(value: unknown, where: string, optional?: false): string;
export function str(value: unknown, where: string, optional = false): string | undefined {
  if (value === undefined && optional) return undefined;
  if (typeof value !== "string") bad("E_TYPE", `${where} must be a string, got ${typeOf(value)}`);
  return value as string;
}

function int(value: unknown, where: string): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isInteger(value) || (value as number) < 1 || (value as number) > 2_147_483_647) {
    bad("E_TYPE", `${where} must be an integer from 1 to 2147483647, got ${show(value)}`);
  }
  return value as number;
}

function bool(value: unknown, where: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "boolean") bad("E_TYPE", `${where} must be a boolean, got ${typeOf(value)}`);
  return value as boolean;
}

function oneOf<T extends string>(value: unknown, where: string, choices: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== "string" || !choices.includes(value as T)) bad("E_VALUE", `${where} must be one of ${choices.join(", ")}, got ${show(value)}`);
  return value as T;
}

function strings(value: unknown, where: string): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value) || value.some((v) => typeof v !== "string")) bad("E_TYPE", `${where} must be an array of strings`);
  return value as string[];
}

/**
 * Checks one relative file path: non-empty, at most MAX_PATH_CHARS, `/`-separated, with no empty, `.` or `..`
 * segment after a leading `./` (or several) is dropped, not absolute, no backslash, NUL or other control character
 * (C0, DEL or C1: U+0001–U+001F, U+007F–U+009F), no lone surrogate (U+D800–U+DFFF not in a pair).
 * @returns the path without its leading `./` ("./AGENTS.md" → "AGENTS.md").
 */
export function relativePath(given: string, where: string): string {
  const fail = (why: string): never => { throw new HttpError(400, "E_PATH", `${where} ${show(given)}: ${why}`); };
  const path = given.replace(/^(?:\.\/(?!\/))+/, "");
  if (path.length === 0) fail(given.length === 0 ? "empty path" : "names the workspace itself, not a file");
  if (path.length > MAX_PATH_CHARS) fail(`longer than ${MAX_PATH_CHARS} chars`);
  if (path.includes("\0")) fail("contains NUL");
  if (/[\u0001-\u001f\u007f-\u009f]/.test(path)) fail("contains a control character");
  // A lone surrogate cannot be a file name in UTF-8 (every filesystem and the response's JSON would see U+FFFD).
  if (/\p{Cs}/u.test(path)) fail("contains a lone surrogate (not valid Unicode)");
  if (path.includes("\\")) fail("contains a backslash (use /)");
  if (path.startsWith("/") || /^[A-Za-z]:/.test(path)) fail("absolute paths are not allowed; give a path relative to the workspace");
  for (const segment of path.split("/")) {
    if (segment === "..") fail("contains a .. segment (path traversal)");
    if (segment === ".") fail("contains a . segment");
    if (segment === "") fail("contains an empty segment (// or a trailing /)");
  }
  return path;
}

/** A relative directory option (cwd, home, root): "." or a relative path. Returns the absolute path under WORKSPACE. */
function dir(value: unknown, where: string): string | undefined {
  const s = str(value, where, true);
  if (s === undefined) return undefined;
  return s === "." || s === "" || /^(?:\.\/)+$/.test(s) ? WORKSPACE : `${WORKSPACE}/${relativePath(s.replace(/\/+$/, ""), where)}`;
}

/**
 * Checks `files`: an object of at most MAX_FILES relative paths to strings.
 * @returns the files keyed by absolute path under WORKSPACE, for MapWorkspaceReader, and their names in the order
 *   given, each without its leading `./`.
 * @throws HttpError 400 E_PATH also when two names are one file ("./a.md" and "a.md").
 */
export function files(value: unknown): { mounted: Record<string, string>; names: string[] } {
  if (typeOf(value) !== "object") bad("E_TYPE", `files must be an object of { "<relative path>": "<text>" }, got ${typeOf(value)}`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_FILES) throw new HttpError(413, "E_TOO_MANY_FILES", `files has ${entries.length} entries; at most ${MAX_FILES} are allowed`);
  const mounted: Record<string, string> = {};
  const names: string[] = [];
  for (const [given, text] of entries) {
    const name = relativePath(given, "file name");
    if (typeof text !== "string") bad("E_TYPE", `files[${show(given)}] must be a string, got ${typeOf(text)}`);
    if (`${WORKSPACE}/${name}` in mounted) bad("E_PATH", `file name ${show(given)}: names the same file as another entry (${show(name)})`);
    mounted[`${WORKSPACE}/${name}`] = text as string;
    names.push(name);
  }
  return { mounted, names };
}

/** The option names the Worker takes: those the options schema marks `worker` (src/options/schema.ts). */
const OPTION_KEYS: readonly string[] = optionKeys("worker");

/**
 * Checks `options` of /v1/assemble and PUT /v1/sessions/:id/system-prompt and maps them to AssembleOptions. Paths
 * (cwd, home, root) are relative to the workspace (default cwd and root: the workspace itself). Token counts are not
 * offered: no tokenizer runs on the request path.
 */
export function assembleOptions(value: unknown): AssembleOptions {
  const o = object(value ?? {}, "options", OPTION_KEYS);
  const out: AssembleOptions = { cwd: WORKSPACE, root: WORKSPACE };
  for (const spec of ASSEMBLE_OPTIONS) {
    if (!spec.worker) continue;
    const v = optionValue(spec, o[spec.key], `options.${spec.key}`);
    if (v !== undefined) (out as unknown as Record<string, unknown>)[spec.key] = v;
  }
  return out;
}

/**
 * Checks one field of `options` by its kind in the options schema and returns the value AssembleOptions takes
 * (undefined when absent).
 * @throws HttpError 400: E_TYPE for a value of the wrong type, E_VALUE for one outside its enumeration or format.
 */
function optionValue(spec: OptionSpec, v: unknown, where: string): unknown {
  switch (spec.kind) {
    case "dir": return dir(v, where);
    case "enum": return oneOf(v, where, enumValues(spec)!);
    case "string": case "name": return str(v, where, true);
    case "positiveInt": return int(v, where);
    case "boolean": return bool(v, where);
    case "strings": return strings(v, where);
    case "tools":
      if (v === undefined) return undefined;
      if (!Array.isArray(v)) bad("E_TYPE", `${where} must be an array of { name, summary? }`);
      return (v as unknown[]).map((t, i) => {
        const tool = object(t, `${where}[${i}]`, ["name", "summary"]);
        const summary = str(tool.summary, `${where}[${i}].summary`, true);
        return { name: str(tool.name, `${where}[${i}].name`), ...(summary !== undefined ? { summary } : {}) };
      });
    case "toolUseEnforcement":
      if (v === undefined) return undefined;
      // The library's reading (sections/tools.ts): "on", "off", "auto", true, false or a list; another word is refused.
      try {
        return parseToolUseEnforcement(v, where);
      } catch (e) {
        return bad(typeof v === "string" ? "E_VALUE" : "E_TYPE", (e as Error).message);
      }
    case "platformOverrides":
      // Only the whole value's type: a malformed entry falls back to the default hint with a note in the response's
      // notes (sections/platform.ts platformOverrideNotes), never a 400.
      if (v === undefined) return undefined;
      if (typeof v !== "object" || v === null || Array.isArray(v)) bad("E_TYPE", `${where} must be an object mapping platform names to overrides`);
      return v;
    case "memoryFiles": case "sessionStart": case "gitSnapshot": case "openclaw": {
      if (v === undefined) return undefined;
      const problem = structuredOptionProblem(spec.kind, v, where);
      if (problem !== null) bad(problem.code, problem.message);
      return v;
    }
    case "allow":
      if (v === undefined) return undefined;
      if (!Array.isArray(v)) bad("E_TYPE", `${where} must be an array of { file, sha256, rules, reason? }`);
      return (v as unknown[]).map((a, i) => {
        const entry = object(a, `${where}[${i}]`, ["file", "sha256", "rules", "reason"]);
        const reason = str(entry.reason, `${where}[${i}].reason`, true);
        return {
          file: str(entry.file, `${where}[${i}].file`), sha256: str(entry.sha256, `${where}[${i}].sha256`),
          rules: strings(entry.rules, `${where}[${i}].rules`) ?? [], ...(reason !== undefined ? { reason } : {}),
        };
      });
    case "date": {
      const text = str(v, where, true);
      if (text === undefined) return undefined;
      const date = new Date(text);
      if (Number.isNaN(date.getTime())) bad("E_VALUE", `${where} must be an ISO 8601 date, got ${show(text)}`);
      return date;
    }
    case "timeZone": {
      const timeZone = str(v, where, true);
      if (timeZone === undefined) return undefined;
      try {
        new Intl.DateTimeFormat("en-US", { timeZone });
      } catch {
        bad("E_VALUE", `${where} is not an IANA time zone: ${show(timeZone)}`);
      }
      return timeZone;
    }
    default:
      // A kind marked `worker: true` in the schema needs a case here; test/architecture.test.ts checks there is one.
      return bad("E_UNKNOWN_FIELD", `${where} is not taken by this API`);
  }
}

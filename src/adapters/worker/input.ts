// Request-body checks for the Worker's HTTP API: a size-capped read, JSON parsing, and field-by-field validation that
// names the first problem. Everything here throws HttpError (4xx); nothing else, so bad input never becomes a 5xx.

import type { AssembleOptions } from "../../prompt/assemble.js";

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
const show = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
const typeOf = (v: unknown) => (v === null ? "null" : Array.isArray(v) ? "array" : typeof v);

/**
 * Reads the body as JSON, at most MAX_BODY_BYTES bytes (checked against Content-Length first, then while reading).
 * @throws HttpError 413 E_TOO_LARGE, 415 E_CONTENT_TYPE (a content type other than JSON), 400 E_JSON.
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
  return value;
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
 * segment, not absolute, no backslash, NUL or other control character.
 * @returns the path as given (it needs no normalizing once it passes).
 */
export function relativePath(path: string, where: string): string {
  const fail = (why: string): never => { throw new HttpError(400, "E_PATH", `${where} ${show(path)}: ${why}`); };
  if (path.length === 0) fail("empty path");
  if (path.length > MAX_PATH_CHARS) fail(`longer than ${MAX_PATH_CHARS} chars`);
  if (path.includes("\0")) fail("contains NUL");
  if (/[\u0001-\u001f\u007f]/.test(path)) fail("contains a control character");
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
  return s === "." || s === "" ? WORKSPACE : `${WORKSPACE}/${relativePath(s.replace(/\/+$/, ""), where)}`;
}

/**
 * Checks `files`: an object of at most MAX_FILES relative paths to strings.
 * @returns the files keyed by absolute path under WORKSPACE, for MapWorkspaceReader.
 */
export function files(value: unknown): { mounted: Record<string, string>; names: string[] } {
  if (typeOf(value) !== "object") bad("E_TYPE", `files must be an object of { "<relative path>": "<text>" }, got ${typeOf(value)}`);
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length > MAX_FILES) throw new HttpError(413, "E_TOO_MANY_FILES", `files has ${entries.length} entries; at most ${MAX_FILES} are allowed`);
  const mounted: Record<string, string> = {};
  for (const [name, text] of entries) {
    relativePath(name, "file name");
    if (typeof text !== "string") bad("E_TYPE", `files[${show(name)}] must be a string, got ${typeOf(text)}`);
    mounted[`${WORKSPACE}/${name}`] = text as string;
  }
  return { mounted, names: entries.map(([name]) => name) };
}

const OPTION_KEYS = [
  "cwd", "home", "root", "policy", "mode", "budget", "model", "provider", "contextWindow", "maxChars", "platform",
  "systemMessage", "tools", "toolUseEnforcement", "externalMemory", "currentTime", "cacheBoundary", "warningsBlock", "targetPath",
  "userAuthored", "allow", "now", "timeZone",
] as const;

/**
 * Checks `options` of /v1/assemble and PUT /v1/sessions/:id/system-prompt and maps them to AssembleOptions. Paths
 * (cwd, home, root) are relative to the workspace (default cwd and root: the workspace itself). Token counts are not
 * offered: no tokenizer runs on the request path.
 */
export function assembleOptions(value: unknown): AssembleOptions {
  const o = object(value ?? {}, "options", OPTION_KEYS);
  const out: AssembleOptions = { cwd: dir(o.cwd, "options.cwd") ?? WORKSPACE, root: dir(o.root, "options.root") ?? WORKSPACE };
  const home = dir(o.home, "options.home");
  if (home !== undefined) out.home = home;
  const set = <K extends keyof AssembleOptions>(key: K, v: AssembleOptions[K] | undefined) => { if (v !== undefined) out[key] = v; };
  set("policy", oneOf(o.policy, "options.policy", ["hermes", "codex", "claude", "cursor", "gemini", "openclaw"] as const));
  set("mode", oneOf(o.mode, "options.mode", ["full", "minimal", "none"] as const));
  set("budget", oneOf(o.budget, "options.budget", ["hermes", "openclaw"] as const));
  for (const key of ["model", "provider", "platform", "systemMessage", "externalMemory", "targetPath"] as const) set(key, str(o[key], `options.${key}`, true));
  set("contextWindow", int(o.contextWindow, "options.contextWindow"));
  set("maxChars", int(o.maxChars, "options.maxChars"));
  set("currentTime", bool(o.currentTime, "options.currentTime"));
  set("cacheBoundary", bool(o.cacheBoundary, "options.cacheBoundary"));
  set("warningsBlock", bool(o.warningsBlock, "options.warningsBlock"));
  set("userAuthored", strings(o.userAuthored, "options.userAuthored"));
  if (o.tools !== undefined) {
    if (!Array.isArray(o.tools)) bad("E_TYPE", "options.tools must be an array of { name, summary? }");
    out.tools = (o.tools as unknown[]).map((t, i) => {
      const tool = object(t, `options.tools[${i}]`, ["name", "summary"]);
      const summary = str(tool.summary, `options.tools[${i}].summary`, true);
      return { name: str(tool.name, `options.tools[${i}].name`), ...(summary !== undefined ? { summary } : {}) };
    });
  }
  if (o.toolUseEnforcement !== undefined) {
    const t = o.toolUseEnforcement;
    if (typeof t !== "boolean" && t !== "auto" && !(Array.isArray(t) && t.every((s) => typeof s === "string"))) {
      bad("E_TYPE", "options.toolUseEnforcement must be true, false, \"auto\" or an array of model-name substrings");
    }
    out.toolUseEnforcement = t as AssembleOptions["toolUseEnforcement"];
  }
  if (o.allow !== undefined) {
    if (!Array.isArray(o.allow)) bad("E_TYPE", "options.allow must be an array of { file, sha256, rules, reason? }");
    out.allow = (o.allow as unknown[]).map((a, i) => {
      const entry = object(a, `options.allow[${i}]`, ["file", "sha256", "rules", "reason"]);
      const reason = str(entry.reason, `options.allow[${i}].reason`, true);
      return {
        file: str(entry.file, `options.allow[${i}].file`), sha256: str(entry.sha256, `options.allow[${i}].sha256`),
        rules: strings(entry.rules, `options.allow[${i}].rules`) ?? [], ...(reason !== undefined ? { reason } : {}),
      };
    });
  }
  const now = str(o.now, "options.now", true);
  if (now !== undefined) {
    const date = new Date(now);
    if (Number.isNaN(date.getTime())) bad("E_VALUE", `options.now must be an ISO 8601 date, got ${show(now)}`);
    out.now = date;
  }
  const timeZone = str(o.timeZone, "options.timeZone", true);
  if (timeZone !== undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone });
    } catch {
      bad("E_VALUE", `options.timeZone is not an IANA time zone: ${show(timeZone)}`);
    }
    out.timeZone = timeZone;
  }
  return out;
}

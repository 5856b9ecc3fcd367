// Instantiation: turns a compiled build/release.wasm into the core's bindings, checks createCore()'s options and
// applies them (scan chains, bytes block size). Also holds the value descriptions the core's error messages use.
// Runtime-neutral: the caller compiles the module its own way, so this file touches no I/O and no runtime globals.

import { instantiate } from "../../build/release.js";
import { PromptasmError } from "../errors.js";
import { BYTES_BLOCK, MAX_BYTES_BLOCK, type CoreOptions } from "./types.js";

/** The core's generated bindings (build/release.js): strings and typed arrays in, numbers and typed arrays out. */
export type CoreBindings = Awaited<ReturnType<typeof instantiate>>;

/** The raw exports of the core (before the generated bindings adapt them): pointers and numbers. */
export interface RawExports {
  memory: WebAssembly.Memory;
  inputBuffer(length: number): number;
  __collect(): void;
  unitsBuffer(units: number): number;
  decodedPointer(): number;
}

/** One instantiated core with its checked settings: what the DFA driver and the text and bytes paths share. */
export interface CoreInstance {
  /** The generated bindings. */
  readonly wasm: CoreBindings;
  /** The raw exports under them (pointers into `raw.memory`; take a view after each call: memory may grow). */
  readonly raw: RawExports;
  /** Block size of Core.scanBytes() in bytes (CoreOptions.bytesBlock, default BYTES_BLOCK). */
  readonly bytesBlock: number;
  /** CoreOptions.encodeUtf16, when given. */
  readonly encodeUtf16: ((text: string) => Uint8Array) | undefined;
}

/** A value's kind for an error message: "null", "undefined", a class name ("Uint16Array", "Array") or a typeof. */
export function describeValue(v: unknown): string {
  if (v === null) return "null";
  if (typeof v !== "object") return typeof v;
  const name = (v as { constructor?: { name?: unknown } }).constructor?.name;
  return typeof name === "string" && name !== "" ? name : "object";
}

/** A setting's value for an error message: JSON where it can be (BigInts as 1n), else its kind. */
function showSetting(v: unknown): string {
  if (typeof v === "number" && !Number.isFinite(v)) return String(v);
  if (typeof v === "bigint") return `${v}n (a BigInt)`;
  if (typeof v === "object" && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) !== Object.prototype) return describeValue(v);
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === "bigint" ? `${x}n` : x)) ?? describeValue(v);
  } catch {
    return describeValue(v);
  }
}

/**
 * Instantiates the core and applies its options.
 * @param module the compiled build/release.wasm.
 * @param options runtime helpers (see CoreOptions); null is taken as {}.
 * @throws PromptasmError E_ARG when options is not an object or a setting is out of range; E_WASM when instantiation
 *   fails or the core rejects a setting.
 */
export async function instantiateCore(module: WebAssembly.Module, options: CoreOptions | null): Promise<CoreInstance> {
  options ??= {};
  if (typeof options !== "object") throw new PromptasmError("E_ARG", `core options must be an object, got ${describeValue(options)}`);
  let wasm: CoreBindings;
  try {
    wasm = await instantiate(module, { env: {} } as never);
  } catch (cause) {
    throw new PromptasmError("E_WASM", `could not instantiate the promptasm core: ${String(cause)}`, { cause });
  }
  const raw = Object.getPrototypeOf(wasm) as RawExports;
  if (options.scanChains !== undefined) {
    const setting = options.scanChains as { chains?: unknown; minUnits?: unknown } | null;
    const chains = setting?.chains;
    const minUnits = setting?.minUnits ?? 1024;
    const bad = setting === null || typeof setting !== "object" ? `got ${showSetting(setting)}`
      : typeof chains !== "number" || !Number.isInteger(chains) || chains < 1 || chains > 4 ? `chains is ${showSetting(chains)}`
      : typeof minUnits !== "number" || !Number.isInteger(minUnits) || minUnits < chains * 128 || minUnits > 0x7fffffff ? `minUnits is ${showSetting(minUnits)}`
      : "";
    if (bad !== "") throw new PromptasmError("E_ARG", `scanChains must be { chains: 1..4, minUnits: integer in 128 × chains..2147483647 }: ${bad}`);
    if (wasm.setChains(chains as number, minUnits as number) !== 0) throw new PromptasmError("E_WASM", "the core rejected the scanChains setting");
  }
  const bytesBlock = options.bytesBlock ?? BYTES_BLOCK;
  if (!Number.isInteger(bytesBlock) || bytesBlock < 64 || bytesBlock > MAX_BYTES_BLOCK) {
    throw new PromptasmError("E_ARG", `bytesBlock must be an integer number of bytes in 64..${MAX_BYTES_BLOCK}, got ${showSetting(options.bytesBlock)}`);
  }
  return { wasm, raw, bytesBlock, encodeUtf16: options.encodeUtf16 };
}

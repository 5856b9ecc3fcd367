// The WASM boundary's entry: createCore() instantiates the AssemblyScript core from a compiled WebAssembly.Module and
// puts its pieces together, and this file re-exports the core's public names. The pieces, in pipeline order:
// types.ts (the Core interface and its constants), instance.ts (instantiation and options), dfa.ts (the lazy DFA
// driver: slots, transitions built on demand, cache resets, work budget), text.ts (the string calls) and bytes.ts
// (the UTF-8 calls, in blocks). Runtime-neutral: the caller compiles the module its own way (Node reads the file, a
// page streams it, a Worker imports it), so the core touches no I/O and no runtime globals.

import { createBytesPath } from "./bytes.js";
import { createDfaDriver } from "./dfa.js";
import { instantiateCore } from "./instance.js";
import { createTextPath } from "./text.js";
import type { Core, CoreOptions } from "./types.js";

export {
  BYTES_BLOCK, CORE_SLOTS, ENCODED_BASE64, ENCODED_ESCAPE, ENCODED_HEX, INVISIBLE_CONTEXT, MAX_BYTES_BLOCK, MAX_DECODE_BYTES,
  MAX_SCAN_BYTES, RELEASE_ABOVE_BYTES, SCAN_CHUNK,
} from "./types.js";
export type {
  BytesScan, Core, CoreOptions, Cuts, InvisibleChar, RuleGroups, ScanLimit, ScanRules, ScanStats, TextChunk,
} from "./types.js";

/**
 * Instantiates the core.
 * @param module the compiled build/release.wasm.
 * @param options runtime helpers (see CoreOptions); the Node entry passes a Buffer-based encodeUtf16.
 * @throws PromptasmError E_ARG when options is not an object or a setting is out of range; E_WASM when instantiation
 *   fails.
 */
export async function createCore(module: WebAssembly.Module, options: CoreOptions | null = {}): Promise<Core> {
  const instance = await instantiateCore(module, options);
  const { wasm, raw } = instance;
  const dfa = createDfaDriver(instance);
  const text = createTextPath(instance, dfa);
  const bytes = createBytesPath(instance, dfa);
  return {
    normalize: text.normalize,
    findInvisible: text.findInvisible,
    findInvisibleChunk: text.findInvisibleChunk,
    truncateCuts: text.truncateCuts,
    scanRaw: text.scanRaw,
    scanChunks: text.scanChunks,
    scanBytes: bytes.scanBytes,
    decodeUtf8: bytes.decodeUtf8,
    memoryBytes: () => raw.memory.buffer.byteLength,
    scanStats() {
      const n = wasm.scanStats();
      return { serial: n[0]!, interleaved: n[1]!, fixups: n[2]!, fixupsMet: n[3]!, fixupUnits: n[4]!, floods: n[5]!, restarts: n[6]! };
    },
  };
}

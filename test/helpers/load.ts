// Shared test setup: one compiled core module for every test file (build/release.wasm, built by `npm test`).
import { readFile } from "node:fs/promises";
import { createPromptasm, type Promptasm } from "../../src/index.js";

let module: Promise<WebAssembly.Module> | undefined;

export async function loadForTest(): Promise<Promptasm> {
  module ??= readFile(new URL("../../build/release.wasm", import.meta.url)).then((b) => WebAssembly.compile(b));
  return createPromptasm(await module);
}

// Types of the "./wasm" and "./release.wasm" exports: build/release.wasm, the compiled core, as the module a bundler
// hands back for a .wasm import (wrangler and vitest-pool-workers: a WebAssembly.Module). Pass it to createPromptasm.
// For Vite use "promptasm/browser" (or `import url from "promptasm/wasm?url"`); for Node, "promptasm/node".
declare const module: WebAssembly.Module;
export default module;

// promptasm for Node: everything in the runtime-neutral entry, plus a loader that reads the .wasm from this package,
// a WorkspaceReader over the filesystem, a streaming file scanner and the SQLite session store.

export * from "./index.js";
export { loadPromptasm, WASM_URL } from "./adapters/node/load.js";
export { NodeWorkspaceReader, DEFAULT_MAX_BYTES, type NodeReaderOptions } from "./adapters/node/reader.js";
export { scanFile } from "./adapters/node-scan-file.js";
export { SqliteSessionStore, type SqliteSessionStoreOptions, type SqliteConnection } from "./stores/sqlite.js";

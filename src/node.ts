// promptasm for Node: everything in the runtime-neutral entry, plus a loader that reads the .wasm from this package,
// a WorkspaceReader over the filesystem, a streaming file scanner, the SQLite session store and the git snapshot reader.

export * from "./index.js";
export { loadPromptasm, WASM_URL } from "./adapters/node/load.js";
export { NodeWorkspaceReader, DEFAULT_MAX_BYTES, type NodeReaderOptions } from "./adapters/node/reader.js";
export { scanFile } from "./adapters/node-scan-file.js";
export { SqliteSessionStore, type SqliteSessionStoreOptions, type SqliteConnection } from "./stores/sqlite.js";
// The git workspace snapshot for options.gitSnapshot (runs `git`; null outside a repository or without git).
export { readGitSnapshot } from "./adapters/node/git.js";

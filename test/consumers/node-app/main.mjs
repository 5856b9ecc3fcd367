// A user's Node ESM script, as the README's library example: load the core from the installed package, assemble the
// system prompt of ./workspace, build an Anthropic Messages request with cache breakpoints, and freeze the prompt in
// a SQLite file (better-sqlite3 installed beside promptasm). Prints one JSON object for the test to check.
// Usage: node main.mjs <sqlite file>
import { fileURLToPath } from "node:url";
import { anthropicRequest, CACHE_BOUNDARY, freezeSession, loadPromptasm, NodeWorkspaceReader, SqliteSessionStore } from "promptasm";

const workspace = fileURLToPath(new URL("./workspace", import.meta.url));
const pa = await loadPromptasm();
const options = { cwd: workspace, root: workspace, home: `${workspace}/home`, model: "claude-sonnet-4-5", provider: "anthropic", platform: "cli" };
const build = () => pa.assemble(new NodeWorkspaceReader(), options);
const built = await build();

const request = anthropicRequest({
  system: built.prompt,
  messages: [{ role: "user", content: "What should I run before committing?" }],
  model: "claude-sonnet-4-5",
  maxTokens: 512,
  // This demo workspace is far below Sonnet's 1,024-token cache minimum; a real one is not, and needs no such line.
  minCacheTokens: 64,
});

const store = new SqliteSessionStore(process.argv[2]);
const runtime = { model: options.model, provider: options.provider, cwd: workspace, platform: "cli" };
const first = await freezeSession(store, "chat-1", build, runtime, { scanner: pa });
const second = await freezeSession(store, "chat-1", build, runtime, { scanner: pa });
const stored = await store.get("chat-1");
store.close();

console.log(JSON.stringify({
  prompt: built.prompt,
  hasBoundary: built.prompt.includes(CACHE_BOUNDARY),
  findings: built.findings.length,
  request,
  first: { state: first.state, stored: first.stored },
  second: { state: second.state, stored: second.stored, same: second.prompt === first.prompt },
  storedHash: stored?.contentHash ?? null,
  firstHash: first.record.contentHash,
}));

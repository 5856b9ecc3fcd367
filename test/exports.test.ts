// The package's public surface: the runtime names each entry exports ("." and "./node" in package.json). A name
// added or removed here is a change to the public API: update the list on purpose, and the README/docs with it.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as neutral from "../src/index.js";
import * as node from "../src/node.js";

const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** The runtime-neutral entry ("." outside Node), sorted by code unit. */
const NEUTRAL_NAMES = [
  "AI_SDK_BEDROCK_MESSAGE_POINTS", "ASSEMBLE_OPTIONS", "BUILTIN_POLICIES", "BUILTIN_RULES", "CACHE_BOUNDARY",
  "CONFIG_FILE", "DEFAULT_MIN_CACHE_TOKENS", "DISCOVERY_POLICIES", "ENUMS", "EXTERNAL_MEMORY_LABEL",
  "IndexedDbSessionStore", "JOIN_WINDOW", "KvSessionStore", "MAX_CACHE_BREAKPOINTS", "MapWorkspaceReader",
  "MemorySessionStore", "PROVIDERS", "PromptasmError", "SCOPES", "STORED_PROMPT_SCOPE", "SessionStoreError",
  "TARGET_PATH_POLICIES", "addDynamicText", "aiSdkPrompt", "anthropicRequest", "applyBudget", "applyPromptChange",
  "assembleSystemPrompt", "bedrockConverseRequest", "buildProviderRequest", "canCarryBreakpoint", "compileRules",
  "countAnthropicBreakpoints", "countRouterBreakpoints", "createPolicyRegistry", "createPromptasm",
  "createSessionRecord", "decodeFileBytes", "detectCacheInput", "discover", "discoverForAssembly", "estimateTokens",
  "explainCacheBreak", "findBoundary", "formatCacheBreak", "freezeSession", "geminiCachedContent",
  "geminiCachedContentParams", "geminiGenerateContent", "geminiGenerateContentParams", "instructionRole",
  "invalidateSession", "joinFindings", "minCacheableTokens", "openaiChatRequest", "openaiResponsesRequest",
  "openclawSections", "openrouterChatRequest", "parseConfig", "promptSettings", "resolveCacheTtl", "rulesForScope",
  "scanReference", "sectionSpans", "sections", "sha256Hex", "splitAtBoundary", "startNextSession", "stripBoundary",
  "toDeveloperRole", "userMessageWithContext", "validateAssembleOptions", "withCurrentTime", "withProviders",
];

/** What "./node" (and "." under Node) adds to the neutral entry. */
const NODE_ONLY_NAMES = ["DEFAULT_MAX_BYTES", "NodeWorkspaceReader", "SqliteSessionStore", "WASM_URL", "loadPromptasm", "readGitSnapshot", "scanFile"];

describe("the public entries", () => {
  it('"." exports exactly the listed runtime names (74: 55 after the cut from 89, then issues 16/17\'s provider table, OpenRouter, AI SDK, Gemini params, policy registry, boundary helpers, OpenClaw sections and prompt-change commands)', () => {
    expect(Object.keys(neutral).sort()).toEqual(NEUTRAL_NAMES);
    expect(NEUTRAL_NAMES).toHaveLength(74);
  });

  it('"./node" is the neutral entry plus the Node loader, the filesystem reader, scanFile and SQLite', () => {
    expect(Object.keys(node).sort()).toEqual([...NEUTRAL_NAMES, ...NODE_ONLY_NAMES].sort());
    // Same objects, not copies: a class from either entry passes instanceof against the other.
    expect(node.createPromptasm).toBe(neutral.createPromptasm);
    expect(node.PromptasmError).toBe(neutral.PromptasmError);
  });

  it("leaves test machinery and internals out", () => {
    for (const name of ["simulateSession", "formatSimulationTable", "Scanner", "findInvisible", "prefixTextOfBlock",
      "cachePoint", "OPENCLAW_BUDGET", "truncationMarker", "firstInvalidUtf8", "contentHash"]) {
      expect(name in neutral, name).toBe(false);
      expect(name in node, name).toBe(false);
    }
    // The session simulator lives under test/, so tsc never puts it in dist/.
    expect(readdirSync(`${ROOT}/src/stores`)).not.toContain("simulate.ts");
  });

  it("names each provider function instead of re-exporting whole provider files", () => {
    const index = readFileSync(`${ROOT}/src/index.ts`, "utf8");
    expect(index).not.toMatch(/export \* from/);
    // The only namespace export is the section builders.
    expect(index.match(/export \* as \w+/g)).toEqual(["export * as sections"]);
  });

  it("has one package.json export per entry file of src/, each pointing at its built file", () => {
    const pkg = JSON.parse(readFileSync(`${ROOT}/package.json`, "utf8"));
    // Every "./dist/<entry>.js" any export condition points at.
    const targets = new Set<string>();
    const walk = (v: unknown): void => {
      if (typeof v === "string") { if (/^\.\/dist\/[^/]+\.js$/.test(v)) targets.add(v.slice("./dist/".length, -3)); }
      else if (v !== null && typeof v === "object") Object.values(v).forEach(walk);
    };
    walk(pkg.exports);
    // The top-level .ts files of src/ that are entries (errors.ts is a module, not an entry).
    const entries = readdirSync(`${ROOT}/src`).filter((f) => f.endsWith(".ts") && f !== "errors.ts").map((f) => f.slice(0, -3));
    expect([...targets].sort()).toEqual(entries.sort());
    expect(pkg.exports["./node"].default).toBe("./dist/node.js");
    expect(pkg.exports["."].default).toBe("./dist/index.js");
  });

  it('"./browser" is the neutral entry plus a fetching loadPromptasm and WASM_URL', async () => {
    const browser = await import("../src/browser.js");
    expect(Object.keys(browser).sort()).toEqual([...NEUTRAL_NAMES, "WASM_URL", "loadPromptasm"].sort());
    expect(browser.createPromptasm).toBe(neutral.createPromptasm);
  });

  it('"./workerd" re-exports the neutral entry and names its own additions (read from its source: it imports a .wasm)', () => {
    const source = readFileSync(`${ROOT}/src/workerd.ts`, "utf8");
    expect(source).toContain('export * from "./index.js";');
    const own = [...source.matchAll(/^export (?:async )?(?:function|const|class) (\w+)|^export \{([^}]*)\} from/gm)]
      .flatMap((m) => (m[1] !== undefined ? [m[1]] : m[2]!.split(",").map((n) => n.trim()).filter((n) => n !== "" && !n.startsWith("type "))))
      .sort();
    expect(own).toEqual([
      "DO_MAX_PREFIX_CHARS", "DO_MAX_RECORD_CHARS", "DO_PART_CHARS", "DurableObjectSessionStore", "FrozenPromptObject",
      "createPromptasmRouter", "handlePromptasmRequest", "loadPromptasm",
    ]);
  });
});

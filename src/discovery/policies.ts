// One entry point for every discovery policy: pick the agent whose conventions the workspace follows, get the
// context files that agent would load. The policies themselves are listed once, in registry.ts.
// Runtime-neutral: all I/O goes through a WorkspaceReader.
import type { CodexOptions } from "./codex.js";
import type { CursorDiscovery, CursorOptions } from "./cursor.js";
import { DEFAULT_REGISTRY, type DiscoveryPolicy, type PolicyRegistry } from "./registry.js";
import type { WorkspaceReader } from "./reader.js";
import type { Discovery, DiscoverOptions } from "./types.js";

export {
  BUILTIN_POLICIES, createPolicyRegistry, DEFAULT_REGISTRY, DISCOVERY_POLICIES, TARGET_PATH_POLICIES,
  type DiscoveryPolicy, type PolicyRegistry,
} from "./registry.js";

/** The options each built-in policy takes (every policy ignores options it has no use for). */
export interface PolicyOptions {
  hermes: { root?: string };
  codex: CodexOptions;
  claude: { root?: string };
  cursor: CursorOptions;
  gemini: { root?: string };
  openclaw: Record<string, never>;
  copilot: { root?: string; targetPath?: string };
  windsurf: { root?: string; targetPath?: string };
  cline: { root?: string; targetPath?: string };
  roo: { root?: string; rooMode?: string };
  kiro: { root?: string; targetPath?: string };
  junie: { root?: string };
  auto: DiscoverOptions;
}

/** What each policy returns: a Discovery; Cursor's always has `requestable`. */
export type PolicyResults = { [P in DiscoveryPolicy]: P extends "cursor" ? CursorDiscovery : Discovery };

/**
 * Runs one discovery policy by name, through `registry` (default: the built-in policies). See each policy's
 * function for what it loads (discoverHermes, discoverCodex, discoverClaude, discoverCursor, discoverGemini,
 * discoverOpenClaw — for which `cwd` is the agent's workspace directory —, discoverCopilot, discoverWindsurf,
 * discoverCline, discoverRoo, discoverKiro, discoverJunie, discoverAuto). `Discovery.kind` is the policy's name when
 * something loads ("codex", "claude", …; the Hermes policy reports the kind that won: "hermes", "agents", "claude"
 * or "cursor"), else "none". Context files of other policies that are there and not read get "other-policy" notes
 * (see PolicyRegistry.discover).
 *
 * @example
 * const d = await discover(reader, "/repo/pkg", "codex", { maxBytes: 16_384 });
 * @throws PromptasmError E_ARG for an unknown policy, plus whatever the chosen policy throws (E_NOT_FOUND for a
 *   missing cwd, E_ARG for bad options).
 */
export async function discover<P extends DiscoveryPolicy>(
  reader: WorkspaceReader,
  cwd: string,
  policy: P,
  options?: PolicyOptions[P],
  registry: PolicyRegistry = DEFAULT_REGISTRY,
): Promise<PolicyResults[P]> {
  return (await registry.discover(reader, cwd, policy, (options ?? {}) as DiscoverOptions)) as PolicyResults[P];
}

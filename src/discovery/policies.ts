// One entry point for every discovery policy: pick the agent whose conventions the workspace follows, get the
// context files that agent would load. Runtime-neutral: all I/O goes through a WorkspaceReader.
import { PromptasmError } from "../errors.js";
import { discoverClaude } from "./claude.js";
import { discoverCodex, type CodexOptions } from "./codex.js";
import { discoverCursor, type CursorDiscovery, type CursorOptions } from "./cursor.js";
import { discoverGemini } from "./gemini.js";
import { discoverHermes, type Discovery } from "./hermes.js";
import { discoverOpenClaw } from "./openclaw.js";
import type { WorkspaceReader } from "./reader.js";

/** Whose conventions decide which context files load. */
export type DiscoveryPolicy = "hermes" | "codex" | "claude" | "cursor" | "gemini" | "openclaw";

/** Every policy, in a fixed order (for CLIs and docs). */
export const DISCOVERY_POLICIES: readonly DiscoveryPolicy[] = [
  "hermes", "codex", "claude", "cursor", "gemini", "openclaw",
];

/** The options each policy takes. */
export interface PolicyOptions {
  hermes: { root?: string };
  codex: CodexOptions;
  claude: { root?: string };
  cursor: CursorOptions;
  gemini: { root?: string };
  openclaw: Record<string, never>;
}

/** What each policy returns: a Discovery; Cursor's adds `requestable`. */
export interface PolicyResults {
  hermes: Discovery;
  codex: Discovery;
  claude: Discovery;
  cursor: CursorDiscovery;
  gemini: Discovery;
  openclaw: Discovery;
}

/**
 * Runs one discovery policy: {@link discoverHermes}, {@link discoverCodex}, {@link discoverClaude},
 * {@link discoverCursor}, {@link discoverGemini} or {@link discoverOpenClaw} (for which `cwd` is the agent's
 * workspace directory). `Discovery.kind` is the policy's name when something loads ("codex", "claude", …; the Hermes
 * policy reports the kind that won: "hermes", "agents", "claude" or "cursor"), else "none".
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
): Promise<PolicyResults[P]> {
  const run = async (): Promise<Discovery | CursorDiscovery> => {
    switch (policy as DiscoveryPolicy) {
      case "hermes":
        return discoverHermes(reader, cwd, options as PolicyOptions["hermes"]);
      case "codex":
        return discoverCodex(reader, cwd, options as PolicyOptions["codex"]);
      case "claude":
        return discoverClaude(reader, cwd, options as PolicyOptions["claude"]);
      case "cursor":
        return discoverCursor(reader, cwd, options as PolicyOptions["cursor"]);
      case "gemini":
        return discoverGemini(reader, cwd, options as PolicyOptions["gemini"]);
      case "openclaw":
        return discoverOpenClaw(reader, cwd);
    }
    const known = DISCOVERY_POLICIES.join(", ");
    throw new PromptasmError("E_ARG", `unknown discovery policy ${JSON.stringify(policy)}; expected one of ${known}`);
  };
  return (await run()) as PolicyResults[P];
}

// The discovery policy registry: one table of policy records, the single source of the policy names that the
// library, the config file, the CLI, the Worker and the page accept. Adding a policy is one new file exporting a
// DiscoveryPolicyRecord and one line in BUILTIN_POLICIES (or, outside this package, one createPolicyRegistry call).
import { PromptasmError } from "../errors.js";
import { autoPolicy } from "./auto.js";
import { claudePolicy } from "./claude.js";
import { clinePolicy } from "./cline.js";
import { codexPolicy } from "./codex.js";
import { copilotPolicy } from "./copilot.js";
import { cursorPolicy } from "./cursor.js";
import { geminiPolicy } from "./gemini.js";
import { hermesPolicy } from "./hermes.js";
import { juniePolicy } from "./junie.js";
import { kiroPolicy } from "./kiro.js";
import { openclawPolicy } from "./openclaw.js";
import { join } from "./paths.js";
import type { WorkspaceReader } from "./reader.js";
import { rooPolicy } from "./roo.js";
import type { Discovery, DiscoverOptions, DiscoveryNote, DiscoveryPolicyRecord } from "./types.js";
import { windsurfPolicy } from "./windsurf.js";

/**
 * Every built-in policy, in the order help texts list them and `auto` runs them. The first six keep the order the
 * names had before the registry existed.
 */
export const BUILTIN_POLICIES = [
  hermesPolicy,
  codexPolicy,
  claudePolicy,
  cursorPolicy,
  geminiPolicy,
  openclawPolicy,
  copilotPolicy,
  windsurfPolicy,
  clinePolicy,
  rooPolicy,
  kiroPolicy,
  juniePolicy,
  autoPolicy,
] as const;

/** The name of a built-in policy: "hermes" | "codex" | … | "auto". */
export type DiscoveryPolicy = (typeof BUILTIN_POLICIES)[number]["name"];

/** The built-in policy names, in registry order (for CLIs, config validation, the Worker and the page). */
export const DISCOVERY_POLICIES: readonly DiscoveryPolicy[] = BUILTIN_POLICIES.map((p) => p.name);

/** The built-in policies that read `targetPath` (conditional rules), for CLIs that warn when it has no effect. */
export const TARGET_PATH_POLICIES: readonly DiscoveryPolicy[] = BUILTIN_POLICIES.filter((p) => p.usesTargetPath === true)
  .map((p) => p.name);

/** A set of policies and the one way to run them. */
export interface PolicyRegistry {
  /** The records, in registry order. */
  readonly policies: readonly DiscoveryPolicyRecord[];
  /** Their names, in the same order. */
  readonly names: readonly string[];
  /** The record named `name`, or undefined. */
  get(name: string): DiscoveryPolicyRecord | undefined;
  /**
   * Runs the policy `name` for an agent started in `cwd`, then adds an "other-policy" note for every marker of
   * another registered policy (its files or directories, in the result's root and in cwd) that is there and that
   * this policy neither loaded nor noted. `auto` gets no such notes: it reads every kind.
   * @throws PromptasmError E_ARG for a name that is not registered (the message lists the names); whatever the
   *   policy throws.
   */
  discover(reader: WorkspaceReader, cwd: string, name: string, options?: DiscoverOptions): Promise<Discovery>;
}

/**
 * Builds a registry from `records` (give `[...BUILTIN_POLICIES, myPolicy]` to add one).
 * @throws PromptasmError E_ARG when a name is not lower-case letters, digits and `-` (starting with a letter, at
 *   most 32 characters) or appears twice.
 */
export function createPolicyRegistry(records: readonly DiscoveryPolicyRecord[]): PolicyRegistry {
  const byName = new Map<string, DiscoveryPolicyRecord>();
  for (const record of records) {
    if (!/^[a-z][a-z0-9-]{0,31}$/.test(record.name)) {
      throw new PromptasmError("E_ARG", `policy name ${JSON.stringify(record.name)} must be lower-case letters, digits and -`);
    }
    if (byName.has(record.name)) throw new PromptasmError("E_ARG", `policy ${JSON.stringify(record.name)} is registered twice`);
    byName.set(record.name, record);
  }
  const policies = [...records];
  const names = policies.map((p) => p.name);
  const context = { policies };
  return {
    policies,
    names,
    get: (name) => byName.get(name),
    async discover(reader, cwd, name, options = {}) {
      const record = typeof name === "string" ? byName.get(name) : undefined;
      if (!record) {
        throw new PromptasmError("E_ARG", `unknown discovery policy ${JSON.stringify(name)}; expected one of ${names.join(", ")}`);
      }
      const d = await record.discover(reader, cwd, options, context);
      if (record.markers.length > 0 || record.inAuto) await noteOtherPolicies(reader, cwd, record, policies, d);
      return d;
    },
  };
}

/** The registry of the built-in policies. */
export const DEFAULT_REGISTRY: PolicyRegistry = createPolicyRegistry(BUILTIN_POLICIES);

// Adds the "other-policy" notes described at PolicyRegistry.discover. `d.root` is the policy's root (or cwd).
async function noteOtherPolicies(
  reader: WorkspaceReader,
  cwd: string,
  record: DiscoveryPolicyRecord,
  policies: readonly DiscoveryPolicyRecord[],
  d: Discovery,
): Promise<void> {
  const own = new Set(record.markers);
  const dirs = d.root === cwd ? [cwd] : [d.root, cwd];
  const readers = new Map<string, string[]>(); // marker -> names of the other policies that read it
  for (const other of policies) {
    if (other === record) continue;
    for (const marker of other.markers) {
      if (own.has(marker)) continue;
      const list = readers.get(marker) ?? [];
      list.push(other.name);
      readers.set(marker, list);
    }
  }
  const loaded = new Set(d.files.map((f) => f.path));
  const noted = new Set(d.notes.map((n) => n.path));
  const found: DiscoveryNote[] = [];
  for (const dir of dirs) {
    for (const [marker, names] of readers) {
      const path = join(dir, marker);
      if (loaded.has(path) || noted.has(path) || [...loaded].some((p) => p.startsWith(path + "/"))) continue;
      if ((await reader.kind(path)) === null) continue;
      noted.add(path);
      const also = policies.some((p) => p.name === "auto") ? [...names, "auto"] : names;
      const message = `${path}: not read by the ${record.name} policy (${also.join(", ")} read${also.length > 1 ? "" : "s"} it)`;
      found.push({ path, message, reason: "other-policy" });
    }
  }
  d.notes.push(...found);
}

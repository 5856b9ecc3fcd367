// Stage 2 of assembly: guard. Every text found is scanned (context files and SOUL.md at the "context" scope; MEMORY.md,
// USER.md, skills and the memory provider's block at "strict"), blocked, warned or allowed (src/guard/file.ts), and
// the joins between texts that enter the prompt one after the other are scanned too (src/guard/joins.ts).
// Runtime-neutral.

import type { Core } from "../../core/wasm.js";
import type { DiscoveredFile } from "../../discovery/hermes.js";
import { EXTERNAL_MEMORY_LABEL, guardExternal, guardFile } from "../../guard/file.js";
import { guardJoins, type JoinPart } from "../../guard/joins.js";
import type { RuleScope } from "../../scan/rules.js";
import type { Scanner } from "../../scan/scanner.js";
import type { Found } from "./discover.js";
import type { ResolvedOptions } from "./options.js";
import type { AssemblyReport } from "./report.js";

/** A text after the guard: `text` is normalized, or null when blocked (a notice takes its place). */
export interface GuardedHome {
  path: string;
  label: string;
  text: string | null;
}

/** What the guard stage passes on. */
export interface Guarded {
  /** Home files by name ("SOUL.md", "MEMORY.md", "USER.md"), when present. */
  home: Partial<Record<string, GuardedHome>>;
  /** Skills that passed the guard (blocked ones are left out of the index). */
  skills: Array<{ path: string; text: string }>;
  /** The memory provider's block: undefined when not given, null when withheld. */
  external: string | null | undefined;
  /** Context files in discovery order, each with its guarded text (null when blocked). */
  context: Array<{ file: DiscoveredFile; text: string | null }>;
}

/**
 * The guard stage. Order: home files, skills, the memory provider's block, the memory section's joins (MEMORY.md →
 * USER.md → external), context files, then the context tier's joins (static files in order, then dynamic ones).
 * OpenClaw's MEMORY.md and USER.md are the agent's own memory, as in a home: scanned at the strict scope.
 * Appends findings, notes and blocked files to `report`. (resolveOptions has checked that externalMemory is a string.)
 */
export async function guardStage(core: Core, scanner: Scanner, resolved: ResolvedOptions, found: Found, report: AssemblyReport): Promise<Guarded> {
  const { guard: policy } = resolved;
  const out: Guarded = { home: {}, skills: [], external: resolved.options.externalMemory, context: [] };
  const raw = new Map<string, string>(); // path → the text as read, for allow-entry hashes
  for (const h of found.home) {
    raw.set(h.path, h.text);
    out.home[h.name] = { path: h.path, label: h.label, text: await guardFile(core, scanner, policy, report, { ...h, origin: "home" }) };
  }
  for (const s of found.skills) {
    const text = await guardFile(core, scanner, policy, report, { ...s, scope: "strict", origin: "home" });
    if (text !== null) out.skills.push({ path: s.path, text });
  }
  if (typeof out.external === "string") out.external = guardExternal(scanner, policy, report, out.external);
  // The memory section's joins: MEMORY.md, USER.md and the provider's block follow one another there.
  const homePart = (name: "MEMORY.md" | "USER.md"): JoinPart | null => {
    const h = out.home[name];
    if (!h) return null;
    return { label: h.label, path: h.path, raw: raw.get(h.path) ?? "", scope: "strict", exemptible: true, listed: true, text: () => h.text, block: () => { h.text = null; } };
  };
  const memoryParts = [homePart("MEMORY.md"), homePart("USER.md")].filter((p): p is JoinPart => p !== null);
  if (typeof out.external === "string") {
    const ext = out.external;
    memoryParts.push({ label: EXTERNAL_MEMORY_LABEL, path: EXTERNAL_MEMORY_LABEL, raw: ext, scope: "strict", exemptible: false, listed: false,
      text: () => (typeof out.external === "string" ? out.external : null), block: () => { out.external = null; } });
  }
  await guardJoins(scanner, policy, report, memoryParts);

  const scopeOf = (file: DiscoveredFile): RuleScope =>
    (resolved.policy === "openclaw" && /^(?:MEMORY|USER)\.md$/i.test(file.label) ? "strict" : "context");
  for (const file of found.discovery.files) {
    out.context.push({ file, text: await guardFile(core, scanner, policy, report, { label: file.label, path: file.path, text: file.text, scope: scopeOf(file), origin: "workspace" }) });
  }
  // The joined context tier, in the order the files enter the prompt: static files, then dynamic ones.
  const inOrder = [...out.context.filter((g) => !g.file.dynamic), ...out.context.filter((g) => g.file.dynamic)];
  await guardJoins(scanner, policy, report, inOrder.map((g): JoinPart => ({
    label: g.file.label, path: g.file.path, raw: g.file.text, scope: scopeOf(g.file), exemptible: !g.file.label.startsWith("home/"), listed: true,
    text: () => g.text, block: () => { g.text = null; },
  })));
  return out;
}

// Stage 4 of assembly: sections. Builds every section from what the guard let through and the budget cut: identity,
// guidance, tools and styles, the system message, skills, the project context (static files above the cache boundary,
// dynamic ones below), the truncation warnings, memory, the clock, platform, environment and runtime. Machine facts
// (the environment section, the working directory) go in the volatile tier, so the cached prefix does not depend on
// where or on what the agent runs. Runtime-neutral.

import { blockedNotice, EXTERNAL_MEMORY_LABEL } from "../../guard/file.js";
import type { Scanner } from "../../scan/scanner.js";
import {
  currentTimeSection, environmentSection, executionBiasSection, identitySection, interactionStyleSection,
  memorySection, platformSection, runtimeSection, skillsIndexSection, systemMessageSection,
  toolCallStyleSection, toolGuidanceSection, toolListSection, toolUseEnforcementSection,
  executionGuidanceSection, gitSnapshotSection, platformOverrideNotes, sessionStartSections,
} from "../../sections/builders.js";
import { blockNotice } from "../../guard/guard.js";
import { CONTEXT_GUIDANCE } from "../../sections/texts.js";
import { openclawSections } from "../../sections/openclaw/index.js";
import type { Section, Tier } from "../../sections/types.js";
import { oneLine } from "../../util/escape.js";
import type { Budgeted } from "./budget.js";
import type { Found } from "./discover.js";
import type { Guarded } from "./guard.js";
import type { ResolvedOptions } from "./options.js";
import type { AssemblyReport } from "./report.js";
import { truncationWarningSection } from "./warning.js";

/** The ids the sections stage may emit for the truncation warnings (static files, then dynamic ones). */
export const WARNING_SECTION_IDS = ["truncation-warning", "dynamic-truncation-warning"] as const;

/**
 * The sections stage: every section that applies, in builder order (the tiers stage orders them). Findings in
 * Cursor's on-request rule names and descriptions, and in the working directory's name, are appended to `report`.
 * @returns the sections (nulls for builders that did not apply are left in; the tiers stage drops them).
 */
export function sectionsStage(
  scanner: Scanner, resolved: ResolvedOptions, found: Found, guarded: Guarded, budgeted: Budgeted, report: AssemblyReport,
): Array<Section | null> {
  const { options, now } = resolved;
  const part = (g: Guarded["context"][number]): string | null => {
    if (g.text === null && report.nameBlocked.has(g.file.path)) return `## (name withheld)\n\n${blockedNotice(report, g.file.label, g.file.path)}`;
    const body = g.text === null ? blockedNotice(report, g.file.label, g.file.path) : budgeted.placed.get(g.file.path);
    return body === undefined ? null : `## ${oneLine(g.file.label)}\n\n${body}`;
  };
  const staticFiles = guarded.context.filter((g) => !g.file.dynamic);
  const dynamicFiles = guarded.context.filter((g) => g.file.dynamic);
  const staticParts = staticFiles.map(part).filter((p): p is string => p !== null);
  const dynamicParts = dynamicFiles.map(part).filter((p): p is string => p !== null);
  const requestable = found.discovery.requestable ?? [];
  if (requestable.length > 0) {
    // Descriptions and names are file text too: scanned, and withheld when they hit.
    const lines = requestable.map((r) => {
      const hits = scanner.scan(`${r.name}\n${r.description}`, { scope: "context" });
      for (const f of hits) report.findings.push({ ...f, file: `${r.name} (description)`, path: r.path, action: "blocked" });
      return hits.length > 0
        ? `- [promptasm withheld a rule's name and description: they matched ${[...new Set(hits.map((f) => f.rule))].join(", ")}]`
        : `- ${oneLine(r.name)}: ${oneLine(r.description)}`;
    });
    staticParts.push(`## Rules available on request\n\n${lines.join("\n")}`);
  }

  const homeText = (name: string): { text: string; path: string } | null => {
    const h = budgeted.home[name];
    const g = guarded.home[name];
    if (!h || !g) return null;
    return { text: h.text ?? blockedNotice(report, g.label, g.path), path: h.path };
  };
  const soul = homeText("SOUL.md");
  const soulBlocked = guarded.home["SOUL.md"]?.text === null;
  if (soulBlocked) report.notes.push({ path: guarded.home["SOUL.md"]!.path, message: `${guarded.home["SOUL.md"]!.path} was blocked; the default identity is used instead` });
  const memory = homeText("MEMORY.md");
  const user = homeText("USER.md");
  const external = guarded.external === undefined ? undefined
    : guarded.external === null ? blockedNotice(report, EXTERNAL_MEMORY_LABEL, EXTERNAL_MEMORY_LABEL) : guarded.external;
  // The working directory is shown in the environment and runtime sections: its name is scanned like a file name.
  const cwdHits = options.environment || options.model !== undefined || options.provider !== undefined ? scanner.scan(options.cwd, { scope: "context" }) : [];
  if (cwdHits.length > 0) report.notes.push({ path: options.cwd, message: `the working directory's name matched ${[...new Set(cwdHits.map((f) => f.rule))].join(", ")}: withheld from the prompt` });
  const cwdShown = cwdHits.length > 0 ? "(withheld: its name matched a threat rule)" : oneLine(options.cwd);
  const tools = options.tools ?? [];
  // A malformed platform override falls back to the default hint: a note, never an error (issue 16).
  for (const n of platformOverrideNotes(options.platformOverrides)) report.notes.push({ path: "", message: n });
  // Commit subjects are repository text: scanned like a context file, the snapshot withheld on a finding.
  let git = gitSnapshotSection(options.gitSnapshot);
  if (git !== null) {
    const hits = scanner.scan(git.text, { scope: "context" }).filter((f) => options.warningsBlock === true || f.severity !== "low");
    if (hits.length > 0) {
      report.notes.push({ path: "", message: `the git snapshot matched ${[...new Set(hits.map((f) => f.rule))].join(", ")}: withheld from the prompt` });
      git = { ...git, text: blockNotice("the git snapshot", hits) };
    }
  }
  const styled = tools.length > 0 || options.overrides !== undefined;
  const section = (id: string, tier: Tier, text: string, sources: string[] = [], dynamic = false): Section | null =>
    text.trim() === "" ? null : { id, tier, text: text.trim(), sources, ...(dynamic ? { dynamic } : {}) };
  const clock = { now, ...(options.timeZone !== undefined ? { timeZone: options.timeZone } : {}) };
  const warnInPrompt = resolved.warningMode === "section";
  const environment = options.environment ? environmentSection({ ...options.environment, cwd: cwdShown }) : null;
  // OpenClaw's sections (options.openclaw): its tool list and runtime line replace the default ones when built.
  const openclaw = options.openclaw === undefined ? [] : openclawSections({
    ...options.openclaw, tools,
    ...(options.openclaw.runtime !== undefined ? {
      runtime: {
        ...(options.model !== undefined ? { model: options.model } : {}),
        ...(options.provider !== undefined ? { provider: options.provider } : {}),
        ...options.openclaw.runtime,
      },
    } : {}),
  });
  const openclawById = (id: string): Section | undefined => openclaw.find((s) => s.id === id);
  return [
    identitySection({ soul: soul && !soulBlocked ? soul : null, skipContextFiles: options.skipContextFiles === true }),
    options.skipContextFiles ? null : section("guidance", "stable", CONTEXT_GUIDANCE),
    toolGuidanceSection(tools.map((t) => t.name)),
    tools.length > 0 || options.toolUseEnforcement !== undefined
      ? toolUseEnforcementSection({ setting: options.toolUseEnforcement ?? "auto", ...(options.model !== undefined ? { model: options.model } : {}) })
      : null,
    tools.length > 0 || options.toolUseEnforcement !== undefined
      ? executionGuidanceSection({ setting: options.toolUseEnforcement ?? "auto", ...(options.model !== undefined ? { model: options.model } : {}) })
      : null,
    openclawById("tool-list") ?? toolListSection(tools),
    styled ? interactionStyleSection(options.overrides?.interactionStyle) : null,
    styled ? toolCallStyleSection(options.overrides?.toolCallStyle) : null,
    styled ? executionBiasSection(options.overrides?.executionBias) : null,
    systemMessageSection(options.systemMessage, { dropCurrentTime: options.currentTime === true }),
    skillsIndexSection(guarded.skills, { toolNames: tools.map((t) => t.name) }),
    git,
    staticParts.length > 0 ? section("project-context", "context", `# Project context\n\n${staticParts.join("\n\n")}`, staticFiles.map((g) => g.file.path)) : null,
    warnInPrompt ? truncationWarningSection(budgeted.staticCuts) : null,
    dynamicParts.length > 0 ? section("dynamic-context", "volatile", `# Context that changes between turns\n\n${dynamicParts.join("\n\n")}`, dynamicFiles.map((g) => g.file.path), true) : null,
    warnInPrompt ? belowBoundary(truncationWarningSection(budgeted.dynamicCuts), "dynamic-truncation-warning") : null,
    memorySection({ memory: memory ?? null, user: user ?? null, ...(external !== undefined ? { external } : {}), ...(options.memoryFiles ? { include: options.memoryFiles } : {}) }),
    ...sessionStartSections({ ...clock, ...options.sessionStart }),
    options.currentTime ? currentTimeSection(clock) : null,
    platformSection(options.platform, options.platformOverrides),
    // Machine facts (OS, WSL, working directory) below the boundary: a fleet's checkouts share one cached prefix.
    belowBoundary(environment),
    openclawById("runtime") ?? (options.model !== undefined || options.provider !== undefined
      ? runtimeSection({ ...(options.model !== undefined ? { model: options.model } : {}), ...(options.provider !== undefined ? { provider: options.provider } : {}), cwd: cwdShown })
      : null),
    // The other OpenClaw sections, in OPENCLAW_SECTION_IDS order; the tiers stage puts them in tier order.
    ...openclaw.filter((s) => s.id !== "tool-list" && s.id !== "runtime"),
  ];
}

// A section moved to the volatile tier (below the cache boundary), optionally under another id.
function belowBoundary(s: Section | null, id?: string): Section | null {
  return s === null ? null : { ...s, id: id ?? s.id, tier: "volatile" };
}

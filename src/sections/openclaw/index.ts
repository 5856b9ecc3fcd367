// OpenClaw's sections in one call: each section can be switched off, and each one whose input is missing is left
// out. The caller (the assembler, or an agent building its own prompt) merges them with the other sections and puts
// them in order with orderSections; stable ones land above the cache boundary, volatile ones below it.

import { PromptasmError } from "../../errors.js";
import type { Section } from "../types.js";
import {
  channelCapabilitiesSection, groupContextSection, heartbeatsSection, messagingSection, modelAliasesSection,
  providerPrefixSection, reasoningFormatSection, safetySection, silentRepliesSection, subagentContextSection,
} from "./messaging.js";
import { openclawRuntimeSection, type OpenClawRuntime } from "./runtime.js";
import { openclawToolListSection } from "./tools.js";

export * from "./capabilities.js";
export * from "./messaging.js";
export * from "./runtime.js";
export * from "./tools.js";

/** Section ids openclawSections can build, in the order it returns them. */
export const OPENCLAW_SECTION_IDS = [
  "tool-list", "provider-prefix", "safety", "reasoning-format", "model-aliases", "silent-replies",
  "messaging", "channel-capabilities", "group-context", "subagent-context", "heartbeats", "runtime",
] as const;
export type OpenClawSectionId = (typeof OPENCLAW_SECTION_IDS)[number];

/** Inputs of openclawSections. */
export interface OpenClawSectionOptions {
  tools?: ReadonlyArray<{ name: string; summary?: string }>;
  /** A provider's stable-prefix text (above the boundary). */
  providerPrefix?: string;
  reasoningHint?: string;
  modelAliases?: Readonly<Record<string, string>>;
  /** Silent reply token (default NO_REPLY). */
  silentToken?: string;
  /** Heartbeat ack token; the heartbeats section is built only when `heartbeats` is true. */
  heartbeatToken?: string;
  heartbeats?: boolean;
  groupContext?: string;
  subagentContext?: string;
  /** Machine and session facts; `channel` and `capabilities` also drive the messaging and channel sections. */
  runtime?: OpenClawRuntime;
  /**
   * Switches: `false` leaves a section out even when its input is there (safety and silent replies need no input
   * and are on by default). Unknown ids are an error.
   */
  include?: Partial<Record<OpenClawSectionId, boolean>>;
}

/**
 * Builds OpenClaw's sections (see OPENCLAW_SECTION_IDS) from `options`, leaving out each switched-off one and each
 * whose input is missing.
 * @returns sections in OPENCLAW_SECTION_IDS order (stable ones first, runtime last).
 * @throws PromptasmError E_ARG for an unknown id in `include`, and whatever a builder throws for bad input.
 * @example
 *   openclawSections({ runtime: { channel: "telegram", capabilities: ["reactions"] }, include: { safety: false } })
 *     .map((s) => s.id) // ["silent-replies", "messaging", "channel-capabilities", "runtime"]
 */
export function openclawSections(options: OpenClawSectionOptions = {}): Section[] {
  const include = options.include ?? {};
  for (const id of Object.keys(include)) {
    if (!(OPENCLAW_SECTION_IDS as readonly string[]).includes(id)) throw new PromptasmError("E_ARG", `unknown OpenClaw section ${JSON.stringify(id)}; known: ${OPENCLAW_SECTION_IDS.join(", ")}`);
  }
  const on = (id: OpenClawSectionId) => include[id] !== false;
  const rt = options.runtime ?? {};
  const hasMessageTool = (options.tools ?? []).some((t) => typeof t?.name === "string" && t.name.trim().toLowerCase() === "message");
  const build: Record<OpenClawSectionId, () => Section | null> = {
    "tool-list": () => openclawToolListSection(options.tools ?? []),
    "provider-prefix": () => providerPrefixSection(options.providerPrefix),
    safety: () => safetySection(),
    "reasoning-format": () => reasoningFormatSection(options.reasoningHint),
    "model-aliases": () => modelAliasesSection(options.modelAliases),
    "silent-replies": () => silentRepliesSection(options.silentToken),
    messaging: () => messagingSection({
      ...(rt.channel !== undefined ? { channel: rt.channel } : {}),
      messageTool: hasMessageTool,
      ...(options.silentToken !== undefined ? { silentToken: options.silentToken } : {}),
    }),
    "channel-capabilities": () => channelCapabilitiesSection(rt.channel, rt.capabilities),
    "group-context": () => groupContextSection(options.groupContext),
    "subagent-context": () => subagentContextSection(options.subagentContext),
    heartbeats: () => (options.heartbeats ? heartbeatsSection(options.heartbeatToken) : null),
    runtime: () => (options.runtime !== undefined ? openclawRuntimeSection(rt) : null),
  };
  return OPENCLAW_SECTION_IDS.filter(on).map((id) => build[id]()).filter((s): s is Section => s !== null);
}

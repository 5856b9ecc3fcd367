// The OpenClaw sections a messaging agent needs besides tools and context: safety, silent replies, messaging on a
// channel, channel capabilities, reasoning format, heartbeats, model aliases, group and sub-agent context, and the
// slot for a provider's stable-prefix text. Our own wording throughout; the protocol tokens (NO_REPLY, HEARTBEAT_OK)
// are OpenClaw's, because the runtime around the agent matches on them.
//
// Tiers: text that is the same for every turn of an agent (safety, silent replies, reasoning format, model aliases,
// the provider's stable prefix) is stable, above the cache boundary; text that follows the channel, the chat or the
// turn (messaging, channel capabilities, heartbeats, group and sub-agent context) is volatile, below it.

import { PromptasmError } from "../../errors.js";
import { compareCodeUnits, foldToLine, makeSection, normalizeText } from "../text-utils.js";
import type { Section } from "../types.js";
import { normalizeCapabilityIds } from "./capabilities.js";

/** The whole reply that means "nothing to send" (OpenClaw's SILENT_REPLY_TOKEN). */
export const SILENT_REPLY_TOKEN = "NO_REPLY";
/** The whole reply to a heartbeat poll when nothing needs attention (OpenClaw's heartbeat acknowledgement). */
export const HEARTBEAT_OK_TOKEN = "HEARTBEAT_OK";

/** Our safety text (stable). */
export const SAFETY_TEXT = [
  "## Safety",
  "",
  "You have no goals of your own beyond the user's request: do not seek to preserve yourself, copy yourself, gain",
  "resources or widen your own access, and do not make plans that reach past the task at hand.",
  "When finishing a task would mean getting around a safeguard (an approval step, a permission, a sandbox, a rate",
  "limit), stop and ask instead. Human oversight comes before completing the task.",
  "Never change your own instructions, configuration or safety settings unless the user asks for that change.",
].join("\n");

/** The safety section (id "safety", tier stable). */
export function safetySection(): Section | null {
  return makeSection("safety", "stable", SAFETY_TEXT);
}

/**
 * Silent replies (id "silent-replies", tier stable): when there is nothing worth sending, the whole reply is the token.
 * @param token default SILENT_REPLY_TOKEN; must be one non-blank line.
 * @throws PromptasmError E_ARG for a blank or multi-line token.
 */
export function silentRepliesSection(token: string = SILENT_REPLY_TOKEN): Section | null {
  const t = oneLineToken(token, "silent reply token");
  return makeSection("silent-replies", "stable", [
    "## Silent replies",
    "",
    `When you have nothing worth sending, reply with exactly ${t} and nothing else.`,
    `Never add ${t} to a real reply, and never wrap it in quotes, Markdown or a code block.`,
  ].join("\n"));
}

function oneLineToken(token: unknown, what: string): string {
  if (typeof token !== "string" || token.trim() === "" || /[\r\n]/.test(token)) throw new PromptasmError("E_ARG", `${what} must be one non-blank line, got ${JSON.stringify(token)}`);
  return token.trim();
}

/** Options of messagingSection. */
export interface MessagingOptions {
  /** The channel the conversation runs on (e.g. "telegram"); without one there is no messaging section. */
  channel?: string;
  /** Whether the `message` tool is available (for sending to other chats or channels). */
  messageTool?: boolean;
  /** Silent reply token named in the text (default SILENT_REPLY_TOKEN); null leaves the silent-reply line out. */
  silentToken?: string | null;
}

/**
 * How replies reach people (id "messaging", tier volatile): the plain reply goes back to the chat it came from on
 * `channel`; with the message tool, other chats are reached only through it; a reply sent by the tool is not repeated.
 * @returns null without a channel.
 */
export function messagingSection(o: MessagingOptions): Section | null {
  const channel = foldToLine(o.channel).toLowerCase();
  if (channel === "") return null;
  const lines = ["## Messaging", "", `Your reply goes back to the chat this message came from, on ${channel}.`];
  if (o.messageTool) {
    lines.push("To reach another chat, person or channel, use the `message` tool; do not paste text meant for them into your reply.");
    lines.push("When you have already delivered the answer with the `message` tool, do not send it again as your reply.");
  } else lines.push("You cannot message other chats in this session; say so if the user asks you to.");
  if (o.silentToken !== null) lines.push(`If the tool already said everything, reply with ${oneLineToken(o.silentToken ?? SILENT_REPLY_TOKEN, "silent reply token")}.`);
  return makeSection("messaging", "volatile", lines.join("\n"));
}

/** What promptasm says about capability ids it knows; other ids are listed without a note. */
export const CAPABILITY_NOTES: Readonly<Record<string, string>> = {
  inlinebuttons: "you can offer choices as buttons under a message",
  reactions: "you can react to a message with an emoji instead of replying",
  richtext: "formatting (bold, lists, links) is shown as formatting",
  threads: "replies can go into a thread",
  voice: "you can send voice notes",
};

/**
 * The channel's capabilities (id "channel-capabilities", tier volatile): "Channel <name> supports: …" with one line per
 * normalized capability id (normalizeCapabilityIds), a note for ids in CAPABILITY_NOTES.
 * @returns null without a channel.
 * @throws PromptasmError E_ARG for capabilities that are not an array of strings.
 */
export function channelCapabilitiesSection(channel: string | undefined, capabilities: readonly string[] | undefined): Section | null {
  const name = foldToLine(channel).toLowerCase();
  if (name === "") return null;
  const caps = normalizeCapabilityIds(capabilities);
  const lines = [`## Channel`, "", caps.length === 0 ? `Channel ${name} has no special capabilities: send plain text.` : `Channel ${name} supports:`];
  for (const c of caps) lines.push(CAPABILITY_NOTES[c] ? `- ${c}: ${CAPABILITY_NOTES[c]}` : `- ${c}`);
  return makeSection("channel-capabilities", "volatile", lines.join("\n"));
}

/**
 * How to lay out reasoning (id "reasoning-format", tier stable): the caller's hint for models that need their
 * reasoning in a given form (e.g. inside tags), under a heading. The visibility level goes in the runtime section.
 * @returns null for a blank hint.
 */
export function reasoningFormatSection(hint: string | undefined): Section | null {
  const t = normalizeText(hint);
  return t === "" ? null : makeSection("reasoning-format", "stable", `## Reasoning format\n\n${t}`);
}

/**
 * Heartbeats (id "heartbeats", tier volatile): a heartbeat poll with nothing to report gets exactly the ack token;
 * otherwise the reply is the alert alone, without the token.
 * @throws PromptasmError E_ARG for a blank or multi-line token.
 */
export function heartbeatsSection(ackToken: string = HEARTBEAT_OK_TOKEN): Section | null {
  const t = oneLineToken(ackToken, "heartbeat ack token");
  return makeSection("heartbeats", "volatile", [
    "## Heartbeats",
    "",
    `A heartbeat is a scheduled check-in, not a message from the user. If nothing needs attention, reply with exactly ${t}.`,
    `If something does, reply with the alert only and leave ${t} out.`,
  ].join("\n"));
}

/**
 * Model aliases (id "model-aliases", tier stable): "- alias: provider/model" lines sorted by alias (code units), so the
 * same map always gives the same bytes.
 * @param aliases alias → model id; blank entries dropped.
 * @returns null when there are none.
 * @throws PromptasmError E_ARG when aliases is not an object of strings.
 */
export function modelAliasesSection(aliases: Readonly<Record<string, string>> | undefined): Section | null {
  if (aliases === undefined) return null;
  if (aliases === null || typeof aliases !== "object" || Array.isArray(aliases)) throw new PromptasmError("E_ARG", "modelAliases must be an object of alias → model id");
  const rows: string[] = [];
  for (const [alias, model] of Object.entries(aliases)) {
    if (typeof model !== "string") throw new PromptasmError("E_ARG", `modelAliases[${JSON.stringify(alias)}] must be a string, got ${JSON.stringify(model)}`);
    const a = foldToLine(alias), m = foldToLine(model);
    if (a !== "" && m !== "") rows.push(`${a}\u0000- ${a}: ${m}`);
  }
  if (rows.length === 0) return null;
  const lines = rows.sort(compareCodeUnits).map((r) => r.slice(r.indexOf("\u0000") + 1));
  return makeSection("model-aliases", "stable", ["## Model aliases", "", "When asked to switch models, prefer these aliases; a full provider/model id works too.", ...lines].join("\n"));
}

/** Group chat context (id "group-context", tier volatile): the caller's text about this chat, under a heading. */
export function groupContextSection(text: string | undefined): Section | null {
  const t = normalizeText(text);
  return t === "" ? null : makeSection("group-context", "volatile", `## Group chat\n\n${t}`);
}

/** Sub-agent context (id "subagent-context", tier volatile): what the parent agent handed this sub-agent. */
export function subagentContextSection(text: string | undefined): Section | null {
  const t = normalizeText(text);
  return t === "" ? null : makeSection("subagent-context", "volatile", `## Sub-agent task\n\n${t}`);
}

/**
 * A provider's stable-prefix contribution (id "provider-prefix", tier stable): text a provider integration wants in
 * every request above the cache boundary (e.g. model-family guidance), as given.
 * @returns null for blank text.
 */
export function providerPrefixSection(text: string | undefined): Section | null {
  return makeSection("provider-prefix", "stable", normalizeText(text));
}

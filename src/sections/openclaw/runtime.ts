// OpenClaw's runtime line: one line of machine and session facts (host, OS, shell, channel, capabilities, thinking
// level, model, provider, working directory). These change between machines and turns, so the section sits below the
// cache boundary (tier volatile; orderSections puts "runtime" last).

import { PromptasmError } from "../../errors.js";
import { foldToLine, makeSection } from "../text-utils.js";
import type { Section } from "../types.js";
import { normalizeCapabilityIds } from "./capabilities.js";

/**
 * Thinking levels OpenClaw's `/think` command accepts (its ThinkLevel type, 2026): off, minimal, low, medium, high,
 * xhigh. The runtime line prints "off" when none is given, as OpenClaw does.
 */
export const THINKING_LEVELS = ["off", "minimal", "low", "medium", "high", "xhigh"] as const;
export type ThinkingLevel = (typeof THINKING_LEVELS)[number];

/** Reasoning visibility (OpenClaw's `/reasoning`): hidden (off), shown after the reply (on), or streamed (stream). */
export const REASONING_VISIBILITY = ["off", "on", "stream"] as const;
export type ReasoningVisibility = (typeof REASONING_VISIBILITY)[number];

/** Facts for the runtime line; every field is optional and left out when blank. */
export interface OpenClawRuntime {
  host?: string;
  os?: string;
  /** CPU architecture, shown after the OS ("linux (x64)"), or alone as arch=… without an OS. */
  arch?: string;
  /** Node (or other runtime) version. */
  node?: string;
  model?: string;
  provider?: string;
  cwd?: string;
  shell?: string;
  /** The channel the conversation runs on ("telegram", "cli", …), lower-cased. */
  channel?: string;
  /** The channel's capability ids (normalized with normalizeCapabilityIds; printed only with a channel). */
  capabilities?: readonly string[];
  /** Default thinking level (default "off"). */
  thinking?: ThinkingLevel;
  /** Reasoning visibility, printed as its own line when given. */
  reasoning?: ReasoningVisibility;
}

/** A value for a "key=value" field: folded to one line, with "|" (the field separator) replaced by "/". */
function field(value: string | undefined): string {
  return foldToLine(value).replace(/\|/g, "/");
}

/**
 * The runtime line: "Runtime: " then "key=value" fields joined by " | " in a fixed order — host, os (with arch), node,
 * model, provider, cwd, shell, channel, capabilities (comma-joined, "none" when the channel has none; only with a
 * channel), thinking (always; "off" by default).
 * @throws PromptasmError E_ARG for a thinking level not in THINKING_LEVELS or bad capabilities.
 * @example openclawRuntimeLine({ host: "mac", os: "darwin", arch: "arm64", channel: "Telegram", capabilities: ["Reactions"] })
 *   // "Runtime: host=mac | os=darwin (arm64) | channel=telegram | capabilities=reactions | thinking=off"
 */
export function openclawRuntimeLine(r: OpenClawRuntime): string {
  const thinking = r.thinking ?? "off";
  if (!(THINKING_LEVELS as readonly string[]).includes(thinking)) throw new PromptasmError("E_ARG", `thinking must be one of ${THINKING_LEVELS.join(", ")}, got ${JSON.stringify(r.thinking)}`);
  const os = field(r.os), arch = field(r.arch), channel = field(r.channel).toLowerCase();
  const caps = normalizeCapabilityIds(r.capabilities);
  const parts: Array<[string, string]> = [
    ["host", field(r.host)],
    ["os", os === "" ? "" : arch === "" ? os : `${os} (${arch})`],
    ["arch", os === "" ? arch : ""],
    ["node", field(r.node)],
    ["model", field(r.model)],
    ["provider", field(r.provider)],
    ["cwd", field(r.cwd)],
    ["shell", field(r.shell)],
    ["channel", channel],
    ["capabilities", channel === "" ? "" : caps.length > 0 ? caps.join(",") : "none"],
    ["thinking", thinking],
  ];
  return `Runtime: ${parts.filter(([, v]) => v !== "").map(([k, v]) => `${k}=${v}`).join(" | ")}`;
}

/**
 * The runtime section (id "runtime", tier volatile): the runtime line, then "Reasoning: <level> …" when `reasoning` is
 * given.
 * @throws PromptasmError E_ARG as openclawRuntimeLine, or for a reasoning value not in REASONING_VISIBILITY.
 */
export function openclawRuntimeSection(r: OpenClawRuntime): Section | null {
  const lines = [openclawRuntimeLine(r)];
  if (r.reasoning !== undefined) {
    if (!(REASONING_VISIBILITY as readonly string[]).includes(r.reasoning)) {
      throw new PromptasmError("E_ARG", `reasoning must be one of ${REASONING_VISIBILITY.join(", ")}, got ${JSON.stringify(r.reasoning)}`);
    }
    const how = r.reasoning === "off" ? "your reasoning is not shown to the user"
      : r.reasoning === "on" ? "your reasoning is shown to the user after the reply"
      : "your reasoning is streamed to the user as you write it";
    lines.push(`Reasoning: ${r.reasoning} (${how}).`);
  }
  return makeSection("runtime", "volatile", lines.join("\n"));
}

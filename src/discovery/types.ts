// The shapes every discovery policy shares: a loaded context file, a note about a skipped or shadowed one, the
// result of discovery, and the record a policy registers itself with. Types only, so every discovery file (and every
// consumer) can import them without importing a policy.
import type { WorkspaceReader } from "./reader.js";

/** One context file that loads. */
export interface DiscoveredFile {
  /** Absolute POSIX path, as read. */
  path: string;
  /** `path` relative to `Discovery.root`, e.g. "services/api/AGENTS.md". */
  label: string;
  /** The decoded text; for HERMES files and rule files with front matter, with the front matter removed. A leading
   *  BOM is kept. */
  text: string;
  /** Size of the file in bytes, before any stripping. */
  bytes: number;
  /** Byte offset in the file of the first invalid UTF-8 sequence; `text` has U+FFFD there. Absent when valid. */
  invalidUtf8At?: number;
  /**
   * True for a file whose contents change during a session (OpenClaw's HEARTBEAT.md), which belongs below the
   * prompt-cache boundary. Absent otherwise.
   */
  dynamic?: boolean;
  /** Under the `auto` policy only: the name of the policy that found the file ("codex", "copilot", …). */
  source?: string;
}

/**
 * Why a context file was skipped, when the reason is about which files load rather than about the bytes:
 * - "shadowed": a file the policy reads, not loaded because a file of higher precedence won (HERMES.md over
 *   AGENTS.md, AGENTS.override.md over AGENTS.md in one directory, `.roo/rules/` over `.roorules`);
 * - "other-policy": a context file of another tool that the chosen policy does not read;
 * - "not-attached": a conditional rule (Cursor globs, Copilot applyTo, Windsurf glob/model_decision/manual, Kiro
 *   fileMatch/manual/auto, Cline paths) that does not apply to the target file or that loads only on request;
 * - "duplicate": the same real file as one already loaded (a symbolic link), or, under `auto`, the same contents;
 * - "broken-link": a symbolic link whose target does not exist;
 * - "outside-workspace": a symbolic link that points out of the workspace.
 */
export type NoteReason = "shadowed" | "other-policy" | "not-attached" | "duplicate" | "broken-link" | "outside-workspace";

/** A file that was skipped (binary, too large, unreadable, duplicate, shadowed, …) or taken with a caveat, and why. */
export interface DiscoveryNote {
  /** Absolute POSIX path of the file concerned. */
  path: string;
  /** Human-readable; names the path. */
  message: string;
  /** A stable code for skipped context files (see {@link NoteReason}); absent for notes about bytes (binary, too
   *  large, unreadable, invalid UTF-8). */
  reason?: NoteReason;
}

/**
 * Which kind of context file won. The Hermes policy reports the kind that won ("hermes", "agents", "claude",
 * "cursor"); every other policy reports its own name; "none" when nothing loads. A policy added through a registry
 * reports its own name, hence the open string.
 */
export type DiscoveryKind =
  | "hermes" | "agents" | "claude" | "cursor" | "codex" | "gemini" | "openclaw" | "copilot" | "windsurf" | "cline"
  | "roo" | "kiro" | "junie" | "auto" | "none" | (string & {});

/** The outcome of discovery. */
export interface Discovery {
  /** See {@link DiscoveryKind}. */
  kind: DiscoveryKind;
  /** The directory labels are relative to: the project root, or cwd when there is none. */
  root: string;
  /** The files that load, in the order they go into the prompt. */
  files: DiscoveredFile[];
  /** Skipped files in the order they were met, then invalid-UTF-8 caveats on taken files, in `files` order. */
  notes: DiscoveryNote[];
  /**
   * Files the policy itself cut or dropped to stay within its own limit (Codex's 32 KiB), so assembly can name them
   * in the prompt. Chars are UTF-16 code units; `keptChars` is 0 for a dropped file.
   */
  cut?: Array<{ path: string; label: string; originalChars: number; keptChars: number; dropped: boolean }>;
  /** Rules the agent may ask for by description (Cursor's "Agent Requested", Windsurf's "Model Decision", …). */
  requestable?: RequestableRule[];
}

/** A rule that does not load by itself but that the agent may ask for, by its description. */
export interface RequestableRule {
  /** The file name without its extension, e.g. "migrations" for `.cursor/rules/migrations.mdc`. */
  name: string;
  /** The front matter `description`. */
  description: string;
  /** Absolute POSIX path of the rule file. */
  path: string;
}

/**
 * The options every policy accepts (each ignores those it has no use for) plus policy-specific ones
 * (`maxBytes`, `fallbackNames`, `rootMarkers` for codex; `rooMode` for roo).
 */
export interface DiscoverOptions {
  /** Absolute project root; it must contain cwd. Default: the nearest ancestor of cwd (or cwd) with a `.git` entry. */
  root?: string;
  /** The file being worked on, relative to cwd or absolute inside it: conditional rules attach when it matches. */
  targetPath?: string;
  [key: string]: unknown;
}

/** What the registry hands a policy besides its options: the registry itself (for `auto`). */
export interface PolicyContext {
  /** Every registered policy, in registry order. */
  readonly policies: readonly DiscoveryPolicyRecord[];
}

/**
 * One discovery policy: everything the rest of the package needs to know about it, in one record. Adding a policy
 * is one file exporting a record and one line in the registry table (registry.ts).
 */
export interface DiscoveryPolicyRecord<N extends string = string> {
  /** The name used by `--policy`, the config file, the Worker and the page, e.g. "copilot". Lower case. */
  readonly name: N;
  /** The agent or tool whose conventions it follows, e.g. "GitHub Copilot". */
  readonly tool: string;
  /** One sentence for help texts and docs. */
  readonly description: string;
  /** The documented files, relative to the directory they sit in, e.g. ".github/instructions/*.instructions.md". */
  readonly files: readonly string[];
  /** How the tool orders and chooses among them, in one sentence. */
  readonly precedence: string;
  /**
   * Paths relative to a searched directory whose presence shows this tool's files are there (files or
   * directories). The registry notes them as "other-policy" when another policy runs and does not read them;
   * a policy never notes its own markers that way.
   */
  readonly markers: readonly string[];
  /** Whether the `auto` policy runs this one (false for policies whose directory is not a repository, like openclaw). */
  readonly inAuto: boolean;
  /**
   * True for a policy that loads one kind of file and shadows the rest (hermes). Under `auto`, which loads every
   * kind, its "shadowed" notes do not apply and are dropped, and its files count only when its result's `kind` is
   * its own name (the files of the other kinds come from their own policies).
   */
  readonly exclusive?: boolean;
  /** True when the policy reads `targetPath` (its rules attach to the file being worked on); absent otherwise. */
  readonly usesTargetPath?: boolean;
  /**
   * Runs the policy.
   * @throws PromptasmError E_NOT_FOUND for a missing cwd, E_ARG for bad options.
   */
  discover(reader: WorkspaceReader, cwd: string, options: DiscoverOptions, context: PolicyContext): Promise<Discovery>;
}

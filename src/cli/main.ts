// The promptasm command line. main() parses arguments, runs one command and returns the exit code
// (0 clean, 1 findings, 2 usage or I/O error); only bin/ sets the process exit code.

import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { resolve } from "node:path";
import { NodeWorkspaceReader } from "../adapters/node-reader.js";
import { walkFiles } from "../adapters/node-walk.js";
import { isScanTarget } from "../discovery/names.js";
import { PromptasmError } from "../errors.js";
import { loadPromptasm } from "../node.js";
import { assembleJson, assembleSummary, formatFindingsJson, formatFindingsText } from "./format.js";

/** Where the CLI writes; tests pass their own. */
export interface CliIO {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Directory relative paths resolve against. */
  cwd: string;
}

const EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_ERROR = 2;

function positiveInt(name: string) {
  return (value: string): number => {
    if (!/^\d+$/.test(value) || Number(value) <= 0 || !Number.isSafeInteger(Number(value))) {
      throw new InvalidArgumentError(`${name} must be a positive integer, got ${JSON.stringify(value)}`);
    }
    return Number(value);
  };
}

/**
 * Runs the CLI.
 * @param argv arguments after the program name, e.g. ["scan", "AGENTS.md"].
 * @returns the exit code: 0 clean, 1 findings (scan), 2 usage or I/O error.
 */
export async function main(argv: string[], io: CliIO): Promise<number> {
  let code = EXIT_CLEAN;
  const program = new Command("promptasm")
    .description("Assemble, guard and freeze an LLM agent's system prompt from a workspace.")
    .version("0.1.0")
    .exitOverride()
    .configureOutput({ writeOut: io.stdout, writeErr: io.stderr })
    .showHelpAfterError("(run promptasm --help for usage)");

  program.command("assemble")
    .description("print the system prompt an agent started in [dir] would get")
    .argument("[dir]", "the agent's working directory", ".")
    .option("--home <dir>", "directory with SOUL.md, MEMORY.md and USER.md")
    .option("--root <dir>", "project root (default: nearest directory with .git)")
    .option("--model <name>", "model name; its context window sets the truncation cap")
    .option("--context-window <tokens>", "context window in tokens", positiveInt("--context-window"))
    .option("--max-chars <n>", "per-file truncation cap in chars (wins over --context-window)", positiveInt("--max-chars"))
    .option("--platform <name>", "platform line, e.g. cli, web, api")
    .option("--system-message <text>", "the caller's system message (appended)")
    .option("--time-zone <iana>", "time zone of the date line (default: this machine's)")
    .option("--json", "print one JSON object: prompt, sections, findings, truncations, notes, chars")
    .action(async (dir: string, opts) => {
      const pa = await loadPromptasm();
      const result = await pa.assemble(new NodeWorkspaceReader(), {
        cwd: resolve(io.cwd, dir),
        ...(opts.home !== undefined ? { home: resolve(io.cwd, opts.home) } : {}),
        ...(opts.root !== undefined ? { root: resolve(io.cwd, opts.root) } : {}),
        ...(opts.model !== undefined ? { model: opts.model } : {}),
        ...(opts.contextWindow !== undefined ? { contextWindow: opts.contextWindow } : {}),
        ...(opts.maxChars !== undefined ? { maxChars: opts.maxChars } : {}),
        ...(opts.platform !== undefined ? { platform: opts.platform } : {}),
        ...(opts.systemMessage !== undefined ? { systemMessage: opts.systemMessage } : {}),
        ...(opts.timeZone !== undefined ? { timeZone: opts.timeZone } : {}),
      });
      if (opts.json) io.stdout(JSON.stringify(assembleJson(result)) + "\n");
      else {
        io.stdout(result.prompt + "\n");
        io.stderr(assembleSummary(result));
      }
    });

  program.command("scan")
    .description("scan files, or directories for agent context files, for prompt injection and invisible characters")
    .argument("<paths...>", "files (scanned whatever their name) or directories (searched recursively for context files and Markdown)")
    .option("--all", "in directories, scan every file, not only context files and Markdown")
    .option("--json", "print one JSON object per scanned file: { file, findings }")
    .addOption(new Option("--max-bytes <n>", "skip files larger than this (bytes)").argParser(positiveInt("--max-bytes")))
    .action(async (paths: string[], opts) => {
      const pa = await loadPromptasm();
      const reader = new NodeWorkspaceReader(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {});
      let findings = 0, errors = 0;
      const scanOne = async (shown: string, abs: string) => {
        const r = await reader.read(abs);
        switch (r.kind) {
          case "missing": io.stderr(`promptasm: ${shown}: no such file\n`); errors++; return;
          case "error": io.stderr(`promptasm: ${r.message}\n`); errors++; return;
          case "binary": io.stderr(`promptasm: note: ${shown}: binary file, skipped\n`); return;
          case "too-large": io.stderr(`promptasm: note: ${shown}: ${r.bytes} bytes is over the ${r.limit}-byte limit, skipped\n`); return;
        }
        if (r.invalidUtf8At !== undefined) io.stderr(`promptasm: note: ${shown}: invalid UTF-8 at byte ${r.invalidUtf8At}, scanned with U+FFFD in its place\n`);
        const found = pa.scan(r.text);
        findings += found.length;
        io.stdout(opts.json ? formatFindingsJson(shown, found) : formatFindingsText(shown, found));
      };
      for (const p of paths) {
        const abs = resolve(io.cwd, p);
        const kind = await reader.kind(abs);
        if (kind === null) { io.stderr(`promptasm: ${p}: no such file or directory\n`); errors++; continue; }
        if (kind === "file") { await scanOne(p, abs); continue; }
        for await (const item of walkFiles(abs)) {
          if (item.kind === "problem") { io.stderr(`promptasm: ${item.message}\n`); errors++; continue; }
          if (opts.all || isScanTarget(item.rel)) await scanOne(p.replace(/\/+$/, "") + "/" + item.rel, item.path);
        }
      }
      code = errors > 0 ? EXIT_ERROR : findings > 0 ? EXIT_FINDINGS : EXIT_CLEAN;
    });

  try {
    await program.parseAsync(argv, { from: "user" });
    return code;
  } catch (e) {
    if (e instanceof CommanderError) {
      return e.code === "commander.helpDisplayed" || e.code === "commander.version" || e.code === "commander.help" ? EXIT_CLEAN : EXIT_ERROR;
    }
    if (e instanceof PromptasmError) {
      io.stderr(`promptasm: ${e.message}\n`);
      return EXIT_ERROR;
    }
    io.stderr(`promptasm: unexpected error: ${e instanceof Error ? e.stack ?? e.message : String(e)}\n`);
    return EXIT_ERROR;
  }
}

#!/usr/bin/env node
// The promptasm executable: runs the CLI and sets the exit code (0 clean, 1 findings, 2 usage or I/O error).
import { writeSync } from "node:fs";

// A clone that has not been built yet (npm ci alone) has no dist/ or build/: say what to run instead of a stack trace.
let main;
try {
  ({ main } = await import("../dist/cli/main.js"));
} catch (err) {
  const text = String(err?.message ?? err);
  if (err?.code !== "ERR_MODULE_NOT_FOUND" || !/[\\/](dist|build)[\\/]/.test(text)) throw err;
  writeSync(2, `promptasm: this copy of promptasm is not built (${text.split("\n")[0]}): run \`npm run build\` in its folder first\n`);
  process.exit(2);
}

// A reader that goes away (`promptasm scan . | head -1`) makes writes fail with EPIPE. Node ignores SIGPIPE, so the
// failure arrives as an 'error' event, which would otherwise crash with a stack trace. Stop writing to that stream,
// quietly, and let the command finish: the exit code is still the one it returns.
let streamFailed = false;
const write = (stream, name, fd) => {
  let closed = false;
  stream.on("error", (err) => {
    closed = true;
    if (err?.code === "EPIPE") return;
    // A real write error (EIO, ENOSPC on /dev/full, …) is an I/O error: say so on stderr and exit 2, findings or not.
    streamFailed = true;
    const why = err?.code ? `${err.message ?? err.code}` : String(err);
    if (fd !== 2) {
      try { writeSync(2, `promptasm: cannot write to ${name}: ${why}\n`); } catch { /* stderr is gone too */ }
    }
  });
  return (text) => {
    if (closed || stream.destroyed) return;
    try {
      stream.write(text);
    } catch {
      closed = true;
    }
  };
};

// A write error can be reported after main() returns: decide the final code on exit.
process.on("exit", () => {
  if (streamFailed) process.exitCode = 2;
});
process.exitCode = await main(process.argv.slice(2), {
  stdout: write(process.stdout, "stdout", 1),
  stderr: write(process.stderr, "stderr", 2),
  cwd: process.cwd(),
  // scan draws a progress bar only on a terminal (and not under CI=true or --no-progress).
  ...(process.stderr.isTTY ? { progress: process.stderr } : {}),
  stdoutIsTTY: process.stdout.isTTY === true,
  env: process.env,
});

#!/usr/bin/env node
// The promptasm executable: runs the CLI and sets the exit code (0 clean, 1 findings, 2 usage or I/O error).
import { main } from "../dist/cli/main.js";

const write = (stream) => (text) => { stream.write(text); };
process.exitCode = await main(process.argv.slice(2), { stdout: write(process.stdout), stderr: write(process.stderr), cwd: process.cwd() });

// Vite servers as child processes in their own process group, on 127.0.0.1 and a free port: `vite preview` of a built
// page (what `npm run preview` starts) and the dev server (what `npm run dev` starts), so a test talks to the same
// server a user runs, and stopping it kills the whole group (vite and anything it spawned), even when the test fails
// or vitest exits early.
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const REPO = fileURLToPath(new URL("../../", import.meta.url));
const VITE = fileURLToPath(new URL("../../node_modules/vite/bin/vite.js", import.meta.url));

/** A running Vite server (preview or dev). */
export interface Preview {
  /** "http://127.0.0.1:<port>/" */
  url: string;
  /** Everything the server printed, for failure messages. */
  output(): string;
  /** Kills the process group (SIGTERM, then SIGKILL after 5 s) and resolves when the server has exited. */
  stop(): Promise<void>;
}

/** A port that was free a moment ago on 127.0.0.1 (the OS picks it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const address = s.address();
      s.close(() => (typeof address === "object" && address !== null ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals): void {
  try { process.kill(-child.pid!, signal); } catch { /* the group is gone already */ }
}

/**
 * Starts `vite preview --config vite.config.ts --outDir <outDir> --host 127.0.0.1 --port <free> --strictPort` and
 * waits until the page answers 200.
 * @throws Error with the server's output when it exits or does not answer within 60 s.
 */
export function startPreview(outDir: string): Promise<Preview> {
  return startVite("vite preview", (port) => ["preview", "--config", "vite.config.ts", "--outDir", outDir, "--host", "127.0.0.1", "--port", String(port), "--strictPort"]);
}

/**
 * Starts the dev server as `npm run dev` does after building the core (`vite`, serving src/page/ with vite.config.ts),
 * as `vite --config vite.config.ts --host 127.0.0.1 --port <free> --strictPort`, and waits until the page answers 200.
 * Needs build/release.wasm (`npm run build:wasm`).
 * @throws Error with the server's output when it exits or does not answer within 60 s.
 */
export function startDev(): Promise<Preview> {
  return startVite("vite (dev server)", (port) => ["--config", "vite.config.ts", "--host", "127.0.0.1", "--port", String(port), "--strictPort"]);
}

async function startVite(what: string, args: (port: number) => string[]): Promise<Preview> {
  const port = await freePort();
  const child = spawn(process.execPath, [VITE, ...args(port)], {
    cwd: REPO, detached: true, stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, NO_COLOR: "1" },
  });
  let log = "";
  child.stdout!.on("data", (d) => { log += String(d); });
  child.stderr!.on("data", (d) => { log += String(d); });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  let alive = true;
  void exited.then(() => { alive = false; });
  // If the test process dies first, take the server with it.
  const onExit = () => killGroup(child, "SIGKILL");
  process.once("exit", onExit);

  const stop = async () => {
    process.removeListener("exit", onExit);
    if (!alive) return;
    killGroup(child, "SIGTERM");
    const timer = setTimeout(() => killGroup(child, "SIGKILL"), 5_000);
    await exited;
    clearTimeout(timer);
  };

  const url = `http://127.0.0.1:${port}/`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (!alive) throw new Error(`${what} exited before it served the page:\n${log}`);
    try {
      const res = await fetch(url);
      if (res.ok) break;
    } catch { /* not listening yet */ }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${what} did not answer on ${url} within 60 s:\n${log}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { url, output: () => log, stop };
}

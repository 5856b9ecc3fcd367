// How every browser test here starts Chromium: the Debian binary (apt-get install -y chromium), never a browser
// Playwright downloads, with the flags that keep it off the network. Shared by vitest.browser.config.ts (vitest
// browser mode) and reload.browser.spec.ts (playwright-core directly).
import { existsSync } from "node:fs";

/** The Debian chromium binary. */
export const CHROMIUM_PATH = "/usr/bin/chromium";

/** Flags from ../shared/notes/TOOLCHAIN.md: no sandbox (root in a container), no GPU, no background traffic. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/** @throws Error naming the apt package when the binary is missing, instead of Playwright's download hint. */
export function requireChromium(): string {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`${CHROMIUM_PATH} not found: install Debian's chromium (apt-get install -y chromium); do not run \`playwright install\``);
  }
  return CHROMIUM_PATH;
}

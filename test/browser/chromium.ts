// How every browser test here starts Chromium: the binary scripts/check-prereqs.mjs finds (`npm test`'s pretest step
// runs the same search, so the check and the tests agree): $PROMPTASM_CHROMIUM or $CHROMIUM_PATH, else Debian's
// /usr/bin/chromium (apt-get install -y chromium) or another system Chromium, else one an npm package already put on
// this machine. Nothing is ever downloaded. Launched with the flags that keep it off the network. Shared by
// vitest.browser.config.ts (vitest browser mode) and the *.e2e.spec.ts files (playwright-core directly).
import { findChromium } from "../../scripts/check-prereqs.mjs";

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

/**
 * The Chromium binary to launch (see findChromium in scripts/check-prereqs.mjs for the search order).
 * @throws Error naming what was looked at and the apt package, instead of Playwright's download hint.
 */
export function requireChromium(): string {
  const found = findChromium();
  if (found.path === null) {
    const fix = found.variable ? `correct or unset $${found.variable}` : "install Debian's chromium (apt-get install -y chromium) or set $PROMPTASM_CHROMIUM";
    throw new Error(`${found.problem}: ${fix}; do not run \`playwright install\``);
  }
  return found.path;
}

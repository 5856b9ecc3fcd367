// A clone where only `npm ci` ran has no dist/ or build/: the executable says to run `npm run build` and exits 2,
// instead of Node's ERR_MODULE_NOT_FOUND stack trace (a new user's report, session 12).
import { execFileSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const BIN = fileURLToPath(new URL("../bin/promptasm.js", import.meta.url));

describe("the executable in an unbuilt copy", () => {
  it("names the missing module, says to run npm run build, and exits 2 without a stack trace", () => {
    const dir = mkdtempSync(join(tmpdir(), "promptasm-unbuilt-"));
    try {
      mkdirSync(join(dir, "bin"));
      copyFileSync(BIN, join(dir, "bin", "promptasm.js"));
      writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
      let status = 0;
      let stderr = "";
      try {
        execFileSync(process.execPath, [join(dir, "bin", "promptasm.js"), "scan", "."], { cwd: dir, stdio: ["ignore", "pipe", "pipe"], encoding: "utf8" });
      } catch (e) {
        const err = e as { status: number; stderr: string };
        status = err.status;
        stderr = err.stderr;
      }
      expect(status).toBe(2);
      expect(stderr).toContain("is not built");
      expect(stderr).toContain("dist/cli/main.js");
      expect(stderr).toContain("npm run build");
      expect(stderr).not.toMatch(/\n\s+at /);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

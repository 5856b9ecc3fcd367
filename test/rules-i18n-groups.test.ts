// The generated letter groups of the multilingual rules (src/scan/rules-i18n-groups.ts) are what computeLetterGroups()
// computes from the word lists today, and the generator's --check says so; the rules use exactly that table.
import { execFileSync, spawnSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { computeLetterGroups, I18N_RULES } from "../src/scan/rules-i18n.js";
import { LETTER_GROUP_TABLE } from "../src/scan/rules-i18n-groups.js";

const REPO = fileURLToPath(new URL("..", import.meta.url));
const SCRIPT = fileURLToPath(new URL("../scripts/gen-i18n-groups.ts", import.meta.url));

describe("letter groups of the multilingual rules", () => {
  it("the generated table equals the groups computed from the word lists, group for group, in order", () => {
    expect(LETTER_GROUP_TABLE.map((g) => [...g])).toEqual(computeLetterGroups());
    expect(LETTER_GROUP_TABLE.length).toBeGreaterThan(90);
    const letters = LETTER_GROUP_TABLE.flat();
    expect(new Set(letters).size).toBe(letters.length); // each letter in one group only
  });

  it("gen-i18n-groups --check passes on the committed table", () => {
    const out = execFileSync(process.execPath, ["--import", "tsx", SCRIPT, "--check"], { cwd: REPO, encoding: "utf8" });
    expect(out).toContain("is current");
  });

  it("a letter of a group matches as the other letters of its group in the rules' patterns", () => {
    const pair = LETTER_GROUP_TABLE.find((g) => g.length >= 2)!;
    const withBoth = I18N_RULES.filter((r) => r.pattern.includes(pair[0]!) && r.pattern.includes(pair[1]!));
    expect(withBoth.length).toBeGreaterThan(0);
  });

  it("--check fails, naming the fix, when the table is stale; without --check it writes the current table", () => {
    const tmp = mkdtempSync(join(tmpdir(), "promptasm-i18n-groups-"));
    try {
      cpSync(join(REPO, "src"), join(tmp, "src"), { recursive: true });
      cpSync(join(REPO, "scripts"), join(tmp, "scripts"), { recursive: true });
      const table = join(tmp, "src/scan/rules-i18n-groups.ts");
      const good = readFileSync(table, "utf8");
      writeFileSync(table, good.replace(/\],\n/, ", \"\\u0416\"],\n")); // one more letter in the first group
      const run = (...args: string[]) => spawnSync(process.execPath, ["--import", "tsx", join(tmp, "scripts/gen-i18n-groups.ts"), ...args], { cwd: REPO, encoding: "utf8" });
      const stale = run("--check");
      expect(stale.status).toBe(1);
      expect(stale.stderr).toContain("src/scan/rules-i18n-groups.ts is stale: run npm run gen:i18n-groups");
      expect(run().status).toBe(0);
      expect(readFileSync(table, "utf8")).toBe(good);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  });
});

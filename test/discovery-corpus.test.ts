// Issue 16's "done when" for discovery, over the real repositories in ../shared/corpus/benign: every context file a
// registered policy knows (a marker of that policy, non-empty) loads under `auto` and under that tool's own policy
// when an agent starts in the directory that holds it, or is accounted for by a note that says why not (a
// conditional rule not attached, the same text already loaded, shadowed by a file of higher precedence, dropped by
// Codex's own 32 KiB budget) or listed as requestable by its description. Each repository is rebuilt in memory from
// MANIFEST.tsv's original paths under /repo, with a .git marker at /repo.
import { describe, it, expect } from "vitest";
import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MapWorkspaceReader } from "../src/adapters/map-reader.js";
import { DEFAULT_REGISTRY, DISCOVERY_POLICIES } from "../src/discovery/policies.js";

const CORPUS = fileURLToPath(new URL("../../shared/corpus/", import.meta.url));
const present = existsSync(`${CORPUS}MANIFEST.tsv`);

/** Repository name -> its files at their original paths under /repo, plus a .git marker. */
function loadRepos(): Map<string, Record<string, string>> {
  const repos = new Map<string, Record<string, string>>();
  const rows = readFileSync(`${CORPUS}MANIFEST.tsv`, "utf8").trim().split("\n").slice(1);
  for (const row of rows) {
    const [local, , , original] = row.split("\t");
    if (!local?.startsWith("benign/") || original === undefined) continue;
    const name = local.split("/")[1]!;
    const files = repos.get(name) ?? { "/repo/.git/": "" };
    files[`/repo/${original}`] = readFileSync(`${CORPUS}${local}`, "utf8");
    repos.set(name, files);
  }
  return repos;
}

// Reasons a known file may not load and still be accounted for.
const ACCOUNTED = new Set(["not-attached", "duplicate", "shadowed"]);

describe.skipIf(!present)("discovery over the benign corpus (skipped when ../shared/corpus is absent: CI has it)", () => {
  it("every known context file loads under auto and under its tool's policy, or a note says why", async () => {
    const repos = loadRepos();
    expect(repos.size).toBe(56);
    const policies = DEFAULT_REGISTRY.policies.filter((p) => p.inAuto);
    let reposWithKnown = 0;
    let checks = 0;
    const failures: string[] = [];
    for (const [name, files] of repos) {
      const reader = new MapWorkspaceReader(files);
      const paths = Object.keys(files).filter((p) => !p.endsWith("/") && files[p]!.trim() !== "");
      const dirs = new Set<string>();
      for (const p of paths) {
        for (let d = p.slice(0, p.lastIndexOf("/")); d.startsWith("/repo"); d = d.slice(0, d.lastIndexOf("/"))) dirs.add(d);
      }
      let known = false;
      for (const dir of [...dirs].sort()) {
        for (const policy of policies) {
          for (const marker of policy.markers) {
            // An exclusive policy's marker read by another policy (AGENTS.md, CLAUDE.md) is that policy's to load.
            if (policy.exclusive && policies.some((o) => !o.exclusive && o.markers.includes(marker))) continue;
            const at = `${dir}/${marker}`;
            const hits = paths.filter((p) => p === at || p.startsWith(`${at}/`));
            if (hits.length === 0) continue;
            known = true;
            for (const run of [policy.name, "auto"]) {
              checks++;
              const d = await DEFAULT_REGISTRY.discover(reader, dir, run);
              const loaded = new Set(d.files.map((f) => f.path));
              const cut = new Set([...(d.cut ?? []), ...(d.requestable ?? [])].map((c) => c.path)); // or requestable
              const why = (p: string) => d.notes.find((n) => n.path === p && n.reason !== undefined && ACCOUNTED.has(n.reason));
              const unaccounted = hits.filter((p) => !loaded.has(p) && !cut.has(p) && !why(p));
              const conditionalOnly = hits.every((p) => loaded.has(p) || cut.has(p) || why(p)?.reason !== "shadowed");
              if (unaccounted.length > 0 || (!hits.some((p) => loaded.has(p)) && !conditionalOnly)) {
                failures.push(`${name}: ${run} in ${dir} for ${marker}: ${unaccounted.join(", ") || "nothing loads"}`);
              }
            }
          }
        }
      }
      if (known) reposWithKnown++;
    }
    expect(failures).toEqual([]);
    // 53 of the 56 repositories have a known context file somewhere; the other three hold rule collections outside
    // any agent's locations (rules-mdc/*.mdc, docs/*.mdc) or only .agents/*/AGENT.md.
    expect(reposWithKnown).toBe(53);
    expect(checks).toBeGreaterThan(500);
  });

  it("at each repository's root, auto loads something in 50 of 56 (the rest hold context only in subdirectories)", async () => {
    const repos = loadRepos();
    const empty: string[] = [];
    const before: string[] = []; // nothing under any of the policies that existed before issue 16
    for (const [name, files] of repos) {
      const reader = new MapWorkspaceReader(files);
      if ((await DEFAULT_REGISTRY.discover(reader, "/repo", "auto")).files.length === 0) empty.push(name);
      let any = false;
      for (const policy of ["hermes", "codex", "claude", "cursor", "gemini", "openclaw"]) {
        if ((await DEFAULT_REGISTRY.discover(reader, "/repo", policy)).files.length > 0) any = true;
      }
      if (!any) before.push(name);
    }
    console.log(`root: auto loads nothing in ${empty.length} of ${repos.size} (${empty.join(", ")}); ` +
      `the six older policies load nothing in ${before.length}`);
    expect(empty.sort()).toEqual([
      "122-syf-wcy__TravelForecast",
      "Arnonfr__portfolio1",
      "PatrickJS__awesome-cursorrules",
      "deyedarat__wawapp-ai",
      "sanjeed5__awesome-cursor-rules-mdc",
      "steipete__agent-rules",
    ]);
    expect(DISCOVERY_POLICIES).toContain("auto");
  });
});

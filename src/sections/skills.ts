// The skills index: one line per skill (name and a short description), grouped by category, built from the YAML
// frontmatter of each SKILL.md. The full skill stays on disk; the agent opens it when a task matches.

import { compareCodeUnits, compareNames, cutWithEllipsis, foldToLine, makeSection } from "./text-utils.js";
import { hasSkillTools } from "./tools.js";
import type { Section } from "./types.js";

/**
 * Longest description shown in the index, in UTF-16 code units, the ellipsis included. 60 is the limit Hermes
 * Agent uses for its skills index (it keeps 57 chars plus "..."; we keep 59 plus the one-unit "…").
 */
export const SKILL_DESCRIPTION_MAX = 60;

/** Heading of the group for skills without a category; this group always comes last. */
export const UNCATEGORIZED = "Uncategorized";

/**
 * Parses the YAML frontmatter at the top of a Markdown file into flat string values. Deliberately tiny: it reads
 * top-level `key: value` lines between a first line `---` and the next `---` (or `...`) line, with
 * - plain values (a trailing ` # comment` dropped, then trimmed),
 * - double-quoted values (escapes \" \\ \n \t \/ and \uXXXX; other escapes keep the escaped character),
 * - single-quoted values ('' is one quote),
 * - block scalars `>` and `|` (optionally with -, + or an indent digit): the following indented lines, folded with
 *   spaces (`>`) or joined with LF (`|`).
 * Nested maps, lists and flow collections are not parsed: their key gets the raw text after the colon (often "").
 * Indented lines, comments and anything unparsable are skipped; a later duplicate key wins, as in most YAML loaders.
 * Never throws.
 * @param text the file's text (a leading BOM and CRLF line ends are accepted).
 * @returns the keys found; {} when the text does not open with a frontmatter block or the block is not closed.
 */
export function parseFrontmatter(text: string): Record<string, string> {
  const body = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).replace(/\r\n?/g, "\n");
  const lines = body.split("\n");
  if (lines[0]?.trimEnd() !== "---") return {};
  let close = -1;
  for (let i = 1; i < lines.length; i++) {
    const l = lines[i]!.trimEnd();
    if (l === "---" || l === "...") { close = i; break; }
  }
  if (close < 0) return {};
  const out: Record<string, string> = {};
  for (let i = 1; i < close; i++) {
    const m = /^([A-Za-z0-9_][A-Za-z0-9_.-]*)[ \t]*:(?:[ \t]+(.*))?$/.exec(lines[i]!.trimEnd());
    if (!m) continue;
    const key = m[1]!;
    const raw = (m[2] ?? "").trim();
    const block = /^([>|])[-+]?[1-9]?[-+]?(?:[ \t]+#.*)?$/.exec(raw);
    if (block) {
      const collected: string[] = [];
      while (i + 1 < close && (lines[i + 1]!.trim() === "" || /^[ \t]/.test(lines[i + 1]!))) {
        collected.push(lines[++i]!.trim());
      }
      while (collected.length > 0 && collected[collected.length - 1] === "") collected.pop();
      out[key] = block[1] === ">" ? collected.filter((l) => l !== "").join(" ") : collected.join("\n");
    } else if (raw.startsWith('"')) {
      out[key] = parseDoubleQuoted(raw);
    } else if (raw.startsWith("'")) {
      out[key] = parseSingleQuoted(raw);
    } else {
      out[key] = raw.replace(/[ \t]+#.*$/, "").trim();
    }
  }
  return out;
}

function parseDoubleQuoted(raw: string): string {
  let out = "";
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '"') return out;
    if (c !== "\\" || i + 1 >= raw.length) { out += c; continue; }
    const e = raw[++i]!;
    if (e === "n") out += "\n";
    else if (e === "t") out += "\t";
    else if (e === "u" && /^[0-9a-fA-F]{4}$/.test(raw.slice(i + 1, i + 5))) {
      out += String.fromCharCode(parseInt(raw.slice(i + 1, i + 5), 16));
      i += 4;
    } else out += e;
  }
  return out; // unterminated: keep what was read
}

function parseSingleQuoted(raw: string): string {
  let out = "";
  for (let i = 1; i < raw.length; i++) {
    const c = raw[i]!;
    if (c !== "'") { out += c; continue; }
    if (raw[i + 1] === "'") { out += "'"; i++; continue; }
    return out;
  }
  return out;
}

/** One entry of the skills index, after parsing and normalization. */
export interface SkillEntry {
  /** Frontmatter `name`, else the skill's directory name; folded onto one line. */
  name: string;
  /** Frontmatter `description` folded onto one line and cut to SKILL_DESCRIPTION_MAX code units; may be "". */
  description: string;
  /** Frontmatter `category` folded onto one line, else the directory category (skillDirCategory); "" for none. */
  category: string;
  path: string;
}

/**
 * Reads one SKILL.md into an index entry.
 * @param skill `path` of the SKILL.md (POSIX or Windows separators) and its `text`.
 */
export function skillEntry(skill: { path: string; text: string }): SkillEntry {
  const fm = parseFrontmatter(typeof skill.text === "string" ? skill.text : "");
  const name = foldToLine(fm.name) || skillDirName(skill.path);
  return {
    name,
    description: cutWithEllipsis(foldToLine(fm.description), SKILL_DESCRIPTION_MAX),
    category: foldToLine(fm.category) || skillDirCategory(skill.path),
    path: skill.path,
  };
}

/**
 * The category a skill's place on disk gives it: the first directory under the last "skills" directory of the path,
 * when the skill's own directory sits below it. "skills/research/arxiv/SKILL.md" → "research";
 * "/home/a/skills/devops/k8s/deploy/SKILL.md" → "devops"; "skills/deploy/SKILL.md" → "" (no category directory);
 * a path with no "skills" directory → "". Used only when the front matter has no `category`.
 * @param path POSIX or Windows separators.
 */
export function skillDirCategory(path: string): string {
  const parts = String(path).split(/[\\/]+/).filter((p) => p !== "");
  const at = parts.lastIndexOf("skills");
  // skills/<category>/<name>/SKILL.md: at least three parts after "skills".
  if (at < 0 || parts.length - at - 1 < 3) return "";
  return foldToLine(parts[at + 1]);
}

/** The directory holding a SKILL.md ("skills/deploy/SKILL.md" → "deploy"); for another file name, its stem. */
function skillDirName(path: string): string {
  const parts = String(path).split(/[\\/]+/).filter((p) => p !== "");
  const last = parts[parts.length - 1] ?? "";
  if (/^skill\.md$/i.test(last)) return parts[parts.length - 2] ?? "skill";
  return last.replace(/\.md$/i, "") || "skill";
}

/**
 * The skills index section (id "skills-index", tier context: it changes only when skills are added or edited).
 *
 * With `options.toolNames`, the index is built only when one of them is a skill tool (hasSkillTools: skills_list,
 * skill_view, skill_manage, …); the agent cannot open a skill otherwise. Without the option there is no such check.
 *
 * Layout: a heading and one sentence on how to use the index, then one block per category — categories in
 * case-insensitive order (ties by code unit), the uncategorized group last under "## Uncategorized" — with one line
 * per skill, "- name: description" (or "- name" without a description), sorted by name case-insensitively, ties by
 * code unit, then by description and path. Lines that come out identical are shown once. Input order never changes
 * the bytes. Pass skill text that already went through the guard; this builder does not scan it.
 * @param skills each SKILL.md's path and text.
 * @param options.toolNames the agent's tool names (see above).
 * @returns null when the list is empty, or no skill tool is among `options.toolNames`. `sources` holds the paths, sorted by code unit, without duplicates.
 */
export function skillsIndexSection(skills: Array<{ path: string; text: string }>, options: { toolNames?: string[] } = {}): Section | null {
  if (!Array.isArray(skills) || skills.length === 0) return null;
  if (options.toolNames !== undefined && !hasSkillTools(options.toolNames)) return null;
  const entries = skills.map(skillEntry).sort((a, b) =>
    compareNames(a.name, b.name) || compareCodeUnits(a.description, b.description) || compareCodeUnits(a.path, b.path));
  const groups = new Map<string, SkillEntry[]>();
  for (const e of entries) {
    const list = groups.get(e.category);
    if (list) list.push(e);
    else groups.set(e.category, [e]);
  }
  const categories = [...groups.keys()].sort((a, b) => {
    if (a === "" || b === "") return a === b ? 0 : a === "" ? 1 : -1;
    return compareNames(a, b);
  });
  const blocks = categories.map((category) => {
    const lines = [...new Set(groups.get(category)!.map((e) => (e.description ? `- ${e.name}: ${e.description}` : `- ${e.name}`)))];
    return [`## ${category === "" ? UNCATEGORIZED : category}`, ...lines].join("\n");
  });
  const text = [
    "# Skills\nEach skill below is a saved procedure for one kind of task, listed by name. If your task is one of these kinds, open the skill and work through its steps; otherwise leave the list alone.",
    ...blocks,
  ].join("\n\n");
  const sources = [...new Set(skills.map((s) => s.path))].sort(compareCodeUnits);
  return makeSection("skills-index", "context", text, sources);
}

// The browser page: open a workspace (folder picker, a dropped folder or a bundled sample), assemble its system
// prompt in the page through the WASM core, show sections, blocked files, cuts and the budget, freeze the prompt in
// IndexedDB and explain what breaks the cache after an edit. This file wires the DOM to the library; the logic it
// relies on lives in model.ts (DOM-free, unit-tested) and the drawing in view.ts.

import wasmUrl from "../../build/release.wasm?url";
import { MapWorkspaceReader, type BlobLike } from "../adapters/map-reader.js";
import type { ReadResult, WorkspaceReader } from "../discovery/reader.js";
import { DISCOVERY_POLICIES, type DiscoveryPolicy } from "../discovery/policies.js";
import { PromptasmError } from "../errors.js";
import { createPromptasm, type Promptasm } from "../api/promptasm.js";
import { discoverForAssembly, type AssembleOptions, type AssembledPrompt } from "../prompt/assemble.js";
import { assembleJson } from "../prompt/json.js";
import { anthropicRequest } from "../providers/anthropic.js";
import { explainCacheBreak, type AssembleJsonInput, type CacheBreakExplanation } from "../providers/explain.js";
import { openaiChatRequest } from "../providers/openai.js";
import { BUILTIN_RULES } from "../scan/rules.js";
import type { PromptMode } from "../sections/builders.js";
import { PLATFORM_HINTS } from "../sections/texts.js";
import { IndexedDbSessionStore } from "../stores/indexeddb.js";
import { freezeSession, invalidateSession, type FrozenSession } from "../stores/session.js";
import { countSectionTokens, type Encoding } from "../tokens/tokens.js";
import { byId, fill, h, num, visible, visibleName } from "./dom.js";
import { readDroppedEntries, type EntryLike } from "./drop.js";
import {
  assembleOptions, cutView, cwdCandidates, homeCandidates, lineViews, listedFiles, MAX_EDIT_CHARS, modelBudget, MODELS,
  PAGE_MAX_BYTES, parseCap, promptView, runtimeOf, settingsFromStorage, skippedNotes, workspaceFromFileList, workspaceFromFiles, type PageOptions,
  type PageSettings, type Workspace,
} from "./model.js";
import { SAMPLES, sampleWorkspace, type Sample } from "./samples.js";
import { renderBudget, renderCuts, renderExplanation, renderFindings, renderNotes, renderPrompt, renderTierLegend, type FindingView } from "./view.js";

/** The IndexedDB database the page freezes prompts in (one object store, session id → record). */
const PAGE_DB = "promptasm-page";
/** localStorage keys: the page's settings, and per session the labels of its frozen prompt. */
const SETTINGS_KEY = "promptasm-page:settings";
const metaKey = (sessionId: string) => `promptasm-page:frozen:${sessionId}`;
/** Most files the file list shows (a docs folder can hold thousands of Markdown files). */
const MAX_LISTED = 500;
/** The user message the copied request bodies carry (a placeholder for the first turn). */
const USER_MESSAGE = "Hello! What can you help me with in this project?";

/** One build of the current workspace. */
interface Build {
  result: AssembledPrompt;
  json: AssembleJsonInput & { prompt: string };
  builtAt: Date;
  timeZone: string;
  ms: number;
  findings: FindingView[];
  cuts: ReturnType<typeof cutView>[];
}

/** What the page keeps beside a frozen prompt (localStorage) to label its sections after a reload. */
interface FrozenMeta {
  contentHash: string;
  sections: AssembleJsonInput["sections"];
  boundary: number | null;
  builtAt: string;
  timeZone: string;
  workspace: string;
}

const store = new IndexedDbSessionStore({ name: PAGE_DB });
let pa: Promptasm | null = null;
let ws: Workspace | null = null;
const edits = new Map<string, string>();
let settings: PageSettings = loadSettings();
let current: Build | null = null;
let frozen: { turn: FrozenSession; meta: FrozenMeta | null } | null = null;
let frozenProblem: string | null = null;
let shown: "build" | "frozen" = "build";
let tokens: { prompt: string; encoding: Encoding; counts: number[] } | null = null;
let tokensWanted = false;
let selectedFile: string | null = null;
let buildSeq = 0;

// ---- settings -------------------------------------------------------------------------------------------------

function loadSettings(): PageSettings {
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(SETTINGS_KEY);
  } catch { /* blocked storage: start from the defaults */ }
  return settingsFromStorage(stored); // every field checked: one the page does not know takes its default
}

function saveSettings(): void {
  try { localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings)); } catch { /* storage full or blocked: settings just do not persist */ }
}

function loadMeta(sessionId: string, contentHash: string): FrozenMeta | null {
  try {
    const m = JSON.parse(localStorage.getItem(metaKey(sessionId)) ?? "null") as FrozenMeta | null;
    return m !== null && m.contentHash === contentHash && Array.isArray(m.sections) ? m : null;
  } catch {
    return null;
  }
}

function saveMeta(sessionId: string, meta: FrozenMeta | null): void {
  try {
    if (meta === null) localStorage.removeItem(metaKey(sessionId));
    else localStorage.setItem(metaKey(sessionId), JSON.stringify(meta));
  } catch { /* without labels the frozen prompt still shows, as one block */ }
}

// ---- messages -------------------------------------------------------------------------------------------------

function status(text: string): void {
  byId("status").textContent = text;
}

function showError(text: string | null): void {
  const el = byId("error");
  el.hidden = text === null;
  el.textContent = text ?? "";
}

function describe(e: unknown): string {
  if (e instanceof PromptasmError) return `${e.message} (${e.code})`;
  return e instanceof Error ? e.message : String(e);
}

// ---- the core -------------------------------------------------------------------------------------------------

async function loadCore(): Promise<void> {
  const t0 = performance.now();
  let how = "WebAssembly.compileStreaming";
  let module: WebAssembly.Module;
  try {
    module = await WebAssembly.compileStreaming(fetch(wasmUrl));
  } catch {
    // A server that sends the .wasm without Content-Type application/wasm: compile from the bytes instead.
    how = "WebAssembly.compile (the server did not send application/wasm)";
    const res = await fetch(wasmUrl);
    if (!res.ok) throw new Error(`could not load the WebAssembly core (${res.status} ${res.statusText})`);
    module = await WebAssembly.compile(await res.arrayBuffer());
  }
  pa = await createPromptasm(module);
  const ms = Math.round(performance.now() - t0);
  byId("core-info").textContent = `Core: release.wasm, compiled with ${how} and ready in ${num(ms)} ms (${BUILTIN_RULES.length} threat rules compiled).`;
  byId("core-info").dataset.compile = how.startsWith("WebAssembly.compileStreaming") ? "streaming" : "bytes";
}

// ---- opening a workspace --------------------------------------------------------------------------------------

async function openWorkspace(next: Workspace, options: Partial<PageOptions>): Promise<void> {
  ws = next;
  edits.clear();
  selectedFile = null;
  fill(byId("editor")); // the previous workspace's file is not this one's
  tokens = null;
  const cwds = cwdCandidates(next), homes = homeCandidates(next);
  const o = { ...settings.options, cwd: "/workspace", home: "", maxChars: null, targetPath: "", ...options };
  if (!cwds.includes(o.cwd)) o.cwd = "/workspace";
  if (o.home !== "" && !homes.includes(o.home)) o.home = "";
  settings.options = o;
  saveSettings();
  shown = "build";
  renderOptions();
  renderWorkspace();
  await rebuild();
}

async function openSample(sample: Sample): Promise<void> {
  status(`Opening the sample “${sample.title}”…`);
  const { default: files } = await import("virtual:promptasm-samples");
  await openWorkspace(sampleWorkspace(sample, files), sample.options);
}

async function openFileList(list: ArrayLike<File>): Promise<void> {
  if (list.length === 0) {
    status("The folder is empty (or the browser handed over no files): nothing to assemble.");
    return;
  }
  await openWorkspace(workspaceFromFileList(list), {});
}

async function openDrop(data: DataTransfer): Promise<void> {
  const entries: EntryLike[] = [];
  for (const item of data.items) {
    if (item.kind !== "file") continue;
    const entry = item.webkitGetAsEntry?.();
    if (entry) entries.push(entry as unknown as EntryLike);
  }
  if (entries.length === 0 && data.files.length > 0) return openFileList(data.files);
  if (entries.length === 0) {
    status("Nothing to open: drop a folder (or files) from your file manager.");
    return;
  }
  status("Reading the dropped folder…");
  const dropped = await readDroppedEntries(entries);
  if (dropped.files.length === 0) {
    status(dropped.errors.length > 0 ? `The dropped folder could not be read: ${dropped.errors[0]}` : "The dropped folder is empty: nothing to assemble.");
    return;
  }
  const next = workspaceFromFiles(dropped.name, dropped.files);
  next.skipped.vcs += dropped.skippedDirs;
  await openWorkspace(next, {});
  if (dropped.errors.length > 0) showError(`${num(dropped.errors.length)} dropped entries could not be read, e.g. ${dropped.errors[0]}`);
}

// ---- building -------------------------------------------------------------------------------------------------

/**
 * The workspace with the user's edits, as a reader that reads each file at most once: a build reads a context file,
 * then the page reads it again for the offending line or the cut text.
 */
function readerFor(w: Workspace): WorkspaceReader {
  const files: Record<string, string | BlobLike> = {};
  for (const [p, f] of w.files) files[p] = edits.get(p) ?? f;
  const inner = new MapWorkspaceReader(files, { maxBytes: PAGE_MAX_BYTES });
  const reads = new Map<string, Promise<ReadResult>>();
  return {
    read(path) {
      let r = reads.get(path);
      if (r === undefined) reads.set(path, (r = inner.read(path)));
      return r;
    },
    list: (dir) => inner.list(dir),
    kind: (path) => inner.kind(path),
  };
}

/** Texts as the scanner saw them (after discovery stripped frontmatter), for offending lines and cut text. */
async function scannedTexts(reader: WorkspaceReader, opts: AssembleOptions, r: AssembledPrompt): Promise<Map<string, string>> {
  const texts = new Map<string, string>();
  if (r.contextKind !== "none" || r.findings.length > 0) {
    const d = await discoverForAssembly(reader, opts);
    for (const f of d.files) texts.set(f.path, f.text);
    for (const q of d.requestable ?? []) texts.set(`${q.path}\u0000description`, `${q.name}\n${q.description}`);
  }
  // Home files and skills are scanned as read.
  for (const path of new Set([...r.findings.map((f) => f.path), ...r.truncations.map((t) => t.path)])) {
    if (texts.has(path)) continue;
    const read = await reader.read(path);
    if (read.kind === "text") texts.set(path, read.text);
  }
  return texts;
}

async function rebuild(): Promise<void> {
  if (ws === null) return;
  if (pa === null) {
    status("The WebAssembly core is still loading; the prompt is assembled as soon as it is ready.");
    return;
  }
  const seq = ++buildSeq;
  showError(null);
  const reader = readerFor(ws);
  const builtAt = new Date();
  const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  const opts = assembleOptions(settings.options, builtAt, timeZone);
  let result: AssembledPrompt;
  let texts: Map<string, string>;
  let ms: number;
  try {
    const t0 = performance.now();
    result = await pa.assemble(reader, opts);
    ms = performance.now() - t0;
    texts = await scannedTexts(reader, opts, result);
  } catch (e) {
    if (seq !== buildSeq) return;
    current = null;
    showError(`Could not assemble the prompt: ${describe(e)}`);
    status("The build failed; change the options or open another workspace.");
    render();
    countBuild();
    return;
  }
  if (seq !== buildSeq) return; // a newer build started meanwhile
  const core = pa;
  const findings: FindingView[] = result.findings.map((f) => ({ finding: f, line: null }));
  // Each text is read once for all its findings (a big file can have hundreds, at its end).
  const byText = new Map<string, { text: string; at: number[] }>();
  result.findings.forEach((f, i) => {
    const key = f.inName ? `${f.path}\u0000name\u0000${f.file}` : f.file.endsWith(" (description)") ? `${f.path}\u0000description` : f.path;
    const text = f.inName ? f.file : texts.get(key);
    if (text === undefined) return;
    const group = byText.get(key);
    if (group === undefined) byText.set(key, { text, at: [i] });
    else group.at.push(i);
  });
  for (const { text, at } of byText.values()) {
    lineViews(text, at.map((i) => result.findings[i]!)).forEach((line, k) => { findings[at[k]!]!.line = line; });
  }
  const cuts = result.truncations.map((t) => {
    const text = texts.get(t.path);
    return cutView(t, text === undefined ? undefined : core.normalize(text));
  });
  current = { result, json: assembleJson(result) as AssembleJsonInput & { prompt: string }, builtAt, timeZone, ms, findings, cuts };
  shown = "build";
  if (tokensWanted) void countTokens();
  render();
  const e = comparison();
  status(summaryText(current) + (e === null ? "" : ` Against the frozen prompt: ${e.identical ? "identical" : e.survives ? "the cached prefix survives" : `the cached prefix breaks (${e.reason})`}.`));
  countBuild();
}

/** Counts finished builds on <body data-builds>, so a script (or a test) can wait for the next one. */
function countBuild(): void {
  document.body.dataset.builds = String(Number(document.body.dataset.builds ?? "0") + 1);
}

function summaryText(b: Build): string {
  const r = b.result;
  const parts = [`${r.sections.length} sections`, `${num(r.chars)} chars`];
  parts.push(r.blocked.length === 0 ? "no file blocked" : `${r.blocked.length} file${r.blocked.length === 1 ? "" : "s"} blocked`);
  parts.push(r.truncations.length === 0 ? "no file cut" : `${r.truncations.length} file${r.truncations.length === 1 ? "" : "s"} cut`);
  return `Assembled in ${num(Math.max(1, Math.round(b.ms)))} ms: ${parts.join(", ")}.`;
}

// ---- tokens ---------------------------------------------------------------------------------------------------

async function countTokens(): Promise<void> {
  const p = shownPrompt();
  if (p === null) return;
  const encoding = settings.encoding;
  const view = promptView(p);
  const button = byId<HTMLButtonElement>("count-tokens");
  button.disabled = true;
  status(`Counting ${encoding} tokens (the tokenizer loads once, about 1 MB)…`);
  try {
    const counts = await countSectionTokens(view.sections, encoding);
    if (shownPrompt()?.prompt !== p.prompt || settings.encoding !== encoding) return; // the page moved on
    tokens = { prompt: p.prompt, encoding, counts: counts.sections.map((s) => s.tokens) };
    status(`Counted ${num(counts.total)} ${encoding} tokens in ${view.sections.length} sections.`);
    render();
  } catch (e) {
    showError(`Could not count tokens: ${describe(e)}`);
  } finally {
    button.disabled = false;
  }
}

// ---- the frozen session ---------------------------------------------------------------------------------------

const quiet = { warn: () => {} }; // warnings come back with the turn and are shown there

/** A build function for freezeSession: the current build, or a failure that says a workspace is needed. */
function buildForFreeze(): Promise<{ prompt: string }> {
  if (current === null) return Promise.reject(new PromptasmError("E_ARG", "no workspace is open to build a prompt from: open the workspace again"));
  return Promise.resolve(current.json);
}

function sessionId(): string {
  return byId<HTMLInputElement>("session-id").value.trim();
}

async function restoreFrozen(): Promise<void> {
  frozen = null;
  frozenProblem = null;
  const id = settings.sessionId;
  try {
    if ((await store.get(id)) === null) return;
  } catch (e) {
    frozenProblem = `This browser's IndexedDB could not be read, so frozen prompts are unavailable: ${describe(e)}`;
    return;
  }
  // The stored prompt is scanned before it is shown: one with findings needs a build (an open workspace) to check them.
  const seen: string[] = [];
  try {
    const turn = await freezeSession(store, id, buildForFreeze, runtimeOf(settings.options), { logger: { warn: (m) => { seen.push(m); } }, ...(pa ? { scanner: pa } : {}) });
    frozen = { turn, meta: loadMeta(id, turn.record.contentHash) };
    if (ws === null) shown = "frozen";
  } catch (e) {
    frozenProblem = `Session ${id} has a stored prompt that cannot be reused as it is (${[...seen, describe(e)].join("; ")}).`;
  }
}

async function freeze(): Promise<void> {
  const id = sessionId();
  if (id === "") {
    showError("Enter a session id first.");
    return;
  }
  settings.sessionId = id;
  saveSettings();
  showError(null);
  const snapshot = current;
  try {
    const turn = await freezeSession(store, id, buildForFreeze, runtimeOf(settings.options), { logger: quiet, ...(pa ? { scanner: pa } : {}) });
    if (turn.built !== undefined && snapshot !== null && turn.prompt === snapshot.json.prompt) {
      saveMeta(id, {
        contentHash: turn.record.contentHash, sections: snapshot.json.sections, boundary: snapshot.json.boundary,
        builtAt: snapshot.builtAt.toISOString(), timeZone: snapshot.timeZone, workspace: ws?.name ?? "",
      });
    }
    frozen = { turn, meta: loadMeta(id, turn.record.contentHash) };
    frozenProblem = null;
    status(freezeStatus(turn));
  } catch (e) {
    showError(`Could not freeze session ${id}: ${describe(e)}`);
  }
  render();
}

function freezeStatus(t: FrozenSession): string {
  const id = sessionId();
  switch (t.state) {
    case "present": return `Session ${id}: the stored prompt is reused byte for byte (state present).`;
    case "missing": return t.stored ? `Session ${id}: frozen; ${num(t.prompt.length)} chars stored in IndexedDB (state missing → stored).` : `Session ${id}: built, but storing it failed.`;
    case "stale": return `Session ${id}: the stored prompt was built for another runtime (${t.reason ?? "stale"}); rebuilt and stored.`;
    default: return `Session ${id}: the stored value was unusable (${t.state}); rebuilt and stored.`;
  }
}

async function invalidate(): Promise<void> {
  const id = sessionId();
  if (id === "") return;
  const deleted = await invalidateSession(store, id, { logger: quiet });
  saveMeta(id, null);
  frozen = null;
  frozenProblem = null;
  shown = "build";
  status(deleted ? `Session ${id}: the stored prompt was deleted; the next freeze stores the current build.` : `Session ${id}: deleting the stored prompt failed.`);
  render();
}

// ---- what is shown --------------------------------------------------------------------------------------------

function frozenJson(): (AssembleJsonInput & { prompt: string }) | null {
  if (frozen === null) return null;
  const m = frozen.meta;
  return { prompt: frozen.turn.prompt, sections: m?.sections ?? [], boundary: m?.boundary ?? null };
}

/** The current build against the frozen prompt, when there are both. */
function comparison(): CacheBreakExplanation | null {
  const f = frozenJson();
  return f === null || current === null ? null : explainCacheBreak(f, current.json);
}

function shownPrompt(): (AssembleJsonInput & { prompt: string }) | null {
  if (shown === "frozen" && frozen !== null) return frozenJson();
  return current?.json ?? frozenJson();
}

function modelFor(provider: "anthropic" | "openai"): string {
  const m = MODELS.find((x) => x.name === settings.options.model);
  return m?.provider === provider ? m.name : provider === "anthropic" ? "claude-sonnet-4-5" : "gpt-5";
}

function anthropicBody(prompt: string): string {
  return JSON.stringify(anthropicRequest({ system: prompt, messages: [{ role: "user", content: USER_MESSAGE }], model: modelFor("anthropic"), maxTokens: 1024 }), null, 2);
}

function openaiBody(prompt: string): string {
  return JSON.stringify(openaiChatRequest({ system: prompt, messages: [{ role: "user", content: USER_MESSAGE }], model: modelFor("openai"), sessionId: settings.sessionId, maxTokens: 1024 }), null, 2);
}

async function copy(text: string, what: string, fallback: HTMLElement): Promise<void> {
  try {
    await navigator.clipboard.writeText(text);
    status(`Copied the ${what} (${num(text.length)} chars).`);
  } catch {
    // No clipboard permission: select the text so the user can copy it with the keyboard.
    const details = fallback.closest("details");
    if (details) details.open = true;
    getSelection()?.selectAllChildren(fallback);
    status(`The browser did not allow copying; the ${what} is selected below: press Ctrl+C (⌘C on a Mac).`);
  }
}

// ---- rendering ------------------------------------------------------------------------------------------------

function option(value: string, label: string, selected: boolean): HTMLOptionElement {
  const o = h("option", { value }, label);
  o.selected = selected;
  return o;
}

function renderOptions(): void {
  const o = settings.options;
  fill(byId("policy"), ...DISCOVERY_POLICIES.map((p) => option(p, p, p === o.policy)));
  fill(byId("model"), ...MODELS.map((m) => {
    const b = modelBudget(m.name);
    return option(m.name, `${m.name} (${b.contextWindow === undefined ? "unknown window" : `${num(b.contextWindow)} tokens`})`, m.name === o.model);
  }));
  byId<HTMLSelectElement>("mode").value = o.mode;
  fill(byId("platform"), option("", "(none)", o.platform === ""), ...Object.keys(PLATFORM_HINTS).map((p) => option(p, p, p === o.platform)));
  const cwds = ws ? cwdCandidates(ws) : ["/workspace"];
  fill(byId("cwd"), ...cwds.map((d) => option(d, visibleName(d), d === o.cwd)));
  const homes = ws ? homeCandidates(ws) : [];
  fill(byId("home"), option("", "(none: the built-in identity)", o.home === ""), ...homes.map((d) => option(d, visibleName(d), d === o.home)));
  byId<HTMLInputElement>("max-chars").value = o.maxChars === null ? "" : String(o.maxChars);
  byId<HTMLInputElement>("target-path").value = o.targetPath;
  const b = modelBudget(o.model);
  byId<HTMLInputElement>("max-chars").placeholder = `from the model: ${num(b.cap)}`;
  byId("model-budget").textContent = `Per-file cap from this model: ${num(b.cap)} chars (6% of the window at 4 chars per token, within 20,000 to 500,000).`;
  byId<HTMLSelectElement>("encoding").value = settings.encoding;
  byId<HTMLInputElement>("session-id").value = settings.sessionId;
}

function renderSamples(): void {
  fill(byId("samples"), ...SAMPLES.map((s) =>
    h("li", {},
      h("button", { type: "button", class: "sample", "data-sample": s.id, "aria-describedby": `sample-${s.id}`, onclick: () => void openSample(s).catch(fail) }, s.title),
      h("p", { id: `sample-${s.id}`, class: "hint" }, s.summary))));
}

function fileStatus(path: string): string[] {
  const tags: string[] = [];
  if (edits.has(path)) tags.push("edited");
  const r = current?.result;
  if (!r) return tags;
  if (r.blocked.some((b) => b.path === path)) tags.push("blocked");
  else if (r.truncations.some((t) => t.path === path && t.dropped)) tags.push("dropped");
  else if (r.sections.some((s) => s.sources.includes(path))) tags.push("loaded");
  if (r.requestable.some((q) => q.path === path)) tags.push("on request");
  if (r.truncations.some((t) => t.path === path && !t.dropped)) tags.push("cut");
  if (r.notes.some((n) => n.path === path)) tags.push("note");
  return tags;
}

function renderWorkspace(): void {
  const info = byId("workspace-info");
  if (ws === null) {
    fill(info);
    fill(byId("files"), h("li", { class: "hint" }, "No workspace open."));
    fill(byId("editor"));
    return;
  }
  const all = listedFiles(ws);
  const listed = all.slice(0, MAX_LISTED);
  const others = ws.files.size - all.length;
  fill(info,
    h("p", {}, h("strong", {}, ...visible(ws.name, "name")), `: ${num(ws.files.size)} file${ws.files.size === 1 ? "" : "s"}${ws.sample ? " (bundled sample)" : ""}.`),
    ...skippedNotes(ws).map((n) => h("p", { class: "hint" }, n)));
  const items = listed.map((p) => {
    const tags = fileStatus(p);
    return h("li", {},
      h("button", { type: "button", class: "file", "data-path": p, "aria-current": p === selectedFile ? "true" : null, onclick: () => void selectFile(p) },
        ...visible(p.startsWith("/workspace/") ? p.slice("/workspace/".length) : p, "name"),
        ...tags.map((t) => h("span", { class: `tag file-tag ${t}` }, t))));
  });
  fill(byId("files"),
    ...(items.length > 0 ? items : [h("li", { class: "hint" }, "No context files or Markdown in this folder.")]),
    all.length > listed.length ? h("li", { class: "hint" }, `${num(all.length - listed.length)} more Markdown files are not listed (the list shows the first ${num(MAX_LISTED)}).`) : null,
    others > 0 ? h("li", { class: "hint" }, `${num(others)} other file${others === 1 ? "" : "s"} (not context files; read only if a policy asks).`) : null);
}

async function selectFile(path: string): Promise<void> {
  const w = ws;
  if (w === null) return;
  selectedFile = path;
  renderWorkspace();
  const editor = byId("editor");
  const label = path.startsWith("/workspace/") ? path.slice("/workspace/".length) : path;
  // The file as opened, without the user's edits: the editor compares its text with it.
  const file = w.files.get(path);
  const read: ReadResult = file === undefined ? { kind: "missing" } : await new MapWorkspaceReader({ [path]: file }, { maxBytes: PAGE_MAX_BYTES }).read(path);
  if (selectedFile !== path || ws !== w) return;
  if (read.kind !== "text") {
    const why = read.kind === "binary" ? "it is binary (a NUL byte in its first 8 KiB)" : read.kind === "too-large" ? `it is ${num(read.bytes)} bytes, over the page's ${num(read.limit)}-byte limit` : read.kind === "error" ? read.message : "it is missing";
    fill(editor, h("p", { class: "hint" }, ...visible(label, "name"), ` cannot be edited here: ${why}.`));
    return;
  }
  const original = read.text;
  const text = edits.get(path) ?? original;
  if (text.length > MAX_EDIT_CHARS) {
    fill(editor, h("p", { class: "hint" }, ...visible(label, "name"), ` is ${num(text.length)} chars, too long to edit here (limit ${num(MAX_EDIT_CHARS)}).`));
    return;
  }
  const area = h("textarea", { id: "editor-text", rows: 14, spellcheck: "false", "aria-describedby": "editor-hint" });
  area.value = text;
  const revert = h("button", { type: "button", id: "revert", onclick: () => { edits.delete(path); void selectFile(path); void rebuild(); } }, "Undo my edits");
  // Undo is there whenever the text differs from the file as opened, or the build uses an edit of it.
  const sync = () => { revert.disabled = area.value === original && !edits.has(path); };
  const apply = () => {
    if (area.value === original) edits.delete(path);
    else edits.set(path, area.value);
    sync();
    void rebuild();
  };
  area.addEventListener("input", sync);
  area.addEventListener("keydown", (e) => { if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) { e.preventDefault(); apply(); } });
  sync();
  fill(editor,
    h("label", { for: "editor-text" }, "Text of ", ...visible(label, "name")),
    area,
    h("p", { id: "editor-hint", class: "hint" }, "Ctrl+Enter rebuilds with this text. Edits stay in this page; the file on disk is not changed."),
    h("div", { class: "buttons" }, h("button", { type: "button", id: "rebuild", onclick: apply }, "Rebuild with this text"), revert));
}

function renderSession(): void {
  const info = byId("session-info");
  const expl = byId("explanation");
  byId<HTMLButtonElement>("freeze").disabled = current === null && frozen === null;
  byId<HTMLButtonElement>("invalidate").disabled = frozen === null && frozenProblem === null;
  if (frozen === null) {
    fill(info, h("p", { id: "session-state", "data-state": "none" }, frozenProblem ?? `Session ${settings.sessionId} has no frozen prompt in this browser.`));
    fill(expl);
    return;
  }
  const t = frozen.turn;
  const at = new Date(t.record.createdAt);
  fill(info,
    h("p", { id: "session-state", "data-state": t.state }, `State: `, h("strong", {}, t.state), t.state === "present" ? ": the stored prompt is reused, byte for byte." : t.stored ? ": built and stored." : ": built; storing failed."),
    h("dl", { class: "session-facts" },
      h("dt", {}, "Stored"), h("dd", {}, t.stored ? `yes, in IndexedDB (${PAGE_DB})` : "no"),
      h("dt", {}, "Built"), h("dd", {}, h("time", { datetime: t.record.createdAt }, at.toISOString().replace("T", " ").slice(0, 19) + " UTC")),
      h("dt", {}, "Size"), h("dd", { id: "frozen-chars" }, `${num(t.prompt.length)} chars`),
      h("dt", {}, "SHA-256"), h("dd", {}, h("code", { id: "frozen-hash" }, t.record.contentHash)),
      h("dt", {}, "Runtime"), h("dd", {}, [t.record.runtime.model, t.record.runtime.provider, t.record.runtime.cwd].filter(Boolean).join(" · "))),
    t.platformNote ? h("p", { class: "hint" }, `Platform changed: this turn's user message would carry “${t.platformNote}”`) : null,
    ...t.warnings.map((w) => h("p", { class: "warning" }, w.message)));
  if (current === null) {
    fill(expl, h("p", { class: "hint" }, "Open the workspace again to compare a new build with the frozen prompt."));
    return;
  }
  const e = comparison()!;
  fill(expl,
    h("h3", {}, "Current build against the frozen prompt"),
    renderExplanation(e),
    e.identical ? null : h("p", { class: "hint" }, "Each turn still sends the frozen bytes. To send the new build, invalidate the session and freeze again."));
}

function renderResult(): void {
  const p = shownPrompt();
  const isFrozen = p !== null && (shown === "frozen" || current === null);
  byId("shown").hidden = !(current !== null && frozen !== null);
  for (const r of document.querySelectorAll<HTMLInputElement>("input[name=shown]")) r.checked = r.value === (isFrozen ? "frozen" : "build");
  for (const id of ["copy-prompt", "copy-anthropic", "copy-openai"]) byId<HTMLButtonElement>(id).disabled = p === null;
  byId<HTMLButtonElement>("count-tokens").disabled = p === null;
  const summary = byId("summary");
  if (p === null) {
    fill(summary, "Open a folder or a sample to assemble a prompt.");
    for (const id of ["findings", "cuts", "notes", "budget", "prompt-sections", "prompt-text", "anthropic-body", "openai-body", "prompt-caption"]) fill(byId(id));
    return;
  }
  const view = promptView(p);
  const counted = tokens !== null && tokens.prompt === p.prompt && tokens.counts.length === view.sections.length ? tokens : null;
  if (isFrozen) {
    const m = frozen?.meta;
    fill(summary, `Showing the frozen prompt of session ${settings.sessionId}, read from IndexedDB: ${num(p.prompt.length)} chars`, ...(m ? [", built from ", ...visible(m.workspace, "name")] : []), ".");
    fill(byId("prompt-caption"), m ? "" : "Its section labels are not stored in this browser, so it is shown as one block.");
  } else {
    const b = current!;
    fill(summary,
      `${summaryText(b)} Built `,
      h("time", { id: "built-at", datetime: b.builtAt.toISOString(), "data-time-zone": b.timeZone }, `${b.builtAt.toISOString().slice(0, 19).replace("T", " ")} UTC`),
      ` (date line in ${b.timeZone}); policy ${b.result.policy}, context: ${b.result.contextKind === "none" ? "no context file loaded" : b.result.contextKind}.`);
    fill(byId("prompt-caption"), b.result.contextKind === "none" ? `No context file loaded: the ${b.result.policy} policy found none from ${settings.options.cwd} up to the workspace root.` : "");
  }
  if (current !== null && !isFrozen) {
    fill(byId("findings"), renderFindings(current.findings, current.result.blocked));
    fill(byId("cuts"), renderCuts(current.cuts));
    fill(byId("notes"), renderNotes([...(ws ? skippedNotes(ws) : []), ...current.result.notes.map((n) => n.message)]));
  } else {
    for (const id of ["findings", "cuts", "notes"]) fill(byId(id), h("p", { class: "hint" }, "Shown for a build of an open workspace."));
  }
  fill(byId("budget"), renderBudget(view.sections, counted?.counts ?? null, counted?.encoding ?? null), renderTierLegend());
  fill(byId("prompt-sections"), renderPrompt(view, p.prompt, counted?.counts ?? null));
  byId("prompt-text").textContent = p.prompt;
  byId("anthropic-body").textContent = anthropicBody(p.prompt);
  byId("openai-body").textContent = openaiBody(p.prompt);
}

function render(): void {
  renderWorkspace();
  renderResult();
  renderSession();
}

function fail(e: unknown): void {
  showError(describe(e));
}

// ---- wiring ---------------------------------------------------------------------------------------------------

function readOptions(): boolean {
  const o = settings.options;
  o.policy = byId<HTMLSelectElement>("policy").value as DiscoveryPolicy;
  o.mode = byId<HTMLSelectElement>("mode").value as PromptMode;
  o.model = byId<HTMLSelectElement>("model").value;
  o.platform = byId<HTMLSelectElement>("platform").value;
  o.cwd = byId<HTMLSelectElement>("cwd").value || "/workspace";
  o.home = byId<HTMLSelectElement>("home").value;
  o.targetPath = byId<HTMLInputElement>("target-path").value;
  const cap = parseCap(byId<HTMLInputElement>("max-chars").value);
  const err = byId("max-chars-error");
  err.hidden = cap.ok;
  err.textContent = cap.ok ? "" : cap.error;
  byId("max-chars").setAttribute("aria-invalid", String(!cap.ok));
  if (cap.ok) o.maxChars = cap.maxChars;
  saveSettings();
  return cap.ok;
}

function wire(): void {
  byId("options").addEventListener("submit", (e) => e.preventDefault());
  byId("options").addEventListener("change", () => {
    if (!readOptions()) return;
    renderOptions();
    void rebuild().catch(fail);
  });
  byId<HTMLInputElement>("folder").addEventListener("change", (e) => {
    const input = e.target as HTMLInputElement;
    const files = input.files === null ? [] : [...input.files];
    input.value = ""; // so picking the same folder again (say, after editing it on disk) opens it again
    void openFileList(files).catch(fail);
  });
  const drop = byId("drop");
  drop.addEventListener("dragover", (e) => { e.preventDefault(); drop.classList.add("over"); });
  drop.addEventListener("dragleave", () => drop.classList.remove("over"));
  drop.addEventListener("drop", (e) => {
    e.preventDefault();
    drop.classList.remove("over");
    if (e.dataTransfer) void openDrop(e.dataTransfer).catch(fail);
  });
  byId("freeze").addEventListener("click", () => void freeze().catch(fail));
  byId("invalidate").addEventListener("click", () => void invalidate().catch(fail));
  byId("session-id").addEventListener("change", () => {
    const id = sessionId();
    if (id === "") return;
    settings.sessionId = id;
    saveSettings();
    void restoreFrozen().then(render).catch(fail);
  });
  byId("count-tokens").addEventListener("click", () => { tokensWanted = true; void countTokens(); });
  byId("encoding").addEventListener("change", () => {
    settings.encoding = byId<HTMLSelectElement>("encoding").value === "o200k_base" ? "o200k_base" : "cl100k_base";
    saveSettings();
    if (tokensWanted) void countTokens();
  });
  for (const r of document.querySelectorAll<HTMLInputElement>("input[name=shown]")) {
    r.addEventListener("change", () => { shown = r.value === "frozen" ? "frozen" : "build"; render(); if (tokensWanted) void countTokens(); });
  }
  byId("copy-prompt").addEventListener("click", () => { const p = shownPrompt(); if (p) void copy(p.prompt, "prompt", byId("prompt-text")); });
  byId("copy-anthropic").addEventListener("click", () => { const p = shownPrompt(); if (p) void copy(anthropicBody(p.prompt), "Anthropic request body", byId("anthropic-body")); });
  byId("copy-openai").addEventListener("click", () => { const p = shownPrompt(); if (p) void copy(openaiBody(p.prompt), "OpenAI request body", byId("openai-body")); });
}

async function boot(): Promise<void> {
  renderSamples();
  renderOptions();
  render();
  wire();
  try {
    await loadCore();
  } catch (e) {
    status("The WebAssembly core did not load, so nothing can be assembled in this browser.");
    showError(describe(e));
    return;
  }
  await restoreFrozen();
  render();
  status(frozen !== null
    ? `Ready. Session ${settings.sessionId} has a frozen prompt in IndexedDB (state ${frozen.turn.state}).`
    : "Ready. Open a folder or a sample.");
  if (ws !== null) await rebuild(); // a workspace opened while the core was loading
  document.body.dataset.ready = "true";
}

void boot();

// The page reload.e2e.spec.ts loads, reloads and reopens: one IndexedDbSessionStore and freezeSession, driven from
// the test through `window.promptasmPage`.
import { IndexedDbSessionStore } from "../../../src/stores/indexeddb.js";
import { freezeSession, invalidateSession, type CurrentRuntime } from "../../../src/stores/session.js";

/** What one turn reports back to the test (plain data, so it crosses page.evaluate unchanged). */
export interface PageTurn {
  state: string;
  prompt: string;
  stored: boolean;
  contentHash: string;
  /** How many times this turn called build (0 when the stored prompt was reused). */
  builds: number;
  warnings: string[];
}

export interface PromptasmPage {
  /** One freezeSession turn whose build returns `text`. */
  turn(sessionId: string, text: string, current: CurrentRuntime): Promise<PageTurn>;
  invalidate(sessionId: string): Promise<boolean>;
}

const store = new IndexedDbSessionStore({ name: "promptasm-reload-page" });
const quiet = { warn: () => {} };

const api: PromptasmPage = {
  async turn(sessionId, text, current) {
    let builds = 0;
    const build = async () => { builds += 1; return { prompt: text }; };
    const t = await freezeSession(store, sessionId, build, current, { logger: quiet });
    return { state: t.state, prompt: t.prompt, stored: t.stored, contentHash: t.record.contentHash, builds, warnings: t.warnings.map((w) => w.code) };
  },
  invalidate: (sessionId) => invalidateSession(store, sessionId, { logger: quiet }),
};

(globalThis as { promptasmPage?: PromptasmPage }).promptasmPage = api;

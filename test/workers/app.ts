// The Worker the workers tests run as `main` (vitest.workers.config.ts): the real entry (src/adapters/worker.ts) for
// every route it has, plus one test-only route that freezes a prompt over env.PROMPTS, so a test can show a frozen
// prompt surviving from one request to the next through the session store alone (the API's own routes are tested
// in api.workers.spec.ts).
//
// POST /test/turn/<session id>  body { model, prompt, tenant? }
//   → { state, prompt, stored, contentHash, warnings: [codes] }
// A new KvSessionStore per request: nothing but KV carries a prompt from one request to another.

import worker, { type WorkerEnv } from "../../src/adapters/worker.js";
import { KvSessionStore } from "../../src/stores/kv.js";
import { freezeSession } from "../../src/stores/session.js";

const TURN = "/test/turn/";

export default {
  async fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const url = new URL(request.url);
    if (request.method !== "POST" || !url.pathname.startsWith(TURN)) return worker.fetch(request, env);
    const sessionId = decodeURIComponent(url.pathname.slice(TURN.length));
    const body = (await request.json()) as { model: string; prompt: string; tenant?: string };
    const store = new KvSessionStore(env.PROMPTS, { prefix: `app/${body.tenant ?? "t0"}/` });
    const turn = await freezeSession(store, sessionId, async () => ({ prompt: body.prompt }), { model: body.model, platform: "web" }, {
      logger: { warn: () => {} },
    });
    return Response.json({
      state: turn.state,
      prompt: turn.prompt,
      stored: turn.stored,
      contentHash: turn.record.contentHash,
      warnings: turn.warnings.map((w) => w.code),
    });
  },
};

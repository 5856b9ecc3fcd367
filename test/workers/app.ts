// The Worker the workers tests run as `main` (vitest.workers.config.ts): the real entry (src/adapters/workerd/worker.ts) for
// every route it has, plus one test-only route that freezes a prompt over env.PROMPTS, so a test can show a frozen
// prompt surviving from one request to the next through the session store alone (the API's own routes are tested
// in api.workers.spec.ts).
//
// POST /test/turn/<session id>  body { model, prompt, tenant? }
//   → { state, prompt, stored, contentHash, warnings: [codes] }
// A new KvSessionStore per request: nothing but KV carries a prompt from one request to another.
//
// Optional `buildMs` in either body: the build waits that long first, as a real assembly does, so racing first turns
// all read before any of them stores.
//
// POST /test/turn-do/<session id>  body { model, prompt, tenant?, buildMs? }
//   → the same, plus ownStored: whether this turn's own build is the stored prompt ("first stored")
// The same turn over a new DurableObjectSessionStore (env.SESSIONS) per request (test/workers/do-store.workers.spec.ts).
// The Durable Object class is exported under the class_name wrangler.toml binds SESSIONS to.

import worker, { type WorkerEnv } from "../../src/adapters/workerd/worker.js";
import { DurableObjectSessionStore, type DurableObjectNamespaceLike } from "../../src/stores/durable-object.js";
import { KvSessionStore } from "../../src/stores/kv.js";
import { freezeSession } from "../../src/stores/session.js";

export { FrozenPromptObject } from "../../src/stores/durable-object.js";

const TURN = "/test/turn/";
const TURN_DO = "/test/turn-do/";

export default {
  async fetch(request: Request, env: WorkerEnv & { SESSIONS: DurableObjectNamespaceLike }): Promise<Response> {
    const url = new URL(request.url);
    const durable = url.pathname.startsWith(TURN_DO);
    if (request.method !== "POST" || !(durable || url.pathname.startsWith(TURN))) {
      // The API specs read and plant values in KV, so they get the Worker over KV (no SESSIONS binding); with SESSIONS
      // bound it would use the Durable Object store, which worker-service.workers.spec.ts tests with the full env.
      const { SESSIONS: _durable, ...kvOnly } = env;
      return worker.fetch(request, kvOnly);
    }
    const sessionId = decodeURIComponent(url.pathname.slice(durable ? TURN_DO.length : TURN.length));
    const body = (await request.json()) as { model: string; prompt: string; tenant?: string; buildMs?: number };
    const prefix = `app/${body.tenant ?? "t0"}/`;
    const store = durable ? new DurableObjectSessionStore(env.SESSIONS, { prefix }) : new KvSessionStore(env.PROMPTS, { prefix });
    const turn = await freezeSession(store, sessionId, async () => {
      if (typeof body.buildMs === "number" && body.buildMs > 0) await new Promise((r) => setTimeout(r, body.buildMs));
      return { prompt: body.prompt };
    }, { model: body.model, platform: "web" }, {
      logger: { warn: () => {} },
    });
    return Response.json({
      state: turn.state,
      prompt: turn.prompt,
      stored: turn.stored,
      contentHash: turn.record.contentHash,
      warnings: turn.warnings.map((w) => w.code),
      ...(durable ? { ownStored: turn.stored && turn.built !== undefined && turn.prompt === turn.built.prompt } : {}),
    });
  },
};

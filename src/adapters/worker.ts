// The Cloudflare Worker entry (wrangler.toml `main`). For now it only answers a health check; the HTTP API that
// assembles and freezes prompts over the PROMPTS KV namespace (KvSessionStore) comes in a later issue. Importing this
// module has no side effects and touches no Workers global, so tests can import it and call fetch directly.

import type { KvNamespaceLike } from "../stores/kv.js";

/** The bindings wrangler.toml declares. */
export interface WorkerEnv {
  /** Frozen session prompts (see KvSessionStore). */
  PROMPTS: KvNamespaceLike;
}

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" },
  });

/**
 * Answers one request: `GET /healthz` → 200 `{ "ok": true }`; anything else → 404
 * `{ "ok": false, "error": { "code": "E_NOT_FOUND", "message": … } }`.
 */
export async function handleRequest(request: Request, _env: WorkerEnv): Promise<Response> {
  const { pathname } = new URL(request.url);
  if (request.method === "GET" && pathname === "/healthz") return json(200, { ok: true });
  return json(404, { ok: false, error: { code: "E_NOT_FOUND", message: `no route for ${request.method} ${pathname}` } });
}

/** The Worker's module export. */
export default {
  fetch: (request: Request, env: WorkerEnv): Promise<Response> => handleRequest(request, env),
};

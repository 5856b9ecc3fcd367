// Which session store the Worker keeps a tenant's frozen prompts in. A Durable Object (env.SESSIONS) gives exact
// first-write-wins; Workers KV (env.PROMPTS) is eventually consistent and its first-write race is best effort (see
// docs/stores.md). By default the Worker takes the Durable Object when the binding exists, else KV.

import { DurableObjectSessionStore, type DurableObjectNamespaceLike } from "../../stores/durable-object.js";
import { KvSessionStore, type KvNamespaceLike } from "../../stores/kv.js";
import type { SessionStore } from "../../stores/types.js";
import { HttpError } from "./input.js";

/** The bindings the stores read (a subset of WorkerEnv). */
export interface StoreBindings {
  /** Workers KV namespace for KvSessionStore. */
  PROMPTS?: KvNamespaceLike;
  /** Durable Object namespace of FrozenPromptObject for DurableObjectSessionStore. */
  SESSIONS?: DurableObjectNamespaceLike;
}

/**
 * The store choice: "auto" (the Durable Object when `env.SESSIONS` is bound, else KV), "durable-object", "kv", or a
 * function returning any SessionStore for a tenant (its keys must keep tenants apart: use `prefix`).
 */
export type StoreChoice<Env = StoreBindings> = "auto" | "durable-object" | "kv" | ((env: Env, tenant: string) => SessionStore);

/**
 * The session store of one tenant. Keys (KV) and object names (Durable Object) start with `tenant/<tenant>/`.
 * @param tenant the tenant id (32 hex digits of the token's SHA-256).
 * @throws HttpError 503 E_NOT_CONFIGURED when the chosen binding is missing (no store can serve the request).
 */
export function sessionStoreFor<Env extends StoreBindings>(env: Env, tenant: string, choice: StoreChoice<Env> = "auto"): SessionStore {
  if (typeof choice === "function") return choice(env, tenant);
  const prefix = `tenant/${tenant}/`;
  const durable = choice === "durable-object" || (choice === "auto" && env.SESSIONS !== undefined && env.SESSIONS !== null);
  if (durable) {
    if (env.SESSIONS === undefined || env.SESSIONS === null) throw new HttpError(503, "E_NOT_CONFIGURED", "the session store is a Durable Object but no SESSIONS binding is configured");
    return new DurableObjectSessionStore(env.SESSIONS, { prefix });
  }
  if (env.PROMPTS === undefined || env.PROMPTS === null) throw new HttpError(503, "E_NOT_CONFIGURED", "no session store is configured (bind the PROMPTS KV namespace or the SESSIONS Durable Object)");
  return new KvSessionStore(env.PROMPTS, { prefix });
}

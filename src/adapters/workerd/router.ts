// What turns the Worker's route handler into something another app can mount: a base path the routes live under,
// CORS for configured origins, the store choice, and one error answer for everything thrown (status from
// ./status.ts). worker.ts builds createPromptasmRouter and handlePromptasmRequest from this around its routes; this
// file holds no routes and does not import worker.ts (imports flow one way).

import { corsFromEnv, corsPolicy, corsPreflight, isPreflight, withCors, type CorsOptions, type CorsPolicy } from "./cors.js";
import { HttpError } from "./input.js";
import { errorAnswer } from "./status.js";
import type { StoreBindings, StoreChoice } from "./store.js";
import { workBudgetFromEnv, workBudgetOption, type WorkBudgetOption, type WorkBudgetSetting } from "./budget.js";
import { PromptasmError } from "../../errors.js";

/** Options of createPromptasmRouter. */
export interface RouterOptions<Env = StoreBindings> {
  /**
   * Path the API's routes live under, e.g. "/promptasm": then `POST /promptasm/v1/scan`. Starts with "/", no trailing
   * "/", no query or fragment; default "" (the routes at the root). Leave it "" under Hono's `app.mount(path, …)`,
   * which strips its path itself.
   */
  basePath?: string;
  /**
   * Which browser origins may call the API (see CorsOptions). Default: the `CORS_ORIGINS` variable of `env` (origins
   * separated by commas or spaces); unset means no CORS. false: never answer CORS, whatever the variable says.
   */
  cors?: CorsOptions | false;
  /** Where frozen prompts go (StoreChoice); default "auto": the Durable Object when env.SESSIONS is bound, else KV. */
  store?: StoreChoice<Env>;
  /**
   * New DFA transitions all the scans of one request may build in total (./budget.ts): a non-negative integer, or
   * "off" / 0 for no budget. Past it the request gets 429 E_WORK_BUDGET with Retry-After. Default: the `WORK_BUDGET`
   * variable of `env`, else DEFAULT_WORK_BUDGET (50,000).
   */
  workBudget?: WorkBudgetOption;
}

/** A fetch handler: what workerd, Hono (`app.mount`) and most routers take. `ctx` (ExecutionContext) is not used. */
export type PromptasmHandler<Env> = (request: Request, env: Env, ctx?: unknown) => Promise<Response>;

/** The routes themselves: a request whose path is relative to the base path, and the resolved store choice. */
export type RouteHandler<Env> = (request: Request, env: Env, options: { store: StoreChoice<Env>; workBudget: WorkBudgetSetting | undefined }) => Promise<Response>;

/** JSON error answer, the API's one error shape. */
export function errorResponse(status: number, code: string, message: string, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ ok: false, error: { code, message } }), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...headers },
  });
}

/** The answer for anything a route threw (see errorAnswer for the status table). */
export function answerError(error: unknown): Response {
  const { status, code, message, headers } = errorAnswer(error);
  return errorResponse(status, code, message, headers);
}

function checkBasePath(path: unknown): string {
  if (path === undefined || path === "" || path === "/") return "";
  if (typeof path !== "string" || !path.startsWith("/") || path.endsWith("/") || /[?#\s]/.test(path) || path.includes("//")) {
    throw new PromptasmError("E_ARG", `basePath must be "" or a path like "/promptasm" (leading /, no trailing /, no query), got ${JSON.stringify(path)}`);
  }
  return path;
}

/**
 * Wraps `routes` into a mountable handler: requests outside `basePath` get 404; CORS preflights are answered here
 * (204 for an allowed origin, 403 otherwise) and other responses get CORS headers for an allowed origin; anything
 * thrown becomes a JSON error with the status of ./status.ts. The work budget is the `workBudget` option, else the
 * env's WORK_BUDGET (a bad value there: 500 E_CONFIG per request, as a bad CORS_ORIGINS).
 * @throws PromptasmError E_ARG (at once, not per request) for a bad basePath, CORS option, store or workBudget.
 */
export function mountRoutes<Env extends StoreBindings & { CORS_ORIGINS?: string; WORK_BUDGET?: string }>(routes: RouteHandler<Env>, options: RouterOptions<Env> = {}): PromptasmHandler<Env> {
  if (options === null || typeof options !== "object") throw new PromptasmError("E_ARG", "router options must be an object");
  const basePath = checkBasePath(options.basePath);
  const fixed: CorsPolicy | undefined | null = options.cors === false ? undefined : options.cors !== undefined ? corsPolicy(options.cors) : null;
  const store: StoreChoice<Env> = options.store ?? "auto";
  if (typeof store !== "function" && store !== "auto" && store !== "kv" && store !== "durable-object") {
    throw new PromptasmError("E_ARG", `store must be "auto", "kv", "durable-object" or a function, got ${JSON.stringify(store)}`);
  }
  const fixedBudget = options.workBudget !== undefined ? { setting: workBudgetOption(options.workBudget) } : undefined;
  let fromEnv: { value: string | undefined; policy: CorsPolicy | undefined } | undefined;
  const policyFor = (env: Env): CorsPolicy | undefined => {
    if (fixed !== null) return fixed;
    const value = env?.CORS_ORIGINS;
    if (fromEnv === undefined || fromEnv.value !== value) fromEnv = { value, policy: corsFromEnv(value) };
    return fromEnv.policy;
  };
  return async (request: Request, env: Env): Promise<Response> => {
    let policy: CorsPolicy | undefined;
    let workBudget: WorkBudgetSetting | undefined;
    try {
      policy = policyFor(env);
      workBudget = fixedBudget !== undefined ? fixedBudget.setting : workBudgetFromEnv(env?.WORK_BUDGET);
    } catch (e) {
      return answerError(e);
    }
    let response: Response;
    try {
      const url = new URL(request.url);
      if (basePath !== "" && url.pathname !== basePath && !url.pathname.startsWith(`${basePath}/`)) {
        throw new HttpError(404, "E_NOT_FOUND", `no route for ${request.method} ${url.pathname} (the API is under ${basePath})`);
      }
      if (isPreflight(request)) return corsPreflight(request, policy);
      let inner = request;
      if (basePath !== "") {
        url.pathname = url.pathname.slice(basePath.length) || "/";
        inner = new Request(url.toString(), request);
      }
      response = await routes(inner, env, { store, workBudget });
    } catch (e) {
      response = answerError(e);
    }
    return withCors(request, response, policy);
  };
}

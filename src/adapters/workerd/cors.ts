// CORS for the Worker's HTTP API, so a browser agent on a configured origin can call it: a preflight from an allowed
// origin gets 204 with that origin echoed back, responses to it carry Access-Control-Allow-Origin, and any other
// origin gets no CORS headers at all (its preflight: 403). The rules are the Fetch standard's CORS protocol
// (https://fetch.spec.whatwg.org/#http-cors-protocol): a preflight is an OPTIONS request with an Origin and an
// Access-Control-Request-Method header; a response to a credentialed request may not allow the origin `*`.

import { PromptasmError } from "../../errors.js";

/** Which origins may call the API from a browser, and what their preflights are told. */
export interface CorsOptions {
  /**
   * Allowed origins, each `scheme://host[:port]` with no path (compared as the URL standard serializes them: lower-case
   * scheme and host, default ports dropped), or the single entry "*" for any origin (refused with `credentials`).
   * Empty: no origin is allowed.
   */
  origins: readonly string[];
  /**
   * Send `Access-Control-Allow-Credentials: true` (cookies, HTTP auth). Default false: the API's bearer token is a
   * header a script sets, which needs no credentials mode.
   */
  credentials?: boolean;
  /** Seconds a browser may cache a preflight answer (Access-Control-Max-Age); default CORS_MAX_AGE_SECONDS. */
  maxAge?: number;
}

/**
 * Default preflight cache time: 7,200 s, the most Chromium honours (its cap since Chrome 76; Firefox's is 86,400 s,
 * see the Access-Control-Max-Age page on MDN), so one preflight per two hours per route and origin.
 */
export const CORS_MAX_AGE_SECONDS = 7200;
/** Methods the API's routes use (GET, PUT, POST, DELETE), named in every preflight answer. */
export const CORS_METHODS = "GET, PUT, POST, DELETE";
/** Request headers the API reads, named in every preflight answer. */
export const CORS_ALLOW_HEADERS = "authorization, content-type";
/** Response headers a script may read besides the CORS-safelisted ones. */
export const CORS_EXPOSE_HEADERS = "www-authenticate, allow";

/** CORS options checked and ready: origins serialized, `*` resolved. */
export interface CorsPolicy {
  any: boolean;
  origins: ReadonlySet<string>;
  credentials: boolean;
  maxAge: number;
}

/**
 * The origin `text` as the URL standard serializes it ("HTTPS://Example.com:443" → "https://example.com").
 * @throws PromptasmError E_ARG when it is not an http(s) origin with nothing after the host and port.
 */
function serializeOrigin(text: string, where: string): string {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new PromptasmError("E_ARG", `${where}: ${JSON.stringify(text)} is not an origin (scheme://host[:port])`);
  }
  if ((url.protocol !== "https:" && url.protocol !== "http:") || url.pathname !== "/" || url.search !== "" || url.hash !== "" || url.username !== "" || /\/./.test(text.replace(/^[a-z]+:\/\//i, ""))) {
    throw new PromptasmError("E_ARG", `${where}: ${JSON.stringify(text)} is not an origin (scheme://host[:port], no path, query or user)`);
  }
  return url.origin;
}

/**
 * Checks CORS options and prepares them for corsPreflight/withCors.
 * @throws PromptasmError E_ARG for an origin that is not `scheme://host[:port]`, "*" beside other origins or with
 *   `credentials`, a `maxAge` that is not a whole number of seconds from 0, or a non-boolean `credentials`.
 * @example corsPolicy({ origins: ["https://agent.example.com"] })
 */
export function corsPolicy(options: CorsOptions): CorsPolicy {
  if (options === null || typeof options !== "object" || !Array.isArray(options.origins) || options.origins.some((o) => typeof o !== "string")) {
    throw new PromptasmError("E_ARG", "cors.origins must be an array of origin strings");
  }
  const credentials = options.credentials ?? false;
  if (typeof credentials !== "boolean") throw new PromptasmError("E_ARG", "cors.credentials must be true or false");
  const maxAge = options.maxAge ?? CORS_MAX_AGE_SECONDS;
  if (!Number.isInteger(maxAge) || maxAge < 0) throw new PromptasmError("E_ARG", `cors.maxAge must be a whole number of seconds from 0, got ${JSON.stringify(maxAge)}`);
  const any = options.origins.includes("*");
  if (any && options.origins.length > 1) throw new PromptasmError("E_ARG", "cors.origins: \"*\" allows every origin, so it must be the only entry");
  if (any && credentials) throw new PromptasmError("E_ARG", "cors: \"*\" cannot be combined with credentials (browsers refuse it); list the origins");
  const origins = new Set(any ? [] : options.origins.map((o, i) => serializeOrigin(o.trim(), `cors.origins[${i}]`)));
  return { any, origins, credentials, maxAge };
}

/**
 * CORS options from the `CORS_ORIGINS` variable: origins separated by commas or white space ("*" for any). Unset or
 * blank: undefined (no CORS).
 * @throws PromptasmError E_CONFIG (the service's own configuration, so a 500) when corsPolicy refuses them, naming
 *   CORS_ORIGINS.
 */
export function corsFromEnv(value: string | undefined): CorsPolicy | undefined {
  const origins = (value ?? "").split(/[\s,]+/).filter((o) => o !== "");
  if (origins.length === 0) return undefined;
  try {
    return corsPolicy({ origins });
  } catch (e) {
    throw new PromptasmError("E_CONFIG", `CORS_ORIGINS: ${(e as Error).message}`, { cause: e });
  }
}

/** The request's Origin when the policy allows it (as the browser sent it), else null. */
function allowedOrigin(request: Request, policy: CorsPolicy | undefined): string | null {
  const origin = request.headers.get("origin");
  if (origin === null || policy === undefined) return null;
  if (policy.any) return origin;
  let serialized: string;
  try {
    serialized = new URL(origin).origin;
  } catch {
    return null; // "null" (opaque origins) and garbage
  }
  return serialized === origin && policy.origins.has(origin) ? origin : null;
}

/** Whether the request is a CORS preflight (OPTIONS with Origin and Access-Control-Request-Method). */
export function isPreflight(request: Request): boolean {
  return request.method === "OPTIONS" && request.headers.has("origin") && request.headers.has("access-control-request-method");
}

const allowOriginHeaders = (origin: string, policy: CorsPolicy): Record<string, string> => ({
  // With "*" and no credentials the literal "*" is sent (cacheable across origins); otherwise the one origin.
  "access-control-allow-origin": policy.any && !policy.credentials ? "*" : origin,
  ...(policy.credentials ? { "access-control-allow-credentials": "true" } : {}),
});

/**
 * Answers a preflight: 204 with the allowed origin, methods (CORS_METHODS), headers (CORS_ALLOW_HEADERS) and max-age
 * for an allowed origin; 403 E_CORS_ORIGIN with no CORS headers for any other origin (or when no policy is set).
 * Every answer varies on Origin.
 */
export function corsPreflight(request: Request, policy: CorsPolicy | undefined): Response {
  const origin = allowedOrigin(request, policy);
  if (origin === null) {
    const why = policy === undefined ? "CORS is not enabled (set CORS_ORIGINS or the router's cors option)" : `origin ${JSON.stringify(request.headers.get("origin"))} is not allowed`;
    return new Response(JSON.stringify({ ok: false, error: { code: "E_CORS_ORIGIN", message: why } }), {
      status: 403,
      headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", vary: "Origin" },
    });
  }
  return new Response(null, {
    status: 204,
    headers: {
      ...allowOriginHeaders(origin, policy!),
      "access-control-allow-methods": CORS_METHODS,
      "access-control-allow-headers": CORS_ALLOW_HEADERS,
      "access-control-max-age": String(policy!.maxAge),
      vary: "Origin",
    },
  });
}

/**
 * The response with CORS headers added when the request's origin is allowed (and `Vary: Origin` whenever a policy is
 * set, so a shared cache never serves one origin's answer to another). A response of another origin is unchanged.
 */
export function withCors(request: Request, response: Response, policy: CorsPolicy | undefined): Response {
  if (policy === undefined) return response;
  const origin = allowedOrigin(request, policy);
  const out = new Response(response.body, response);
  out.headers.append("vary", "Origin");
  if (origin === null) return out;
  for (const [k, v] of Object.entries(allowOriginHeaders(origin, policy))) out.headers.set(k, v);
  out.headers.set("access-control-expose-headers", CORS_EXPOSE_HEADERS);
  return out;
}

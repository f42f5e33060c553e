import "server-only";
import { findActor, requireAdmin, type Actor } from "@/lib/accounts/actor";
import { findAuthRoute } from "@/lib/accounts/auth-routes";
import { AppError } from "@/lib/errors";
import { assertSameOrigin, assertUsableUrl, DEFAULT_JSON_LIMIT, errorResponse, isJsonMediaType, mediaTypeOf, parseJsonBody, readBodyBytes, withJsonBody } from "@/lib/http";
import { requireMetricsToken } from "@/lib/metrics";
import { SHOP_ROUTES, type Access, type AccessOf, type ShopRouteKey } from "@/lib/api/routes";

/** What a handler knows about its caller once the access check passed. */
export type ActorFor<A extends Access> = A extends "signed-in" | "admin" ? Actor : null;

type NextHandler<C> = (request: Request, context: C) => Promise<Response>;
type Handler<K extends ShopRouteKey, C> = (request: Request, context: C, actor: ActorFor<AccessOf<K>>) => Promise<Response>;

/** The caller's right to `access`, checked from the request's headers alone (never its body). */
export async function checkAccess(access: Access, request: Request): Promise<Actor | null> {
  switch (access) {
    case "public":
    case "webhook":
      return null;
    case "token":
      requireMetricsToken(request.headers.get("authorization"));
      return null;
    case "signed-in":
    case "admin": {
      const actor = await findActor(request.headers);
      if (!actor) throw new AppError("unauthenticated", "Sign in to continue.");
      if (access === "admin") requireAdmin(actor);
      return actor;
    }
  }
}

// Path parameters are opaque ids ("prd_3kq9…", better-auth's ids): anything else names nothing.
const ID_PATTERN = /^[A-Za-z0-9_-]{1,128}$/;

async function assertIdParams(context: unknown): Promise<void> {
  const params = (context as { params?: Promise<Record<string, string | string[]>> } | undefined)?.params;
  if (!params) return;
  for (const value of Object.values(await params)) {
    if (typeof value === "string" && !ID_PATTERN.test(value)) throw new AppError("not_found", "Not found.");
  }
}

/**
 * A route handler for one row of the route table (lib/api/routes.ts): refuses cross-site writes,
 * then checks the caller's right, and only then runs the handler, which gets the actor the check
 * found. Every error becomes an answer through the one mapper.
 */
export function route<K extends ShopRouteKey, C = unknown>(key: K, handler: Handler<K, C>): NextHandler<C> {
  const access: Access = SHOP_ROUTES[key].access;
  return async (request, context) => {
    try {
      assertSameOrigin(request);
      assertUsableUrl(request);
      const actor = await checkAccess(access, request);
      await assertIdParams(context);
      const response = await handler(request, context, actor as ActorFor<AccessOf<K>>);
      return access === "public" || access === "webhook" ? response : keptPrivate(response);
    } catch (error) {
      return errorResponse(error);
    }
  };
}

/**
 * A browser's request (it sends Sec-Fetch-Site; curl and server clients do not) gets no
 * `set-auth-token`: the bearer plugin adds it to every answer that sets the session cookie, where a
 * page's scripts could read the session the httpOnly cookie keeps from them. API clients keep it.
 */
export function withoutBearerForBrowser(request: Request, response: Response): Response {
  if (!request.headers.has("sec-fetch-site") || !response.headers.has("set-auth-token")) return response;
  const headers = new Headers(response.headers);
  headers.delete("set-auth-token");
  headers.delete("access-control-expose-headers");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * An answer for one caller is never kept by a shared cache: `private, no-store` unless the handler
 * chose its own Cache-Control.
 */
function keptPrivate(response: Response): Response {
  if (response.headers.has("cache-control")) return response;
  const headers = new Headers(response.headers);
  headers.set("cache-control", "private, no-store");
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}

/**
 * The body better-auth will read, checked first: at most 64 KB, JSON, and an object (better-auth
 * answers 500 to broken JSON). better-auth reads any type that mentions JSON as JSON; "text/plain;
 * x=application/json" is one a cross-site form may send without a preflight, so it is refused here.
 * The request is rebuilt around the bytes already read.
 */
async function withCheckedBody(request: Request): Promise<Request> {
  if (request.method === "GET" || request.method === "HEAD") return request;
  const bytes = await readBodyBytes(request, DEFAULT_JSON_LIMIT);
  if (bytes.byteLength > 0) {
    if (!isJsonMediaType(mediaTypeOf(request))) throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
    const data = parseJsonBody(bytes);
    if (typeof data !== "object" || data === null || Array.isArray(data)) throw new AppError("bad_request", "The request body must be a JSON object.");
  }
  return new Request(request.url, { method: request.method, headers: request.headers, body: bytes.byteLength > 0 ? new Blob([new Uint8Array(bytes)]) : undefined });
}

/**
 * get-session's answer without the session's bare token. It is no bearer (only the signed token is,
 * lib/auth.ts), but a page's scripts have no use for it, and what they never hold cannot leak.
 */
async function withoutSessionToken(response: Response): Promise<Response> {
  if (!response.ok || !response.headers.get("content-type")?.includes("application/json")) return response;
  const body = (await response.clone().json().catch(() => null)) as { session?: Record<string, unknown> } | null;
  if (!body?.session || !("token" in body.session)) return response;
  const { token: _token, ...session } = body.session;
  return withJsonBody(response, { ...body, session });
}

/**
 * The answer of app/api/[...path]: an address under /api that no route file has. A client gets the
 * API's error shape (JSON, `not_found`) rather than the HTML not-found page, and the address of the
 * API's description. The body is never read.
 */
export async function unknownApiAddress(request: Request): Promise<Response> {
  const { pathname } = new URL(request.url);
  return errorResponse(new AppError("not_found", `No API route answers at ${pathname.slice(0, 200)}. The API is described at /api/openapi.json.`));
}

/**
 * better-auth's catch-all (app/api/auth/[...all]): a path not listed in AUTH_ROUTES is 404; a listed
 * one is checked for its access before better-auth reads the body.
 */
export function authRoute(handler: (request: Request) => Promise<Response>): NextHandler<unknown> {
  return async (request) => {
    try {
      assertSameOrigin(request);
      assertUsableUrl(request);
      const row = findAuthRoute(request.method, new URL(request.url).pathname);
      if (!row) throw new AppError("not_found", "Not found.");
      await checkAccess(row.access, request);
      const response = await handler(await withCheckedBody(request));
      // Every answer here is the caller's own: a session, a sign-in, two-factor secrets.
      return keptPrivate(withoutBearerForBrowser(request, row.path === "/get-session" ? await withoutSessionToken(response) : response));
    } catch (error) {
      return errorResponse(error);
    }
  };
}

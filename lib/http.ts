import "server-only";
import { z, type ZodType } from "zod";
import { getEnv, shopOrigins } from "@/lib/env";
import { AppError, isAppError, type AppErrorKind } from "@/lib/errors";
import { isDatabaseUnavailable, isTransactionConflict } from "@/lib/db/unavailable";
import { log } from "@/lib/log";

export const DATABASE_UNAVAILABLE = "The shop cannot reach its database just now. Please try again in a moment.";
export const TRANSACTION_CONFLICT = "Another change to the same records was being made at the same moment. Please try again.";

const statusByKind: Record<AppErrorKind, number> = {
  bad_request: 400,
  invalid: 422,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payment_declined: 402,
  authentication_required: 402,
  too_large: 413,
  unsupported_media_type: 415,
  rate_limited: 429,
  unavailable: 503,
};

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, string> };
};

/**
 * For public reads that are the same for every caller (the catalog): a shared cache (the proxy,
 * deploy/nginx) may keep the answer for a second and serve it stale while it fetches a new one;
 * browsers always ask again. Instances learn of changes at once (lib/changes), so this second is
 * the whole lag a visitor can see.
 */
export { SHARED_CACHE_CONTROL } from "@/server/shared-cache.mjs";

export function json(body: unknown, init?: ResponseInit): Response {
  return Response.json(body, init);
}

/** Field name → first message, for forms that show errors beside inputs. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    // A strict schema's unknown fields: each one named, so a misspelt field is easy to spot.
    if (issue.code === "unrecognized_keys") {
      for (const unknown of issue.keys) fields[[...issue.path, unknown].join(".")] ??= `Unknown field "${unknown}"`;
      continue;
    }
    const key = issue.path.join(".") || "_";
    fields[key] ??= readableMessage(issue);
  }
  return fields;
}

const ARTICLE: Record<string, string> = { object: "an object", array: "a list", string: "text", number: "a number", boolean: "true or false", int: "a whole number" };

/**
 * The schema's own message, or, where a schema gave none, one a person can act on in place of zod's
 * defaults ("Invalid input: expected string, received undefined").
 */
function readableMessage(issue: z.core.$ZodIssue): string {
  // A list's element is named with its list: "items[0]", not "0".
  const last = issue.path[issue.path.length - 1];
  const field =
    issue.path.length === 0 ? null : typeof last === "number" && issue.path.length > 1 ? `${String(issue.path[issue.path.length - 2])}[${last}]` : String(last);
  const { message } = issue;
  if (issue.code === "invalid_type" && message.startsWith("Invalid input")) {
    const expected = ARTICLE[issue.expected] ?? issue.expected;
    if (!field) return `Send the request's fields as a JSON object`;
    return message.endsWith("received undefined") ? `Send ${field}: it is required` : `Send ${field} as ${expected}`;
  }
  if (issue.code === "invalid_value" && message.startsWith("Invalid option")) {
    return `Send ${field ?? "a value"} as one of: ${issue.values.map(String).join(", ")}`;
  }
  const name = field ?? "this value";
  if (issue.code === "too_small" && message.startsWith("Too small")) {
    const least = String(issue.minimum);
    if (issue.origin === "string") return least === "1" ? `Fill in ${name}` : `Use at least ${least} characters in ${name}`;
    if (issue.origin === "array" || issue.origin === "set") return `Send at least ${least} items in ${name}`;
    return `Send ${name} of at least ${least}`;
  }
  if (issue.code === "too_big" && message.startsWith("Too big")) {
    const most = String(issue.maximum);
    if (issue.origin === "string") return `Use at most ${most} characters in ${name}`;
    if (issue.origin === "array" || issue.origin === "set") return `Send at most ${most} items in ${name}`;
    return `Send ${name} of at most ${most}`;
  }
  return message;
}

/** The one place an error becomes an HTTP answer. Unknown errors are logged and answered 500 without detail. */
export function errorResponse(error: unknown): Response {
  if (isAppError(error)) {
    const body: ErrorBody = { error: { code: error.kind, message: error.message } };
    if (error.fields) body.error.fields = error.fields;
    if (error.details) body.error.details = error.details;
    return json(body, { status: statusByKind[error.kind], headers: error.headers });
  }
  if (error instanceof z.ZodError) {
    const fields = fieldErrors(error);
    const first = Object.values(fields)[0] ?? "Check the highlighted fields.";
    return json({ error: { code: "invalid", message: first, fields } } satisfies ErrorBody, { status: 422 });
  }
  if (isDatabaseUnavailable(error)) {
    // Not a bug to hunt: the database is restarting, full, or slower than its timeouts. Say so, and when to try again.
    log("warn", "database unavailable", { error: error instanceof Error ? error.message : String(error) });
    return json({ error: { code: "unavailable", message: DATABASE_UNAVAILABLE } } satisfies ErrorBody, { status: 503, headers: { "retry-after": "5" } });
  }
  if (isTransactionConflict(error)) {
    // Two changes to the same rows met (e.g. an account deleted while one of its orders was placed): the
    // database undid this request's transaction; whatever it asked a processor first is keyed, so the retry is safe.
    log("warn", "transaction ended by a conflict", { error: error instanceof Error ? error.message : String(error) });
    return json({ error: { code: "unavailable", message: TRANSACTION_CONFLICT } } satisfies ErrorBody, { status: 503, headers: { "retry-after": "1" } });
  }
  // The logger adds the request id (reqId), the same one the server's request line and X-Request-Id carry.
  log("error", "unhandled error", { error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  return json({ error: { code: "internal", message: "Something went wrong on our side. Please try again." } }, { status: 500 });
}

export function parseWith<T>(schema: ZodType<T>, input: unknown, kind: "invalid" | "bad_request" = "invalid"): T {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const fields = fieldErrors(result.error);
  throw new AppError(kind, Object.values(fields)[0] ?? "The request is not valid.", fields);
}

/**
 * A list's query-string parameters (filters and paging) parsed by a schema; a bad value, such as a
 * pageSize above 100, is a 422 naming the parameter.
 */
export function parseListQuery<T>(request: Request, schema: ZodType<T>): T {
  const params = Object.fromEntries(new URL(request.url).searchParams);
  return parseWith(schema, params, "invalid");
}

export const DEFAULT_JSON_LIMIT = 64 * 1024;

const MB = 1024 * 1024;

/** 413: a limit of a megabyte or more is an upload's ("larger than 5 MB"), as its form's hint says. */
function tooLarge(limit: number): AppError {
  return new AppError(
    "too_large",
    limit >= MB
      ? `The file is larger than ${Math.floor(limit / MB)} MB. Choose a smaller one.`
      : `The request body is larger than ${Math.floor(limit / 1024)} KB.`,
  );
}

/** Reads at most `limit` bytes of a body, refusing more without buffering it all. */
export async function readBodyBytes(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length") ?? "NaN");
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
  if (!request.body) return new Uint8Array();
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The request's media type: its Content-Type without parameters, in lower case ("application/json"
 * for "Application/JSON; charset=utf-8"); "" when there is none.
 */
export function mediaTypeOf(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** application/json or a +json type. Not a type that merely mentions JSON in a parameter ("text/plain; x=application/json"). */
export function isJsonMediaType(mediaType: string): boolean {
  return mediaType === "application/json" || /^application\/[a-z0-9.!#$&^_-]+\+json$/.test(mediaType);
}

/** Bytes as UTF-8 text; 400 when they are not UTF-8, rather than storing U+FFFD in their place. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new AppError("bad_request", "The request body is not valid UTF-8 text.");
  }
}

/** The same answer (status, headers, cookies) with another JSON body: for reshaping a library's answer. */
export function withJsonBody(response: Response, body: unknown): Response {
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  return new Response(JSON.stringify(body), { status: response.status, statusText: response.statusText, headers });
}

/** A JSON body parsed by a schema: 413 when too large, 400 when not JSON, 422 when it breaks the schema. */
export async function readJson<T>(request: Request, schema: ZodType<T>, limit = DEFAULT_JSON_LIMIT): Promise<T> {
  if (!isJsonMediaType(mediaTypeOf(request))) {
    throw new AppError("unsupported_media_type", "Send the body as JSON (Content-Type: application/json).");
  }
  const bytes = await readBodyBytes(request, limit);
  return parseWith(schema, parseJsonBody(bytes));
}

const MAX_JSON_DEPTH = 32;

/**
 * JSON text to a value, refusing what no schema here accepts and the database cannot store: broken
 * JSON, nesting deeper than 32 levels, and NUL characters (PostgreSQL text cannot hold them).
 */
export function parseJsonBody(bytes: Uint8Array): unknown {
  const text = decodeUtf8(bytes);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    throw new AppError("bad_request", "The request body is not valid JSON.");
  }
  const pending: { value: unknown; depth: number }[] = [{ value: data, depth: 0 }];
  while (pending.length > 0) {
    const { value, depth } = pending.pop()!;
    if (typeof value === "string") {
      if (value.includes("\0")) throw new AppError("bad_request", "Text in the request must not contain NUL characters.");
    } else if (value !== null && typeof value === "object") {
      if (depth >= MAX_JSON_DEPTH) throw new AppError("bad_request", `The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
      for (const [key, child] of Object.entries(value)) pending.push({ value: key, depth }, { value: child, depth: depth + 1 });
    }
  }
  return data;
}

/** A URL a client may not send: NUL anywhere in its path or query (decoded, PostgreSQL cannot compare it). */
export function assertUsableUrl(request: Request): void {
  const url = new URL(request.url);
  if (/%00|\0/.test(url.pathname + url.search)) throw new AppError("bad_request", "The address must not contain NUL characters.");
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Refuses cross-site state changes: a browser always sends Origin on such requests. Clients that send
 * no Origin (curl, server-to-server with a bearer token) are not browsers and carry no ambient cookie risk.
 */
export function assertSameOrigin(request: Request): void {
  if (SAFE_METHODS.has(request.method)) return;
  const origin = request.headers.get("origin");
  if (origin && !shopOrigins(getEnv()).includes(origin)) {
    throw new AppError("forbidden", "Requests from other sites are not allowed.");
  }
  if (!origin && request.headers.get("sec-fetch-site") === "cross-site") {
    throw new AppError("forbidden", "Requests from other sites are not allowed.");
  }
}

import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "./api-response";

/**
 * What `sendJson` answers. A failure carries the server's `error.message` and `error.fields` (or the
 * caller's fallback), and the parsed body for anything more (`errorCode`, `errorDetail`); a request
 * that never reached the server has status 0 and the network message.
 */
export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; fields: Record<string, string>; body: unknown };

/**
 * Sends a same-origin JSON request to the shop's API and reads the answer without throwing.
 * A module of its own, not part of api-response.ts: the home page's newsletter and contact forms
 * import only the parsing helpers, and keep their hand-written fetch, because their first-load
 * bundle comes out about 200 bytes larger with this function in it.
 */
export async function sendJson<T = unknown>(
  url: string,
  method: "POST" | "PATCH" | "DELETE",
  body: unknown,
  fallback: string,
): Promise<ApiResult<T>> {
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      credentials: "same-origin",
      headers: body === undefined ? { accept: "application/json" } : { "content-type": "application/json", accept: "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, fields: {}, body: null };
  }
  const parsed = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, body: parsed as T };
  return { ok: false, status: response.status, message: errorMessage(parsed) ?? fallback, fields: errorFields(parsed), body: parsed };
}

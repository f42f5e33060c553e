import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";

export type ApiResult<T = unknown> =
  | { ok: true; status: number; body: T }
  | { ok: false; status: number; message: string; fields: Record<string, string> };

/**
 * Sends a same-origin JSON request to the shop's API and reads the answer without throwing: a failure
 * carries the server's `error.message` and `error.fields`, or a network message (status 0).
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
    return { ok: false, status: 0, message: NETWORK_ERROR_MESSAGE, fields: {} };
  }
  const parsed = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, body: parsed as T };
  return { ok: false, status: response.status, message: errorMessage(parsed) ?? fallback, fields: errorFields(parsed) };
}

import { errorCode, errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";

export type AuthResult =
  | { ok: true; status: number; body: unknown }
  | { ok: false; status: number; code: string; message: string; fields: Record<string, string>; reason?: string };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * POSTs JSON to the shop (`{ error: { code, message } }` answers) or to better-auth under /api/auth
 * (`{ code, message }` answers) and reads either kind of error the same way, without throwing.
 */
export async function postJson(url: string, body: unknown): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, status: 0, code: "network", message: NETWORK_ERROR_MESSAGE, fields: {} };
  }
  const parsed = await readJson(response);
  if (response.ok) return { ok: true, status: response.status, body: parsed };
  const own = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
  const reason = own && isRecord(own.details) && typeof own.details.reason === "string" ? own.details.reason : undefined;
  const code = errorCode(parsed) ?? (isRecord(parsed) && typeof parsed.code === "string" ? parsed.code : "error");
  const message = errorMessage(parsed) ?? (isRecord(parsed) && typeof parsed.message === "string" ? parsed.message : "");
  return { ok: false, status: response.status, code, message, fields: errorFields(parsed), reason };
}

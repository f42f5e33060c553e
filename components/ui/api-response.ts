/** The error body every ToolForge API answers with: `{ error: { code, message, fields? } }`. */
export type ApiErrorBody = {
  error?: { code?: string; message?: string; fields?: Record<string, string>; details?: Record<string, string> };
};

/** Reads a JSON body without throwing on an empty or non-JSON answer. */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/** The `message` of a success body, if the server sent one. */
export function successMessage(body: unknown): string | undefined {
  return isRecord(body) && typeof body.message === "string" && body.message ? body.message : undefined;
}

/** The human-readable `error.message` of an error body, if any. */
export function errorMessage(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const message = body.error.message;
  return typeof message === "string" && message ? message : undefined;
}

/** Field name → message from `error.fields`, keeping only string messages. */
export function errorFields(body: unknown): Record<string, string> {
  if (!isRecord(body) || !isRecord(body.error) || !isRecord(body.error.fields)) return {};
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(body.error.fields)) {
    if (typeof value === "string") fields[key] = value;
  }
  return fields;
}

/** The machine-readable `error.code` of an error body (e.g. "payment_declined"), if any. */
export function errorCode(body: unknown): string | undefined {
  if (!isRecord(body) || !isRecord(body.error)) return undefined;
  const code = body.error.code;
  return typeof code === "string" && code ? code : undefined;
}

/** One string entry of `error.details` (data a client needs to continue, e.g. a 3-D Secure token). */
export function errorDetail(body: unknown, key: string): string | undefined {
  if (!isRecord(body) || !isRecord(body.error) || !isRecord(body.error.details)) return undefined;
  const value = body.error.details[key];
  return typeof value === "string" && value ? value : undefined;
}

export const NETWORK_ERROR_MESSAGE = "We couldn't reach the server. Check your connection and try again.";

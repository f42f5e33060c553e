import { errorFields, errorMessage, NETWORK_ERROR_MESSAGE, readJson } from "@/components/ui/api-response";

/** better-auth answers its own errors as `{ code, message }`. */
function authErrorMessage(body: unknown): string | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const { message } = body as { message?: unknown };
  return typeof message === "string" && message ? message : undefined;
}

/** The message and field errors of an error answer: the shop's `{ error: { message, fields } }` or better-auth's. */
export async function readErrorMessage(response: Response, fallback: string): Promise<{ message: string; fields: Record<string, string> }> {
  const body = await readJson(response);
  return { message: errorMessage(body) ?? authErrorMessage(body) ?? fallback, fields: errorFields(body) };
}

export const NETWORK_ERROR = NETWORK_ERROR_MESSAGE;
export const TOO_MANY_ATTEMPTS = "Too many attempts. Wait a moment and try again.";

export type AppErrorKind =
  | "bad_request"
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_declined"
  | "authentication_required"
  | "too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable";

// Each route of a production build has its own copy of this module, and the better-auth instance
// (made once, kept on globalThis) throws with the copy of the route that made it: `instanceof`
// would not know another route's AppError. The brand is the same in every copy.
const BRAND = Symbol.for("toolforge.AppError");

/** A failure the caller can act on. One mapper (lib/http.ts) turns it into an HTTP answer. */
export class AppError extends Error {
  readonly [BRAND] = true;
  readonly kind: AppErrorKind;
  readonly fields?: Record<string, string>;
  /** Extra machine-readable data a client needs to continue (e.g. a 3-D Secure challenge). */
  readonly details?: Record<string, string>;
  /** Response headers that belong to this answer (e.g. Retry-After on a 429). */
  readonly headers?: Record<string, string>;

  constructor(kind: AppErrorKind, message: string, fields?: Record<string, string>, details?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.fields = fields;
    this.details = details;
  }
}

/** Whether `error` is an AppError, from this copy of the module or another route's. */
export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError || (typeof error === "object" && error !== null && (error as { [BRAND]?: unknown })[BRAND] === true);
}

/** What `read` finds, or null where it answers "not found" (a page then shows its not-found message). */
export async function orNotFound<T>(read: Promise<T>): Promise<T | null> {
  try {
    return await read;
  } catch (error) {
    if (isAppError(error) && error.kind === "not_found") return null;
    throw error;
  }
}

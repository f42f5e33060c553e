export type AppErrorKind =
  | "bad_request"
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "payment_declined"
  | "too_large"
  | "unsupported_media_type"
  | "rate_limited"
  | "unavailable";

/** A failure the caller can act on. One mapper (lib/http.ts) turns it into an HTTP answer. */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly fields?: Record<string, string>;

  constructor(kind: AppErrorKind, message: string, fields?: Record<string, string>) {
    super(message);
    this.name = "AppError";
    this.kind = kind;
    this.fields = fields;
  }
}

export function isAppError(error: unknown): error is AppError {
  return error instanceof AppError;
}

/**
 * The ways the database says it cannot answer now, rather than that a query is wrong: the network
 * (refused, unknown host, reset, timed out), PostgreSQL shutting down or starting (57P01–57P03), too
 * many connections (53300), a statement cut off by statement_timeout (57014), or the pool giving up
 * waiting for a connection (lib/db/client.ts' connectionTimeoutMillis).
 */
const UNAVAILABLE_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "ETIMEDOUT", "57P01", "57P02", "57P03", "53300", "57014"]);
const UNAVAILABLE_MESSAGES = ["timeout exceeded when trying to connect", "Connection terminated unexpectedly", "Connection terminated due to connection timeout"];

/** Whether an error (or one it wraps: drizzle puts the driver's error in `cause`) is the database being out of reach. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const code = "code" in current ? current.code : undefined;
    if (typeof code === "string" && UNAVAILABLE_CODES.has(code)) return true;
    const message = "message" in current ? current.message : undefined;
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.some((known) => message.startsWith(known))) return true;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

/**
 * The ways the database says it cannot answer now, rather than that a query is wrong. PostgreSQL's own
 * (SQLSTATE): shutting down or starting (57P01–57P03), too many connections (53300), a statement cut off
 * by statement_timeout (57014), an idle transaction ended (25P03).
 */
const SERVER_CODES = new Set(["57P01", "57P02", "57P03", "53300", "57014", "25P03"]);
/** The network's, when the database's driver is what met them: refused, unknown host, reset, timed out. */
export const NETWORK_CODES: ReadonlySet<string> = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "ECONNRESET", "ETIMEDOUT"]);
/** pg-pool giving up waiting for a connection (lib/db/client.ts' connectionTimeoutMillis), or a connection dropped mid-query. */
const DRIVER_MESSAGES = ["timeout exceeded when trying to connect", "Connection terminated unexpectedly", "Connection terminated due to connection timeout"];

function field(error: object, name: "code" | "message" | "name"): string | undefined {
  const value = name in error ? (error as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" ? value : undefined;
}

/** An error's `code` (a network error's, a SQLSTATE), when it has one. */
export function errorCodeOf(error: unknown): string | undefined {
  return error && typeof error === "object" ? field(error, "code") : undefined;
}

/**
 * Whether an error is the database being out of reach. Drizzle puts the driver's error in `cause`. A
 * network code counts only thrown by the driver itself (at the top, or under drizzle's query error):
 * under another error, such as fetch's "fetch failed" for an image host, it is another service's.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  let parent: object | null = null;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const code = field(current, "code");
    if (code && SERVER_CODES.has(code)) return true;
    if (code && NETWORK_CODES.has(code) && (parent === null || field(parent, "name") === "DrizzleQueryError")) return true;
    const message = field(current, "message");
    if (message && DRIVER_MESSAGES.some((known) => message.startsWith(known))) return true;
    parent = current;
    current = "cause" in current ? current.cause : undefined;
  }
  return false;
}

/** A database error's SQLSTATE and, for a broken constraint, its name: found under drizzle's wrapping (`cause`). */
export function databaseErrorOf(error: unknown): { code: string; constraint?: string } | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const code = field(current, "code");
    if (code && /^[0-9A-Z]{5}$/.test(code)) {
      const constraint = "constraint" in current && typeof current.constraint === "string" ? current.constraint : undefined;
      return constraint ? { code, constraint } : { code };
    }
    current = "cause" in current ? current.cause : undefined;
  }
  return undefined;
}

/**
 * PostgreSQL ended the transaction to untangle it from another one (a deadlock, 40P01, or a
 * serialization failure, 40001): the same request sent again succeeds.
 */
export function isTransactionConflict(error: unknown): boolean {
  const code = databaseErrorOf(error)?.code;
  return code === "40P01" || code === "40001";
}

import { getLogger } from "@/server/logger.mjs";

export type Level = "debug" | "info" | "warn" | "error";

/**
 * One structured line through the process's pino logger (server/logger.mjs): JSON with the time,
 * level, the id of the request being handled, and the fields with personal data and secrets redacted.
 */
export function log(level: Level, message: string, fields: Record<string, unknown> = {}): void {
  getLogger()[level](fields, message);
}

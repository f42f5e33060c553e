import "server-only";
import { getDatabase } from "@/lib/db/client";
import { EnvError, getEnv } from "@/lib/env";
import { log } from "@/lib/log";

/**
 * Runs once when the server starts: a bad configuration stops it with one line naming the variable;
 * then the database is opened, migrated and seeded before the first request is answered.
 */
export async function startServer(): Promise<void> {
  try {
    getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const handle = await getDatabase();
  log("info", "database ready", { engine: handle.engine });
}

import "server-only";
import { getDatabase } from "@/lib/db/client";
import { DataDirInUseError } from "@/lib/db/data-dir-lock";
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
  try {
    const handle = await getDatabase();
    log("info", "database ready", { engine: handle.engine });
  } catch (error) {
    // A second shop on the same embedded database would corrupt it: stop with one clear line.
    if (error instanceof DataDirInUseError || (error instanceof Error && error.name === "DataDirInUseError")) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
}

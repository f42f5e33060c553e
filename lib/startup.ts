import "server-only";
import { closeDb, getDatabase } from "@/lib/db/client";
import { DataDirInUseError } from "@/lib/db/data-dir-lock";
import { warnWhenPgliteOutgrown } from "@/lib/db/pglite-size";
import { EnvError, getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { startJobs, stopJobs } from "@/lib/jobs";
import { waitForPendingMail } from "@/lib/mail";
import { onShutdown } from "@/server/lifecycle.mjs";

/**
 * Runs once when the server starts: a bad configuration stops it with one line naming the variable;
 * then the database is opened, migrated and seeded, and the job runner started, before the first
 * request is answered. At shutdown (server/index.mjs, after in-flight requests) the job runner stops,
 * pending mail is finished, then the database closed.
 */
export async function startServer(): Promise<void> {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    if (error instanceof EnvError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  if (!env.SMTP_URL && env.NODE_ENV !== "test") {
    log("warn", "SMTP_URL is not set: mail (address verification, password resets, receipts) stays in the outbox and reaches nobody; read it with `npm run outbox`");
  }
  onShutdown("database", closeDb);
  onShutdown("mail", waitForPendingMail);
  try {
    const handle = await getDatabase();
    log("info", "database ready", { engine: handle.engine });
    // Registered last, so it stops first: no job starts while mail finishes and the database closes.
    onShutdown("jobs", stopJobs);
    await startJobs();
    if (handle.engine === "pglite") await warnWhenPgliteOutgrown(handle.db);
  } catch (error) {
    // A second shop on the same embedded database would corrupt it: stop with one clear line.
    if (error instanceof DataDirInUseError || (error instanceof Error && error.name === "DataDirInUseError")) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
}

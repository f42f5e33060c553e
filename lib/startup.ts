import "server-only";
import { closeDb, getDatabase } from "@/lib/db/client";
import { DataDirInUseError } from "@/lib/db/data-dir-lock";
import { warnWhenPgliteOutgrown } from "@/lib/db/pglite-size";
import { errorCodeOf, NETWORK_CODES } from "@/lib/db/unavailable";
import { EnvError, getEnv, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { startJobs, stopJobs } from "@/lib/jobs";
import { waitForPendingMail } from "@/lib/mail";
import { allowedMethodsByRoute } from "@/lib/api/routes";
import { onShutdown } from "@/server/lifecycle.mjs";
import { publishAllowedMethods } from "@/server/method-not-allowed.mjs";

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
  // The server in front answers a method a route does not have with 405 and Allow, from the route table.
  publishAllowedMethods(allowedMethodsByRoute());
  onShutdown("database", closeDb);
  onShutdown("mail", waitForPendingMail);
  let handle;
  try {
    handle = await openDatabaseAtStart();
  } catch (error) {
    // A shop without its database can only answer 500s: stop with one line, so that the supervisor
    // (Docker, systemd) restarts it and the operator reads why. A second shop on the same embedded
    // database would corrupt it: the same.
    process.stderr.write(`${cannotOpenMessage(env, error)}\n`);
    process.exit(1);
  }
  log("info", "database ready", { engine: handle.engine });
  // Registered last, so it stops first: no job starts while mail finishes and the database closes.
  onShutdown("jobs", stopJobs);
  await startJobs();
  if (handle.engine === "pglite") await warnWhenPgliteOutgrown(handle.db);
}

/** How long a start waits for a database server that is not up yet (a host reboot, compose's order). */
const DATABASE_WAIT_MS = 30_000;
/** Out of reach over the network (as a request would be answered 503), or PostgreSQL still starting (57P03). */
const NOT_UP_YET = new Set([...NETWORK_CODES, "57P03"]);
/**
 * pg's own connectionTimeoutMillis (the start-up client's 10 s, lib/db/migrate.ts) destroys the socket
 * with this message and no code (node_modules/pg/lib/client.js): a host that drops packets.
 */
const CONNECT_TIMEOUT_MESSAGE = "timeout expired";

/** Whether an error at start says the database server is not reachable yet, rather than wrong. */
function isNotUpYet(error: unknown): boolean {
  const code = errorCodeOf(error);
  if (code) return NOT_UP_YET.has(code);
  return error instanceof Error && error.message === CONNECT_TIMEOUT_MESSAGE;
}

/**
 * Opens (migrates, seeds) the database. A PostgreSQL server that refuses connections, does not answer
 * or is still starting is asked again every 2 seconds for up to 30 (an attempt already under way when
 * they end may take its own 10 s); anything else (a database that does not exist, a wrong password, a
 * broken embedded database) fails at once.
 */
async function openDatabaseAtStart() {
  const deadline = Date.now() + DATABASE_WAIT_MS;
  for (;;) {
    try {
      return await getDatabase();
    } catch (error) {
      if (!isNotUpYet(error) || Date.now() > deadline) throw error;
      log("warn", "the database is not reachable yet: trying again in 2 s", {
        code: errorCodeOf(error),
        error: error instanceof Error ? error.message : String(error),
      });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
}

/** "Cannot open the database at postgres://db:5432/toolforge: …", without the password. */
function cannotOpenMessage(env: Env, error: unknown): string {
  const reason = error instanceof Error ? error.message : String(error);
  if (error instanceof DataDirInUseError || (error instanceof Error && error.name === "DataDirInUseError")) return reason;
  let where = `the embedded database in ${env.dataDir}`;
  if (env.DATABASE_URL) {
    try {
      const url = new URL(env.DATABASE_URL);
      where = `DATABASE_URL (${url.hostname}:${url.port || "5432"}${url.pathname})`;
    } catch {
      where = "DATABASE_URL";
    }
  }
  return `Cannot open ${where}: ${reason}`;
}

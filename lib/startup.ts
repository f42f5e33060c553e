import "server-only";
import { closeDb, getDatabase } from "@/lib/db/client";
import { DataDirInUseError } from "@/lib/db/data-dir-lock";
import { warnWhenPgliteOutgrown } from "@/lib/db/pglite-size";
import { errorCodeOf, NETWORK_CODES } from "@/lib/db/unavailable";
import { EnvError, getEnv, type Env } from "@/lib/env";
import { log } from "@/lib/log";
import { startJobs, stopJobs } from "@/lib/jobs";
import { waitForPendingMail } from "@/lib/mail";
import { waitForPaymentIntentCancels } from "@/lib/payments/intent-cancels";
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
  if (env.NODE_ENV !== "test") for (const warning of configurationWarnings(env)) log("warn", warning);
  // The server in front answers a method a route does not have with 405 and Allow, from the route table.
  publishAllowedMethods(allowedMethodsByRoute());
  onShutdown("database", closeDb);
  onShutdown("mail", waitForPendingMail);
  // Cancels of closed orders' PaymentIntents started by requests: finished, or given 5 s, before the
  // database closes (one found paid is settled through it).
  onShutdown("payment intent cancels", () => Promise.race([waitForPaymentIntentCancels(), new Promise<void>((resolve) => setTimeout(resolve, 5000).unref())]));
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

/** The default sender address: a relay refuses it, and no shop inbox reads it. */
const DEFAULT_MAIL_FROM = "ToolForge <shop@toolforge.local>";

/**
 * What a shop running as configured does that an operator opening it to customers must know: the
 * development stand-ins in use, and links or mail that would reach nobody. Logged at every start
 * (`npm start` on a laptop prints them too, which is right: it is not ready for customers).
 */
export function configurationWarnings(env: Env): string[] {
  const warnings: string[] = [];
  if (!env.STRIPE_SECRET_KEY) {
    warnings.push(
      // Not the card number itself: the log's redaction would print it as [card].
      "STRIPE_SECRET_KEY is not set: payments go to the built-in TEST processor, where Stripe's test card numbers pay any order and no money moves. Set the Stripe keys before taking real orders",
    );
  } else if (!env.STRIPE_WEBHOOK_SECRET) {
    warnings.push("STRIPE_WEBHOOK_SECRET is not set: bank payments that settle later, refunds that fail and payments made after the customer closed the page are never heard of");
  }
  if (!env.SMTP_URL) {
    warnings.push("SMTP_URL is not set: mail (address verification, password resets, receipts) stays in the outbox and reaches nobody; read it with `npm run outbox`");
  } else if (env.MAIL_FROM === DEFAULT_MAIL_FROM) {
    warnings.push(
      `MAIL_FROM is the default ${DEFAULT_MAIL_FROM}: mail relays refuse or mark mail from it, and${env.ADMIN_EMAILS.length === 0 ? " with ADMIN_EMAILS empty the shop's own mail (contact messages, paid orders to ship) goes to it, where nobody reads it" : " replies to it reach nobody"}`,
    );
  }
  if (!env.TWILIO_ACCOUNT_SID) {
    warnings.push("TWILIO_ACCOUNT_SID is not set: sign-in codes by text go to an outbox only admins read (/dashboard/texts), not to phones");
  }
  if (!env.APP_URL && env.NODE_ENV === "production") {
    warnings.push(`APP_URL is not set: mailed links and sign-in callbacks point to ${env.appUrl}, and cookies are not marked Secure`);
  }
  return warnings;
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

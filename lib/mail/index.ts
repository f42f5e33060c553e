import "server-only";
import type { SQL } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { drainInBatches } from "@/lib/batches";
import { getDb, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { mailOutbox } from "@/models/schema";

/** A mail to send; `replyTo` is where the recipient's Reply goes when it should not be the shop (MAIL_FROM). */
export type Mail = { to: string; subject: string; text: string; replyTo?: string };

const store = globalThis as unknown as { __toolforgeMailer?: Promise<Transporter>; __toolforgePendingMail?: Set<Promise<void>> };

function pending(): Set<Promise<void>> {
  store.__toolforgePendingMail ??= new Set();
  return store.__toolforgePendingMail;
}

/**
 * A try's time limits, so that it ends well inside its claim (TRY_LEASE_SECONDS): nodemailer's own
 * allow two minutes to connect and ten of silence. Settings in SMTP_URL's query take precedence.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

async function transporter(smtpUrl: string): Promise<Transporter> {
  store.__toolforgeMailer ??= import("nodemailer").then((nodemailer) => nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
  return store.__toolforgeMailer;
}

/**
 * The shop's own inbox, for the mail the shop itself must read (a contact message, a paid order to
 * ship): the admins' addresses (ADMIN_EMAILS), or the sender address when none is configured.
 */
export function shopInbox(): string[] {
  const env = getEnv();
  if (env.ADMIN_EMAILS.length > 0) return env.ADMIN_EMAILS;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return [address];
}

/** Tries per mail before it is left for an admin (the Mail page can queue it again): about 8½ hours of back-off in all. */
export const MAX_MAIL_ATTEMPTS = 10;

/** The longest pause between two tries: 6 hours. */
export const MAX_MAIL_BACKOFF_SECONDS = 6 * 3600;

/** Wait before try n+1 after n failed tries: 1, 2, 4 … minutes, at most MAX_MAIL_BACKOFF_SECONDS. */
export function mailBackoffMs(attempts: number): number {
  return Math.min(60_000 * 2 ** Math.max(0, attempts - 1), MAX_MAIL_BACKOFF_SECONDS * 1000);
}

/**
 * mailBackoffMs in seconds, computed by the database for `tries` failed tries (an SQL expression).
 * Given drizzle's `sql`, which this module loads only when it needs it.
 */
function backoffSecondsSql(sql: typeof import("drizzle-orm").sql, tries: SQL): SQL {
  return sql`least(60 * power(2, ${tries} - 1), ${MAX_MAIL_BACKOFF_SECONDS})`;
}

/**
 * How long a mail queued `held` waits before its first try (the mail worker sends it then, and runs
 * every minute): time to put a mistaken press right and withdraw it (withdrawHeldMail; ADR 077).
 */
export const MAIL_HOLD_MS = 2 * 60 * 1000;

/**
 * Writes a mail to the outbox inside the caller's transaction: the mail exists exactly when the
 * change that causes it commits, whatever happens to the process afterwards. Call
 * deliverQueuedMail with the ids after the commit; the mail worker retries whatever is left.
 */
export async function queueMail(tx: Tx, mail: Mail, { held = false }: { held?: boolean } = {}): Promise<string> {
  const { sql } = await import("drizzle-orm");
  const id = newId("mail");
  // On the database's clock, as every claim and withdrawal compares it.
  await tx.insert(mailOutbox).values({ id, ...mail, nextAttemptAt: held ? sql`now() + make_interval(secs => ${MAIL_HOLD_MS / 1000})` : null });
  return id;
}

/**
 * Takes back a mail queued `held` while its hold lasts and no delivery has tried it, found by its
 * subject (each such subject names its order or review) and, where the subject alone does not say
 * whose, its address. Answers whether one was withdrawn: false once the hold is over, the mail has gone
 * out or a try has started (a try in progress is left to finish); the caller then tells the person.
 */
export async function withdrawHeldMail(tx: Tx, subject: string, to?: string): Promise<boolean> {
  const { and, eq, gt, isNull, sql } = await import("drizzle-orm");
  const withdrawn = await tx
    .delete(mailOutbox)
    .where(
      and(
        eq(mailOutbox.subject, subject),
        to === undefined ? undefined : eq(mailOutbox.to, to),
        isNull(mailOutbox.sentAt),
        eq(mailOutbox.attempts, 0),
        // Only while its hold lasts: without SMTP no mail is ever tried, and one past its hold is the customer's.
        gt(mailOutbox.nextAttemptAt, sql`now()`),
      ),
    )
    .returning({ id: mailOutbox.id });
  return withdrawn.length > 0;
}

/**
 * How long a try's claim holds the mail at least: far longer than a try can last with SMTP_TIMEOUTS,
 * so no other instance, and no later round of the worker, takes the same mail while it is being sent.
 * A process that dies mid-try leaves the mail to be tried again once the claim is over.
 */
const TRY_LEASE_SECONDS = 10 * 60;

/**
 * Takes one delivery try of a mail: one conditional UPDATE counts the try and pushes the next one
 * back (the claim: the longer of the back-off after this try and TRY_LEASE_SECONDS), so two
 * instances, or the request and the worker, never send the same mail at once.
 */
async function claimTry(id: string): Promise<(typeof mailOutbox.$inferSelect) | null> {
  const { and, eq, isNull, lt, lte, or, sql } = await import("drizzle-orm");
  const db = await getDb();
  const [claimed] = await db
    .update(mailOutbox)
    .set({
      attempts: sql`${mailOutbox.attempts} + 1`,
      // The back-off after this try, or the claim if that is longer; a failed try then sets the
      // back-off itself (deliverQueued).
      nextAttemptAt: sql`now() + make_interval(secs => greatest(${backoffSecondsSql(sql, sql`${mailOutbox.attempts} + 1`)}, ${TRY_LEASE_SECONDS}))`,
    })
    .where(
      and(
        eq(mailOutbox.id, id),
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        // The database's clock, which wrote the claim: an app clock running ahead would end it early.
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .returning();
  return claimed ?? null;
}

/** Delivers one queued mail now (SMTP configured), recording success or the error. */
async function deliverQueued(id: string): Promise<boolean> {
  const env = getEnv();
  if (!env.SMTP_URL) return false;
  const mail = await claimTry(id);
  if (!mail) return false;
  const { eq } = await import("drizzle-orm");
  const db = await getDb();
  try {
    await (await transporter(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, to: mail.to, replyTo: mail.replyTo ?? undefined, subject: mail.subject, text: mail.text });
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log("warn", "mail delivery failed", { mailId: id, to: mail.to, subject: mail.subject, attempt: mail.attempts, error: message });
    const { sql } = await import("drizzle-orm");
    // The claim gives way to the back-off after this try: 1, 2, 4 … minutes (its attempts count it already).
    await db
      .update(mailOutbox)
      .set({ error: message.slice(0, 500), nextAttemptAt: sql`now() + make_interval(secs => ${backoffSecondsSql(sql, sql`${mailOutbox.attempts}`)})` })
      .where(eq(mailOutbox.id, id));
    return false;
  }
  // The server has the mail. A database that fails to record it must not make it a failed try, which
  // would send it again: the record is tried a few times, and the claim keeps the mail meanwhile.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.update(mailOutbox).set({ sentAt: new Date(), error: null, nextAttemptAt: null }).where(eq(mailOutbox.id, id));
      return true;
    } catch (error) {
      if (attempt >= 3) {
        log("error", "mail sent but not recorded as sent", { mailId: id, subject: mail.subject, error: error instanceof Error ? error.message : String(error) });
        return true;
      }
      await new Promise((resolve) => setTimeout(resolve, 500 * attempt));
    }
  }
}

/** Starts delivering mail that a committed transaction queued; the caller never waits for the mail server. */
export function deliverQueuedMail(ids: string[]): void {
  for (const id of ids) {
    const job = deliverQueued(id)
      .then(() => undefined)
      .catch((error: unknown) => {
        log("error", "mail delivery could not run", { mailId: id, error: error instanceof Error ? error.message : String(error) });
      });
    pending().add(job);
    void job.finally(() => pending().delete(job));
  }
}

/**
 * How long one round of the worker goes on starting tries: well inside pg-boss's 5-minute expiry of a
 * job, so a slow mail server cannot make the queue start a second round beside this one, nor hold up
 * the other jobs (on PGlite they run one after another). What is left waits for the next round.
 */
const ROUND_BUDGET_MS = 2 * 60 * 1000;

/**
 * The mail worker's step: delivers every undelivered mail whose next try is due (oldest first, at
 * most `limit`, starting no try after ROUND_BUDGET_MS). Answers how many were sent. Without SMTP the
 * outbox is the destination: nothing to do.
 */
export async function deliverDueMail(limit = 50): Promise<number> {
  if (!getEnv().SMTP_URL) return 0;
  const { and, asc, isNull, lt, lte, or, sql } = await import("drizzle-orm");
  const db = await getDb();
  const due = await db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(
      and(
        isNull(mailOutbox.sentAt),
        lt(mailOutbox.attempts, MAX_MAIL_ATTEMPTS),
        or(isNull(mailOutbox.nextAttemptAt), lte(mailOutbox.nextAttemptAt, sql`now()`)),
      ),
    )
    .orderBy(asc(mailOutbox.createdAt))
    .limit(limit);
  const until = Date.now() + ROUND_BUDGET_MS;
  let sent = 0;
  for (const { id } of due) {
    if (Date.now() > until) break;
    if (await deliverQueued(id)) sent += 1;
  }
  return sent;
}

/** Sends in the background: the mail is written to the outbox first, so a failing mail server loses nothing. */
export function sendMailInBackground(mail: Mail): void {
  const job = (async () => {
    const db = await getDb();
    const id = newId("mail");
    await db.insert(mailOutbox).values({ id, ...mail });
    await deliverQueued(id);
  })().catch((error: unknown) => {
    log("error", "mail could not be queued", { error: error instanceof Error ? error.message : String(error) });
  });
  pending().add(job);
  void job.finally(() => pending().delete(job));
}

/** Delivered mail removed per sweep step at most: a first sweep of a long-kept outbox goes in bites. */
const SWEEP_BATCH = 1000;

/**
 * The retention sweep: removes mail delivered over SMTP more than MAIL_RETENTION_DAYS ago. The outbox
 * is a delivery queue, and its copy of a sent mail (a name, an address, an order) is not needed once
 * the mail server has taken it. Mail never delivered stays, for the Mail page; without SMTP nothing is
 * ever delivered, and the outbox is the mailbox (development). Answers how many went.
 */
export async function sweepDeliveredMail(): Promise<number> {
  const days = getEnv().MAIL_RETENTION_DAYS;
  if (days === 0) return 0;
  const { and, asc, inArray, isNotNull, lt, sql } = await import("drizzle-orm");
  const db = await getDb();
  const old = db
    .select({ id: mailOutbox.id })
    .from(mailOutbox)
    .where(and(isNotNull(mailOutbox.sentAt), lt(mailOutbox.sentAt, sql`now() - make_interval(days => ${days})`)))
    .orderBy(asc(mailOutbox.sentAt))
    .limit(SWEEP_BATCH);
  // Batch after batch until one comes back short, within a minute: a shop that sends more than a batch
  // an hour, or a first sweep of a long-kept outbox, catches up instead of falling further behind.
  return drainInBatches(async () => (await db.delete(mailOutbox).where(inArray(mailOutbox.id, old)).returning({ id: mailOutbox.id })).length, SWEEP_BATCH);
}

/** Waits for mail started so far (tests, graceful shutdown). */
export async function waitForPendingMail(): Promise<void> {
  await Promise.all([...pending()]);
}

/**
 * Removes the outbox copies of some mail (an erasure of data no account holds, ADR 074): those `to` an
 * address, or answering (`replyTo`) one, whose subject starts with `subjectStart`, and whose text holds
 * `textHolds` when given. Other mail to or about the same person stays.
 */
export async function forgetMailMatching(
  tx: Tx,
  match: { to?: string; replyTo?: string; subjectStart: string; textHolds?: string },
): Promise<void> {
  const { and, eq, sql } = await import("drizzle-orm");
  await tx
    .delete(mailOutbox)
    .where(
      and(
        match.to === undefined ? undefined : eq(mailOutbox.to, match.to),
        match.replyTo === undefined ? undefined : eq(mailOutbox.replyTo, match.replyTo),
        sql`left(${mailOutbox.subject}, ${match.subjectStart.length}) = ${match.subjectStart}`,
        match.textHolds === undefined ? undefined : sql`strpos(${mailOutbox.text}, ${match.textHolds}) > 0`,
      ),
    );
}

/** Removes the outbox copies of mail to an address (account deletion erases the person's data). */
export async function forgetMailTo(tx: Tx, address: string): Promise<void> {
  const { eq } = await import("drizzle-orm");
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, address));
}

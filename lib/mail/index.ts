import "server-only";
import type { Transporter } from "nodemailer";
import { getDb, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { mailOutbox } from "@/models/schema";

export type Mail = { to: string; subject: string; text: string };

const store = globalThis as unknown as { __toolforgeMailer?: Promise<Transporter>; __toolforgePendingMail?: Set<Promise<void>> };

function pending(): Set<Promise<void>> {
  store.__toolforgePendingMail ??= new Set();
  return store.__toolforgePendingMail;
}

async function transporter(smtpUrl: string): Promise<Transporter> {
  store.__toolforgeMailer ??= import("nodemailer").then((nodemailer) => nodemailer.createTransport(smtpUrl));
  return store.__toolforgeMailer;
}

/**
 * Every mail is written to the outbox first, so that it can be read in development and audited in
 * production; with SMTP configured it is then delivered and marked sent (or its error recorded).
 */
async function deliver(mail: Mail): Promise<void> {
  const env = getEnv();
  const db = await getDb();
  const id = newId("mail");
  await db.insert(mailOutbox).values({ id, ...mail });
  if (!env.SMTP_URL) return;
  const { eq } = await import("drizzle-orm");
  try {
    await (await transporter(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, ...mail });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log("warn", "mail delivery failed", { mailId: id, to: mail.to, subject: mail.subject, error: message });
    await db.update(mailOutbox).set({ error: message.slice(0, 500) }).where(eq(mailOutbox.id, id));
  }
}

/**
 * Writes a mail to the outbox inside the caller's transaction: the mail exists exactly when the
 * change that causes it commits, whatever happens to the process afterwards. Call
 * deliverQueuedMail with the ids after the commit; the mail worker retries whatever is left.
 */
export async function queueMail(tx: Tx, mail: Mail): Promise<string> {
  const id = newId("mail");
  await tx.insert(mailOutbox).values({ id, ...mail });
  return id;
}

/** Delivers one queued mail now (SMTP configured), recording success or the error. */
async function deliverQueued(id: string): Promise<void> {
  const env = getEnv();
  if (!env.SMTP_URL) return;
  const { and, eq, isNull } = await import("drizzle-orm");
  const db = await getDb();
  const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.id, id), isNull(mailOutbox.sentAt)));
  if (!mail) return;
  try {
    await (await transporter(env.SMTP_URL)).sendMail({ from: env.MAIL_FROM, to: mail.to, subject: mail.subject, text: mail.text });
    await db.update(mailOutbox).set({ sentAt: new Date(), error: null }).where(eq(mailOutbox.id, id));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    log("warn", "mail delivery failed", { mailId: id, to: mail.to, subject: mail.subject, error: message });
    await db.update(mailOutbox).set({ error: message.slice(0, 500) }).where(eq(mailOutbox.id, id));
  }
}

/** Starts delivering mail that a committed transaction queued; the caller never waits for the mail server. */
export function deliverQueuedMail(ids: string[]): void {
  for (const id of ids) {
    const job = deliverQueued(id).catch((error: unknown) => {
      log("error", "mail delivery could not run", { mailId: id, error: error instanceof Error ? error.message : String(error) });
    });
    pending().add(job);
    void job.finally(() => pending().delete(job));
  }
}

/** Sends in the background: a slow or failing mail server never delays or fails the caller. */
export function sendMailInBackground(mail: Mail): void {
  const job = deliver(mail).catch((error: unknown) => {
    log("error", "mail could not be queued", { error: error instanceof Error ? error.message : String(error) });
  });
  pending().add(job);
  void job.finally(() => pending().delete(job));
}

/** Waits for mail started so far (tests, graceful shutdown). */
export async function waitForPendingMail(): Promise<void> {
  await Promise.all([...pending()]);
}

/** Removes the outbox copies of mail to an address (account deletion erases the person's data). */
export async function forgetMailTo(tx: Tx, address: string): Promise<void> {
  const { eq } = await import("drizzle-orm");
  await tx.delete(mailOutbox).where(eq(mailOutbox.to, address));
}

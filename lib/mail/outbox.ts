import "server-only";
import { and, gte, isNull, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/roles";
import { getDb } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { mailOutbox } from "@/models/schema";
import type { Page, PageQuery } from "@/models/paging";
import { log } from "@/lib/log";
import { MAX_MAIL_ATTEMPTS, MAX_MAIL_BACKOFF_SECONDS } from "./index";

export type OutboxMailView = { id: string; to: string; subject: string; text: string; createdAt: string; sentAt: string | null };

export type UndeliveredMail = {
  id: string;
  to: string;
  subject: string;
  createdAt: string;
  attempts: number;
  error: string | null;
  nextAttemptAt: string | null;
  gaveUp: boolean;
};

type MailRow = typeof mailOutbox.$inferSelect;

const newestFirst: KeysetSort = { key: mailOutbox.createdAt, keyType: "timestamptz", id: mailOutbox.id, direction: "desc" };

/** One page of the outbox's mail (all of it, or those `filter` keeps), newest first, with its true total (admins). */
async function mailPage<T>(actor: Actor, query: PageQuery, filter: SQL | undefined, view: (mail: MailRow) => T): Promise<Page<T>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ mail: mailOutbox, ...keysetColumns(newestFirst) })
      .from(mailOutbox)
      .where(and(filter, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(mailOutbox, filter),
  ]);
  return keysetPage(rows, plan, query, total, ({ mail }) => view(mail));
}

/**
 * The mail the shop wrote, newest first, one page at a time (admins): without SMTP_URL the outbox is
 * where mail ends up (development), and this is how an admin reads it in the dashboard; the operator's
 * way, before anyone is an admin, is `npm run outbox`.
 */
export function listOutboxMail(actor: Actor, query: PageQuery): Promise<Page<OutboxMailView>> {
  return mailPage(actor, query, undefined, (mail) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
  }));
}

/**
 * Mail the mail server has not taken yet, newest first, one page at a time with its true total (admins,
 * with SMTP_URL). In an outage this can be thousands, and the oldest are those the worker gave up on.
 */
export function listUndeliveredMail(actor: Actor, query: PageQuery): Promise<Page<UndeliveredMail>> {
  return mailPage(actor, query, isNull(mailOutbox.sentAt), (mail) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    createdAt: mail.createdAt.toISOString(),
    attempts: mail.attempts,
    error: mail.error,
    nextAttemptAt: mail.nextAttemptAt ? mail.nextAttemptAt.toISOString() : null,
    gaveUp: mail.attempts >= MAX_MAIL_ATTEMPTS,
  }));
}

/** Longer than a delivery try can take (nodemailer's own time-outs are a few minutes). */
const LAST_TRY_SECONDS = 15 * 60;

/** Undelivered mail the worker stopped trying (MAX_MAIL_ATTEMPTS tries). */
const givenUp = and(isNull(mailOutbox.sentAt), gte(mailOutbox.attempts, MAX_MAIL_ATTEMPTS));

/** How many mails the worker gave up on (admins): the Mail page offers to try them again. */
export async function countGivenUpMail(actor: Actor): Promise<number> {
  requireAdmin(actor);
  const db = await getDb();
  return db.$count(mailOutbox, givenUp);
}

/**
 * Puts the mail the worker gave up on back in its queue (admins), for after a mail-server outage longer
 * than its back-off (10 tries span about 8½ hours): each gets its tries again, the first at the worker's
 * next round. Without this, receipts and password links written during the outage were never sent.
 * Answers how many.
 */
export async function retryGivenUpMail(actor: Actor): Promise<{ retried: number }> {
  requireAdmin(actor);
  const db = await getDb();
  // A last try still talking to the mail server (its claim pushed next_attempt_at the longest pause
  // ahead, a moment ago) is left alone, or the worker could send that mail a second time meanwhile.
  // In parentheses: and() joins its parts with AND as they are, and an OR left bare would stand alone,
  // queuing again every mail in its back-off (and a held one at once) as though the worker had given up.
  const lastTryOver = sql`(${mailOutbox.nextAttemptAt} is null or ${mailOutbox.nextAttemptAt} < now() + make_interval(secs => ${MAX_MAIL_BACKOFF_SECONDS - LAST_TRY_SECONDS}))`;
  const retried = await db
    .update(mailOutbox)
    .set({ attempts: 0, nextAttemptAt: null })
    .where(and(givenUp, lastTryOver))
    .returning({ id: mailOutbox.id });
  log("info", "given-up mail queued again", { count: retried.length, by: actor.userId });
  return { retried: retried.length };
}

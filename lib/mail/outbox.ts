import "server-only";
import { requireAdmin, type Actor } from "@/lib/accounts/roles";
import { getDb } from "@/lib/db/client";
import { MAX_MAIL_ATTEMPTS } from "./index";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { and, isNull } from "drizzle-orm";
import { mailOutbox } from "@/models/schema";
import type { Page, PageQuery } from "@/models/paging";

export type OutboxMailView = { id: string; to: string; subject: string; text: string; createdAt: string; sentAt: string | null };

const newestFirst: KeysetSort = { key: mailOutbox.createdAt, keyType: "timestamptz", id: mailOutbox.id, direction: "desc" };

/**
 * The mail the shop wrote, newest first, one page at a time (admins): without SMTP_URL the outbox is
 * where mail ends up (development), and this is how an admin reads it in the dashboard; the operator's
 * way, before anyone is an admin, is `npm run outbox`.
 */
export async function listOutboxMail(actor: Actor, query: PageQuery): Promise<Page<OutboxMailView>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ mail: mailOutbox, ...keysetColumns(newestFirst) })
      .from(mailOutbox)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(mailOutbox),
  ]);
  return keysetPage(rows, plan, query, total, ({ mail }) => ({
    id: mail.id,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    createdAt: mail.createdAt.toISOString(),
    sentAt: mail.sentAt ? mail.sentAt.toISOString() : null,
  }));
}

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

/**
 * Mail the mail server has not taken yet, newest first, one page at a time with its true total (admins,
 * with SMTP_URL). In an outage this can be thousands, and the oldest are those the worker gave up on.
 */
export async function listUndeliveredMail(actor: Actor, query: PageQuery): Promise<Page<UndeliveredMail>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const undelivered = isNull(mailOutbox.sentAt);
  const [rows, total] = await Promise.all([
    db
      .select({ mail: mailOutbox, ...keysetColumns(newestFirst) })
      .from(mailOutbox)
      .where(and(undelivered, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(mailOutbox, undelivered),
  ]);
  return keysetPage(rows, plan, query, total, ({ mail }) => ({
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

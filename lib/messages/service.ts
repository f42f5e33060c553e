import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { encodeCursor, keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { sendMailInBackground, shopInbox } from "@/lib/mail";
import { newId } from "@/lib/ids";
import { unsubscribeUrlMaker } from "@/lib/messages/unsubscribe";
import type { ContactInput } from "@/models/messages";
import type { Page, PageQuery } from "@/models/paging";
import { contactMessage, newsletterSubscriber } from "@/models/schema";

/** How the shop's copy of a contact message is titled (an erasure finds its outbox copies by it). */
export const CONTACT_SUBJECT_START = "New message from ";

/** Stores a message sent through the contact form and tells the shop about it. */
export async function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  const id = newId("msg");
  await db.insert(contactMessage).values({ id, ...input });
  for (const to of shopInbox()) {
    sendMailInBackground({
      to,
      // Reply in the mail program and the answer goes to the visitor, not back to the shop.
      replyTo: input.email,
      subject: `${CONTACT_SUBJECT_START}${input.name} (${input.company}, ${input.country})`,
      text: `${input.name} <${input.email}> wrote:\n\n${input.message}\n\nReply to this mail to answer ${input.name}. Read all messages in the dashboard under Messages.`,
    });
  }
  return { id };
}

export type ContactMessageView = {
  id: string;
  name: string;
  email: string;
  company: string;
  country: string;
  message: string;
  createdAt: string;
};

const messagesNewestFirst: KeysetSort = { key: contactMessage.createdAt, keyType: "timestamptz", id: contactMessage.id, direction: "desc" };

/** Contact messages, newest first, one page at a time (admins). */
export async function listContactMessages(actor: Actor, query: PageQuery): Promise<Page<ContactMessageView>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(messagesNewestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ row: contactMessage, ...keysetColumns(messagesNewestFirst) })
      .from(contactMessage)
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(contactMessage),
  ]);
  return keysetPage(rows, plan, query, total, ({ row }) => ({ ...row, createdAt: row.createdAt.toISOString() }));
}

/**
 * A newsletter subscriber: `confirmedAt` is when they subscribed, pressing Confirm in the mail (ADR 072;
 * null only for a sign-up found by looking its address up, not yet confirmed), `createdAt` when the
 * address was put in the form.
 */
export type SubscriberView = { email: string; confirmedAt: string | null; createdAt: string };

// Kept in the order of sign-up, which the partial index on (created_at, email) serves; the list shows
// the confirmation date beside it (ADR 074).
const subscribersOldestFirst: KeysetSort = { key: newsletterSubscriber.createdAt, keyType: "timestamptz", id: newsletterSubscriber.email, direction: "asc" };

const subscriberColumns = {
  email: newsletterSubscriber.email,
  createdAt: newsletterSubscriber.createdAt,
  confirmedAt: newsletterSubscriber.confirmedAt,
  ...keysetColumns(subscribersOldestFirst),
};

// Only confirmed subscribers are on the list (ADR 072); a literal condition, so the partial index serves it.
const confirmed = sql`${newsletterSubscriber.confirmedAt} is not null`;

/**
 * Confirmed newsletter subscribers, oldest first, one page at a time (admins). With `q`, the one address
 * it names instead (through the address's unique index), confirmed or not: an admin answering an
 * erasure request must find a sign-up that was never confirmed too.
 */
export async function listSubscribers(actor: Actor, query: PageQuery & { q?: string | undefined }): Promise<Page<SubscriberView>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(subscribersOldestFirst, query);
  const filter = query.q ? eq(newsletterSubscriber.email, query.q.toLowerCase()) : confirmed;
  const [rows, total] = await Promise.all([
    db
      .select(subscriberColumns)
      .from(newsletterSubscriber)
      .where(and(filter, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(newsletterSubscriber, filter),
  ]);
  return keysetPage(rows, plan, query, total, (r) => ({ email: r.email, confirmedAt: r.confirmedAt?.toISOString() ?? null, createdAt: r.createdAt.toISOString() }));
}

/** How many sign-ups have not been confirmed yet (admins): they get nothing until they are. */
export async function countUnconfirmedSubscribers(actor: Actor): Promise<number> {
  requireAdmin(actor);
  const db = await getDb();
  return db.$count(newsletterSubscriber, sql`${newsletterSubscriber.confirmedAt} is null`);
}

/**
 * A CSV cell (RFC 4180). A cell starting with =, +, - or @ is prefixed with a quote so a spreadsheet
 * never runs it as a formula (OWASP "CSV injection").
 */
export function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

const CSV_BATCH = 1_000;

/**
 * Every confirmed subscriber as CSV, oldest first, produced batch by batch (keyset, 1,000 rows per query) so that
 * neither the database nor this process ever holds the whole list. The admin check runs before the
 * first byte. Each row carries the subscriber's own unsubscribe link, for the admins' mail tool to put
 * in every mail, and the same for a `List-Unsubscribe` header (one click, RFC 8058).
 */
export async function subscribersCsv(actor: Actor): Promise<AsyncGenerator<string>> {
  requireAdmin(actor);
  const db = await getDb();
  const unsubscribeUrls = unsubscribeUrlMaker();
  async function* batches(): AsyncGenerator<string> {
    // subscribed_at is the confirmation (ADR 072's record of consent); signed_up_at, the form, comes last
    // so that the columns mail tools already map keep their places (ADR 074).
    yield "email,subscribed_at,unsubscribe_url,one_click_unsubscribe_url,signed_up_at\r\n";
    let cursor: string | undefined;
    for (let page = 1; ; page += 1) {
      const query = { page, pageSize: CSV_BATCH, cursor };
      const plan = planKeyset(subscribersOldestFirst, query);
      const rows = await db
        .select(subscriberColumns)
        .from(newsletterSubscriber)
        .where(and(confirmed, plan.where))
        .orderBy(...plan.orderBy)
        .limit(CSV_BATCH);
      if (rows.length === 0) return;
      yield rows
        .map((r) => {
          const urls = unsubscribeUrls(r.email);
          const subscribedAt = r.confirmedAt?.toISOString() ?? "";
          return `${csvCell(r.email)},${csvCell(subscribedAt)},${csvCell(urls.page)},${csvCell(urls.oneClick)},${csvCell(r.createdAt.toISOString())}\r\n`;
        })
        .join("");
      const last = rows[rows.length - 1];
      if (!last || rows.length < CSV_BATCH) return;
      cursor = encodeCursor({ key: last.cursorKey, id: last.cursorId, dir: "after" });
    }
  }
  return batches();
}

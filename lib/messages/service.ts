import "server-only";
import { asc, desc } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { sendMailInBackground } from "@/lib/mail";
import { newId } from "@/lib/ids";
import type { ContactInput, NewsletterInput } from "@/models/messages";
import { contactMessage, newsletterSubscriber } from "@/models/schema";

/** The shop's own inbox: the admins' addresses, or the sender address when none is configured. */
function shopRecipients(): string[] {
  const env = getEnv();
  if (env.ADMIN_EMAILS.length > 0) return env.ADMIN_EMAILS;
  const address = /<([^>]+)>/.exec(env.MAIL_FROM)?.[1] ?? env.MAIL_FROM;
  return [address];
}

/** Stores a message sent through the contact form and tells the shop about it. */
export async function sendContactMessage(input: ContactInput): Promise<{ id: string }> {
  const db = await getDb();
  const id = newId("msg");
  await db.insert(contactMessage).values({ id, ...input });
  for (const to of shopRecipients()) {
    sendMailInBackground({
      to,
      subject: `New message from ${input.name} (${input.company}, ${input.country})`,
      text: `${input.name} <${input.email}> wrote:\n\n${input.message}\n\nRead all messages in the dashboard under Messages.`,
    });
  }
  return { id };
}

/**
 * Subscribes an address once. The answer is the same whether it was new or already known, so the
 * form cannot be used to find out who subscribed.
 */
export async function subscribeToNewsletter(input: NewsletterInput): Promise<void> {
  const db = await getDb();
  await db
    .insert(newsletterSubscriber)
    .values({ id: newId("sub"), email: input.email.toLowerCase() })
    .onConflictDoNothing({ target: newsletterSubscriber.email });
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

/** Contact messages, newest first (admins). */
export async function listContactMessages(actor: Actor): Promise<ContactMessageView[]> {
  requireAdmin(actor);
  const db = await getDb();
  const rows = await db.select().from(contactMessage).orderBy(desc(contactMessage.createdAt), desc(contactMessage.id)).limit(500);
  return rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
}

export type SubscriberView = { email: string; createdAt: string };

/** Newsletter subscribers, oldest first (admins). */
export async function listSubscribers(actor: Actor): Promise<SubscriberView[]> {
  requireAdmin(actor);
  const db = await getDb();
  const rows = await db
    .select({ email: newsletterSubscriber.email, createdAt: newsletterSubscriber.createdAt })
    .from(newsletterSubscriber)
    .orderBy(asc(newsletterSubscriber.createdAt), asc(newsletterSubscriber.email));
  return rows.map((r) => ({ email: r.email, createdAt: r.createdAt.toISOString() }));
}

/**
 * RFC 4180 CSV of the subscribers. A cell starting with =, +, - or @ is prefixed with a quote so a
 * spreadsheet never runs it as a formula (OWASP "CSV injection").
 */
export function subscribersToCsv(rows: SubscriberView[]): string {
  const cell = (value: string) => {
    const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
    return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
  };
  return ["email,subscribed_at", ...rows.map((r) => `${cell(r.email)},${cell(r.createdAt)}`)].join("\r\n") + "\r\n";
}

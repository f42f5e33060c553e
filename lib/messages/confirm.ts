import "server-only";
import { and, eq, isNull, lt, or, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEnv, resolveAuthSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import { newsletterLinkToken } from "@/lib/messages/unsubscribe";
import { sameToken } from "@/lib/tokens";
import { CONFIRM_LINK_INVALID, newsletterConfirmSchema, type NewsletterConfirmInput, type NewsletterInput } from "@/models/messages";
import { newsletterSubscriber } from "@/models/schema";

// Newsletter sign-up with double opt-in (ADR 072): the form only asks; the address's owner confirms
// from the mail it sends. Nobody can put someone else's address on the list the shop mails offers to.

const PURPOSE = "toolforge:newsletter-confirm:v1\n";

/** How long an unconfirmed sign-up is kept after its last confirmation mail before the sweep drops it. */
export const UNCONFIRMED_DAYS = 7;

/** Confirmation mails an unconfirmed address gets at most, a day apart, however often the form is filled in. */
export const MAX_CONFIRMATION_MAILS = 3;

/** The token of `email`'s confirmation link. */
export function newsletterConfirmToken(email: string): string {
  return newsletterLinkToken(resolveAuthSecret(getEnv()), PURPOSE, email);
}

/** The page the confirmation mail links to: opening it changes nothing (mail scanners open links); its button confirms. */
export function newsletterConfirmUrl(email: string): string {
  const query = new URLSearchParams({ email: email.toLowerCase(), token: newsletterConfirmToken(email) });
  return `${getEnv().appUrl}/newsletter/confirm?${query}`;
}

/** Whether `token` was made for `email`'s confirmation link. */
export function isValidConfirmToken(email: string, token: string): boolean {
  return sameToken(newsletterConfirmToken(email), token);
}

/** The confirmation mail's subject (an erasure finds the mail's outbox copies by it). */
export const CONFIRMATION_SUBJECT = "Confirm your ToolForge newsletter subscription";

function confirmationMail(email: string) {
  return {
    to: email,
    subject: CONFIRMATION_SUBJECT,
    text: [
      "Someone, we hope you, asked for the ToolForge newsletter at this address: exclusive email offers and limited-time discounts on our hand tools.",
      `To get it, open this link and press Confirm:\n${newsletterConfirmUrl(email)}`,
      `If it was not you, ignore this mail: no address is added without its owner's confirmation, and this request is deleted after ${UNCONFIRMED_DAYS} days.`,
    ].join("\n\n"),
  };
}

/**
 * Signs an address up, unconfirmed, and mails it the link that confirms it, in one transaction. An
 * address already confirmed gets nothing, and an unconfirmed one at most one mail a day and
 * MAX_CONFIRMATION_MAILS in all, whoever fills the form in: the form cannot be used to flood someone's
 * inbox (the count lives on the row, which the sweep keeps until a week after its last mail). The
 * answer is the same in every case, so the form cannot be used to find out who subscribed.
 */
export async function subscribeToNewsletter(input: NewsletterInput): Promise<void> {
  const email = input.email.toLowerCase();
  const db = await getDb();
  const mailIds = await db.transaction(async (tx) => {
    await tx.insert(newsletterSubscriber).values({ id: newId("sub"), email }).onConflictDoNothing({ target: newsletterSubscriber.email });
    const claimed = await tx
      .update(newsletterSubscriber)
      .set({ confirmationSentAt: sql`now()`, confirmationMails: sql`${newsletterSubscriber.confirmationMails} + 1` })
      .where(
        and(
          eq(newsletterSubscriber.email, email),
          isNull(newsletterSubscriber.confirmedAt),
          lt(newsletterSubscriber.confirmationMails, MAX_CONFIRMATION_MAILS),
          or(isNull(newsletterSubscriber.confirmationSentAt), lt(newsletterSubscriber.confirmationSentAt, sql`now() - interval '1 day'`)),
        ),
      )
      .returning({ email: newsletterSubscriber.email });
    return claimed.length > 0 ? [await queueMail(tx, confirmationMail(email))] : [];
  });
  deliverQueuedMail(mailIds);
}

/**
 * Confirms an address with the token of its link. Pressing it twice, or after the sweep dropped the
 * unconfirmed sign-up, confirms all the same: the token proves the shop mailed that address.
 */
export async function confirmNewsletter(input: NewsletterConfirmInput): Promise<{ subscribed: true }> {
  const { email, token } = newsletterConfirmSchema.parse(input);
  if (!isValidConfirmToken(email, token)) throw new AppError("invalid", CONFIRM_LINK_INVALID, { token: CONFIRM_LINK_INVALID });
  const db = await getDb();
  await db
    .insert(newsletterSubscriber)
    .values({ id: newId("sub"), email, confirmedAt: sql`now()` })
    .onConflictDoUpdate({ target: newsletterSubscriber.email, set: { confirmedAt: sql`coalesce(${newsletterSubscriber.confirmedAt}, now())` } });
  return { subscribed: true };
}

/**
 * The sweep: drops sign-ups never confirmed, UNCONFIRMED_DAYS after their last confirmation mail (the
 * expression of their partial index). Answers how many.
 */
export async function sweepUnconfirmedSubscribers(): Promise<number> {
  const db = await getDb();
  const dropped = await db
    .delete(newsletterSubscriber)
    .where(sql`${newsletterSubscriber.confirmedAt} is null and greatest(${newsletterSubscriber.createdAt}, ${newsletterSubscriber.confirmationSentAt}) < now() - make_interval(days => ${UNCONFIRMED_DAYS})`)
    .returning({ id: newsletterSubscriber.id });
  return dropped.length;
}

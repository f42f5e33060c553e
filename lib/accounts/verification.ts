import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail, sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { session, user } from "@/models/schema";
import { mailboxProvedNotice, verificationMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { markEmailVerified, proveMailbox } from "./mailbox";
import type { Actor } from "./roles";
import { consumeToken, discardOtherTokens, issueToken, tokenError } from "./tokens";

/** Mails a link that proves the account's address (sent once at sign-up; again on request). */
export async function sendVerificationEmail(account: { id: string; email: string; name: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  const token = await issueToken(db, { purpose: "verify-email", userId: account.id, email: account.email }, now);
  sendMailInBackground(verificationMail(account, linkUrl(LINK_PATHS.verifyEmail, { token })));
}

/** The resend button. The route applies the rate limit; a verified address gets nothing more. */
export async function resendVerificationEmail(actor: Actor): Promise<{ sentTo: string }> {
  if (actor.emailVerified) throw new AppError("conflict", ACCOUNT_MESSAGES.alreadyVerified);
  await sendVerificationEmail({ id: actor.userId, email: actor.email, name: actor.name });
  return { sentTo: actor.email };
}

/** The account a browser that opens a link is signed in to, if any. */
export type OpeningBrowser = Pick<Actor, "userId" | "sessionId"> | null;

export type EmailVerified = {
  email: string;
  userId: string;
  /** The opening browser was signed in to this account: it is to get a new session, made after the proof. */
  renewSession: boolean;
};

/**
 * Opens a verification link: the address is verified (and ADMIN_EMAILS may promote the account) in
 * the same transaction that uses the link up. A link for an address the account no longer has is
 * not valid.
 *
 * It is the first proof of the mailbox (ADR 044). If the browser opening it is signed in to this
 * account, whoever set the password also reads the mail: the password stays, every session of the
 * account ends and the caller gives this browser a new one, so no session from before the proof
 * (admin or not) outlives it. Otherwise the person reading the mail may not be the one who
 * registered: as with the other links, everything set up before is removed (`proveMailbox`), and the
 * address is told how to sign in, in the same transaction.
 */
export async function verifyEmailWithToken(rawToken: string, browser: OpeningBrowser, now = new Date()): Promise<EmailVerified> {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const token = await consumeToken(tx, "verify-email", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row || row.email !== token.email) throw tokenError("invalid");
    await discardOtherTokens(tx, row.id, ["verify-email"], token.id);
    const verified = { email: row.email, userId: row.id };
    if (row.emailVerified) return { ...verified, renewSession: false, mailIds: [] };
    if (browser?.userId === row.id) {
      await tx.delete(session).where(eq(session.userId, row.id));
      await markEmailVerified(tx, row, now);
      return { ...verified, renewSession: true, mailIds: [] };
    }
    const removed = await proveMailbox(tx, row, now);
    return { ...verified, renewSession: false, mailIds: removed ? [await queueMail(tx, mailboxProvedNotice(row, getEnv().appUrl))] : [] };
  });
  deliverQueuedMail(done.mailIds);
  return { email: done.email, userId: done.userId, renewSession: done.renewSession };
}

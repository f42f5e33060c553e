import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { session, user } from "@/models/schema";
import { verificationMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { markEmailVerified } from "./mailbox";
import type { Actor } from "./roles";
import { consumeToken, discardOtherTokens, inspectToken, issueToken, tokenError, type TokenState } from "./tokens";

/** Mails a link that proves the account's address (sent once at sign-up; again on request). */
export async function sendVerificationEmail(account: { id: string; email: string; name: string }, now = new Date()): Promise<void> {
  const db = await getDb();
  const token = await issueToken(db, { purpose: "verify-email", userId: account.id, email: account.email }, now);
  sendMailInBackground(verificationMail(account, linkUrl(LINK_PATHS.verifyEmail, { token }), getEnv().appUrl));
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
 * It is the first proof of the mailbox (ADR 044), and it counts only in a browser signed in to this
 * account: whoever set the password also reads the mail. The password stays, every session of the
 * account ends and the caller gives this browser a new one, so no session from before the proof
 * (admin or not) outlives it. Opened anywhere else, the link is left unused and the answer is
 * "sign in first" (reason `sign-in`): a mail scanner's fetch changes nothing, and the owner of an
 * address someone else registered cannot hand that person a verified account.
 */
export async function verifyEmailWithToken(rawToken: string, browser: OpeningBrowser, now = new Date()): Promise<EmailVerified> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const token = await consumeToken(tx, "verify-email", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row || row.email !== token.email) throw tokenError("invalid");
    await discardOtherTokens(tx, row.id, ["verify-email"], token.id);
    const verified = { email: row.email, userId: row.id };
    if (row.emailVerified) return { ...verified, renewSession: false };
    if (browser?.userId === row.id) {
      await tx.delete(session).where(eq(session.userId, row.id));
      await markEmailVerified(tx, row, now);
      return { ...verified, renewSession: true };
    }
    // Another browser (another device, a mail scanner, the owner of an address someone else
    // registered): nothing is decided here and the link stays unused (the transaction rolls back).
    // /verify-email asks the person to sign in and open it again; the owner of a squatted address
    // takes "Forgot password?", whose link proves the mailbox and ends what was set up before.
    throw new AppError("forbidden", ACCOUNT_MESSAGES.verifySignedIn, undefined, { reason: "sign-in" });
  });
}

/** What /verify-email shows for a link before it is used: whether it can still be used, and for which account. */
export async function describeVerificationLink(rawToken: string, now = new Date()): Promise<{ state: TokenState; userId: string | null; email: string | null }> {
  const db = await getDb();
  const { state, row } = await inspectToken(db, "verify-email", rawToken, now);
  return state === "valid" && row ? { state, userId: row.userId, email: row.email } : { state, userId: null, email: null };
}

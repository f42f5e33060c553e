import "server-only";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { user } from "@/models/schema";
import { verificationMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { markEmailVerified } from "./mailbox";
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

/**
 * Opens a verification link: the address is verified (and ADMIN_EMAILS may promote the account) in
 * the same transaction that uses the link up. A link for an address the account no longer has is
 * not valid.
 */
export async function verifyEmailWithToken(rawToken: string, now = new Date()): Promise<{ email: string }> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const token = await consumeToken(tx, "verify-email", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row || row.email !== token.email) throw tokenError("invalid");
    if (!row.emailVerified) await markEmailVerified(tx, row, now);
    await discardOtherTokens(tx, row.id, ["verify-email"], token.id);
    return { email: row.email };
  });
}

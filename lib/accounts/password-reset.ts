import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail, sendMailInBackground } from "@/lib/mail";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { session, user } from "@/models/schema";
import { runAfterAnswer } from "./background";
import { setPasswordHash } from "./credentials";
import { passwordChangedNotice, passwordResetMail } from "./emails";
import { LINK_PATHS, linkUrl } from "./links";
import { clearPasswordLockout } from "./lockout";
import { proveMailbox } from "./mailbox";
import { consumeToken, discardOtherTokens, inspectToken, LINKS_A_NEW_PASSWORD_ENDS, issueToken, tokenError, type TokenState } from "./tokens";

/**
 * "Forgot password?". The answer never says whether the address has an account: it is the same
 * text, sent before the lookup runs, and only an existing, enabled account is mailed a link.
 */
export function requestPasswordReset(email: string, now = new Date()): void {
  runAfterAnswer("password reset request", async () => {
    const db = await getDb();
    const [row] = await db.select().from(user).where(eq(user.email, email));
    if (!row || row.disabledAt) return;
    const token = await issueToken(db, { purpose: "reset-password", userId: row.id, email: row.email }, now);
    sendMailInBackground(passwordResetMail(row, linkUrl(LINK_PATHS.resetPassword, { token })));
  });
}

export async function describeResetLink(rawToken: string, now = new Date()): Promise<TokenState> {
  const db = await getDb();
  return (await inspectToken(db, "reset-password", rawToken, now)).state;
}

/**
 * Uses a reset link: new password, every session of the account signed out (the caller then signs
 * this browser in), the lockout lifted, all in one transaction with its audit entry and the notice
 * to the address.
 */
export async function resetPasswordWithToken(rawToken: string, passwordHash: string, now = new Date()): Promise<{ userId: string }> {
  const db = await getDb();
  const done = await db.transaction(async (tx) => {
    const token = await consumeToken(tx, "reset-password", rawToken, now);
    const [row] = await tx.select().from(user).where(eq(user.id, token.userId));
    if (!row || row.email !== token.email) throw tokenError("invalid");
    if (row.disabledAt) throw new AppError("forbidden", ACCOUNT_MESSAGES.disabled, undefined, { reason: "disabled" });
    await proveMailbox(tx, row, now);
    await setPasswordHash(tx, row.id, passwordHash, now);
    await tx.delete(session).where(eq(session.userId, row.id));
    await clearPasswordLockout(tx, row.email);
    await discardOtherTokens(tx, row.id, LINKS_A_NEW_PASSWORD_ENDS, token.id);
    await recordAudit(tx, { userId: row.id }, { action: "user.password-reset", entity: "user", entityId: row.id, before: null, after: { email: row.email, sessionsSignedOut: true } });
    return { userId: row.id, mailId: await queueMail(tx, passwordChangedNotice(row, getEnv().appUrl)) };
  });
  deliverQueuedMail([done.mailId]);
  return { userId: done.userId };
}

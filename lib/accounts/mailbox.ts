import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import type { Tx } from "@/lib/db/client";
import { account, session, twoFactor, user } from "@/models/schema";
import { applyAdminEmails } from "./admin-emails";

export type AccountRow = typeof user.$inferSelect;

/**
 * The person has just proved they read this account's mailbox (a verification, reset or email-link
 * link). For an address that was not verified yet this is the first proof, so whatever was set up
 * before it may belong to someone else who registered the address first: their password and provider
 * identities, the sign-in phone number, the second factor and every session are removed
 * (better-auth's email-link flow does the same for the password). Then the address counts as
 * verified, and ADMIN_EMAILS may apply. Answers whether anything was removed (ADR 044).
 */
export async function proveMailbox(tx: Tx, row: AccountRow, now = new Date()): Promise<boolean> {
  if (row.emailVerified) return false;
  const credentials = await tx.delete(account).where(eq(account.userId, row.id)).returning({ id: account.id });
  const sessions = await tx.delete(session).where(eq(session.userId, row.id)).returning({ id: session.id });
  const factors = await tx.delete(twoFactor).where(eq(twoFactor.userId, row.id)).returning({ id: twoFactor.id });
  const hadPhoneOrFactor = row.phoneNumber !== null || row.twoFactorEnabled === true;
  if (hadPhoneOrFactor) {
    await tx.update(user).set({ phoneNumber: null, phoneNumberVerified: false, twoFactorEnabled: false, updatedAt: now }).where(eq(user.id, row.id));
  }
  await markEmailVerified(tx, row, now);
  return credentials.length > 0 || sessions.length > 0 || factors.length > 0 || hadPhoneOrFactor;
}

/** Marks the address verified, audited, and applies ADMIN_EMAILS. */
export async function markEmailVerified(tx: Tx, row: AccountRow, now = new Date()): Promise<void> {
  await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, row.id));
  await recordAudit(tx, { userId: row.id }, {
    action: "user.email-verified",
    entity: "user",
    entityId: row.id,
    before: { email: row.email, emailVerified: false },
    after: { email: row.email, emailVerified: true },
  });
  await applyAdminEmails(tx, row.id);
}

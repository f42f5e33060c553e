import "server-only";
import { eq } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import type { Tx } from "@/lib/db/client";
import { account, session, user } from "@/models/schema";
import { applyAdminEmails } from "./admin-emails";

export type AccountRow = typeof user.$inferSelect;

/**
 * The person has just proved they read this account's mailbox (a verification, reset or email-link
 * link). For an address that was not verified yet this is the first proof, so whatever was set up
 * before it may belong to someone else who registered the address first: their password and their
 * sessions are removed (better-auth's email-link flow does the same). Then the address counts as
 * verified, and ADMIN_EMAILS may apply.
 */
export async function proveMailbox(tx: Tx, row: AccountRow, now = new Date()): Promise<void> {
  if (row.emailVerified) return;
  await tx.delete(account).where(eq(account.userId, row.id));
  await tx.delete(session).where(eq(session.userId, row.id));
  await markEmailVerified(tx, row, now);
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

import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import type { Db, Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { auditLog, user } from "@/models/schema";
import { ROLE_CHANGE_LOCK } from "@/lib/db/locks";

/** The audit actor of promotions made by configuration rather than by a person. */
export const ADMIN_EMAILS_ACTOR = { userId: "system:admin-emails" } as const;

export function isListedAdminEmail(email: string): boolean {
  return getEnv().ADMIN_EMAILS.includes(email.trim().toLowerCase());
}

/**
 * ADMIN_EMAILS makes an account admin once, when its address is verified (or at its next sign-in,
 * if the address was added to the list later). The promotion is audited. An account whose role has
 * ever been changed (promoted or demoted, by a person or by this rule) is left alone: a demoted admin
 * stays demoted until another admin decides otherwise. Answers whether the account was promoted.
 */
export async function applyAdminEmails(tx: Tx, userId: string): Promise<boolean> {
  if (getEnv().ADMIN_EMAILS.length === 0) return false;
  await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
  const [row] = await tx.select().from(user).where(eq(user.id, userId));
  if (!row || row.role === "admin" || !row.emailVerified || row.disabledAt || !isListedAdminEmail(row.email)) return false;
  const [decided] = await tx
    .select({ id: auditLog.id })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId), eq(auditLog.action, "user.role")))
    .limit(1);
  if (decided) return false;
  await tx.update(user).set({ role: "admin", updatedAt: new Date() }).where(eq(user.id, userId));
  await recordAudit(tx, ADMIN_EMAILS_ACTOR, {
    action: "user.role",
    entity: "user",
    entityId: userId,
    before: { email: row.email, role: "customer" },
    after: { email: row.email, role: "admin", reason: "ADMIN_EMAILS, address verified" },
  });
  return true;
}

/** The same rule in a transaction of its own (sign-in and account creation hooks). */
export async function applyAdminEmailsNow(db: Db, userId: string): Promise<boolean> {
  if (getEnv().ADMIN_EMAILS.length === 0) return false;
  // Most sign-ins are not listed addresses: a plain read spares them the lock.
  const [row] = await db.select({ email: user.email, role: user.role, emailVerified: user.emailVerified }).from(user).where(eq(user.id, userId));
  if (!row || row.role === "admin" || !row.emailVerified || !isListedAdminEmail(row.email)) return false;
  return db.transaction((tx) => applyAdminEmails(tx, userId));
}

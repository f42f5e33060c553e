import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import { auditLog, user } from "@/models/schema";
import { twoFactorChangedNotice, type TwoFactorChange } from "./emails";

/** Whether an account signs in with a second factor now (better-auth's flag, set when setup is confirmed). */
export async function isTwoFactorOn(userId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, userId));
  return row?.on === true;
}

/** The latest second-factor change recorded for an account, if any (read under the account row's lock). */
async function lastTwoFactorChange(tx: Tx, userId: string): Promise<string | null> {
  const [last] = await tx
    .select({ change: sql<string | null>`${auditLog.after} ->> 'change'` })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId), eq(auditLog.action, "user.two-factor")))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(1);
  return last?.change ?? null;
}

/**
 * Records a change to an account's second factor and mails its owner, in one transaction of ours.
 * better-auth's two-factor plugin has already committed the change itself (it writes through its own
 * adapter, outside any transaction the shop could join), so this follows it at once from the plugin's
 * after-hook (ADR 017, amendment of 2026-11-29).
 */
export async function recordTwoFactorChange(userId: string, change: TwoFactorChange): Promise<void> {
  const db = await getDb();
  const mailId = await db.transaction(async (tx) => {
    const [owner] = await tx.select({ email: user.email, name: user.name }).from(user).where(eq(user.id, userId)).for("update");
    if (!owner) return null;
    // Two requests that turned it off (or on) at once each saw the change: the owner is told once.
    // New backup codes made twice are two changes, each told.
    if (change !== "new-backup-codes" && (await lastTwoFactorChange(tx, userId)) === change) return null;
    await recordAudit(tx, { userId }, { action: "user.two-factor", entity: "user", entityId: userId, before: null, after: { change } });
    return queueMail(tx, twoFactorChangedNotice(owner, change, getEnv().appUrl));
  });
  if (mailId) deliverQueuedMail([mailId]);
}

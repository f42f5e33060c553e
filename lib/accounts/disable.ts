import "server-only";
import { eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import { afterAccountOrdersCancelled, cancelUnpaidOrdersOfAccount, lockOrdersOfAccount } from "@/lib/orders/service";
import { session, user } from "@/models/schema";
import { accountDisabledNotice, accountEnabledNotice } from "./emails";
import { requireAnotherActiveAdmin } from "./last-admin";
import { ROLE_CHANGE_LOCK } from "@/lib/db/locks";
import { requireAdmin, type Actor } from "./roles";
import { toUserView, type UserView } from "./service";

/**
 * Disables an account (admins): every session of it ends in the same transaction, so the person is
 * signed out on every device at their next request, and no way of signing in gives them a new one
 * (lib/accounts/auth-plugin.ts). Their unpaid orders, which they can no longer pay, are cancelled
 * with it, so the units those hold go back on sale now rather than when the hold runs out. Enabling
 * lets them sign in again. Audited; the last active admin cannot be disabled. The person is told by
 * mail, written in the same transaction, as is each cancellation.
 */
export async function setAccountDisabled(actor: Actor, userId: string, disabled: boolean, now = new Date()): Promise<UserView> {
  requireAdmin(actor);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [target] = await tx.select().from(user).where(eq(user.id, userId));
    if (!target) throw new AppError("not_found", "No user with this id.");
    if (Boolean(target.disabledAt) === disabled) return { view: toUserView(target), mailIds: [], cancelled: [] };
    if (disabled && target.role === "admin") await requireAnotherActiveAdmin(tx, userId);
    const [updated] = await tx
      .update(user)
      .set({ disabledAt: disabled ? now : null, updatedAt: now })
      .where(eq(user.id, userId))
      .returning();
    if (!updated) throw new Error("user update returned nothing");
    if (disabled) await tx.delete(session).where(eq(session.userId, userId));
    const notice = disabled ? accountDisabledNotice(updated, getEnv().appUrl) : accountEnabledNotice(updated, getEnv().appUrl);
    // The notice first, then each order's cancellation: the person reads why before what.
    const mailIds = [await queueMail(tx, notice)];
    if (disabled) await lockOrdersOfAccount(tx, userId);
    const cancelled = disabled ? await cancelUnpaidOrdersOfAccount(tx, userId, "shop") : [];
    await recordAudit(tx, actor, {
      action: disabled ? "user.disabled" : "user.enabled",
      entity: "user",
      entityId: userId,
      before: { email: target.email, disabled: !disabled },
      after: { email: target.email, disabled, ...(cancelled.length > 0 ? { ordersCancelled: cancelled.length } : {}) },
    });
    return { view: toUserView(updated), mailIds: [...mailIds, ...cancelled.flatMap((closed) => closed.mailIds)], cancelled };
  });
  deliverQueuedMail(result.mailIds);
  await afterAccountOrdersCancelled(result.cancelled);
  return result.view;
}

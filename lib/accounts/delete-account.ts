import "server-only";
import { eq, sql } from "drizzle-orm";
import { addressesOfAccount, recordAudit, redactAccountInAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { forgetMailMatching, forgetMailTo } from "@/lib/mail";
import { anonymiseOrdersOfUser } from "@/lib/orders/anonymise";
import { SHOP_NOTICES_ABOUT_A_CUSTOMER } from "@/lib/orders/emails";
import { afterAccountOrdersCancelled, cancelUnpaidOrdersOfAccount, lockOrdersOfAccount, requireNoPaidOrderAwaitingShipment } from "@/lib/orders/service";
import { invalidatePublicReviews } from "@/lib/reviews/service";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { user } from "@/models/schema";
import { requireAnotherActiveAdmin } from "./last-admin";
import { ROLE_CHANGE_LOCK } from "@/lib/db/locks";
import { clearPasswordLockout } from "./lockout";
import { discardAccountPhoto } from "./photo";
import { requireRecentSignIn } from "./recent-sign-in";
import type { Actor } from "./roles";

/**
 * Deletes the actor's own account (needs a recent sign-in). In one transaction: their unpaid orders
 * are cancelled (nobody can pay them any more: their units go back on sale), their orders are kept
 * for the books but anonymised, the audit entries about them, their orders and reviews lose their
 * addresses and name, the outbox copies of their mail (to any address they had) and of the shop's
 * notices about their orders go, and the account row goes with everything hanging off it (sessions,
 * sign-in methods, profile, review, pending links). Their photo is removed after the commit. The
 * shop's last admin cannot delete themselves, nor can anyone with a paid order still to ship.
 */
export async function deleteAccount(actor: Actor, now = new Date()): Promise<{ ordersAnonymised: number }> {
  requireRecentSignIn(actor, now);
  const db = await getDb();
  const deleted = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [row] = await tx.select().from(user).where(eq(user.id, actor.userId));
    if (!row) throw new AppError("not_found", ACCOUNT_MESSAGES.gone);
    if (row.role === "admin") await requireAnotherActiveAdmin(tx, row.id);
    await lockOrdersOfAccount(tx, row.id);
    await requireNoPaidOrderAwaitingShipment(tx, row.id);
    const cancelled = await cancelUnpaidOrdersOfAccount(tx, row.id, "customer");
    const orderIds = await anonymiseOrdersOfUser(tx, row.id);
    const ordersAnonymised = orderIds.length;
    const addresses = await addressesOfAccount(tx, row.id, row.email);
    await redactAccountInAudit(tx, row.id, { orderIds, addresses });
    for (const address of addresses) {
      // Mail to any address the account has had, and the shop's own notices about its orders (a paid
      // order to ship names the customer, their address and phone, and answers to them).
      await forgetMailTo(tx, address);
      for (const subjectStart of SHOP_NOTICES_ABOUT_A_CUSTOMER) await forgetMailMatching(tx, { replyTo: address, subjectStart });
    }
    await clearPasswordLockout(tx, row.email);
    await tx.delete(user).where(eq(user.id, row.id));
    await recordAudit(tx, { userId: row.id }, {
      action: "user.deleted",
      entity: "user",
      entityId: row.id,
      before: { role: row.role === "admin" ? "admin" : "customer" },
      after: { ordersAnonymised, ordersCancelled: cancelled.length },
    });
    return { image: row.image, ordersAnonymised, cancelled };
  });
  // Their review went with the account: no cached list may show it any longer.
  invalidatePublicReviews();
  await afterAccountOrdersCancelled(deleted.cancelled);
  await discardAccountPhoto(deleted.image, "account deleted");
  return { ordersAnonymised: deleted.ordersAnonymised };
}

import "server-only";
import { asc, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { user } from "@/models/schema";
import { requireAnotherActiveAdmin } from "./last-admin";
import { ROLE_CHANGE_LOCK } from "./locks";
import { requireAdmin, toRole, type Actor, type Role } from "./roles";
import { toUserView, type UserView } from "./service";

export async function listUsers(actor: Actor): Promise<UserView[]> {
  requireAdmin(actor);
  const db = await getDb();
  const rows = await db.select().from(user).orderBy(asc(user.createdAt), asc(user.email)).limit(1000);
  return rows.map(toUserView);
}

/**
 * Changes a user's role (admins). Sessions are read from the database on every request, so the change
 * applies on that user's very next request. The last active admin cannot be demoted. The audit entry
 * is also what keeps ADMIN_EMAILS from promoting a demoted admin again (lib/accounts/admin-emails.ts).
 */
export async function setUserRole(actor: Actor, userId: string, role: Role): Promise<UserView> {
  requireAdmin(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [target] = await tx.select().from(user).where(eq(user.id, userId));
    if (!target) throw new AppError("not_found", "No user with this id.");
    const current = toRole(target.role);
    if (current === role) return toUserView(target);
    if (role === "customer" && !target.disabledAt) await requireAnotherActiveAdmin(tx, userId);
    const [updated] = await tx
      .update(user)
      .set({ role: role === "admin" ? "admin" : "user", updatedAt: new Date() })
      .where(eq(user.id, userId))
      .returning();
    if (!updated) throw new Error("user update returned nothing");
    await recordAudit(tx, actor, {
      action: "user.role",
      entity: "user",
      entityId: userId,
      before: { email: target.email, role: current },
      after: { email: target.email, role },
    });
    return toUserView(updated);
  });
}

import "server-only";
import { and, asc, eq, ne, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { user } from "@/models/schema";
import { requireAdmin, toRole, type Actor, type Role } from "./actor";
import { toUserView, type UserView } from "./service";

// Serialises role changes across instances, so two admins demoting each other at once cannot
// leave the shop with none.
const ROLE_CHANGE_LOCK = 727_002;

export async function listUsers(actor: Actor): Promise<UserView[]> {
  requireAdmin(actor);
  const db = await getDb();
  const rows = await db.select().from(user).orderBy(asc(user.createdAt), asc(user.email)).limit(1000);
  return rows.map(toUserView);
}

/**
 * Changes a user's role (admins). Sessions are read from the database on every request, so the change
 * applies on that user's very next request. The last admin cannot be demoted.
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
    if (role === "customer") {
      const [others] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(user)
        .where(and(eq(user.role, "admin"), ne(user.id, userId)));
      if ((others?.n ?? 0) === 0) {
        throw new AppError("conflict", "The shop needs at least one admin: make someone else admin first.");
      }
    }
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

import "server-only";
import { and, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { countRows } from "@/lib/db/row-counts";
import { AppError } from "@/lib/errors";
import { deliverQueuedMail, queueMail } from "@/lib/mail";
import type { Page } from "@/models/paging";
import { user } from "@/models/schema";
import type { UserListQuery } from "@/models/users";
import { roleChangedNotice } from "./emails";
import { requireAnotherActiveAdmin } from "./last-admin";
import { ROLE_CHANGE_LOCK } from "@/lib/db/locks";
import { requireAdmin, toRole, type Actor, type Role } from "./roles";
import { toUserView, type UserView } from "./service";

const usersOldestFirst: KeysetSort = { key: user.createdAt, keyType: "timestamptz", id: user.id, direction: "asc" };

export type UserList = Page<UserView> & { admins: number; disabledAdmins: number };

/**
 * One page of accounts, oldest first, optionally those whose name or email contains `q` (a trigram
 * index answers the search) and those of one role. The total is the true number of matching accounts;
 * `admins` counts every admin in the shop, listed on this page or not, and `disabledAdmins` those of
 * them whose account is disabled (they cannot manage anything).
 */
export async function listUsers(actor: Actor, query: UserListQuery): Promise<UserList> {
  requireAdmin(actor);
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    filters.push(or(ilike(user.name, pattern), ilike(user.email, pattern))!);
  }
  if (query.role) filters.push(eq(user.role, query.role));
  const match = filters.length > 0 ? and(...filters) : undefined;
  const plan = planKeyset(usersOldestFirst, query);
  const [rows, total, [admins]] = await Promise.all([
    db
      .select({ row: user, ...keysetColumns(usersOldestFirst) })
      .from(user)
      .where(and(match, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    match ? db.$count(user, match) : countRows(db, "user"),
    db
      .select({ n: sql<number>`count(*)::int`, disabled: sql<number>`(count(*) filter (where ${user.disabledAt} is not null))::int` })
      .from(user)
      .where(eq(user.role, "admin")),
  ]);
  return { ...keysetPage(rows, plan, query, total, ({ row }) => toUserView(row)), admins: admins?.n ?? 0, disabledAdmins: admins?.disabled ?? 0 };
}

/**
 * Changes a user's role (admins). Sessions are read from the database on every request, so the change
 * applies on that user's very next request. The last active admin cannot be demoted. The audit entry
 * is also what keeps ADMIN_EMAILS from promoting a demoted admin again (lib/accounts/admin-emails.ts).
 * Only an active account with a verified address is made admin. The person is told by mail, written in
 * the same transaction.
 */
export async function setUserRole(actor: Actor, userId: string, role: Role): Promise<UserView> {
  requireAdmin(actor);
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${ROLE_CHANGE_LOCK})`);
    const [target] = await tx.select().from(user).where(eq(user.id, userId));
    if (!target) throw new AppError("not_found", "No user with this id.");
    const current = toRole(target.role);
    if (current === role) return { view: toUserView(target), mailIds: [] };
    if (role === "admin") {
      // The address is who the admin thinks they are promoting: until its owner has proven it, anyone
      // could have registered it (ADMIN_EMAILS waits for the same proof). A disabled account is
      // enabled first, so no one is made admin who cannot sign in.
      if (!target.emailVerified) {
        throw new AppError("conflict", "This account's email address is not verified yet, so it cannot be made an admin: its owner must verify it first.");
      }
      if (target.disabledAt) throw new AppError("conflict", "This account is disabled: enable it before making it an admin.");
    }
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
    return { view: toUserView(updated), mailIds: [await queueMail(tx, roleChangedNotice(updated, role, getEnv().appUrl, { mustEnrolTwoFactor: getEnv().ADMIN_MFA === "required" && updated.twoFactorEnabled !== true }))] };
  });
  deliverQueuedMail(result.mailIds);
  return result.view;
}

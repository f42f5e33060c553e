import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/roles";
import { getDb, type Tx } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { newId } from "@/lib/ids";
import type { Page, PageQuery } from "@/models/paging";
import { auditLog, user } from "@/models/schema";

export type AuditEntry = {
  action: string;
  entity: "order" | "product" | "user" | "review" | "payment";
  entityId: string;
  before?: Record<string, unknown> | null;
  after?: Record<string, unknown> | null;
};

/**
 * Records a write inside the transaction that makes it, so the log and the change land together.
 * The actor is a person, or a system id such as "system:admin-emails" for a configuration rule.
 */
export async function recordAudit(tx: Tx, actor: Pick<Actor, "userId">, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    id: newId("aud"),
    actorId: actor.userId,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

export type AuditView = {
  id: string;
  actorId: string;
  actorEmail: string | null;
  action: string;
  entity: string;
  entityId: string;
  before: unknown;
  after: unknown;
  createdAt: string;
};

const newestFirst: KeysetSort = { key: auditLog.createdAt, keyType: "timestamptz", id: auditLog.id, direction: "desc" };

/** The audit log, newest first, one page at a time (admins). */
export async function listAudit(actor: Actor, query: PageQuery): Promise<Page<AuditView>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: user.email, ...keysetColumns(newestFirst) })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(auditLog),
  ]);
  return keysetPage(rows, plan, query, total, ({ entry, actorEmail }) => ({
    id: entry.id,
    actorId: entry.actorId,
    actorEmail,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId,
    before: entry.before,
    after: entry.after,
    createdAt: entry.createdAt.toISOString(),
  }));
}

/**
 * Erases a deleted account's address and name from the audit entries about it. The entries stay
 * (who changed what, and when, by id), so the log still adds up without holding the person's data.
 */
export async function redactAccountInAudit(tx: Tx, userId: string): Promise<void> {
  await tx
    .update(auditLog)
    .set({
      before: sql`${auditLog.before} - 'email' - 'name'`,
      after: sql`${auditLog.after} - 'email' - 'name'`,
    })
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId)));
}

import "server-only";
import { and, desc, eq, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/roles";
import { getDb, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
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

export async function listAudit(
  actor: Actor,
  page = 1,
  pageSize = 50,
): Promise<{ items: AuditView[]; total: number; page: number; pageSize: number }> {
  requireAdmin(actor);
  const db = await getDb();
  const [rows, [counted]] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: user.email })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog),
  ]);
  return {
    items: rows.map(({ entry, actorEmail }) => ({
      id: entry.id,
      actorId: entry.actorId,
      actorEmail,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId,
      before: entry.before,
      after: entry.after,
      createdAt: entry.createdAt.toISOString(),
    })),
    total: counted?.total ?? 0,
    page,
    pageSize,
  };
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

import "server-only";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/roles";
import { getDb, type Tx } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { newId } from "@/lib/ids";
import type { AuditFilter, AuditListQuery, AuditSubject, AuditView } from "@/models/audit";
import { formatOrderNumber } from "@/models/orders";
import type { Page } from "@/models/paging";
import { auditLog, order, product, review, user } from "@/models/schema";

export type AuditEntry = {
  action: string;
  entity: AuditSubject;
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

const newestFirst: KeysetSort = { key: auditLog.createdAt, keyType: "timestamptz", id: auditLog.id, direction: "desc" };

function filterOf({ entity, entityId }: AuditFilter): SQL | undefined {
  if (!entity) return undefined;
  return entityId ? and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId)) : eq(auditLog.entity, entity);
}

/**
 * The audit log, newest first, one page at a time (admins): all of it, the entries about one kind of
 * thing, or one thing's history (an order, a product, an account). Each has an index (schema.ts).
 */
export async function listAudit(actor: Actor, query: AuditListQuery): Promise<Page<AuditView>> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const filter = filterOf(query);
  const [rows, total] = await Promise.all([
    db
      .select({ entry: auditLog, actorEmail: user.email, ...keysetColumns(newestFirst) })
      .from(auditLog)
      .leftJoin(user, eq(user.id, auditLog.actorId))
      .where(and(filter, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(auditLog, filter),
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

/** How many entries the history of one thing holds (admins): its page says so before an admin opens it. */
export async function countAuditEntries(actor: Actor, entity: AuditSubject, entityId: string): Promise<number> {
  requireAdmin(actor);
  const db = await getDb();
  return db.$count(auditLog, filterOf({ entity, entityId }));
}

/**
 * What the history of one thing is called on the audit log's page: "order TF-100042", "“Claw Hammer”",
 * "ann@example.com", "the review of “Claw Hammer” by bo@example.com". Null when it is gone (a deleted
 * account) or never was; its entries, if any, still show.
 */
export async function auditSubjectName(actor: Actor, entity: AuditSubject, entityId: string): Promise<string | null> {
  requireAdmin(actor);
  const db = await getDb();
  switch (entity) {
    case "order": {
      const [row] = await db.select({ number: order.number }).from(order).where(eq(order.id, entityId));
      return row ? `order ${formatOrderNumber(row.number)}` : null;
    }
    case "product": {
      const [row] = await db.select({ name: product.name }).from(product).where(eq(product.id, entityId));
      return row ? `“${row.name}”` : null;
    }
    case "user": {
      const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, entityId));
      return row?.email ?? null;
    }
    case "review": {
      const [row] = await db
        .select({ author: user.email, productName: product.name })
        .from(review)
        .innerJoin(user, eq(user.id, review.userId))
        .leftJoin(product, eq(product.id, review.productId))
        .where(eq(review.id, entityId));
      return row ? `the review of ${row.productName ? `“${row.productName}”` : "the shop"} by ${row.author}` : null;
    }
    case "payment":
    // An erased message or address is gone, and its entries name neither (ADR 074).
    case "message":
    case "subscriber":
      return null;
  }
}

/**
 * Every address an account has had: its address now and each one an email change moved it from (the
 * audit keeps them). Read before redactAccountInAudit, which erases them.
 */
export async function addressesOfAccount(tx: Tx, userId: string, current: string): Promise<string[]> {
  const earlier = await tx
    .select({ email: sql<string | null>`${auditLog.before} ->> 'email'` })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId), eq(auditLog.action, "user.email-changed")));
  return [...new Set([current, ...earlier.flatMap((row) => (row.email ? [row.email] : []))])];
}

/**
 * Erases a deleted account's addresses and name from the audit entries about it and about what it
 * did in the shop: the account's own entries, those of its orders (an admin's cancel or shipping names
 * the customer's address) and those of its reviews (a hidden or deleted review names its author). The
 * entries stay (who changed what, and when, by id), so the log still adds up without the person's data.
 */
export async function redactAccountInAudit(tx: Tx, userId: string, held: { orderIds: string[]; addresses: string[] }): Promise<void> {
  await tx
    .update(auditLog)
    .set({
      before: sql`${auditLog.before} - 'email' - 'name'`,
      after: sql`${auditLog.after} - 'email' - 'name'`,
    })
    .where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, userId)));
  if (held.orderIds.length > 0) {
    await tx
      .update(auditLog)
      .set({ before: sql`${auditLog.before} - 'email'`, after: sql`${auditLog.after} - 'email'` })
      .where(and(eq(auditLog.entity, "order"), inArray(auditLog.entityId, held.orderIds)));
  }
  if (held.addresses.length > 0) {
    await tx
      .update(auditLog)
      .set({ before: sql`${auditLog.before} - 'author'` })
      .where(and(eq(auditLog.entity, "review"), inArray(sql`${auditLog.before} ->> 'author'`, held.addresses)));
  }
}

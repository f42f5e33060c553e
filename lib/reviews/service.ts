import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { getDb, type Db } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { readCache } from "@/lib/db/read-cache";
import { countRows } from "@/lib/db/row-counts";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Page } from "@/models/paging";
import type { AdminReviewView, ReviewInput, ReviewListQuery, ReviewView } from "@/models/reviews";
import { order, review, user } from "@/models/schema";

// Decided by the database at read time: a customer becomes a verified buyer the moment an order is paid.
const verifiedBuyer = sql<boolean>`exists (select 1 from ${order} where ${order.userId} = ${review.userId} and ${order.status} = 'paid')`;

const columns = {
  id: review.id,
  authorName: user.name,
  authorImageUrl: user.image,
  authorEmail: user.email,
  rating: review.rating,
  text: review.text,
  hidden: review.hidden,
  verifiedBuyer,
  createdAt: review.createdAt,
};

type Row = { id: string; authorName: string; authorImageUrl: string | null; rating: number; text: string; verifiedBuyer: boolean; createdAt: Date };

function toView(row: Row): ReviewView {
  return {
    id: row.id,
    authorName: row.authorName,
    authorImageUrl: row.authorImageUrl,
    rating: row.rating,
    text: row.text,
    verifiedBuyer: Boolean(row.verifiedBuyer),
    createdAt: row.createdAt.toISOString(),
  };
}

// A list row: everything but "verified buyer", which is decided afterwards for the page's rows only.
const listColumns = {
  id: review.id,
  userId: review.userId,
  authorName: user.name,
  authorImageUrl: user.image,
  authorEmail: user.email,
  rating: review.rating,
  text: review.text,
  hidden: review.hidden,
  createdAt: review.createdAt,
};

const newestFirst: KeysetSort = { key: review.createdAt, keyType: "timestamptz", id: review.id, direction: "desc" };

// Public reviews are read on every home page render and GET /api/reviews: cached like the catalog, and
// dropped whenever this process writes a review. A purchase shows as "verified buyer" within the TTL.
const publicReviews = readCache("reviews", 5_000);

/** Drops the cached public reviews: after a review is written or moderated, and when a payment makes a verified buyer. */
export function invalidatePublicReviews(): void {
  publicReviews.clear();
}

/** Which of these customers have a paid order: one indexed probe per author on the page, not a scan of orders. */
async function verifiedBuyersAmong(db: Db, userIds: string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .selectDistinct({ userId: order.userId })
    .from(order)
    .where(and(inArray(order.userId, userIds), eq(order.status, "paid")));
  return new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])));
}

/**
 * One page of public reviews, newest first, hidden ones left out: the newest page is read through the
 * partial index of visible reviews, then "verified buyer" is decided for those rows only.
 */
export function listPublicReviews(query: ReviewListQuery): Promise<Page<ReviewView>> {
  const key = JSON.stringify([query.page, query.pageSize, query.cursor ?? ""]);
  return publicReviews.get(key, async () => {
    const db = await getDb();
    const plan = planKeyset(newestFirst, query);
    const [rows, total] = await Promise.all([
      db
        .select({ ...listColumns, ...keysetColumns(newestFirst) })
        .from(review)
        .innerJoin(user, eq(user.id, review.userId))
        // A literal (not a parameter), so the planner can use the partial index of visible reviews.
        .where(and(sql`${review.hidden} = false`, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      countRows(db, "review:visible"),
    ]);
    const page = keysetPage(rows, plan, query, total, (row) => row);
    const verified = await verifiedBuyersAmong(db, page.items.map((r) => r.userId));
    return { ...page, items: page.items.map((r) => toView({ ...r, verifiedBuyer: verified.has(r.userId) })) };
  });
}

export type AdminReviewList = Page<AdminReviewView> & { hidden: number };

/** Every review, hidden ones included, newest first, one page at a time (admins). */
export async function listAllReviews(actor: Actor, query: ReviewListQuery): Promise<AdminReviewList> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  const [rows, total, visible] = await Promise.all([
    db
      .select({ ...listColumns, ...keysetColumns(newestFirst) })
      .from(review)
      .innerJoin(user, eq(user.id, review.userId))
      .where(plan.where)
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    countRows(db, "review"),
    countRows(db, "review:visible"),
  ]);
  const page = keysetPage(rows, plan, query, total, (row) => row);
  const verified = await verifiedBuyersAmong(db, page.items.map((r) => r.userId));
  return {
    ...page,
    items: page.items.map((r) => ({ ...toView({ ...r, verifiedBuyer: verified.has(r.userId) }), hidden: r.hidden, authorEmail: r.authorEmail })),
    hidden: total - visible,
  };
}

/** The actor's own review, if any. */
export async function findMyReview(actor: Actor): Promise<ReviewView | null> {
  const db = await getDb();
  const [row] = await db.select(columns).from(review).innerJoin(user, eq(user.id, review.userId)).where(eq(review.userId, actor.userId));
  return row ? toView(row) : null;
}

/**
 * Writes the actor's review: one per customer, so posting again edits it. Name and photo come from
 * the account at read time, never from the request.
 */
export async function saveReview(actor: Actor, input: ReviewInput): Promise<{ review: ReviewView; created: boolean }> {
  const db = await getDb();
  const now = new Date();
  const [written] = await db
    .insert(review)
    .values({ id: newId("rev"), userId: actor.userId, text: input.text, rating: input.rating })
    .onConflictDoUpdate({ target: review.userId, set: { text: input.text, rating: input.rating, updatedAt: now } })
    .returning({ id: review.id, createdAt: review.createdAt, updatedAt: review.updatedAt });
  if (!written) throw new Error("review upsert returned nothing");
  publicReviews.clear();
  const mine = await findMyReview(actor);
  if (!mine) throw new Error("review vanished after writing");
  // A fresh insert has created_at = updated_at (both default to now()).
  return { review: mine, created: written.createdAt.getTime() === written.updatedAt.getTime() };
}

/** Hides or shows a review on the public site (admins). */
export async function setReviewHidden(actor: Actor, reviewId: string, hidden: boolean): Promise<AdminReviewView> {
  requireAdmin(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [before] = await tx.select().from(review).where(eq(review.id, reviewId)).for("update");
    if (!before) throw new AppError("not_found", "No review with this id.");
    if (before.hidden === hidden) return;
    await tx.update(review).set({ hidden }).where(eq(review.id, reviewId));
    await recordAudit(tx, actor, {
      action: hidden ? "review.hide" : "review.show",
      entity: "review",
      entityId: reviewId,
      before: { hidden: before.hidden },
      after: { hidden },
    });
  });
  publicReviews.clear();
  const [row] = await db.select(columns).from(review).innerJoin(user, eq(user.id, review.userId)).where(eq(review.id, reviewId));
  if (!row) throw new AppError("not_found", "No review with this id.");
  return { ...toView(row), hidden: row.hidden, authorEmail: row.authorEmail };
}

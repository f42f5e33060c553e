import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { findProductById } from "@/lib/catalog/service";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { hasBoughtProduct, paidOrderOf } from "@/lib/orders/purchases";
import type { AdminReviewView, ReviewInput, ReviewView } from "@/models/reviews";
import { order, review, user } from "@/models/schema";

// Decided by the database at read time: a customer becomes a verified buyer the moment an order is paid
// (for a product review: an order of that product).
const verifiedBuyer = sql<boolean>`case when ${review.productId} is null
  then exists (select 1 from ${order} where ${order.userId} = ${review.userId} and ${order.status} = 'paid')
  else ${paidOrderOf(review.userId, review.productId)} end`;

const columns = {
  id: review.id,
  productId: review.productId,
  authorName: user.name,
  authorImageUrl: user.image,
  authorEmail: user.email,
  rating: review.rating,
  text: review.text,
  hidden: review.hidden,
  verifiedBuyer,
  createdAt: review.createdAt,
};

type Row = { id: string; productId: string | null; authorName: string; authorImageUrl: string | null; rating: number; text: string; verifiedBuyer: boolean; createdAt: Date };

function toView(row: Row): ReviewView {
  return {
    id: row.id,
    productId: row.productId,
    authorName: row.authorName,
    authorImageUrl: row.authorImageUrl,
    rating: row.rating,
    text: row.text,
    verifiedBuyer: Boolean(row.verifiedBuyer),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Public reviews of the shop for the home page: newest first, hidden ones left out. */
export async function listPublicReviews(limit = 30): Promise<ReviewView[]> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(and(eq(review.hidden, false), isNull(review.productId)))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(limit);
  return rows.map(toView);
}

/** A product's public reviews, newest first, with their count and average rating (over all of them). */
export async function listProductReviews(
  productId: string,
  limit = 20,
): Promise<{ items: ReviewView[]; count: number; averageRating: number | null }> {
  const db = await getDb();
  const visible = and(eq(review.hidden, false), eq(review.productId, productId));
  const [rows, [summary]] = await Promise.all([
    db
      .select(columns)
      .from(review)
      .innerJoin(user, eq(user.id, review.userId))
      .where(visible)
      .orderBy(desc(review.createdAt), desc(review.id))
      .limit(limit),
    db.select({ count: sql<number>`count(*)::int`, average: sql<number | null>`avg(${review.rating})::float8` }).from(review).where(visible),
  ]);
  const count = summary?.count ?? 0;
  return { items: rows.map(toView), count, averageRating: count > 0 && summary?.average != null ? Number(summary.average) : null };
}

/** Every review, hidden ones included (admins). */
export async function listAllReviews(actor: Actor): Promise<AdminReviewView[]> {
  requireAdmin(actor);
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(500);
  return rows.map((r) => ({ ...toView(r), hidden: r.hidden, authorEmail: r.authorEmail }));
}

/** The actor's own review of the shop, or of `productId` when given, if any. */
export async function findMyReview(actor: Actor, productId?: string): Promise<ReviewView | null> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(and(eq(review.userId, actor.userId), productId ? eq(review.productId, productId) : isNull(review.productId)));
  return row ? toView(row) : null;
}

/**
 * Writes the actor's review: one of the shop per customer, and one per product they have bought, so
 * posting again edits it. Name and photo come from the account at read time, never from the request.
 */
export async function saveReview(actor: Actor, input: ReviewInput): Promise<{ review: ReviewView; created: boolean }> {
  const productId = input.productId;
  if (productId) {
    if (!(await findProductById(productId))) throw new AppError("not_found", "No product with this id is on sale.");
    if (!(await hasBoughtProduct(actor.userId, productId))) {
      throw new AppError("forbidden", "You can review a product once you have bought it (a paid order).");
    }
  }
  const db = await getDb();
  const now = new Date();
  const values = { id: newId("rev"), userId: actor.userId, productId: productId ?? null, text: input.text, rating: input.rating };
  const set = { text: input.text, rating: input.rating, updatedAt: now };
  const insert = db.insert(review).values(values);
  // Each kind of review has its own partial unique index; ON CONFLICT names the one that applies.
  const upsert = productId
    ? insert.onConflictDoUpdate({ target: [review.userId, review.productId], targetWhere: sql`${review.productId} is not null`, set })
    : insert.onConflictDoUpdate({ target: review.userId, targetWhere: sql`${review.productId} is null`, set });
  const [written] = await upsert.returning({ id: review.id, createdAt: review.createdAt, updatedAt: review.updatedAt });
  if (!written) throw new Error("review upsert returned nothing");
  const mine = await findMyReview(actor, productId);
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
  const [row] = await db.select(columns).from(review).innerJoin(user, eq(user.id, review.userId)).where(eq(review.id, reviewId));
  if (!row) throw new AppError("not_found", "No review with this id.");
  return { ...toView(row), hidden: row.hidden, authorEmail: row.authorEmail };
}

import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { AdminReviewView, ReviewInput, ReviewView } from "@/models/reviews";
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

/** Public reviews for the home page: newest first, hidden ones left out. */
export async function listPublicReviews(limit = 30): Promise<ReviewView[]> {
  const db = await getDb();
  const rows = await db
    .select(columns)
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(eq(review.hidden, false))
    .orderBy(desc(review.createdAt), desc(review.id))
    .limit(limit);
  return rows.map(toView);
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
  const [row] = await db.select(columns).from(review).innerJoin(user, eq(user.id, review.userId)).where(eq(review.id, reviewId));
  if (!row) throw new AppError("not_found", "No review with this id.");
  return { ...toView(row), hidden: row.hidden, authorEmail: row.authorEmail };
}

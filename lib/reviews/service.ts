import "server-only";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { announceChange, onChange } from "@/lib/changes";
import { findProductById } from "@/lib/catalog/service";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { readCache } from "@/lib/db/read-cache";
import { countRows } from "@/lib/db/row-counts";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { deliverQueuedMail, queueMail, withdrawHeldMail } from "@/lib/mail";
import { hasBoughtProduct, paidOrderOf } from "@/lib/orders/purchases";
import type { Page } from "@/models/paging";
import type { AdminReviewView, MyReviewView, ProductReviewPage, ReviewInput, ReviewListQuery, ReviewView } from "@/models/reviews";
import { order, product, review, user } from "@/models/schema";
import { reviewVisibilityNotice } from "./emails";

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

// A list row: everything but "verified buyer", which is decided afterwards for the page's rows only.
const listColumns = {
  id: review.id,
  productId: review.productId,
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
// The admins' list: a review rewritten by its author comes back to the top, to be read again.
const lastWrittenFirst: KeysetSort = { key: review.updatedAt, keyType: "timestamptz", id: review.id, direction: "desc" };

/** When the author rewrote a review after writing it, or null (`updated_at` changes only with the text or rating). */
function editedAt(row: { createdAt: Date; updatedAt: Date }): string | null {
  return row.updatedAt.getTime() > row.createdAt.getTime() ? row.updatedAt.toISOString() : null;
}

// Public reviews are read on every home page render and GET /api/reviews: cached like the catalog, and
// dropped whenever this process writes a review. A purchase shows as "verified buyer" within the TTL.
const publicReviews = readCache("reviews", 5_000);

onChange("reviews", "reviews:public", () => publicReviews.clear());

/**
 * Drops the cached public reviews on every instance (lib/changes): after a review is written or
 * moderated, and when a payment makes a verified buyer.
 */
export function invalidatePublicReviews(): void {
  void announceChange("reviews");
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
 * One page of public reviews of the shop (product reviews show on their product page), newest first, hidden ones left out: the newest page is read through the
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
        .where(and(sql`${review.hidden} = false and ${review.productId} is null`, plan.where))
        .orderBy(...plan.orderBy)
        .limit(plan.limit)
        .offset(plan.offset),
      countRows(db, "review:shop-visible"),
    ]);
    const page = keysetPage(rows, plan, query, total, (row) => row);
    const verified = await verifiedBuyersAmong(db, page.items.map((r) => r.userId));
    return { ...page, items: page.items.map((r) => toView({ ...r, verifiedBuyer: verified.has(r.userId) })) };
  });
}

/**
 * Every public review of a product on sale, newest first, one page at a time (keyset, through the
 * partial index of its visible reviews), with the count and the average over all of them: the
 * product page's first few, and every page of its reviews. "Verified buyer" is decided for the page's rows.
 */
export async function listProductReviewPage(productId: string, query: ReviewListQuery): Promise<ProductReviewPage> {
  if (!(await findProductById(productId))) throw new AppError("not_found", "This tool is not in our catalog.");
  const db = await getDb();
  const plan = planKeyset(newestFirst, query);
  // `hidden = false` as a literal (not a parameter), so any plan can use the partial index of a product's visible reviews.
  const visible = and(sql`${review.hidden} = false`, eq(review.productId, productId));
  const [rows, [summary]] = await Promise.all([
    db
      .select({ ...columns, ...keysetColumns(newestFirst) })
      .from(review)
      .innerJoin(user, eq(user.id, review.userId))
      .where(and(visible, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.select({ count: sql<number>`count(*)::int`, average: sql<number | null>`avg(${review.rating})::float8` }).from(review).where(visible),
  ]);
  const total = summary?.count ?? 0;
  return {
    ...keysetPage(rows, plan, query, total, toView),
    averageRating: total > 0 && summary?.average != null ? Number(summary.average) : null,
  };
}

export type AdminReviewList = Page<AdminReviewView> & { hidden: number };

/** Every review, hidden ones included, last written or edited first, one page at a time (admins). */
export async function listAllReviews(actor: Actor, query: ReviewListQuery): Promise<AdminReviewList> {
  requireAdmin(actor);
  const db = await getDb();
  const plan = planKeyset(lastWrittenFirst, query);
  const [rows, total, visible] = await Promise.all([
    db
      .select({ ...listColumns, ...keysetColumns(lastWrittenFirst), updatedAt: review.updatedAt, productName: product.name })
      .from(review)
      .innerJoin(user, eq(user.id, review.userId))
      // The tool's name, so an admin knows what a review is about (its primary key: one row each).
      .leftJoin(product, eq(product.id, review.productId))
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
    items: page.items.map((r) => ({
      ...toView({ ...r, verifiedBuyer: verified.has(r.userId) }),
      hidden: r.hidden,
      authorEmail: r.authorEmail,
      productName: r.productName,
      editedAt: editedAt(r),
    })),
    hidden: total - visible,
  };
}

/** The actor's own review of the shop, or of `productId` when given, if any. */
export async function findMyReview(actor: Actor, productId?: string): Promise<MyReviewView | null> {
  const db = await getDb();
  const [row] = await db
    .select(columns)
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .where(and(eq(review.userId, actor.userId), productId ? eq(review.productId, productId) : isNull(review.productId)));
  return row ? { ...toView(row), hidden: row.hidden } : null;
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
  invalidatePublicReviews();
  const mine = await findMyReview(actor, productId);
  if (!mine) throw new Error("review vanished after writing");
  // The answer is the review as the public sees it (the API's ReviewView); Add Review reads `hidden` itself.
  const { hidden: _hidden, ...view } = mine;
  // A fresh insert has created_at = updated_at (both default to now()).
  return { review: view, created: written.createdAt.getTime() === written.updatedAt.getTime() };
}

/**
 * Locks a review for a change by its author or an admin, and reads whose review of what it is (no
 * product: a review of the shop), in the shape the audit log tells it from.
 */
async function lockReviewForAudit(tx: Tx, reviewId: string) {
  const [row] = await tx
    .select({
      userId: review.userId,
      productId: review.productId,
      hidden: review.hidden,
      rating: review.rating,
      authorEmail: user.email,
      authorName: user.name,
      productName: product.name,
    })
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .leftJoin(product, eq(product.id, review.productId))
    .where(eq(review.id, reviewId))
    .for("update", { of: review });
  if (!row) return null;
  return {
    userId: row.userId,
    productId: row.productId,
    author: { email: row.authorEmail, name: row.authorName },
    audit: { hidden: row.hidden, author: row.authorEmail, rating: row.rating, productName: row.productName },
  };
}

/**
 * Takes the actor's own review away for good: from the public site and from the admins' list. Someone
 * else's review, or one already gone, is not found (404), so an id does not tell whether it exists.
 * The audit log keeps what was withdrawn, so an admin can tell why a review left their list.
 */
export async function deleteOwnReview(actor: Actor, reviewId: string): Promise<{ productId: string | null }> {
  const db = await getDb();
  const productId = await db.transaction(async (tx) => {
    const before = await lockReviewForAudit(tx, reviewId);
    if (!before || before.userId !== actor.userId) throw new AppError("not_found", "You have no review with this id.");
    await tx.delete(review).where(eq(review.id, reviewId));
    await recordAudit(tx, actor, { action: "review.delete", entity: "review", entityId: reviewId, before: before.audit });
    return before.productId;
  });
  invalidatePublicReviews();
  return { productId };
}

/** Hides or shows a review on the public site (admins). */
export async function setReviewHidden(actor: Actor, reviewId: string, hidden: boolean): Promise<AdminReviewView> {
  requireAdmin(actor);
  const db = await getDb();
  const mailIds = await db.transaction(async (tx) => {
    const before = await lockReviewForAudit(tx, reviewId);
    if (!before) throw new AppError("not_found", "No review with this id.");
    if (before.audit.hidden === hidden) return [];
    await tx.update(review).set({ hidden }).where(eq(review.id, reviewId));
    await recordAudit(tx, actor, { action: hidden ? "review.hide" : "review.show", entity: "review", entityId: reviewId, before: before.audit, after: { hidden } });
    // The author hears of it in the same transaction, as of any change the shop makes to their account.
    // "Hidden" waits two minutes, as the shipped mail does (ADR 077): showing it again before then
    // withdraws it, and a press on the wrong review mails nobody.
    const { author } = before;
    const noticeOf = (isHidden: boolean) =>
      reviewVisibilityNotice(author, { hidden: isHidden, productName: before.audit.productName, productId: before.productId }, getEnv().appUrl);
    if (hidden) return [await queueMail(tx, noticeOf(true), { held: true })];
    if (await withdrawHeldMail(tx, noticeOf(true).subject, author.email)) return [];
    return [await queueMail(tx, noticeOf(false))];
  });
  deliverQueuedMail(mailIds);
  invalidatePublicReviews();
  const [row] = await db
    .select({ ...columns, updatedAt: review.updatedAt, productName: product.name })
    .from(review)
    .innerJoin(user, eq(user.id, review.userId))
    .leftJoin(product, eq(product.id, review.productId))
    .where(eq(review.id, reviewId));
  if (!row) throw new AppError("not_found", "No review with this id.");
  return { ...toView(row), hidden: row.hidden, authorEmail: row.authorEmail, productName: row.productName, editedAt: editedAt(row) };
}

import "server-only";
import { createHash } from "node:crypto";
import { and, asc, desc, eq, gt, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { invalidateCatalog, lockProductsForRelease, releaseStock, reserveStock } from "@/lib/catalog/service";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { ORDER_PLACING_LOCK } from "@/lib/db/locks";
import { databaseErrorOf } from "@/lib/db/unavailable";
import { sumRowCounts } from "@/lib/db/row-counts";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { formatMoney } from "@/lib/money/format";
import { deliverQueuedMail, queueMail, shopInbox, withdrawHeldMail, type Mail } from "@/lib/mail";
import { cancelPaymentIntents, type ClosedOrder } from "@/lib/payments/intent-cancels";
import {
  EMPTY_SHIPPING_ADDRESS,
  formatOrderNumber,
  isAnonymised,
  type AdminOrderListQuery,
  type AdminOrderView,
  type OrderStatus,
  type OrderView,
  type PlaceOrderInput,
} from "@/models/orders";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { order, orderLine, orderRequest, payment, profile, user } from "@/models/schema";
import { MAX_PAYMENT_CENTS, MIN_PAYMENT_CENTS } from "@/models/catalog-limits";
import type { Page, PageQuery } from "@/models/paging";
import {
  cancelledMail,
  confirmationMail,
  expiredMail,
  notShippedMail,
  paidOrderNoticeMail,
  receiptMail,
  refundFailedNoticeMail,
  refundMail,
  settlingPaymentFailedMail,
  shippedMail,
  strayRefundMail,
} from "./emails";

export type OrderRow = typeof order.$inferSelect;
type LineRow = typeof orderLine.$inferSelect;
type Reader = Db | Tx;

/** How long an Idempotency-Key remembers the order it placed. */
const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/**
 * The most one order may come to, in cents: what one payment can take, so that every order can be
 * paid. It also keeps every total far inside the integer money columns (PostgreSQL int4, at most
 * 2,147,483,647).
 */
export const MAX_ORDER_TOTAL_CENTS = MAX_PAYMENT_CENTS;

export function toOrderView(row: OrderRow, lines: LineRow[]): OrderView {
  const items = [...lines]
    .sort((a, b) => a.position - b.position)
    .map((line) => ({
      productId: line.productId,
      productName: line.productName,
      productImageUrl: line.productImageUrl,
      quantity: line.quantity,
      unitPriceCents: line.unitPriceCents,
      totalCents: line.totalCents,
    }));
  const [only] = items;
  const iso = (value: Date | null) => (value ? value.toISOString() : null);
  return {
    id: row.id,
    number: formatOrderNumber(row.number),
    items,
    subtotalCents: row.subtotalCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    currency: row.currency,
    email: row.email,
    phone: row.phone,
    shippingAddress: {
      name: row.shipName,
      line1: row.shipLine1,
      line2: row.shipLine2,
      city: row.shipCity,
      region: row.shipRegion,
      postalCode: row.shipPostalCode,
      country: row.shipCountry,
    },
    status: row.status,
    shipping: row.shipping,
    paymentRef: row.paymentRef,
    createdAt: row.createdAt.toISOString(),
    expiresAt: iso(row.expiresAt),
    paidAt: iso(row.paidAt),
    shippedAt: iso(row.shippedAt),
    cancelledAt: iso(row.cancelledAt),
    expiredAt: iso(row.expiredAt),
    refundedAt: iso(row.refundedAt),
    refundReason: row.refundReason,
    ...(items.length === 1 && only
      ? {
          productId: only.productId,
          productName: only.productName,
          productImageUrl: only.productImageUrl,
          quantity: only.quantity,
          unitPriceCents: only.unitPriceCents,
        }
      : {}),
  };
}

async function linesOf(db: Reader, orderIds: string[]): Promise<Map<string, LineRow[]>> {
  const byOrder = new Map<string, LineRow[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db.select().from(orderLine).where(inArray(orderLine.orderId, orderIds)).orderBy(asc(orderLine.position));
  for (const row of rows) {
    const list = byOrder.get(row.orderId) ?? [];
    list.push(row);
    byOrder.set(row.orderId, list);
  }
  return byOrder;
}

async function viewOf(db: Reader, row: OrderRow): Promise<OrderView> {
  return toOrderView(row, (await linesOf(db, [row.id])).get(row.id) ?? []);
}

async function viewsOf(db: Reader, rows: OrderRow[]): Promise<OrderView[]> {
  const lines = await linesOf(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toOrderView(row, lines.get(row.id) ?? []));
}

function isOverdue(row: OrderRow, now: Date): boolean {
  return row.status === "unpaid" && row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime();
}

const NOT_FOUND = "No order with this id.";
/** The most accounts a Manage Order search by address looks at: a fragment that broad matches the orders' own addresses too. */
const ACCOUNTS_SEARCHED = 500;
const CUSTOMER_DELETED = "This order's customer has deleted their account, so it has no address to ship to: it stays shipped.";

/** Why an order in `status` cannot take the step the caller asked for (always a 409). */
function conflictFor(status: OrderStatus, step: "cancel" | "pay" | "ship" | "refund", actor?: Pick<Actor, "role">): AppError {
  const reasons: Record<OrderStatus, string> = {
    unpaid: step === "refund" ? "This order is not paid: cancel it instead." : "This order is not paid yet.",
    paid:
      step === "cancel"
        ? actor?.role === "admin"
          ? "This order is paid: refund it instead."
          : "This order is paid and can no longer be cancelled. Contact us for a return."
        : "This order is already paid.",
    cancelled: "This order was cancelled.",
    expired: "This order expired: its stock went back on sale.",
    refunded: "This order was refunded.",
  };
  return new AppError("conflict", reasons[status]);
}

function requestHash(input: PlaceOrderInput): string {
  const canonical = {
    items: input.items.map((line) => [line.productId, line.quantity]),
    phone: input.phone,
    address: [
      input.shippingAddress.name,
      input.shippingAddress.line1,
      input.shippingAddress.line2,
      input.shippingAddress.city,
      input.shippingAddress.region,
      input.shippingAddress.postalCode,
      input.shippingAddress.country,
    ],
  };
  return createHash("sha256").update(JSON.stringify(canonical)).digest("hex");
}

/**
 * Claims an Idempotency-Key for this customer inside the placing transaction. Answers the order a
 * previous request with the same key and body placed, or null when this request is the first. A
 * concurrent request with the same key waits on the unique key until the first commits (or rolls
 * back, and then this one places the order).
 */
async function claimIdempotencyKey(tx: Tx, userId: string, key: string, hash: string): Promise<string | null> {
  for (let attempt = 0; attempt < 2; attempt += 1) {
    const claimed = await tx
      .insert(orderRequest)
      .values({ userId, key, requestHash: hash })
      .onConflictDoNothing()
      .returning({ key: orderRequest.key });
    if (claimed.length > 0) return null;
    const [previous] = await tx.select().from(orderRequest).where(and(eq(orderRequest.userId, userId), eq(orderRequest.key, key)));
    if (!previous) continue;
    if (Date.now() - previous.createdAt.getTime() > IDEMPOTENCY_WINDOW_MS) {
      await tx.delete(orderRequest).where(and(eq(orderRequest.userId, userId), eq(orderRequest.key, key)));
      continue;
    }
    if (previous.requestHash !== hash) {
      throw new AppError("invalid", "This Idempotency-Key was already used for a different order. Send a new key for a new order.");
    }
    if (previous.orderId) return previous.orderId;
  }
  throw new AppError("conflict", "This request is already being processed. Try again in a moment.");
}

/**
 * Refuses (409) the order being placed when, with it, the account would hold more than `limit` unpaid
 * orders whose hold has not run out: one account cannot keep the stock from everyone else by placing
 * orders it never pays (ADR 045). Called last in the placing transaction, after this order's insert,
 * and under the account's lock, so the lock is held only for the count and the commit: the account's
 * other orders wait on it that long, not for the whole placing. Overdue ones do not count: they
 * expire whenever anyone looks. Throwing rolls the order and its stock back.
 */
async function requireRoomForUnpaidOrder(tx: Tx, userId: string, limit: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_PLACING_LOCK}, hashtext(${userId}))`);
  // Disabling or deleting the account holds this lock too (lockOrdersOfAccount): one that committed
  // while this order was being placed leaves it nobody who could pay it.
  // (One deleted has already failed this order's reference to it: placeInTransaction.)
  const [account] = await tx.select({ disabledAt: user.disabledAt }).from(user).where(eq(user.id, userId));
  if (account?.disabledAt) throw new AppError("forbidden", ACCOUNT_MESSAGES.disabled);
  const withThisOne = await tx.$count(
    order,
    and(eq(order.userId, userId), eq(order.status, "unpaid"), or(isNull(order.expiresAt), gt(order.expiresAt, new Date()))),
  );
  if (withThisOne <= limit) return;
  const waiting = withThisOne - 1;
  throw new AppError(
    "conflict",
    waiting === 1
      ? "You have 1 order waiting for payment. Pay or cancel it before placing another."
      : `You have ${waiting} orders waiting for payment. Pay or cancel one before placing another.`,
  );
}

export type PlacedOrder = { order: OrderView; replayed: boolean };

/**
 * The placing transaction. An account deleted while its order was being placed (the deletion
 * committed first) makes the order's reference to it fail (23503 on a `user_id` key): that is the
 * account being gone, not a bug.
 */
async function placeInTransaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
  const db = await getDb();
  try {
    return await db.transaction(work);
  } catch (error) {
    const broken = databaseErrorOf(error);
    if (broken?.code === "23503" && broken.constraint?.endsWith("_user_id_user_id_fk")) {
      throw new AppError("forbidden", ACCOUNT_MESSAGES.gone);
    }
    throw error;
  }
}

/**
 * Places an order for a signed-in customer. Prices and totals come from the database; the catalog
 * takes the stock in the same transaction as the insert, and the confirmation mail is queued in it
 * too, so an order never exists without its mail. With an Idempotency-Key, the same request sent
 * again (a retry after a dropped connection) answers the first order instead of placing another.
 * An account holding ORDER_UNPAID_LIMIT unpaid orders is refused another (409).
 */
export async function placeOrder(actor: Actor, input: PlaceOrderInput, idempotencyKey?: string): Promise<PlacedOrder> {
  const env = getEnv();
  const fieldOf = (index: number) => (input.shape === "line" ? "quantity" : `items.${index}.quantity`);
  const result = await placeInTransaction(async (tx) => {
    if (idempotencyKey) {
      const previousId = await claimIdempotencyKey(tx, actor.userId, idempotencyKey, requestHash(input));
      if (previousId) {
        const [previous] = await tx.select().from(order).where(eq(order.id, previousId));
        if (!previous) throw new Error("idempotency key points at a missing order");
        return { view: await viewOf(tx, previous), mailIds: [] as string[], replayed: true };
      }
    }
    const reserved = await reserveStock(tx, input.items, fieldOf);
    const currency = reserved[0]?.currency ?? "USD";
    if (reserved.some((line) => line.currency !== currency)) {
      throw new AppError("invalid", "Products priced in different currencies cannot share one order.");
    }
    const subtotalCents = reserved.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
    const shippingCents = env.SHIPPING_FLAT_CENTS;
    const totalCents = subtotalCents + shippingCents;
    if (totalCents > MAX_ORDER_TOTAL_CENTS) {
      // Thrown before the order is written: the transaction gives the reserved stock back.
      throw new AppError(
        "invalid",
        `This order comes to ${formatMoney(totalCents, currency)}, more than the ${formatMoney(MAX_ORDER_TOTAL_CENTS, currency)} one payment can take. Order fewer units, or split them over several orders.`,
      );
    }
    if (totalCents < MIN_PAYMENT_CENTS) {
      throw new AppError(
        "invalid",
        `This order comes to ${formatMoney(totalCents, currency)}, less than the ${formatMoney(MIN_PAYMENT_CENTS, currency)} a card payment can be. Order more units, or add other tools to it.`,
      );
    }
    // A price changed after the customer's page was read: no order at a total they were never shown.
    if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== totalCents) {
      throw new AppError(
        "conflict",
        `A price has changed since you looked: this order now comes to ${formatMoney(totalCents, currency)}, not ${formatMoney(input.expectedTotalCents, currency)}. Check the new total and place the order again.`,
      );
    }
    const now = new Date();
    const address = input.shippingAddress;
    const [row] = await tx
      .insert(order)
      .values({
        id: newId("ord"),
        userId: actor.userId,
        subtotalCents,
        shippingCents,
        totalCents,
        currency,
        email: actor.email,
        phone: input.phone,
        shipName: address.name,
        shipLine1: address.line1,
        shipLine2: address.line2,
        shipCity: address.city,
        shipRegion: address.region,
        shipPostalCode: address.postalCode,
        shipCountry: address.country,
        createdAt: now,
        expiresAt: new Date(now.getTime() + env.ORDER_HOLD_MINUTES * 60_000),
      })
      .returning();
    if (!row) throw new Error("order insert returned nothing");
    const lines = await tx
      .insert(orderLine)
      .values(
        reserved.map((line, index) => ({
          id: newId("oln"),
          orderId: row.id,
          position: index + 1,
          productId: line.productId,
          productName: line.name,
          productImageUrl: line.imageUrl,
          quantity: line.quantity,
          unitPriceCents: line.priceCents,
          totalCents: line.priceCents * line.quantity,
        })),
      )
      .returning();
    if (idempotencyKey) {
      await tx
        .update(orderRequest)
        .set({ orderId: row.id })
        .where(and(eq(orderRequest.userId, actor.userId), eq(orderRequest.key, idempotencyKey)));
    }
    const view = toOrderView(row, lines);
    const mailId = await queueMail(tx, confirmationMail(view, actor.name));
    // Last, under the account's lock until the commit (a retry of an order already placed has
    // answered it above, whatever the count).
    await requireRoomForUnpaidOrder(tx, actor.userId, env.ORDER_UNPAID_LIMIT);
    return { view, mailIds: [mailId], replayed: false };
  });
  if (!result.replayed) invalidateCatalog();
  deliverQueuedMail(result.mailIds);
  return { order: result.view, replayed: result.replayed };
}

/**
 * Queues a mail to the order's customer in the caller's transaction, at the account's address as it
 * is now: a customer who changed their email (confirmed from the new address, ADR 014) hears about
 * their older orders there too. The order keeps the address it was placed with, as its record. An
 * order whose customer deleted their account (ADR 015) has nobody to tell. `to`: that address, when the
 * caller has read it already; `held`: queueMail's hold.
 */
async function queueCustomerMail(tx: Tx, row: OrderRow, mail: Mail, { to, held }: { to?: string; held?: boolean } = {}): Promise<string[]> {
  if (isAnonymised(row)) return [];
  return [await queueMail(tx, { ...mail, to: to ?? (await customerAddressOf(tx, row)) }, { held })];
}

/** Where the order's customer is written to now: their account's address, or the order's own when the account is gone. */
async function customerAddressOf(tx: Tx, row: OrderRow): Promise<string> {
  const [account] = row.userId ? await tx.select({ email: user.email }).from(user).where(eq(user.id, row.userId)) : [];
  return account?.email ?? row.email;
}

/** Why an unpaid order closes: its customer or the shop cancelled it, or its hold ran out. */
/** `failedPayment`: the order expires because the bank refused the payment it waited for, not because none came. */
// `overdue`: only if its hold is over by the database's clock when it is closed. The expiry job reads its
// list first and closes one order after another: a bank debit starting meanwhile stretches an order's
// hold (holdForSettlingPayment), and that order must then stay open.
type Closing = { to: "cancelled"; by: "customer" | "shop" } | { to: "expired"; failedPayment?: boolean; overdue?: boolean };

type Closed = { row: OrderRow; view: OrderView; mailIds: string[] };

/**
 * Moves an unpaid order to cancelled or expired inside the caller's transaction: the status changes
 * only if it is still unpaid (a payment landing at the same moment wins), its stock goes back and
 * the mail that tells the customer is queued. Answers the closed order, or null when it was no
 * longer unpaid. Call deliverQueuedMail with the mail ids after the commit.
 */
async function closeUnpaid(tx: Tx, orderId: string, closing: Closing): Promise<Closed | null> {
  const now = new Date();
  const [closed] = await tx
    .update(order)
    .set(closing.to === "cancelled" ? { status: "cancelled", cancelledAt: now } : { status: "expired", expiredAt: now })
    .where(and(eq(order.id, orderId), eq(order.status, "unpaid"), closing.to === "expired" && closing.overdue ? lte(order.expiresAt, sql`now()`) : undefined))
    .returning();
  if (!closed) return null;
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, orderId));
  await releaseStock(tx, lines);
  const view = toOrderView(closed, lines);
  const mail =
    closing.to === "cancelled" ? cancelledMail(view, closing.by) : closing.failedPayment ? settlingPaymentFailedMail(view, { closed: true }) : expiredMail(view);
  return { row: closed, view, mailIds: await queueCustomerMail(tx, closed, mail) };
}

/**
 * Holds an account's orders for the rest of a transaction that deletes or disables the account: the
 * account's placing lock (ADR 045), which an order being placed takes before its commit, and every
 * order row of the account, which a payment, a cancel, an expiry, a shipping change and a refund each
 * lock before they change one. What the transaction then reads of the account's orders stays true
 * until it commits: a payment cannot land between the check for paid orders still to ship and the
 * anonymising. Rows are locked in id order, as every path that locks several orders does.
 */
export async function lockOrdersOfAccount(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${ORDER_PLACING_LOCK}, hashtext(${userId}))`);
  await tx.select({ id: order.id }).from(order).where(eq(order.userId, userId)).orderBy(asc(order.id)).for("update");
}

/**
 * Cancels the unpaid orders of an account being deleted (`by` the customer) or disabled (`by` the
 * shop), inside that transaction, after lockOrdersOfAccount: nobody can pay them any more, so their
 * units go back on sale now rather than when the hold runs out. Their mail is queued like any cancellation (a deleted account's
 * goes with the rest of its outbox). Answers the cancelled orders; cancel their PaymentIntents after
 * the commit.
 */
export async function cancelUnpaidOrdersOfAccount(tx: Tx, userId: string, by: "customer" | "shop"): Promise<(ClosedOrder & { mailIds: string[] })[]> {
  const unpaid = await tx
    .select({ id: order.id })
    .from(order)
    .where(and(eq(order.userId, userId), eq(order.status, "unpaid")))
    .orderBy(asc(order.id));
  if (unpaid.length > 1) {
    const lines = await tx.select({ productId: orderLine.productId }).from(orderLine).where(inArray(orderLine.orderId, unpaid.map((row) => row.id)));
    await lockProductsForRelease(tx, lines.map((line) => line.productId));
  }
  const cancelled: (ClosedOrder & { mailIds: string[] })[] = [];
  for (const { id } of unpaid) {
    const closed = await closeUnpaid(tx, id, { to: "cancelled", by });
    if (closed) cancelled.push({ id, paymentIntentId: closed.row.paymentIntentId, mailIds: closed.mailIds });
  }
  return cancelled;
}

/**
 * After the commit of cancelUnpaidOrdersOfAccount: the units are back on sale on every instance, and
 * the orders' payment forms stop working (their PaymentIntents cancelled).
 */
export async function afterAccountOrdersCancelled(cancelled: readonly ClosedOrder[]): Promise<void> {
  if (cancelled.length === 0) return;
  invalidateCatalog();
  await cancelPaymentIntents(cancelled);
}

/**
 * Refuses an account deletion while one of the account's orders is paid and waiting to ship: the
 * shop has the money and still needs the name and address to deliver (anonymising would erase them).
 * Runs inside the deletion's transaction; once the order ships or is refunded, the account can go.
 */
export async function requireNoPaidOrderAwaitingShipment(tx: Tx, userId: string): Promise<void> {
  const waiting = await tx
    .select({ number: order.number })
    .from(order)
    .where(and(eq(order.userId, userId), eq(order.status, "paid"), eq(order.shipping, "pending")))
    .orderBy(asc(order.number))
    .limit(4);
  if (waiting.length === 0) return;
  const numbers = waiting.slice(0, 3).map((row) => formatOrderNumber(row.number));
  const named = waiting.length > 3 ? `${numbers.join(", ")} and more` : numbers.join(waiting.length === 2 ? " and " : ", ");
  throw new AppError(
    "conflict",
    `${waiting.length === 1 ? `Your order ${named} is` : `Your orders ${named} are`} paid and not shipped yet, and we need the address to deliver. You can delete your account once ${waiting.length === 1 ? "it has" : "they have"} shipped, or ask us to cancel and refund ${waiting.length === 1 ? "it" : "them"} first.`,
  );
}

/**
 * Expires unpaid orders whose hold has run out (all of them, or one customer's), each in its own
 * transaction, and then cancels their PaymentIntents without waiting for Stripe. Safe to run from
 * several places at once: an order leaves `unpaid` only once.
 */
export async function expireOverdueOrders(options: { userId?: string; orderId?: string; limit?: number; now?: Date } = {}): Promise<ClosedOrder[]> {
  const db = await getDb();
  const now = options.now ?? new Date();
  const filters: SQL[] = [eq(order.status, "unpaid"), isNotNull(order.expiresAt), lte(order.expiresAt, now)];
  if (options.userId) filters.push(eq(order.userId, options.userId));
  if (options.orderId) filters.push(eq(order.id, options.orderId));
  const due = await db
    .select({ id: order.id })
    .from(order)
    .where(and(...filters))
    .orderBy(asc(order.expiresAt))
    .limit(options.limit ?? 200);
  const expired: ClosedOrder[] = [];
  for (const { id } of due) {
    const closed = await db.transaction((tx) => closeUnpaid(tx, id, { to: "expired", overdue: true }));
    if (!closed) continue;
    expired.push({ id: closed.row.id, paymentIntentId: closed.row.paymentIntentId });
    deliverQueuedMail(closed.mailIds);
  }
  if (expired.length > 0) invalidateCatalog();
  // Whoever found them overdue (the job, a page, an API read), their payment forms must stop working.
  void cancelPaymentIntents(expired);
  return expired;
}

const newestFirst: KeysetSort = { key: order.createdAt, keyType: "timestamptz", id: order.id, direction: "desc" };

/** The actor's own orders, newest first, one page at a time (keyset on the customer's index). */
export async function listMyOrders(actor: Actor, query: PageQuery): Promise<Page<OrderView>> {
  await expireOverdueOrders({ userId: actor.userId });
  const db = await getDb();
  const mine = eq(order.userId, actor.userId);
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ row: order, ...keysetColumns(newestFirst) })
      .from(order)
      .where(and(mine, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    db.$count(order, mine),
  ]);
  const page = keysetPage(rows, plan, query, total, ({ row }) => row);
  return { ...page, items: await viewsOf(db, page.items) };
}

async function findVisibleRow(actor: Actor, orderId: string): Promise<OrderRow> {
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row || (row.userId !== actor.userId && actor.role !== "admin")) throw new AppError("not_found", NOT_FOUND);
  if (!isOverdue(row, new Date())) return row;
  await expireOverdueOrders({ orderId });
  const [fresh] = await db.select().from(order).where(eq(order.id, orderId));
  return fresh ?? row;
}

/** An order its owner or an admin may see; anyone else is told it does not exist. An overdue order is expired first. */
export async function getOrderFor(actor: Actor, orderId: string): Promise<OrderView> {
  return (await readOrderFor(actor, orderId)).order;
}

/**
 * As getOrderFor, with whether the order is the actor's own (placed from their account), which decides
 * whether its page offers to pay or cancel it. Told by the account, not by the email address: the
 * customer may have changed theirs since, and an admin's order under another's address is not theirs.
 */
export async function readOrderFor(actor: Actor, orderId: string): Promise<{ order: OrderView; own: boolean }> {
  const row = await findVisibleRow(actor, orderId);
  return { order: await viewOf(await getDb(), row), own: row.userId === actor.userId };
}

/**
 * The card that paid an order (its brand and last four digits), for the receipt: its one accepted
 * payment (a unique index). Null for an order not paid, or paid without card details.
 */
export async function findPayingCard(paid: Pick<OrderView, "id" | "paymentRef">): Promise<{ brand: string | null; last4: string | null } | null> {
  if (!paid.paymentRef) return null;
  const db = await getDb();
  const [row] = await db
    .select({ brand: payment.cardBrand, last4: payment.cardLast4 })
    .from(payment)
    .where(and(eq(payment.orderId, paid.id), eq(payment.accepted, true)))
    .limit(1);
  return row ?? null;
}

/**
 * What the next order's form starts with: the contact number and shipping address of the customer's
 * latest order that has one; before the first, the number saved in My Profile and the account's name.
 */
export async function findOrderFormDefaults(actor: Actor): Promise<{ phone: string; shippingAddress: OrderView["shippingAddress"] }> {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(order)
    .where(and(eq(order.userId, actor.userId), ne(order.shipLine1, "")))
    .orderBy(desc(order.createdAt))
    .limit(1);
  if (!row) {
    const [saved] = await db.select({ phone: profile.phone }).from(profile).where(eq(profile.userId, actor.userId));
    return { phone: saved?.phone ?? "", shippingAddress: { ...EMPTY_SHIPPING_ADDRESS, name: actor.name } };
  }
  const { phone, shippingAddress } = toOrderView(row, []);
  return { phone, shippingAddress };
}

/** An order by id for the shop's own processes (payments, jobs), with no actor to check. */
export async function getOrderById(orderId: string): Promise<OrderView> {
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw new AppError("not_found", NOT_FOUND);
  return viewOf(db, row);
}

/** The actor's own order (admins included: paying is for the customer who placed it). */
export async function getOwnOrder(actor: Actor, orderId: string): Promise<OrderView> {
  const row = await findVisibleRow(actor, orderId);
  if (row.userId !== actor.userId) throw new AppError("not_found", NOT_FOUND);
  return viewOf(await getDb(), row);
}

/** The actor's own order, ready to be paid: unpaid and not overdue (an overdue one is expired here). */
export async function requirePayableOrder(actor: Actor, orderId: string): Promise<OrderView & { paymentIntentId: string | null }> {
  const row = await findVisibleRow(actor, orderId);
  if (row.userId !== actor.userId) throw new AppError("not_found", NOT_FOUND);
  if (row.status !== "unpaid") throw conflictFor(row.status, "pay");
  return { ...(await viewOf(await getDb(), row)), paymentIntentId: row.paymentIntentId };
}

/**
 * The Stripe PaymentIntent of an order its owner or an admin is about to cancel; null when it has none
 * or is not unpaid (cancelOrder then says why). Anyone else is told the order does not exist.
 */
export async function findCancellingIntent(actor: Actor, orderId: string): Promise<string | null> {
  const row = await findVisibleRow(actor, orderId);
  return row.status === "unpaid" ? row.paymentIntentId : null;
}

/**
 * Remembers the Stripe PaymentIntent opened for an order, so that closing the order can cancel it:
 * only while the order is unpaid and still has the intent the caller read (`replacing`), so that two
 * starts never overwrite each other's intent. Answers whether it was written.
 */
export async function recordPaymentIntent(orderId: string, paymentIntentId: string, replacing: string | null): Promise<boolean> {
  const db = await getDb();
  const written = await db
    .update(order)
    .set({ paymentIntentId })
    .where(and(eq(order.id, orderId), eq(order.status, "unpaid"), replacing === null ? isNull(order.paymentIntentId) : eq(order.paymentIntentId, replacing)))
    .returning({ id: order.id });
  return written.length > 0;
}

/** An order's status and the PaymentIntent recorded on it, as they are now (null: no such order). */
export async function paymentIntentOfOrder(orderId: string): Promise<{ status: OrderStatus; paymentIntentId: string | null } | null> {
  const db = await getDb();
  const [row] = await db.select({ status: order.status, paymentIntentId: order.paymentIntentId }).from(order).where(eq(order.id, orderId));
  return row ?? null;
}

/**
 * An intent opened for an order that closed meanwhile (cancelled or expired between the payment's
 * start and its record): written on the order if it has none, so that its cancel is owed like any
 * closed order's (ADR 079). The caller cancels the intent either way.
 */
export async function recordIntentOfClosedOrder(orderId: string, paymentIntentId: string): Promise<void> {
  const db = await getDb();
  await db
    .update(order)
    .set({ paymentIntentId })
    .where(and(eq(order.id, orderId), inArray(order.status, ["cancelled", "expired"]), isNull(order.paymentIntentId)));
}

/**
 * How long an order stays reserved once its payment is settling at the bank (a debit, a transfer):
 * SEPA debits take up to 14 days to succeed or fail, US bank debits about four business days.
 */
export const SETTLING_HOLD_DAYS = 14;

/**
 * Keeps an unpaid order reserved while the payment Stripe reports as `processing` settles: its hold
 * runs to SETTLING_HOLD_DAYS from now, if that is later than the hold it has. Only for the payment the
 * shop started for this order (its PaymentIntent), and only while the order is unpaid; one UPDATE,
 * so it cannot race an expiry or a payment. Answers the order's hold, or null when nothing was held.
 * Without it the order expired on its usual deadline and the money, arriving days later, was refunded.
 */
export async function holdForSettlingPayment(orderId: string, paymentIntentId: string): Promise<Date | null> {
  const db = await getDb();
  const [held] = await db
    .update(order)
    .set({ expiresAt: sql`greatest(${order.expiresAt}, now() + make_interval(days => ${SETTLING_HOLD_DAYS}))` })
    .where(and(eq(order.id, orderId), eq(order.status, "unpaid"), eq(order.paymentIntentId, paymentIntentId)))
    .returning({ expiresAt: order.expiresAt });
  return held?.expiresAt ?? null;
}

/**
 * The bank refused the payment that held an order past its usual hold (holdForSettlingPayment): the
 * order's own hold (ORDER_HOLD_MINUTES from when it was placed) applies again, so a debit bound to fail
 * does not keep the units off sale for two weeks (ADR 045's cap counts on the hold). Past that hold,
 * it expires now. Either way the customer, who was told the receipt would follow, hears in the same
 * transaction that the payment failed: until when they can pay another way, or that the order closed.
 * An order whose hold was never stretched (or was already put back: a repeated event) is left as it is.
 */
export async function releaseSettlingHold(orderId: string, paymentIntentId: string): Promise<void> {
  const db = await getDb();
  const ownHold = sql<Date>`${order.createdAt} + make_interval(mins => ${getEnv().ORDER_HOLD_MINUTES})`;
  const result = await db.transaction(async (tx) => {
    // The database's clock decides, as it did when the hold was stretched (holdForSettlingPayment).
    const [row] = await tx
      .select({ stretched: sql<boolean>`${order.expiresAt} > ${ownHold}`, open: sql<boolean>`${ownHold} > now()` })
      .from(order)
      .where(and(eq(order.id, orderId), eq(order.status, "unpaid"), eq(order.paymentIntentId, paymentIntentId)))
      .for("update");
    if (!row?.stretched) return null;
    if (row.open) {
      const [released] = await tx.update(order).set({ expiresAt: ownHold }).where(eq(order.id, orderId)).returning();
      if (!released) return null;
      const view = await viewOf(tx, released);
      return { closed: false, paymentIntentId: null, mailIds: await queueCustomerMail(tx, released, settlingPaymentFailedMail(view, { closed: false })) };
    }
    const closed = await closeUnpaid(tx, orderId, { to: "expired", failedPayment: true });
    return closed ? { closed: true, paymentIntentId: closed.row.paymentIntentId, mailIds: closed.mailIds } : null;
  });
  if (!result) return;
  deliverQueuedMail(result.mailIds);
  if (result.closed) {
    invalidateCatalog();
    // As for any order that closes unpaid: its payment form must stop working, or a tab left open
    // could still pay the failed intent (it can take another payment method) for a closed order.
    void cancelPaymentIntents([{ id: orderId, paymentIntentId: result.paymentIntentId }]);
  }
}

/**
 * Cancels an unpaid order (its customer or an admin); its stock goes back and the customer's mail is
 * queued in the same transaction. Any other state answers 409: orders are never deleted, a paid one
 * is refunded instead.
 */
export async function cancelOrder(actor: Actor, orderId: string): Promise<ClosedOrder & { order: OrderView }> {
  const db = await getDb();
  const visible = await findVisibleRow(actor, orderId);
  // findVisibleRow lets only the customer and admins through: anyone else cancelling is the shop.
  const by = visible.userId === actor.userId ? "customer" : "shop";
  const result = await db.transaction(async (tx) => {
    const closed = await closeUnpaid(tx, orderId, { to: "cancelled", by });
    if (!closed) {
      const [now] = await tx.select().from(order).where(eq(order.id, orderId));
      throw conflictFor(now?.status ?? visible.status, "cancel", actor);
    }
    if (by === "shop") {
      await recordAudit(tx, actor, {
        action: "order.cancel",
        entity: "order",
        entityId: orderId,
        before: { number: formatOrderNumber(closed.row.number), email: closed.row.email, totalCents: closed.row.totalCents, status: "unpaid" },
        after: { status: "cancelled" },
      });
    }
    return closed;
  });
  invalidateCatalog();
  deliverQueuedMail(result.mailIds);
  return { id: orderId, paymentIntentId: result.row.paymentIntentId, order: result.view };
}

/**
 * Every order in the shop, newest first, with filters, one page at a time (admins). The total without
 * a search comes from the counters per status and shipping state (kept at commit by a deferred
 * trigger, ADR 029); with one (an email fragment through the trigram index, or an order number), from
 * a count of the matching rows.
 */
export async function listAllOrders(actor: Actor, query: AdminOrderListQuery): Promise<Page<AdminOrderView>> {
  requireAdmin(actor);
  await expireOverdueOrders();
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(order.status, query.status));
  if (query.shipping) filters.push(eq(order.shipping, query.shipping));
  if (query.q) {
    const pattern = containsPattern(query.q);
    const number = /^(?:tf-?)?(\d{1,9})$/i.exec(query.q.trim())?.[1];
    // The address an order was placed with, or its customer's address now (ADR 014: a customer who
    // changed theirs writes from the new one). The accounts come first, by their own trigram index, as
    // an array the orders' user index takes (an IN with a subquery would read every order instead).
    const byAccount = sql`${order.userId} = any(array(select ${user.id} from ${user} where ${ilike(user.email, pattern)} limit ${ACCOUNTS_SEARCHED}))`;
    filters.push(or(ilike(order.email, pattern), byAccount, number ? eq(order.number, Number(number)) : undefined)!);
  }
  const where = filters.length ? and(...filters) : undefined;
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ row: order, customerName: user.name, customerEmail: user.email, ...keysetColumns(newestFirst) })
      .from(order)
      .leftJoin(user, eq(user.id, order.userId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    query.q ? db.$count(order, where) : sumRowCounts(db, { prefix: "orders", parts: [query.status, query.shipping] }),
  ]);
  const page = keysetPage(rows, plan, query, total, ({ row, customerName, customerEmail }) => ({ row, customerName, customerEmail }));
  const views = await viewsOf(
    db,
    page.items.map(({ row }) => row),
  );
  return {
    ...page,
    items: views.map((view, index) => ({ ...view, customerName: page.items[index]?.customerName ?? null, customerEmail: page.items[index]?.customerEmail ?? null })),
  };
}

/** Toggles a paid order between pending and shipped (admins); only a paid order can ship. */
export async function setShipping(actor: Actor, orderId: string, shipped: boolean): Promise<OrderView> {
  requireAdmin(actor);
  const db = await getDb();
  const target = shipped ? "shipped" : "pending";
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw new AppError("not_found", NOT_FOUND);
    if (row.status !== "paid") throw new AppError("conflict", row.status === "unpaid" ? "Only paid orders can be shipped." : conflictFor(row.status, "ship").message);
    if (row.shipping === target) return { view: await viewOf(tx, row), mailIds: [] as string[] };
    // A shipped order whose customer then deleted their account has no address left to ship to.
    if (!shipped && isAnonymised(row)) throw new AppError("conflict", CUSTOMER_DELETED);
    const [updated] = await tx
      .update(order)
      .set({ shipping: target, shippedAt: shipped ? new Date() : null })
      .where(eq(order.id, orderId))
      .returning();
    if (!updated) throw new Error("order update returned nothing");
    await recordAudit(tx, actor, {
      action: "order.shipping",
      entity: "order",
      entityId: orderId,
      before: { number: formatOrderNumber(row.number), email: row.email, shipping: row.shipping },
      after: { shipping: target },
    });
    const view = await viewOf(tx, updated);
    // Both ways are news to the customer: "on its way", or that the earlier "on its way" was wrong.
    // "On its way" is held (MAIL_HOLD_MS) for the mail worker: an admin who pressed the wrong row
    // and puts it back at once takes the mail back, and the customer hears neither.
    if (shipped) return { view, mailIds: await queueCustomerMail(tx, updated, shippedMail(view), { held: true }) };
    if (await withdrawHeldMail(tx, shippedMail(view).subject)) return { view, mailIds: [] };
    return { view, mailIds: await queueCustomerMail(tx, updated, notShippedMail(view)) };
  });
  deliverQueuedMail(result.mailIds);
  return result.view;
}

// ---- what the payments module may do to an order (it never writes the orders table itself)

/**
 * Locks an order for a payment decision inside the payments module's transaction. An unpaid order
 * whose hold ran out is expired here first (its mail queued in the same transaction: deliver
 * `mailIds` after the commit), so a late payment can never pay it.
 */
export async function lockOrderForPayment(tx: Tx, orderId: string): Promise<{ row: OrderRow; mailIds: string[]; expired: boolean } | null> {
  const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
  if (!row) return null;
  if (!isOverdue(row, new Date())) return { row, mailIds: [], expired: false };
  const expired = await closeUnpaid(tx, orderId, { to: "expired" });
  return expired ? { row: expired.row, mailIds: expired.mailIds, expired: true } : { row, mailIds: [], expired: false };
}

/** Marks a locked unpaid order paid and queues its receipt in the same transaction. */
export async function markOrderPaidInTx(
  tx: Tx,
  orderId: string,
  payment: { reference: string; cardBrand: string | null; cardLast4: string | null },
): Promise<{ view: OrderView; mailIds: string[] }> {
  const [paid] = await tx
    .update(order)
    .set({ status: "paid", paymentRef: payment.reference, paidAt: new Date() })
    .where(and(eq(order.id, orderId), eq(order.status, "unpaid")))
    .returning();
  if (!paid) throw new AppError("conflict", "This order changed meanwhile. Reload and try again.");
  const view = await viewOf(tx, paid);
  // The account's address, read once: the receipt goes there, and the shop's notice answers to it.
  const customer = await customerAddressOf(tx, paid);
  const mailIds = await queueCustomerMail(tx, paid, receiptMail(view, { brand: payment.cardBrand, last4: payment.cardLast4 }), { to: customer });
  // The shop hears of every order it must now ship, in the same transaction as the payment.
  for (const to of shopInbox()) mailIds.push(await queueMail(tx, paidOrderNoticeMail(view, to, customer)));
  return { view, mailIds };
}

/**
 * Queues, in the payments module's transaction, the mail that tells the customer a payment their
 * order could not take was refunded (`refund`: what went back to their card).
 */
export async function queueStrayRefundMailInTx(tx: Tx, orderId: string, refund: { amountCents: number; currency: string }): Promise<string[]> {
  const [row] = await tx.select().from(order).where(eq(order.id, orderId));
  if (!row) return [];
  return queueCustomerMail(tx, row, strayRefundMail(await viewOf(tx, row), refund));
}

/** Queues, in the payments module's transaction, the shop's notice that a refund's money did not reach the customer. */
export async function queueRefundFailedNoticeInTx(
  tx: Tx,
  orderId: string,
  refund: { amountCents: number; currency: string; reason: string | null; stray: boolean },
): Promise<string[]> {
  const [row] = await tx.select().from(order).where(eq(order.id, orderId));
  if (!row) return [];
  const view = await viewOf(tx, row);
  const customer = await customerAddressOf(tx, row);
  const mailIds: string[] = [];
  for (const to of shopInbox()) mailIds.push(await queueMail(tx, refundFailedNoticeMail(view, refund, to, customer)));
  return mailIds;
}

/** The paid order an admin is about to refund (checked before the processor is asked). */
export async function requireRefundableOrder(actor: Actor, orderId: string): Promise<OrderRow> {
  requireAdmin(actor);
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row) throw new AppError("not_found", NOT_FOUND);
  if (row.status !== "paid") throw conflictFor(row.status, "refund");
  return row;
}

/**
 * Marks a paid order refunded inside the payments module's transaction, after the processor
 * refunded it: stock goes back unless the goods already shipped; the refund mail and the audit entry
 * land in the same transaction.
 */
export async function markOrderRefundedInTx(tx: Tx, actor: Actor, orderId: string, reason: string): Promise<{ view: OrderView; mailIds: string[] }> {
  const [refunded] = await tx
    .update(order)
    .set({ status: "refunded", refundedAt: new Date(), refundReason: reason })
    .where(and(eq(order.id, orderId), eq(order.status, "paid")))
    .returning();
  if (!refunded) {
    const [now] = await tx.select({ status: order.status }).from(order).where(eq(order.id, orderId));
    throw conflictFor(now?.status ?? "unpaid", "refund");
  }
  const lines = await tx.select().from(orderLine).where(eq(orderLine.orderId, orderId));
  let final = refunded;
  // Marked as shipped so lately that its "has shipped" mail is still held (ADR 077): the press is
  // taken back with its mail, as Mark as pending would, so the customer does not hear "has shipped"
  // after "Refund", and the units, which never left, go back on sale.
  if (refunded.shipping === "shipped" && (await withdrawHeldMail(tx, shippedMail(toOrderView(refunded, lines)).subject))) {
    const [unshipped] = await tx.update(order).set({ shipping: "pending", shippedAt: null }).where(eq(order.id, orderId)).returning();
    if (!unshipped) throw new Error("order update returned nothing");
    final = unshipped;
  }
  const stockReturned = final.shipping !== "shipped";
  if (stockReturned) await releaseStock(tx, lines);
  await recordAudit(tx, actor, {
    action: "order.refund",
    entity: "order",
    entityId: orderId,
    before: { number: formatOrderNumber(refunded.number), status: "paid", shipping: refunded.shipping, totalCents: refunded.totalCents },
    after: { status: "refunded", reason, stockReturned, ...(final.shipping !== refunded.shipping ? { shipping: final.shipping } : {}) },
  });
  const view = toOrderView(final, lines);
  return { view, mailIds: await queueCustomerMail(tx, final, refundMail(view)) };
}


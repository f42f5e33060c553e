import "server-only";
import { and, eq, gte, ilike, isNull, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { invalidateCatalog } from "@/lib/catalog/service";
import { getDb } from "@/lib/db/client";
import { keysetColumns, keysetPage, planKeyset, type KeysetSort } from "@/lib/db/keyset";
import { containsPattern } from "@/lib/db/like";
import { sumRowCounts } from "@/lib/db/row-counts";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { sendMailInBackground } from "@/lib/mail";
import { formatMoney } from "@/lib/money/format";
import {
  quantityMessage,
  type AdminOrderListQuery,
  type AdminOrderView,
  type OrderView,
  type PlaceOrderInput,
} from "@/models/orders";
import type { Page, PageQuery } from "@/models/paging";
import { order, product, user } from "@/models/schema";

type OrderRow = typeof order.$inferSelect;

export function toOrderView(row: OrderRow): OrderView {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    productImageUrl: row.productImageUrl,
    quantity: row.quantity,
    unitPriceCents: row.unitPriceCents,
    totalCents: row.totalCents,
    currency: row.currency,
    email: row.email,
    phone: row.phone,
    status: row.status,
    shipping: row.shipping,
    paymentRef: row.paymentRef,
    createdAt: row.createdAt.toISOString(),
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
  };
}

/**
 * Places an order for a signed-in customer. Price and total come from the database. The stock
 * decrement is one conditional UPDATE in the same transaction as the insert, so concurrent buyers
 * can never take more than exists: when the stock ran out meanwhile the answer is a conflict.
 */
export async function placeOrder(actor: Actor, input: PlaceOrderInput): Promise<OrderView> {
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    const [item] = await tx
      .select()
      .from(product)
      .where(and(eq(product.id, input.productId), isNull(product.deletedAt)));
    if (!item) throw new AppError("not_found", "This product is no longer on sale.");
    if (item.stock < item.minOrderQuantity) {
      throw new AppError("conflict", "This tool is out of stock at the moment.", { quantity: "Out of stock" });
    }
    // Below the minimum is a rule the buyer broke (422); above the stock left is a conflict with
    // other buyers (409), whether it shows here or in the conditional update below.
    if (input.quantity < item.minOrderQuantity) {
      const message = quantityMessage(item.minOrderQuantity, item.stock);
      throw new AppError("invalid", message, { quantity: message });
    }
    if (input.quantity > item.stock) {
      const message = quantityMessage(item.minOrderQuantity, item.stock);
      throw new AppError("conflict", `Only ${item.stock} units are left. ${message}.`, { quantity: message });
    }
    const [taken] = await tx
      .update(product)
      .set({ stock: sql`${product.stock} - ${input.quantity}`, updatedAt: new Date() })
      .where(and(eq(product.id, item.id), isNull(product.deletedAt), gte(product.stock, input.quantity)))
      .returning({ stock: product.stock });
    if (!taken) {
      const [now] = await tx.select({ stock: product.stock }).from(product).where(eq(product.id, item.id));
      const left = now?.stock ?? 0;
      const message =
        left < item.minOrderQuantity
          ? "Someone else just bought the last units: this tool is out of stock."
          : `Only ${left} units are left. ${quantityMessage(item.minOrderQuantity, left)}.`;
      throw new AppError("conflict", message, { quantity: quantityMessage(item.minOrderQuantity, left) });
    }
    const [row] = await tx
      .insert(order)
      .values({
        id: newId("ord"),
        userId: actor.userId,
        productId: item.id,
        productName: item.name,
        productImageUrl: item.imageUrl,
        quantity: input.quantity,
        unitPriceCents: item.priceCents,
        totalCents: item.priceCents * input.quantity,
        currency: item.currency,
        email: actor.email,
        phone: input.phone,
      })
      .returning();
    if (!row) throw new Error("order insert returned nothing");
    return row;
  });
  invalidateCatalog();
  sendMailInBackground({
    to: created.email,
    subject: `Your ToolForge order ${created.id}`,
    text: [
      `Thank you for your order, ${actor.name}.`,
      "",
      `${created.quantity} × ${created.productName} at ${formatMoney(created.unitPriceCents, created.currency)}`,
      `Total: ${formatMoney(created.totalCents, created.currency)}`,
      "",
      "The order is reserved for you and waits for payment in My Orders.",
    ].join("\n"),
  });
  return toOrderView(created);
}

const newestFirst: KeysetSort = { key: order.createdAt, keyType: "timestamptz", id: order.id, direction: "desc" };

/** The actor's own orders, newest first, one page at a time (keyset on the customer's index). */
export async function listMyOrders(actor: Actor, query: PageQuery): Promise<Page<OrderView>> {
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
  return keysetPage(rows, plan, query, total, ({ row }) => toOrderView(row));
}

/** An order its owner or an admin may see; anyone else is told it does not exist. */
export async function getOrderFor(actor: Actor, orderId: string): Promise<OrderView> {
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row || (row.userId !== actor.userId && actor.role !== "admin")) {
    throw new AppError("not_found", "No order with this id.");
  }
  return toOrderView(row);
}

/**
 * Deletes (cancels) an order. Customers may cancel their own unpaid orders; admins any order. An
 * unpaid order's quantity goes back into stock in the same transaction; the conditional DELETE means
 * a payment that lands at the same moment wins and the cancellation is refused.
 */
export async function cancelOrder(actor: Actor, orderId: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId));
    if (!row || (row.userId !== actor.userId && actor.role !== "admin")) {
      throw new AppError("not_found", "No order with this id.");
    }
    if (row.status === "paid" && actor.role !== "admin") {
      throw new AppError("conflict", "This order is paid and can no longer be cancelled. Contact us for a return.");
    }
    const [deleted] = await tx
      .delete(order)
      .where(and(eq(order.id, orderId), eq(order.status, row.status)))
      .returning({ quantity: order.quantity, productId: order.productId, status: order.status });
    if (!deleted) throw new AppError("conflict", "This order changed meanwhile. Reload and try again.");
    if (deleted.status === "unpaid") {
      await tx
        .update(product)
        .set({ stock: sql`${product.stock} + ${deleted.quantity}`, updatedAt: new Date() })
        .where(eq(product.id, deleted.productId));
    }
    if (actor.role === "admin") {
      await recordAudit(tx, actor, {
        action: "order.delete",
        entity: "order",
        entityId: row.id,
        before: { email: row.email, productName: row.productName, quantity: row.quantity, totalCents: row.totalCents, status: row.status, shipping: row.shipping },
      });
    }
  });
  invalidateCatalog();
}


/**
 * Every order in the shop, newest first, with filters, one page at a time (admins). The total without
 * an email search comes from the trigger-kept counters per status and shipping state; with one, from
 * the trigram index on the email.
 */
export async function listAllOrders(actor: Actor, query: AdminOrderListQuery): Promise<Page<AdminOrderView>> {
  requireAdmin(actor);
  const db = await getDb();
  const filters: SQL[] = [];
  if (query.status) filters.push(eq(order.status, query.status));
  if (query.shipping) filters.push(eq(order.shipping, query.shipping));
  if (query.q) filters.push(ilike(order.email, containsPattern(query.q)));
  const where = filters.length ? and(...filters) : undefined;
  const plan = planKeyset(newestFirst, query);
  const [rows, total] = await Promise.all([
    db
      .select({ row: order, customerName: user.name, ...keysetColumns(newestFirst) })
      .from(order)
      .leftJoin(user, eq(user.id, order.userId))
      .where(and(where, plan.where))
      .orderBy(...plan.orderBy)
      .limit(plan.limit)
      .offset(plan.offset),
    query.q ? db.$count(order, where) : sumRowCounts(db, { prefix: "orders", parts: [query.status, query.shipping] }),
  ]);
  return keysetPage(rows, plan, query, total, ({ row, customerName }) => ({ ...toOrderView(row), customerName }));
}

/** Toggles a paid order between pending and shipped (admins); unpaid orders cannot be shipped. */
export async function setShipping(actor: Actor, orderId: string, shipped: boolean): Promise<OrderView> {
  requireAdmin(actor);
  const db = await getDb();
  const target = shipped ? "shipped" : "pending";
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, orderId)).for("update");
    if (!row) throw new AppError("not_found", "No order with this id.");
    if (row.status !== "paid") throw new AppError("conflict", "Only paid orders can be shipped.");
    if (row.shipping === target) return { row, changed: false };
    const [updated] = await tx.update(order).set({ shipping: target }).where(eq(order.id, orderId)).returning();
    if (!updated) throw new Error("order update returned nothing");
    await recordAudit(tx, actor, {
      action: "order.shipping",
      entity: "order",
      entityId: orderId,
      before: { shipping: row.shipping },
      after: { shipping: target },
    });
    return { row: updated, changed: true };
  });
  if (result.changed && target === "shipped") {
    sendMailInBackground({
      to: result.row.email,
      subject: `Your ToolForge order ${result.row.id} has shipped`,
      text: [
        "Good news — your order is on its way.",
        "",
        `${result.row.quantity} × ${result.row.productName}`,
        "",
        "You can follow it in My Orders.",
      ].join("\n"),
    });
  }
  return toOrderView(result.row);
}

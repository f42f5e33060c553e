import "server-only";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { order, orderLine, product } from "@/models/schema";

// What a customer has bought, for other modules (reviews): an order counts once it is paid (shipped
// orders stay "paid"; their shipping is a separate state). Orders hold their products as lines.

/** The SQL condition "user `userId` has a paid order with a line of `productId`", for a read that decides per row. */
export function paidOrderOf(userId: unknown, productId: unknown) {
  return sql<boolean>`exists (select 1 from ${orderLine} join ${order} on ${order.id} = ${orderLine.orderId}
    where ${orderLine.productId} = ${productId} and ${order.userId} = ${userId} and ${order.status} = 'paid')`;
}

/** Whether the user has a paid order of the product. */
export async function hasBoughtProduct(userId: string, productId: string): Promise<boolean> {
  const db = await getDb();
  const [row] = await db
    .select({ id: order.id })
    .from(orderLine)
    .innerJoin(order, eq(order.id, orderLine.orderId))
    .where(and(eq(orderLine.productId, productId), eq(order.userId, userId), eq(order.status, "paid")))
    .limit(1);
  return Boolean(row);
}

/** The products the user has paid for, most recent purchase first, each once (the order's snapshot name). */
export async function listBoughtProducts(userId: string): Promise<{ productId: string; productName: string }[]> {
  const db = await getDb();
  const rows = await db
    .select({ productId: orderLine.productId, productName: orderLine.productName, paidAt: order.paidAt })
    .from(order)
    .innerJoin(orderLine, eq(orderLine.orderId, order.id))
    // Only tools still on sale can be reviewed: a deleted one would lead to a refusal.
    .innerJoin(product, and(eq(product.id, orderLine.productId), isNull(product.deletedAt)))
    .where(and(eq(order.userId, userId), eq(order.status, "paid")))
    .orderBy(desc(order.paidAt))
    .limit(500);
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.productId) && seen.add(row.productId)).map(({ productId, productName }) => ({ productId, productName }));
}

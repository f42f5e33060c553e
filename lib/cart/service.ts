import "server-only";
import { asc, eq, inArray, sql } from "drizzle-orm";
import type { Actor } from "@/lib/accounts/actor";
import { findProductById } from "@/lib/catalog/service";
import { getDb, type Tx } from "@/lib/db/client";
import { CART_SAVE_LOCK } from "@/lib/db/locks";
import { AppError } from "@/lib/errors";
import { cartQuantityProblem, MAX_CART_LINES, type CartLineView, type CartView, type PutCartInput } from "@/models/cart";
import { cartItem, product as productTable } from "@/models/schema";
import { isOutOfStock } from "@/models/stock";

function viewOf(lines: CartLineView[], noLongerOnSale: CartView["noLongerOnSale"]): CartView {
  return {
    items: lines,
    totalCents: lines.reduce((sum, line) => sum + line.lineTotalCents, 0),
    currency: lines[0]?.currency ?? "USD",
    noLongerOnSale,
  };
}

/**
 * The signed-in customer's cart, priced now. Products no longer on sale drop out of its lines and are
 * named in `noLongerOnSale` (a product is never deleted, only taken off sale, so its name is there).
 */
export async function getCart(actor: Actor): Promise<CartView> {
  const db = await getDb();
  const rows = await db.select().from(cartItem).where(eq(cartItem.userId, actor.userId)).orderBy(asc(cartItem.position));
  const lines: CartLineView[] = [];
  const gone: string[] = [];
  for (const row of rows) {
    const product = await findProductById(row.productId);
    if (!product) {
      gone.push(row.productId);
      continue;
    }
    lines.push({
      productId: product.id,
      name: product.name,
      imageUrl: product.imageUrl,
      priceCents: product.priceCents,
      currency: product.currency,
      stock: product.stock,
      minOrderQuantity: product.minOrderQuantity,
      quantity: row.quantity,
      lineTotalCents: product.priceCents * row.quantity,
    });
  }
  if (gone.length === 0) return viewOf(lines, []);
  const nameOf = await namesOf(gone);
  return viewOf(
    lines,
    gone.map((productId) => ({ productId, name: nameOf.get(productId) ?? "A product" })),
  );
}

/** The names of products on sale or not (a product is never deleted, only taken off sale), by id. */
async function namesOf(ids: string[]): Promise<Map<string, string>> {
  const db = await getDb();
  const rows = await db.select({ id: productTable.id, name: productTable.name }).from(productTable).where(inArray(productTable.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/**
 * Replaces the signed-in customer's cart. Every line must be a product on sale, in a quantity the
 * order form would accept (the same messages); nothing is reserved until the order is placed.
 * Concurrent saves of one account's cart (two tabs, a tab and the sign-in join) run one after the
 * other, on every instance: the last one wins whole. Without the lock, under READ COMMITTED the
 * second DELETE cannot see the first's new rows and its INSERT fails on the primary key.
 */
export async function putCart(actor: Actor, input: PutCartInput): Promise<CartView> {
  await requireOrderableLines(input);
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockCart(tx, actor.userId);
    await writeCart(tx, actor.userId, input.items);
  });
  return getCart(actor);
}

/**
 * Refuses (422) a cart with a line that cannot be ordered as it is, each such line's field saying why.
 * The message names the product of the first such line, as an order's does: a cart that went stale
 * (ADR 073) refuses every edit until that line is fixed, and "Order between 6 and 12 units" alone,
 * shown as the reason an Add to cart of another product failed, read as that other product's limits.
 */
async function requireOrderableLines(input: PutCartInput): Promise<void> {
  const fields: Record<string, string> = {};
  let message: string | null = null;
  for (const [index, line] of input.items.entries()) {
    const product = await findProductById(line.productId);
    if (!product) {
      fields[`items.${index}.productId`] = "This product is no longer on sale";
      if (message === null) {
        const name = (await namesOf([line.productId])).get(line.productId);
        message = name ? `${name} is no longer on sale` : "A product in your cart is no longer on sale";
      }
      continue;
    }
    const problem = cartQuantityProblem(line.quantity, product.minOrderQuantity, product.stock);
    if (!problem) continue;
    fields[`items.${index}.quantity`] = problem;
    message ??= isOutOfStock(product) ? `${product.name} is out of stock at the moment` : `${product.name}: ${problem}`;
  }
  if (message !== null) throw new AppError("invalid", message, fields);
}

/** One account's cart saves run one at a time, on every instance (putCart says why). */
async function lockCart(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${CART_SAVE_LOCK}, hashtext(${userId}))`);
}

/** The account's cart becomes `lines`, in their order. Under lockCart. */
async function writeCart(tx: Tx, userId: string, lines: { productId: string; quantity: number }[]): Promise<void> {
  await tx.delete(cartItem).where(eq(cartItem.userId, userId));
  if (lines.length > 0) {
    await tx.insert(cartItem).values(lines.map((line, position) => ({ userId, productId: line.productId, quantity: line.quantity, position })));
  }
}

/**
 * At sign-in: the cart the browser kept while signed out is joined into the account's (for a product
 * in both, the larger quantity), saved, and answered as GET /api/cart answers. What cannot be
 * ordered is kept, not dropped: a product taken off sale stays saved and is named in
 * `noLongerOnSale`, a quantity that no longer fits the stock or the minimum stays as it was for the
 * cart page to mark (the order refuses it). Only ids of no product at all, and lines past the cart's
 * 50, are dropped. Under the same lock as putCart.
 */
export async function joinCart(actor: Actor, input: PutCartInput): Promise<CartView> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    await lockCart(tx, actor.userId);
    const saved = await tx.select().from(cartItem).where(eq(cartItem.userId, actor.userId)).orderBy(asc(cartItem.position));
    const merged = new Map<string, number>(saved.map((row) => [row.productId, row.quantity]));
    for (const line of input.items) merged.set(line.productId, Math.max(line.quantity, merged.get(line.productId) ?? 0));
    const ids = [...merged.keys()];
    if (ids.length === 0) return;
    const known = new Set((await tx.select({ id: productTable.id }).from(productTable).where(inArray(productTable.id, ids))).map((row) => row.id));
    const lines = [...merged].filter(([id]) => known.has(id)).slice(0, MAX_CART_LINES);
    await writeCart(tx, actor.userId, lines.map(([productId, quantity]) => ({ productId, quantity })));
  });
  return getCart(actor);
}

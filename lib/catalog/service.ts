import "server-only";
import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, ne, or, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { announceChange, onChange } from "@/lib/changes";
import { getDb, type Tx } from "@/lib/db/client";
import { offsetPage } from "@/lib/db/keyset";
import { getEnv } from "@/lib/env";
import { containsPattern } from "@/lib/db/like";
import { PRODUCT_NAME_LOCK } from "@/lib/db/locks";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { formatMoney, formatUnits } from "@/lib/money/format";
import { isShowableImage } from "@/lib/storage";
import { MAX_UNITS, productIdSchema, type DeletedProduct, type Product, type ProductInput, type ProductList, type ProductPatch, type ProductQuery } from "@/models/catalog";
import { MAX_PAYMENT_CENTS } from "@/models/catalog-limits";
import { countOf, formatCount } from "@/models/count";
import { OUT_OF_STOCK, quantityMessage, unitsLeftMessage } from "@/models/orders";
import { pageCountOf, type Page, type PageQuery } from "@/models/paging";
import { product } from "@/models/schema";
import { isOutOfStock } from "@/models/stock";

// The catalog is read on every home, catalog and API request and changes rarely: reads are cached in
// the process and dropped on every instance whenever a product or its stock changes (invalidateCatalog
// announces it, lib/changes carries it to the other instances). The lifetime only bounds the lag
// should a notice be lost (an instance killed between its commit and its notice).
const CACHE_TTL_MS = 5_000;
const MAX_CACHED_QUERIES = 500;

type CacheEntry<T> = { value: Promise<T>; expires: number };
const cacheStore = globalThis as unknown as { __toolforgeCatalogCache?: Map<string, CacheEntry<unknown>> };

function cache(): Map<string, CacheEntry<unknown>> {
  cacheStore.__toolforgeCatalogCache ??= new Map();
  return cacheStore.__toolforgeCatalogCache;
}

function cached<T>(key: string, load: () => Promise<T>): Promise<T> {
  const entries = cache();
  const now = Date.now();
  const hit = entries.get(key) as CacheEntry<T> | undefined;
  if (hit && hit.expires > now) return hit.value;
  if (entries.size >= MAX_CACHED_QUERIES) entries.clear();
  const value = load();
  entries.set(key, { value, expires: now + CACHE_TTL_MS });
  value.catch(() => entries.delete(key));
  return value;
}

onChange("catalog", "catalog-reads", () => cache().clear());

/**
 * Drops every cached catalog read, here at once and on the other instances by a notice; call after
 * (never before) the commit of any write that changes a product or its stock.
 */
export function invalidateCatalog(): void {
  void announceChange("catalog");
}

const productColumns = {
  id: product.id,
  name: product.name,
  description: product.description,
  imageUrl: product.imageUrl,
  priceCents: product.priceCents,
  currency: product.currency,
  stock: product.stock,
  minOrderQuantity: product.minOrderQuantity,
};


function orderFor(sort: ProductQuery["sort"]): SQL[] {
  switch (sort) {
    case "name":
      return [asc(product.name), asc(product.id)];
    case "price-asc":
      return [asc(product.priceCents), asc(product.id)];
    case "price-desc":
      return [desc(product.priceCents), asc(product.id)];
    case "newest":
      return [desc(product.createdAt), desc(product.id)];
    case "featured":
      return [asc(product.createdAt), asc(product.id)];
  }
}

async function queryProducts(query: ProductQuery): Promise<ProductList> {
  const db = await getDb();
  const filters: SQL[] = [isNull(product.deletedAt)];
  let order = orderFor(query.sort);
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(product.name, pattern), ilike(product.description, pattern));
    if (match) filters.push(match);
    // A search in the shop's own order puts the tools named so before those only described so
    // ("sa": the saw before a hammer whose handle is "sanded"); a sort the shopper chose is kept.
    if (query.sort === "featured") order = [sql`(${product.name} ilike ${pattern}) desc`, ...order];
  }
  const where = and(...filters);
  const [items, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(product)
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(product).where(where),
  ]);
  const total = counted?.total ?? 0;
  return { items, total, page: query.page, pageSize: query.pageSize, pageCount: pageCountOf(total, query.pageSize) };
}

/** One page of the public catalog. */
export function listProducts(query: ProductQuery): Promise<ProductList> {
  const key = JSON.stringify(["list", query.q ?? "", query.sort, query.page, query.pageSize]);
  return cached(key, () => queryProducts(query));
}

/** A product on sale, or null. */
/**
 * The product on sale at the id an address holds (any text), or null: a page's title and body both ask,
 * and the read cache behind findProductById makes that one query.
 */
export function findProductAt(id: unknown): Promise<Product | null> {
  const parsed = productIdSchema.safeParse(id);
  return parsed.success ? findProductById(parsed.data) : Promise.resolve(null);
}

export function findProductById(id: string): Promise<Product | null> {
  return cached(JSON.stringify(["one", id]), async () => {
    const db = await getDb();
    const [row] = await db
      .select(productColumns)
      .from(product)
      .where(and(eq(product.id, id), isNull(product.deletedAt)))
      .limit(1);
    return row ?? null;
  });
}

/**
 * Products to show beside one: the others closest to it in price (a shopper comparing a tool looks at
 * its neighbours in the range), at most `limit`.
 */
export function listRelatedProducts(id: string, limit = 4): Promise<Product[]> {
  return cached(JSON.stringify(["related", id, limit]), async () => {
    const db = await getDb();
    const [self] = await db
      .select({ priceCents: product.priceCents })
      .from(product)
      .where(and(eq(product.id, id), isNull(product.deletedAt)))
      .limit(1);
    if (!self) return [];
    return db
      .select(productColumns)
      .from(product)
      .where(and(isNull(product.deletedAt), ne(product.id, id)))
      .orderBy(sql`abs(${product.priceCents} - ${self.priceCents})`, asc(product.id))
      .limit(limit);
  });
}

/** Every product on sale with the time it last changed, for the sitemap. */
export function listProductIdsForSitemap(): Promise<{ id: string; updatedAt: Date }[]> {
  return cached(JSON.stringify(["sitemap"]), async () => {
    const db = await getDb();
    return db
      .select({ id: product.id, updatedAt: product.updatedAt })
      .from(product)
      .where(isNull(product.deletedAt))
      .orderBy(asc(product.createdAt), asc(product.id));
  });
}

export async function getProductById(id: string): Promise<Product> {
  const found = await findProductById(id);
  if (!found) throw new AppError("not_found", "No product with this id is on sale.");
  return found;
}

function snapshot(p: Product): Record<string, unknown> {
  return {
    name: p.name,
    priceCents: p.priceCents,
    stock: p.stock,
    minOrderQuantity: p.minOrderQuantity,
    imageUrl: p.imageUrl,
    // The whole text: an edit of it can then be read back, and undone, from the audit log.
    description: p.description,
  };
}

/**
 * A product's name is its own among the products on sale, whatever the case: customers, order lines
 * and the admin's lists tell tools apart by it (and a form sent twice would otherwise add the tool twice).
 * A deleted product's name is free again. Call inside the transaction that writes the name.
 */
async function claimName(tx: Tx, name: string, exceptId?: string, takenMessage?: string): Promise<void> {
  // Two admins saving one name at once: the second waits here for the first's commit, then sees its row.
  await tx.execute(sql`select pg_advisory_xact_lock(${PRODUCT_NAME_LOCK}, hashtext(lower(${name})))`);
  const [taken] = await tx
    .select({ id: product.id })
    .from(product)
    .where(and(sql`lower(${product.name}) = lower(${name})`, isNull(product.deletedAt), exceptId === undefined ? undefined : ne(product.id, exceptId)))
    .limit(1);
  if (taken) {
    const message = takenMessage ?? `A product named “${name}” is already on sale. Choose another name, or edit that product.`;
    throw new AppError("conflict", message, { name: message });
  }
}

const PHOTO_NOT_SHOWABLE = "This photo cannot be shown in the shop: upload it again";

async function requireShowableImage(url: string): Promise<void> {
  if (!(await isShowableImage(url))) throw new AppError("invalid", PHOTO_NOT_SHOWABLE, { imageUrl: PHOTO_NOT_SHOWABLE });
}

/** Adds a product to the range (admins). */
export async function createProduct(actor: Actor, input: ProductInput): Promise<Product> {
  requireAdmin(actor);
  requireOrderableMinimum(input.priceCents, input.minOrderQuantity);
  await requireShowableImage(input.imageUrl);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
    await claimName(tx, input.name);
    const [row] = await tx
      .insert(product)
      .values({
        id: newId("prd"),
        name: input.name,
        description: input.description,
        imageUrl: input.imageUrl,
        priceCents: input.priceCents,
        currency: "USD",
        stock: input.stock,
        minOrderQuantity: input.minOrderQuantity,
      })
      .returning(productColumns);
    if (!row) throw new Error("product insert returned nothing");
    await recordAudit(tx, actor, { action: "product.create", entity: "product", entityId: row.id, after: snapshot(row) });
    return row;
  });
  invalidateCatalog();
  return created;
}

/**
 * Refuses an edit made from values another admin has changed since (the row is locked): each field
 * that moved is named with what it is now, so the admin knows what a reload will show.
 */
function requireUnchanged(now: Product, expected: NonNullable<ProductPatch["expected"]>): void {
  const moved: string[] = [];
  if (expected.name !== undefined && expected.name !== now.name) moved.push(`its name (now ${now.name})`);
  if (expected.priceCents !== undefined && expected.priceCents !== now.priceCents) moved.push(`its price (now ${formatMoney(now.priceCents, now.currency)})`);
  if (expected.minOrderQuantity !== undefined && expected.minOrderQuantity !== now.minOrderQuantity) {
    moved.push(`its minimum order (now ${formatUnits(now.minOrderQuantity)})`);
  }
  if (expected.description !== undefined && expected.description !== now.description) moved.push("its description");
  if (expected.imageUrl !== undefined && expected.imageUrl !== now.imageUrl) moved.push("its photo");
  if (moved.length === 0) return;
  throw new AppError(
    "conflict",
    `Someone else changed ${moved.join(", ")} while you were editing. Reload the page to see the product as it is now, then make your change again.`,
  );
}

/**
 * Refuses a price and minimum whose smallest order no payment could take: the tool would show as
 * in stock, and every order of it would be refused at checkout.
 */
function requireOrderableMinimum(priceCents: number, minOrderQuantity: number): void {
  const smallest = priceCents * minOrderQuantity + getEnv().SHIPPING_FLAT_CENTS;
  if (smallest <= MAX_PAYMENT_CENTS) return;
  const message = `The smallest order would come to ${formatMoney(smallest, "USD")}, more than the ${formatMoney(MAX_PAYMENT_CENTS, "USD")} one payment can take: lower the minimum order or the price.`;
  throw new AppError("invalid", message, { minOrderQuantity: message });
}

/** Edits a product (admins). Orders already placed keep their own snapshot of name, image and price. */
export async function updateProduct(actor: Actor, id: string, patch: ProductPatch): Promise<Product> {
  requireAdmin(actor);
  if (patch.imageUrl !== undefined) await requireShowableImage(patch.imageUrl);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(productColumns)
      .from(product)
      .where(and(eq(product.id, id), isNull(product.deletedAt)))
      .for("update");
    if (!before) throw new AppError("not_found", "No product with this id is on sale.");
    if (patch.expected) requireUnchanged(before, patch.expected);
    if (patch.priceCents !== undefined || patch.minOrderQuantity !== undefined) {
      requireOrderableMinimum(patch.priceCents ?? before.priceCents, patch.minOrderQuantity ?? before.minOrderQuantity);
    }
    if (patch.name !== undefined && patch.name !== before.name) await claimName(tx, patch.name, id);
    const { stockChange, expected: _expected, ...fields } = patch;
    // The row is locked, so the stock read above is the stock the change applies to.
    const stock = stockChange === undefined ? fields.stock : before.stock + stockChange;
    if (stock !== undefined && stock < 0) {
      const message = `Only ${countOf(before.stock, "unit is", "units are")} in stock now, so ${formatCount(-(stockChange ?? 0))} cannot be taken away.`;
      throw new AppError("conflict", message, { stock: message });
    }
    if (stock !== undefined && stock > MAX_UNITS) {
      const message = `The stock would be ${formatUnits(stock)}; it can be at most 10,000,000.`;
      throw new AppError("invalid", message, { stock: message });
    }
    const [row] = await tx
      .update(product)
      .set({ ...fields, ...(stock === undefined ? {} : { stock }), updatedAt: new Date() })
      .where(eq(product.id, id))
      .returning(productColumns);
    if (!row) throw new Error("product update returned nothing");
    await recordAudit(tx, actor, {
      action: "product.update",
      entity: "product",
      entityId: id,
      before: snapshot(before),
      after: snapshot(row),
    });
    return row;
  });
  invalidateCatalog();
  return updated;
}

/** Removes a product from the catalog (admins). It is kept in the database because orders refer to it. */
export async function deleteProduct(actor: Actor, id: string): Promise<void> {
  requireAdmin(actor);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(product)
      .set({ deletedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(product.id, id), isNull(product.deletedAt)))
      .returning(productColumns);
    if (!row) throw new AppError("not_found", "No product with this id is on sale.");
    await recordAudit(tx, actor, { action: "product.delete", entity: "product", entityId: id, before: snapshot(row) });
  });
  invalidateCatalog();
}

/** One page of the deleted products, the most recently deleted first (admins). */
export async function listDeletedProducts(actor: Actor, query: PageQuery): Promise<Page<DeletedProduct>> {
  requireAdmin(actor);
  const db = await getDb();
  const deleted = isNotNull(product.deletedAt);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ ...productColumns, deletedAt: product.deletedAt })
      .from(product)
      .where(deleted)
      .orderBy(desc(product.deletedAt), desc(product.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(product).where(deleted),
  ]);
  const items = rows.map((row) => ({ ...row, deletedAt: (row.deletedAt ?? new Date(0)).toISOString() }));
  return offsetPage(items, query, counted?.total ?? 0);
}

/**
 * Puts a deleted product back on sale (admins), with the stock, price and text it had. Its name must be
 * free among the products on sale: another tool may have taken it meanwhile.
 */
export async function restoreProduct(actor: Actor, id: string): Promise<Product> {
  requireAdmin(actor);
  const db = await getDb();
  const restored = await db.transaction(async (tx) => {
    const [found] = await tx
      .select({ name: product.name })
      .from(product)
      .where(and(eq(product.id, id), isNotNull(product.deletedAt)))
      .for("update");
    if (!found) throw new AppError("not_found", "No deleted product has this id.");
    await claimName(tx, found.name, id, `A product named “${found.name}” is on sale. Rename it, or delete it, before restoring this one.`);
    const [row] = await tx
      .update(product)
      .set({ deletedAt: null, updatedAt: new Date() })
      .where(eq(product.id, id))
      .returning(productColumns);
    if (!row) throw new AppError("not_found", "No deleted product has this id.");
    await recordAudit(tx, actor, { action: "product.restore", entity: "product", entityId: id, after: snapshot(row) });
    return row;
  });
  invalidateCatalog();
  return restored;
}

export type StockRequest = { productId: string; quantity: number };
/** What a reservation took: the product as it was sold, priced from the database. */
export type ReservedLine = StockRequest & { name: string; imageUrl: string; priceCents: number; currency: string };

/**
 * Takes stock for the lines of an order inside the caller's transaction, or throws and takes nothing
 * (the caller's transaction rolls back). Each decrement is one conditional UPDATE, so concurrent
 * buyers can never take more than exists. `fieldOf(i)` names the form field of line i in errors.
 * Below a product's minimum is a rule the buyer broke (422); above the stock left is a conflict with
 * other buyers (409), whether it shows in the first read or in the conditional update.
 */
export async function reserveStock(tx: Tx, lines: StockRequest[], fieldOf: (index: number) => string): Promise<ReservedLine[]> {
  const ids = lines.map((line) => line.productId);
  const rows = await tx.select(productColumns).from(product).where(and(inArray(product.id, ids), isNull(product.deletedAt)));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const named = (name: string, message: string) => (lines.length > 1 ? `${name}: ${message}` : message);
  const found = lines.map((line, index) => {
    const item = byId.get(line.productId);
    if (!item) throw new AppError("not_found", lines.length > 1 ? "A product in this order is no longer on sale." : "This product is no longer on sale.", { [fieldOf(index)]: "No longer on sale" });
    return { line, item, index };
  });
  for (const { line, item, index } of found) {
    if (line.quantity < item.minOrderQuantity && item.stock >= item.minOrderQuantity) {
      const message = quantityMessage(item.minOrderQuantity, item.stock);
      throw new AppError("invalid", named(item.name, message), { [fieldOf(index)]: message });
    }
  }
  // Products are taken in id order, so that two orders sharing products never wait on each other in a circle.
  const ordered = [...found].sort((a, b) => (a.item.id < b.item.id ? -1 : a.item.id > b.item.id ? 1 : 0));
  for (const { line, item, index } of ordered) {
    if (isOutOfStock(item)) {
      throw new AppError("conflict", named(item.name, "This tool is out of stock at the moment."), { [fieldOf(index)]: OUT_OF_STOCK });
    }
    if (line.quantity > item.stock) {
      const message = quantityMessage(item.minOrderQuantity, item.stock);
      throw new AppError("conflict", named(item.name, `${unitsLeftMessage(item.stock)}. ${message}.`), { [fieldOf(index)]: message });
    }
    // The row as the decrement left it, under its lock: an admin's edit that committed since the read
    // above is what the order is priced and checked by (the expected total then tells the buyer).
    const [taken] = await tx
      .update(product)
      .set({ stock: sql`${product.stock} - ${line.quantity}`, updatedAt: new Date() })
      .where(and(eq(product.id, item.id), isNull(product.deletedAt), gte(product.stock, line.quantity)))
      .returning(productColumns);
    if (taken) {
      // The rules of the read above, on the row as it is: a minimum raised past the stock left makes
      // the tool out of stock; one raised past this quantity is the buyer's to meet. Either undoes the take.
      const had = { stock: taken.stock + line.quantity, minOrderQuantity: taken.minOrderQuantity };
      if (isOutOfStock(had)) {
        throw new AppError("conflict", named(taken.name, "This tool is out of stock at the moment."), { [fieldOf(index)]: OUT_OF_STOCK });
      }
      if (line.quantity < taken.minOrderQuantity) {
        const message = quantityMessage(taken.minOrderQuantity, had.stock);
        throw new AppError("invalid", named(taken.name, message), { [fieldOf(index)]: message });
      }
      Object.assign(item, taken);
    } else {
      const [now] = await tx.select({ stock: product.stock, deletedAt: product.deletedAt }).from(product).where(eq(product.id, item.id));
      if (!now || now.deletedAt) {
        throw new AppError("not_found", named(item.name, "This product is no longer on sale."), { [fieldOf(index)]: "No longer on sale" });
      }
      const left = now.stock;
      // Fewer left than the minimum: no quantity would do ("Order between 10 and 4 units" said otherwise).
      if (left < item.minOrderQuantity) {
        throw new AppError("conflict", named(item.name, "Someone else just bought the last units: this tool is out of stock."), { [fieldOf(index)]: OUT_OF_STOCK });
      }
      const message = quantityMessage(item.minOrderQuantity, left);
      throw new AppError("conflict", named(item.name, `${unitsLeftMessage(left)}. ${message}.`), { [fieldOf(index)]: message });
    }
  }
  return found.map(({ line, item }) => ({
    productId: item.id,
    quantity: line.quantity,
    name: item.name,
    imageUrl: item.imageUrl,
    priceCents: item.priceCents,
    currency: item.currency,
  }));
}

/**
 * Locks products in id order, the order every stock change takes them in, for a transaction that will
 * put stock back for several orders: taken one order at a time, two orders' products could be locked
 * out of that order, and meet a placing that holds one of them in a circle.
 */
export async function lockProductsForRelease(tx: Tx, productIds: readonly string[]): Promise<void> {
  const ids = [...new Set(productIds)].sort();
  if (ids.length === 0) return;
  await tx.select({ id: product.id }).from(product).where(inArray(product.id, ids)).orderBy(asc(product.id)).for("update");
}

/** Puts stock back for lines that leave the shop's hands unsold (cancelled, expired, refunded before shipping). */
export async function releaseStock(tx: Tx, lines: StockRequest[]): Promise<void> {
  const ordered = [...lines].sort((a, b) => (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0));
  for (const line of ordered) {
    await tx
      .update(product)
      .set({ stock: sql`${product.stock} + ${line.quantity}`, updatedAt: new Date() })
      .where(eq(product.id, line.productId));
  }
}

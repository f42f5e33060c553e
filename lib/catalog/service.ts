import "server-only";
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { requireAdmin, type Actor } from "@/lib/accounts/actor";
import { recordAudit } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { containsPattern } from "@/lib/db/like";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import type { Product, ProductInput, ProductList, ProductPatch, ProductQuery } from "@/models/catalog";
import { product } from "@/models/schema";

// The catalog is read on every home, catalog and API request and changes rarely: reads are cached in
// the process and dropped whenever this process changes a product (invalidateCatalog). Other instances
// behind a load balancer see a change within CACHE_TTL_MS.
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

/** Drops every cached catalog read; call after any write that changes a product or its stock. */
export function invalidateCatalog(): void {
  cache().clear();
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
  if (query.q) {
    const pattern = containsPattern(query.q);
    const match = or(ilike(product.name, pattern), ilike(product.description, pattern));
    if (match) filters.push(match);
  }
  const where = and(...filters);
  const [items, [counted]] = await Promise.all([
    db
      .select(productColumns)
      .from(product)
      .where(where)
      .orderBy(...orderFor(query.sort))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: sql<number>`count(*)::int` }).from(product).where(where),
  ]);
  return { items, total: counted?.total ?? 0, page: query.page, pageSize: query.pageSize };
}

/** One page of the public catalog. */
export function listProducts(query: ProductQuery): Promise<ProductList> {
  const key = JSON.stringify(["list", query.q ?? "", query.sort, query.page, query.pageSize]);
  return cached(key, () => queryProducts(query));
}

/** A product on sale, or null. */
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
  };
}

/** Adds a product to the range (admins). */
export async function createProduct(actor: Actor, input: ProductInput): Promise<Product> {
  requireAdmin(actor);
  const db = await getDb();
  const created = await db.transaction(async (tx) => {
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

/** Edits a product (admins). Orders already placed keep their own snapshot of name, image and price. */
export async function updateProduct(actor: Actor, id: string, patch: ProductPatch): Promise<Product> {
  requireAdmin(actor);
  const db = await getDb();
  const updated = await db.transaction(async (tx) => {
    const [before] = await tx
      .select(productColumns)
      .from(product)
      .where(and(eq(product.id, id), isNull(product.deletedAt)))
      .for("update");
    if (!before) throw new AppError("not_found", "No product with this id is on sale.");
    const [row] = await tx
      .update(product)
      .set({ ...patch, updatedAt: new Date() })
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

import "server-only";
import { and, asc, desc, eq, ilike, isNull, or, sql, type SQL } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Product, ProductList, ProductQuery } from "@/models/catalog";
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

function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

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
    const pattern = `%${escapeLike(query.q)}%`;
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

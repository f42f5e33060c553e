import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sampleCatalog } from "@/lib/db/seed";
import { AppError } from "@/lib/errors";
import { productQuerySchema } from "@/models/catalog";
import { product } from "@/models/schema";
import { findProductById, getProductById, invalidateCatalog, listProductIdsForSitemap, listProducts, listRelatedProducts } from "./service";

const query = (input: Record<string, unknown> = {}) => productQuerySchema.parse(input);

describe("catalog service", () => {
  it("seeds the sample range of hand tools on first start", async () => {
    const list = await listProducts(query({ pageSize: 48 }));
    expect(list.total).toBe(sampleCatalog.length);
    expect(list.total).toBeGreaterThanOrEqual(8);
    for (const item of list.items) {
      expect(Number.isInteger(item.priceCents)).toBe(true);
      expect(item.priceCents).toBeGreaterThan(0);
      expect(item.stock).toBeGreaterThanOrEqual(item.minOrderQuantity);
      expect(item.imageUrl).toMatch(/^\/images\/products\/.+\.webp$/);
      expect(item.currency).toBe("USD");
    }
  });

  it("pages through the catalog without overlap", async () => {
    const first = await listProducts(query({ pageSize: 4, page: 1 }));
    const second = await listProducts(query({ pageSize: 4, page: 2 }));
    expect(first.items).toHaveLength(4);
    expect(second.items).toHaveLength(4);
    const ids = new Set([...first.items, ...second.items].map((p) => p.id));
    expect(ids.size).toBe(8);
    expect(second.page).toBe(2);
    const beyond = await listProducts(query({ pageSize: 4, page: 99 }));
    expect(beyond.items).toEqual([]);
    expect(beyond.total).toBe(sampleCatalog.length);
  });

  it("searches names and descriptions case-insensitively and treats % and _ literally", async () => {
    const hammers = await listProducts(query({ q: "HAMMER" }));
    expect(hammers.items.map((p) => p.id)).toEqual(["prd_claw_hammer_16oz"]);
    const byDescription = await listProducts(query({ q: "hickory" }));
    expect(byDescription.items.map((p) => p.id)).toEqual(["prd_claw_hammer_16oz"]);
    expect((await listProducts(query({ q: "%" }))).total).toBe(0);
    expect((await listProducts(query({ q: "_" }))).total).toBe(0);
  });

  it("sorts by price both ways and by name", async () => {
    const asc = (await listProducts(query({ sort: "price-asc", pageSize: 48 }))).items.map((p) => p.priceCents);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await listProducts(query({ sort: "price-desc", pageSize: 48 }))).items.map((p) => p.priceCents);
    expect(desc).toEqual([...asc].reverse());
    const names = (await listProducts(query({ sort: "name", pageSize: 48 }))).items.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("finds a product by id and answers not_found for an unknown one", async () => {
    const found = await getProductById("prd_panel_saw_550");
    expect(found.name).toMatch(/Panel Saw/);
    await expect(getProductById("prd_nope")).rejects.toMatchObject({ kind: "not_found" });
    await expect(getProductById("prd_nope")).rejects.toBeInstanceOf(AppError);
  });

  it("relates a product to the others nearest in price, never to itself or a removed one", async () => {
    const all = (await listProducts(query({ pageSize: 48 }))).items;
    const hammer = all.find((p) => p.id === "prd_claw_hammer_16oz");
    if (!hammer) throw new Error("sample hammer missing");
    const related = await listRelatedProducts(hammer.id, 3);
    expect(related).toHaveLength(3);
    expect(related.map((p) => p.id)).not.toContain(hammer.id);
    const distance = (p: { priceCents: number }) => Math.abs(p.priceCents - hammer.priceCents);
    const nearest = all.filter((p) => p.id !== hammer.id).map(distance).sort((a, b) => a - b).slice(0, 3);
    expect(related.map(distance)).toEqual(nearest);
    expect(await listRelatedProducts("prd_does_not_exist")).toEqual([]);
  });

  it("lists every product on sale for the sitemap", async () => {
    const ids = (await listProductIdsForSitemap()).map((p) => p.id);
    expect(ids).toHaveLength(sampleCatalog.length);
    expect(ids).toContain("prd_claw_hammer_16oz");
  });

  it("hides soft-deleted products once the cache is invalidated", async () => {
    const db = await getDb();
    await db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, "prd_utility_knife"));
    invalidateCatalog();
    expect(await findProductById("prd_utility_knife")).toBeNull();
    const list = await listProducts(query({ pageSize: 48 }));
    expect(list.items.some((p) => p.id === "prd_utility_knife")).toBe(false);
    expect(list.total).toBe(sampleCatalog.length - 1);
  });

  it("does not seed again into a catalog that already has products", async () => {
    const { seedCatalog } = await import("@/lib/db/seed");
    await seedCatalog(await getDb());
    const db = await getDb();
    const rows = await db.select({ id: product.id }).from(product);
    expect(rows).toHaveLength(sampleCatalog.length);
  });
});

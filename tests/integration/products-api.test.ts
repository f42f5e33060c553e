import * as collection from "@/app/api/products/route";
import * as single from "@/app/api/products/[id]/route";
import { makeRequest, noParams } from "@/tests/fixtures/http";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

describe("GET /api/products", () => {
  it("answers the first page in the documented shape", async () => {
    const response = await collection.GET(makeRequest("/api/products"), noParams());
    expect(response.status).toBe(200);
    const body = (await response.json()) as { items: Record<string, unknown>[]; total: number; page: number; pageSize: number };
    expect(body.page).toBe(1);
    expect(body.pageSize).toBe(12);
    expect(body.total).toBeGreaterThanOrEqual(8);
    expect(Object.keys(body.items[0] ?? {}).sort()).toEqual(
      ["currency", "description", "id", "imageUrl", "minOrderQuantity", "name", "priceCents", "stock"].sort(),
    );
  });

  it("applies q, sort, page and pageSize", async () => {
    const response = await collection.GET(
      makeRequest("/api/products?q=wrench&sort=price-desc&page=1&pageSize=1"),
      noParams(),
    );
    const body = (await response.json()) as { items: { name: string; priceCents: number }[]; total: number };
    expect(body.total).toBe(2);
    expect(body.items).toHaveLength(1);
    expect(body.items[0]?.name).toMatch(/Combination Wrench/);
  });

  it("puts tools whose name matches a search before those matched only by their description", async () => {
    const response = await collection.GET(makeRequest("/api/products?q=sa&pageSize=48"), noParams());
    const { items } = (await response.json()) as { items: { name: string; description: string }[] };
    const named = items.map((item) => item.name.toLowerCase().includes("sa"));
    expect(named.some(Boolean)).toBe(true);
    expect(named.some((n) => !n)).toBe(true);
    // Every name match comes first.
    expect(named.indexOf(false)).toBeGreaterThan(named.lastIndexOf(true));
  });

  it.each([
    ["page=0", "page"],
    ["page=1.5", "page"],
    ["page=abc", "page"],
    // Digits only: not read as 16, 1000 or page 0.
    ["page=0x10", "page"],
    ["page=1e3", "page"],
    ["page=%20", "page"],
    ["pageSize=500", "pageSize"],
    ["sort=cheapest", "sort"],
    [`q=${"x".repeat(101)}`, "q"],
  ])("refuses %s with a 422 naming the parameter, as every list does", async (qs, field) => {
    const response = await collection.GET(makeRequest(`/api/products?${qs}`), noParams());
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.code).toBe("invalid");
    expect(body.error.fields?.[field]).toEqual(expect.any(String));
  });
});

describe("GET /api/products/{id}", () => {
  it("answers one product", async () => {
    const response = await single.GET(makeRequest("/api/products/prd_claw_hammer_16oz"), noParams({ id: "prd_claw_hammer_16oz" }));
    expect(response.status).toBe(200);
    const body = (await response.json()) as { id: string; priceCents: number };
    expect(body).toMatchObject({ id: "prd_claw_hammer_16oz", priceCents: 2499 });
  });

  it.each(["prd_missing", "../../etc/passwd", "x".repeat(200), "' or 1=1 --"])(
    "answers 404 JSON for the unknown id %s",
    async (id) => {
      const response = await single.GET(makeRequest(`/api/products/${encodeURIComponent(id)}`), noParams({ id }));
      expect(response.status).toBe(404);
      const body = (await response.json()) as ErrorBody;
      expect(body.error.code).toBe("not_found");
      expect(body.error.message).toEqual(expect.any(String));
    },
  );
});

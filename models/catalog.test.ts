import { productInputSchema, schemaAvailability, stockState, typedPriceSchema } from "./catalog";

describe("stockState", () => {
  it("says how many are in stock above twice the minimum order", () => {
    expect(stockState({ stock: 21, minOrderQuantity: 10 })).toEqual({ kind: "in-stock", label: "21 in stock" });
  });

  it("says Only N left from twice the minimum down to the minimum", () => {
    expect(stockState({ stock: 20, minOrderQuantity: 10 })).toMatchObject({ kind: "low", label: "Only 20 left" });
    expect(stockState({ stock: 10, minOrderQuantity: 10 })).toMatchObject({ kind: "low", label: "Only 10 left" });
    expect(stockState({ stock: 2, minOrderQuantity: 1 })).toMatchObject({ kind: "low", label: "Only 2 left" });
  });

  it("says Out of stock, with the reason, when fewer than the minimum are left", () => {
    const some = stockState({ stock: 9, minOrderQuantity: 10 });
    expect(some).toMatchObject({ kind: "out", label: "Out of stock" });
    expect(some.kind === "out" && some.reason).toBe("Only 9 left, fewer than the minimum order of 10.");
    const none = stockState({ stock: 0, minOrderQuantity: 1 });
    expect(none.kind === "out" && none.reason).toBe("None are left.");
  });

  it("maps each state to schema.org availability", () => {
    expect(schemaAvailability(stockState({ stock: 100, minOrderQuantity: 1 }))).toBe("https://schema.org/InStock");
    expect(schemaAvailability(stockState({ stock: 2, minOrderQuantity: 1 }))).toBe("https://schema.org/LimitedAvailability");
    expect(schemaAvailability(stockState({ stock: 0, minOrderQuantity: 1 }))).toBe("https://schema.org/OutOfStock");
  });
});

describe("what an admin types into Add Product", () => {
  const issue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

  it("reads a price in dollars to cents, and says which rule a refused one breaks", () => {
    expect(typedPriceSchema.parse("24.99")).toBe(2499);
    expect(typedPriceSchema.parse("999999.99")).toBe(99_999_999);
    expect(issue(typedPriceSchema.safeParse("0"))).toBe("Enter a price above 0 with at most 2 decimals, e.g. 24.99");
    expect(issue(typedPriceSchema.safeParse("1.999"))).toBe("Enter a price above 0 with at most 2 decimals, e.g. 24.99");
    // Too many digits is "too large", not "badly written".
    expect(issue(typedPriceSchema.safeParse("99999999999"))).toBe("The price can be at most $999,999.99, the most one payment can take");
    expect(issue(typedPriceSchema.safeParse("1000000"))).toBe("The price can be at most $999,999.99, the most one payment can take");
  });

  it("names the largest stock and minimum order it takes", () => {
    const base = { name: "Mallet", description: "Beech.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 100, stock: 1, minOrderQuantity: 1 };
    expect(issue(productInputSchema.safeParse({ ...base, stock: 10_000_001 }))).toBe("The available stock can be at most 10,000,000");
    expect(issue(productInputSchema.safeParse({ ...base, minOrderQuantity: 10_000_001 }))).toBe("The minimum order quantity can be at most 10,000,000");
  });
});

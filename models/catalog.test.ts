import { schemaAvailability, stockState } from "./catalog";

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
    expect(none.kind === "out" && none.reason).toBe("None left: check back soon.");
  });

  it("maps each state to schema.org availability", () => {
    expect(schemaAvailability(stockState({ stock: 100, minOrderQuantity: 1 }))).toBe("https://schema.org/InStock");
    expect(schemaAvailability(stockState({ stock: 2, minOrderQuantity: 1 }))).toBe("https://schema.org/LimitedAvailability");
    expect(schemaAvailability(stockState({ stock: 0, minOrderQuantity: 1 }))).toBe("https://schema.org/OutOfStock");
  });
});

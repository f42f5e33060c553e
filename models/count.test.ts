import { countOf, formatCount } from "./count";
import { quantityMessage, unitsLeftMessage } from "./orders";

describe("counts as people read them", () => {
  it("separates thousands and leaves small numbers alone", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(10_000_000)).toBe("10,000,000");
  });

  it("puts the singular with 1 and the plural with everything else, 0 included", () => {
    expect(countOf(1, "order", "orders")).toBe("1 order");
    expect(countOf(0, "order", "orders")).toBe("0 orders");
    expect(countOf(100_000, "order", "orders")).toBe("100,000 orders");
  });

  it("is what the quantity messages say", () => {
    expect(quantityMessage(6, 12_000)).toBe("Order between 6 and 12,000 units");
    expect(quantityMessage(1, 1)).toBe("Order exactly 1 unit");
    expect(quantityMessage(2_500, 2_500)).toBe("Order exactly 2,500 units");
    expect(unitsLeftMessage(1)).toBe("Only 1 unit is left");
    expect(unitsLeftMessage(1_500)).toBe("Only 1,500 units are left");
  });
});

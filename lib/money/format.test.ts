import { formatMoney, formatUnits } from "./format";

describe("formatMoney", () => {
  it("formats integer cents in dollars by default, and in the currency asked for", () => {
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatMoney(0)).toBe("$0.00");
    expect(formatMoney(123456789)).toBe("$1,234,567.89");
    expect(formatMoney(2499, "EUR")).toBe("€24.99");
    // The formatter made for one currency is never used for another.
    expect(formatMoney(2499)).toBe("$24.99");
    expect(formatMoney(-500)).toBe("-$5.00");
  });
});

describe("formatUnits", () => {
  it("says one unit in the singular", () => {
    expect(formatUnits(1)).toBe("1 unit");
    expect(formatUnits(0)).toBe("0 units");
    expect(formatUnits(2_500_000)).toBe("2,500,000 units");
  });
});

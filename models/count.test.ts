import { countOf, formatCount, formatMinutes } from "./count";
import { quantityMessage, unitsLeftMessage } from "./orders";

describe("counts as people read them", () => {
  it("separates thousands and leaves small numbers alone", () => {
    expect(formatCount(0)).toBe("0");
    expect(formatCount(999)).toBe("999");
    expect(formatCount(1000)).toBe("1,000");
    expect(formatCount(10_000_000)).toBe("10,000,000");
  });

  it("writes what en-US's Intl.NumberFormat writes, negatives and halves included, but never -0", () => {
    const intl = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
    const samples = [0, 1, -1, 7, 12, 999, 1000, -1000, 1234.5, -1234.5, 2.4999, 99_999, 100_000, 123_456_789, 2 ** 53 - 1, 1e21];
    for (let n = 1; n < 1e15; n = n * 7 + 3) samples.push(n, -n);
    for (const value of samples) expect(formatCount(value)).toBe(intl.format(value));
    // Intl writes "-0" for negative zero and for a negative number that rounds to it; nobody means that.
    expect(formatCount(-0)).toBe("0");
    expect(formatCount(-0.4)).toBe("0");
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

describe("a hold's length as people say it", () => {
  it.each([
    [1, "1 minute"],
    [45, "45 minutes"],
    [60, "1 hour"],
    [90, "1 hour and 30 minutes"],
    [1440, "24 hours"],
    [2880, "48 hours"],
    [4320, "3 days"],
    [4350, "72 hours and 30 minutes"],
    [525_600, "365 days"],
  ])("%i minutes read %s", (minutes, words) => {
    expect(formatMinutes(minutes)).toBe(words);
  });
});

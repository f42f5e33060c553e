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

  it("writes dollars as en-US's Intl.NumberFormat does, without making one", () => {
    const intl = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    const samples = [0, 1, 5, 10, 99, 100, 101, 999_999, 1_000_000, -1, -99, -100_001, 123_456_789];
    for (let n = 1; n < 1e13; n = n * 9 + 7) samples.push(n, -n);
    for (const cents of samples) expect(formatMoney(cents)).toBe(intl.format(cents / 100));
    // Past 2^53 / 100 Intl rounds the float cents / 100; the cents are written as they are.
    expect(formatMoney(Number.MAX_SAFE_INTEGER)).toBe("$90,071,992,547,409.91");
  });
});

describe("formatUnits", () => {
  it("says one unit in the singular", () => {
    expect(formatUnits(1)).toBe("1 unit");
    expect(formatUnits(0)).toBe("0 units");
    expect(formatUnits(2_500_000)).toBe("2,500,000 units");
  });
});

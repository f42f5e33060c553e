import { countOf } from "@/models/count";

// One formatter per currency, made on first use: constructing an Intl.NumberFormat costs about 30 µs,
// formatting with one about 0.5 µs, and a list page formats a hundred amounts.
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer cents for display; the only place money becomes a decimal. */
export function formatMoney(cents: number, currency = "USD"): string {
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat("en-US", { style: "currency", currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(cents / 100);
}

/** A number of units as a sentence says it: "1 unit", "2,500 units" (models/count, like every count the shop shows). */
export function formatUnits(count: number): string {
  return countOf(count, "unit", "units");
}

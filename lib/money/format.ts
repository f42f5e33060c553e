import { countOf, formatCount } from "@/models/count";

// Dollars are written out, as en-US's Intl would write them (the tests compare the two): the shop sells
// in USD, and this module is in the browser bundle of every page, where the first Intl formatter loads
// ICU's locale data on the main thread (models/count.ts). Another currency gets one formatter, made on
// first use.
const formatters = new Map<string, Intl.NumberFormat>();

/** Formats integer cents for display; the only place money becomes a decimal. */
export function formatMoney(cents: number, currency = "USD"): string {
  if (currency === "USD" && Number.isSafeInteger(cents)) {
    const abs = Math.abs(cents);
    return `${cents < 0 ? "-" : ""}$${formatCount(Math.floor(abs / 100))}.${String(abs % 100).padStart(2, "0")}`;
  }
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

// Counts as people read them, the same on every page: "1 order", "12,480 orders", "Between 6 and 1,200
// units". A number of four digits or more without its separator ("100000 orders") is hard to read at
// a glance, and the shop used to show both styles.
const counts = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/** A whole number with its thousands separators: 1,234,567. */
export function formatCount(value: number): string {
  return counts.format(value);
}

/** "1 order" or "1,234 orders": the number and the word that goes with it. */
export function countOf(value: number, one: string, many: string): string {
  return `${formatCount(value)} ${value === 1 ? one : many}`;
}

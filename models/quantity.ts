// No zod here: the product page's buy box (a client component) shows the hint, and taking it from
// ./orders would put zod into that page's first load (ADR 038). ./orders re-exports all of it.
import { countOf, formatCount } from "./count";

/** A quantity field's message when fewer units are left than the product's minimum order. */
export const OUT_OF_STOCK = "Out of stock";

/**
 * What a quantity field says it takes, for a product that can be ordered (stock ≥ min): "Between 6 and
 * 1,200 units", or "Exactly 5 units" when the minimum is all there is ("Between 5 and 5" read as a slip).
 */
export function quantityHint(min: number, stock: number): string {
  if (min === stock) return `Exactly ${countOf(min, "unit", "units")}`;
  return `Between ${formatCount(min)} and ${formatCount(stock)} units`;
}

/** A refused quantity's message: "Order between 6 and 1,200 units", "Order exactly 5 units". */
export function quantityMessage(min: number, stock: number): string {
  if (min === stock) return `Order exactly ${countOf(min, "unit", "units")}`;
  return `Order between ${formatCount(min)} and ${formatCount(stock)} units`;
}

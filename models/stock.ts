// No zod here: the catalog grid (a client component on /servicedata) shows stock states, and taking
// them from ./catalog put zod's 30 KB (gzipped) into that page's first load (ADR 038).
import type { Product } from "./catalog";
import { formatCount } from "./count";

export type StockState =
  | { kind: "in-stock"; label: string }
  | { kind: "low"; label: string; left: number }
  | { kind: "out"; label: "Out of stock"; reason: string };

/** Fewer units left than the product's minimum order: nobody can order it, whatever the quantity. */
export function isOutOfStock(product: Pick<Product, "stock" | "minOrderQuantity">): boolean {
  return product.stock < product.minOrderQuantity;
}

/**
 * What a shopper is told about stock ("120 in stock", "Only 8 left", "Out of stock"). A product is out of stock when fewer units are left than its
 * minimum order (nobody could order it), and "only N left" while at most twice the minimum remain.
 */
export function stockState(product: Pick<Product, "stock" | "minOrderQuantity">): StockState {
  const { stock, minOrderQuantity: min } = product;
  if (isOutOfStock(product)) {
    // The fact only: each place adds its own advice ("Check back soon", a link to the catalog).
    const reason = stock === 0 ? "None are left." : `Only ${formatCount(stock)} left, fewer than the minimum order of ${formatCount(min)}.`;
    return { kind: "out", label: "Out of stock", reason };
  }
  if (stock <= 2 * min) return { kind: "low", label: `Only ${formatCount(stock)} left`, left: stock };
  return { kind: "in-stock", label: `${formatCount(stock)} in stock` };
}

/** The schema.org availability of a stock state (Product JSON-LD). */
export function schemaAvailability(state: StockState): string {
  if (state.kind === "out") return "https://schema.org/OutOfStock";
  if (state.kind === "low") return "https://schema.org/LimitedAvailability";
  return "https://schema.org/InStock";
}

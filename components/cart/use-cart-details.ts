"use client";

import useSWR from "swr";
import type { Product } from "@/models/catalog";
import { useCart, type CartEntry, type OffSale } from "./cart-store";

/** What the cart and checkout pages say when the cart (the account's, or its products' details) could not be read. */
export const CART_NOT_LOADED = "Your cart could not be loaded. Reload the page to try again.";

export type DetailedLine = CartEntry & { product: Product | null };

async function fetchProducts(ids: string[]): Promise<Record<string, Product | null>> {
  const entries = await Promise.all(
    ids.map(async (id) => {
      // "no-cache": the answer carries the shared caches' lifetime (stale-while-revalidate=59), and Chrome
      // would serve its stale copy while it asks again: a cart must price and check today's stock.
      const response = await fetch(`/api/products/${encodeURIComponent(id)}`, { headers: { accept: "application/json" }, cache: "no-cache" });
      if (response.status === 404) return [id, null] as const;
      if (!response.ok) throw new Error(`product ${id}: HTTP ${response.status}`);
      return [id, (await response.json()) as Product] as const;
    }),
  );
  return Object.fromEntries(entries);
}

/** The cart's lines with each product's current name, image, price, stock and minimum (null: no longer on sale). */
export function useCartDetails(): {
  lines: DetailedLine[];
  /** False until the cart is known (the session read and, signed in, the account's cart with it). */
  settled: boolean;
  /** Signed in, but the account's cart could not be read: the lines are the browser's. */
  unread: boolean;
  loading: boolean;
  failed: boolean;
  mode: "local" | "account";
  error: string | null;
  /** Products the account's cart held that are no longer on sale, to tell the customer. */
  noLongerOnSale: OffSale[];
  /** Reads the products' details again (after the server refused an order on stock, say). */
  refresh: () => void;
} {
  const cart = useCart();
  const ids = cart.lines.map((line) => line.productId);
  const { data, error, isLoading, mutate } = useSWR(ids.length ? ["cart-products", ...ids] : null, ([, ...keys]: string[]) => fetchProducts(keys), {
    revalidateOnFocus: true,
  });
  return {
    lines: cart.lines.map((line) => ({ ...line, product: data?.[line.productId] ?? null })),
    settled: cart.settled,
    unread: cart.unread,
    loading: ids.length > 0 && (isLoading || (!data && !error)),
    failed: Boolean(error),
    mode: cart.mode,
    error: cart.error,
    noLongerOnSale: cart.noLongerOnSale,
    refresh: () => void mutate(),
  };
}

"use client";

import { buttonClasses } from "@/components/ui/button";
import { dismissNoLongerOnSale, type OffSale } from "./cart-store";

/**
 * Products the account's cart held that an admin has taken off sale since: named, so a line does not
 * vanish unexplained. Dismiss saves the cart, which drops them from the account's cart too; focus then
 * goes to the page's main region.
 */
export function NoLongerOnSaleNote({ products, className }: { products: OffSale[]; className: string }) {
  if (products.length === 0) return null;
  const names = products.map((product) => product.name);
  const text = names.length === 1 ? `${names[0]} is no longer on sale, so it has left your cart.` : `No longer on sale, so they have left your cart: ${names.join(", ")}.`;
  return (
    <div role="status" className={`flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 p-3 text-amber-950 ${className}`}>
      <p>{text}</p>
      <button
        type="button"
        onClick={() => {
          void dismissNoLongerOnSale();
          document.getElementById("main")?.focus();
        }}
        className={buttonClasses("secondary", "sm")}
      >
        Dismiss
      </button>
    </div>
  );
}

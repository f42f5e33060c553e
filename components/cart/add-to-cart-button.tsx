"use client";

import { useState } from "react";
import { buttonClasses } from "@/components/ui/button";
import { notify } from "@/components/ui/notify";
import { countOf } from "@/models/count";
import { addToCart } from "./cart-store";
import { isOutOfStock } from "@/models/stock";

const units = (count: number) => countOf(count, "unit", "units");

type AddToCartButtonProps = {
  productId: string;
  productName: string;
  minOrderQuantity: number;
  stock: number;
  /** How many units to add (the product page's quantity); by default the minimum, then one more. */
  quantity?: number;
  className?: string;
};

/**
 * "Add to cart" for one product: `quantity` units (by default its minimum order the first time, one
 * more unit after that), never more than the stock; the message says how many were added. Usable on
 * any product card or page (it needs only the product's figures).
 */
export function AddToCartButton({ productId, productName, minOrderQuantity, stock, quantity, className }: AddToCartButtonProps) {
  const [pending, setPending] = useState(false);
  const outOfStock = isOutOfStock({ stock, minOrderQuantity });

  async function add() {
    if (pending || outOfStock) return;
    setPending(true);
    const outcome = await addToCart({ productId, minOrderQuantity, stock, quantity });
    setPending(false);
    if (outcome.kind === "full") notify.error(`All ${units(stock)} of ${productName} ${stock === 1 ? "is" : "are"} already in your cart.`);
    else if (outcome.kind === "refused") notify.error(`${productName} was not added to your cart. ${outcome.message}`);
    else if (outcome.kind === "added") notify.success(`${units(outcome.quantity)} of ${productName} added to your cart`);
    else notify.success(`${countOf(outcome.quantity, "more unit", "more units")} of ${productName} in your cart`);
  }

  return (
    <button
      type="button"
      onClick={() => void add()}
      aria-disabled={pending || outOfStock || undefined}
      aria-label={`Add to cart: ${productName}`}
      className={buttonClasses("secondary", "md", `aria-disabled:opacity-60 ${className ?? ""}`)}
    >
      {outOfStock ? "Out of stock" : "Add to cart"}
    </button>
  );
}

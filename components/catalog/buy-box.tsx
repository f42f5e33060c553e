"use client";

import Link from "next/link";
import { useId, useState } from "react";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { buttonClasses } from "@/components/ui/button";
import { useTypedEarly } from "@/components/ui/use-typed-early";
import { letGoOnWheel } from "@/components/ui/wheel";
import { formatMoney } from "@/lib/money/format";
import type { StockState } from "@/models/catalog";
import { formatCount } from "@/models/count";
// Not from @/models/orders, which would bring zod into the product page (ADR 038).
import { quantityHint } from "@/models/quantity";

type BuyBoxProps = {
  productId: string;
  productName: string;
  priceCents: number;
  currency: string;
  minOrderQuantity: number;
  stock: number;
  state: StockState;
};

/** Keeps a typed quantity inside what can be ordered; NaN (an empty field) becomes the minimum. */
function clamp(value: number, min: number, max: number): number {
  if (!Number.isFinite(value)) return min;
  return Math.min(max, Math.max(min, Math.round(value)));
}

/**
 * Quantity and Buy Now on the product page. Buy Now opens the purchase page with the quantity chosen
 * (it asks a signed-out visitor to sign in first). When the product cannot be bought, the button is
 * disabled and the reason is written beside it.
 */
export function BuyBox({ productId, productName, priceCents, currency, minOrderQuantity, stock, state }: BuyBoxProps) {
  const [quantity, setQuantity] = useState(minOrderQuantity);
  const [typed, setTyped] = useState(String(minOrderQuantity));
  // Said when a typed figure outside the range was set to its nearest end, so the change is not silent.
  const [adjusted, setAdjusted] = useState<string | null>(null);
  // Said after One more / One fewer, whose focus stays on the button while the field and price change.
  const [stepped, setStepped] = useState<string | null>(null);
  const inputId = useId();
  const reasonId = useId();
  const buyable = state.kind !== "out";
  // A figure typed before the scripts ran: Buy now and the price "in all" take it, not the minimum.
  const field = useTypedEarly(String(minOrderQuantity), setTyped);

  const set = (value: number) => {
    const next = clamp(value, minOrderQuantity, stock);
    setQuantity(next);
    setTyped(String(next));
  };

  const step = (by: 1 | -1) => {
    const next = clamp(quantity + by, minOrderQuantity, stock);
    setAdjusted(null);
    if (next === quantity) return;
    set(next);
    setStepped(`Quantity ${formatCount(next)}, ${formatMoney(priceCents * next, currency)} in all`);
  };

  const settleTyped = () => {
    const value = Number(typed);
    const next = clamp(value, minOrderQuantity, stock);
    if (typed.trim() !== "" && value !== next) {
      setAdjusted(
        Number.isFinite(value) && value > stock
          ? `Set to ${formatCount(stock)}: all there is in stock.`
          : `Set to ${formatCount(next)}: ${Number.isFinite(value) && value >= minOrderQuantity ? "whole units only" : "the fewest units per order"}.`,
      );
    }
    set(value);
  };

  if (!buyable) {
    return (
      <div className="flex flex-col gap-3">
        <button type="button" disabled aria-describedby={reasonId} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
          Buy now
        </button>
        <p id={reasonId} className="text-slate-700">
          Out of stock. {state.reason} Check back soon.
        </p>
      </div>
    );
  }

  // What Buy now orders: the typed figure as soon as it is a usable number, before the field loses focus.
  const chosen = typed.trim() === "" ? quantity : clamp(Number(typed), minOrderQuantity, stock);
  const stepClass =
    "inline-flex size-11 shrink-0 items-center justify-center text-xl font-semibold text-slate-800 hover:bg-slate-100 aria-disabled:cursor-not-allowed aria-disabled:opacity-40";

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-1.5">
        <label htmlFor={inputId} className="text-sm font-semibold text-slate-900">
          Quantity
        </label>
        <div className="flex w-fit items-stretch overflow-hidden rounded-md border border-slate-400 bg-white">
          <button
            type="button"
            // aria-disabled, not disabled: a disabled button drops the keyboard focus it holds.
            onClick={() => step(-1)}
            aria-disabled={quantity <= minOrderQuantity || undefined}
            aria-label="One fewer"
            className={stepClass}
          >
            −
          </button>
          <input
            ref={field}
            id={inputId}
            type="number"
            onWheel={letGoOnWheel}
            inputMode="numeric"
            min={minOrderQuantity}
            max={stock}
            step={1}
            value={typed}
            onChange={(event) => {
              setAdjusted(null);
              setStepped(null);
              setTyped(event.target.value);
            }}
            onBlur={settleTyped}
            // Enter settles the figure where it is typed (there is no form to submit): the price and
            // "Set to" line answer at once, and the focus stays for a second try.
            onKeyDown={(event) => {
              if (event.key === "Enter") settleTyped();
            }}
            aria-describedby={`${inputId}-hint ${inputId}-adjusted`}
            className="w-20 border-x border-slate-300 text-center text-base text-slate-900 [appearance:textfield] [&::-webkit-inner-spin-button]:appearance-none"
          />
          <button
            type="button"
            onClick={() => step(1)}
            aria-disabled={quantity >= stock || undefined}
            aria-label="One more"
            className={stepClass}
          >
            +
          </button>
        </div>
        <p id={`${inputId}-hint`} className="text-sm text-slate-600">
          {quantityHint(minOrderQuantity, stock)} · {formatMoney(priceCents * chosen, currency)} in all
        </p>
        {/* Its line is kept when empty: "Set to 6…" appears as the field loses focus, which is the
            moment of a press on Add to cart, and pushing the buttons down then made the press miss. */}
        <div className="min-h-5">
          <p id={`${inputId}-adjusted`} role="status" className={adjusted ? "text-sm font-medium text-amber-800" : "sr-only"}>
            {adjusted ?? stepped ?? ""}
          </p>
        </div>
      </div>
      <div className="flex flex-wrap gap-3">
        <Link
          href={`/purchasePages/${encodeURIComponent(productId)}?quantity=${chosen}`}
          prefetch={false}
          aria-label={`Buy now: ${formatCount(chosen)} × ${productName}`}
          className={buttonClasses("primary", "lg", "w-full sm:w-auto")}
        >
          Buy now
        </Link>
        <AddToCartButton
          productId={productId}
          productName={productName}
          minOrderQuantity={minOrderQuantity}
          stock={stock}
          quantity={chosen}
          className="w-full sm:w-auto"
        />
      </div>
    </div>
  );
}

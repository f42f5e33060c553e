"use client";

import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { stackColumnStyle } from "@/components/admin/data-table";
import { buttonClasses, textLinkClass } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { notify } from "@/components/ui/notify";
import { letGoOnWheel } from "@/components/ui/wheel";
import { formatMoney } from "@/lib/money/format";
import { cartQuantityProblem } from "@/models/cart";
import { removeFromCart, setCartQuantity } from "./cart-store";
import { NoLongerOnSaleNote } from "./no-longer-on-sale-note";
import { CART_NOT_LOADED, useCartDetails, type DetailedLine } from "./use-cart-details";
import { isOutOfStock } from "@/models/stock";

// The names the stacked (phone) layout writes before each cell; the Remove button needs none.
const CART_COLUMNS = stackColumnStyle(["Product", "Unit price", "Quantity", "Total"]);

type AvailableLine = DetailedLine & { product: NonNullable<DetailedLine["product"]> };

/** What the quantity field says is wrong with `text`, or null when the cart can be saved with it. */
function typedQuantityProblem(text: string, product: AvailableLine["product"]): string | null {
  if (text.trim() === "") return "Enter the number of units as a whole number";
  return cartQuantityProblem(Number(text), product.minOrderQuantity, product.stock);
}

type QuantityInputProps = { line: AvailableLine; text: string; problem: string | null; onType: (line: AvailableLine, text: string) => void };

function QuantityInput({ line, text, problem, onType }: QuantityInputProps) {
  const { product } = line;
  const id = `cart-quantity-${product.id}`;

  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="sr-only">
        Quantity of {product.name}
      </label>
      <input
        id={id}
        type="number"
        onWheel={letGoOnWheel}
        inputMode="numeric"
        min={product.minOrderQuantity}
        max={product.stock}
        step={1}
        value={text}
        onChange={(event) => onType(line, event.target.value)}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-error` : undefined}
        className={`w-24 rounded-md border bg-white px-2 py-1.5 text-base text-slate-900 ${problem ? "border-red-700" : "border-slate-400"}`}
      />
      {problem ? (
        <p id={`${id}-error`} className="text-sm font-medium text-red-700">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

// The empty cart's box: the most common answer once the cart has settled.
const EMPTY_BOX = "mt-6 rounded-xl border border-slate-200 bg-slate-50 p-8 text-center";

/**
 * While the cart is read: in the empty cart's box, its second line there but unseen, so the page below
 * does not move when an empty cart comes (the footer moved 126 px on a phone, a layout shift of 0.11).
 */
function CartLoading() {
  return (
    <div className={EMPTY_BOX} aria-busy="true">
      <p className="text-lg font-semibold text-slate-900">Loading your cart…</p>
      <p className="invisible mt-2" aria-hidden="true">
        Browse our tools and add what you need.
      </p>
    </div>
  );
}

/** The account's cart or its products' details could not be read: saying "empty" would be a guess. */
function CartNotLoaded() {
  return (
    <p className="mt-6 text-red-700" role="alert">
      {CART_NOT_LOADED}
    </p>
  );
}


/**
 * What stands between the cart and Checkout, as the sentence under the subtotal: quantities to fix,
 * and products to remove (out of stock, where no quantity will do, or no longer on sale).
 */
function checkoutSteps(fix: boolean, soldOut: boolean, offSale: boolean): string {
  const remove = soldOut && offSale ? "that are out of stock or no longer on sale" : soldOut ? "that are out of stock" : offSale ? "no longer on sale" : null;
  const steps = [fix ? "fix the highlighted quantities" : null, remove ? `remove the products ${remove}` : null].filter((step) => step !== null);
  const sentence = `${steps.join(" and ")} to check out.`;
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** "the quantity is fixed", "the products out of stock are removed": what the status line waits for. */
function checkoutWaitsFor(fixCount: number, soldOutCount: number): string {
  const fix = fixCount === 0 ? null : fixCount === 1 ? "the quantity is fixed" : "the quantities are fixed";
  const remove = soldOutCount === 0 ? null : soldOutCount === 1 ? "the product out of stock is removed" : "the products out of stock are removed";
  return [fix, remove].filter((part) => part !== null).join(" and ");
}

/**
 * Focuses `target` (a product's Remove button, or "main") when focus has fallen to the page's body or
 * is still where an earlier call put it (`putAt`); never when the customer has moved it on.
 */
function focusRemoveTarget(target: string, putAt: { current: HTMLElement | null }): void {
  const active = document.activeElement;
  if (active && active !== document.body && active !== putAt.current) return;
  const element =
    target === "main" ? document.getElementById("main") : document.querySelector<HTMLElement>(`tr[data-product-id="${CSS.escape(target)}"] td:last-child button`);
  if (!element || element === active) return;
  element.focus();
  putAt.current = element;
}

type CartViewProps = {
  /** The flat shipping charge checkout adds to every order (SHIPPING_FLAT_CENTS). */
  shippingCents: number;
};

/**
 * The cart: each product with its image, name, unit price, quantity and line total, then the
 * subtotal. It is not the order's total: checkout adds the flat shipping charge, which is said here.
 */
export function CartView({ shippingCents }: CartViewProps) {
  const { lines, settled, unread, loading, failed, error, noLongerOnSale } = useCartDetails();
  // What the customer typed in each quantity field. Only valid quantities are saved (the server refuses
  // the others), so while a field holds an invalid one the saved quantity is not what the page shows:
  // the cart then offers no checkout and no total, rather than checking out the saved amount.
  const [typed, setTyped] = useState<Record<string, string>>({});
  // Where the keyboard goes after a Remove: the product whose Remove button takes over, or "main". The
  // table is rebuilt meanwhile (the cart's details are read again, with "Loading…" in between), so for
  // a moment after each Remove, focus that has fallen to the page's body is put back there. A refused
  // Remove brings its line back, and the keyboard with it, from wherever the Remove had put it.
  const focusAfterRemove = useRef<string | null>(null);
  const focusPutAt = useRef<HTMLElement | null>(null);
  useEffect(() => {
    if (focusAfterRemove.current) focusRemoveTarget(focusAfterRemove.current, focusPutAt);
  });

  // A signed-in customer's cart comes from the account: until it has, "empty" would be a guess.
  if (!settled) return <CartLoading />;
  if (unread) return <CartNotLoaded />;
  if (lines.length === 0) {
    return (
      <>
        <NoLongerOnSaleNote products={noLongerOnSale} className="mt-6" />
        <div className={EMPTY_BOX}>
          <p className="text-lg font-semibold text-slate-900">Your cart is empty.</p>
          <p className="mt-2 text-slate-700">
            <Link href="/servicedata" className={textLinkClass}>
              Browse our tools
            </Link>{" "}
            and add what you need.
          </p>
        </div>
      </>
    );
  }
  if (loading) return <CartLoading />;
  if (failed) return <CartNotLoaded />;

  const available = lines.filter((line): line is AvailableLine => line.product !== null);
  const shown = new Map(
    available.map((line) => {
      const draft = typed[line.productId];
      // A valid draft that differs from the saved quantity means the cart changed elsewhere (another tab): show that.
      const text = draft !== undefined && (typedQuantityProblem(draft, line.product) !== null || Number(draft) === line.quantity) ? draft : String(line.quantity);
      return [line.productId, { text, problem: typedQuantityProblem(text, line.product) }];
    }),
  );
  const orderable = available.every((line) => shown.get(line.productId)?.problem === null);
  // The field's error, the subtotal's "—" and the missing Checkout all change silently while typing:
  // this says them in one polite line (empty when fine). Not the visible note's wording, whose "no
  // longer on sale" belongs to NoLongerOnSaleNote's status. A line out of stock cannot be fixed by its
  // quantity, only removed, so it is told that instead.
  const problemLines = available.flatMap((line) => {
    const problem = shown.get(line.productId)?.problem;
    return problem ? [{ product: line.product, problem }] : [];
  });
  const soldOutCount = problemLines.filter((line) => isOutOfStock(line.product)).length;
  const quantityProblems = problemLines.map(({ product, problem }) =>
    isOutOfStock(product) ? `${product.name} is out of stock: remove it from your cart.` : `Quantity of ${product.name}: ${problem}.`,
  );
  const checkoutStatus =
    quantityProblems.length === 0
      ? ""
      : [`Subtotal and checkout are unavailable until ${checkoutWaitsFor(problemLines.length - soldOutCount, soldOutCount)}.`, ...quantityProblems].join(" ");
  const currency = available[0]?.product.currency ?? "USD";
  const subtotal = available.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);

  function typeQuantity(line: AvailableLine, text: string) {
    setTyped((current) => ({ ...current, [line.productId]: text }));
    if (typedQuantityProblem(text, line.product) === null) void setCartQuantity(line.productId, Number(text));
  }

  /** Focus goes to `target` (a product's Remove, or "main") for the next few renders (focusAfterRemove says why). */
  function keepFocusOn(target: string) {
    focusAfterRemove.current = target;
    setTimeout(() => {
      if (focusAfterRemove.current === target) focusAfterRemove.current = null;
    }, 3_000);
  }

  /**
   * Removes a line. The button pressed goes with its row: focus moves to the next row's Remove (or the
   * previous row's), or to the page's main region once the cart is empty. A toast says what went once
   * the account's cart has saved it; when the save is refused, the line comes back with its Remove
   * focused, and the page shows the server's reason.
   */
  async function remove(productId: string, name: string | null, button: HTMLButtonElement) {
    const row = button.closest("tr");
    const neighbour = (row?.nextElementSibling ?? row?.previousElementSibling)?.getAttribute("data-product-id");
    keepFocusOn(neighbour ?? "main");
    setTyped((current) => Object.fromEntries(Object.entries(current).filter(([id]) => id !== productId)));
    const refused = await removeFromCart(productId);
    if (refused === null) {
      notify.success(name ? `${name} removed from your cart` : "Removed from your cart");
      return;
    }
    // The line is back (or about to be): the keyboard goes back to its Remove, as it was before the press.
    keepFocusOn(productId);
    focusRemoveTarget(productId, focusPutAt);
    notify.error(name ? `${name} was not removed from your cart` : "The product was not removed from your cart");
  }

  return (
    <div className="mt-6">
      <NoLongerOnSaleNote products={noLongerOnSale} className="mb-4" />
      {error ? (
        <p role="alert" className="mb-4 rounded-md border border-red-300 bg-red-50 p-3 text-red-800">
          {error}
        </p>
      ) : null}
      {/* On phones each line becomes a card with every control in view (the stacked tables of app/globals.css). */}
      <div
        role="region"
        aria-labelledby="cart-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none"
      >
        <table className="stack-table w-full min-w-[40rem] border-collapse text-left" style={CART_COLUMNS}>
          <caption id="cart-caption" className="sr-only">
            Products in your cart
          </caption>
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr className="border-b border-slate-200">
              <th scope="col" className="px-4 py-3 font-semibold">
                Product
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Unit price
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                Quantity
              </th>
              <th scope="col" className="px-4 py-3 text-right font-semibold">
                Total
              </th>
              <th scope="col" className="px-4 py-3 font-semibold">
                <span className="sr-only">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {lines.map((line) =>
              line.product ? (
                <tr key={line.productId} data-product-id={line.productId} className="border-b border-slate-200 last:border-b-0">
                  <th scope="row" className="px-4 py-3 font-normal">
                    <span className="flex items-center gap-3">
                      <Img src={line.product.imageUrl} alt="" width={64} height={48} className="h-12 w-16 shrink-0 rounded-md bg-stone-100 object-cover" />
                      <span className="font-semibold text-slate-900">{line.product.name}</span>
                    </span>
                  </th>
                  <td className="px-4 py-3 whitespace-nowrap text-slate-900">{formatMoney(line.product.priceCents, line.product.currency)}</td>
                  <td className="px-4 py-3">
                    <QuantityInput
                      line={{ ...line, product: line.product }}
                      text={shown.get(line.productId)?.text ?? String(line.quantity)}
                      problem={shown.get(line.productId)?.problem ?? null}
                      onType={typeQuantity}
                    />
                  </td>
                  <td className="px-4 py-3 text-right font-semibold whitespace-nowrap text-slate-900" data-testid="line-total">
                    {shown.get(line.productId)?.problem ? "—" : formatMoney(line.product.priceCents * line.quantity, line.product.currency)}
                  </td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      onClick={(event) => void remove(line.productId, line.product?.name ?? null, event.currentTarget)}
                      className={buttonClasses("secondary", "sm", "text-red-700 hover:bg-red-50")}
                    >
                      Remove<span className="sr-only"> {line.product.name}</span>
                    </button>
                  </td>
                </tr>
              ) : (
                <tr key={line.productId} data-product-id={line.productId} className="border-b border-slate-200 last:border-b-0">
                  <td colSpan={4} className="px-4 py-3 text-slate-700">
                    A product in your cart is no longer on sale.
                  </td>
                  <td className="px-4 py-3">
                    <button type="button" onClick={(event) => void remove(line.productId, null, event.currentTarget)} className={buttonClasses("secondary", "sm")}>
                      Remove
                    </button>
                  </td>
                </tr>
              ),
            )}
          </tbody>
        </table>
      </div>
      <div className="mt-6 flex flex-wrap items-center justify-end gap-4">
        <p role="status" className="sr-only">
          {checkoutStatus}
        </p>
        <div className="text-right">
          <p className="text-xl font-bold text-slate-900">
            Subtotal: <span data-testid="cart-total">{orderable ? formatMoney(subtotal, currency) : "—"}</span>
          </p>
          {/* As checkout's summary says it, so the order's total there is no surprise. */}
          <p className="mt-1 text-slate-700" data-testid="cart-shipping">
            {shippingCents === 0 ? "Shipping: Free" : `Shipping of ${formatMoney(shippingCents, currency)} is added at checkout.`}
          </p>
        </div>
        {orderable && available.length === lines.length ? (
          <Link href="/checkout" className={buttonClasses("primary", "lg")}>
            Checkout
          </Link>
        ) : (
          <p className="text-slate-700">{checkoutSteps(problemLines.length > soldOutCount, soldOutCount > 0, available.length < lines.length)}</p>
        )}
      </div>
    </div>
  );
}

"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { flushSync } from "react-dom";
import { useForm } from "react-hook-form";
import toast from "react-hot-toast";
import { z } from "zod";
import { formatCount } from "@/models/count";
import { AddressFields } from "@/components/orders/address-fields";
import { PaymentPanel } from "@/components/payments/payment-panel";
import { NETWORK_ERROR_MESSAGE } from "@/components/ui/api-response";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { Modal } from "@/components/ui/modal";
import { SubmitButton } from "@/components/ui/submit-button";
import { TextField } from "@/components/ui/text-field";
import { formatMoney } from "@/lib/money/format";
import { cartQuantityProblem } from "@/models/cart";
import type { Product } from "@/models/catalog";
import { EMPTY_SHIPPING_ADDRESS, phoneSchema, shippingAddressSchema, type ShippingAddress } from "@/models/orders";
import { orderAttempt, type OrderAttempt } from "@/components/orders/attempt-key";
import { clearCart } from "./cart-store";
import { NoLongerOnSaleNote } from "./no-longer-on-sale-note";
import { CART_NOT_LOADED, useCartDetails, type DetailedLine } from "./use-cart-details";

const checkoutSchema = z.object({ phone: phoneSchema, shippingAddress: shippingAddressSchema });

type CheckoutFormProps = {
  email: string;
  shippingCents: number;
  /** How long a placed order stays reserved, in words ("24 hours", ORDER_HOLD_MINUTES). */
  hold: string;
  defaults: { phone: string; shippingAddress: ShippingAddress } | null;
};

type Placed = { id: string; number: string; totalCents: number; currency: string };

/**
 * One button places the order (with an Idempotency-Key per attempt) and opens the payment right here.
 * The contact and address fields do not depend on the cart, so they are there at once and can be
 * filled while the cart is read; only the summary and the button wait for it.
 */
export function CheckoutForm({ email, shippingCents, hold, defaults }: CheckoutFormProps) {
  const router = useRouter();
  const { lines, settled, loading, failed, mode, refresh, noLongerOnSale } = useCartDetails();
  // Checkout is for signed-in customers: a cart that settled as the browser's means the account's
  // could not be read (the session or /api/cart failed), not that it is empty.
  const unreadable = failed || (settled && mode !== "account");
  const ready = settled && mode === "account" && !loading && !failed;
  const [formError, setFormError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState<OrderAttempt | null>(null);
  const [placed, setPlaced] = useState<Placed | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(checkoutSchema),
    defaultValues: { phone: defaults?.phone ?? "", shippingAddress: defaults?.shippingAddress ?? EMPTY_SHIPPING_ADDRESS },
  });

  const available = lines.flatMap((line) => (line.product ? [{ ...line, product: line.product }] : []));
  const currency = available[0]?.product.currency ?? "USD";
  const subtotal = available.reduce((sum, line) => sum + line.product.priceCents * line.quantity, 0);
  const problems = available.filter((line) => cartQuantityProblem(line.quantity, line.product.minOrderQuantity, line.product.stock) !== null);
  // A product taken off sale after the cart was read: the order would leave it out, so the cart page says so first.
  const gone = ready ? lines.filter((line) => !line.product) : [];

  async function post(body: unknown, key: string): Promise<Response> {
    return fetch("/api/orders", {
      method: "POST",
      credentials: "same-origin",
      headers: { "content-type": "application/json", accept: "application/json", "idempotency-key": key },
      body: JSON.stringify(body),
    });
  }

  const onSubmit = handleSubmit(async (values) => {
    // The button refuses while the cart is read; Enter in a field goes through it too.
    if (!ready) return;
    setFormError(null);
    // The total on this page goes with the order: if a price changed meanwhile, the server refuses
    // rather than charge a total the customer never saw, and the summary is read again below.
    const body = {
      items: available.map((line) => ({ productId: line.productId, quantity: line.quantity })),
      ...values,
      expectedTotalCents: subtotal + shippingCents,
    };
    const next = orderAttempt(attempt, body);
    setAttempt(next);
    const { key } = next;
    let response: Response;
    try {
      // One automatic retry on a network error, with the same key: the server answers the same order.
      response = await post(body, key).catch(() => post(body, key));
    } catch {
      setFormError(NETWORK_ERROR_MESSAGE);
      return;
    }
    setAttempt(null);
    const answer = (await response.json().catch(() => null)) as (Placed & { error?: { message: string; fields?: Record<string, string> } }) | null;
    if (!response.ok || !answer) {
      const fields = answer?.error?.fields ?? {};
      for (const [name, message] of Object.entries(fields)) {
        if (name === "phone" || name.startsWith("shippingAddress.")) setError(name as "phone", { message });
      }
      setFormError(answer?.error?.message ?? "The order could not be placed. Please try again.");
      // Stock or a price may have changed since the cart was read: read it again, so the summary and
      // the "fix them in your cart" line show what the server refused, not the old figures.
      refresh();
      return;
    }
    toast.success("Order placed");
    // The placed order (and its payment dialog, which takes the keyboard) is on the page before the
    // cart is emptied: emptied first, the page said "Your cart is empty" for the save's round trip,
    // and the focused button went with the form. flushSync, because the emptied cart reaches the page
    // at a higher priority than a state update made after an await would.
    flushSync(() => setPlaced(answer));
    await clearCart();
  });

  function paid() {
    if (!placed) return;
    toast.success("Payment successful");
    router.push(`/dashboard/orders/${encodeURIComponent(placed.id)}`);
    router.refresh();
  }

  function closePayment() {
    if (!placed) return;
    // Not paid now: the order waits, reserved, on its payment page.
    router.push(`/dashboard/payment/${encodeURIComponent(placed.id)}`);
  }

  if (placed) {
    return (
      <>
        <p className="mt-6 text-slate-800">
          Order <span className="font-semibold">{placed.number}</span> is placed and reserved for you for {hold}.{" "}
          <Link href={`/dashboard/payment/${encodeURIComponent(placed.id)}`} className="font-semibold text-brand underline underline-offset-2">
            Pay for it
          </Link>
        </p>
        <Modal open onClose={closePayment} title="Card payment" closeLabel="Close payment">
          <PaymentPanel orderId={placed.id} onPaid={paid} />
        </Modal>
      </>
    );
  }

  if (ready && available.length === 0) {
    // Nothing left to order, but what left the cart is still named (a cart of one product taken off sale).
    return (
      <>
        <NoLongerOnSaleNote products={noLongerOnSale} className="mt-6" />
        <p className="mt-6 text-slate-800">
          {gone.length > 0 ? "The products in your cart are no longer on sale." : "Your cart is empty."}{" "}
          <Link href="/servicedata" className="font-semibold text-brand underline underline-offset-2">
            Browse our tools
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <NoLongerOnSaleNote products={noLongerOnSale} className="mt-6" />
      <div className="mt-6 grid gap-8 lg:grid-cols-[minmax(0,1fr)_22rem]">
        <form method="post" onSubmit={onSubmit} noValidate aria-describedby="checkout-status" className="flex flex-col gap-5">
          <FormStatus id="checkout-status" message={formError} />
          <TextField id="checkout-email" label="Email" type="email" value={email} readOnly className="read-only:bg-slate-100 read-only:text-slate-700" />
          <TextField id="checkout-phone" label="Contact Number" type="tel" autoComplete="tel" inputMode="tel" placeholder="+1 555 010 0199" error={errors.phone?.message} defaultValue={defaults?.phone} {...register("phone")} />
          <AddressFields idPrefix="checkout-address" field={(name) => register(`shippingAddress.${name}`)} errorOf={(name) => errors.shippingAddress?.[name]?.message} defaults={defaults?.shippingAddress} />
          {problems.length > 0 || gone.length > 0 ? (
            <p role="alert" className="text-red-700">
              {gone.length > 0 ? "Some products are no longer on sale." : "Some quantities are no longer available."}{" "}
              <Link href="/cart" className="font-semibold underline">
                Fix them in your cart
              </Link>
              .
            </p>
          ) : null}
          {unreadable || problems.length > 0 || gone.length > 0 ? null : (
            <SubmitButton pending={isSubmitting || !ready} pendingLabel={isSubmitting ? "Placing order…" : "Loading your cart…"} className={buttonClasses("primary", "lg", "w-full sm:w-auto")}>
              Place order and pay {formatMoney(subtotal + shippingCents, currency)}
            </SubmitButton>
          )}
        </form>
        {/* On a phone the summary follows the form. When it says the cart could not be read, it moves
            above the form, so the reason there is no button is the first thing read. */}
        <section
          aria-labelledby="checkout-summary-title"
          className={`self-start rounded-xl border border-slate-200 bg-white p-5 shadow-sm ${unreadable ? "order-first lg:order-none" : ""}`}
        >
          <h2 id="checkout-summary-title" className="text-lg font-semibold text-slate-900">
            Your order
          </h2>
          {ready ? (
            <OrderSummary lines={available} subtotal={subtotal} shippingCents={shippingCents} currency={currency} />
          ) : unreadable ? (
            <p role="alert" className="mt-3 text-red-700">
              {CART_NOT_LOADED}
            </p>
          ) : (
            <p className="mt-3 text-slate-700" aria-busy="true">
              Loading your cart…
            </p>
          )}
        </section>
      </div>
    </>
  );
}

type OrderSummaryProps = { lines: (DetailedLine & { product: Product })[]; subtotal: number; shippingCents: number; currency: string };

/** The order's lines, subtotal, shipping and total, as the button will place it. */
function OrderSummary({ lines, subtotal, shippingCents, currency }: OrderSummaryProps) {
  return (
    <>
      <ul className="mt-3 divide-y divide-slate-100">
        {lines.map((line) => (
          <li key={line.productId} className="flex justify-between gap-3 py-2 text-slate-900">
            <span>
              {line.product.name} ×{formatCount(line.quantity)}
            </span>
            <span className="whitespace-nowrap">{formatMoney(line.product.priceCents * line.quantity, currency)}</span>
          </li>
        ))}
      </ul>
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-y-1 border-t border-slate-200 pt-3">
        <dt className="text-slate-700">Subtotal</dt>
        <dd className="text-right text-slate-900">{formatMoney(subtotal, currency)}</dd>
        <dt className="text-slate-700">Shipping</dt>
        <dd className="text-right text-slate-900" data-testid="checkout-shipping">
          {shippingCents === 0 ? "Free" : formatMoney(shippingCents, currency)}
        </dd>
        <dt className="text-lg font-bold text-slate-900">Total</dt>
        <dd className="text-right text-lg font-bold text-slate-900" data-testid="checkout-total">
          {formatMoney(subtotal + shippingCents, currency)}
        </dd>
      </dl>
    </>
  );
}

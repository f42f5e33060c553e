import type { Metadata } from "next";
import { CheckoutForm } from "@/components/cart/checkout-form";
import { requirePageActor } from "@/app/page-session";
import { getEnv } from "@/lib/env";
import { formatMinutes } from "@/models/count";
import { findOrderFormDefaults } from "@/lib/orders/service";

export const metadata: Metadata = { title: "Checkout", robots: { index: false } };

export default async function CheckoutPage() {
  const actor = await requirePageActor("/checkout");
  const defaults = await findOrderFormDefaults(actor);

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Checkout</h1>
      <p className="mt-2 text-slate-700">Where should we send your tools? You pay right after placing the order.</p>
      <CheckoutForm email={actor.email} shippingCents={getEnv().SHIPPING_FLAT_CENTS} hold={formatMinutes(getEnv().ORDER_HOLD_MINUTES)} defaults={defaults} />
    </div>
  );
}

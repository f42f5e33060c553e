import type { Metadata } from "next";
import { CartView } from "@/components/cart/cart-view";
import { getEnv } from "@/lib/env";

export const metadata: Metadata = { title: "Cart", robots: { index: false } };

// Rendered at request time, as checkout is: the page says the shipping charge (SHIPPING_FLAT_CENTS),
// and a page prerendered at build time would say the build's, which a shop run with another setting
// (the Docker image is built without one) then contradicts at checkout.
export const dynamic = "force-dynamic";

export default function CartPage() {
  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-10 sm:px-6 lg:px-8">
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Your cart</h1>
      <CartView shippingCents={getEnv().SHIPPING_FLAT_CENTS} />
    </div>
  );
}

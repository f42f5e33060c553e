import type { Metadata } from "next";
import Link from "next/link";
import { findPageActor, requirePageActor } from "@/app/page-session";
import { AddToCartButton } from "@/components/cart/add-to-cart-button";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { OrderForm } from "@/components/orders/order-form";
import { textLinkClass } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { findProductAt } from "@/lib/catalog/service";
import { getEnv } from "@/lib/env";
import { formatMoney, formatUnits } from "@/lib/money/format";
import { findOrderFormDefaults } from "@/lib/orders/service";
import { formatCount, formatMinutes } from "@/models/count";
import { stockState } from "@/models/stock";

const pageMetadata = { title: "Purchase", robots: { index: false } } satisfies Metadata;

type PurchasePageProps = { params: Promise<{ id: string }>; searchParams: Promise<{ quantity?: string | string[] }> };

export async function generateMetadata({ params }: PurchasePageProps): Promise<Metadata> {
  // Signed out, the page redirects to sign-in: the title says nothing of the product.
  if (!(await findPageActor())) return pageMetadata;
  return (await findProductAt((await params).id)) ? pageMetadata : notFoundMetadata;
}

export default async function PurchasePage({ params, searchParams }: PurchasePageProps) {
  const { id } = await params;
  // Sign-in first: a signed-out visitor learns nothing, not even whether the product exists.
  const actor = await requirePageActor(`/purchasePages/${encodeURIComponent(id)}`);
  const product = await findProductAt(id);
  if (!product) return notFoundPage();
  const stock = stockState(product);
  const inStock = stock.kind !== "out";
  const defaults = inStock ? await findOrderFormDefaults(actor) : null;
  // The quantity chosen on the product page, when it is one that can be ordered; the form checks it again.
  const asked = Number((await searchParams).quantity);
  const defaultQuantity =
    Number.isInteger(asked) && asked >= product.minOrderQuantity && asked <= product.stock ? asked : undefined;

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 lg:px-8">
      <p className="mb-6 text-sm">
        <Link href="/servicedata" className={textLinkClass}>
          <span aria-hidden="true">←</span> Back to all tools
        </Link>
      </p>
      <div className="grid gap-8 md:grid-cols-2 lg:gap-12">
        <article>
          <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">{product.name}</h1>
          <div className="mt-6 overflow-hidden rounded-xl border border-slate-200 bg-stone-100">
            <Img src={product.imageUrl} alt={product.name} width={800} height={600} className="aspect-[4/3] h-auto w-full object-cover" />
          </div>
          <p className="mt-6 text-3xl font-bold text-brand">
            <span className="sr-only">Price: </span>
            {formatMoney(product.priceCents, product.currency)}
            {" "}
            <span className="text-base font-medium text-slate-600">per unit</span>
          </p>
          <ul className="mt-4 space-y-1 text-slate-700">
            <li>
              Available stock: <span className="font-semibold text-slate-900">{formatCount(product.stock)}</span>
            </li>
            <li>
              Minimum order: <span className="font-semibold text-slate-900">{formatUnits(product.minOrderQuantity)}</span>
            </li>
          </ul>
          <h2 className="mt-8 text-lg font-semibold text-slate-900">About this tool</h2>
          <p className="mt-2 leading-7 text-slate-700">{product.description}</p>
        </article>

        <section aria-labelledby="order-title" className="self-start rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h2 id="order-title" className="text-2xl font-bold text-slate-900">
            Order this tool
          </h2>
          {inStock ? (
            <>
              <p className="mt-2 mb-6 text-slate-600">
                Your order is reserved for you for {formatMinutes(getEnv().ORDER_HOLD_MINUTES)} as soon as you place it, and you pay for it on the next
                page.
              </p>
              <OrderForm
                productId={product.id}
                productName={product.name}
                email={actor.email}
                unitPriceCents={product.priceCents}
                shippingCents={getEnv().SHIPPING_FLAT_CENTS}
                currency={product.currency}
                minOrderQuantity={product.minOrderQuantity}
                stock={product.stock}
                defaults={defaults}
                defaultQuantity={defaultQuantity}
              />
              <div className="mt-6 flex flex-wrap items-center gap-3 border-t border-slate-200 pt-6">
                <span className="text-slate-700">Buying more than one tool?</span>
                <AddToCartButton productId={product.id} productName={product.name} minOrderQuantity={product.minOrderQuantity} stock={product.stock} />
              </div>
            </>
          ) : (
            <div className="mt-4 rounded-lg border border-slate-300 bg-slate-50 p-4">
              <p className="text-lg font-semibold text-slate-900">Out of stock</p>
              <p className="mt-1 text-slate-700">
                {stock.reason} Check back soon or{" "}
                <Link href="/servicedata" className={textLinkClass}>
                  browse other tools
                </Link>
                .
              </p>
            </div>
          )}
        </section>
      </div>
    </div>
  );
}

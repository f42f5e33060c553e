import type { Metadata } from "next";
import Link from "next/link";
import { cache } from "react";
import { findPageActor, requirePageActor } from "@/app/page-session";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { PayButton } from "@/components/payments/pay-button";
import { textLinkClass } from "@/components/ui/button";
import { orNotFound } from "@/lib/errors";
import { formatMoney } from "@/lib/money/format";
import { getOwnOrder } from "@/lib/orders/service";
import { AddressBlock, OrderLines } from "@/components/orders/order-lines";
import { formatDateTime } from "@/models/dates";
import { STATUS_LABELS } from "@/models/orders";
import { isStripeConfigured } from "@/lib/payments/stripe";
import type { Actor } from "@/lib/accounts/actor";
import type { OrderView } from "@/models/orders";

const pageMetadata = { title: "Payment", robots: { index: false } } satisfies Metadata;

type PaymentPageProps = { params: Promise<{ orderId: string }> };

/** The signed-in customer's own order, read once for the title and the page. Admins may read any order, but only its customer pays for it. */
const findOwnOrder = cache((actor: Actor, id: string): Promise<OrderView | null> => orNotFound(getOwnOrder(actor, id)));

export async function generateMetadata({ params }: PaymentPageProps): Promise<Metadata> {
  const actor = await findPageActor();
  // Signed out, the page redirects to sign-in.
  if (!actor) return pageMetadata;
  return (await findOwnOrder(actor, (await params).orderId)) ? pageMetadata : notFoundMetadata;
}

export default async function PaymentPage({ params }: PaymentPageProps) {
  const { orderId } = await params;
  const actor = await requirePageActor(`/dashboard/payment/${encodeURIComponent(orderId)}`);
  const order = await findOwnOrder(actor, orderId);
  if (!order) return notFoundPage();
  const testMode = !isStripeConfigured();
  const total = formatMoney(order.totalCents, order.currency);

  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Payment</h1>
        {testMode ? (
          <span className="rounded-full border border-amber-400 bg-amber-50 px-3 py-1 text-sm font-semibold text-amber-950">Test mode</span>
        ) : null}
      </div>
      {testMode ? (
        <p className="mt-2 text-slate-700">This shop runs its test payment processor: no real card is charged.</p>
      ) : null}

      <section aria-labelledby="order-summary-title" className="mt-6 max-w-xl rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <h2 id="order-summary-title" className="text-xl font-semibold text-slate-900">
          Order summary
        </h2>
        <p className="mt-1 text-slate-700">
          Order <span className="font-semibold text-slate-900">{order.number}</span>
        </p>
        <div className="mt-4">
          <OrderLines order={order} />
        </div>
        <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-6 gap-y-3">
          <dt className="font-medium text-slate-600">Email</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere] text-slate-900">{order.email}</dd>
          <dt className="font-medium text-slate-600">Contact number</dt>
          <dd className="text-slate-900">{order.phone}</dd>
          <dt className="font-medium text-slate-600">Ship to</dt>
          <dd>
            <AddressBlock address={order.shippingAddress} />
          </dd>
        </dl>

        <div className="mt-6 border-t border-slate-200 pt-6">
          {order.status !== "unpaid" ? (
            <div className="rounded-lg border border-slate-300 bg-slate-50 p-4">
              <p className="font-semibold text-slate-900">
                {order.status === "paid" ? "This order is already paid." : `This order can no longer be paid: ${STATUS_LABELS[order.status].toLowerCase()}.`}
              </p>
              <p className="mt-1">
                <Link href={`/dashboard/orders/${encodeURIComponent(order.id)}`} className={textLinkClass}>
                  See the order
                </Link>
              </p>
            </div>
          ) : (
            <>
              {order.expiresAt ? (
                <p className="mb-4 text-slate-700">
                  Reserved for you until <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>. Pay by then, or the
                  order expires and the units go back on sale.
                </p>
              ) : null}
              <PayButton orderId={order.id} totalLabel={total} />
            </>
          )}
        </div>
      </section>
    </>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { cache } from "react";
import { formatDateTime } from "@/models/dates";
import { listFrom } from "@/components/admin/list-return";
import { AuditHistoryLink } from "@/components/admin/audit-history-link";
import { AdminOrderActions } from "@/components/admin/order-actions";
import { MANAGE_ORDER_PAGE_SIZE, MANAGE_ORDER_PATH, manageOrderHref, readOrderFilters } from "@/components/admin/order-filters";
import { keptPageSize, readPageQuery } from "@/components/admin/pagination";
import { MY_ORDERS_PAGE_SIZE, MY_ORDERS_PATH, myOrdersHref } from "@/components/orders/my-orders-href";
import { findPageActor, requirePageActor } from "@/app/page-session";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { CancelOrderButton } from "@/components/orders/cancel-order-button";
import { AddressBlock, OrderLines } from "@/components/orders/order-lines";
import { PrintButton } from "@/components/orders/print-button";
import { StatusBadge } from "@/components/orders/status-badge";
import { buttonClasses } from "@/components/ui/button";
import { orNotFound } from "@/lib/errors";
import { countAuditEntries } from "@/lib/audit/service";
import { findPayingCard, readOrderFor } from "@/lib/orders/service";
import { settleReturnedPayment } from "@/lib/payments/service";
import type { Actor } from "@/lib/accounts/actor";
import { unitsOf, type OrderView } from "@/models/orders";
import { cardDescription } from "@/models/payments";

const pageMetadata = { title: "Order", robots: { index: false } } satisfies Metadata;

type OrderPageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * The order at this address as the signed-in visitor may see it (theirs, or any for an admin), read
 * once for the title and the page, with whether it is the visitor's own.
 */
const findOrder = cache((actor: Actor, id: string): Promise<{ order: OrderView; own: boolean } | null> => orNotFound(readOrderFor(actor, id)));

export async function generateMetadata({ params }: OrderPageProps): Promise<Metadata> {
  const actor = await findPageActor();
  // Signed out, the page redirects to sign-in.
  if (!actor) return pageMetadata;
  return (await findOrder(actor, (await params).id)) ? pageMetadata : notFoundMetadata;
}

function timeline(order: OrderView): { label: string; at: string }[] {
  const steps: { label: string; at: string | null }[] = [
    { label: "Placed", at: order.createdAt },
    { label: "Paid", at: order.paidAt },
    { label: "Shipped", at: order.shippedAt },
    { label: "Cancelled", at: order.cancelledAt },
    { label: "Expired: the units went back on sale", at: order.expiredAt },
    { label: order.refundReason ? `Refunded (${order.refundReason})` : "Refunded", at: order.refundedAt },
  ];
  return steps.filter((step): step is { label: string; at: string } => step.at !== null).sort((a, b) => a.at.localeCompare(b.at));
}

/**
 * The way back to the list this order was opened from (its link's `from`, ADR 065), at the same page
 * and filters: Manage Order for an admin, My Orders for a customer and for an admin who came from
 * their own orders. Without `from`, the first page of the list the account's role suggests.
 */
function wayBack(actor: Actor, from: string | string[] | undefined): { href: string; label: string } {
  const list = listFrom(from);
  // The parameters `from` carries when it names this list; none (its first page) when it names another.
  const paramsFor = (path: string) => (list?.path === path ? list.params : {});
  if (actor.role === "admin" && list?.path !== MY_ORDERS_PATH) {
    const params = paramsFor(MANAGE_ORDER_PATH);
    const paging = readPageQuery(params, MANAGE_ORDER_PAGE_SIZE);
    return { href: manageOrderHref(readOrderFilters(params), paging.page, paging.cursor, keptPageSize(paging, MANAGE_ORDER_PAGE_SIZE)), label: "Back to Manage Order" };
  }
  const paging = readPageQuery(paramsFor(MY_ORDERS_PATH), MY_ORDERS_PAGE_SIZE);
  return { href: myOrdersHref(paging, paging.page, paging.cursor), label: "Back to My Orders" };
}

/** An order and its receipt: number, date, lines, address, totals, payment reference and what happened when. */
export default async function OrderPage({ params, searchParams }: OrderPageProps) {
  const { id } = await params;
  const actor = await requirePageActor(`/dashboard/orders/${encodeURIComponent(id)}`);
  const query = await searchParams;
  const returning = query.payment_intent;
  const found = await findOrder(actor, id);
  if (!found) return notFoundPage();
  // Back from a payment method that left the shop (Stripe's return_url adds `payment_intent`).
  const returned = typeof returning === "string" && returning ? await settleReturnedPayment(actor, found.order, returning) : null;
  // Paid: the receipt at its own address, where a reload has nothing left to confirm.
  if (returned?.paid) redirect(`/dashboard/orders/${encodeURIComponent(found.order.id)}`);
  // Not paid yet, the check may have changed the order (a bank payment on its way stretches its hold):
  // read again, so the page's deadline is the one the notice names.
  const { order, own } = returned ? await readOrderFor(actor, id) : found;
  const paymentNotice = returned?.message ?? null;
  const steps = timeline(order);
  const [paidWith, changes] = await Promise.all([findPayingCard(order), actor.role === "admin" ? countAuditEntries(actor, "order", order.id) : null]);
  const back = wayBack(actor, query.from);
  const card = paidWith ? cardDescription(paidWith) : null;

  return (
    <article aria-labelledby="order-title" className="max-w-3xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="order-title" className="text-3xl font-bold tracking-tight text-slate-900">
          {order.status === "paid" ? "Receipt for order " : "Order "}
          {/* One piece on a phone: "TF-" and its digits do not part at the hyphen. */}
          <span className="whitespace-nowrap">{order.number}</span>
        </h1>
        <StatusBadge status={order.status} />
      </div>
      {paymentNotice ? (
        <p role="status" className="mt-4 rounded-lg border border-amber-300 bg-amber-50 p-4 text-slate-900">
          {paymentNotice}
        </p>
      ) : null}
      <p className="mt-2 text-slate-700">
        Placed <time dateTime={order.createdAt}>{formatDateTime(order.createdAt)}</time> by {order.email} · ToolForge
      </p>

      <section aria-labelledby="order-items-title" className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:border-0 print:p-0 print:shadow-none">
        <h2 id="order-items-title" className="sr-only">
          Items and totals
        </h2>
        <OrderLines order={order} />
      </section>

      <div className="mt-6 grid gap-6 sm:grid-cols-2">
        <section aria-labelledby="order-address-title">
          <h2 id="order-address-title" className="text-lg font-semibold text-slate-900">
            Shipping to
          </h2>
          <div className="mt-2">
            <AddressBlock address={order.shippingAddress} />
            <p className="mt-1 text-slate-700">{order.phone}</p>
          </div>
        </section>
        <section aria-labelledby="order-payment-title">
          <h2 id="order-payment-title" className="text-lg font-semibold text-slate-900">
            Payment
          </h2>
          {card ? <p className="mt-2 text-slate-900">Paid with {card}</p> : null}
          <p className={card ? "mt-1 text-slate-900" : "mt-2 text-slate-900"}>
            {order.paymentRef ? (
              <>
                Reference <span data-testid="payment-reference" className="font-mono [overflow-wrap:anywhere]">{order.paymentRef}</span>
              </>
            ) : (
              "Not paid"
            )}
          </p>
          {order.status === "unpaid" && order.expiresAt ? (
            <p className="mt-1 text-sm text-slate-700">
              Reserved for you until <time dateTime={order.expiresAt}>{formatDateTime(order.expiresAt)}</time>.
            </p>
          ) : null}
        </section>
      </div>

      <section aria-labelledby="order-timeline-title" className="mt-6">
        <h2 id="order-timeline-title" className="text-lg font-semibold text-slate-900">
          Status
        </h2>
        <ol className="mt-2 space-y-1 border-l-2 border-slate-200 pl-4">
          {steps.map((step) => (
            <li key={step.label} className="text-slate-900">
              <span className="font-semibold">{step.label}</span>{" "}
              <time dateTime={step.at} className="text-sm text-slate-600">
                {formatDateTime(step.at)}
              </time>
            </li>
          ))}
        </ol>
        {changes !== null ? (
          <p data-print-hide className="mt-3 text-sm">
            <AuditHistoryLink entity="order" entityId={order.id} changes={changes} />
          </p>
        ) : null}
      </section>

      {actor.role === "admin" ? <AdminOrderActions order={order} /> : null}

      <div data-print-hide className="mt-8 flex flex-wrap gap-3">
        {order.status === "unpaid" && own ? (
          <>
            <Link href={`/dashboard/payment/${encodeURIComponent(order.id)}`} className={buttonClasses("primary", "md")}>
              Pay now
            </Link>
            {/* As on My Orders; an admin cancels with the admin actions above. */}
            {actor.role === "admin" ? null : (
              <CancelOrderButton orderId={order.id} number={order.number} units={unitsOf(order.items)} srLabel={` order ${order.number}`} />
            )}
          </>
        ) : null}
        {/* Only a paid (or refunded) order has a receipt; the others print as what they are. */}
        <PrintButton label={order.status === "paid" || order.status === "refunded" ? "Print receipt" : "Print order"} />
        <Link href={back.href} className={buttonClasses("secondary", "md")}>
          {back.label}
        </Link>
      </div>
    </article>
  );
}

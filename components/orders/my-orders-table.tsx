import Link from "next/link";
import { formatDate } from "@/components/admin/format";
import { buttonClasses } from "@/components/ui/button";
import { stackColumnStyle } from "@/components/admin/data-table";
import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import { linesSummary, type OrderView } from "@/models/orders";
import { CancelOrderButton } from "./cancel-order-button";
import { StatusBadge } from "./status-badge";

const headClass = "px-3 py-3 text-left text-sm font-semibold whitespace-nowrap text-slate-700 sm:px-4";
const cellClass = "px-3 py-3 align-middle sm:px-4";
const myOrdersColumns = ["Order", "Items", "Total", "Status", "Shipping", "Action"];

/** The customer's orders: number and date, what was bought, total, status, shipping, and what can be done next. */
export function MyOrdersTable({ orders }: { orders: OrderView[] }) {
  return (
    <>
      <p aria-hidden="true" className="mb-2 hidden text-sm text-slate-600 sm:block lg:hidden">
        Scroll the table sideways to see every column.
      </p>
      {/* On phones each order is a stacked card (app/globals.css .stack-table); on tablets the table scrolls
          sideways, and the region is focusable so keyboard users can scroll it too. `relative` keeps the
          sr-only (absolutely positioned) texts inside the scroller, not widening the page. */}
      <div
        role="region"
        aria-labelledby="my-orders-caption"
        tabIndex={0}
        className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm max-sm:overflow-visible max-sm:rounded-none max-sm:border-0 max-sm:bg-transparent max-sm:shadow-none"
      >
        <table className="stack-table w-full min-w-[42rem] border-collapse" style={stackColumnStyle(myOrdersColumns)}>
          <caption id="my-orders-caption" className="sr-only">
            Your orders, newest first
          </caption>
          <thead className="bg-slate-50">
            <tr className="border-b border-slate-200">
              {["Order", "Items", "Total", "Status", "Shipping", "Action"].map((name) => (
                <th key={name} scope="col" className={headClass}>
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {orders.map((order) => {
              const summary = linesSummary(order.items);
              return (
                <tr key={order.id} data-order-id={order.id} className="border-b border-slate-200 last:border-b-0">
                  <th scope="row" className={`${cellClass} text-left font-normal whitespace-nowrap`}>
                    <Link
                      href={`/dashboard/orders/${encodeURIComponent(order.id)}`}
                      className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand"
                    >
                      {order.number}
                    </Link>
                    <time dateTime={order.createdAt} className="block text-xs text-slate-600">
                      {formatDate(order.createdAt)}
                    </time>
                  </th>
                  <td className={cellClass}>
                    <div className="flex items-center gap-3">
                      {order.items[0] ? (
                        <Img
                          src={order.items[0].productImageUrl}
                          alt=""
                          width={56}
                          height={42}
                          loading="lazy"
                          className="h-[42px] w-14 shrink-0 rounded-md bg-stone-100 object-cover"
                        />
                      ) : null}
                      <span className="text-slate-900">{summary}</span>
                    </div>
                  </td>
                  <td className={`${cellClass} font-semibold whitespace-nowrap text-slate-900`}>{formatMoney(order.totalCents, order.currency)}</td>
                  <td className={cellClass}>
                    <StatusBadge status={order.status} />
                  </td>
                  <td className={`${cellClass} text-sm whitespace-nowrap text-slate-800`}>
                    {order.status === "paid" || order.status === "refunded" ? (order.shipping === "shipped" ? "Shipped" : "Pending") : "—"}
                  </td>
                  <td className={cellClass}>
                    {order.status === "unpaid" ? (
                      <div className="flex flex-wrap gap-2">
                        <Link href={`/dashboard/payment/${encodeURIComponent(order.id)}`} className={buttonClasses("primary", "sm")}>
                          Pay
                          <span className="sr-only"> for order {order.number}</span>
                        </Link>
                        <CancelOrderButton
                          orderId={order.id}
                          number={order.number}
                          units={order.items.reduce((sum, item) => sum + item.quantity, 0)}
                          srLabel={` order ${order.number}`}
                        />
                      </div>
                    ) : (
                      <Link href={`/dashboard/orders/${encodeURIComponent(order.id)}`} className={buttonClasses("secondary", "sm")}>
                        {order.status === "paid" ? "Receipt" : "Details"}
                        <span className="sr-only"> of order {order.number}</span>
                      </Link>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </>
  );
}

import Link from "next/link";
import { cellClass, TableFrame } from "@/components/admin/data-table";
import { withListReturn } from "@/components/admin/list-return";
import { buttonClasses } from "@/components/ui/button";
import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import { linesSummary, unitsOf, type OrderView } from "@/models/orders";
import { CancelOrderButton } from "./cancel-order-button";
import { OrderNumberCell } from "./order-number-cell";
import { PaymentReference, StatusBadge } from "./status-badge";

const myOrdersColumns = ["Order", "Items", "Total", "Status", "Shipping", "Action"];

/** The customer's orders: number and date, what was bought, total, status, shipping, and what can be done next. */
export function MyOrdersTable({ orders, listHref }: { orders: OrderView[]; /** This page of the list, for the orders' way back. */ listHref: string }) {
  return (
    <>
      <p aria-hidden="true" className="mb-2 hidden text-sm text-slate-600 sm:block lg:hidden">
        Scroll the table sideways to see every column.
      </p>
      {/* On phones each order is a stacked card (app/globals.css .stack-table); on tablets the table scrolls sideways. */}
      <TableFrame id="my-orders" caption="Your orders, newest first" minWidth="min-w-[42rem]" columns={myOrdersColumns}>
        <tbody>
          {orders.map((order) => {
            const summary = linesSummary(order.items);
            return (
              <tr key={order.id} data-order-id={order.id} className="border-b border-slate-200 last:border-b-0">
                <OrderNumberCell order={order} listHref={listHref} />
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
                  <PaymentReference reference={order.paymentRef} />
                </td>
                <td className={`${cellClass} text-sm whitespace-nowrap text-slate-800`}>
                  {order.shipping === "shipped" ? "Shipped" : order.status === "paid" ? "Pending" : "—"}
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
                        units={unitsOf(order.items)}
                        srLabel={` order ${order.number}`}
                      />
                    </div>
                  ) : (
                    <Link href={withListReturn(`/dashboard/orders/${encodeURIComponent(order.id)}`, listHref)} className={buttonClasses("secondary", "sm")}>
                      {order.status === "paid" ? "Receipt" : "Details"}
                      <span className="sr-only"> of order {order.number}</span>
                    </Link>
                  )}
                </td>
              </tr>
            );
          })}
        </tbody>
      </TableFrame>
    </>
  );
}

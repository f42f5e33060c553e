import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { Img } from "@/components/ui/img";
import { formatMoney } from "@/lib/money/format";
import type { OrderView } from "@/models/orders";

/** The payment reference as the seed shows it: its first 6 characters and "..". */
function shortReference(reference: string | null): string {
  return reference ? `${reference.slice(0, 6)}..` : "";
}

const headClass = "px-3 py-3 text-left text-sm font-semibold whitespace-nowrap text-slate-700 sm:px-4";
const cellClass = "px-3 py-3 align-middle sm:px-4";

/** The customer's orders (the seed's table): count, image, name, quantity, total, payment, cancel. */
export function MyOrdersTable({ orders, offset = 0 }: { orders: OrderView[]; offset?: number }) {
  return (
    <>
      <p aria-hidden="true" className="mb-2 text-sm text-slate-600 lg:hidden">
        Scroll the table sideways to see every column.
      </p>
      {/* On phones the table scrolls sideways; the region is focusable so keyboard users can scroll it too.
          `relative` keeps the sr-only (absolutely positioned) texts inside the scroller, not widening the page. */}
      <div role="region" aria-labelledby="my-orders-caption" tabIndex={0} className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white shadow-sm">
        <table className="w-full min-w-[42rem] border-collapse">
          <caption id="my-orders-caption" className="sr-only">
            Your orders, newest first
          </caption>
          <thead className="bg-slate-50">
            <tr className="border-b border-slate-200">
              <th scope="col" className={headClass}>
                #
              </th>
              <th scope="col" className={headClass}>
                Image
              </th>
              <th scope="col" className={headClass}>
                Name
              </th>
              <th scope="col" className={headClass}>
                Quantity
              </th>
              <th scope="col" className={headClass}>
                Total
              </th>
              <th scope="col" className={headClass}>
                Payment
              </th>
              <th scope="col" className={headClass}>
                Cancel
              </th>
            </tr>
          </thead>
          <tbody>
            {orders.map((order, index) => {
              const paid = order.status === "paid";
              return (
                <tr key={order.id} data-order-id={order.id} className="border-b border-slate-200 last:border-b-0">
                  <td className={`${cellClass} text-slate-600`}>{offset + index + 1}</td>
                  <td className={cellClass}>
                    <Img src={order.productImageUrl} alt="" width={56} height={42} loading="lazy" className="h-[42px] w-14 rounded-md bg-stone-100 object-cover" />
                  </td>
                  <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900`}>
                    {order.productName}
                  </th>
                  <td className={`${cellClass} text-slate-800`}>{order.quantity}</td>
                  <td className={cellClass}>
                    <span className="font-semibold text-slate-900">{formatMoney(order.totalCents, order.currency)}</span>
                    <span className="block text-xs text-slate-600">
                      {order.quantity} × {formatMoney(order.unitPriceCents, order.currency)}
                    </span>
                  </td>
                  <td className={cellClass}>
                    {paid ? (
                      <div className="flex flex-col items-start gap-1 text-sm">
                        <span className="font-semibold text-green-800">Paid</span>
                        <span className="font-mono text-slate-700">
                          <span className="sr-only">Payment reference </span>
                          {shortReference(order.paymentRef)}
                        </span>
                        <span
                          className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
                            order.shipping === "shipped" ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"
                          }`}
                        >
                          <span className="sr-only">Shipping: </span>
                          {order.shipping === "shipped" ? "Shipped" : "Pending"}
                        </span>
                      </div>
                    ) : (
                      <Link href={`/dashboard/payment/${encodeURIComponent(order.id)}`} className={buttonClasses("primary", "sm")}>
                        Pay
                        <span className="sr-only"> for {order.productName}</span>
                      </Link>
                    )}
                  </td>
                  <td className={cellClass}>
                    {paid ? (
                      <span className="text-sm text-slate-600">Thank you!</span>
                    ) : (
                      <ConfirmDeleteButton
                        url={`/api/orders/${encodeURIComponent(order.id)}`}
                        srLabel={` order for ${order.productName}`}
                        successMessage="Order deleted"
                        failureMessage="The order could not be deleted. Please try again."
                        className="text-red-700 hover:bg-red-50"
                      />
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

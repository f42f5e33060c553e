import { ConfirmDeleteButton } from "@/components/ui/confirm-delete-button";
import { formatMoney } from "@/lib/money/format";
import type { AdminOrderView } from "@/models/orders";
import { cellClass, deleteButtonTone, TableFrame, TableHead } from "./data-table";
import { formatDateTime } from "./format";
import { ShippingToggle } from "./shipping-toggle";

/** Every order in the shop (Manage Order): who, what, how much, paid or not, and its shipping state. */
export function OrdersTable({ orders, offset = 0 }: { orders: AdminOrderView[]; offset?: number }) {
  return (
    <TableFrame id="manage-orders" caption="All orders, newest first" minWidth="min-w-[56rem]">
      <TableHead columns={["#", "Customer", "Product", "Quantity", "Total", "Payment", "Shipping", "Delete"]} />
      <tbody>
        {orders.map((order, index) => {
          const paid = order.status === "paid";
          const about = ` order of ${order.productName} by ${order.email}`;
          return (
            <tr key={order.id} data-order-id={order.id} className="border-b border-slate-200 last:border-b-0">
              <td className={`${cellClass} text-slate-600`}>{offset + index + 1}</td>
              <td className={cellClass}>
                <span className="block font-semibold whitespace-nowrap text-slate-900">{order.customerName ?? "Deleted account"}</span>
                <a href={`mailto:${order.email}`} className="text-sm whitespace-nowrap text-brand-dark underline underline-offset-2 hover:text-brand">
                  {order.email}
                </a>
                <span className="block text-xs whitespace-nowrap text-slate-600">{order.phone}</span>
              </td>
              <th scope="row" className={`${cellClass} max-w-[13rem] text-left font-normal`}>
                <span className="block font-semibold text-slate-900">{order.productName}</span>
                <span className="block font-mono text-xs text-slate-600">
                  <span className="sr-only">Order id </span>
                  {order.id}
                </span>
                <time dateTime={order.createdAt} className="block text-xs text-slate-600">
                  {formatDateTime(order.createdAt)}
                </time>
              </th>
              <td className={`${cellClass} text-slate-800`}>{order.quantity}</td>
              <td className={cellClass}>
                <span className="font-semibold whitespace-nowrap text-slate-900">{formatMoney(order.totalCents, order.currency)}</span>
                <span className="block text-xs whitespace-nowrap text-slate-600">
                  {order.quantity} × {formatMoney(order.unitPriceCents, order.currency)}
                </span>
              </td>
              <td className={cellClass}>
                {paid ? (
                  <span className="rounded-full bg-green-100 px-2.5 py-1 text-sm font-semibold whitespace-nowrap text-green-900">Paid</span>
                ) : (
                  <span className="rounded-full bg-slate-100 px-2.5 py-1 text-sm font-semibold whitespace-nowrap text-slate-800">Not paid</span>
                )}
              </td>
              <td className={cellClass}>
                {paid ? (
                  <ShippingToggle orderId={order.id} shipping={order.shipping} srLabel={`:${about}`} />
                ) : (
                  <span className="text-sm text-slate-600">Awaiting payment</span>
                )}
              </td>
              <td className={cellClass}>
                <ConfirmDeleteButton
                  url={`/api/orders/${encodeURIComponent(order.id)}`}
                  srLabel={about}
                  successMessage="Order deleted"
                  failureMessage="The order could not be deleted. Please try again."
                  className={deleteButtonTone}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}

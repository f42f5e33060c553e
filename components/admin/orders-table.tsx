import { CancelOrderButton } from "@/components/orders/cancel-order-button";
import { OrderNumberCell } from "@/components/orders/order-number-cell";
import { PaymentReference, StatusBadge } from "@/components/orders/status-badge";
import { formatMoney } from "@/lib/money/format";
import { isAnonymised, linesSummary, unitsOf, type AdminOrderView } from "@/models/orders";
import { cellClass, TableFrame } from "./data-table";
import { RefundButton } from "./refund-button";
import { ShippingToggle } from "./shipping-toggle";
import { EmailAddress } from "@/components/ui/email-address";

/** Every order in the shop (Manage Order): number and date, who, what, how much, its status and shipping, and what an admin can do. */
export function OrdersTable({ orders, listHref }: { orders: AdminOrderView[]; /** This page of the list, for the orders' way back. */ listHref: string }) {
  return (
    <TableFrame id="manage-orders" caption="All orders, newest first" minWidth="min-w-[60rem]" columns={["Order", "Customer", "Items", "Total", "Status", "Shipping", "Action"]}>
      <tbody>
        {orders.map((order) => {
          const about = ` order ${order.number} by ${order.email}`;
          return (
            <tr key={order.id} data-order-id={order.id} className="border-b border-slate-200 last:border-b-0">
              <OrderNumberCell order={order} withTime listHref={listHref} />
              <td className={cellClass}>
                <span className="block font-semibold whitespace-nowrap text-slate-900">{order.customerName ?? "Deleted account"}</span>
                {/* Written to where the customer reads mail now; the order keeps the address it was placed with (ADR 014). */}
                <a
                  href={`mailto:${order.customerEmail ?? order.email}`}
                  className="text-sm text-brand-dark underline underline-offset-2 [overflow-wrap:anywhere] hover:text-brand"
                >
                  <EmailAddress email={order.customerEmail ?? order.email} />
                </a>
                {order.customerEmail && order.customerEmail !== order.email ? (
                  <span className="block text-xs text-slate-600 [overflow-wrap:anywhere]">
                    Placed as <EmailAddress email={order.email} />
                  </span>
                ) : null}
                <span className="block text-xs whitespace-nowrap text-slate-600">{order.phone}</span>
              </td>
              <td className={`${cellClass} max-w-[14rem] text-slate-900`}>{linesSummary(order.items)}</td>
              <td className={`${cellClass} font-semibold whitespace-nowrap text-slate-900`}>{formatMoney(order.totalCents, order.currency)}</td>
              <td className={cellClass}>
                <StatusBadge status={order.status} />
                <PaymentReference reference={order.paymentRef} />
              </td>
              <td className={cellClass}>
                {order.status === "paid" ? (
                  <ShippingToggle orderId={order.id} shipping={order.shipping} srLabel={about} cannotUnship={isAnonymised(order)} />
                ) : order.status === "unpaid" ? (
                  <span className="text-sm text-slate-600">Awaiting payment</span>
                ) : (
                  <span className="text-sm text-slate-600">{order.shipping === "shipped" ? "Shipped" : "—"}</span>
                )}
              </td>
              <td className={cellClass}>
                {order.status === "unpaid" ? (
                  <CancelOrderButton orderId={order.id} number={order.number} units={unitsOf(order.items)} srLabel={about} />
                ) : order.status === "paid" ? (
                  <RefundButton orderId={order.id} number={order.number} srLabel={about} />
                ) : (
                  // Nothing to do with a cancelled, expired or refunded order; on a phone the cell still shows its label.
                  <span className="text-sm text-slate-600">—</span>
                )}
              </td>
            </tr>
          );
        })}
      </tbody>
    </TableFrame>
  );
}

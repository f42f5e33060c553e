import { CancelOrderButton } from "@/components/orders/cancel-order-button";
import { isAnonymised, unitsOf, type OrderView } from "@/models/orders";
import { RefundButton } from "./refund-button";
import { ShippingToggle } from "./shipping-toggle";

/**
 * What an admin can do with one order, on the order's own page (the same actions as its row in
 * Manage Order): mark a paid order shipped or pending and refund it, or cancel an unpaid one. Never
 * printed with the receipt.
 */
export function AdminOrderActions({ order }: { order: OrderView }) {
  const about = ` order ${order.number} by ${order.email}`;
  return (
    <section aria-labelledby="order-admin-title" data-print-hide className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-6">
      <h2 id="order-admin-title" className="text-lg font-semibold text-slate-900">
        Manage this order
      </h2>
      <div className="mt-3 flex flex-wrap items-center gap-4">
        {order.status === "paid" ? (
          <>
            <ShippingToggle orderId={order.id} shipping={order.shipping} srLabel={about} cannotUnship={isAnonymised(order)} />
            <RefundButton orderId={order.id} number={order.number} srLabel={about} />
          </>
        ) : order.status === "unpaid" ? (
          <CancelOrderButton orderId={order.id} number={order.number} units={unitsOf(order.items)} srLabel={about} />
        ) : (
          <p className="text-slate-700">Nothing is left to do: the order is {order.status}.</p>
        )}
      </div>
    </section>
  );
}

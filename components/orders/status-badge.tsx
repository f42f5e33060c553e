import { STATUS_LABELS, type OrderStatus } from "@/models/orders";

const tones: Record<OrderStatus, string> = {
  unpaid: "bg-amber-100 text-amber-950",
  paid: "bg-green-100 text-green-900",
  cancelled: "bg-slate-200 text-slate-800",
  expired: "bg-slate-200 text-slate-800",
  refunded: "bg-sky-100 text-sky-950",
};

export function StatusBadge({ status }: { status: OrderStatus }) {
  return (
    <span data-status={status} className={`rounded-full px-2.5 py-1 text-sm font-semibold whitespace-nowrap ${tones[status]}`}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The start of a paid order's payment reference, as the order lists show it ("Ref. tp_3q9.."): enough
 * to match a card statement or the processor's dashboard; the order's page shows it whole. Only a paid
 * (or since refunded) order has one. Kept to a few bytes, since a list page carries it for up to 50 rows.
 */
export function PaymentReference({ reference }: { reference: string | null }) {
  if (!reference) return null;
  return <span className="mt-2 block text-xs text-slate-600">Ref. {reference.slice(0, 6)}..</span>;
}

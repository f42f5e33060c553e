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

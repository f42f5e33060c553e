import Link from "next/link";
import { formatDate, formatDateTime } from "@/models/dates";
import { cellClass } from "@/components/admin/data-table";

/**
 * The row header of an order table: the order's number, linking to its page, over the date it was
 * placed (with the time where admins need it to tell orders apart).
 */
export function OrderNumberCell({ order, withTime = false }: { order: { id: string; number: string; createdAt: string }; withTime?: boolean }) {
  return (
    <th scope="row" className={`${cellClass} text-left font-normal whitespace-nowrap`}>
      <Link href={`/dashboard/orders/${encodeURIComponent(order.id)}`} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
        {order.number}
      </Link>
      <time dateTime={order.createdAt} className="block text-xs text-slate-600">
        {withTime ? formatDateTime(order.createdAt) : formatDate(order.createdAt)}
      </time>
    </th>
  );
}

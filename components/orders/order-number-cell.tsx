import Link from "next/link";
import { withListReturn } from "@/components/admin/list-return";
import { formatDate, formatDateTime } from "@/models/dates";
import { cellClass } from "@/components/admin/data-table";

/**
 * The row header of an order table: the order's number, linking to its page, over the date it was
 * placed (with the time where admins need it to tell orders apart).
 */
export function OrderNumberCell({
  order,
  withTime = false,
  listHref,
}: {
  order: { id: string; number: string; createdAt: string };
  withTime?: boolean;
  /** The page of the list this row is on: the order's page links back to it. */
  listHref: string;
}) {
  return (
    <th scope="row" className={`${cellClass} text-left font-normal whitespace-nowrap`}>
      <Link href={withListReturn(`/dashboard/orders/${encodeURIComponent(order.id)}`, listHref)} className="font-semibold text-brand-dark underline underline-offset-2 hover:text-brand">
        {order.number}
      </Link>
      <time dateTime={order.createdAt} className="block text-xs text-slate-600">
        {withTime ? formatDateTime(order.createdAt) : formatDate(order.createdAt)}
      </time>
    </th>
  );
}

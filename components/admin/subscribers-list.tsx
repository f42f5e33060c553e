import type { SubscriberView } from "@/lib/messages/service";
import { buttonClasses } from "@/components/ui/button";
import { cellClass, EmptyState, TableFrame } from "./data-table";
import { formatDate } from "@/models/dates";
import { countOf, formatCount } from "@/models/count";

type SubscribersListProps = { subscribers: SubscriberView[]; total: number; offset: number; unconfirmed: number };

/** One page of confirmed newsletter subscribers, oldest first, with a CSV export of the whole list, and how many sign-ups await confirmation. */
export function SubscribersList({ subscribers, total, offset, unconfirmed }: SubscribersListProps) {
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-slate-700">
          <span className="text-2xl font-bold text-slate-900">{formatCount(total)}</span> {total === 1 ? "subscriber" : "subscribers"}
        </p>
        {total > 0 ? (
          // A plain link: the browser downloads the file with the session cookie, no script needed.
          <a href="/api/admin/subscribers?format=csv" download="toolforge-subscribers.csv" className={buttonClasses("secondary", "md")}>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1Z" />
              <path d="M3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
            </svg>
            Export CSV
          </a>
        ) : null}
      </div>
      {unconfirmed > 0 ? (
        <p className="mb-4 text-sm text-slate-700">
          Not counted: {countOf(unconfirmed, "sign-up", "sign-ups")} not yet confirmed from the mail we sent. They get no newsletter and are not in the
          export; unconfirmed sign-ups are removed after a week.
        </p>
      ) : null}
      {total === 0 ? (
        <EmptyState title="No subscribers yet.">Sign-ups from the newsletter section of the home page appear here once confirmed from the mail they get.</EmptyState>
      ) : (
        <TableFrame id="subscribers" caption="Newsletter subscribers, oldest first" minWidth="min-w-[24rem]" columns={["#", "Email", "Subscribed"]}>
          <tbody>
            {subscribers.map((subscriber, index) => (
              <tr key={subscriber.email} className="border-b border-slate-200 last:border-b-0">
                <td className={`${cellClass} text-slate-600`}>{offset + index + 1}</td>
                <th scope="row" className={`${cellClass} text-left font-normal [overflow-wrap:anywhere] text-slate-900`}>
                  {subscriber.email}
                </th>
                <td className={`${cellClass} whitespace-nowrap text-slate-700`}>
                  <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </>
  );
}

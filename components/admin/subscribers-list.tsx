import type { SubscriberView } from "@/lib/messages/service";
import { buttonClasses, deleteButtonTone } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { cellClass, ListEmptyState, TableFrame } from "./data-table";
import { formatDate } from "@/models/dates";
import { countOf, formatCount } from "@/models/count";

type SubscribersListProps = {
  subscribers: SubscriberView[];
  total: number;
  page: number;
  offset: number;
  unconfirmed: number;
  /** The address looked up (`?sq=`), or undefined for the whole list. */
  q?: string | undefined;
  /** The list's first page, for a page link past its end (after the last rows of a page were deleted). */
  firstPageHref: string;
};

/**
 * One page of confirmed newsletter subscribers, oldest sign-up first, with a CSV export of the whole
 * list, and how many sign-ups await confirmation; or the one sign-up an address lookup found. Each row
 * can be erased (an erasure request, ADR 074).
 */
export function SubscribersList({ subscribers, total, page, offset, unconfirmed, q, firstPageHref }: SubscribersListProps) {
  return (
    <>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        {q ? (
          <p className="text-slate-700">
            {countOf(total, "sign-up", "sign-ups")} with the address “{q}”
          </p>
        ) : (
          <p className="text-slate-700">
            <span className="text-2xl font-bold text-slate-900">{formatCount(total)}</span> {total === 1 ? "subscriber" : "subscribers"}
          </p>
        )}
        {total > 0 || q ? (
          // A plain link: the browser downloads the file with the session cookie, no script needed.
          <a href="/api/admin/subscribers?format=csv" download="toolforge-subscribers.csv" className={buttonClasses("secondary", "md")}>
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="currentColor">
              <path d="M10 2a1 1 0 0 1 1 1v8.6l2.3-2.3a1 1 0 1 1 1.4 1.4l-4 4a1 1 0 0 1-1.4 0l-4-4a1 1 0 1 1 1.4-1.4L9 11.6V3a1 1 0 0 1 1-1Z" />
              <path d="M3 15a1 1 0 0 1 1 1v1h12v-1a1 1 0 1 1 2 0v2a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1v-2a1 1 0 0 1 1-1Z" />
            </svg>
            {/* The file is every confirmed subscriber, not the sign-ups a lookup found: said while one is shown. */}
            {q ? "Export all subscribers (CSV)" : "Export CSV"}
          </a>
        ) : null}
      </div>
      {unconfirmed > 0 && !q ? (
        <p className="mb-4 text-sm text-slate-700">
          Not counted: {countOf(unconfirmed, "sign-up", "sign-ups")} not yet confirmed from the mail we sent. They get no newsletter and are not in the
          export; unconfirmed sign-ups are removed after a week.
        </p>
      ) : null}
      {subscribers.length === 0 ? (
        q ? (
          <ListEmptyState total={total} page={page} firstPageHref={firstPageHref} empty={`No sign-up has the address “${q}”.`}>
            The search finds a whole address, such as ann@example.com, confirmed or not.
          </ListEmptyState>
        ) : (
          <ListEmptyState total={total} page={page} firstPageHref={firstPageHref} empty="No subscribers yet.">
            Sign-ups from the newsletter section of the home page appear here once confirmed from the mail they get.
          </ListEmptyState>
        )
      ) : (
        <TableFrame
          id="subscribers"
          caption={q ? `Newsletter sign-ups with the address ${q}` : "Newsletter subscribers, oldest first"}
          minWidth="min-w-[36rem]"
          columns={["#", "Email", "Subscribed", "Signed up", "Actions"]}
        >
          <tbody>
            {subscribers.map((subscriber, index) => (
              <tr key={subscriber.email} className="border-b border-slate-200 last:border-b-0">
                <td className={`${cellClass} text-slate-600`}>{offset + index + 1}</td>
                <th scope="row" className={`${cellClass} text-left font-normal [overflow-wrap:anywhere] text-slate-900`}>
                  {subscriber.email}
                </th>
                <td className={`${cellClass} whitespace-nowrap text-slate-700`}>
                  {/* Subscribed is when they confirmed from the mail (ADR 072), the record of their consent. */}
                  {subscriber.confirmedAt ? <time dateTime={subscriber.confirmedAt}>{formatDate(subscriber.confirmedAt)}</time> : "Not confirmed"}
                </td>
                <td className={`${cellClass} whitespace-nowrap text-slate-700`}>
                  <time dateTime={subscriber.createdAt}>{formatDate(subscriber.createdAt)}</time>
                </td>
                <td className={cellClass}>
                  <ConfirmActionButton
                    url={`/api/admin/subscribers?email=${encodeURIComponent(subscriber.email)}`}
                    method="DELETE"
                    label="Delete"
                    pendingLabel="Working…"
                    srLabel={` ${subscriber.email}`}
                    successMessage="Subscriber deleted"
                    failureMessage="The subscriber could not be deleted. Please try again."
                    className={deleteButtonTone}
                    confirmTitle={`Delete ${subscriber.email} from the newsletter?`}
                    confirmMessage="The address is erased at once and this cannot be undone: it gets no more mail from the list unless its owner signs up again. The audit log records that a subscriber was erased, not the address."
                    confirmLabel="Delete subscriber"
                    cancelLabel="Keep subscriber"
                    declinedMessage="Not deleted"
                    focusAfter="main"
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </>
  );
}

import type { ContactMessageView } from "@/lib/messages/service";
import { deleteButtonTone } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/confirm-action-button";
import { ListEmptyState } from "./data-table";
import { formatDateTime } from "@/models/dates";

type ContactMessagesProps = {
  messages: ContactMessageView[];
  total: number;
  page: number;
  /** The list's first page, for a page link past its end (after the last messages of a page were deleted). */
  firstPageHref: string;
};

/**
 * Messages sent through the home page's contact form, newest first, each as its own article with a
 * Delete button for an erasure request (ADR 074).
 */
export function ContactMessages({ messages, total, page, firstPageHref }: ContactMessagesProps) {
  if (messages.length === 0) {
    return (
      <ListEmptyState total={total} page={page} firstPageHref={firstPageHref} empty="No messages yet.">
        Messages sent through the contact form on the home page appear here.
      </ListEmptyState>
    );
  }
  return (
    <ol className="flex flex-col gap-4">
      {messages.map((message) => (
        <li key={message.id}>
          <article aria-labelledby={`message-${message.id}`} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
            <header className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="min-w-0">
                <h3 id={`message-${message.id}`} className="font-semibold text-slate-900">
                  {message.name}
                  <span className="font-normal text-slate-700">
                    {" "}
                    · {message.company}, {message.country}
                  </span>
                </h3>
                <a
                  href={`mailto:${message.email}`}
                  className="text-sm [overflow-wrap:anywhere] text-brand-dark underline underline-offset-2 hover:text-brand"
                >
                  {message.email}
                </a>
              </div>
              <time dateTime={message.createdAt} className="shrink-0 text-sm text-slate-600">
                {formatDateTime(message.createdAt)}
              </time>
            </header>
            <p className="mt-3 break-words whitespace-pre-wrap text-slate-800">{message.message}</p>
            <footer className="mt-4 flex justify-end">
              <ConfirmActionButton
                url={`/api/admin/messages/${encodeURIComponent(message.id)}`}
                method="DELETE"
                label="Delete"
                pendingLabel="Working…"
                srLabel={` the message from ${message.name}, ${formatDateTime(message.createdAt)}`}
                successMessage="Message deleted"
                failureMessage="The message could not be deleted. Please try again."
                className={deleteButtonTone}
                confirmTitle={`Delete the message from ${message.name}?`}
                confirmMessage={`The message of ${formatDateTime(message.createdAt)} is erased at once with the sender's name, address and text, and this cannot be undone. The audit log records that a message was erased, not what it said. The copy the shop's outbox keeps goes too; delete the one in your own mail program yourself.`}
                confirmLabel="Delete message"
                cancelLabel="Keep message"
                declinedMessage="Not deleted"
                focusAfter="main"
              />
            </footer>
          </article>
        </li>
      ))}
    </ol>
  );
}

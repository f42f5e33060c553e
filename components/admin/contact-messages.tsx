import type { ContactMessageView } from "@/lib/messages/service";
import { EmptyState } from "./data-table";
import { formatDateTime } from "@/models/dates";

/** Messages sent through the home page's contact form, newest first, each as its own article. */
export function ContactMessages({ messages }: { messages: ContactMessageView[] }) {
  if (messages.length === 0) {
    return <EmptyState title="No messages yet.">Messages sent through the contact form on the home page appear here.</EmptyState>;
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
          </article>
        </li>
      ))}
    </ol>
  );
}

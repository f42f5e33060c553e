import type { TextMessageView } from "@/lib/sms";
import { formatDateTime } from "@/models/dates";

/** Text messages from the outbox, newest first, each as the phone would show it. */
export function TextMessages({ messages }: { messages: TextMessageView[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {messages.map((message) => (
        <li key={message.id}>
          <article aria-labelledby={`text-${message.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <header className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <h3 id={`text-${message.id}`} className="font-semibold text-slate-900">
                To {message.to}
              </h3>
              <time dateTime={message.createdAt} className="text-sm text-slate-600">
                {formatDateTime(message.createdAt)}
              </time>
            </header>
            <p className="mt-2 break-words text-slate-800">{message.text}</p>
          </article>
        </li>
      ))}
    </ol>
  );
}

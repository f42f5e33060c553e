import type { OutboxMailView } from "@/lib/mail/outbox";
import { formatDateTime } from "@/models/dates";

/** Mail from the outbox, newest first, each as the reader's mail program would show it. */
export function OutboxMails({ mails }: { mails: OutboxMailView[] }) {
  return (
    <ol className="flex flex-col gap-3">
      {mails.map((mail) => (
        <li key={mail.id}>
          <article aria-labelledby={`mail-${mail.id}`} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
            <header className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
              <h2 id={`mail-${mail.id}`} className="font-semibold text-slate-900 [overflow-wrap:anywhere]">
                {mail.subject}
              </h2>
              <time dateTime={mail.createdAt} className="shrink-0 text-sm text-slate-600">
                {formatDateTime(mail.createdAt)}
              </time>
            </header>
            <p className="mt-1 text-sm text-slate-700 [overflow-wrap:anywhere]">To {mail.to}</p>
            <pre className="mt-3 font-sans text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">{mail.text}</pre>
          </article>
        </li>
      ))}
    </ol>
  );
}

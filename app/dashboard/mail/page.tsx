import type { Metadata } from "next";
import { AdminPageHeader, cellClass, EmptyState, TableFrame, TableHead } from "@/components/admin/data-table";
import { formatDateTime } from "@/components/admin/format";
import { requirePageActor } from "@/components/auth/session";
import { ForbiddenMessage } from "@/components/dashboard/forbidden-message";
import { getEnv } from "@/lib/env";
import { listUndeliveredMail } from "@/lib/mail";

export const metadata: Metadata = { title: "Undelivered mail", robots: { index: false } };

export default async function UndeliveredMailPage() {
  const actor = await requirePageActor("/dashboard/mail");
  if (actor.role !== "admin") return <ForbiddenMessage />;
  const smtp = Boolean(getEnv().SMTP_URL);
  const mails = smtp ? await listUndeliveredMail(actor) : [];

  return (
    <>
      <AdminPageHeader title="Undelivered mail">
        Mail the shop could not hand to the mail server yet. The mail worker tries again with growing pauses (1 minute, then 2, 4… up to 6
        hours) and gives up after 10 tries.
      </AdminPageHeader>
      {!smtp ? (
        <EmptyState title="No mail server is configured.">Without SMTP_URL, mail stays in the outbox; read it with npm run outbox.</EmptyState>
      ) : mails.length === 0 ? (
        <EmptyState title="Every mail was delivered.">Nothing is waiting.</EmptyState>
      ) : (
        <TableFrame id="undelivered-mail" caption="Undelivered mail, newest first" minWidth="min-w-[48rem]">
          <TableHead columns={["To", "Subject", "Written", "Tries", "Last error", "Next try"]} />
          <tbody>
            {mails.map((mail) => (
              <tr key={mail.id} className="border-b border-slate-200 last:border-b-0">
                <td className={`${cellClass} whitespace-nowrap`}>{mail.to}</td>
                <th scope="row" className={`${cellClass} text-left font-semibold text-slate-900`}>
                  {mail.subject}
                </th>
                <td className={`${cellClass} whitespace-nowrap text-sm`}>{formatDateTime(mail.createdAt)}</td>
                <td className={cellClass}>{mail.attempts}</td>
                <td className={`${cellClass} max-w-[16rem] text-sm [overflow-wrap:anywhere] text-red-800`}>{mail.error ?? "—"}</td>
                <td className={`${cellClass} whitespace-nowrap text-sm`}>
                  {mail.gaveUp ? "Gave up" : mail.nextAttemptAt ? formatDateTime(mail.nextAttemptAt) : "Now"}
                </td>
              </tr>
            ))}
          </tbody>
        </TableFrame>
      )}
    </>
  );
}

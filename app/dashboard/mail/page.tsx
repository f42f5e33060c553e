import type { Metadata } from "next";
import { AdminPageHeader, cellClass, ListEmptyState, TableFrame, TableHead } from "@/components/admin/data-table";
import { formatDateTime } from "@/models/dates";
import { OutboxMails } from "@/components/admin/outbox-mails";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { getEnv } from "@/lib/env";
import { countGivenUpMail, listOutboxMail, listUndeliveredMail } from "@/lib/mail/outbox";
import { RetryMailButton } from "@/components/admin/retry-mail-button";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Mail", robots: { index: false } };

type MailPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const OUTBOX_PAGE_SIZE = 10;
const UNDELIVERED_PAGE_SIZE = 25;

/**
 * With a mail server (SMTP_URL): the mail it could not take yet. Without one (development): the outbox,
 * where every mail the shop writes stays, so an admin can read it here.
 */
export default async function MailPage({ searchParams }: MailPageProps) {
  const actor = await findPageAdmin("/dashboard/mail");
  if (!actor) return forbiddenPage();
  if (!getEnv().SMTP_URL) {
    const params = await searchParams;
    const paging = readPageQuery(params, OUTBOX_PAGE_SIZE);
    const outboxHref = (page: number, cursor?: string) => listHref("/dashboard/mail", { pageSize: keptPageSize(paging, OUTBOX_PAGE_SIZE) }, page, cursor);
    const outbox = await findListPage(() => listOutboxMail(actor, paging));
    const about =
      "No mail server is configured, so mail is kept here instead of being sent (development): nobody receives it. Set SMTP_URL for a shop open to customers.";
    if (!outbox) {
      return (
        <>
          <AdminPageHeader title="Mail">{about}</AdminPageHeader>
          <InvalidPageLink firstPageHref={outboxHref(1)} />
        </>
      );
    }
    return (
      <>
        <AdminPageHeader title="Mail">
          {about} {countOf(outbox.total, "mail", "mails")}, newest first.
        </AdminPageHeader>
        {outbox.items.length === 0 ? (
          <ListEmptyState total={outbox.total} page={outbox.page} firstPageHref={outboxHref(1)} empty="No mail yet.">
            Order confirmations, receipts and account mail appear here.
          </ListEmptyState>
        ) : (
          <OutboxMails mails={outbox.items} />
        )}
        <Pagination page={outbox.page} pageCount={outbox.pageCount} href={outboxHref} nextCursor={outbox.nextCursor} prevCursor={outbox.prevCursor} label="Mail pages" />
      </>
    );
  }
  const params = await searchParams;
  const paging = readPageQuery(params, UNDELIVERED_PAGE_SIZE);
  const undeliveredHref = (page: number, cursor?: string) =>
    listHref("/dashboard/mail", { pageSize: keptPageSize(paging, UNDELIVERED_PAGE_SIZE) }, page, cursor);
  const [mails, givenUp] = await Promise.all([findListPage(() => listUndeliveredMail(actor, paging)), countGivenUpMail(actor)]);
  const about =
    "Mail the shop could not hand to the mail server yet. The mail worker tries again with growing pauses (1 minute, then 2, 4… up to 6 hours) and gives up after 10 tries.";
  if (!mails) {
    return (
      <>
        <AdminPageHeader title="Undelivered mail">{about}</AdminPageHeader>
        <InvalidPageLink firstPageHref={undeliveredHref(1)} />
      </>
    );
  }

  return (
    <>
      <AdminPageHeader title="Undelivered mail">
        {about} {countOf(mails.total, "mail is waiting", "mails are waiting")}, newest first.
      </AdminPageHeader>
      {givenUp > 0 ? (
        <section aria-labelledby="given-up-title" className="mb-6 flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <h2 id="given-up-title" className="font-semibold text-slate-900">
              {countOf(givenUp, "mail was given up on", "mails were given up on")}
            </h2>
            <p className="text-sm text-slate-700">
              Once the mail server works again (the last error says why it refused), try them again: each gets its 10 tries anew. Links
              in sign-in, password and confirmation mails expire within hours, so those people may need to ask again.
            </p>
          </div>
          <RetryMailButton />
        </section>
      ) : null}
      {mails.items.length === 0 ? (
        <ListEmptyState total={mails.total} page={mails.page} firstPageHref={undeliveredHref(1)} empty="Every mail was delivered.">
          Nothing is waiting.
        </ListEmptyState>
      ) : (
        <TableFrame id="undelivered-mail" caption="Undelivered mail, newest first" minWidth="min-w-[48rem]">
          <TableHead columns={["To", "Subject", "Written", "Tries", "Last error", "Next try"]} />
          <tbody>
            {mails.items.map((mail) => (
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
      <Pagination page={mails.page} pageCount={mails.pageCount} href={undeliveredHref} nextCursor={mails.nextCursor} prevCursor={mails.prevCursor} label="Undelivered mail pages" />
    </>
  );
}

import type { Metadata } from "next";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { listHref, Pagination, readPage } from "@/components/admin/pagination";
import { TextMessages } from "@/components/admin/text-messages";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { listTextMessages } from "@/lib/sms";

export const metadata: Metadata = { title: "Text messages", robots: { index: false } };

type TextsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const pageHref = (page: number) => listHref("/dashboard/texts", {}, page);

/** The SMS outbox: with no SMS provider configured, texts (sign-in codes) are kept here instead of sent. */
export default async function TextsPage({ searchParams }: TextsPageProps) {
  const actor = await findPageAdmin("/dashboard/texts");
  if (!actor) return forbiddenPage();

  const page = readPage((await searchParams).page);
  const texts = await listTextMessages(actor, page);
  const pageCount = Math.max(1, Math.ceil(texts.total / texts.pageSize));

  return (
    <>
      <AdminPageHeader title="Text messages">
        {texts.sender === "outbox"
          ? "No SMS provider is configured, so text messages are kept here instead of being sent (development). Set the TWILIO_ variables to send them."
          : "Text messages are sent through Twilio. Only those written while no provider was configured are listed here."}
      </AdminPageHeader>
      {texts.items.length === 0 ? (
        <ListEmptyState total={texts.total} page={page} firstPageHref={pageHref(1)} empty="No text messages yet.">
          Sign-in codes sent by text message appear here.
        </ListEmptyState>
      ) : (
        <TextMessages messages={texts.items} />
      )}
      <Pagination page={page} pageCount={pageCount} href={pageHref} label="Text message pages" />
    </>
  );
}

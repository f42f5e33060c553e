import type { Metadata } from "next";
import { ContactMessages } from "@/components/admin/contact-messages";
import { AdminPageHeader } from "@/components/admin/data-table";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, listPosition, Pagination, readPageQuery } from "@/components/admin/pagination";
import { SearchForm } from "@/components/admin/search-form";
import { SubscribersList } from "@/components/admin/subscribers-list";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { countUnconfirmedSubscribers, listContactMessages, listSubscribers } from "@/lib/messages/service";
import { SUBSCRIBERS_PAGE_SIZE } from "@/models/messages";
import { searchTextSchema } from "@/models/paging";

export const metadata: Metadata = { title: "Messages", robots: { index: false } };

type MessagesPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = "/dashboard/messages";
const MESSAGES_PAGE_SIZE = 25;

export default async function MessagesPage({ searchParams }: MessagesPageProps) {
  const actor = await findPageAdmin(PATH);
  if (!actor) return forbiddenPage();

  const params = await searchParams;
  // At most 25 messages a page: each carries up to 5,000 characters, twice (HTML and RSC payload).
  const messagesPaging = readPageQuery(params, MESSAGES_PAGE_SIZE, "", 25);
  const subscribersPaging = readPageQuery(params, SUBSCRIBERS_PAGE_SIZE, "s");
  // ?sq= looks one address up among the sign-ups (an erasure request names one); a bad value is no search.
  const sq = searchTextSchema.catch(undefined).parse(Array.isArray(params.sq) ? params.sq[0] : params.sq)?.toLowerCase();
  // Each list on its own: a damaged link of one leaves the other shown.
  const [messages, subscribers, unconfirmed] = await Promise.all([
    findListPage(() => listContactMessages(actor, messagesPaging)),
    findListPage(() => listSubscribers(actor, { ...subscribersPaging, q: sq })),
    countUnconfirmedSubscribers(actor),
  ]);
  // Two lists on one page: the messages page with ?page=&cursor=, the subscribers with ?spage=&scursor=
  // (and their lookup, ?sq=). Either list's links keep both page sizes the reader chose, the page the
  // other list is on, and the lookup, so paging through one does not send the other back to its first
  // page (a damaged link is not kept).
  const sizes = { pageSize: keptPageSize(messagesPaging, MESSAGES_PAGE_SIZE), spageSize: keptPageSize(subscribersPaging, SUBSCRIBERS_PAGE_SIZE) };
  const messagesAt = messages ? listPosition(messagesPaging, "") : {};
  const subscribersAt = subscribers ? listPosition(subscribersPaging, "s") : {};
  const messagesHref = (page: number, cursor?: string) => listHref(PATH, { ...sizes, ...subscribersAt, sq }, page, cursor);
  const subscribersHref = (page: number, cursor?: string) => `${listHref(PATH, { ...sizes, ...messagesAt, sq }, page, cursor, "s")}#subscribers-title`;
  const subscribersClearHref = `${listHref(PATH, { ...sizes, ...messagesAt })}#subscribers-title`;

  return (
    <>
      <AdminPageHeader title="Messages">What visitors sent through the contact form, and who signed up for the newsletter.</AdminPageHeader>
      <section aria-labelledby="contact-messages-title">
        <h2 id="contact-messages-title" className="mb-4 text-xl font-bold text-slate-900">
          Contact messages{messages ? <span className="font-normal text-slate-600"> ({messages.total})</span> : null}
        </h2>
        {messages ? (
          <>
            <ContactMessages messages={messages.items} total={messages.total} page={messages.page} firstPageHref={messagesHref(1)} />
            <Pagination
              page={messages.page}
              pageCount={messages.pageCount}
              href={messagesHref}
              nextCursor={messages.nextCursor}
              prevCursor={messages.prevCursor}
              label="Contact message pages"
            />
          </>
        ) : (
          <InvalidPageLink firstPageHref={messagesHref(1)} />
        )}
      </section>
      <section aria-labelledby="subscribers-title" className="mt-12">
        <h2 id="subscribers-title" className="mb-4 text-xl font-bold text-slate-900">
          Newsletter subscribers
        </h2>
        {/* A whole address, as the address's unique index finds it (ADR 074): what an erasure request names. */}
        <SearchForm
          action={`${PATH}#subscribers-title`}
          q={sq ?? ""}
          name="sq"
          id="subscriber-q"
          label="Find a subscriber"
          placeholder="e.g. ann@example.com"
          inputMode="email"
          hint="The whole address; finds a sign-up not yet confirmed too."
          keep={{ ...sizes, ...messagesAt }}
          clearHref={subscribersClearHref}
        />
        {subscribers ? (
          <>
            <SubscribersList
              subscribers={subscribers.items}
              total={subscribers.total}
              page={subscribers.page}
              offset={(subscribers.page - 1) * subscribers.pageSize}
              unconfirmed={unconfirmed}
              q={sq}
              firstPageHref={subscribersHref(1)}
            />
            <Pagination
              page={subscribers.page}
              pageCount={subscribers.pageCount}
              href={subscribersHref}
              nextCursor={subscribers.nextCursor}
              prevCursor={subscribers.prevCursor}
              label="Subscriber pages"
            />
          </>
        ) : (
          <InvalidPageLink firstPageHref={subscribersHref(1)} />
        )}
      </section>
    </>
  );
}

import type { Metadata } from "next";
import { AdminPageHeader, ListEmptyState } from "@/components/admin/data-table";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { ReviewsTable } from "@/components/admin/reviews-table";
import { findPageAdmin } from "@/app/page-session";
import { forbiddenPage } from "@/app/page-answers";
import { listAllReviews } from "@/lib/reviews/service";
import { countOf } from "@/models/count";

export const metadata: Metadata = { title: "Reviews", robots: { index: false } };

type ReviewsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PATH = "/dashboard/reviews";
const PAGE_SIZE = 20;

export default async function ReviewsPage({ searchParams }: ReviewsPageProps) {
  const actor = await findPageAdmin(PATH);
  if (!actor) return forbiddenPage();
  const params = await searchParams;

  // At most 25 reviews a page: each carries up to 1,000 characters, twice (HTML and RSC payload).
  const paging = readPageQuery(params, PAGE_SIZE, "", 25);
  const href = (page: number, cursor?: string) => listHref(PATH, { pageSize: keptPageSize(paging, PAGE_SIZE) }, page, cursor);
  const list = await findListPage(() => listAllReviews(actor, paging));
  if (!list) {
    return (
      <>
        <AdminPageHeader title="Reviews">Hide a review to take it off the public pages (the shop’s reviews, or its tool’s); Show puts it back.</AdminPageHeader>
        <InvalidPageLink firstPageHref={href(1)} />
      </>
    );
  }

  return (
    <>
      <AdminPageHeader title="Reviews">
        {countOf(list.total, "review", "reviews")}
        {list.hidden > 0 ? `, ${list.hidden} hidden` : ""}, last written or edited first: a review its author rewrites comes back to the top. Hide a review to take it off the public pages (the shop’s reviews, or its tool’s); Show puts it back.
      </AdminPageHeader>
      {list.items.length === 0 ? (
        <ListEmptyState total={list.total} page={list.page} firstPageHref={href(1)} empty="No reviews yet.">
          Reviews that customers write under Add Review appear here.
        </ListEmptyState>
      ) : (
        <ReviewsTable reviews={list.items} />
      )}
      <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Review pages" />
    </>
  );
}

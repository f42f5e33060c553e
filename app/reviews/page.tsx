import type { Metadata } from "next";
import Link from "next/link";
import { findListPage } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, readPageQuery } from "@/components/admin/pagination";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { ReviewList } from "@/components/reviews/review-list";
import { textLinkClass } from "@/components/ui/button";
import { listPublicReviews } from "@/lib/reviews/service";
import { countOf } from "@/models/count";
import { SHOP_REVIEWS_PATH } from "@/models/reviews";

export const metadata: Metadata = {
  title: "Customer reviews",
  description: "What customers say about ToolForge: every published review of the shop, newest first.",
  alternates: { canonical: SHOP_REVIEWS_PATH },
};

// Read at request time from the public reviews' cache, which every instance drops when a review changes.
export const dynamic = "force-dynamic";

type ShopReviewsPageProps = { searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 12;

/** Every published review of the shop, newest first, twelve to a page: the home page's carousel shows the newest twelve. */
export default async function ShopReviewsPage({ searchParams }: ShopReviewsPageProps) {
  // At most 25 a page, as a tool's reviews: each carries up to 1,000 characters.
  const paging = readPageQuery(await searchParams, PAGE_SIZE, "", 25);
  const href = (page: number, cursor?: string) => listHref(SHOP_REVIEWS_PATH, { pageSize: keptPageSize(paging, PAGE_SIZE) }, page, cursor);
  const list = await findListPage(() => listPublicReviews(paging));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumbs trail={[{ href: "/", label: "Home" }]} current="Reviews" />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">What our customers say</h1>
      {list && list.total > 0 ? <p className="mt-2 text-slate-700">{countOf(list.total, "review", "reviews")} of ToolForge, newest first.</p> : null}
      <p className="mt-2">
        <Link href="/dashboard/addReview" prefetch={false} className={textLinkClass}>
          Write a review
        </Link>
      </p>
      <ReviewList list={list} href={href} empty={<p className="mt-6 text-slate-700">No reviews yet — be the first to share how our tools work for you.</p>} />
    </div>
  );
}

import type { Metadata } from "next";
import Link from "next/link";
import { findListPage } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, readPageQuery } from "@/components/admin/pagination";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { ReviewList } from "@/components/reviews/review-list";
import { ReviewSummary } from "@/components/reviews/review-item";
import { textLinkClass } from "@/components/ui/button";
import { findProductAt } from "@/lib/catalog/service";
import { listProductReviewPage } from "@/lib/reviews/service";
import { productPath } from "@/models/catalog";
import { productReviewsPath } from "@/models/reviews";

// Read at request time like the product page: a new review shows on the next request.
export const dynamic = "force-dynamic";

type ProductReviewsPageProps = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

const PAGE_SIZE = 12;

export async function generateMetadata({ params }: ProductReviewsPageProps): Promise<Metadata> {
  const product = await findProductAt((await params).id);
  if (!product) return notFoundMetadata;
  return { title: `Reviews of ${product.name}`, alternates: { canonical: productReviewsPath(product.id) } };
}

/** Every published review of a tool, newest first, twelve to a page: the product page shows the newest six. */
export default async function ProductReviewsPage({ params, searchParams }: ProductReviewsPageProps) {
  const product = await findProductAt((await params).id);
  if (!product) return notFoundPage();
  const path = productReviewsPath(product.id);
  // At most 25 a page, as the admin list of reviews: each carries up to 1,000 characters.
  const paging = readPageQuery(await searchParams, PAGE_SIZE, "", 25);
  const href = (page: number, cursor?: string) => listHref(path, { pageSize: keptPageSize(paging, PAGE_SIZE) }, page, cursor);
  const list = await findListPage(() => listProductReviewPage(product.id, paging));

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:px-6 sm:py-10 lg:px-8">
      <Breadcrumbs
        trail={[
          { href: "/", label: "Home" },
          { href: "/servicedata", label: "All tools" },
          { href: productPath(product.id), label: product.name },
        ]}
        current="Reviews"
      />
      <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">Reviews of {product.name}</h1>
      {list ? <ReviewSummary averageRating={list.averageRating} count={list.total} /> : null}
      <p className="mt-2">
        <Link href={`/dashboard/addReview?product=${encodeURIComponent(product.id)}`} prefetch={false} className={textLinkClass}>
          Bought it? Write a review
        </Link>
      </p>
      <ReviewList list={list} href={href} empty={null} />
    </div>
  );
}

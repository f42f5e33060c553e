import type { Metadata } from "next";
import Link from "next/link";
import { findListPage, InvalidPageLink } from "@/components/admin/invalid-page-link";
import { keptPageSize, listHref, Pagination, readPageQuery } from "@/components/admin/pagination";
import { Breadcrumbs } from "@/components/layout/breadcrumbs";
import { notFoundMetadata, notFoundPage } from "@/app/page-answers";
import { ProductReviewItem, ReviewSummary } from "@/components/reviews/product-review-item";
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
      {!list ? (
        <InvalidPageLink firstPageHref={href(1)} />
      ) : list.items.length === 0 && list.total > 0 ? (
        <p className="mt-6 text-slate-700">
          There is no page {list.page}.{" "}
          <Link href={href(1)} className={textLinkClass}>
            Go to the first page
          </Link>
        </p>
      ) : list.items.length > 0 ? (
        <>
          <ul role="list" className="mt-6 grid gap-4 md:grid-cols-2">
            {list.items.map((review) => (
              <li key={review.id}>
                <ProductReviewItem review={review} headingLevel={2} />
              </li>
            ))}
          </ul>
          <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Review pages" />
        </>
      ) : null}
    </div>
  );
}

import Link from "next/link";
import type { ReactNode } from "react";
import { InvalidPageLink } from "@/components/admin/invalid-page-link";
import { Pagination } from "@/components/admin/pagination";
import { ReviewItem } from "@/components/reviews/review-item";
import { textLinkClass } from "@/components/ui/button";
import type { Page } from "@/models/paging";
import type { ReviewView } from "@/models/reviews";

type ReviewListProps = {
  /** The page read, or null when its page link was not valid (findListPage). */
  list: Page<ReviewView> | null;
  /** The address of a page of this list (keyset lists also get the cursor it starts from). */
  href: (page: number, cursor?: string) => string;
  /** What shows when there are no reviews at all. */
  empty: ReactNode;
};

/**
 * A page of published reviews, two columns from tablet width, with its paging links: the shop's reviews
 * (/reviews) and a tool's (/products/{id}/reviews). A page past the last, or a damaged page link, says so
 * and links to the first page.
 */
export function ReviewList({ list, href, empty }: ReviewListProps) {
  if (!list) return <InvalidPageLink firstPageHref={href(1)} />;
  if (list.items.length === 0) {
    if (list.total === 0) return empty;
    return (
      <p className="mt-6 text-slate-700">
        There is no page {list.page}.{" "}
        <Link href={href(1)} className={textLinkClass}>
          Go to the first page
        </Link>
      </p>
    );
  }
  return (
    <>
      <ul role="list" className="mt-6 grid gap-4 md:grid-cols-2">
        {list.items.map((review) => (
          <li key={review.id}>
            <ReviewItem review={review} headingLevel={2} />
          </li>
        ))}
      </ul>
      <Pagination page={list.page} pageCount={list.pageCount} href={href} nextCursor={list.nextCursor} prevCursor={list.prevCursor} label="Review pages" />
    </>
  );
}

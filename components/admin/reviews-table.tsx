import Link from "next/link";
import { StarRating } from "@/components/ui/star-rating";
import { productPath } from "@/models/catalog";
import type { AdminReviewView } from "@/models/reviews";
import { cellClass, TableFrame } from "./data-table";
import { formatDate } from "@/models/dates";
import { ReviewVisibilityButton } from "./review-visibility-button";
import { EmailAddress } from "@/components/ui/email-address";

/** Every review, hidden ones included. Review text is user input: it is rendered as text, never as HTML. */
export function ReviewsTable({ reviews }: { reviews: AdminReviewView[] }) {
  return (
    <TableFrame id="reviews" caption="Customer reviews, last written or edited first" minWidth="min-w-[56rem]" columns={["Author", "Rating", "Review", "Verified buyer", "On the site", "Action"]}>
      <tbody>
        {reviews.map((review) => (
          <tr
            key={review.id}
            data-review-id={review.id}
            className={`border-b border-slate-200 last:border-b-0 ${review.hidden ? "bg-slate-50" : ""}`}
          >
            <th scope="row" className={`${cellClass} text-left align-top font-normal`}>
              <span className="block font-semibold text-slate-900">{review.authorName}</span>
              <a href={`mailto:${review.authorEmail}`} className="text-sm [overflow-wrap:anywhere] text-brand-dark underline underline-offset-2 hover:text-brand">
                <EmailAddress email={review.authorEmail} />
              </a>
              <time dateTime={review.createdAt} className="block text-xs text-slate-600">
                {formatDate(review.createdAt)}
              </time>
              {review.editedAt ? (
                <span className="block text-xs font-semibold text-amber-800">
                  Edited <time dateTime={review.editedAt}>{formatDate(review.editedAt)}</time>
                </span>
              ) : null}
            </th>
            <td className={`${cellClass} align-top whitespace-nowrap`}>
              <StarRating rating={review.rating} size={16} />
              <span className="block text-xs text-slate-600" aria-hidden="true">
                {review.rating} / 5
              </span>
            </td>
            <td className={`${cellClass} max-w-md align-top text-sm text-slate-800`}>
              <div className="min-w-0">
                <p className="text-xs font-semibold text-slate-600">
                  {review.productId ? (
                    <>
                      Of the tool{" "}
                      <Link href={productPath(review.productId)} className="text-brand-dark underline underline-offset-2 hover:text-brand">
                        {review.productName ?? review.productId}
                      </Link>
                    </>
                  ) : (
                    "Of the shop"
                  )}
                </p>
                <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{review.text}</p>
              </div>
            </td>
            <td className={`${cellClass} align-top text-sm`}>
              {review.verifiedBuyer ? <span className="font-semibold text-green-800">Yes</span> : <span className="text-slate-700">No</span>}
            </td>
            <td className={`${cellClass} align-top text-sm`}>
              {review.hidden ? (
                <span className="rounded-full bg-slate-200 px-2.5 py-1 font-semibold text-slate-800">Hidden</span>
              ) : (
                <span className="rounded-full bg-green-100 px-2.5 py-1 font-semibold text-green-900">Visible</span>
              )}
            </td>
            <td className={`${cellClass} align-top`}>
              <ReviewVisibilityButton reviewId={review.id} hidden={review.hidden} author={review.authorName} />
            </td>
          </tr>
        ))}
      </tbody>
    </TableFrame>
  );
}

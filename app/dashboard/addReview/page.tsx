import type { Metadata } from "next";
import Link from "next/link";
import { requirePageActor } from "@/app/page-session";
import { DeleteReviewButton } from "@/components/reviews/delete-review-button";
import { ReviewCard } from "@/components/reviews/review-card";
import { ReviewForm } from "@/components/reviews/review-form";
import { findProductAt } from "@/lib/catalog/service";
import { listBoughtProducts } from "@/lib/orders/purchases";
import { findMyReview } from "@/lib/reviews/service";
import { productIdSchema, productPath } from "@/models/catalog";

export const metadata: Metadata = { title: "Add Review", robots: { index: false } };

type AddReviewPageProps = { searchParams: Promise<{ product?: string | string[] }> };

const linkClass = "font-semibold text-brand-dark underline underline-offset-2 hover:text-brand";

export default async function AddReviewPage({ searchParams }: AddReviewPageProps) {
  const asked = (await searchParams).product;
  const actor = await requirePageActor(
    typeof asked === "string" ? `/dashboard/addReview?product=${encodeURIComponent(asked)}` : "/dashboard/addReview",
  );
  const bought = await listBoughtProducts(actor.userId);
  const product = await findProductAt(asked);

  if (asked !== undefined) {
    const canReview = product !== null && bought.some((item) => item.productId === product.id);
    // A review written while the tool was bought and on sale stays the author's to delete after a
    // refund, or once the tool is off sale (ADR 064), though it can no longer be edited.
    const askedId = canReview ? null : productIdSchema.safeParse(asked);
    const kept = askedId?.success ? await findMyReview(actor, askedId.data) : null;
    return (
      <>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">
          {product ? `Review ${product.name}` : "Review a product"}
        </h1>
        {canReview && product ? (
          <>
            <p className="mt-2 mb-6 max-w-2xl text-slate-700">
              Tell other customers how this tool works for you. Your review appears on{" "}
              <Link href={productPath(product.id)} className={linkClass}>
                its page
              </Link>{" "}
              with your name and account photo.
            </p>
            <ReviewForm
              author={{ name: actor.name, imageUrl: actor.imageUrl }}
              existing={await findMyReview(actor, product.id)}
              product={{ id: product.id, name: product.name }}
            />
          </>
        ) : kept ? (
          <section aria-labelledby="kept-review-title" className="mt-4 max-w-2xl">
            <p className="rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">
              {!product
                ? "This product is no longer on sale, so your review of it is no longer shown in the shop and cannot be edited."
                : kept.hidden
                  ? "The shop has hidden your review of this tool, and it can no longer be edited: the tool is not in your paid orders any more."
                  : "Your review of this tool stays on its page, but it can no longer be edited: the tool is not in your paid orders any more."}{" "}
              You can delete it.
            </p>
            <h2 id="kept-review-title" className="mt-6 mb-3 text-lg font-bold text-slate-900">
              Your review{kept.hidden ? " (hidden by the shop)" : ""}
            </h2>
            <ReviewCard
              review={{ authorName: actor.name, authorImageUrl: actor.imageUrl, rating: kept.rating, text: kept.text, verifiedBuyer: kept.verifiedBuyer }}
            />
            <div className="mt-4">
              <DeleteReviewButton reviewId={kept.id} productName={product?.name ?? "this product"} consequence="is deleted for good." />
            </div>
          </section>
        ) : (
          <p className="mt-4 max-w-2xl rounded-lg border border-slate-300 bg-slate-50 p-4 text-slate-800">
            {product
              ? "You can review a tool once you have bought it: this one is not in your paid orders yet."
              : "This product is no longer on sale, so it cannot be reviewed."}{" "}
            <Link href="/dashboard/addReview" className={linkClass}>
              Review the shop instead
            </Link>
            .
          </p>
        )}
      </>
    );
  }

  const existing = await findMyReview(actor);
  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Add Review</h1>
      <p className="mt-2 mb-6 max-w-2xl text-slate-700">
        Tell other customers how our tools work for you. Your review appears on our home page with your name and account photo.
      </p>
      {bought.length > 0 ? (
        <section aria-labelledby="bought-title" className="mb-8 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:p-5">
          <h2 id="bought-title" className="font-semibold text-slate-900">
            Review a tool you bought
          </h2>
          <ul className="mt-2 flex flex-wrap gap-x-5 gap-y-2">
            {bought.map((item) => (
              <li key={item.productId}>
                <Link href={`/dashboard/addReview?product=${encodeURIComponent(item.productId)}`} className={linkClass}>
                  {item.productName}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <ReviewForm author={{ name: actor.name, imageUrl: actor.imageUrl }} existing={existing} />
    </>
  );
}

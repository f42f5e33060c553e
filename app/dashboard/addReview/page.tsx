import type { Metadata } from "next";
import { requirePageActor } from "@/components/auth/session";
import { ReviewForm } from "@/components/reviews/review-form";
import { findMyReview } from "@/lib/reviews/service";

export const metadata: Metadata = { title: "Add Review", robots: { index: false } };

export default async function AddReviewPage() {
  const actor = await requirePageActor("/dashboard/addReview");
  const existing = await findMyReview(actor);

  return (
    <>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Add Review</h1>
      <p className="mt-2 mb-6 max-w-2xl text-slate-700">
        Tell other customers how our tools work for you. Your review appears on our home page with your name and account photo.
      </p>
      <ReviewForm author={{ name: actor.name, imageUrl: actor.imageUrl }} existing={existing} />
    </>
  );
}

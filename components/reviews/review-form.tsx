"use client";

import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Controller, useForm, useWatch } from "react-hook-form";
import toast from "react-hot-toast";
import { Avatar } from "@/components/auth/avatar";
import { buttonClasses } from "@/components/ui/button";
import { FormStatus } from "@/components/ui/form-status";
import { sendJson } from "@/components/ui/send-json";
import { SubmitButton } from "@/components/ui/submit-button";
import { useFieldValue } from "@/components/ui/use-field-value";
import type { z } from "zod";
import { countOf } from "@/models/count";
import { reviewInputSchema, type MyReviewView, type ReviewInput } from "@/models/reviews";
import { DeleteReviewButton } from "./delete-review-button";
import { RatingInput } from "./rating-input";
import { ReviewCard } from "./review-card";

// The server's limits (models/reviews.ts); the schema itself says the same in its messages.
const MIN_TEXT = 10;
const MAX_TEXT = 1000;
const SAVE_FAILED = "We couldn't save your review. Try again.";

type ReviewFormProps = {
  author: { name: string; imageUrl: string | null };
  /** The customer's review, if they have written one: the form edits it. */
  existing: MyReviewView | null;
  /** The product reviewed; left out for a review of the shop. */
  product?: { id: string; name: string };
};

/** Screen readers hear the count only near the limit, not on every keystroke. */
function limitAnnouncement(length: number): string {
  if (length > MAX_TEXT) return `${countOf(length - MAX_TEXT, "character", "characters")} over the limit`;
  if (length >= MAX_TEXT - 50) return `${countOf(MAX_TEXT - length, "character", "characters")} left`;
  return "";
}

export function ReviewForm({ author, existing, product }: ReviewFormProps) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const [saved, setSaved] = useState<"added" | "updated" | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    reset,
    subscribe,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<z.input<typeof reviewInputSchema>, unknown, ReviewInput>({
    resolver: zodResolver(reviewInputSchema),
    mode: "onSubmit",
    reValidateMode: "onChange",
    defaultValues: { text: existing?.text ?? "", rating: existing?.rating },
  });
  // Text typed before the page was ready counts too (ADR 066).
  const text = useFieldValue({ subscribe, getValues }, "text") ?? "";
  const rating = useWatch({ control, name: "rating" });
  const length = text.trim().length;

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    setSaved(null);
    const result = await sendJson("/api/reviews", "POST", product ? { ...values, productId: product.id } : values, SAVE_FAILED);
    if (result.ok) {
      const created = result.status === 201;
      setSaved(created ? "added" : "updated");
      toast.success(created ? "Review added" : "Review updated");
      // The page reads the review again, so it now says it edits the saved one.
      router.refresh();
      return;
    }
    const { message, fields } = result;
    if (fields.text) setError("text", { message: fields.text }, { shouldFocus: true });
    if (fields.rating) setError("rating", { message: fields.rating }, { shouldFocus: !fields.text });
    if (!fields.text && !fields.rating) {
      // Not about a field: too many reviews in a short time (429), signed out meanwhile (401)…
      setFormError(message);
      toast.error(message);
    }
  });

  const textDescribedBy = ["review-text-hint", "review-text-count", errors.text ? "review-text-error" : null].filter(Boolean).join(" ");

  return (
    <div className="grid gap-8 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_22rem]">
      <form method="post" onSubmit={onSubmit} noValidate aria-describedby="review-status" className="flex min-w-0 flex-col gap-6">
        <div className="flex items-center gap-4">
          <Avatar src={author.imageUrl} name={author.name} size={64} />
          <div className="min-w-0">
            <p className="text-sm text-slate-600">Reviewing as</p>
            <p className="truncate text-lg font-semibold text-slate-900">{author.name}</p>
          </div>
        </div>

        {existing ? (
          <p className="rounded-lg border border-sky-300 bg-sky-50 px-4 py-3 text-sky-900">
            {product ? `You've already reviewed ${product.name}` : "You've already reviewed us"} — saving will update your review.
          </p>
        ) : null}
        {existing?.hidden ? (
          <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
            Our team has hidden this review, so it is not shown on {product ? "the product’s page" : "our home page"}. Saving changes keeps it
            hidden.
          </p>
        ) : null}

        <div className="flex flex-col gap-1.5">
          <label htmlFor="review-text" className="text-sm font-semibold text-slate-900">
            Your review
          </label>
          <p id="review-text-hint" className="text-sm text-slate-600">
            Between {MIN_TEXT} and {MAX_TEXT} characters: what you bought, how it works for you.
          </p>
          <textarea
            id="review-text"
            rows={7}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={textDescribedBy}
            className={`block w-full resize-y rounded-md border bg-white px-3 py-2.5 text-base text-slate-900 shadow-sm placeholder:text-slate-500 ${
              errors.text ? "border-red-700" : "border-slate-400"
            }`}
            defaultValue={existing?.text}
            {...register("text")}
          />
          <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
            {errors.text ? (
              <p id="review-text-error" className="text-sm font-medium text-red-700">
                {errors.text.message}
              </p>
            ) : (
              <span />
            )}
            <p
              id="review-text-count"
              data-testid="review-text-count"
              className={`ml-auto text-sm tabular-nums ${length > MAX_TEXT ? "font-semibold text-red-700" : "text-slate-600"}`}
            >
              {length} / {MAX_TEXT} characters
            </p>
          </div>
          <p aria-live="polite" className="sr-only">
            {limitAnnouncement(length)}
          </p>
        </div>

        <div className="flex flex-col gap-1.5">
          <span id="review-rating-label" className="text-sm font-semibold text-slate-900">
            Rating
          </span>
          <p id="review-rating-hint" className="text-sm text-slate-600">
            Half stars allowed. Keyboard: arrow keys move by half a star, 1–5 pick whole stars.
          </p>
          <Controller
            control={control}
            name="rating"
            render={({ field, fieldState }) => (
              <RatingInput
                id="review-rating"
                ref={field.ref}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                labelledBy="review-rating-label"
                describedBy={["review-rating-hint", fieldState.error ? "review-rating-error" : null].filter(Boolean).join(" ")}
                invalid={Boolean(fieldState.error)}
                disabled={isSubmitting}
              />
            )}
          />
          {errors.rating ? (
            <p id="review-rating-error" className="text-sm font-medium text-red-700">
              {errors.rating.message}
            </p>
          ) : null}
        </div>

        <FormStatus id="review-status" message={formError} />
        <div className="-mt-3 flex flex-wrap items-center gap-4">
          <SubmitButton pending={isSubmitting} pendingLabel="Saving…" className={buttonClasses("primary", "lg")}>
            {existing ? "Update review" : "Submit review"}
          </SubmitButton>
          <p role="status" className="text-sm font-medium text-green-800">
            {saved === "added" ? "Thanks — your review is saved." : saved === "updated" ? "Your review is updated." : ""}
          </p>
          {existing ? (
            <div className="sm:ml-auto">
              <DeleteReviewButton
                reviewId={existing.id}
                productName={product?.name ?? null}
                consequence={`leaves ${product ? "its page" : "our home page"} for good. You can write a new one afterwards.`}
                // The form stays, empty, for a new review; the button goes with the old one.
                onSuccess={() => {
                  setSaved(null);
                  setFormError(null);
                  reset({ text: "", rating: undefined });
                }}
              />
            </div>
          ) : null}
        </div>
      </form>

      <section aria-labelledby="review-preview-title" className="min-w-0">
        <h2 id="review-preview-title" className="text-lg font-bold text-slate-900">
          Preview
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">
          {existing?.hidden
            ? "How your review would look if it were shown."
            : product
              ? "How your review will look on the product’s page."
              : "How your review will look on our home page."}
        </p>
        <ReviewCard
          review={{
            authorName: author.name,
            authorImageUrl: author.imageUrl,
            rating: rating ?? 0,
            text: text.trim() || "Your review will appear here.",
            // Decided by the server from your paid orders; only a saved review knows it.
            verifiedBuyer: existing?.verifiedBuyer ?? false,
          }}
        />
        <p className="mt-3 text-sm text-slate-600">
          {existing?.verifiedBuyer
            ? "Your review carries the “Verified buyer” badge because you have a paid order."
            : "Reviews from customers with a paid order get a “Verified buyer” badge, added by the shop."}
        </p>
      </section>
    </div>
  );
}

import type { ReviewView } from "@/models/reviews";

/**
 * What the carousel shows of a review. A ReviewView fits; the fields it does not show (createdAt)
 * may be left out, so they are not serialised into the page for nothing.
 */
export type CarouselReview = Pick<ReviewView, "id" | "authorName" | "authorImageUrl" | "rating" | "text" | "verifiedBuyer">;

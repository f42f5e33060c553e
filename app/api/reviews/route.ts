import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { requireActor } from "@/lib/accounts/actor";
import { json, parseListQuery, readJson, route } from "@/lib/http";
import { withRateLimit } from "@/lib/rate-limit";
import { listPublicReviews, saveReview } from "@/lib/reviews/service";
import { reviewInputSchema, reviewListQuerySchema } from "@/models/reviews";

/** Public reviews, newest first: `page`, `pageSize` (≤ 100) and the `cursor` of a neighbouring page. */
export const GET = route(async (request: Request) => json(await listPublicReviews(parseListQuery(request, reviewListQuerySchema))));

/**
 * One review of the shop per customer, and one per product they bought (`productId`): the first post
 * creates it (201), later posts edit it (200).
 */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return withRateLimit("review", actor.userId, async () => {
    const input = await readJson(request, reviewInputSchema);
    const { review, created } = await saveReview(actor, input);
    revalidateReviewPages(review.productId);
    return json(review, { status: created ? 201 : 200 });
  });
});

import { route } from "@/lib/api/route";
import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { json, parseListQuery, readJson } from "@/lib/http";
import { withRateLimit } from "@/lib/rate-limit";
import { listPublicReviews, saveReview } from "@/lib/reviews/service";
import { reviewInputSchema, reviewListQuerySchema } from "@/models/reviews";

/** Public reviews, newest first: `page`, `pageSize` (≤ 100) and the `cursor` of a neighbouring page. */
export const GET = route("GET /api/reviews", async (request: Request) => json(await listPublicReviews(parseListQuery(request, reviewListQuerySchema))));

/**
 * One review of the shop per customer, and one per product they bought (`productId`): the first post
 * creates it (201), later posts edit it (200).
 */
export const POST = route("POST /api/reviews", async (request: Request, _context: unknown, actor) => {
  return withRateLimit("review", actor.userId, async () => {
    const input = await readJson(request, reviewInputSchema);
    const { review, created } = await saveReview(actor, input);
    revalidateReviewPages(review.productId);
    return json(review, { status: created ? 201 : 200 });
  });
});

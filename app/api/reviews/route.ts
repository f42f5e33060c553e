import { route } from "@/lib/api/route";
import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { json, readJson} from "@/lib/http";
import { withRateLimit } from "@/lib/rate-limit";
import { listPublicReviews, saveReview } from "@/lib/reviews/service";
import { reviewInputSchema } from "@/models/reviews";

export const GET = route("GET /api/reviews", async () => json({ items: await listPublicReviews() }));

/** One review per customer: the first post creates it (201), later posts edit it (200). */
export const POST = route("POST /api/reviews", async (request: Request, _context: unknown, actor) => {
  return withRateLimit("review", actor.userId, async () => {
    const input = await readJson(request, reviewInputSchema);
    const { review, created } = await saveReview(actor, input);
    revalidateReviewPages();
    return json(review, { status: created ? 201 : 200 });
  });
});

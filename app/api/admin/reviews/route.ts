import { requireActor } from "@/lib/accounts/actor";
import { json, parseListQuery, route } from "@/lib/http";
import { listAllReviews } from "@/lib/reviews/service";
import { reviewListQuerySchema } from "@/models/reviews";

/** Every review, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, reviewListQuerySchema);
  return json(await listAllReviews(actor, query), { headers: { "cache-control": "private, no-store" } });
});

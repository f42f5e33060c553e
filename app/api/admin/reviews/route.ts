import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { listAllReviews } from "@/lib/reviews/service";
import { reviewListQuerySchema } from "@/models/reviews";

/** Every review, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route("GET /api/admin/reviews", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, reviewListQuerySchema);
  return json(await listAllReviews(actor, query), { headers: { "cache-control": "private, no-store" } });
});

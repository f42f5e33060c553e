import { route } from "@/lib/api/route";
import { json, parseListQuery, parseWith } from "@/lib/http";
import { listProductReviewPage } from "@/lib/reviews/service";
import { productIdSchema } from "@/models/catalog";
import { reviewListQuerySchema } from "@/models/reviews";

type Context = { params: Promise<{ id: string }> };

/**
 * A product's published reviews, newest first: `page`, `pageSize` (≤ 100) and the `cursor` of a
 * neighbouring page, with `total` and the average rating of all of them. 404 for a tool not on sale.
 */
export const GET = route("GET /api/products/{id}/reviews", async (request: Request, { params }: Context) => {
  // An id that cannot exist is simply not found, like any unknown id.
  const id = parseWith(productIdSchema.catch("-"), (await params).id);
  return json(await listProductReviewPage(id, parseListQuery(request, reviewListQuerySchema)));
});

import { route } from "@/lib/api/route";
import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { json, readJson } from "@/lib/http";
import { deleteOwnReview, setReviewHidden } from "@/lib/reviews/service";
import { reviewModerationSchema } from "@/models/reviews";

type Context = { params: Promise<{ id: string }> };

/** Moderation (admins): { hidden: true } takes a review off the public site, false puts it back. */
export const PATCH = route("PATCH /api/reviews/{id}", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { hidden } = await readJson(request, reviewModerationSchema);
  const updated = await setReviewHidden(actor, id, hidden);
  revalidateReviewPages(updated.productId);
  return json(updated);
});

/** The author takes their own review away (204); anyone else's review, or one already gone, is 404. */
export const DELETE = route("DELETE /api/reviews/{id}", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { productId } = await deleteOwnReview(actor, id);
  revalidateReviewPages(productId);
  return new Response(null, { status: 204 });
});

import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { requireActor } from "@/lib/accounts/actor";
import { json, readJson, route } from "@/lib/http";
import { setReviewHidden } from "@/lib/reviews/service";
import { reviewModerationSchema } from "@/models/reviews";

type Context = { params: Promise<{ id: string }> };

/** Moderation (admins): { hidden: true } takes a review off the public site, false puts it back. */
export const PATCH = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  const { hidden } = await readJson(request, reviewModerationSchema);
  const updated = await setReviewHidden(actor, id, hidden);
  revalidateReviewPages(updated.productId);
  return json(updated);
});

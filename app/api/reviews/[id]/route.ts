import { route } from "@/lib/api/route";
import { revalidateReviewPages } from "@/app/revalidate-catalog";
import { json, readJson} from "@/lib/http";
import { setReviewHidden } from "@/lib/reviews/service";
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

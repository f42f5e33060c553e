import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { listAllReviews } from "@/lib/reviews/service";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ items: await listAllReviews(actor) }, { headers: { "cache-control": "private, no-store" } });
});

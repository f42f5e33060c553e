import { requireActor } from "@/lib/accounts/actor";
import { getProfile } from "@/lib/accounts/profile";
import { describeActor } from "@/lib/accounts/service";
import { json, route } from "@/lib/http";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ ...describeActor(actor), profile: await getProfile(actor) }, { headers: { "cache-control": "private, no-store" } });
});

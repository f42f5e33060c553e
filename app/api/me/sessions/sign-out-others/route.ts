import { requireActor } from "@/lib/accounts/actor";
import { revokeOtherSessions } from "@/lib/accounts/sessions";
import { json, route } from "@/lib/http";

/** Signs out every session of yours but this one. */
export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json(await revokeOtherSessions(actor));
});

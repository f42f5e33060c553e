import { requireActor } from "@/lib/accounts/actor";
import { revokeSession } from "@/lib/accounts/sessions";
import { json, route } from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

/** Signs one of your sessions out; `current` says whether it was this one. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  return json(await revokeSession(actor, id));
});

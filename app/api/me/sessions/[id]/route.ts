import { route } from "@/lib/api/route";
import { revokeSession } from "@/lib/accounts/sessions";
import { json} from "@/lib/http";

type Context = { params: Promise<{ id: string }> };

/** Signs one of your sessions out; `current` says whether it was this one. */
export const DELETE = route("DELETE /api/me/sessions/{id}", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  return json(await revokeSession(actor, id));
});

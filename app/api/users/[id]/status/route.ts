import { requireActor, requireAdmin } from "@/lib/accounts/actor";
import { setAccountDisabled } from "@/lib/accounts/disable";
import { json, readJson, route } from "@/lib/http";
import { accountStatusSchema } from "@/models/users";

type Context = { params: Promise<{ id: string }> };

/** `{ disabled }` (admins): disabling signs the account out everywhere at once. */
export const PATCH = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  requireAdmin(actor);
  const { id } = await params;
  const { disabled } = await readJson(request, accountStatusSchema);
  return json(await setAccountDisabled(actor, id, disabled));
});

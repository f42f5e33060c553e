import { requireActor } from "@/lib/accounts/actor";
import { setUserRole } from "@/lib/accounts/users";
import { json, readJson, route } from "@/lib/http";
import { roleChangeSchema } from "@/models/users";

type Context = { params: Promise<{ id: string }> };

export const PATCH = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  const { role } = await readJson(request, roleChangeSchema);
  return json(await setUserRole(actor, id, role));
});

import { route } from "@/lib/api/route";
import { setUserRole } from "@/lib/accounts/users";
import { json, readJson} from "@/lib/http";
import { roleChangeSchema } from "@/models/users";

type Context = { params: Promise<{ id: string }> };

export const PATCH = route("PATCH /api/users/{id}/role", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { role } = await readJson(request, roleChangeSchema);
  return json(await setUserRole(actor, id, role));
});

import { route } from "@/lib/api/route";
import { setAccountDisabled } from "@/lib/accounts/disable";
import { json, readJson} from "@/lib/http";
import { accountStatusSchema } from "@/models/users";

type Context = { params: Promise<{ id: string }> };

/** `{ disabled }` (admins): disabling signs the account out everywhere at once. */
export const PATCH = route("PATCH /api/users/{id}/status", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { disabled } = await readJson(request, accountStatusSchema);
  return json(await setAccountDisabled(actor, id, disabled));
});

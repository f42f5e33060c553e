import { requireActor } from "@/lib/accounts/actor";
import { listUsers } from "@/lib/accounts/users";
import { json, parseListQuery, route } from "@/lib/http";
import { userListQuerySchema } from "@/models/users";

/** Accounts, oldest first: `?q=` searches name and email, `page`, `pageSize` (≤ 100) and `cursor` page. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, userListQuerySchema);
  return json(await listUsers(actor, query), { headers: { "cache-control": "private, no-store" } });
});

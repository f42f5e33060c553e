import { route } from "@/lib/api/route";
import { listUsers } from "@/lib/accounts/users";
import { json, parseListQuery } from "@/lib/http";
import { userListQuerySchema } from "@/models/users";

/** Accounts, oldest first: `?q=` searches name and email, `page`, `pageSize` (≤ 100) and `cursor` page. */
export const GET = route("GET /api/users", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, userListQuerySchema);
  return json(await listUsers(actor, query), { headers: { "cache-control": "private, no-store" } });
});

import { route } from "@/lib/api/route";
import { listSessions } from "@/lib/accounts/sessions";
import { json, parseListQuery } from "@/lib/http";
import { sessionListQuerySchema } from "@/models/accounts";

/** Where the caller is signed in, this session first: `page`, `pageSize` (≤ 100). */
export const GET = route("GET /api/me/sessions", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, sessionListQuerySchema);
  return json(await listSessions(actor, query), { headers: { "cache-control": "private, no-store" } });
});

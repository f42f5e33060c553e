import { route } from "@/lib/api/route";
import { listSessions } from "@/lib/accounts/sessions";
import { json} from "@/lib/http";

export const GET = route("GET /api/me/sessions", async (request: Request, _context: unknown, actor) => {
  return json(await listSessions(actor), { headers: { "cache-control": "private, no-store" } });
});

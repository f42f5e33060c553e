import { route } from "@/lib/api/route";
import { listUsers } from "@/lib/accounts/users";
import { json} from "@/lib/http";

export const GET = route("GET /api/users", async (request: Request, _context: unknown, actor) => {
  return json({ items: await listUsers(actor) }, { headers: { "cache-control": "private, no-store" } });
});

import { route } from "@/lib/api/route";
import { json} from "@/lib/http";
import { listContactMessages } from "@/lib/messages/service";

export const GET = route("GET /api/admin/messages", async (request: Request, _context: unknown, actor) => {
  return json({ items: await listContactMessages(actor) }, { headers: { "cache-control": "private, no-store" } });
});

import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { listContactMessages } from "@/lib/messages/service";
import { contactMessageListQuerySchema } from "@/models/messages";

/** Contact messages, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route("GET /api/admin/messages", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, contactMessageListQuerySchema);
  return json(await listContactMessages(actor, query), { headers: { "cache-control": "private, no-store" } });
});

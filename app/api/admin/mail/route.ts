import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { listUndeliveredMail } from "@/lib/mail/outbox";
import { undeliveredMailListQuerySchema } from "@/models/messages";

/** Mail the shop has not delivered over SMTP yet, with its tries and last error, newest first: `page`, `pageSize` (≤ 100) and `cursor` (admins). */
export const GET = route("GET /api/admin/mail", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, undeliveredMailListQuerySchema);
  return json(await listUndeliveredMail(actor, query), { headers: { "cache-control": "private, no-store" } });
});

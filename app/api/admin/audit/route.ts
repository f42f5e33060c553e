import { route } from "@/lib/api/route";
import { listAudit } from "@/lib/audit/service";
import { json, parseListQuery } from "@/lib/http";
import { pageQuerySchema } from "@/models/paging";

const querySchema = pageQuerySchema(50);

/** The audit log, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route("GET /api/admin/audit", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, querySchema);
  return json(await listAudit(actor, query), { headers: { "cache-control": "private, no-store" } });
});

import { requireActor } from "@/lib/accounts/actor";
import { listAudit } from "@/lib/audit/service";
import { json, parseListQuery, route } from "@/lib/http";
import { pageQuerySchema } from "@/models/paging";

const querySchema = pageQuerySchema(50);

/** The audit log, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, querySchema);
  return json(await listAudit(actor, query), { headers: { "cache-control": "private, no-store" } });
});

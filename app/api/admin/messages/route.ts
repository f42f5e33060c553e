import { requireActor } from "@/lib/accounts/actor";
import { json, parseListQuery, route } from "@/lib/http";
import { listContactMessages } from "@/lib/messages/service";
import { pageQuerySchema } from "@/models/paging";

const querySchema = pageQuerySchema(25);

/** Contact messages, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, querySchema);
  return json(await listContactMessages(actor, query), { headers: { "cache-control": "private, no-store" } });
});

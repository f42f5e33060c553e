import { requireActor } from "@/lib/accounts/actor";
import { json, parseListQuery, route } from "@/lib/http";
import { listAllOrders } from "@/lib/orders/service";
import { adminOrderListQuerySchema } from "@/models/orders";

/** Every order, newest first: `status`, `shipping`, `q` (email fragment), `page`, `pageSize` (≤ 100), `cursor`. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, adminOrderListQuerySchema);
  return json(await listAllOrders(actor, query), { headers: { "cache-control": "private, no-store" } });
});

import { requireActor } from "@/lib/accounts/actor";
import { json, parseQuery, route } from "@/lib/http";
import { listAllOrders } from "@/lib/orders/service";
import { adminOrderQuerySchema } from "@/models/orders";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseQuery(request, adminOrderQuerySchema);
  return json({ items: await listAllOrders(actor, query) }, { headers: { "cache-control": "private, no-store" } });
});

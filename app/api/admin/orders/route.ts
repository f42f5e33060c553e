import { route } from "@/lib/api/route";
import { json, parseListQuery } from "@/lib/http";
import { listAllOrders } from "@/lib/orders/service";
import { adminOrderListQuerySchema } from "@/models/orders";

/** Every order, newest first: `status`, `shipping`, `q` (email fragment or order number), `page`, `pageSize` (≤ 100), `cursor`. */
export const GET = route("GET /api/admin/orders", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, adminOrderListQuerySchema);
  return json(await listAllOrders(actor, query), { headers: { "cache-control": "private, no-store" } });
});

import { route } from "@/lib/api/route";
import { json, parseQuery} from "@/lib/http";
import { listAllOrders } from "@/lib/orders/service";
import { adminOrderQuerySchema } from "@/models/orders";

export const GET = route("GET /api/admin/orders", async (request: Request, _context: unknown, actor) => {
  const query = parseQuery(request, adminOrderQuerySchema);
  return json({ items: await listAllOrders(actor, query) }, { headers: { "cache-control": "private, no-store" } });
});

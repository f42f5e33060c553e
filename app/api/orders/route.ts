import { route } from "@/lib/api/route";
import { json, parseListQuery, parseWith, readJson } from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { idempotencyKeySchema, myOrderListQuerySchema, placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

/** The caller's orders, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route("GET /api/orders", async (request: Request, _context: unknown, actor) => {
  const query = parseListQuery(request, myOrderListQuerySchema);
  return json(await listMyOrders(actor, query), { headers: { "cache-control": "private, no-store" } });
});

/** Places an order; an `Idempotency-Key` header makes a retry answer the first result again (PRODUCT.md §5). */
export const POST = route("POST /api/orders", async (request: Request, _context: unknown, actor) => {
  const header = request.headers.get("idempotency-key");
  const key = header === null ? undefined : parseWith(idempotencyKeySchema, header, "bad_request");
  const input = await readJson(request, placeOrderSchema);
  const placed = await placeOrder(actor, input, key);
  if (!placed.replayed) revalidateCatalogPages();
  return json(placed.order, { status: 201, headers: placed.replayed ? { "idempotent-replayed": "true" } : undefined });
});

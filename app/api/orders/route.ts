import { route } from "@/lib/api/route";
import { json, parseWith, readJson } from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { idempotencyKeySchema, placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

export const GET = route("GET /api/orders", async (_request: Request, _context: unknown, actor) => {
  return json({ items: await listMyOrders(actor) }, { headers: { "cache-control": "private, no-store" } });
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

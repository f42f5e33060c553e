import { requireActor } from "@/lib/accounts/actor";
import { json, parseWith, readJson, route } from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { idempotencyKeySchema, placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ items: await listMyOrders(actor) }, { headers: { "cache-control": "private, no-store" } });
});

export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const header = request.headers.get("idempotency-key");
  const key = header === null ? undefined : parseWith(idempotencyKeySchema, header, "bad_request");
  const input = await readJson(request, placeOrderSchema);
  const placed = await placeOrder(actor, input, key);
  if (!placed.replayed) revalidateCatalogPages();
  return json(placed.order, { status: 201, headers: placed.replayed ? { "idempotent-replayed": "true" } : undefined });
});

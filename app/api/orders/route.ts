import { requireActor } from "@/lib/accounts/actor";
import { json, parseListQuery, readJson, route } from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { myOrderListQuerySchema, placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

/** The caller's orders, newest first: `page`, `pageSize` (≤ 100) and `cursor`. */
export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const query = parseListQuery(request, myOrderListQuerySchema);
  return json(await listMyOrders(actor, query), { headers: { "cache-control": "private, no-store" } });
});

export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, placeOrderSchema);
  const created = await placeOrder(actor, input);
  revalidateCatalogPages();
  return json(created, { status: 201 });
});

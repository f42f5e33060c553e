import { requireActor } from "@/lib/accounts/actor";
import { json, readJson, route } from "@/lib/http";
import { listMyOrders, placeOrder } from "@/lib/orders/service";
import { placeOrderSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

export const GET = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  return json({ items: await listMyOrders(actor) }, { headers: { "cache-control": "private, no-store" } });
});

export const POST = route(async (request: Request) => {
  const actor = await requireActor(request.headers);
  const input = await readJson(request, placeOrderSchema);
  const created = await placeOrder(actor, input);
  revalidateCatalogPages();
  return json(created, { status: 201 });
});

import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { cancelOrder, getOrderFor } from "@/lib/orders/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  return json(await getOrderFor(actor, id), { headers: { "cache-control": "private, no-store" } });
});

export const DELETE = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  await cancelOrder(actor, id);
  revalidateCatalogPages();
  return new Response(null, { status: 204 });
});

import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { getOrderFor } from "@/lib/orders/service";
import { cancelOrderAndPayment } from "@/lib/payments/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

export const GET = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  return json(await getOrderFor(actor, id), { headers: { "cache-control": "private, no-store" } });
});

/** The seed's delete: orders are never deleted, so this cancels an unpaid order and answers 409 for any other. */
export const DELETE = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  const cancelled = await cancelOrderAndPayment(actor, id);
  revalidateCatalogPages();
  return json(cancelled);
});

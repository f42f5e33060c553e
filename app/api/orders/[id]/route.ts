import { route } from "@/lib/api/route";
import { json } from "@/lib/http";
import { getOrderFor } from "@/lib/orders/service";
import { cancelOrderAndPayment } from "@/lib/payments/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

export const GET = route("GET /api/orders/{id}", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  return json(await getOrderFor(actor, id), { headers: { "cache-control": "private, no-store" } });
});

/** The seed's delete: orders are never deleted, so this cancels an unpaid order and answers 409 for any other. */
export const DELETE = route("DELETE /api/orders/{id}", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const cancelled = await cancelOrderAndPayment(actor, id);
  revalidateCatalogPages();
  return json(cancelled);
});

import { requireActor } from "@/lib/accounts/actor";
import { json, route } from "@/lib/http";
import { cancelOrderAndPayment } from "@/lib/payments/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

/** Cancels an unpaid order (its customer or an admin): its units go back on sale. */
export const POST = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  const cancelled = await cancelOrderAndPayment(actor, id);
  revalidateCatalogPages();
  return json(cancelled);
});

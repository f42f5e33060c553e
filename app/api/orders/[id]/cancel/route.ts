import { route } from "@/lib/api/route";
import { json } from "@/lib/http";
import { cancelOrderAndPayment } from "@/lib/payments/service";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

/** Cancels an unpaid order (its customer or an admin): its units go back on sale. */
export const POST = route("POST /api/orders/{id}/cancel", async (_request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const cancelled = await cancelOrderAndPayment(actor, id);
  revalidateCatalogPages();
  return json(cancelled);
});

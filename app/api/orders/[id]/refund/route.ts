import { route } from "@/lib/api/route";
import { json, readJson } from "@/lib/http";
import { refundOrder } from "@/lib/payments/service";
import { refundSchema } from "@/models/orders";
import { revalidateCatalogPages } from "@/app/revalidate-catalog";

type Context = { params: Promise<{ id: string }> };

/** Refunds a paid order through its processor (admins, with a reason). */
export const POST = route("POST /api/orders/{id}/refund", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  const { reason } = await readJson(request, refundSchema);
  const refunded = await refundOrder(actor, id, reason);
  revalidateCatalogPages();
  return json(refunded);
});

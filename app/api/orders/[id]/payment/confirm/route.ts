import { route } from "@/lib/api/route";
import { json, readJson} from "@/lib/http";
import { confirmStripePayment, confirmTestPayment } from "@/lib/payments/service";
import { isStripeConfigured } from "@/lib/payments/stripe";
import { confirmStripePaymentSchema, confirmTestPaymentSchema } from "@/models/payments";

type Context = { params: Promise<{ id: string }> };

export const POST = route("POST /api/orders/{id}/payment/confirm", async (request: Request, { params }: Context, actor) => {
  const { id } = await params;
  if (isStripeConfigured()) {
    const { paymentIntentId } = await readJson(request, confirmStripePaymentSchema);
    return json(await confirmStripePayment(actor, id, paymentIntentId));
  }
  const input = await readJson(request, confirmTestPaymentSchema);
  return json(await confirmTestPayment(actor, id, input));
});

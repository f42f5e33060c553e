import { requireActor } from "@/lib/accounts/actor";
import { json, readJson, route } from "@/lib/http";
import { confirmStripePayment, confirmTestPayment } from "@/lib/payments/service";
import { isStripeConfigured } from "@/lib/payments/stripe";
import { confirmStripePaymentSchema, confirmTestPaymentSchema } from "@/models/payments";

type Context = { params: Promise<{ id: string }> };

export const POST = route(async (request: Request, { params }: Context) => {
  const actor = await requireActor(request.headers);
  const { id } = await params;
  if (isStripeConfigured()) {
    const { paymentIntentId } = await readJson(request, confirmStripePaymentSchema);
    return json(await confirmStripePayment(actor, id, paymentIntentId));
  }
  const input = await readJson(request, confirmTestPaymentSchema);
  return json(await confirmTestPayment(actor, id, input));
});

import { route } from "@/lib/api/route";
import { json, readBodyBytes } from "@/lib/http";
import { admitStripeWebhook, handleStripeWebhook } from "@/lib/payments/service";

const MAX_EVENT_BYTES = 256 * 1024;

/**
 * Stripe signs the exact bytes it sent, so the body is read raw, never re-serialised; and only once
 * the shop takes webhooks and the delivery carries a signature to check it against.
 */
export const POST = route("POST /api/webhooks/stripe", async (request: Request) => {
  const signature = request.headers.get("stripe-signature");
  admitStripeWebhook(signature);
  const raw = new TextDecoder().decode(await readBodyBytes(request, MAX_EVENT_BYTES));
  return json(await handleStripeWebhook(raw, signature));
});

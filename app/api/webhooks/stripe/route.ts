import { route } from "@/lib/api/route";
import { json, readBodyBytes} from "@/lib/http";
import { handleStripeWebhook } from "@/lib/payments/service";

const MAX_EVENT_BYTES = 256 * 1024;

/** Stripe signs the exact bytes it sent, so the body is read raw, never re-serialised. */
export const POST = route("POST /api/webhooks/stripe", async (request: Request) => {
  const raw = new TextDecoder().decode(await readBodyBytes(request, MAX_EVENT_BYTES));
  return json(await handleStripeWebhook(raw, request.headers.get("stripe-signature")));
});

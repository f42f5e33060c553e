import "server-only";
import Stripe from "stripe";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { log } from "@/lib/log";

/** Stripe's webhook signature tolerance (https://docs.stripe.com/webhooks#verify-manually). */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

const store = globalThis as unknown as { __toolforgeStripe?: { key: string; client: Stripe } };

/**
 * The Stripe client for the configured key. STRIPE_API_BASE (tests only) points the real SDK at a
 * local server that plays Stripe's PaymentIntents endpoints.
 */
export function stripeClient(): Stripe {
  const env = getEnv();
  const key = env.STRIPE_SECRET_KEY;
  if (!key) throw new Error("Stripe is not configured");
  if (store.__toolforgeStripe?.key === key) return store.__toolforgeStripe.client;
  const base = env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE) : null;
  const client = new Stripe(key, {
    maxNetworkRetries: 2,
    timeout: 20_000,
    telemetry: false,
    ...(base ? { host: base.hostname, port: base.port, protocol: base.protocol.replace(":", "") as "http" | "https" } : {}),
  });
  store.__toolforgeStripe = { key, client };
  return client;
}

export function isStripeConfigured(): boolean {
  const env = getEnv();
  return Boolean(env.STRIPE_SECRET_KEY && env.STRIPE_PUBLISHABLE_KEY);
}

/** What a customer is told while Stripe cannot be reached or fails on its side. */
export const STRIPE_UNAVAILABLE_MESSAGE = "The payment service is not answering; try again in a minute.";

/**
 * Runs one call to Stripe's API and turns the failures a customer can act on into AppErrors
 * (https://docs.stripe.com/error-handling): an id Stripe does not know becomes `missing()`, a card
 * error the decline it is, and a network failure, an error on Stripe's side, Stripe's rate limit or a
 * key Stripe refuses a 503. Anything else (a request Stripe calls invalid) is a bug of ours: it is
 * thrown as it is, logged and answered 500 by the one error mapper.
 */
export async function callStripe<T>(what: string, call: () => Promise<T>, missing?: () => AppError): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof Stripe.errors.StripeError)) throw error;
    if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing" && missing) throw missing();
    if (error instanceof Stripe.errors.StripeCardError) {
      throw new AppError("payment_declined", error.message, undefined, error.decline_code ? { declineCode: error.decline_code } : undefined);
    }
    const outage =
      error instanceof Stripe.errors.StripeConnectionError ||
      error instanceof Stripe.errors.StripeAPIError ||
      error instanceof Stripe.errors.StripeRateLimitError;
    const refusedKey = error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError;
    if (!outage && !refusedKey) throw error;
    // A refused key is the operator's to fix (STRIPE_SECRET_KEY); an outage passes by itself.
    log(refusedKey ? "error" : "warn", refusedKey ? "stripe refused the shop's API key" : "stripe did not answer", {
      call: what,
      type: error.type,
      statusCode: error.statusCode,
      requestId: error.requestId,
      error: error.message,
    });
    throw new AppError("unavailable", STRIPE_UNAVAILABLE_MESSAGE);
  }
}

const pendingCancels = new Set<Promise<void>>();

/**
 * A cancel Stripe refused: if the intent had in fact been paid (the customer confirmed in Elements and
 * closed the page before the shop heard of it), the money is for an order that is closed. Without a
 * webhook nothing else would ever notice it: it is settled here, which refunds it with the shop's mail
 * and audit entry. Any other refusal (already cancelled, a debit still settling) is only logged.
 */
async function afterRefusedCancel(id: string, error: unknown): Promise<void> {
  const unexpectedState = error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state";
  if (unexpectedState) {
    const intent = await stripeClient().paymentIntents.retrieve(id, { expand: ["latest_charge"] });
    if (intent.status === "succeeded") {
      log("warn", "a closed order's payment intent had been paid: settling it", { paymentIntentId: id });
      // Loaded here: the payments service itself uses this module.
      const { settlePaymentForClosedOrder } = await import("./service");
      await settlePaymentForClosedOrder(intent);
      return;
    }
    if (intent.status === "canceled") return;
  }
  log("warn", "payment intent not cancelled", { paymentIntentId: id, error: error instanceof Error ? error.message : String(error) });
}

/**
 * Cancels the PaymentIntents of orders that have just closed (cancelled, expired, an account deleted),
 * so that a payment form still open somewhere can no longer be confirmed (ADR 024). Each runs after the
 * closing transaction, whichever path closed the order, including a page or an API read that found the
 * order overdue; such a read does not wait for Stripe. An intent found already paid is settled (and so
 * refunded) at once; one that cannot be cancelled otherwise (Stripe not answering) is logged, and a
 * payment that lands anyway is refunded by markOrderPaid.
 */
export function cancelPaymentIntents(ids: readonly (string | null)[]): Promise<void> {
  const open = ids.filter((id): id is string => Boolean(id));
  if (open.length === 0 || !isStripeConfigured()) return Promise.resolve();
  const task = (async () => {
    for (const id of open) {
      try {
        await stripeClient().paymentIntents.cancel(id);
      } catch (error) {
        await afterRefusedCancel(id, error).catch((failure: unknown) =>
          log("error", "a refused payment intent cancel could not be looked into", { paymentIntentId: id, error: failure instanceof Error ? failure.message : String(failure) }),
        );
      }
    }
  })();
  pendingCancels.add(task);
  void task.finally(() => pendingCancels.delete(task));
  return task;
}

/** Resolves once every cancellation started so far has been answered (the expiry job, tests). */
export async function waitForPaymentIntentCancels(): Promise<void> {
  while (pendingCancels.size > 0) await Promise.all([...pendingCancels]);
}

export type { Stripe };

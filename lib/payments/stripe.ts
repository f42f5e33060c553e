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
 * Stripe could not be asked: a network failure, an error on Stripe's side, Stripe's rate limit, or a
 * key Stripe refuses. Each passes (or is the operator's to fix) without the request changing.
 */
export function isStripeUnreachable(error: unknown): boolean {
  return (
    error instanceof Stripe.errors.StripeConnectionError ||
    error instanceof Stripe.errors.StripeAPIError ||
    error instanceof Stripe.errors.StripeRateLimitError ||
    error instanceof Stripe.errors.StripeAuthenticationError ||
    error instanceof Stripe.errors.StripePermissionError
  );
}

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
    if (!isStripeUnreachable(error)) throw error;
    const refusedKey = error instanceof Stripe.errors.StripeAuthenticationError || error instanceof Stripe.errors.StripePermissionError;
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

/**
 * A PaymentIntent as Stripe has it now, with its charge (the card's brand and last digits); null when
 * Stripe does not know the id. Stripe out of reach is a 503, as for any call.
 */
export async function retrieveIntent(id: string): Promise<Stripe.PaymentIntent | null> {
  const missing = new AppError("not_found", "Stripe has no PaymentIntent with this id.");
  try {
    return await callStripe("retrieve a PaymentIntent", () => stripeClient().paymentIntents.retrieve(id, { expand: ["latest_charge"] }), () => missing);
  } catch (error) {
    if (error === missing) return null;
    throw error;
  }
}

export type { Stripe };

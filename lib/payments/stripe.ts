import "server-only";
import Stripe from "stripe";
import { getEnv } from "@/lib/env";

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

export type { Stripe };

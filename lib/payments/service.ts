import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { getEnv, resolveAuthSecret } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { sendMailInBackground } from "@/lib/mail";
import { recordPaymentFailure } from "@/lib/metrics";
import { formatMoney } from "@/lib/money/format";
import { toOrderView } from "@/lib/orders/service";
import { invalidatePublicReviews } from "@/lib/reviews/service";
import type { OrderView } from "@/models/orders";
import type { ConfirmTestPaymentInput, PaymentStart } from "@/models/payments";
import { order, payment } from "@/models/schema";
import { isStripeConfigured, stripeClient, WEBHOOK_TOLERANCE_SECONDS, type Stripe } from "./stripe";
import { chargeTestCard } from "./test-processor";

type OrderRow = typeof order.$inferSelect;

/** The actor's own unpaid order, or the reason it cannot be paid. */
async function requirePayableOrder(actor: Actor, orderId: string): Promise<OrderRow> {
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row || row.userId !== actor.userId) throw new AppError("not_found", "No order with this id.");
  if (row.status === "paid") throw new AppError("conflict", "This order is already paid.");
  return row;
}

export type PaidEvidence = {
  orderId: string;
  provider: "test" | "stripe";
  reference: string;
  amountCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
};

/**
 * Marks an order paid exactly once, whichever confirmation arrives first and however often: the order
 * row is locked, a second call finds it paid and changes nothing, and the payment table's unique
 * index on order_id refuses a second payment row even without the lock.
 */
export async function markOrderPaid(evidence: PaidEvidence): Promise<{ order: OrderView; firstTime: boolean }> {
  const db = await getDb();
  const result = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(order).where(eq(order.id, evidence.orderId)).for("update");
    if (!row) throw new AppError("not_found", "No order with this id.");
    if (row.status === "paid") return { row, firstTime: false };
    if (row.totalCents !== evidence.amountCents || row.currency.toLowerCase() !== evidence.currency.toLowerCase()) {
      log("error", "payment amount does not match the order", {
        orderId: row.id,
        expected: row.totalCents,
        received: evidence.amountCents,
        reference: evidence.reference,
      });
      throw new AppError("conflict", "The payment does not match this order's total.");
    }
    const inserted = await tx
      .insert(payment)
      .values({
        id: newId("pay"),
        orderId: row.id,
        provider: evidence.provider,
        reference: evidence.reference,
        amountCents: evidence.amountCents,
        currency: row.currency,
        cardBrand: evidence.cardBrand,
        cardLast4: evidence.cardLast4,
      })
      .onConflictDoNothing()
      .returning({ id: payment.id });
    if (inserted.length === 0) {
      // Another path recorded the payment without our lock (the unique index caught it): read what it wrote.
      const [current] = await tx.select().from(order).where(eq(order.id, row.id));
      return { row: current ?? row, firstTime: false };
    }
    const [paid] = await tx
      .update(order)
      .set({ status: "paid", paymentRef: evidence.reference, paidAt: new Date() })
      .where(and(eq(order.id, row.id), eq(order.status, "unpaid")))
      .returning();
    return { row: paid ?? row, firstTime: true };
  });
  if (result.firstTime) {
    // The buyer's review (if any) now shows "verified buyer".
    invalidatePublicReviews();
    const paid = result.row;
    sendMailInBackground({
      to: paid.email,
      subject: `Receipt for your ToolForge order ${paid.id}`,
      text: [
        "Thank you — your payment was received.",
        "",
        `${paid.quantity} × ${paid.productName}`,
        `Paid: ${formatMoney(paid.totalCents, paid.currency)}${evidence.cardLast4 ? ` with ${evidence.cardBrand ?? "card"} ending ${evidence.cardLast4}` : ""}`,
        `Payment reference: ${evidence.reference}`,
        "",
        "We will email you again when the order ships.",
      ].join("\n"),
    });
  }
  return { order: toOrderView(result.row), firstTime: result.firstTime };
}

/** Starts (or resumes) paying an order: the amount is always the order's total in cents. */
export async function startPayment(actor: Actor, orderId: string): Promise<PaymentStart> {
  const row = await requirePayableOrder(actor, orderId);
  const base = { amountCents: row.totalCents, currency: row.currency };
  if (!isStripeConfigured()) return { provider: "test", ...base };
  const intent = await stripeClient().paymentIntents.create(
    {
      amount: row.totalCents,
      currency: row.currency.toLowerCase(),
      metadata: { orderId: row.id },
      automatic_payment_methods: { enabled: true },
      receipt_email: row.email,
    },
    // The same order and amount always map to the same PaymentIntent (https://docs.stripe.com/api/idempotent_requests).
    { idempotencyKey: `toolforge-order-${row.id}-${row.totalCents}` },
  );
  if (!intent.client_secret) throw new AppError("unavailable", "The payment could not be started. Please try again.");
  return { provider: "stripe", ...base, clientSecret: intent.client_secret, publishableKey: getEnv().STRIPE_PUBLISHABLE_KEY };
}

/** Pays an order with the test processor. The card number is used for this call only and never stored. */
export async function confirmTestPayment(actor: Actor, orderId: string, input: ConfirmTestPaymentInput): Promise<OrderView> {
  if (isStripeConfigured()) throw new AppError("conflict", "This shop takes payments through Stripe.");
  const row = await requirePayableOrder(actor, orderId);
  let charge: ReturnType<typeof chargeTestCard>;
  try {
    charge = chargeTestCard({
      card: input.card,
      orderId: row.id,
      amountCents: row.totalCents,
      secret: resolveAuthSecret(getEnv()),
      authentication: input.authentication,
    });
  } catch (error) {
    if (error instanceof AppError && error.kind === "payment_declined") {
      recordPaymentFailure("test", error.details?.declineCode ?? "declined");
    }
    throw error;
  }
  const { order: paid } = await markOrderPaid({
    orderId: row.id,
    provider: "test",
    reference: charge.reference,
    amountCents: row.totalCents,
    currency: row.currency,
    cardBrand: charge.card.brand,
    cardLast4: charge.card.last4,
  });
  return paid;
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { brand: card?.brand ?? null, last4: card?.last4 ?? null };
}

async function markPaidFromIntent(intent: Stripe.PaymentIntent, orderId: string): Promise<OrderView> {
  if (intent.status !== "succeeded") {
    throw new AppError("payment_declined", intent.last_payment_error?.message ?? "The payment has not succeeded.");
  }
  if (intent.metadata?.orderId !== orderId) throw new AppError("conflict", "This payment belongs to another order.");
  const card = cardOf(intent);
  const { order: paid } = await markOrderPaid({
    orderId,
    provider: "stripe",
    reference: intent.id,
    amountCents: intent.amount,
    currency: intent.currency,
    cardBrand: card.brand,
    cardLast4: card.last4,
  });
  return paid;
}

/** After Stripe Elements confirmed in the browser: the PaymentIntent is fetched from Stripe and checked here. */
export async function confirmStripePayment(actor: Actor, orderId: string, paymentIntentId: string): Promise<OrderView> {
  if (!isStripeConfigured()) throw new AppError("conflict", "Stripe is not configured in this shop.");
  const db = await getDb();
  const [row] = await db.select().from(order).where(eq(order.id, orderId));
  if (!row || row.userId !== actor.userId) throw new AppError("not_found", "No order with this id.");
  if (row.status === "paid") return toOrderView(row);
  const intent = await stripeClient().paymentIntents.retrieve(paymentIntentId, { expand: ["latest_charge"] });
  return markPaidFromIntent(intent, orderId);
}

/** Handles a Stripe webhook delivery, verified against the raw body with Stripe's 300 s tolerance. */
export async function handleStripeWebhook(rawBody: string, signature: string | null): Promise<{ handled: string }> {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret || !isStripeConfigured()) throw new AppError("not_found", "Stripe webhooks are not configured.");
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header.");
  let event: Stripe.Event;
  try {
    event = stripeClient().webhooks.constructEvent(rawBody, signature, secret, WEBHOOK_TOLERANCE_SECONDS);
  } catch {
    throw new AppError("bad_request", "The webhook signature is not valid.");
  }
  if (event.type === "payment_intent.succeeded") {
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (!orderId) return { handled: "ignored: no order" };
    // Card details are not in the event: fetch the intent with its charge, which also re-verifies it.
    const fresh = await stripeClient().paymentIntents.retrieve(intent.id, { expand: ["latest_charge"] });
    await markPaidFromIntent(fresh, orderId);
    return { handled: event.type };
  }
  if (event.type === "payment_intent.payment_failed") {
    const intent = event.data.object;
    recordPaymentFailure("stripe", intent.last_payment_error?.code ?? "unknown");
    log("info", "stripe payment failed", {
      orderId: intent.metadata?.orderId,
      paymentIntent: intent.id,
      reason: intent.last_payment_error?.code,
    });
    return { handled: event.type };
  }
  return { handled: `ignored: ${event.type}` };
}

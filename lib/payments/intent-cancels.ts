import "server-only";
import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import Stripe from "stripe";
import { getDb } from "@/lib/db/client";
import { log } from "@/lib/log";
import { order } from "@/models/schema";
import { isStripeConfigured, isStripeUnreachable, retrieveIntent, stripeClient } from "./stripe";

/** An order that has just closed unpaid (cancelled or expired), and the PaymentIntent opened for it, if any. */
export type ClosedOrder = { id: string; paymentIntentId: string | null };

/**
 * What one cancel came to: `closed` (the intent can take no payment: cancelled, already cancelled,
 * unknown to Stripe, or paid and now settled), `open` (Stripe refused for now, e.g. a debit still
 * settling), or `unreachable` (Stripe could not be asked). Only `closed` is recorded on the order.
 */
type Outcome = "closed" | "open" | "unreachable";

/**
 * The closed orders whose PaymentIntent cancel is still owed: the condition of the partial index
 * orders_intent_cancel_owed_idx, written as it is there so that the planner can use it.
 */
const cancelOwed = sql`${order.status} in ('cancelled', 'expired') and ${order.paymentIntentId} is not null and ${order.paymentIntentClosedAt} is null`;

/** When a closed order closed. */
const closedAt = sql`coalesce(${order.cancelledAt}, ${order.expiredAt})`;

const pendingCancels = new Set<Promise<unknown>>();

/**
 * A cancel Stripe refused. If the intent had in fact been paid (the customer confirmed in Elements and
 * closed the page before the shop heard of it), the money is for an order that is closed: without a
 * webhook nothing else would ever notice it, so it is settled here, which refunds it with the shop's
 * mail and audit entry.
 */
async function afterRefusedCancel(id: string, error: unknown): Promise<Outcome> {
  if (isStripeUnreachable(error)) {
    log("warn", "payment intent not cancelled: stripe did not answer; the retry job tries again", { paymentIntentId: id, error: (error as Error).message });
    return "unreachable";
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "resource_missing") {
    // An intent Stripe does not know (another account's key, or removed in a test mode reset) takes no payment.
    log("warn", "payment intent to cancel is unknown to stripe", { paymentIntentId: id });
    return "closed";
  }
  if (error instanceof Stripe.errors.StripeInvalidRequestError && error.code === "payment_intent_unexpected_state") {
    const intent = await retrieveIntent(id);
    if (!intent || intent.status === "canceled") return "closed";
    if (intent.status === "succeeded") {
      log("warn", "a closed order's payment intent had been paid: settling it", { paymentIntentId: id });
      // Loaded here: the payments service itself uses this module.
      const { settlePaymentForClosedOrder } = await import("./service");
      await settlePaymentForClosedOrder(intent);
      return "closed";
    }
  }
  log("warn", "payment intent not cancelled; the retry job tries again", { paymentIntentId: id, error: error instanceof Error ? error.message : String(error) });
  return "open";
}

/** Cancels one closed order's intent and, once Stripe has closed it, records that on the order. */
async function cancelOne(orderId: string, paymentIntentId: string): Promise<Outcome> {
  let outcome: Outcome;
  try {
    await stripeClient().paymentIntents.cancel(paymentIntentId);
    outcome = "closed";
  } catch (error) {
    outcome = await afterRefusedCancel(paymentIntentId, error).catch((failure: unknown) => {
      log("error", "a refused payment intent cancel could not be looked into", { paymentIntentId, error: failure instanceof Error ? failure.message : String(failure) });
      return "open" as const;
    });
  }
  if (outcome === "closed") {
    const db = await getDb();
    // Not recorded (the database failing): the retry job asks Stripe again, which answers "cancelled".
    await db
      .update(order)
      .set({ paymentIntentClosedAt: sql`now()` })
      .where(and(eq(order.id, orderId), eq(order.paymentIntentId, paymentIntentId), isNull(order.paymentIntentClosedAt)))
      .catch((error: unknown) => log("warn", "a cancelled payment intent could not be recorded", { orderId, error: error instanceof Error ? error.message : String(error) }));
  }
  return outcome;
}

/**
 * Cancels the PaymentIntents of orders that have just closed (cancelled, expired, an account deleted
 * or disabled), so that a payment form still open somewhere can no longer be confirmed (ADR 024). Each
 * runs after the closing transaction, whichever path closed the order, including a page or an API
 * read that found the order overdue; such a read does not wait for Stripe. The closing transaction
 * left the order's cancel owed (`payment_intent_closed_at` null): a cancel that does not get through
 * (Stripe down, the process stopped first) is tried again by the intent-cancel job (ADR 079).
 */
export function cancelPaymentIntents(closed: readonly ClosedOrder[]): Promise<void> {
  const open = closed.filter((row): row is { id: string; paymentIntentId: string } => Boolean(row.paymentIntentId));
  if (open.length === 0 || !isStripeConfigured()) return Promise.resolve();
  const task = (async () => {
    for (const row of open) await cancelOne(row.id, row.paymentIntentId);
  })();
  pendingCancels.add(task);
  void task.finally(() => pendingCancels.delete(task));
  return task;
}

/** Resolves once every cancellation started so far has been answered (the expiry job, shutdown, tests). */
export async function waitForPaymentIntentCancels(): Promise<void> {
  while (pendingCancels.size > 0) await Promise.all([...pendingCancels]);
}

/** How long after its order closed an owed cancel is left to the request that closed it. */
const RETRY_AFTER_MINUTES = 2;
const RETRY_BATCH = 100;

/**
 * The intent-cancel job: asks Stripe again to cancel the intents of orders that closed more than two
 * minutes ago and whose cancel did not get through, the longest closed first, up to 100 a run. It stops
 * at the first intent Stripe could not be asked about: the next run tries again. An intent still
 * refused (a debit settling) stays owed until Stripe decides. Answers how many were closed.
 */
export async function retryOwedIntentCancels(): Promise<number> {
  if (!isStripeConfigured()) return 0;
  const db = await getDb();
  const owed = await db
    .select({ id: order.id, paymentIntentId: order.paymentIntentId })
    .from(order)
    .where(and(cancelOwed, sql`${closedAt} < now() - make_interval(mins => ${RETRY_AFTER_MINUTES})`))
    .orderBy(asc(closedAt), asc(order.id))
    .limit(RETRY_BATCH);
  // Not among pendingCancels: the expiry job waits for those, not for this batch (the job runner
  // itself waits for its running job at shutdown).
  let closed = 0;
  for (const row of owed) {
    if (!row.paymentIntentId) continue;
    const outcome = await cancelOne(row.id, row.paymentIntentId);
    if (outcome === "closed") closed += 1;
    if (outcome === "unreachable") break;
  }
  return closed;
}

/** How many closed orders still owe their PaymentIntent's cancel (the job queue gauge). */
export async function countOwedIntentCancels(): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: count() }).from(order).where(cancelOwed);
  return row?.n ?? 0;
}

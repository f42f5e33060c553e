import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import StripeSdk from "stripe";
import type { Actor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { getEnv, resolveAuthSecret } from "@/lib/env";
import { AppError, isAppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { log } from "@/lib/log";
import { drainInBatches } from "@/lib/batches";
import { withRateLimit } from "@/lib/rate-limit";
import { recordAudit } from "@/lib/audit/service";
import { invalidateCatalog } from "@/lib/catalog/service";
import { deliverQueuedMail } from "@/lib/mail";
import { recordPaymentFailure } from "@/lib/metrics";
import {
  cancelOrder,
  expireOverdueOrders,
  findCancellingIntent,
  getOrderById,
  getOwnOrder,
  holdForSettlingPayment,
  lockOrderForPayment,
  markOrderPaidInTx,
  markOrderRefundedInTx,
  paymentIntentOfOrder,
  queueRefundFailedNoticeInTx,
  queueStrayRefundMailInTx,
  recordIntentOfClosedOrder,
  recordPaymentIntent,
  releaseSettlingHold,
  requirePayableOrder,
  requireRefundableOrder,
} from "@/lib/orders/service";
import { invalidatePublicReviews } from "@/lib/reviews/service";
import { formatDateTime } from "@/models/dates";
import type { OrderView } from "@/models/orders";
import { confirmStripePaymentSchema, type ConfirmTestPaymentInput, type PaymentStart } from "@/models/payments";
import { payment } from "@/models/schema";
import { cancelPaymentIntents, waitForPaymentIntentCancels } from "./intent-cancels";
import { callStripe, isStripeConfigured, retrieveIntent, stripeClient, WEBHOOK_TOLERANCE_SECONDS, type Stripe } from "./stripe";
import { chargeTestCard, refundTestPayment, testChargeReference } from "./test-processor";

const SYSTEM_ACTOR = { userId: "system:payments" };

export type PaidEvidence = {
  orderId: string;
  provider: "test" | "stripe";
  reference: string;
  amountCents: number;
  currency: string;
  cardBrand: string | null;
  cardLast4: string | null;
};

type PaymentRow = typeof payment.$inferSelect;

export type PaymentOutcome =
  /** This payment paid the order now. */
  | { kind: "paid"; order: OrderView }
  /** This very payment had already been recorded (a repeated confirmation or webhook). */
  | { kind: "already"; order: OrderView }
  /**
   * The order could not take this payment (closed, or paid by another payment), or the payment's
   * amount was not the order's total: it was refunded, or, when the processor refused the refund
   * (`refundFailed`), the admins were told to pay it back another way.
   */
  | { kind: "refunded"; orderId: string; mismatch: boolean; refundFailed: boolean };

/**
 * Records a payment the processor reported as succeeded, exactly once, whichever confirmation arrives
 * first and however often. The order row is locked; an unpaid order becomes paid (with its receipt
 * queued in the same transaction). A payment for an order that can no longer take it (cancelled,
 * expired, refunded, or already paid by another payment), or whose amount or currency is not the
 * order's total, is kept as a not-accepted payment and refunded at once, with an audit entry: no
 * money is kept without an order to match.
 */
export async function markOrderPaid(evidence: PaidEvidence): Promise<PaymentOutcome> {
  const db = await getDb();
  const decided = await db.transaction(async (tx) => {
    const locked = await lockOrderForPayment(tx, evidence.orderId);
    if (!locked) throw new AppError("not_found", "No order with this id.");
    // The order may have expired just now, its mail queued in this transaction.
    const { row, mailIds, expired } = locked;
    const [known] = await tx
      .select()
      .from(payment)
      .where(and(eq(payment.provider, evidence.provider), eq(payment.reference, evidence.reference)));
    if (known) {
      if (known.orderId !== row.id) throw new AppError("conflict", "This payment belongs to another order.");
      if (known.accepted) return { kind: "already" as const, row, stray: null, mailIds, expired };
      return { kind: "stray" as const, row, stray: known, mailIds, expired };
    }
    const matches = row.totalCents === evidence.amountCents && row.currency.toLowerCase() === evidence.currency.toLowerCase();
    if (row.status === "unpaid" && !matches) {
      // Only a change made to the payment outside the shop gets here: the money goes back all the same.
      log("error", "payment amount does not match the order", {
        orderId: row.id,
        expected: row.totalCents,
        received: evidence.amountCents,
        reference: evidence.reference,
      });
    }
    const accepted = row.status === "unpaid" && matches;
    const [inserted] = await tx
      .insert(payment)
      .values({
        id: newId("pay"),
        orderId: row.id,
        provider: evidence.provider,
        reference: evidence.reference,
        amountCents: evidence.amountCents,
        currency: evidence.currency.toUpperCase(),
        cardBrand: evidence.cardBrand,
        cardLast4: evidence.cardLast4,
        accepted,
      })
      .returning();
    if (!inserted) throw new Error("payment insert returned nothing");
    if (!accepted) return { kind: "stray" as const, row, stray: inserted, mailIds, expired };
    const paid = await markOrderPaidInTx(tx, row.id, evidence);
    return { kind: "paid" as const, row, view: paid.view, stray: null, mailIds: [...mailIds, ...paid.mailIds], expired };
  });
  deliverQueuedMail(decided.mailIds);
  // The order's hold ran out as the payment came: its units went back on sale, which every instance's catalog must show.
  if (decided.expired) invalidateCatalog();
  if (decided.kind === "stray") {
    const refunded = await refundStrayPayment(decided.stray, decided.row.status);
    return { kind: "refunded", orderId: decided.row.id, mismatch: decided.row.status === "unpaid", refundFailed: !refunded };
  }
  if (decided.kind === "paid") {
    // The buyer's review (if any) now shows "verified buyer".
    invalidatePublicReviews();
    return { kind: "paid", order: decided.view };
  }
  return { kind: "already", order: await getOrderById(decided.row.id) };
}

/**
 * What the processor answered a refund: its reference, or that it failed (Stripe's `failure_reason`,
 * or the code of a refund Stripe refused to make at all, which has no reference).
 */
type RefundAnswer = { id: string; failed: false } | { id: string | null; failed: true; reason: string | null };

/**
 * Asks the processor to refund a payment; the same key never refunds twice (https://docs.stripe.com/api/idempotent_requests).
 * Stripe may answer a refund as failed or canceled at once (nothing went back); one that
 * fails later, after a `pending` answer, is reported by the `refund.failed` webhook.
 */
async function refundAtProcessor(row: PaymentRow, idempotencyKey: string): Promise<RefundAnswer> {
  if (row.provider === "test") return { id: refundTestPayment(row.reference, idempotencyKey).reference, failed: false };
  let refund: Stripe.Refund;
  try {
    refund = await callStripe("refund a payment", () => stripeClient().refunds.create({ payment_intent: row.reference }, { idempotencyKey }));
  } catch (error) {
    if (!(error instanceof StripeSdk.errors.StripeInvalidRequestError)) throw error;
    // Refunded already, without this key: in Stripe's Dashboard, or by this shop after Stripe forgot
    // the key (24 hours) of a refund whose record failed. The money is back: that refund is the one.
    if (error.code === "charge_already_refunded") {
      const earlier = await callStripe("list a payment's refunds", () => stripeClient().refunds.list({ payment_intent: row.reference, limit: 10 }));
      const returned = earlier.data.find((candidate) => candidate.status === "succeeded" || candidate.status === "pending");
      if (returned) return { id: returned.id, failed: false };
    }
    // Refused outright (a disputed charge, one refunded already and failed): asking again changes nothing.
    log("error", "stripe refused a refund", { paymentIntent: row.reference, code: error.code, error: error.message });
    return { id: null, failed: true, reason: error.code ?? null };
  }
  if (refund.status !== "failed" && refund.status !== "canceled") return { id: refund.id, failed: false };
  log("error", "stripe refused a refund", { paymentIntent: row.reference, refund: refund.id, status: refund.status, reason: refund.failure_reason });
  return { id: refund.id, failed: true, reason: refund.failure_reason ?? null };
}

export const REFUND_REFUSED_MESSAGE =
  "Stripe could not refund this payment (the card may be closed), so nothing was changed: the order stays paid. Pay the customer back another way, or look at the payment in Stripe's dashboard.";

/**
 * The processor could not return a refund's money: the payment says so (refund_failed_at, and no
 * refunded_at: the money was not returned), and the admins hear of it, once per payment, in the same
 * transaction as an audit entry, to pay the customer back another way. `isTheRefund` says whether the
 * payment, locked, is the one the report is about. Answers whether it was.
 */
async function tellShopOfFailedRefund(paymentId: string, refund: { id: string | null; reason: string | null }, isTheRefund: (row: PaymentRow) => boolean): Promise<boolean> {
  const db = await getDb();
  const mailIds = await db.transaction(async (tx) => {
    const [row] = await tx.select().from(payment).where(eq(payment.id, paymentId)).for("update");
    if (!row || !isTheRefund(row)) return null;
    // Told already: Stripe redelivers, and a stray payment's refund is asked for again with the same key.
    if (row.refundFailedAt) return [];
    await tx.update(payment).set({ refundReference: refund.id, refundedAt: null, refundFailedAt: new Date() }).where(eq(payment.id, row.id));
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "payment.refund_failed",
      entity: "payment",
      entityId: row.id,
      before: { orderId: row.orderId, reference: row.reference, amountCents: row.amountCents },
      after: { refundReference: refund.id, reason: refund.reason },
    });
    return queueRefundFailedNoticeInTx(tx, row.orderId, {
      amountCents: row.amountCents,
      currency: row.currency,
      reason: refund.reason,
      stray: !row.accepted,
    });
  });
  if (!mailIds) return false;
  deliverQueuedMail(mailIds);
  // Logged once, when the admins were told: a redelivery of the same failure is not news.
  if (mailIds.length > 0) log("error", "a refund failed at the processor", { paymentId, refund: refund.id, reason: refund.reason });
  return true;
}

/**
 * Stripe could not return a refund's money after all (`refund.failed`, or `refund.updated` to failed):
 * the order already says refunded and the customer was told so. Answers whether it was the shop's refund.
 */
async function recordFailedRefund(refund: Stripe.Refund): Promise<boolean> {
  const intentId = typeof refund.payment_intent === "string" ? refund.payment_intent : refund.payment_intent?.id;
  if (!intentId) return false;
  const db = await getDb();
  const [row] = await db
    .select({ id: payment.id })
    .from(payment)
    .where(and(eq(payment.provider, "stripe"), eq(payment.reference, intentId)));
  if (!row) return false;
  return tellShopOfFailedRefund(row.id, { id: refund.id, reason: refund.failure_reason ?? null }, (locked) => locked.refundReference === refund.id);
}

/**
 * Refunds a payment the order could not take, once, writes it to the audit log and tells the customer.
 * Answers whether the money went back: false when the processor refused the refund (now or before),
 * and the admins were told instead.
 */
async function refundStrayPayment(row: PaymentRow, orderStatus: string): Promise<boolean> {
  if (row.refundedAt) return true;
  // Refused before: asking again with the same key gets the same answer, and a new key could refund
  // money the admins have meanwhile paid back another way.
  if (row.refundFailedAt) return false;
  const reason =
    orderStatus === "paid" || orderStatus === "refunded"
      ? "a second payment for an order that was already paid"
      : orderStatus === "unpaid"
        ? "a payment whose amount was not the order's total"
        : `a payment for an order that was ${orderStatus}`;
  const refund = await refundAtProcessor(row, `toolforge-stray-refund-${row.id}`);
  if (refund.failed) {
    // Nothing went back: the payment stays unrefunded, and the admins are told to return it another way.
    await tellShopOfFailedRefund(row.id, refund, (locked) => !locked.refundedAt);
    return false;
  }
  const refundReference = refund.id;
  const db = await getDb();
  const mailIds = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(payment)
      .set({ refundReference, refundedAt: new Date(), refundReason: reason })
      .where(and(eq(payment.id, row.id), isNull(payment.refundedAt)))
      .returning({ id: payment.id });
    if (!updated) return [];
    await recordAudit(tx, SYSTEM_ACTOR, {
      action: "payment.auto_refund",
      entity: "payment",
      entityId: row.id,
      before: { orderId: row.orderId, orderStatus, provider: row.provider, reference: row.reference, amountCents: row.amountCents },
      after: { refundReference, reason },
    });
    return queueStrayRefundMailInTx(tx, row.orderId, { amountCents: row.amountCents, currency: row.currency });
  });
  deliverQueuedMail(mailIds);
  log("warn", "refunded a payment the order could not take", { orderId: row.orderId, reference: row.reference, reason });
  return true;
}

/**
 * Refunds a paid order through its processor (admins, with a reason). The processor is asked first,
 * with an idempotency key, so a retry after a failure in between refunds once; then the payment and
 * the order change in one transaction (stock back unless shipped, refund mail, audit entry).
 */
export async function refundOrder(actor: Actor, orderId: string, reason: string): Promise<OrderView> {
  const target = await requireRefundableOrder(actor, orderId);
  const db = await getDb();
  const [paidWith] = await db.select().from(payment).where(and(eq(payment.orderId, target.id), eq(payment.accepted, true)));
  if (!paidWith) throw new AppError("conflict", "No payment is recorded for this order, so there is nothing to refund.");
  let refund: RefundAnswer;
  try {
    refund = await refundAtProcessor(paidWith, `toolforge-refund-${paidWith.id}`);
  } catch (error) {
    log("error", "refund failed at the processor", { orderId, error: error instanceof Error ? error.message : String(error) });
    throw new AppError("unavailable", "The payment processor did not refund the payment. Please try again.");
  }
  // The admin asking is told at once; nothing is recorded, and the order stays paid.
  if (refund.failed) throw new AppError("conflict", REFUND_REFUSED_MESSAGE);
  const refundReference = refund.id;
  const result = await db.transaction(async (tx) => {
    await tx
      .update(payment)
      .set({ refundReference, refundedAt: new Date(), refundReason: reason })
      .where(and(eq(payment.id, paidWith.id), isNull(payment.refundedAt)));
    return markOrderRefundedInTx(tx, actor, orderId, reason);
  });
  invalidateCatalog();
  deliverQueuedMail(result.mailIds);
  return result.view;
}

/** Cancels an unpaid order (owner or admin) and its open PaymentIntent. */
export async function cancelOrderAndPayment(actor: Actor, orderId: string): Promise<OrderView> {
  const intentId = await findCancellingIntent(actor, orderId);
  if (intentId) await refuseWhileSettling(intentId);
  const closed = await cancelOrder(actor, orderId);
  await cancelPaymentIntents([closed]);
  return closed.order;
}

export const SETTLING_CANCEL_MESSAGE =
  "The bank is still confirming a payment for this order, so it cannot be cancelled now: if the payment goes through, the order is paid; if it fails, the order can be cancelled then.";

/**
 * Refuses to cancel an order while the bank settles its payment (Stripe: `processing`, a debit can take
 * two weeks). Stripe cannot cancel such a PaymentIntent: the money would arrive for a cancelled order and
 * go back days later, after the cancel's dialog said nothing is charged. A Stripe that does not answer
 * lets the cancel go on, as before: a payment that lands anyway is refunded (markOrderPaid).
 */
async function refuseWhileSettling(paymentIntentId: string): Promise<void> {
  if (!isStripeConfigured()) return;
  let status: string;
  try {
    status = (await stripeClient().paymentIntents.retrieve(paymentIntentId)).status;
  } catch (error) {
    log("info", "payment intent not read before a cancel", { paymentIntentId, error: error instanceof Error ? error.message : String(error) });
    return;
  }
  if (status === "processing") throw new AppError("conflict", SETTLING_CANCEL_MESSAGE);
}

/** How many overdue orders one pass of the expiry job closes before it looks again. */
const EXPIRY_BATCH = 200;

/**
 * The expiry job: expires every overdue unpaid order and cancels their PaymentIntents, a batch at a
 * time until a batch comes back short or a minute has passed (a backlog left by an outage is cleared
 * in one run, not 200 orders a minute while their units stay off sale). Answers how many expired.
 */
export async function expireOrdersAndPayments(): Promise<number> {
  const total = await drainInBatches(async () => (await expireOverdueOrders({ limit: EXPIRY_BATCH })).length, EXPIRY_BATCH);
  await waitForPaymentIntentCancels();
  return total;
}

/** Starts (or resumes) paying an order: the amount is always the order's total in cents. */
export async function startPayment(actor: Actor, orderId: string): Promise<PaymentStart> {
  const row = await requirePayableOrder(actor, orderId);
  const base = { amountCents: row.totalCents, currency: row.currency };
  if (!isStripeConfigured()) return { provider: "test", ...base };
  const intent = await openIntentFor(actor, row);
  if (!intent.client_secret) throw new AppError("unavailable", "The payment could not be started. Please try again.");
  if (row.email !== actor.email) await sendStripeReceiptTo(intent.id, actor.email);
  return { provider: "stripe", ...base, clientSecret: intent.client_secret, publishableKey: getEnv().STRIPE_PUBLISHABLE_KEY };
}

/** The intent states in which a PaymentIntent still waits for the customer to pay it. */
const WAITING_FOR_PAYMENT = new Set<Stripe.PaymentIntent.Status>(["requires_payment_method", "requires_confirmation", "requires_action"]);

/**
 * The PaymentIntent an unpaid order is paid through, recorded on the order. The intent the order
 * already has is used again while it waits for a payment: Stripe keeps an idempotency key for 24 hours
 * only, and an order's hold can be longer, so the key alone would open a second intent and the first
 * (a payment form still open) would be forgotten. One found paid is settled (the customer paid and
 * closed the page before the shop heard of it); one settling at the bank answers as the confirmation
 * would; one cancelled (in Stripe's Dashboard) is replaced. An intent opened for an order that closed
 * meanwhile is cancelled at once, and the start is refused as for any closed order.
 */
async function openIntentFor(actor: Actor, row: { id: string; totalCents: number; currency: string; email: string; paymentIntentId: string | null }): Promise<Stripe.PaymentIntent> {
  const current = row.paymentIntentId;
  if (current) {
    // Unknown to Stripe (another account's key, a test mode reset): nothing to pay through, replaced.
    const existing = await retrieveIntent(current);
    if (existing && WAITING_FOR_PAYMENT.has(existing.status)) return existing;
    if (existing && existing.status !== "canceled") {
      // Paid, or settling: what the confirmation would do. A paid one leaves the order paid (409
      // below); one that could not pay it (another amount, changed outside the shop) was refunded, and
      // the order, still payable, gets a new intent.
      await markPaidFromIntent(existing, row.id).catch((error: unknown) => {
        if (!(isAppError(error) && error.kind === "payment_declined")) throw error;
      });
      await requirePayableOrder(actor, row.id);
    }
  }
  const created = await callStripe("create a PaymentIntent", () =>
    stripeClient().paymentIntents.create(
      {
        amount: row.totalCents,
        currency: row.currency.toLowerCase(),
        metadata: { orderId: row.id },
        automatic_payment_methods: { enabled: true },
        receipt_email: row.email,
      },
      // The same order and amount map to the same PaymentIntent (https://docs.stripe.com/api/idempotent_requests):
      // two starts at once open one. A cancelled intent's replacement has a key of its own.
      { idempotencyKey: `toolforge-order-${row.id}-${row.totalCents}${current ? `-after-${current}` : ""}` },
    ),
  );
  if (created.id === current || (await recordPaymentIntent(row.id, created.id, current))) return created;
  // Not recorded: the order closed while the intent was opened, or another start recorded its own.
  const now = await paymentIntentOfOrder(row.id);
  if (now?.paymentIntentId === created.id) return created;
  if (now && now.status !== "unpaid") await recordIntentOfClosedOrder(row.id, created.id);
  // Recorded on the closed order, its cancel is owed until Stripe confirms it; otherwise it is tried once.
  void cancelPaymentIntents([{ id: row.id, paymentIntentId: created.id }]);
  await requirePayableOrder(actor, row.id);
  throw new AppError("conflict", "The payment was started again in another window. Close this one and pay there, or reload this page.");
}

/**
 * Stripe's own receipt goes where the shop's mail goes: the account's current address (an order keeps
 * the address it was placed with, as its record). The PaymentIntent is created with the order's
 * address, because the parameters under an idempotency key must never change; for a customer who
 * changed their email since, the intent is read as it is now (a repeated create answers with the
 * first answer, not the intent's current state) and updated while it can still be paid. Best effort:
 * without it, only Stripe's receipt goes to the old address, so a failure is logged, not shown.
 */
async function sendStripeReceiptTo(intentId: string, email: string): Promise<void> {
  try {
    const intent = await callStripe("read a PaymentIntent", () => stripeClient().paymentIntents.retrieve(intentId));
    const open = intent.status === "requires_payment_method" || intent.status === "requires_confirmation" || intent.status === "requires_action";
    if (!open || intent.receipt_email === email) return;
    await callStripe("update a PaymentIntent's receipt address", () => stripeClient().paymentIntents.update(intentId, { receipt_email: email }));
  } catch (error) {
    log("warn", "stripe receipt address not updated", { paymentIntentId: intentId, error: error instanceof Error ? error.message : String(error) });
  }
}

/** Pays an order with the test processor. The card number is used for this call only and never stored. */
export async function confirmTestPayment(actor: Actor, orderId: string, input: ConfirmTestPaymentInput): Promise<OrderView> {
  if (isStripeConfigured()) throw new AppError("conflict", "This shop takes payments through Stripe.");
  let row: Awaited<ReturnType<typeof requirePayableOrder>>;
  try {
    row = await requirePayableOrder(actor, orderId);
  } catch (error) {
    // Sent again (the answer to the first was lost): the order this payment paid, as Stripe's confirm answers.
    if (isAppError(error) && error.kind === "conflict") {
      const current = await getOwnOrder(actor, orderId);
      if (current.status === "paid" && current.paymentRef === testChargeReference(current.id, current.totalCents, resolveAuthSecret(getEnv()))) return current;
    }
    throw error;
  }
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
    if (isAppError(error) && error.kind === "payment_declined") {
      recordPaymentFailure("test", error.details?.declineCode ?? "declined");
    }
    throw error;
  }
  const outcome = await markOrderPaid({
    orderId: row.id,
    provider: "test",
    reference: charge.reference,
    amountCents: row.totalCents,
    currency: row.currency,
    cardBrand: charge.card.brand,
    cardLast4: charge.card.last4,
  });
  return paidOrRefused(outcome);
}

function cardOf(intent: Stripe.PaymentIntent): { brand: string | null; last4: string | null } {
  const charge = typeof intent.latest_charge === "object" ? intent.latest_charge : null;
  const card = charge?.payment_method_details?.card;
  return { brand: card?.brand ?? null, last4: card?.last4 ?? null };
}

/**
 * A PaymentIntent Stripe is still settling (a bank transfer, a debit): not a refusal, and not paid yet.
 * The order's hold is stretched for it (holdForSettlingPayment), and the customer is told until when.
 */
export function paymentProcessingMessage(heldUntil: Date | null): string {
  // No hold: the order was no longer waiting for this payment (expired, cancelled, paid another way).
  if (!heldUntil) return "Your bank is still confirming this payment, but this order can no longer be paid: the payment will be refunded in full as soon as it arrives.";
  return `Your bank is still confirming this payment. The order stays reserved until ${formatDateTime(heldUntil)}, and we will email your receipt as soon as the payment is through: there is no need to pay again.`;
}

/**
 * A payment found made for an order that had already closed, when its intent was to be cancelled
 * (lib/payments/stripe.ts): recorded and refunded as any payment the order could not take.
 */
export async function settlePaymentForClosedOrder(intent: Stripe.PaymentIntent): Promise<void> {
  const orderId = intent.metadata?.orderId;
  if (orderId) await markPaidFromIntent(intent, orderId);
}

async function markPaidFromIntent(intent: Stripe.PaymentIntent, orderId: string): Promise<PaymentOutcome> {
  if (intent.status === "processing") {
    if (intent.metadata?.orderId !== orderId) throw new AppError("conflict", "This payment belongs to another order.");
    throw new AppError("conflict", paymentProcessingMessage(await holdForSettlingPayment(orderId, intent.id)));
  }
  if (intent.status !== "succeeded") {
    throw new AppError("payment_declined", intent.last_payment_error?.message ?? "The payment has not succeeded.");
  }
  if (intent.metadata?.orderId !== orderId) throw new AppError("conflict", "This payment belongs to another order.");
  const card = cardOf(intent);
  return markOrderPaid({
    orderId,
    provider: "stripe",
    reference: intent.id,
    amountCents: intent.amount,
    currency: intent.currency,
    cardBrand: card.brand,
    cardLast4: card.last4,
  });
}

function paidOrRefused(outcome: PaymentOutcome): OrderView {
  if (outcome.kind === "refunded") throw new AppError("conflict", refusedPaymentMessage(outcome));
  return outcome.order;
}

/** What the customer is told of a payment the order could not take: refunded, or, if that failed, that the shop will pay it back. */
function refusedPaymentMessage(outcome: Extract<PaymentOutcome, { kind: "refunded" }>): string {
  if (outcome.refundFailed) {
    const why = outcome.mismatch ? "The payment was not for this order's total" : "This order can no longer be paid";
    return `${why}, and the payment could not be refunded to your card automatically. We have been told and will pay it back another way; there is no need to do anything.`;
  }
  return outcome.mismatch
    ? "The payment was not for this order's total, so it was refunded in full. Pay the order again from its payment page."
    : "This order can no longer be paid, so the payment was refunded in full.";
}

const UNKNOWN_PAYMENT_INTENT = "Stripe has no payment with this id. Pay the order again from its payment page.";

/** After Stripe Elements confirmed in the browser: the PaymentIntent is fetched from Stripe and checked here. */
export async function confirmStripePayment(actor: Actor, orderId: string, paymentIntentId: string): Promise<OrderView> {
  if (!isStripeConfigured()) throw new AppError("conflict", "Stripe is not configured in this shop.");
  const current = await getOwnOrder(actor, orderId);
  if (current.status === "paid" && current.paymentRef === paymentIntentId) return current;
  // Every check asks Stripe, whose request allowance all customers' payments share: an account's checks
  // of ids Stripe does not know are limited (a declined card or Stripe being down is not held against it).
  const checked = await withRateLimit(
    "paymentConfirm",
    actor.userId,
    async () => {
      try {
        const intent = await retrieveIntent(paymentIntentId);
        if (!intent) throw new AppError("invalid", UNKNOWN_PAYMENT_INTENT, { paymentIntentId: "Unknown payment" });
        return { order: paidOrRefused(await markPaidFromIntent(intent, orderId)) };
      } catch (error) {
        return { error };
      }
    },
    (outcome) => !("error" in outcome && isAppError(outcome.error) && outcome.error.kind === "invalid"),
  );
  if ("error" in checked) throw checked.error;
  return checked.order;
}

/**
 * The customer is back on the order's page from a payment method that left the shop (a bank's page):
 * the payment is checked with Stripe here, as the webhook would, so the order is paid on arrival even
 * in a shop whose webhook is not set up. Answers whether it is now paid, or what to tell the customer.
 * An order that is not the customer's own (placed from their account, whatever address it carries),
 * an order no longer unpaid, or a shop not on Stripe, has nothing to settle.
 */
export async function settleReturnedPayment(actor: Actor, order: OrderView, paymentIntentId: string): Promise<{ paid: true } | { paid: false; message: string } | null> {
  if (!isStripeConfigured() || order.status !== "unpaid") return null;
  // Only what Stripe's return can hold is asked about: any other text in the address asks Stripe nothing.
  if (!confirmStripePaymentSchema.safeParse({ paymentIntentId }).success) return null;
  try {
    await confirmStripePayment(actor, order.id, paymentIntentId);
    return { paid: true };
  } catch (error) {
    // confirmStripePayment reads the order as the actor's own: not_found means it is someone else's.
    if (isAppError(error) && error.kind === "not_found") return null;
    if (isAppError(error)) return { paid: false, message: error.message };
    throw error;
  }
}

/**
 * Whether a webhook delivery can be heard at all, asked before its body is read: 404 while Stripe or
 * its webhook secret is not configured, 400 without a Stripe-Signature header.
 */
export function admitStripeWebhook(signature: string | null): { secret: string; signature: string } {
  const secret = getEnv().STRIPE_WEBHOOK_SECRET;
  if (!secret || !isStripeConfigured()) throw new AppError("not_found", "Stripe webhooks are not configured.");
  if (!signature) throw new AppError("bad_request", "Missing Stripe-Signature header.");
  return { secret, signature };
}

/** Handles a Stripe webhook delivery, verified against the raw body with Stripe's 300 s tolerance. */
export async function handleStripeWebhook(rawBody: string, signatureHeader: string | null): Promise<{ handled: string }> {
  const { secret, signature } = admitStripeWebhook(signatureHeader);
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
    // One this key's account does not know (another environment's) is not the shop's to act on.
    const fresh = await retrieveIntent(intent.id);
    if (!fresh) return { handled: "ignored: unknown intent" };
    await markPaidFromIntent(fresh, orderId);
    return { handled: event.type };
  }
  if (event.type === "payment_intent.processing" || event.type === "payment_intent.payment_failed") {
    const intent = event.data.object;
    const orderId = intent.metadata?.orderId;
    if (!orderId) return { handled: "ignored: no order" };
    // Stripe does not promise the order of its events (a retried "processing" can come after the
    // "payment_failed" that followed it): the intent as it is now decides, not the event.
    const fresh = await retrieveIntent(intent.id);
    if (!fresh) return { handled: "ignored: unknown intent" };
    // Counted once the event is known to be about a payment that failed, not on each redelivery's arrival.
    if (event.type === "payment_intent.payment_failed" && fresh.status !== "processing" && fresh.status !== "succeeded") {
      recordPaymentFailure("stripe", intent.last_payment_error?.code ?? "unknown");
    }
    if (fresh.status === "processing") {
      // A debit or transfer started: its order stays reserved until the bank settles it (or fails it).
      const heldUntil = await holdForSettlingPayment(orderId, fresh.id);
      log("info", "stripe payment processing", { orderId, paymentIntent: fresh.id, heldUntil: heldUntil?.toISOString() ?? null });
    } else if (fresh.status === "succeeded") {
      await markPaidFromIntent(fresh, orderId);
    } else if (fresh.status === "requires_payment_method" || fresh.status === "canceled") {
      // A debit that held its order for two weeks failed: the order's own hold applies again, and the
      // customer is told until when they can pay another way (or, that hold being over, that it closed).
      await releaseSettlingHold(orderId, fresh.id);
      log("info", "stripe payment failed", { orderId, paymentIntent: fresh.id, reason: fresh.last_payment_error?.code ?? intent.last_payment_error?.code });
    }
    return { handled: event.type };
  }
  if (event.type === "refund.failed" || (event.type === "refund.updated" && event.data.object.status === "failed")) {
    return { handled: (await recordFailedRefund(event.data.object)) ? "refund.failed" : "ignored: not the shop's refund" };
  }
  return { handled: `ignored: ${event.type}` };
}

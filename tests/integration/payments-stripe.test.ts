import http from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import Stripe from "stripe";
import * as ordersRoute from "@/app/api/orders/route";
import * as paymentRoute from "@/app/api/orders/[id]/payment/route";
import * as confirmRoute from "@/app/api/orders/[id]/payment/confirm/route";
import * as webhookRoute from "@/app/api/webhooks/stripe/route";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/models/dates";
import { resetEnvForTests } from "@/lib/env";
import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import * as refundRoute from "@/app/api/orders/[id]/refund/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import * as adminOrdersRoute from "@/app/api/admin/orders/route";
import { requireActor } from "@/lib/accounts/actor";
import { getOrderById } from "@/lib/orders/service";
import { expireOrdersAndPayments, REFUND_REFUSED_MESSAGE, SETTLING_CANCEL_MESSAGE, settleReturnedPayment } from "@/lib/payments/service";
import { countOwedIntentCancels, retryOwedIntentCancels, waitForPaymentIntentCancels } from "@/lib/payments/intent-cancels";
import { auditLog, mailOutbox, order, payment, user } from "@/models/schema";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { FakeStripe } from "@/tests/fixtures/fake-stripe";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { createProduct, TEST_ADDRESS } from "@/tests/fixtures/shop";

type Order = { id: string; number: string; status: string; totalCents: number; paymentRef: string | null };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

const WEBHOOK_SECRET = "whsec_test_toolforge";
const fake = new FakeStripe();
const stripe = new Stripe("sk_test_for_signatures");
let alice: Session;
let bob: Session;
let admin: Session;

beforeAll(async () => {
  const base = await fake.start();
  process.env.STRIPE_SECRET_KEY = "sk_test_toolforge";
  process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_toolforge";
  process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
  process.env.STRIPE_API_BASE = base;
  resetEnvForTests();
  alice = await signUp({ name: "Alice Stripe" });
  admin = await signUpAdmin();
  bob = await signUp({ name: "Bob Stripe" });
});

afterAll(async () => {
  await fake.stop();
  for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) delete process.env[key];
  resetEnvForTests();
});

const DAY = 24 * 60 * 60 * 1000;

/** When an order's hold runs out, in milliseconds. */
async function holdOf(orderId: string): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ expiresAt: order.expiresAt }).from(order).where(eq(order.id, orderId));
  return row?.expiresAt?.getTime() ?? 0;
}

async function newOrder(session: Session = alice, priceCents = 3300, quantity = 3): Promise<Order> {
  const item = await createProduct({ priceCents, stock: 40 });
  const response = await ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
    noParams(),
  );
  return (await response.json()) as Order;
}

async function start(session: Session, id: string) {
  const response = await paymentRoute.POST(makeRequest(`/api/orders/${id}/payment`, { method: "POST", cookie: session.cookie }), noParams({ id }));
  return { status: response.status, body: (await response.json()) as { provider: string; amountCents: number; clientSecret?: string; publishableKey?: string } };
}

const confirm = (session: Session, id: string, paymentIntentId: string) =>
  confirmRoute.POST(
    makeRequest(`/api/orders/${id}/payment/confirm`, { method: "POST", json: { paymentIntentId }, cookie: session.cookie }),
    noParams({ id }),
  );

const cancel = (session: Session, id: string) =>
  cancelRoute.POST(makeRequest(`/api/orders/${id}/cancel`, { method: "POST", cookie: session.cookie }), noParams({ id }));

function intentIdOf(clientSecret: string | undefined): string {
  return (clientSecret ?? "").split("_secret_")[0] as string;
}

function deliver(event: object, options: { secret?: string; timestamp?: number } = {}) {
  const payload = JSON.stringify(event);
  const header = stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? WEBHOOK_SECRET,
    timestamp: options.timestamp ?? Math.floor(Date.now() / 1000),
  });
  return webhookRoute.POST(
    makeRequest("/api/webhooks/stripe", {
      method: "POST",
      body: payload,
      headers: { "stripe-signature": header, "content-type": "application/json", origin: "" },
    }),
    noParams(),
  );
}

/** A Stripe event around `object`, as Stripe sends it. */
function eventOf(type: string, object: object) {
  return { id: `evt_${Math.random().toString(36).slice(2)}`, object: "event", type, api_version: "2025-01-01", created: Math.floor(Date.now() / 1000), data: { object } };
}

function event(type: string, intentId: string, orderId: string, amount: number) {
  const status = type.endsWith("succeeded") ? "succeeded" : "requires_payment_method";
  return eventOf(type, { id: intentId, object: "payment_intent", amount, currency: "usd", metadata: { orderId }, status });
}

const actorOf = (session: Session) => requireActor(new Headers({ cookie: session.cookie }));

async function paymentRows(orderId: string) {
  const db = await getDb();
  return db.select().from(payment).where(eq(payment.orderId, orderId));
}

describe("Stripe provider", () => {
  it("creates one PaymentIntent for the order's total, with an idempotency key from order and amount", async () => {
    const created = await newOrder(alice, 3300, 3);
    const first = await start(alice, created.id);
    const second = await start(alice, created.id);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ provider: "stripe", amountCents: 9900, publishableKey: "pk_test_toolforge" });
    expect(second.body.clientSecret).toBe(first.body.clientSecret);
    // The second start reads the order's intent from Stripe and uses it again: nothing is created.
    const calls = fake.createCalls.filter((c) => c.idempotencyKey?.includes(created.id));
    expect(calls).toEqual([{ idempotencyKey: `toolforge-order-${created.id}-9900`, amount: 9900 }]);
  });

  it("two starts at once open one PaymentIntent", async () => {
    const created = await newOrder();
    const [a, b] = await Promise.all([start(alice, created.id), start(alice, created.id)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.body.clientSecret).toBe(b.body.clientSecret);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.paymentIntentId).toBe(intentIdOf(a.body.clientSecret));
  });

  it("uses the order's PaymentIntent again after Stripe has forgotten the idempotency key (an order held longer than 24 hours)", async () => {
    const created = await newOrder();
    const first = await start(alice, created.id);
    fake.forgetIdempotencyKeys();
    const later = await start(alice, created.id);
    expect(later.status).toBe(200);
    // One intent: a form opened yesterday and one opened now pay the same intent, which closing the order cancels.
    expect(later.body.clientSecret).toBe(first.body.clientSecret);
    expect(fake.createCalls.filter((c) => c.idempotencyKey?.includes(created.id))).toHaveLength(1);
  });

  it("settles an intent found paid when the payment starts again, and opens a new one for an intent cancelled in Stripe's Dashboard", async () => {
    const paidOrder = await newOrder();
    const paidIntent = intentIdOf((await start(alice, paidOrder.id)).body.clientSecret);
    // Paid in the form, and the page closed before the shop heard of it.
    fake.succeed(paidIntent);
    const again = await start(alice, paidOrder.id);
    expect(again.status).toBe(409);
    expect((await getOrderById(paidOrder.id)).status).toBe("paid");
    expect(await paymentRows(paidOrder.id)).toEqual([expect.objectContaining({ reference: paidIntent, accepted: true })]);

    const other = await newOrder();
    const cancelledIntent = intentIdOf((await start(alice, other.id)).body.clientSecret);
    const intent = fake.intents.get(cancelledIntent);
    if (intent) intent.status = "canceled";
    const replaced = await start(alice, other.id);
    expect(replaced.status).toBe(200);
    const replacement = intentIdOf(replaced.body.clientSecret);
    expect(replacement).not.toBe(cancelledIntent);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, other.id));
    expect(row?.paymentIntentId).toBe(replacement);
  });

  it("replaces an intent Stripe does not know, and one paid with another amount (refunded), instead of refusing the start for good", async () => {
    const lost = await newOrder();
    const db = await getDb();
    await db.update(order).set({ paymentIntentId: "pi_from_another_account" }).where(eq(order.id, lost.id));
    const restarted = await start(alice, lost.id);
    expect(restarted.status).toBe(200);
    const [row] = await db.select().from(order).where(eq(order.id, lost.id));
    expect(row?.paymentIntentId).toBe(intentIdOf(restarted.body.clientSecret));

    const mismatched = await newOrder();
    const first = intentIdOf((await start(alice, mismatched.id)).body.clientSecret);
    const intent = fake.intents.get(first);
    if (intent) intent.amount = 100;
    fake.succeed(first);
    const again = await start(alice, mismatched.id);
    expect(again.status).toBe(200);
    expect(intentIdOf(again.body.clientSecret)).not.toBe(first);
    expect((await getOrderById(mismatched.id)).status).toBe("unpaid");
    expect(await paymentRows(mismatched.id)).toEqual([expect.objectContaining({ reference: first, accepted: false, refundedAt: expect.any(Date) })]);
  });

  it("an order cancelled while its payment starts gets no payment form, and the intent opened for it is cancelled", async () => {
    const created = await newOrder();
    // The customer cancels in another tab while Stripe opens the intent for this one.
    fake.beforeNextCreateAnswer = async () => {
      expect((await cancel(alice, created.id)).status).toBe(200);
    };
    const started = await start(alice, created.id);
    expect(started.status).toBe(409);
    expect(started.body.clientSecret).toBeUndefined();
    await waitForPaymentIntentCancels();
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("cancelled");
    // Recorded on the closed order, so its cancel was owed until Stripe confirmed it.
    expect(row?.paymentIntentId).toMatch(/^pi_/);
    expect(fake.intents.get(row?.paymentIntentId ?? "")?.status).toBe("canceled");
    expect(row?.paymentIntentClosedAt).toBeInstanceOf(Date);
  });

  it("sends Stripe's receipt to the account's current address, without changing what the idempotency key was first sent with", async () => {
    const dora = await signUp({ name: "Dora Moves" });
    const created = await newOrder(dora);
    const first = await start(dora, created.id);
    const intentId = intentIdOf(first.body.clientSecret);
    expect(fake.intents.get(intentId)?.receipt_email).toBe(dora.email);
    expect(fake.updateCalls.filter((c) => c.id === intentId)).toHaveLength(0);

    // A confirmed email change (ADR 014): the account's address is new, the order keeps the one it was placed with.
    const moved = `moved-${dora.email}`;
    const db = await getDb();
    await db.update(user).set({ email: moved }).where(eq(user.id, dora.userId));
    const again = await start(dora, created.id);
    // The same key and parameters (the fake answers 400 to a key sent with others, as Stripe does), the same intent,
    // and the receipt address moved by an update.
    expect(again.status).toBe(200);
    expect(again.body.clientSecret).toBe(first.body.clientSecret);
    expect(fake.intents.get(intentId)?.receipt_email).toBe(moved);
    expect(fake.updateCalls.filter((c) => c.id === intentId)).toEqual([{ id: intentId, receiptEmail: moved }]);
    // Once it is the current address, there is nothing to update (the intent is read as it is now:
    // the repeated create answers with its first answer, the order's address).
    await start(dora, created.id);
    expect(fake.updateCalls.filter((c) => c.id === intentId)).toHaveLength(1);
    // A payment the bank is settling is left alone, as Stripe would refuse the update, and no second
    // payment form opens: the start answers as the confirmation does.
    await db.update(user).set({ email: `again-${dora.email}` }).where(eq(user.id, dora.userId));
    const intent = fake.settling(intentId);
    const settling = await start(dora, created.id);
    expect(settling.status).toBe(409);
    expect(JSON.stringify(settling.body)).toContain("Your bank is still confirming this payment");
    expect(fake.updateCalls.filter((c) => c.id === intentId)).toHaveLength(1);
    expect(intent.receipt_email).toBe(moved);
  });

  it("marks the order paid only after the server sees the PaymentIntent succeeded", async () => {
    const created = await newOrder();
    const { body } = await start(alice, created.id);
    const intentId = intentIdOf(body.clientSecret);
    const early = await confirm(alice, created.id, intentId);
    expect(early.status).toBe(402);
    expect(await paymentRows(created.id)).toHaveLength(0);

    fake.succeed(intentId, { brand: "mastercard", last4: "4444" });
    const paid = await confirm(alice, created.id, intentId);
    expect(paid.status).toBe(200);
    expect((await paid.json()) as Order).toMatchObject({ status: "paid", paymentRef: intentId });
    const rows = await paymentRows(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ provider: "stripe", reference: intentId, cardBrand: "mastercard", cardLast4: "4444", amountCents: created.totalCents });
  });

  it("tells a customer whose bank is still settling the payment to wait, not that it was refused", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.settling(intentId);
    const pending = await confirm(alice, created.id, intentId);
    expect(pending.status).toBe(409);
    const message = ((await pending.json()) as { error: { message: string } }).error.message;
    expect(message).toMatch(/^Your bank is still confirming this payment\. The order stays reserved until \w{3} \d{1,2}, \d{4}, .+ UTC, and we will email your receipt/);
    expect(message).toContain("there is no need to pay again");
    expect(await paymentRows(created.id)).toHaveLength(0);
    // The hold now runs two weeks from now (a debit can take that long), and the page says until when;
    // the money, when it arrives, pays the order.
    const held = await holdOf(created.id);
    expect(held).toBeGreaterThan(Date.now() + 13 * DAY);
    expect(message).toContain(formatDateTime(new Date(held)));
    fake.succeed(intentId);
    expect((await confirm(alice, created.id, intentId)).status).toBe(200);
    expect((await getOrderById(created.id)).status).toBe("paid");
  });

  it("keeps an order reserved when the webhook says its payment is processing, only for the order's own payment", async () => {
    const created = await newOrder();
    const before = await holdOf(created.id);
    // An intent this order never started changes nothing.
    const stranger = fake.createIntent(created.id, created.totalCents);
    fake.settling(stranger);
    expect((await deliver(event("payment_intent.processing", stranger, created.id, created.totalCents))).status).toBe(200);
    expect(await holdOf(created.id)).toBe(before);
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const intent = fake.settling(intentId);
    expect((await deliver(event("payment_intent.processing", intentId, created.id, created.totalCents))).status).toBe(200);
    expect(await holdOf(created.id)).toBeGreaterThan(Date.now() + 13 * DAY);
    // Reported again: still two weeks from the latest report, not two weeks more on top.
    const held = await holdOf(created.id);
    expect((await deliver(event("payment_intent.processing", intentId, created.id, created.totalCents))).status).toBe(200);
    expect(await holdOf(created.id)).toBeLessThan(held + 60_000);
    // The debit fails: the order's own hold (a day from when it was placed) applies again.
    intent.status = "requires_payment_method";
    expect((await deliver(event("payment_intent.payment_failed", intentId, created.id, created.totalCents))).status).toBe(200);
    const own = await holdOf(created.id);
    expect(own).toBeLessThan(Date.now() + 1441 * 60_000);
    expect(own).toBeGreaterThan(Date.now() + 1430 * 60_000);
    expect((await getOrderById(created.id)).status).toBe("unpaid");
    // The customer, told the receipt would follow, hears it will not, and until when to pay another way; once.
    const failedMails = async () =>
      (await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).filter(
        (mail) => mail.subject === `The payment for your ToolForge order ${created.number} did not go through`,
      );
    const [told] = await failedMails();
    expect(told?.text).toContain(`The order is kept for you until ${formatDateTime(new Date(own))}`);
    expect((await deliver(event("payment_intent.payment_failed", intentId, created.id, created.totalCents))).status).toBe(200);
    expect(await failedMails()).toHaveLength(1);
    // "processing" delivered again late, after the failure it preceded: Stripe's intent says failed, nothing is held.
    expect((await deliver(event("payment_intent.processing", intentId, created.id, created.totalCents))).status).toBe(200);
    expect(await holdOf(created.id)).toBe(own);
  });

  it("keeps the order reserved when a late payment_failed arrives while the customer's next bank payment is processing", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.settling(intentId);
    expect((await deliver(event("payment_intent.processing", intentId, created.id, created.totalCents))).status).toBe(200);
    const held = await holdOf(created.id);
    expect(held).toBeGreaterThan(Date.now() + 13 * DAY);
    // The first debit's failure is delivered after the second debit started: the intent is processing again.
    expect((await deliver(event("payment_intent.payment_failed", intentId, created.id, created.totalCents))).status).toBe(200);
    expect(await holdOf(created.id)).toBeGreaterThanOrEqual(held);
    const failed = (await (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).filter(
      (mail) => mail.subject === `The payment for your ToolForge order ${created.number} did not go through`,
    );
    expect(failed).toEqual([]);
  });

  it("closes an order whose own hold has passed when its bank payment fails, puts its units back and says so in one mail", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const intent = fake.settling(intentId);
    expect((await deliver(event("payment_intent.processing", intentId, created.id, created.totalCents))).status).toBe(200);
    const db = await getDb();
    // Placed two days ago: its own hold of a day is over, only the bank's settling kept it.
    await db.update(order).set({ createdAt: new Date(Date.now() - 2 * DAY) }).where(eq(order.id, created.id));
    intent.status = "requires_payment_method";
    expect((await deliver(event("payment_intent.payment_failed", intentId, created.id, created.totalCents))).status).toBe(200);
    expect((await getOrderById(created.id)).status).toBe("expired");
    const subjects = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email)))
      .map((mail) => mail.subject)
      .filter((subject) => subject.includes(created.number));
    expect(subjects).toContain(`The payment for your ToolForge order ${created.number} did not go through`);
    expect(subjects).not.toContain(`Your ToolForge order ${created.number} has expired`);
    // Its payment form stops working, as for any order that closes unpaid.
    await waitForPaymentIntentCancels();
    expect(fake.intents.get(intentId)?.status).toBe("canceled");
  });

  it("tells a customer whose bank payment is still settling for an order that can no longer take it that it will be refunded", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const db = await getDb();
    // The order's hold ran out before the bank reported anything.
    await db.update(order).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(order.id, created.id));
    fake.settling(intentId);
    const pending = await confirm(alice, created.id, intentId);
    expect(pending.status).toBe(409);
    expect(((await pending.json()) as { error: { message: string } }).error.message).toBe(
      "Your bank is still confirming this payment, but this order can no longer be paid: the payment will be refunded in full as soon as it arrives.",
    );
    expect((await getOrderById(created.id)).status).toBe("expired");
  });

  it("settles a payment the customer comes back from (a bank's page) on the order's page, as the webhook would", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const actor = await actorOf(alice);
    const unpaid = await getOrderById(created.id);
    expect(await settleReturnedPayment(actor, unpaid, intentId)).toEqual({ paid: false, message: "The payment has not succeeded." });
    fake.succeed(intentId);
    expect(await settleReturnedPayment(actor, unpaid, intentId)).toEqual({ paid: true });
    expect((await getOrderById(created.id)).status).toBe("paid");
    expect(await paymentRows(created.id)).toHaveLength(1);
    // Another customer's order, or one already paid, has nothing to settle.
    expect(await settleReturnedPayment(await actorOf(bob), unpaid, intentId)).toBeNull();
    expect(await settleReturnedPayment(actor, await getOrderById(created.id), intentId)).toBeNull();
  });

  it("refuses a succeeded PaymentIntent that belongs to another order", async () => {
    const mine = await newOrder();
    const other = await newOrder(alice, 3300, 3);
    const { body } = await start(alice, other.id);
    const intentId = intentIdOf(body.clientSecret);
    fake.succeed(intentId);
    const response = await confirm(alice, mine.id, intentId);
    expect(response.status).toBe(409);
    expect(await paymentRows(mine.id)).toHaveLength(0);
  });

  it("refunds, once, a succeeded intent whose amount is not the order's total, and leaves the order payable", async () => {
    const created = await newOrder();
    const { body } = await start(alice, created.id);
    const intentId = intentIdOf(body.clientSecret);
    fake.succeed(intentId);
    const intent = fake.intents.get(intentId);
    if (intent) intent.amount = 1;
    const response = await confirm(alice, created.id, intentId);
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toMatch(/^The payment was not for this order's total, so it was refunded in full/);
    expect((await confirm(alice, created.id, intentId)).status).toBe(409);
    const rows = await paymentRows(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accepted: false, amountCents: 1, refundReason: "a payment whose amount was not the order's total" });
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect((await getOrderById(created.id)).status).toBe("unpaid");
  });

  it("hides another customer's order", async () => {
    const created = await newOrder(alice);
    expect((await start(bob, created.id)).status).toBe(404);
    expect((await confirm(bob, created.id, "pi_whatever")).status).toBe(404);
  });
});

describe("POST /api/webhooks/stripe", () => {
  it("marks the order paid on payment_intent.succeeded", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    const response = await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents));
    expect(response.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("paid");
  });

  it("refuses a bad signature with 400 and changes nothing", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    const response = await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents), { secret: "whsec_wrong" });
    expect(response.status).toBe(400);
    expect(await paymentRows(created.id)).toHaveLength(0);
  });

  it("refuses an event signed more than 300 s ago with 400", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    const stale = await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents), {
      timestamp: Math.floor(Date.now() / 1000) - 301,
    });
    expect(stale.status).toBe(400);
    expect(await paymentRows(created.id)).toHaveLength(0);
  });

  it("counts the same event delivered 5 times plus a confirmation as one payment", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    const succeeded = event("payment_intent.succeeded", intentId, created.id, created.totalCents);
    const responses = await Promise.all([
      ...Array.from({ length: 5 }, () => deliver(succeeded)),
      confirm(alice, created.id, intentId),
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(await paymentRows(created.id)).toHaveLength(1);
  });

  it("leaves the order unpaid and payable on payment_intent.payment_failed", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const response = await deliver(event("payment_intent.payment_failed", intentId, created.id, created.totalCents));
    expect(response.status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("unpaid");
    expect((await start(alice, created.id)).status).toBe(200);
  });

  it("answers 400 without a signature header, before it reads the body", async () => {
    const request = makeRequest("/api/webhooks/stripe", { method: "POST", body: "{}", headers: { "content-type": "application/json" } });
    const response = await webhookRoute.POST(request, noParams());
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.code).toBe("bad_request");
    expect(request.bodyUsed).toBe(false);
  });
});

describe("no payment without an order to match (Stripe)", () => {
  const refund = (id: string, reason = "Customer changed their mind") =>
    refundRoute.POST(makeRequest(`/api/orders/${id}/refund`, { method: "POST", json: { reason }, cookie: admin.cookie }), noParams({ id }));
  async function autoRefunds(paymentId: string) {
    const db = await getDb();
    return db.select().from(auditLog).where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, "payment.auto_refund")));
  }

  it("refunds a paid order through Stripe's refunds API, once", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    expect((await confirm(alice, created.id, intentId)).status).toBe(200);
    const response = await refund(created.id);
    expect(response.status).toBe(200);
    expect(((await response.json()) as Order).status).toBe("refunded");
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const [row] = await paymentRows(created.id);
    expect(row?.refundReference).toBe(fake.refunds.find((r) => r.payment_intent === intentId)?.id);
    expect((await refund(created.id)).status).toBe(409);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
  });

  it("takes a refund made already in Stripe's Dashboard as the order's refund, and tells the admin of a refund Stripe refuses outright", async () => {
    const paidAt = async () => {
      const created = await newOrder();
      const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
      fake.succeed(intentId);
      expect((await confirm(alice, created.id, intentId)).status).toBe(200);
      return { created, intentId };
    };
    // Refunded in the Dashboard: Stripe answers charge_already_refunded, and that refund is the order's.
    const dashboard = await paidAt();
    fake.refunds.push({ id: "re_dashboard1", object: "refund", amount: dashboard.created.totalCents, currency: "usd", payment_intent: dashboard.intentId, status: "succeeded" });
    const adopted = await refund(dashboard.created.id);
    expect(adopted.status).toBe(200);
    expect(((await adopted.json()) as Order).status).toBe("refunded");
    expect((await paymentRows(dashboard.created.id))[0]?.refundReference).toBe("re_dashboard1");

    // A disputed charge: Stripe refuses to refund it at all. The admin is told (409), not "try again".
    const disputed = await paidAt();
    fake.nextRefundError = { code: "charge_disputed", message: "This charge has been disputed and cannot be refunded." };
    const refused = await refund(disputed.created.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(REFUND_REFUSED_MESSAGE);
    expect((await getOrderById(disputed.created.id)).status).toBe("paid");
  });

  it("cancelling an order cancels its PaymentIntent", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    expect((await cancel(alice, created.id)).status).toBe(200);
    expect(fake.cancelCalls).toContain(intentId);
    expect(fake.intents.get(intentId)?.status).toBe("canceled");
  });

  it("records on the order that its PaymentIntent is cancelled", async () => {
    const created = await newOrder();
    intentIdOf((await start(alice, created.id)).body.clientSecret);
    expect((await cancel(alice, created.id)).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.paymentIntentClosedAt).toBeInstanceOf(Date);
  });

  describe("a cancel that does not get through", () => {
    afterEach(() => {
      fake.cancelOutage = false;
    });

    const closedMinutesAgo = async (id: string, minutes: number) => {
      const db = await getDb();
      await db
        .update(order)
        .set({ cancelledAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(order.id, id));
    };
    const closedAtOf = async (id: string) => {
      const db = await getDb();
      const [row] = await db.select({ at: order.paymentIntentClosedAt }).from(order).where(eq(order.id, id));
      return row?.at ?? null;
    };

    it("stays owed while Stripe is down, and the intent-cancel job cancels the intent once Stripe answers", async () => {
      const created = await newOrder();
      const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
      fake.cancelOutage = true;
      // The customer's cancel does not wait on Stripe's outage: the order is cancelled, its units back.
      expect((await cancel(alice, created.id)).status).toBe(200);
      expect(fake.cancelCalls).toContain(intentId);
      expect(fake.intents.get(intentId)?.status).toBe("requires_payment_method");
      expect(await closedAtOf(created.id)).toBeNull();
      expect(await countOwedIntentCancels()).toBeGreaterThanOrEqual(1);

      // Within two minutes of the close the job leaves it to the request that closed the order.
      const callsBefore = fake.cancelCalls.length;
      await retryOwedIntentCancels();
      expect(fake.cancelCalls.slice(callsBefore)).not.toContain(intentId);

      // Later, with Stripe still down, it is tried and stays owed.
      await closedMinutesAgo(created.id, 3);
      await retryOwedIntentCancels();
      expect(fake.cancelCalls.slice(callsBefore)).toContain(intentId);
      expect(await closedAtOf(created.id)).toBeNull();

      // Stripe is back: the next run cancels it, records it, and the run after leaves it alone.
      fake.cancelOutage = false;
      expect(await retryOwedIntentCancels()).toBeGreaterThanOrEqual(1);
      expect(fake.intents.get(intentId)?.status).toBe("canceled");
      expect(await closedAtOf(created.id)).toBeInstanceOf(Date);
      const callsAfter = fake.cancelCalls.length;
      await retryOwedIntentCancels();
      expect(fake.cancelCalls.slice(callsAfter)).not.toContain(intentId);
    });

    it("a payment made while the cancel was owed is found by the job and refunded", async () => {
      const created = await newOrder();
      const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
      fake.cancelOutage = true;
      expect((await cancel(alice, created.id)).status).toBe(200);
      // The form left open in another tab took the card, and that tab was closed before it returned.
      fake.succeed(intentId);
      fake.cancelOutage = false;
      await closedMinutesAgo(created.id, 3);
      const refundsBefore = fake.refundRequests;
      expect(await retryOwedIntentCancels()).toBeGreaterThanOrEqual(1);
      const [kept] = await paymentRows(created.id);
      expect(kept).toMatchObject({ reference: intentId, accepted: false });
      expect(kept?.refundedAt).toBeInstanceOf(Date);
      expect(fake.refundRequests).toBe(refundsBefore + 1);
      expect(await closedAtOf(created.id)).toBeInstanceOf(Date);
    });
  });

  it("an order whose bank payment is settling cannot be cancelled, by its customer or an admin, until the bank decides", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const intent = fake.settling(intentId);
    for (const session of [alice, admin]) {
      const refused = await cancel(session, created.id);
      expect(refused.status).toBe(409);
      expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(SETTLING_CANCEL_MESSAGE);
    }
    // A stranger still learns nothing about the order.
    expect((await cancel(bob, created.id)).status).toBe(404);
    expect((await getOrderById(created.id)).status).toBe("unpaid");
    expect(fake.cancelCalls).not.toContain(intentId);
    // The bank refused the debit: the order can go.
    intent.status = "requires_payment_method";
    expect((await cancel(alice, created.id)).status).toBe(200);
    expect((await getOrderById(created.id)).status).toBe("cancelled");
  });

  it("expiring an order cancels its PaymentIntent", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    const db = await getDb();
    await db.update(order).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(order.id, created.id));
    expect(await expireOrdersAndPayments()).toBeGreaterThanOrEqual(1);
    expect(fake.intents.get(intentId)?.status).toBe("canceled");
  });

  it("refunds a payment found made when its expired order's PaymentIntent is cancelled, with no webhook to tell of it", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    // Paid in the browser, then the page was closed before the shop heard of it.
    fake.succeed(intentId);
    const refundsBefore = fake.refundRequests;
    const db = await getDb();
    await db.update(order).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(order.id, created.id));
    expect(await expireOrdersAndPayments()).toBeGreaterThanOrEqual(1);
    expect((await getOrderById(created.id)).status).toBe("expired");
    const [kept] = await paymentRows(created.id);
    expect(kept).toMatchObject({ reference: intentId, accepted: false });
    expect(kept?.refundedAt).toBeInstanceOf(Date);
    expect(fake.refundRequests).toBe(refundsBefore + 1);
    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entityId, kept?.id ?? ""), eq(auditLog.action, "payment.auto_refund")));
    expect(audits).toHaveLength(1);
  });

  // A read that finds the order overdue expires it before the job does; the job then has nothing left
  // to expire, so the read itself must cancel the intent, or the open form could still take the money.
  for (const [reader, read] of [
    ["its owner reading it", (id: string) => orderRoute.GET(makeRequest(`/api/orders/${id}`, { cookie: alice.cookie }), noParams({ id }))],
    ["an admin listing every order", () => adminOrdersRoute.GET(makeRequest("/api/admin/orders", { cookie: admin.cookie }), noParams())],
  ] as const) {
    it(`an order found overdue by ${reader} has its PaymentIntent cancelled`, async () => {
      const created = await newOrder();
      const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
      const db = await getDb();
      await db.update(order).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(order.id, created.id));
      expect((await read(created.id)).status).toBe(200);
      const [row] = await db.select().from(order).where(eq(order.id, created.id));
      expect(row?.status).toBe("expired");
      await waitForPaymentIntentCancels();
      expect(fake.cancelCalls).toContain(intentId);
      expect(fake.intents.get(intentId)?.status).toBe("canceled");
    });
  }

  it("refunds a payment that succeeds for a cancelled order, once however often it is reported, and audits it", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    // The card was charged a moment before the customer cancelled: Stripe refuses to cancel the intent.
    fake.succeed(intentId);
    expect((await cancel(alice, created.id)).status).toBe(200);
    for (let i = 0; i < 3; i += 1) {
      expect((await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents))).status).toBe(200);
    }
    const late = await confirm(alice, created.id, intentId);
    expect(late.status).toBe(409);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("cancelled");
    const rows = await paymentRows(created.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ accepted: false, reference: intentId });
    expect(rows[0]?.refundReference).toMatch(/^re_fake/);
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    expect(await autoRefunds(rows[0]?.id ?? "")).toHaveLength(1);
    // The customer hears about the refund once, in the refund's own transaction.
    const refundMails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).filter(
      (m) => m.subject === `Refund of a payment for your ToolForge order ${created.number}`,
    );
    expect(refundMails).toHaveLength(1);
    expect(refundMails[0]?.text).toContain(`We refunded your payment of $99.00 for order ${created.number}: the order had been cancelled.`);
  });

  it("a payment that lands after the order's hold ran out expires the order, refunds the payment and tells the customer both", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    const db = await getDb();
    await db.update(order).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(order.id, created.id));
    expect((await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents))).status).toBe(200);
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row?.status).toBe("expired");
    expect(fake.refunds.filter((r) => r.payment_intent === intentId)).toHaveLength(1);
    const subjects = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email)))
      .map((m) => m.subject)
      .filter((subject) => subject.includes(created.number))
      .sort();
    expect(subjects).toEqual(
      [
        `Your ToolForge order ${created.number}`,
        `Your ToolForge order ${created.number} has expired`,
        `Refund of a payment for your ToolForge order ${created.number}`,
      ].sort(),
    );
  });

  /** The shop's notices that a refund's money did not reach the customer of this order. */
  async function refundFailedNotices(number: string) {
    const db = await getDb();
    return (await db.select().from(mailOutbox).where(eq(mailOutbox.to, "boss@toolforge.test"))).filter((m) => m.subject.startsWith(`Refund failed for order ${number}:`));
  }
  async function refundFailures(paymentId: string) {
    const db = await getDb();
    return db.select().from(auditLog).where(and(eq(auditLog.entityId, paymentId), eq(auditLog.action, "payment.refund_failed")));
  }
  function refundEvent(type: "refund.failed" | "refund.updated", refund: { id: string; payment_intent: string; amount: number }, reason = "expired_or_canceled_card") {
    return eventOf(type, { ...refund, object: "refund", currency: "usd", status: "failed", failure_reason: reason });
  }

  it("a refund Stripe answers as failed changes nothing, and the admin is told to pay the customer back another way", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    expect((await confirm(alice, created.id, intentId)).status).toBe(200);
    fake.nextRefund = { status: "failed", failure_reason: "expired_or_canceled_card" };
    const refused = await refund(created.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(REFUND_REFUSED_MESSAGE);
    expect((await getOrderById(created.id)).status).toBe("paid");
    const [row] = await paymentRows(created.id);
    expect(row).toMatchObject({ refundedAt: null, refundReference: null });
    const db = await getDb();
    const told = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).filter((m) => m.subject === `Refund for your ToolForge order ${created.number}`);
    expect(told).toHaveLength(0);
  });

  it("a refund that fails after Stripe took it (refund.failed) tells the admins once, with an audit entry", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    expect((await confirm(alice, created.id, intentId)).status).toBe(200);
    fake.nextRefund = { status: "pending" };
    expect((await refund(created.id)).status).toBe(200);
    const stripeRefund = fake.refunds.find((r) => r.payment_intent === intentId);
    if (!stripeRefund) throw new Error("no refund");
    // Another shop's refund on the same account, or one Stripe reports for a payment the shop does not know, is not the shop's.
    expect(await (await deliver(refundEvent("refund.failed", { id: "re_other", payment_intent: intentId, amount: 1 }))).json()).toEqual({ handled: "ignored: not the shop's refund" });
    expect(await (await deliver(refundEvent("refund.failed", { id: "re_other", payment_intent: "pi_unknown", amount: 1 }))).json()).toEqual({ handled: "ignored: not the shop's refund" });
    for (const type of ["refund.failed", "refund.updated", "refund.failed"] as const) {
      expect((await deliver(refundEvent(type, stripeRefund))).status).toBe(200);
    }
    const [row] = await paymentRows(created.id);
    // The books say the money did not go back; the order stays refunded (its units are back on sale).
    expect(row).toMatchObject({ refundReference: stripeRefund.id, refundedAt: null, refundFailedAt: expect.any(Date) });
    expect((await getOrderById(created.id)).status).toBe("refunded");
    expect(await refundFailures(row?.id ?? "")).toHaveLength(1);
    const notices = await refundFailedNotices(created.number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.replyTo).toBe(alice.email);
    expect(notices[0]?.text).toContain(`Stripe could not return $99.00 to the card that paid order ${created.number} (Stripe says: expired_or_canceled_card).`);
    expect(notices[0]?.text).toContain("Pay them back another way");
  });

  it("a payment for a cancelled order whose refund Stripe refuses stays unrefunded, and the admins are told once", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(intentId);
    fake.nextRefund = { status: "failed", failure_reason: "unknown" };
    // The order's cancel finds its intent paid and refunds that payment at once: Stripe refuses the refund.
    expect((await cancel(alice, created.id)).status).toBe(200);
    await waitForPaymentIntentCancels();
    // Stripe's webhook then delivers the payment, twice: it is known, and nothing loops.
    for (let i = 0; i < 2; i += 1) {
      expect((await deliver(event("payment_intent.succeeded", intentId, created.id, created.totalCents))).status).toBe(200);
    }
    const [row] = await paymentRows(created.id);
    expect(row).toMatchObject({ accepted: false, refundedAt: null, refundFailedAt: expect.any(Date) });
    expect(await autoRefunds(row?.id ?? "")).toHaveLength(0);
    expect(await refundFailures(row?.id ?? "")).toHaveLength(1);
    const notices = await refundFailedNotices(created.number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain(`A payment of $99.00 came for order ${created.number}, which could not take it, and Stripe could not refund it to the card (Stripe says: unknown).`);
    // The customer is told the truth, not "refunded in full"; Stripe is not asked again (a new refund
    // could pay back money the admins have meanwhile returned another way).
    const refundCalls = fake.refundRequests;
    const told = await confirm(alice, created.id, intentId);
    expect(told.status).toBe(409);
    expect(((await told.json()) as { error: { message: string } }).error.message).toBe(
      "This order can no longer be paid, and the payment could not be refunded to your card automatically. We have been told and will pay it back another way; there is no need to do anything.",
    );
    expect(fake.refundRequests).toBe(refundCalls);
  });

  it("a payment for a cancelled order whose refund Stripe refuses outright (a dispute) is answered 409 and told to the admins, not a 500", async () => {
    const created = await newOrder();
    const intentId = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.cancelOutage = true;
    expect((await cancel(alice, created.id)).status).toBe(200);
    fake.cancelOutage = false;
    fake.succeed(intentId);
    fake.nextRefundError = { code: "charge_disputed", message: "This charge has been disputed and cannot be refunded." };
    const told = await confirm(alice, created.id, intentId);
    expect(told.status).toBe(409);
    const [row] = await paymentRows(created.id);
    expect(row).toMatchObject({ accepted: false, refundedAt: null, refundFailedAt: expect.any(Date), refundReference: null });
    expect(await refundFailures(row?.id ?? "")).toHaveLength(1);
    const notices = await refundFailedNotices(created.number);
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain("(Stripe says: charge_disputed)");
  });

  it("refunds a second successful payment for an order already paid", async () => {
    const created = await newOrder();
    const first = intentIdOf((await start(alice, created.id)).body.clientSecret);
    fake.succeed(first);
    expect((await deliver(event("payment_intent.succeeded", first, created.id, created.totalCents))).status).toBe(200);
    const second = fake.createIntent(created.id, created.totalCents);
    fake.succeed(second);
    expect((await deliver(event("payment_intent.succeeded", second, created.id, created.totalCents))).status).toBe(200);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, created.id));
    expect(row).toMatchObject({ status: "paid", paymentRef: first });
    const rows = await paymentRows(created.id);
    expect(rows.map((r) => [r.reference, r.accepted, r.refundReference !== null]).sort()).toEqual(
      [
        [first, true, false],
        [second, false, true],
      ].sort(),
    );
    expect(fake.refunds.map((r) => r.payment_intent)).toContain(second);
    expect(fake.refunds.map((r) => r.payment_intent)).not.toContain(first);
    const stray = rows.find((r) => r.reference === second);
    expect(await autoRefunds(stray?.id ?? "")).toHaveLength(1);
  });
});

describe("when Stripe answers with an error or not at all", () => {
  /** A stand-in for Stripe that answers every call with one status and error body, and asks the SDK not to retry. */
  async function failingStripe(status: number, error: Record<string, string> | null): Promise<{ base: string; stop: () => Promise<void> }> {
    const server = http.createServer((req, res) => {
      req.resume();
      if (!error) {
        // Stripe's API cannot be reached: the connection is closed before an answer.
        req.socket.destroy();
        return;
      }
      res.writeHead(status, { "content-type": "application/json", "stripe-should-retry": "false", "request-id": "req_failing" });
      res.end(JSON.stringify({ error }));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const { port } = server.address() as AddressInfo;
    return { base: `http://127.0.0.1:${port}`, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
  }

  /** Points the shop at another Stripe for the length of `body` (the SDK client is kept per key, so the key changes too). */
  async function withStripeAt(base: string, body: () => Promise<void>): Promise<void> {
    const saved = { key: process.env.STRIPE_SECRET_KEY, base: process.env.STRIPE_API_BASE };
    process.env.STRIPE_SECRET_KEY = `sk_test_elsewhere_${Math.random().toString(36).slice(2)}`;
    process.env.STRIPE_API_BASE = base;
    resetEnvForTests();
    try {
      await body();
    } finally {
      process.env.STRIPE_SECRET_KEY = saved.key;
      process.env.STRIPE_API_BASE = saved.base;
      resetEnvForTests();
    }
  }

  it("answers 422 naming the field for a PaymentIntent id Stripe does not know, and the order stays payable", async () => {
    const created = await newOrder();
    const response = await confirm(alice, created.id, "pi_doesnotexist");
    expect(response.status).toBe(422);
    const { error } = (await response.json()) as ErrorBody;
    expect(error).toMatchObject({ code: "invalid", message: "Stripe has no payment with this id. Pay the order again from its payment page." });
    expect(error.fields).toEqual({ paymentIntentId: "Unknown payment" });
    expect(await paymentRows(created.id)).toHaveLength(0);
    expect((await start(alice, created.id)).status).toBe(200);
  });

  it("limits an account's checks of ids Stripe does not know, and asks Stripe nothing for an id that is not one", async () => {
    const carol = await signUp({ name: "Carol Stripe" });
    const created = await newOrder(carol);
    for (let i = 0; i < 20; i += 1) expect((await confirm(carol, created.id, `pi_unknown${i}`)).status).toBe(422);
    const limited = await confirm(carol, created.id, "pi_unknown20");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
    // Another account is not held back by Carol's tries.
    expect((await confirm(alice, (await newOrder()).id, "pi_unknown21")).status).toBe(422);

    // Back on the order's page with something in the address that no Stripe return holds: nothing to settle.
    const mine = await newOrder();
    expect(await settleReturnedPayment(await actorOf(alice), await getOrderById(mine.id), "not-a-payment-intent")).toBeNull();
  });

  it.each([
    ["a closed connection", 0, null],
    ["an error on Stripe's side", 500, { type: "api_error", message: "An unknown error occurred" }],
    ["its rate limit", 429, { type: "invalid_request_error", code: "rate_limit", message: "Too many requests" }],
    ["a key it refuses", 401, { type: "invalid_request_error", message: "Invalid API Key provided" }],
  ])("answers 503 to starting and confirming a payment when Stripe answers with %s, and the order stays payable", async (_what, status, error) => {
    const created = await newOrder();
    const down = await failingStripe(status, error);
    try {
      await withStripeAt(down.base, async () => {
        for (const response of [
          await paymentRoute.POST(makeRequest(`/api/orders/${created.id}/payment`, { method: "POST", cookie: alice.cookie }), noParams({ id: created.id })),
          await confirm(alice, created.id, "pi_fake1"),
        ]) {
          expect(response.status).toBe(503);
          expect(((await response.json()) as ErrorBody).error).toEqual({ code: "unavailable", message: "The payment service is not answering; try again in a minute." });
        }
      });
    } finally {
      await down.stop();
    }
    expect(await paymentRows(created.id)).toHaveLength(0);
    expect((await start(alice, created.id)).status).toBe(200);
  });

  it("answers a card error as the decline it is (402)", async () => {
    const created = await newOrder();
    const declining = await failingStripe(402, { type: "card_error", code: "card_declined", decline_code: "insufficient_funds", message: "Your card has insufficient funds." });
    try {
      await withStripeAt(declining.base, async () => {
        const response = await confirm(alice, created.id, "pi_fake1");
        expect(response.status).toBe(402);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: "payment_declined", message: "Your card has insufficient funds." });
      });
    } finally {
      await declining.stop();
    }
    expect(await paymentRows(created.id)).toHaveLength(0);
  });
});

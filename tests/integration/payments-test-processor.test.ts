import { eq } from "drizzle-orm";
import * as ordersRoute from "@/app/api/orders/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import * as paymentRoute from "@/app/api/orders/[id]/payment/route";
import * as confirmRoute from "@/app/api/orders/[id]/payment/confirm/route";
import { getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { formatDateTime } from "@/models/dates";
import { mailOutbox, payment } from "@/models/schema";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { createProduct, TEST_ADDRESS } from "@/tests/fixtures/shop";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, string> } };
type Order = { id: string; number: string; status: string; totalCents: number; paymentRef: string | null; createdAt: string; paidAt: string | null };

let alice: Session;
let bob: Session;
beforeAll(async () => {
  alice = await signUp({ name: "Alice Payer" });
  bob = await signUp({ name: "Bob Other" });
});

const nextYear = new Date().getUTCFullYear() + 1;
const card = (number: string, overrides: Record<string, unknown> = {}) => ({
  card: { number, expMonth: 12, expYear: nextYear, cvc: "123", ...overrides },
});

async function newOrder(session: Session = alice, priceCents = 1500, quantity = 2): Promise<Order> {
  const item = await createProduct({ priceCents, stock: 50 });
  const response = await ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
    noParams(),
  );
  return (await response.json()) as Order;
}

const start = (session: Session, id: string) =>
  paymentRoute.POST(makeRequest(`/api/orders/${id}/payment`, { method: "POST", cookie: session.cookie }), noParams({ id }));
const confirm = (session: Session, id: string, json: unknown) =>
  confirmRoute.POST(makeRequest(`/api/orders/${id}/payment/confirm`, { method: "POST", json, cookie: session.cookie }), noParams({ id }));

async function paymentRows(orderId: string) {
  const db = await getDb();
  return db.select().from(payment).where(eq(payment.orderId, orderId));
}

describe("starting a payment", () => {
  it("answers the test provider and the order's own total", async () => {
    const created = await newOrder(alice, 1999, 3);
    const response = await start(alice, created.id);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ provider: "test", amountCents: 5997, currency: "USD" });
  });

  it("hides someone else's order and refuses anonymous callers", async () => {
    const created = await newOrder(alice);
    expect((await start(bob, created.id)).status).toBe(404);
    const anonymous = await paymentRoute.POST(makeRequest(`/api/orders/${created.id}/payment`, { method: "POST" }), noParams({ id: created.id }));
    expect(anonymous.status).toBe(401);
  });
});

describe("the test processor's cards", () => {
  it.each(["4242 4242 4242 4242", "4242424242424242", "5555555555554444", "378282246310005"])(
    "%s succeeds: the order is paid with one payment row holding only brand and last four",
    async (number) => {
      const created = await newOrder();
      const response = await confirm(alice, created.id, card(number, { cvc: number.startsWith("37") ? "1234" : "123" }));
      expect(response.status).toBe(200);
      const paid = (await response.json()) as Order;
      expect(paid.status).toBe("paid");
      expect(paid.paymentRef).toMatch(/^tp_[a-f0-9]{24}$/);
      expect(paid.paidAt).toEqual(expect.any(String));
      const rows = await paymentRows(created.id);
      expect(rows).toHaveLength(1);
      const digits = number.replace(/\s/g, "");
      expect(rows[0]).toMatchObject({ provider: "test", amountCents: created.totalCents, cardLast4: digits.slice(-4) });
      expect(JSON.stringify(rows[0])).not.toContain(digits.slice(0, 12));
    },
  );

  it.each([
    ["4000 0000 0000 0002", "card_declined", "Your card was declined."],
    ["4000 0000 0000 9995", "insufficient_funds", "Your card has insufficient funds."],
    ["4000 0000 0000 0069", "expired_card", "Your card has expired."],
    ["4000 0000 0000 0127", "incorrect_cvc", "Your card's security code is incorrect."],
    ["4000 0000 0000 0119", "processing_error", "An error occurred while processing your card. Try again in a little bit."],
  ])("%s is declined (%s) and the order stays unpaid and payable", async (number, declineCode, message) => {
    const created = await newOrder();
    const response = await confirm(alice, created.id, card(number));
    expect(response.status).toBe(402);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toMatchObject({ code: "payment_declined", message, details: { declineCode } });
    expect(JSON.stringify(body)).not.toContain(number.replace(/\s/g, ""));
    expect(await paymentRows(created.id)).toHaveLength(0);
    const again = await confirm(alice, created.id, card("4242424242424242"));
    expect(again.status).toBe(200);
  });

  it("asks for 3-D Secure on 4000 0025 0000 3155; approving pays the order", async () => {
    const created = await newOrder();
    const challenge = await confirm(alice, created.id, card("4000002500003155"));
    expect(challenge.status).toBe(402);
    const body = (await challenge.json()) as ErrorBody;
    expect(body.error.code).toBe("authentication_required");
    const token = body.error.details?.authenticationToken as string;
    expect(token).toEqual(expect.any(String));
    const approved = await confirm(alice, created.id, { ...card("4000002500003155"), authentication: { token, result: "approve" } });
    expect(approved.status).toBe(200);
    expect(((await approved.json()) as Order).status).toBe("paid");
  });

  it("declines the 3-D Secure card when authentication fails or the token is forged", async () => {
    const created = await newOrder();
    const body = (await (await confirm(alice, created.id, card("4000002500003155"))).json()) as ErrorBody;
    const token = body.error.details?.authenticationToken as string;
    const failed = await confirm(alice, created.id, { ...card("4000002500003155"), authentication: { token, result: "fail" } });
    expect(failed.status).toBe(402);
    expect(((await failed.json()) as ErrorBody).error.code).toBe("payment_declined");
    const forged = await confirm(alice, created.id, {
      ...card("4000002500003155"),
      authentication: { token: "abc.def", result: "approve" },
    });
    expect(forged.status).toBe(402);
    expect(await paymentRows(created.id)).toHaveLength(0);
  });

  it.each([
    [card("4242424242424241"), "number", "Your card number is invalid."],
    [card("4242"), "number", "Your card number is incomplete."],
    [card("4242424242424242", { expMonth: 1, expYear: 2020 }), "expYear", "Your card's expiration date is in the past."],
    [card("4242424242424242", { expMonth: 13 }), "expMonth", "Your card's expiration month is invalid."],
    [card("4242424242424242", { cvc: "12" }), "cvc", "Your card's security code is incomplete."],
    [card("4242424242424242", { cvc: "12345" }), "cvc", "Your card's security code is incomplete."],
    // Only a number or a form field's digits is a month or a year.
    [card("4242424242424242", { expMonth: true }), "expMonth", "Enter the expiry month"],
    [card("4242424242424242", { expMonth: [12] }), "expMonth", "Enter the expiry month"],
    [card("4242424242424242", { expYear: "" }), "expYear", "Enter the expiry year"],
    [card("4242424242424242", { expYear: null }), "expYear", "Enter the expiry year"],
  ])("refuses invalid card details %j with 422 naming the field", async (body, field, message) => {
    const created = await newOrder();
    const response = await confirm(alice, created.id, body);
    expect(response.status).toBe(422);
    const error = (await response.json()) as ErrorBody;
    const key = Object.keys(error.error.fields ?? {}).find((k) => k.endsWith(field));
    expect(key).toBeDefined();
    expect(error.error.fields?.[key as string]).toBe(message);
    expect(await paymentRows(created.id)).toHaveLength(0);
  });

  it("answers 404 for someone else's order; a confirmation sent again answers the paid order and pays nothing twice", async () => {
    const created = await newOrder();
    expect((await confirm(bob, created.id, card("4242424242424242"))).status).toBe(404);
    const first = await confirm(alice, created.id, card("4242424242424242"));
    expect(first.status).toBe(200);
    const paid = (await first.json()) as { status: string; paymentRef: string };
    expect(paid.status).toBe("paid");
    // The customer's answer was lost and the page sends it again: the same paid order, as Stripe's confirm answers.
    const again = await confirm(alice, created.id, card("4242424242424242"));
    expect(again.status).toBe(200);
    expect(await again.json()).toMatchObject({ status: "paid", paymentRef: paid.paymentRef });
    expect(await paymentRows(created.id)).toHaveLength(1);
    // Starting a new payment of a paid order is refused.
    const restart = await start(alice, created.id);
    expect(restart.status).toBe(409);
    expect(((await restart.json()) as ErrorBody).error.message).toBe("This order is already paid.");
  });

  it("counts concurrent confirmations of one order exactly once", async () => {
    const created = await newOrder();
    const responses = await Promise.all(Array.from({ length: 8 }, () => confirm(alice, created.id, card("4242424242424242"))));
    const statuses = responses.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(await paymentRows(created.id)).toHaveLength(1);
  });

  it("emails a receipt once, and a paid order cannot be cancelled by its customer", async () => {
    const created = await newOrder(alice, 2500, 4);
    const paid = (await (await confirm(alice, created.id, card("4242424242424242"))).json()) as Order;
    await waitForPendingMail();
    const db = await getDb();
    const receipts = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).filter((m) =>
      m.subject.includes(`Receipt for your ToolForge order ${created.number}`),
    );
    expect(receipts).toHaveLength(1);
    expect(receipts[0]?.text).toContain("$100.00");
    expect(receipts[0]?.text).toContain("Visa ending 4242");
    // A printed receipt names its order and when it was placed and paid, in the shop's zone.
    expect(receipts[0]?.text).toContain(`Order ${created.number}\nPlaced ${formatDateTime(created.createdAt)}\nPaid ${formatDateTime(paid.paidAt ?? "")}\n`);
    const cancel = await orderRoute.DELETE(
      makeRequest(`/api/orders/${created.id}`, { method: "DELETE", cookie: alice.cookie }),
      noParams({ id: created.id }),
    );
    expect(cancel.status).toBe(409);
  });
});

import { and, eq } from "drizzle-orm";
import * as ordersRoute from "@/app/api/orders/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import * as cancelRoute from "@/app/api/orders/[id]/cancel/route";
import * as refundRoute from "@/app/api/orders/[id]/refund/route";
import * as shippingRoute from "@/app/api/orders/[id]/shipping/route";
import * as paymentRoute from "@/app/api/orders/[id]/payment/route";
import * as confirmRoute from "@/app/api/orders/[id]/payment/confirm/route";
import * as adminOrdersRoute from "@/app/api/admin/orders/route";
import { getDb } from "@/lib/db/client";
import { formatDateTime } from "@/models/dates";
import { resetEnvForTests } from "@/lib/env";
import { waitForPendingMail } from "@/lib/mail";
import { requireActor } from "@/lib/accounts/actor";
import { ANONYMISED_ORDER } from "@/models/orders";
import { expireOverdueOrders, readOrderFor } from "@/lib/orders/service";
import { expireOrdersAndPayments } from "@/lib/payments/service";
import { auditLog, mailOutbox, order, orderLine, payment, user } from "@/models/schema";
import { makeRequest, noParams, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, markPaidForTest, stockOf, TEST_ADDRESS } from "@/tests/fixtures/shop";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Line = { productId: string; productName: string; quantity: number; unitPriceCents: number; totalCents: number };
type Order = {
  id: string;
  number: string;
  items: Line[];
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  status: string;
  shipping: string;
  shippingAddress: typeof TEST_ADDRESS;
  createdAt: string;
  expiresAt: string | null;
  refundReason: string | null;
  productId?: string;
};

const PHONE = "+1 555 010 0199";
let alice: Session;
let bob: Session;
let admin: Session;

beforeAll(async () => {
  alice = await signUp({ name: "Alice Lifecycle" });
  bob = await signUp({ name: "Bob Lifecycle" });
  admin = await signUpAdmin();
});

const post = (session: Session | null, json: unknown, key?: string) =>
  ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json, cookie: session?.cookie, headers: key ? { "idempotency-key": key } : undefined }),
    noParams(),
  );
const placeLines = (session: Session, items: { productId: string; quantity: number }[], key?: string) =>
  post(session, { items, phone: PHONE, shippingAddress: TEST_ADDRESS }, key);
async function placeOne(session: Session, productId: string, quantity: number): Promise<Order> {
  const response = await placeLines(session, [{ productId, quantity }]);
  expect(response.status).toBe(201);
  return (await response.json()) as Order;
}
const read = async (session: Session, id: string) =>
  (await (await orderRoute.GET(makeRequest(`/api/orders/${id}`, { cookie: session.cookie }), noParams({ id }))).json()) as Order;
const cancel = (session: Session, id: string) =>
  cancelRoute.POST(makeRequest(`/api/orders/${id}/cancel`, { method: "POST", cookie: session.cookie }), noParams({ id }));
const refund = (session: Session, id: string, json: unknown = { reason: "Customer returned the goods" }) =>
  refundRoute.POST(makeRequest(`/api/orders/${id}/refund`, { method: "POST", json, cookie: session.cookie }), noParams({ id }));
const ship = (session: Session, id: string, shipped = true) =>
  shippingRoute.PATCH(makeRequest(`/api/orders/${id}/shipping`, { method: "PATCH", json: { shipped }, cookie: session.cookie }), noParams({ id }));
const nextYear = new Date().getUTCFullYear() + 1;
const pay = (session: Session, id: string) =>
  confirmRoute.POST(
    makeRequest(`/api/orders/${id}/payment/confirm`, {
      method: "POST",
      json: { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } },
      cookie: session.cookie,
    }),
    noParams({ id }),
  );

async function errorOf(response: Response): Promise<ErrorBody["error"]> {
  return ((await response.json()) as ErrorBody).error;
}

async function orderCount(): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: order.id }).from(order)).length;
}

async function makeOverdue(orderId: string): Promise<void> {
  const db = await getDb();
  await db.update(order).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(order.id, orderId));
}

describe("orders with several lines", () => {
  it("prices every line from the database, numbers the order and holds it until ORDER_HOLD_MINUTES from now", async () => {
    const pliers = await createProduct({ name: "Pliers", priceCents: 899, stock: 30, minOrderQuantity: 2 });
    const saw = await createProduct({ name: "Saw", priceCents: 2450, stock: 5 });
    const before = Date.now();
    const response = await placeLines(alice, [
      { productId: pliers.id, quantity: 6 },
      { productId: saw.id, quantity: 1 },
    ]);
    expect(response.status).toBe(201);
    const created = (await response.json()) as Order;
    expect(created.number).toMatch(/^TF-1\d{5,}$/);
    expect(created.items).toEqual([
      expect.objectContaining({ productId: pliers.id, productName: "Pliers", quantity: 6, unitPriceCents: 899, totalCents: 5394 }),
      expect.objectContaining({ productId: saw.id, productName: "Saw", quantity: 1, unitPriceCents: 2450, totalCents: 2450 }),
    ]);
    expect(created).toMatchObject({ subtotalCents: 7844, shippingCents: 0, totalCents: 7844, status: "unpaid", shippingAddress: TEST_ADDRESS });
    // A multi-line order has no top-level line (only a one-line order carries the seed's shape).
    expect(created.productId).toBeUndefined();
    const hold = new Date(created.expiresAt ?? 0).getTime() - before;
    expect(hold).toBeGreaterThanOrEqual(1440 * 60_000 - 5_000);
    expect(hold).toBeLessThanOrEqual(1440 * 60_000 + 60_000);
    expect(await stockOf(pliers.id)).toBe(24);
    expect(await stockOf(saw.id)).toBe(4);
    const next = await placeOne(alice, saw.id, 1);
    expect(Number(next.number.slice(3))).toBeGreaterThan(Number(created.number.slice(3)));
  });

  it("adds SHIPPING_FLAT_CENTS to the total", async () => {
    process.env.SHIPPING_FLAT_CENTS = "495";
    resetEnvForTests();
    try {
      const item = await createProduct({ priceCents: 1000, stock: 10 });
      const created = await placeOne(alice, item.id, 2);
      expect(created).toMatchObject({ subtotalCents: 2000, shippingCents: 495, totalCents: 2495 });
    } finally {
      delete process.env.SHIPPING_FLAT_CENTS;
      resetEnvForTests();
    }
  });

  it("refuses the whole order (409) and reserves nothing when one of two lines ran out", async () => {
    const plenty = await createProduct({ name: "Plenty", stock: 50 });
    const scarce = await createProduct({ name: "Scarce Chisel", stock: 3 });
    await placeOne(bob, scarce.id, 2);
    const ordersBefore = await orderCount();
    const response = await placeLines(alice, [
      { productId: plenty.id, quantity: 10 },
      { productId: scarce.id, quantity: 3 },
    ]);
    expect(response.status).toBe(409);
    const error = await errorOf(response);
    expect(error.message).toBe("Scarce Chisel: Only 1 unit is left. Order exactly 1 unit.");
    expect(error.fields?.["items.1.quantity"]).toBe("Order exactly 1 unit");
    expect(await stockOf(plenty.id)).toBe(50);
    expect(await stockOf(scarce.id)).toBe(1);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it("refuses a product listed twice, an empty order and a missing address with 422, writing nothing", async () => {
    const item = await createProduct({ stock: 10 });
    const ordersBefore = await orderCount();
    const twice = await placeLines(alice, [
      { productId: item.id, quantity: 1 },
      { productId: item.id, quantity: 2 },
    ]);
    expect(twice.status).toBe(422);
    expect((await errorOf(twice)).fields?.["items.1.productId"]).toBe("This product is already in the order");
    const empty = await placeLines(alice, []);
    expect(empty.status).toBe(422);
    expect((await errorOf(empty)).fields?.items).toBe("Add at least one product");
    const noCity = await post(alice, { productId: item.id, quantity: 1, phone: PHONE, shippingAddress: { ...TEST_ADDRESS, city: " " } });
    expect(noCity.status).toBe(422);
    expect((await errorOf(noCity)).fields?.["shippingAddress.city"]).toBe("Enter the city");
    const noAddress = await post(alice, { productId: item.id, quantity: 1, phone: PHONE });
    expect(noAddress.status).toBe(422);
    expect((await errorOf(noAddress)).fields?.shippingAddress).toBe("Enter the shipping address");
    expect(await stockOf(item.id)).toBe(10);
    expect(await orderCount()).toBe(ordersBefore);
  });

  it("queues the confirmation mail in the order's own transaction, naming every line and the address", async () => {
    const a = await createProduct({ name: "Mail Hammer", priceCents: 1500, stock: 10 });
    const b = await createProduct({ name: "Mail Level", priceCents: 2500, stock: 10 });
    const created = (await (await placeLines(bob, [{ productId: a.id, quantity: 2 }, { productId: b.id, quantity: 1 }])).json()) as Order;
    const db = await getDb();
    // No waiting for a background task: the row exists as soon as the order does.
    const [mail] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, bob.email), eq(mailOutbox.subject, `Your ToolForge order ${created.number}`)));
    // The number and the time are in the text as well: a printed or pasted mail has no subject.
    expect(mail?.text).toContain(`Order ${created.number}\nPlaced ${formatDateTime(created.createdAt)}\n`);
    expect(mail?.text).toContain("2 × Mail Hammer at $15.00");
    expect(mail?.text).toContain("1 × Mail Level at $25.00");
    expect(mail?.text).toContain("Total: $55.00");
    expect(mail?.text).toContain("12 Forge Lane");
    // The deadline, in the shop's zone (UTC here), so the expiry mail never speaks of a limit nobody was told.
    expect(mail?.text).toContain(`The order is reserved for you until ${formatDateTime(created.expiresAt ?? "")}. Pay for it by then, or it expires`);
    expect(formatDateTime(created.expiresAt ?? "")).toMatch(/UTC$/);
  });
});

describe("the order lifecycle", () => {
  it("unpaid → cancelled by the customer puts the stock back; nothing else may follow (409)", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 4);
    const cancelled = await cancel(alice, created.id);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Order).status).toBe("cancelled");
    expect(await stockOf(item.id)).toBe(10);
    expect((await cancel(alice, created.id)).status).toBe(409);
    const payAfter = await pay(alice, created.id);
    expect(payAfter.status).toBe(409);
    expect((await errorOf(payAfter)).message).toBe("This order was cancelled.");
    expect((await paymentRoute.POST(makeRequest(`/api/orders/${created.id}/payment`, { method: "POST", cookie: alice.cookie }), noParams({ id: created.id }))).status).toBe(409);
    expect((await ship(admin, created.id)).status).toBe(409);
    expect((await refund(admin, created.id)).status).toBe(409);
    expect(await stockOf(item.id)).toBe(10);
  });

  it("an admin cancels someone's unpaid order, audited; another customer cannot (404)", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 3);
    expect((await cancel(bob, created.id)).status).toBe(404);
    expect((await cancel(admin, created.id)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(10);
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "order.cancel")));
    expect(entries).toHaveLength(1);
  });

  it("unpaid → paid → shipped → refunded by an admin with a reason: no stock back once shipped", async () => {
    const item = await createProduct({ stock: 10, priceCents: 1200 });
    const created = await placeOne(alice, item.id, 2);
    expect((await ship(admin, created.id)).status).toBe(409);
    expect((await refund(admin, created.id)).status).toBe(409);
    expect((await pay(alice, created.id)).status).toBe(200);
    expect((await cancel(alice, created.id)).status).toBe(409);
    expect((await cancel(admin, created.id)).status).toBe(409);
    expect((await ship(admin, created.id)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(8);
    // The "has shipped" mail's two minutes are over (ADR 077): the shipment stands.
    await (await getDb()).update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.subject, `Your ToolForge order ${created.number} has shipped`));
    expect((await refund(alice, created.id)).status).toBe(403);
    expect((await refund(admin, created.id, { reason: "" })).status).toBe(422);
    const refunded = await refund(admin, created.id, { reason: "Arrived damaged" });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: "refunded", shipping: "shipped", refundReason: "Arrived damaged" });
    expect(await stockOf(item.id)).toBe(8);
    expect((await refund(admin, created.id)).status).toBe(409);
    expect((await ship(admin, created.id, false)).status).toBe(409);
    const db = await getDb();
    const [paid] = await db.select().from(payment).where(eq(payment.orderId, created.id));
    expect(paid?.refundReference).toMatch(/^tpr_/);
    expect(paid?.refundReason).toBe("Arrived damaged");
    await waitForPendingMail();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email));
    const subjects = mails.map((m) => m.subject);
    expect(subjects).toEqual(
      expect.arrayContaining([
        `Your ToolForge order ${created.number}`,
        `Receipt for your ToolForge order ${created.number}`,
        `Your ToolForge order ${created.number} has shipped`,
        `Refund for your ToolForge order ${created.number}`,
      ]),
    );
    const audit = await db.select().from(auditLog).where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "order.refund")));
    expect(audit).toHaveLength(1);
  });

  it("a refund while the 'has shipped' mail is still held takes the shipment back with it: no such mail, and the stock back", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 4);
    await markPaidForTest(created.id);
    expect((await ship(admin, created.id)).status).toBe(200);
    const refunded = await refund(admin, created.id, { reason: "Marked as shipped by mistake, then refunded" });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ status: "refunded", shipping: "pending" });
    expect(await stockOf(item.id)).toBe(10);
    await waitForPendingMail();
    const db = await getDb();
    const subjects = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, alice.email))).map((m) => m.subject).filter((subject) => subject.includes(created.number));
    expect(subjects).toContain(`Refund for your ToolForge order ${created.number}`);
    expect(subjects.filter((subject) => /has (not )?shipped/.test(subject))).toEqual([]);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, created.id), eq(auditLog.action, "order.refund")));
    expect(entry?.after).toMatchObject({ stockReturned: true, shipping: "pending" });
  });

  it("a refund before shipping puts the stock back", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 5);
    await markPaidForTest(created.id);
    expect((await refund(admin, created.id)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(10);
  });

  it("orders and payments are never deleted: no route removes a paid order, and the database refuses to", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 1);
    await markPaidForTest(created.id);
    for (const session of [alice, admin]) {
      expect((await orderRoute.DELETE(makeRequest(`/api/orders/${created.id}`, { method: "DELETE", cookie: session.cookie }), noParams({ id: created.id }))).status).toBe(409);
      expect((await cancel(session, created.id)).status).toBe(409);
    }
    const db = await getDb();
    await expect(db.delete(order).where(eq(order.id, created.id))).rejects.toThrow();
    await expect(db.delete(orderLine).where(eq(orderLine.orderId, created.id))).resolves.toBeDefined();
    await expect(db.delete(order).where(eq(order.id, created.id))).rejects.toThrow();
    expect((await read(alice, created.id)).status).toBe("paid");
    expect(await db.select().from(payment).where(eq(payment.orderId, created.id))).toHaveLength(1);
  });
});

describe("expiry", () => {
  it("expires an overdue unpaid order when it is read: stock back, never payable again", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 6);
    await makeOverdue(created.id);
    expect(await stockOf(item.id)).toBe(4);
    expect((await read(alice, created.id)).status).toBe("expired");
    expect(await stockOf(item.id)).toBe(10);
    const late = await pay(alice, created.id);
    expect(late.status).toBe(409);
    expect((await errorOf(late)).message).toBe("This order expired: its stock went back on sale.");
    expect(await stockOf(item.id)).toBe(10);
  });

  it("refuses to pay an overdue order even when nothing read it first", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 2);
    await makeOverdue(created.id);
    expect((await pay(alice, created.id)).status).toBe(409);
    expect(await stockOf(item.id)).toBe(10);
    const db = await getDb();
    expect(await db.select().from(payment).where(eq(payment.orderId, created.id))).toHaveLength(0);
  });

  it("leaves open an order found overdue whose hold moved on before it was closed (a bank debit started meanwhile)", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 3);
    const db = await getDb();
    // The job's list was read an hour from now, as it were; by the database's clock the hold lasts
    // another 30 minutes, as holdForSettlingPayment leaves it when a debit starts between the two.
    await db.update(order).set({ expiresAt: new Date(Date.now() + 30 * 60_000) }).where(eq(order.id, created.id));
    expect(await expireOverdueOrders({ orderId: created.id, now: new Date(Date.now() + 60 * 60_000) })).toEqual([]);
    expect((await read(alice, created.id)).status).toBe("unpaid");
    expect(await stockOf(item.id)).toBe(7);
  });

  it("the expiry job expires every overdue order once, and leaves the others alone", async () => {
    const item = await createProduct({ stock: 20 });
    const due = [await placeOne(alice, item.id, 3), await placeOne(bob, item.id, 4)];
    const fresh = await placeOne(bob, item.id, 5);
    for (const o of due) await makeOverdue(o.id);
    expect(await stockOf(item.id)).toBe(8);
    expect(await expireOrdersAndPayments()).toBeGreaterThanOrEqual(2);
    expect(await stockOf(item.id)).toBe(15);
    expect(await expireOrdersAndPayments()).toBe(0);
    expect(await stockOf(item.id)).toBe(15);
    expect((await read(alice, due[0]?.id ?? "")).status).toBe("expired");
    expect((await read(bob, fresh.id)).status).toBe("unpaid");
  });
});

describe("every change a customer must hear about writes its mail with it", () => {
  async function mailsAbout(to: string, number: string) {
    const db = await getDb();
    return (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject.includes(number));
  }
  const subjectsAbout = async (to: string, number: string) => (await mailsAbout(to, number)).map((m) => m.subject).sort();

  it("a customer who cancels gets a short confirmation that nothing was charged, once", async () => {
    const item = await createProduct({ name: "Cancel Mail Rasp", priceCents: 1100, stock: 10 });
    const created = await placeOne(alice, item.id, 2);
    expect((await cancel(alice, created.id)).status).toBe(200);
    expect((await cancel(alice, created.id)).status).toBe(409);
    const mails = (await mailsAbout(alice.email, created.number)).filter((m) => m.subject === `Your ToolForge order ${created.number} is cancelled`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`You cancelled your order ${created.number}.`);
    expect(mails[0]?.text).toContain("nothing was charged");
    expect(mails[0]?.text).toContain("2 × Cancel Mail Rasp at $11.00");
  });

  it("a customer who changed their email is still the order's owner, and hears about it at the new address", async () => {
    const carol = await signUp({ name: "Carol Moves" });
    const item = await createProduct({ name: "Moving Mallet", priceCents: 1500, stock: 10 });
    const first = await placeOne(carol, item.id, 1);
    const second = await placeOne(carol, item.id, 1);
    // As a confirmed email change leaves it (ADR 014): the account's address is new, the orders keep theirs.
    const newEmail = uniqueEmail("carol-new");
    const db = await getDb();
    await db.update(user).set({ email: newEmail }).where(eq(user.id, carol.userId));
    const actor = await requireActor(new Headers({ cookie: carol.cookie }));
    expect(actor.email).toBe(newEmail);
    // Her order page still offers to pay and cancel (it asks by account, not by address).
    expect(await readOrderFor(actor, first.id)).toMatchObject({ own: true, order: { email: carol.email, status: "unpaid" } });
    expect((await readOrderFor(await requireActor(new Headers({ cookie: admin.cookie })), first.id)).own).toBe(false);

    expect((await pay(carol, first.id)).status).toBe(200);
    expect((await ship(admin, first.id)).status).toBe(200);
    expect((await cancel(carol, second.id)).status).toBe(200);
    expect(await subjectsAbout(newEmail, first.number)).toEqual([`Receipt for your ToolForge order ${first.number}`, `Your ToolForge order ${first.number} has shipped`]);
    expect(await subjectsAbout(newEmail, second.number)).toEqual([`Your ToolForge order ${second.number} is cancelled`]);
    // Only the confirmation, sent when she placed them, went to the old address.
    expect(await subjectsAbout(carol.email, first.number)).toEqual([`Your ToolForge order ${first.number}`]);
    expect(await subjectsAbout(carol.email, second.number)).toEqual([`Your ToolForge order ${second.number}`]);
  });

  it("a paid order is announced to the shop's inbox (ADMIN_EMAILS) with what to pack and where, replies going to the customer", async () => {
    const item = await createProduct({ name: "Notice Drawknife", priceCents: 4200, stock: 10 });
    const created = await placeOne(bob, item.id, 2);
    expect(await mailsAbout("boss@toolforge.test", created.number)).toHaveLength(0);
    expect((await pay(bob, created.id)).status).toBe(200);
    const [notice, ...more] = await mailsAbout("boss@toolforge.test", created.number);
    expect(more).toHaveLength(0);
    expect(notice?.subject).toBe(`Paid order ${created.number} to ship: $84.00`);
    expect(notice?.replyTo).toBe(bob.email);
    expect(notice?.text).toContain(`Order ${created.number} was paid by ${bob.email}. To pack:`);
    expect(notice?.text).toContain("2 × Notice Drawknife at $42.00");
    expect(notice?.text).toContain("12 Forge Lane");
    expect(notice?.text).toContain(`Contact number: ${PHONE}`);
    expect(notice?.text).toContain(`/dashboard/orders/${created.id}`);
    expect(notice?.text).toContain("/dashboard/manageOrder?status=paid&shipping=pending");
  });

  it("an admin who cancels a customer's order tells the customer, in the same transaction as the audit entry", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(bob, item.id, 1);
    expect((await cancel(admin, created.id)).status).toBe(200);
    const mails = (await mailsAbout(bob.email, created.number)).filter((m) => m.subject === `Your ToolForge order ${created.number} is cancelled`);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`We cancelled your order ${created.number}.`);
    expect(await mailsAbout(admin.email, created.number)).toHaveLength(0);
  });

  it("an order that expires, by the job or when it is read, tells its customer once", async () => {
    const item = await createProduct({ name: "Expiry Mail Plane", stock: 20 });
    const byJob = await placeOne(alice, item.id, 1);
    const byRead = await placeOne(bob, item.id, 1);
    await makeOverdue(byJob.id);
    await makeOverdue(byRead.id);
    expect((await read(bob, byRead.id)).status).toBe("expired");
    await expireOrdersAndPayments();
    await expireOrdersAndPayments();
    for (const [session, placed] of [[alice, byJob], [bob, byRead]] as const) {
      const mails = (await mailsAbout(session.email, placed.number)).filter((m) => m.subject === `Your ToolForge order ${placed.number} has expired`);
      expect(mails).toHaveLength(1);
      expect(mails[0]?.text).toContain("was not paid in time");
      expect(mails[0]?.text).toContain("1 × Expiry Mail Plane");
    }
  });

  it("a late payment for an overdue order expires it and tells the customer, with no receipt", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(alice, item.id, 1);
    await makeOverdue(created.id);
    expect((await pay(alice, created.id)).status).toBe(409);
    expect(await subjectsAbout(alice.email, created.number)).toEqual([`Your ToolForge order ${created.number}`, `Your ToolForge order ${created.number} has expired`].sort());
  });

  it("writes no mail for an order whose customer deleted their account (its address never resolves)", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(bob, item.id, 1);
    const db = await getDb();
    await db.update(order).set({ userId: null, email: ANONYMISED_ORDER.email }).where(eq(order.id, created.id));
    await makeOverdue(created.id);
    await expireOrdersAndPayments();
    expect(await stockOf(item.id)).toBe(10);
    expect(await mailsAbout(ANONYMISED_ORDER.email, created.number)).toHaveLength(0);
  });

  it("the shop's paid-order notice answers to the customer's address now, not the one the order was placed with", async () => {
    const item = await createProduct({ stock: 10 });
    const mover = await signUp({ email: uniqueEmail("placed-as") });
    const created = await placeOne(mover, item.id, 1);
    const now = uniqueEmail("writes-from");
    const db = await getDb();
    await db.update(user).set({ email: now }).where(eq(user.email, mover.email));
    expect((await pay(mover, created.id)).status).toBe(200);
    const notices = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, "boss@toolforge.test"))).filter((m) => m.subject.startsWith(`Paid order ${created.number} to ship`));
    expect(notices.map((m) => m.replyTo)).toEqual([now]);
    expect(notices[0]?.text).toContain(`was paid by ${mover.email}`);
  });

  it("a shipped order whose customer deleted their account stays shipped: no address is left to ship to", async () => {
    const item = await createProduct({ stock: 10 });
    const created = await placeOne(bob, item.id, 1);
    expect((await pay(bob, created.id)).status).toBe(200);
    expect((await ship(admin, created.id)).status).toBe(200);
    const db = await getDb();
    await db.update(order).set({ userId: null, email: ANONYMISED_ORDER.email, shipName: "", shipLine1: "" }).where(eq(order.id, created.id));
    const back = await ship(admin, created.id, false);
    expect(back.status).toBe(409);
    expect((await errorOf(back)).message).toBe("This order's customer has deleted their account, so it has no address to ship to: it stays shipped.");
    expect((await read(admin, created.id)).shipping).toBe("shipped");
    // Asking for what it already is still answers the order.
    expect((await ship(admin, created.id)).status).toBe(200);
  });
});

describe("a cap on orders waiting for payment, per account (ORDER_UNPAID_LIMIT, 5 by default)", () => {
  /** Runs `body` with ORDER_UNPAID_LIMIT as a shop would have it (unset: the default), then puts the tests' setting back. */
  async function withLimit(limit: string | undefined, body: () => Promise<void>): Promise<void> {
    const saved = process.env.ORDER_UNPAID_LIMIT;
    if (limit === undefined) delete process.env.ORDER_UNPAID_LIMIT;
    else process.env.ORDER_UNPAID_LIMIT = limit;
    resetEnvForTests();
    try {
      await body();
    } finally {
      process.env.ORDER_UNPAID_LIMIT = saved;
      resetEnvForTests();
    }
  }
  const orderMailsTo = async (to: string) => {
    const db = await getDb();
    return (await db.select().from(mailOutbox).where(eq(mailOutbox.to, to))).filter((m) => m.subject.startsWith("Your ToolForge order TF-")).length;
  };

  it("refuses the sixth unpaid order with 409 and writes nothing; paying, cancelling or expiring one makes room, and a retried order is answered", async () => {
    await withLimit(undefined, async () => {
      const hoarder = await signUp({ name: "Hoarder" });
      const item = await createProduct({ stock: 100 });
      const placed: Order[] = [];
      for (let i = 0; i < 5; i += 1) {
        const response = await placeLines(hoarder, [{ productId: item.id, quantity: 10 }], `hoard-${i}`);
        expect(response.status).toBe(201);
        placed.push((await response.json()) as Order);
      }
      const ordersBefore = await orderCount();
      const mailsBefore = await orderMailsTo(hoarder.email);
      const sixth = await placeLines(hoarder, [{ productId: item.id, quantity: 10 }], "hoard-5");
      expect(sixth.status).toBe(409);
      expect(await errorOf(sixth)).toEqual({ code: "conflict", message: "You have 5 orders waiting for payment. Pay or cancel one before placing another." });
      expect(await stockOf(item.id)).toBe(50);
      expect(await orderCount()).toBe(ordersBefore);
      expect(await orderMailsTo(hoarder.email)).toBe(mailsBefore);
      // A retry of an order already placed (same Idempotency-Key and body) is answered, not refused.
      const retried = await placeLines(hoarder, [{ productId: item.id, quantity: 10 }], "hoard-4");
      expect(retried.status).toBe(201);
      expect(((await retried.json()) as Order).id).toBe(placed[4]?.id);
      // Someone else is not affected.
      expect((await placeLines(bob, [{ productId: item.id, quantity: 1 }])).status).toBe(201);

      const [first, second, third] = placed;
      expect((await pay(hoarder, first?.id ?? "")).status).toBe(200);
      expect((await cancel(hoarder, second?.id ?? "")).status).toBe(200);
      await makeOverdue(third?.id ?? "");
      for (let i = 0; i < 3; i += 1) expect((await placeLines(hoarder, [{ productId: item.id, quantity: 1 }])).status).toBe(201);
      const full = await placeLines(hoarder, [{ productId: item.id, quantity: 1 }]);
      expect(full.status).toBe(409);
      expect((await errorOf(full)).message).toBe("You have 5 orders waiting for payment. Pay or cancel one before placing another.");
    });
  });

  it("cannot be passed by orders sent at once (a race only PostgreSQL can show; on PGlite it must pass too)", async () => {
    await withLimit("2", async () => {
      const racer = await signUp({ name: "Racer" });
      // One product each: orders for the same product would already wait on its stock row.
      const items = await Promise.all(Array.from({ length: 6 }, () => createProduct({ stock: 10 })));
      const responses = await Promise.all(items.map((item) => placeLines(racer, [{ productId: item.id, quantity: 1 }])));
      const statuses = responses.map((r) => r.status).sort();
      expect(statuses).toEqual([201, 201, 409, 409, 409, 409]);
      const stocks = await Promise.all(items.map((item) => stockOf(item.id)));
      expect(stocks.sort()).toEqual([10, 10, 10, 10, 9, 9].sort());
      const refused = responses.find((r) => r.status === 409);
      expect((await errorOf(refused as Response)).message).toBe("You have 2 orders waiting for payment. Pay or cancel one before placing another.");
    });
  });

  it("says 'it' when the limit is one order", async () => {
    await withLimit("1", async () => {
      const single = await signUp({ name: "Single" });
      const item = await createProduct({ stock: 10 });
      expect((await placeLines(single, [{ productId: item.id, quantity: 1 }])).status).toBe(201);
      const refused = await placeLines(single, [{ productId: item.id, quantity: 1 }]);
      expect(refused.status).toBe(409);
      expect((await errorOf(refused)).message).toBe("You have 1 order waiting for payment. Pay or cancel it before placing another.");
    });
  });
});

describe("admin filters", () => {
  it("filters Manage Order by every status", async () => {
    const item = await createProduct({ stock: 20 });
    const unpaid = await placeOne(bob, item.id, 1);
    const cancelled = await placeOne(bob, item.id, 1);
    await cancel(bob, cancelled.id);
    const expired = await placeOne(bob, item.id, 1);
    await makeOverdue(expired.id);
    const refunded = await placeOne(bob, item.id, 1);
    await markPaidForTest(refunded.id);
    await refund(admin, refunded.id);
    const paid = await placeOne(bob, item.id, 1);
    await markPaidForTest(paid.id);
    const expected: Record<string, string> = { unpaid: unpaid.id, cancelled: cancelled.id, expired: expired.id, refunded: refunded.id, paid: paid.id };
    for (const [status, id] of Object.entries(expected)) {
      const response = await adminOrdersRoute.GET(makeRequest(`/api/admin/orders?status=${status}`, { cookie: admin.cookie }), noParams());
      expect(response.status).toBe(200);
      const { items } = (await response.json()) as { items: Order[] };
      expect(items.map((o) => o.id)).toContain(id);
      expect(items.every((o) => o.status === status)).toBe(true);
    }
    const byNumber = await adminOrdersRoute.GET(makeRequest(`/api/admin/orders?q=${paid.number}`, { cookie: admin.cookie }), noParams());
    expect(((await byNumber.json()) as { items: Order[] }).items.map((o) => o.id)).toEqual([paid.id]);
  });
});

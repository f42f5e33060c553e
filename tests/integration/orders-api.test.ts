import { desc, eq } from "drizzle-orm";
import * as ordersRoute from "@/app/api/orders/route";
import * as orderRoute from "@/app/api/orders/[id]/route";
import { getDb } from "@/lib/db/client";
import { getEnv, resetEnvForTests } from "@/lib/env";
import { formatMoney } from "@/lib/money/format";
import { waitForPendingMail } from "@/lib/mail";
import { mailOutbox, product } from "@/models/schema";
import { itOnPostgres, whileAnotherTransactionHolds } from "@/tests/fixtures/concurrent";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, markPaidForTest, stockOf, TEST_ADDRESS } from "@/tests/fixtures/shop";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Order = { id: string; number: string; quantity: number; unitPriceCents: number; totalCents: number; status: string; email: string; productName: string };

const place = (session: Session | null, json: unknown) =>
  ordersRoute.POST(makeRequest("/api/orders", { method: "POST", json, cookie: session?.cookie }), noParams());
const read = (session: Session, id: string) =>
  orderRoute.GET(makeRequest(`/api/orders/${id}`, { cookie: session.cookie }), noParams({ id }));
const remove = (session: Session, id: string) =>
  orderRoute.DELETE(makeRequest(`/api/orders/${id}`, { method: "DELETE", cookie: session.cookie }), noParams({ id }));

let alice: Session;
let bob: Session;
let admin: Session;

beforeAll(async () => {
  alice = await signUp({ name: "Alice" });
  bob = await signUp({ name: "Bob" });
  admin = await signUpAdmin();
});

describe("POST /api/orders", () => {
  it("answers 401 to anonymous visitors and writes nothing", async () => {
    const item = await createProduct({ stock: 10 });
    const response = await place(null, { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(response.status).toBe(401);
    expect(await stockOf(item.id)).toBe(10);
  });

  itOnPostgres("prices the order as the product is when its stock is taken, not as an edit committed meanwhile left it", async () => {
    const item = await createProduct({ priceCents: 2000, stock: 50 });
    // An admin's price change holds the product's row while the order is being placed.
    const response = await whileAnotherTransactionHolds([["update product set price_cents = 2500 where id = $1", [item.id]]], () =>
      place(alice, { productId: item.id, quantity: 2, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }),
    );
    expect(response.status).toBe(201);
    expect(((await response.json()) as { subtotalCents: number }).subtotalCents).toBe(5000);
    expect(await stockOf(item.id)).toBe(48);
  });

  itOnPostgres("refuses an order when an edit committed meanwhile raised the minimum past the stock left", async () => {
    const item = await createProduct({ priceCents: 2000, stock: 5, minOrderQuantity: 1 });
    const response = await whileAnotherTransactionHolds([["update product set min_order_quantity = 10 where id = $1", [item.id]]], () =>
      place(alice, { productId: item.id, quantity: 2, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe("This tool is out of stock at the moment.");
    expect(await stockOf(item.id)).toBe(5);
  });

  it("refuses tampered fields by name, and takes price and total from the database", async () => {
    const item = await createProduct({ priceCents: 1999, stock: 50, minOrderQuantity: 2 });
    const tampered = await place(alice, {
      productId: item.id,
      quantity: 3,
      phone: "+1 555 010 0199",
      unitPriceCents: 1,
      totalCents: 1,
      email: "someone@else.test",
      shippingAddress: TEST_ADDRESS,
    });
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      unitPriceCents: 'Unknown field "unitPriceCents"',
      totalCents: 'Unknown field "totalCents"',
      email: 'Unknown field "email"',
    });
    expect(await stockOf(item.id)).toBe(50);
    const response = await place(alice, { productId: item.id, quantity: 3, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(response.status).toBe(201);
    const created = (await response.json()) as Order;
    expect(created).toMatchObject({ quantity: 3, unitPriceCents: 1999, totalCents: 5997, status: "unpaid", email: alice.email });
    expect(await stockOf(item.id)).toBe(47);
  });

  describe("quantity boundaries (minimum 5, stock 20)", () => {
    it.each([
      [4, 422],
      [5, 201],
      [20, 201],
      [21, 409],
      [0, 422],
      [-3, 422],
      [5.5, 422],
      ["six", 422],
      [null, 422],
    ])("quantity %p → %i", async (quantity, status) => {
      const item = await createProduct({ stock: 20, minOrderQuantity: 5 });
      const response = await place(alice, { productId: item.id, quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
      expect(response.status).toBe(status);
      if (status !== 201) {
        const body = (await response.json()) as ErrorBody;
        expect(body.error.fields?.quantity).toEqual(expect.any(String));
        expect(await stockOf(item.id)).toBe(20);
      } else {
        expect(await stockOf(item.id)).toBe(20 - (quantity as number));
      }
    });

    it("explains the allowed range in words", async () => {
      const item = await createProduct({ stock: 20, minOrderQuantity: 5 });
      const response = await place(alice, { productId: item.id, quantity: 21, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
      const body = (await response.json()) as ErrorBody;
      expect(body.error.message).toBe("Only 20 units are left. Order between 5 and 20 units.");
      expect(body.error.fields?.quantity).toBe("Order between 5 and 20 units");
      const below = (await (await place(alice, { productId: item.id, quantity: 4, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as ErrorBody;
      expect(below.error.message).toBe("Order between 5 and 20 units");
    });
  });

  it("refuses a missing phone number, an unknown product and malformed JSON", async () => {
    const item = await createProduct();
    const noPhone = await place(alice, { productId: item.id, quantity: 1, phone: "" });
    expect(noPhone.status).toBe(422);
    expect(((await noPhone.json()) as ErrorBody).error.fields?.phone).toBe("Enter your contact number");
    expect((await place(alice, { productId: "prd_gone", quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).status).toBe(404);
    const malformed = await ordersRoute.POST(
      makeRequest("/api/orders", { method: "POST", body: "{", headers: { "content-type": "application/json" }, cookie: alice.cookie }),
      noParams(),
    );
    expect(malformed.status).toBe(400);
  });

  it("words a body of the wrong shape as every other route does, naming a list's element with its list", async () => {
    for (const body of [null, [], "x"]) {
      const response = await place(alice, body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).error.message).toBe("Send the request's fields as a JSON object");
    }
    const nullLine = await place(alice, { items: [null], phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(nullLine.status).toBe(422);
    expect(((await nullLine.json()) as ErrorBody).error.fields?.["items.0"]).toBe("Send items[0] as an object");
  });

  it("refuses a body whose Content-Type only mentions JSON in a parameter (a cross-site form may send that without asking)", async () => {
    const item = await createProduct();
    const json = JSON.stringify({ productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    for (const type of ["text/plain; a=application/json", "application/jsonx"]) {
      const response = await ordersRoute.POST(makeRequest("/api/orders", { method: "POST", body: json, headers: { "content-type": type }, cookie: alice.cookie }), noParams());
      expect(response.status).toBe(415);
    }
    const withCharset = await ordersRoute.POST(
      makeRequest("/api/orders", { method: "POST", body: json, headers: { "content-type": "Application/JSON; charset=utf-8" }, cookie: alice.cookie }),
      noParams(),
    );
    expect(withCharset.status).toBe(201);
  });

  it("refuses an order whose total is not the one the customer was shown (a price changed), writing nothing", async () => {
    const item = await createProduct({ priceCents: 1450, stock: 30 });
    const shipping = getEnv().SHIPPING_FLAT_CENTS;
    const seen = 12 * 1450 + shipping;
    const line = { productId: item.id, quantity: 12, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS };
    // The admin raises the price after the customer's page was read.
    const db = await getDb();
    await db.update(product).set({ priceCents: 1999 }).where(eq(product.id, item.id));
    const refused = await place(alice, { ...line, expectedTotalCents: seen });
    expect(refused.status).toBe(409);
    const message = ((await refused.json()) as ErrorBody).error.message;
    expect(message).toContain(`now comes to ${formatMoney(12 * 1999 + shipping, "USD")}, not ${formatMoney(seen, "USD")}`);
    expect(await stockOf(item.id)).toBe(30);
    const refusedItems = await place(alice, { items: [{ productId: item.id, quantity: 12 }], phone: line.phone, shippingAddress: TEST_ADDRESS, expectedTotalCents: seen });
    expect(refusedItems.status).toBe(409);
    // With the total now shown, it is placed.
    const placed = await place(alice, { ...line, expectedTotalCents: 12 * 1999 + shipping });
    expect(placed.status).toBe(201);
    expect(((await placed.json()) as Order).totalCents).toBe(12 * 1999 + shipping);
    expect((await place(alice, { ...line, expectedTotalCents: 1.5 })).status).toBe(422);
  });

  it("refuses a body that is not UTF-8 instead of storing replacement characters", async () => {
    const item = await createProduct();
    const json = JSON.stringify({ productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: { ...TEST_ADDRESS, line1: "1 Rue XX" } });
    const bytes = Buffer.from(json, "utf8");
    const at = bytes.indexOf("XX");
    bytes[at] = 0xff;
    bytes[at + 1] = 0xfe;
    const response = await ordersRoute.POST(makeRequest("/api/orders", { method: "POST", body: bytes, headers: { "content-type": "application/json" }, cookie: alice.cookie }), noParams());
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorBody).error.message).toBe("The request body is not valid UTF-8 text.");
    expect(await stockOf(item.id)).toBe(item.stock);
  });

  it("takes any quantity a product may be stocked and ordered in, up to the catalog's 10,000,000 units", async () => {
    const item = await createProduct({ priceCents: 1, stock: 3_000_000, minOrderQuantity: 1_500_000 });
    const response = await place(alice, { productId: item.id, quantity: 1_500_000, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Order).quantity).toBe(1_500_000);
    expect(await stockOf(item.id)).toBe(1_500_000);
    const tooMany = await place(alice, { productId: item.id, quantity: 10_000_001, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(tooMany.status).toBe(422);
  });

  it("lets exactly as many concurrent buyers succeed as the stock allows", async () => {
    const item = await createProduct({ stock: 37, minOrderQuantity: 1 });
    const buyers = await Promise.all(Array.from({ length: 5 }, (_, i) => signUp({ name: `Buyer ${i}` })));
    // 60 orders of 2 units for 37 units: 18 can be served (36 units), 1 unit is left over.
    const responses = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        place(buyers[i % buyers.length] as Session, { productId: item.id, quantity: 2, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }),
      ),
    );
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(18);
    expect(statuses.filter((s) => s === 409)).toHaveLength(42);
    expect(statuses.filter((s) => s !== 201 && s !== 409)).toEqual([]);
    expect(await stockOf(item.id)).toBe(1);
  });

  describe("a cap on one order's total: $999,999.99, the most one payment can take", () => {
    async function ordersAndMailOf(session: Session): Promise<number[]> {
      const db = await getDb();
      const list = (await (await ordersRoute.GET(makeRequest("/api/orders", { cookie: session.cookie }), noParams())).json()) as { total: number };
      const orderMail = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, session.email))).filter((m) => m.subject.includes("ToolForge order"));
      return [list.total, orderMail.length];
    }

    // Refused before anything is written: no order, no mail, the stock as it was.
    for (const [title, tool, message] of [
      [
        "whose total would not even fit the database (3 × $9,999,999.99)",
        { name: "Gold Anvil", priceCents: 999_999_999, stock: 3, quantity: 3 },
        "This order comes to $29,999,999.97, more than the $999,999.99 one payment can take. Order fewer units, or split them over several orders.",
      ],
      [
        "under the $0.50 a card payment can be (7 × $0.07)",
        { name: "Brass Tack", priceCents: 7, stock: 100, quantity: 7 },
        "This order comes to $0.49, less than the $0.50 a card payment can be. Order more units, or add other tools to it.",
      ],
    ] as const) {
      it(`refuses with 422 an order ${title}, writing nothing`, async () => {
        const buyer = await signUp({ name: "Odd Spender" });
        const item = await createProduct({ name: tool.name, priceCents: tool.priceCents, stock: tool.stock });
        const response = await place(buyer, { productId: item.id, quantity: tool.quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
        expect(response.status).toBe(422);
        expect(((await response.json()) as ErrorBody).error).toMatchObject({ code: "invalid", message });
        expect(await stockOf(item.id)).toBe(tool.stock);
        expect(await ordersAndMailOf(buyer)).toEqual([0, 0]);
      });
    }

    it("places an order of exactly $0.50", async () => {
      const tack = await createProduct({ name: "Steel Tack", priceCents: 5, stock: 100 });
      expect((await place(await signUp({ name: "Exact Spender" }), { productId: tack.id, quantity: 10, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).status).toBe(201);
    });

    it("adds up every line of a checkout from the cart: one cent over the cap is refused, the cap itself is placed", async () => {
      const buyer = await signUp({ name: "Cart Spender" });
      const lathe = await createProduct({ name: "Lathe", priceCents: 50_000_000, stock: 5 });
      const mill = await createProduct({ name: "Mill", priceCents: 49_999_999, stock: 5 });
      const checkout = (millUnits: number, lathePriceUnits = 1) =>
        place(buyer, {
          items: [
            { productId: lathe.id, quantity: lathePriceUnits },
            { productId: mill.id, quantity: millUnits },
          ],
          phone: "+1 555 010 0199",
          shippingAddress: TEST_ADDRESS,
        });
      const over = await checkout(1, 2);
      expect(over.status).toBe(422);
      expect(((await over.json()) as ErrorBody).error.message).toBe(
        "This order comes to $1,499,999.99, more than the $999,999.99 one payment can take. Order fewer units, or split them over several orders.",
      );
      expect([await stockOf(lathe.id), await stockOf(mill.id)]).toEqual([5, 5]);
      expect(await ordersAndMailOf(buyer)).toEqual([0, 0]);
      const atCap = await checkout(1);
      expect(atCap.status).toBe(201);
      expect(((await atCap.json()) as Order).totalCents).toBe(99_999_999);
    });

    it("counts the flat shipping charge in the total", async () => {
      process.env.SHIPPING_FLAT_CENTS = "1";
      resetEnvForTests();
      try {
        const buyer = await signUp({ name: "Shipping Spender" });
        const item = await createProduct({ priceCents: 99_999_999, stock: 2 });
        const response = await place(buyer, { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
        expect(response.status).toBe(422);
        expect(await stockOf(item.id)).toBe(2);
      } finally {
        delete process.env.SHIPPING_FLAT_CENTS;
        resetEnvForTests();
      }
    });
  });

  it("sends an order confirmation through the mail adapter", async () => {
    const item = await createProduct({ name: "Confirmation Saw", priceCents: 4000, stock: 5 });
    const response = await place(bob, { productId: item.id, quantity: 2, phone: "+44 20 7946 0958", shippingAddress: TEST_ADDRESS });
    const created = (await response.json()) as Order;
    await waitForPendingMail();
    const db = await getDb();
    const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.email)).orderBy(desc(mailOutbox.createdAt));
    expect(mail?.subject).toBe(`Your ToolForge order ${created.number}`);
    expect(created.number).toMatch(/^TF-1\d{5,}$/);
    expect(mail?.text).toContain("2 × Confirmation Saw");
    expect(mail?.text).toContain("$80.00");
  });
});

describe("reading and cancelling orders", () => {
  it("lists only the customer's own orders", async () => {
    const item = await createProduct({ stock: 10 });
    const mine = (await (await place(alice, { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    const list = (await (await ordersRoute.GET(makeRequest("/api/orders", { cookie: bob.cookie }), noParams())).json()) as { items: Order[] };
    expect(list.items.some((o) => o.id === mine.id)).toBe(false);
    const own = (await (await ordersRoute.GET(makeRequest("/api/orders", { cookie: alice.cookie }), noParams())).json()) as { items: Order[] };
    expect(own.items.map((o) => o.id)).toContain(mine.id);
  });

  it("hides another customer's order (404) and lets neither read nor delete it", async () => {
    const item = await createProduct({ stock: 10 });
    const created = (await (await place(alice, { productId: item.id, quantity: 4, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    expect((await read(bob, created.id)).status).toBe(404);
    expect((await remove(bob, created.id)).status).toBe(404);
    expect(await stockOf(item.id)).toBe(6);
    expect((await read(alice, created.id)).status).toBe(200);
    expect((await read(admin, created.id)).status).toBe(200);
  });

  it("cancels (never deletes) an unpaid order when its customer deletes it, and puts its stock back", async () => {
    const item = await createProduct({ stock: 10 });
    const created = (await (await place(alice, { productId: item.id, quantity: 7, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    expect(await stockOf(item.id)).toBe(3);
    const cancelled = await remove(alice, created.id);
    expect(cancelled.status).toBe(200);
    expect(((await cancelled.json()) as Order).status).toBe("cancelled");
    expect(await stockOf(item.id)).toBe(10);
    expect(((await (await read(alice, created.id)).json()) as Order).status).toBe("cancelled");
    expect((await remove(alice, created.id)).status).toBe(409);
    expect(await stockOf(item.id)).toBe(10);
  });

  it("refuses to let a customer cancel a paid order", async () => {
    const item = await createProduct({ stock: 10 });
    const created = (await (await place(alice, { productId: item.id, quantity: 2, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    await markPaidForTest(created.id);
    const response = await remove(alice, created.id);
    expect(response.status).toBe(409);
    expect((await read(alice, created.id)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(8);
  });

  it("lets an admin cancel any unpaid order, but no route deletes a paid one", async () => {
    const item = await createProduct({ stock: 10 });
    const created = (await (await place(bob, { productId: item.id, quantity: 3, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    expect((await remove(admin, created.id)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(10);
    const paid = (await (await place(bob, { productId: item.id, quantity: 2, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS })).json()) as Order;
    await markPaidForTest(paid.id);
    const refused = await remove(admin, paid.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("This order is paid: refund it instead.");
    expect(((await (await read(bob, paid.id)).json()) as Order).status).toBe("paid");
    expect(await stockOf(item.id)).toBe(8);
  });
});

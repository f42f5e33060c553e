import { eq } from "drizzle-orm";
import * as ordersRoute from "@/app/api/orders/route";
import { getDb } from "@/lib/db/client";
import { order, orderRequest } from "@/models/schema";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { createProduct, stockOf, TEST_ADDRESS } from "@/tests/fixtures/shop";

type Order = { id: string; number: string; totalCents: number };
type ErrorBody = { error: { code: string; message: string } };

let alice: Session;
let bob: Session;
beforeAll(async () => {
  alice = await signUp({ name: "Alice Retry" });
  bob = await signUp({ name: "Bob Retry" });
});

const body = (productId: string, quantity: number) => ({ items: [{ productId, quantity }], phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
const place = (session: Session, json: unknown, key?: string) =>
  ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json, cookie: session.cookie, headers: key ? { "idempotency-key": key } : undefined }),
    noParams(),
  );

async function ordersOf(session: Session): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: order.id }).from(order).where(eq(order.userId, session.userId))).length;
}

describe("Idempotency-Key on POST /api/orders", () => {
  it("answers the first order again for the same key and body, taking the stock once", async () => {
    const item = await createProduct({ stock: 10 });
    const before = await ordersOf(alice);
    const first = await place(alice, body(item.id, 3), "retry-1");
    expect(first.status).toBe(201);
    const again = await place(alice, body(item.id, 3), "retry-1");
    expect(again.status).toBe(201);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(((await again.json()) as Order).id).toBe(((await first.json()) as Order).id);
    expect(await stockOf(item.id)).toBe(7);
    expect(await ordersOf(alice)).toBe(before + 1);
  });

  it("refuses the same key with a different body (422), and places nothing", async () => {
    const item = await createProduct({ stock: 10 });
    expect((await place(alice, body(item.id, 2), "retry-2")).status).toBe(201);
    const changed = await place(alice, body(item.id, 5), "retry-2");
    expect(changed.status).toBe(422);
    expect(((await changed.json()) as ErrorBody).error.message).toContain("Idempotency-Key");
    expect(await stockOf(item.id)).toBe(8);
  });

  it("keeps one customer's keys apart from another's", async () => {
    const item = await createProduct({ stock: 10 });
    const a = (await (await place(alice, body(item.id, 1), "shared-key")).json()) as Order;
    const b = (await (await place(bob, body(item.id, 1), "shared-key")).json()) as Order;
    expect(a.id).not.toBe(b.id);
    expect(await stockOf(item.id)).toBe(8);
  });

  it("lets a request refused for stock be sent again with the same key once stock is back", async () => {
    const item = await createProduct({ stock: 2 });
    expect((await place(alice, body(item.id, 3), "after-409")).status).toBe(409);
    const db = await getDb();
    expect(await db.select().from(orderRequest).where(eq(orderRequest.key, "after-409"))).toHaveLength(0);
  });

  it("forgets a key after 24 hours", async () => {
    const item = await createProduct({ stock: 10 });
    const first = (await (await place(alice, body(item.id, 1), "old-key")).json()) as Order;
    const db = await getDb();
    await db.update(orderRequest).set({ createdAt: new Date(Date.now() - 25 * 3600_000) }).where(eq(orderRequest.key, "old-key"));
    const second = (await (await place(alice, body(item.id, 1), "old-key")).json()) as Order;
    expect(second.id).not.toBe(first.id);
  });

  it("refuses a malformed key with 400", async () => {
    const item = await createProduct({ stock: 10 });
    expect((await place(alice, body(item.id, 1), "has space")).status).toBe(400);
    expect(await stockOf(item.id)).toBe(10);
  });

  it("places exactly one order for 10 concurrent requests with one key", async () => {
    const item = await createProduct({ stock: 100 });
    const before = await ordersOf(bob);
    const responses = await Promise.all(Array.from({ length: 10 }, () => place(bob, body(item.id, 4), "burst-key")));
    expect(responses.map((r) => r.status)).toEqual(Array.from({ length: 10 }, () => 201));
    const ids = new Set(await Promise.all(responses.map(async (r) => ((await r.json()) as Order).id)));
    expect(ids.size).toBe(1);
    expect(await stockOf(item.id)).toBe(96);
    expect(await ordersOf(bob)).toBe(before + 1);
  });
});

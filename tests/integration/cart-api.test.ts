import { eq } from "drizzle-orm";
import * as cartRoute from "@/app/api/cart/route";
import * as joinRoute from "@/app/api/cart/join/route";
import { invalidateCatalog } from "@/lib/catalog/service";
import { getDb } from "@/lib/db/client";
import { product } from "@/models/schema";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { createProduct, stockOf } from "@/tests/fixtures/shop";

type Cart = {
  items: { productId: string; name: string; quantity: number; priceCents: number; lineTotalCents: number }[];
  totalCents: number;
  noLongerOnSale: { productId: string; name: string }[];
};
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let alice: Session;
let bob: Session;
beforeAll(async () => {
  alice = await signUp({ name: "Alice Cart" });
  bob = await signUp({ name: "Bob Cart" });
});

const get = (session: Session | null) => cartRoute.GET(makeRequest("/api/cart", { cookie: session?.cookie }), noParams());
const put = (session: Session | null, json: unknown) => cartRoute.PUT(makeRequest("/api/cart", { method: "PUT", json, cookie: session?.cookie }), noParams());

describe("GET and PUT /api/cart", () => {
  it("keeps the signed-in customer's cart on the account, priced from the database, reserving nothing", async () => {
    const pliers = await createProduct({ name: "Cart Pliers", priceCents: 899, stock: 30, minOrderQuantity: 2 });
    const saw = await createProduct({ name: "Cart Saw", priceCents: 2450, stock: 5 });
    const saved = await put(alice, { items: [{ productId: pliers.id, quantity: 6 }, { productId: saw.id, quantity: 1 }] });
    expect(saved.status).toBe(200);
    const cart = (await (await get(alice)).json()) as Cart;
    expect(cart.items).toEqual([
      expect.objectContaining({ productId: pliers.id, name: "Cart Pliers", quantity: 6, priceCents: 899, lineTotalCents: 5394 }),
      expect.objectContaining({ productId: saw.id, name: "Cart Saw", quantity: 1, lineTotalCents: 2450 }),
    ]);
    expect(cart.totalCents).toBe(7844);
    expect(await stockOf(pliers.id)).toBe(30);
    // Another customer's cart is their own.
    expect(((await (await get(bob)).json()) as Cart).items).toEqual([]);
    // Emptying it.
    expect((await put(alice, { items: [] })).status).toBe(200);
    expect(((await (await get(alice)).json()) as Cart).items).toEqual([]);
  });

  it("names a product taken off sale since it was saved, leaves it out of the lines and the total, and drops it at the next save", async () => {
    const chisel = await createProduct({ name: "Cart Chisel", priceCents: 1500, stock: 10 });
    const rasp = await createProduct({ name: "Cart Rasp", priceCents: 700, stock: 10 });
    expect((await put(bob, { items: [{ productId: chisel.id, quantity: 1 }, { productId: rasp.id, quantity: 2 }] })).status).toBe(200);
    expect(((await (await get(bob)).json()) as Cart).noLongerOnSale).toEqual([]);

    // An admin deletes the chisel (a product is only ever taken off sale).
    await (await getDb()).update(product).set({ deletedAt: new Date() }).where(eq(product.id, chisel.id));
    invalidateCatalog();
    const cart = (await (await get(bob)).json()) as Cart;
    expect(cart.items.map((line) => line.productId)).toEqual([rasp.id]);
    expect(cart.totalCents).toBe(1400);
    expect(cart.noLongerOnSale).toEqual([{ productId: chisel.id, name: "Cart Chisel" }]);

    // The next save holds only what is on sale, and the notice has done its work.
    const saved = (await (await put(bob, { items: [{ productId: rasp.id, quantity: 3 }] })).json()) as Cart;
    expect(saved.noLongerOnSale).toEqual([]);
    expect(((await (await get(bob)).json()) as Cart).noLongerOnSale).toEqual([]);
    await put(bob, { items: [] });
  });

  it("answers 401 to a signed-out visitor (their cart lives in the browser)", async () => {
    expect((await get(null)).status).toBe(401);
    expect((await put(null, { items: [] })).status).toBe(401);
  });

  describe("quantity boundaries (minimum 5, stock 20), with the order form's messages", () => {
    it.each([
      [4, 422],
      [5, 200],
      [20, 200],
      [21, 422],
      [0, 422],
      [2.5, 422],
      ["3", 422],
    ])("quantity %p → %i", async (quantity, status) => {
      const item = await createProduct({ stock: 20, minOrderQuantity: 5 });
      await put(alice, { items: [] });
      const response = await put(alice, { items: [{ productId: item.id, quantity }] });
      expect(response.status).toBe(status);
      const cart = (await (await get(alice)).json()) as Cart;
      if (status === 200) {
        expect(cart.items.map((i) => i.quantity)).toEqual([quantity]);
      } else {
        expect(cart.items).toEqual([]);
        if (typeof quantity === "number" && Number.isInteger(quantity) && quantity > 0) {
          const { error } = (await response.json()) as ErrorBody;
          expect(error.fields?.["items.0.quantity"]).toBe("Order between 5 and 20 units");
          expect(error.message).toBe("Test Mallet: Order between 5 and 20 units");
        }
      }
    });
  });

  it("refuses an out-of-stock product, an unknown product, a product twice and more than 50 lines, keeping the cart as it was", async () => {
    const kept = await createProduct({ stock: 10 });
    await put(alice, { items: [{ productId: kept.id, quantity: 1 }] });
    const empty = await createProduct({ stock: 1, minOrderQuantity: 2 });
    const out = await put(alice, { items: [{ productId: empty.id, quantity: 2 }] });
    expect(out.status).toBe(422);
    expect(((await out.json()) as ErrorBody).error.fields?.["items.0.quantity"]).toBe("Out of stock");
    const unknown = await put(alice, { items: [{ productId: "prd_gone", quantity: 1 }] });
    expect(unknown.status).toBe(422);
    const unknownError = ((await unknown.json()) as ErrorBody).error;
    expect(unknownError.fields?.["items.0.productId"]).toBe("This product is no longer on sale");
    expect(unknownError.message).toBe("A product in your cart is no longer on sale");
    expect((await put(alice, { items: [{ productId: kept.id, quantity: 1 }, { productId: kept.id, quantity: 2 }] })).status).toBe(422);
    expect((await put(alice, { items: Array.from({ length: 51 }, (_, i) => ({ productId: `prd_${i}`, quantity: 1 })) })).status).toBe(422);
    expect((await put(alice, { lines: [] })).status).toBe(422);
    expect(((await (await get(alice)).json()) as Cart).items.map((i) => i.productId)).toEqual([kept.id]);
  });

  // A cart that went stale (ADR 073) refuses every edit until its line is fixed: the refusal must name
  // that line's product, or it reads as the limits of the product the customer was adding or removing.
  it("names the product whose line is at fault, with each faulty line's field, and saves once that line is fixed", async () => {
    const dora = await signUp({ name: "Dora Stale" });
    const hammer = await createProduct({ name: "Stale Hammer", stock: 12, minOrderQuantity: 6 });
    const saw = await createProduct({ name: "Fresh Saw", stock: 10 });
    const rasp = await createProduct({ name: "Retired Rasp", stock: 10 });
    expect((await put(dora, { items: [{ productId: hammer.id, quantity: 8 }] })).status).toBe(200);
    const db = await getDb();
    const shape = async () => ((await (await get(dora)).json()) as Cart).items.map((i) => [i.productId, i.quantity]);

    // The stock falls under the saved 8: adding the saw is refused, naming the hammer, not the saw.
    await db.update(product).set({ stock: 7 }).where(eq(product.id, hammer.id));
    invalidateCatalog();
    const adding = await put(dora, { items: [{ productId: hammer.id, quantity: 8 }, { productId: saw.id, quantity: 1 }] });
    expect(adding.status).toBe(422);
    expect(((await adding.json()) as ErrorBody).error).toMatchObject({
      message: "Stale Hammer: Order between 6 and 7 units",
      fields: { "items.0.quantity": "Order between 6 and 7 units" },
    });
    expect(await shape()).toEqual([[hammer.id, 8]]);

    // Fewer left than the minimum: no quantity will do, and the message says it is the hammer.
    await db.update(product).set({ stock: 3 }).where(eq(product.id, hammer.id));
    invalidateCatalog();
    const out = await put(dora, { items: [{ productId: saw.id, quantity: 1 }, { productId: hammer.id, quantity: 8 }] });
    expect(out.status).toBe(422);
    const outError = ((await out.json()) as ErrorBody).error;
    expect(outError.message).toBe("Stale Hammer is out of stock at the moment");
    expect(outError.fields).toEqual({ "items.1.quantity": "Out of stock" });

    // A product taken off sale is named too (it is never deleted, so its name is there).
    await db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, rasp.id));
    invalidateCatalog();
    const retired = await put(dora, { items: [{ productId: rasp.id, quantity: 1 }, { productId: hammer.id, quantity: 8 }] });
    expect(retired.status).toBe(422);
    expect(((await retired.json()) as ErrorBody).error).toMatchObject({
      message: "Retired Rasp is no longer on sale",
      fields: { "items.0.productId": "This product is no longer on sale", "items.1.quantity": "Out of stock" },
    });
    expect(await shape()).toEqual([[hammer.id, 8]]);

    // Removing the hammer's line is the fix: the rest of the cart saves.
    expect((await put(dora, { items: [{ productId: saw.id, quantity: 1 }] })).status).toBe(200);
    expect(await shape()).toEqual([[saw.id, 1]]);
  });

  // A race only PostgreSQL can show (PGlite runs one transaction at a time; there it must pass too):
  // two tabs, or a tab and the sign-in join, saving the same account's cart at the same moment.
  it("saves two concurrent PUTs of the same account's cart one after the other: both 200, and the cart is one of them whole", async () => {
    const carol = await signUp({ name: "Carol Cart" });
    const [a, b, c] = await Promise.all([createProduct({ stock: 50 }), createProduct({ stock: 50 }), createProduct({ stock: 50 })]);
    const first = [{ productId: a!.id, quantity: 1 }, { productId: b!.id, quantity: 2 }];
    const second = [{ productId: b!.id, quantity: 3 }, { productId: c!.id, quantity: 4 }];
    const shape = (cart: Cart) => cart.items.map((i) => ({ productId: i.productId, quantity: i.quantity }));
    for (let round = 0; round < 8; round += 1) {
      const answers = await Promise.all([put(carol, { items: first }), put(carol, { items: second })]);
      expect(answers.map((r) => r.status)).toEqual([200, 200]);
      expect([first, second]).toContainEqual(shape((await (await get(carol)).json()) as Cart));
    }
  });
});

describe("POST /api/cart/join (at sign-in)", () => {
  const join = (session: Session | null, json: unknown) =>
    joinRoute.POST(makeRequest("/api/cart/join", { method: "POST", json, cookie: session?.cookie }), noParams());

  it("joins the browser's cart into the account's, the larger quantity winning, and leaves nothing out without a word", async () => {
    const carol = await signUp({ name: "Carol Join" });
    const file = await createProduct({ name: "Join File", priceCents: 600, stock: 40 });
    const clamp = await createProduct({ name: "Join Clamp", priceCents: 1200, stock: 20, minOrderQuantity: 2 });
    const level = await createProduct({ name: "Join Level", priceCents: 3000, stock: 10 });
    const gouge = await createProduct({ name: "Join Gouge", priceCents: 1800, stock: 10 });
    expect((await put(carol, { items: [{ productId: file.id, quantity: 5 }, { productId: clamp.id, quantity: 4 }] })).status).toBe(200);
    // Since the account's cart was saved: the clamp's stock fell to 3, and the gouge left the catalog.
    const db = await getDb();
    await db.update(product).set({ stock: 3 }).where(eq(product.id, clamp.id));
    await db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, gouge.id));
    invalidateCatalog();

    const joined = await join(carol, {
      items: [
        { productId: file.id, quantity: 2 },
        { productId: level.id, quantity: 1 },
        { productId: gouge.id, quantity: 1 },
        { productId: "prd_no_such_tool", quantity: 1 },
      ],
    });
    expect(joined.status).toBe(200);
    const cart = (await joined.json()) as Cart;
    // The account's order first, then the browser's new lines; the clamp keeps 4 for the cart page to mark.
    expect(cart.items.map((line) => [line.name, line.quantity])).toEqual([
      ["Join File", 5],
      ["Join Clamp", 4],
      ["Join Level", 1],
    ]);
    expect(cart.noLongerOnSale).toEqual([{ productId: gouge.id, name: "Join Gouge" }]);
    expect(((await (await get(carol)).json()) as Cart).items).toHaveLength(3);
  });

  it("answers 401 signed out and 422 to a list that is not a cart", async () => {
    expect((await join(null, { items: [] })).status).toBe(401);
    const twice = await join(alice, { items: [{ productId: "prd_a", quantity: 1 }, { productId: "prd_a", quantity: 2 }] });
    expect(twice.status).toBe(422);
    expect(((await twice.json()) as ErrorBody).error.message).toBe("This product is already in the cart");
  });
});

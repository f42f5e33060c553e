import { jest } from "@jest/globals";

/**
 * The browser's cart (components/cart/cart-store.ts) with the browser stood in: a window with its
 * localStorage, and fetch answering GET and PUT /api/cart and POST /api/cart/join from an account's
 * cart held here (the join merged as the server does: the larger quantity wins). Each test
 * loads the store afresh, as a new page would.
 */
type Line = { productId: string; quantity: number };
type Store = typeof import("@/components/cart/cart-store");

let localCart: string | null;
let accountCart: Line[];
let puts: Line[][];
// Whether each PUT asked the browser to finish it after the page has gone (fetch's keepalive).
let putsKeptAlive: boolean[];

async function freshStore(): Promise<Store> {
  let store: Store | undefined;
  await jest.isolateModulesAsync(async () => {
    store = await import("@/components/cart/cart-store");
  });
  if (!store) throw new Error("the store did not load");
  return store;
}

beforeEach(() => {
  localCart = null;
  accountCart = [];
  puts = [];
  putsKeptAlive = [];
  Object.defineProperty(globalThis, "window", {
    configurable: true,
    value: {
      localStorage: {
        getItem: () => localCart,
        setItem: (_key: string, value: string) => void (localCart = value),
        removeItem: () => void (localCart = null),
      },
      addEventListener: () => undefined,
    },
  });
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method === "PUT") {
      const body = JSON.parse(String(init.body)) as { items: Line[] };
      puts.push(body.items);
      putsKeptAlive.push(init.keepalive === true);
      accountCart = body.items;
      return Response.json({ ok: true });
    }
    if (init?.method === "POST") {
      const body = JSON.parse(String(init.body)) as { items: Line[] };
      const merged = new Map(accountCart.map((line) => [line.productId, line.quantity]));
      for (const line of body.items) merged.set(line.productId, Math.max(line.quantity, merged.get(line.productId) ?? 0));
      accountCart = [...merged].map(([productId, quantity]) => ({ productId, quantity }));
      return Response.json({ items: accountCart });
    }
    return Response.json({ items: accountCart });
  });
});

afterEach(() => {
  jest.restoreAllMocks();
  Reflect.deleteProperty(globalThis, "window");
});

const hammer = { productId: "hammer", minOrderQuantity: 2, stock: 10 };

test("an Add to cart pressed before a signed-in customer's cart has arrived waits for it, and adds to it", async () => {
  accountCart = [{ productId: "hammer", quantity: 4 }];
  const store = await freshStore();

  // The click comes first: the page has not yet read the session, so it cannot know the cart.
  const adding = store.addToCart(hammer);
  await store.joinAccountCart(true);

  await expect(adding).resolves.toEqual({ kind: "more", quantity: 1 });
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 5 }]);
  expect(localCart).toBeNull();
  // Saved so that leaving the page at once (Add to cart, then a link) does not cancel it (ADR 050).
  expect(putsKeptAlive).toEqual(puts.map(() => true));
});

test("signed out, a change waits for the session too, then goes to the browser's cart", async () => {
  const store = await freshStore();

  const adding = store.addToCart(hammer);
  await store.joinAccountCart(false);

  await expect(adding).resolves.toEqual({ kind: "added", quantity: 2 });
  expect(JSON.parse(localCart ?? "[]")).toEqual([{ productId: "hammer", quantity: 2 }]);
  expect(puts).toEqual([]);
});

test("the cart is settled once the account's cart could not be read: changes then stay in the browser", async () => {
  jest.spyOn(globalThis, "fetch").mockImplementation(async () => new Response("down", { status: 503 }));
  const store = await freshStore();

  const adding = store.addToCart(hammer);
  await store.joinAccountCart(true);

  await expect(adding).resolves.toEqual({ kind: "added", quantity: 2 });
  expect(JSON.parse(localCart ?? "[]")).toEqual([{ productId: "hammer", quantity: 2 }]);
});

test("the browser's cart joins the account's at sign-in, the larger quantity winning, and is then emptied", async () => {
  accountCart = [{ productId: "hammer", quantity: 4 }];
  localCart = JSON.stringify([
    { productId: "hammer", quantity: 6 },
    { productId: "saw", quantity: 1 },
  ]);
  const store = await freshStore();

  await store.joinAccountCart(true);
  // One request joins them, on the server; nothing is saved over it from here.
  expect(puts).toEqual([]);
  await store.setCartQuantity("saw", 3);

  expect(accountCart).toEqual([
    { productId: "hammer", quantity: 6 },
    { productId: "saw", quantity: 3 },
  ]);
  expect(localCart).toBeNull();
});

test("a browser's cart whose join the server could not save stays in the browser, for the next page to join again", async () => {
  localCart = JSON.stringify([{ productId: "hammer", quantity: 2 }]);
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) =>
    init?.method === "POST" ? new Response("busy", { status: 503 }) : Response.json({ items: [] }),
  );
  const store = await freshStore();

  await store.joinAccountCart(true);

  expect(JSON.parse(localCart ?? "[]")).toEqual([{ productId: "hammer", quantity: 2 }]);
});

test("a browser's cart the server will not join leaves the account's cart readable, and the browser keeps its copy", async () => {
  accountCart = [{ productId: "hammer", quantity: 4 }];
  localCart = JSON.stringify([{ productId: "saw", quantity: 1 }]);
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) =>
    init?.method === "POST" ? Response.json({ error: { code: "validation_failed", message: "no" } }, { status: 422 }) : Response.json({ items: accountCart }),
  );
  const store = await freshStore();

  await store.joinAccountCart(true);
  await expect(store.addToCart(hammer)).resolves.toEqual({ kind: "more", quantity: 1 });
  expect(JSON.parse(localCart ?? "[]")).toEqual([{ productId: "saw", quantity: 1 }]);
});

test("an Add to cart the account's cart refuses is taken back and answered with the server's reason", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method !== "PUT") return Response.json({ items: accountCart });
    const body = JSON.parse(String(init.body)) as { items: Line[] };
    puts.push(body.items);
    if (body.items.some((line) => line.productId === "saw")) {
      return Response.json({ error: { code: "validation_failed", message: "A cart holds at most 50 products" } }, { status: 422 });
    }
    accountCart = body.items;
    return Response.json({ ok: true });
  });
  const store = await freshStore();
  await store.joinAccountCart(true);

  await expect(store.addToCart({ productId: "saw", minOrderQuantity: 1, stock: 5 })).resolves.toEqual({
    kind: "refused",
    message: "A cart holds at most 50 products",
  });
  // The refused line is not kept: the next change sends only what the account holds, plus that change.
  await expect(store.addToCart(hammer)).resolves.toEqual({ kind: "more", quantity: 1 });
  expect(puts.at(-1)).toEqual([{ productId: "hammer", quantity: 3 }]);
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 3 }]);
});

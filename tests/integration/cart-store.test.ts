import { jest } from "@jest/globals";

/**
 * The browser's cart (components/cart/cart-store.ts) with the browser stood in: a window with its
 * localStorage, and fetch answering GET and PUT /api/cart and POST /api/cart/join from an account's
 * cart held here (the join merged as the server does: the larger quantity wins). Each test
 * loads the store afresh, as a new page would.
 */
type Line = { productId: string; quantity: number };
type Store = typeof import("@/components/cart/cart-store");

// The page's view of the cart, read outside a component: React's hook hands back the store's
// snapshot, as a render would.
jest.unstable_mockModule("react", () => ({
  useSyncExternalStore: <Snapshot>(_subscribe: (listener: () => void) => () => void, getSnapshot: () => Snapshot) => getSnapshot(),
}));

/** The lines the page shows. */
const linesOf = (store: Store) => store.useCart().lines;

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

/** A PUT /api/cart refusal: the message, and the lines at fault in `fields` as the server names them. */
type Refusal = { message: string; fields?: Record<string, string> };

function refusalResponse(refusal: string | Refusal): Response {
  const { message, fields } = typeof refusal === "string" ? { message: refusal, fields: undefined } : refusal;
  return Response.json({ error: { code: "invalid", message, fields } }, { status: 422 });
}

/**
 * The account's cart with a hammer line gone stale: its stock fell to 7, so the account refuses every
 * save holding more than 7 hammers, naming that line (ADR 073).
 */
const STALE_HAMMER = "Stale Hammer: Order between 6 and 7 units";
function refuseStaleHammer(items: Line[]): Refusal | null {
  const index = items.findIndex((line) => line.productId === "hammer" && line.quantity > 7);
  return index === -1 ? null : { message: STALE_HAMMER, fields: { [`items.${index}.quantity`]: "Order between 6 and 7 units" } };
}
/** The answer to a change refused only because of the stale hammer's line. */
const BLOCKED_BY_HAMMER = `First fix or remove another product in your cart (${STALE_HAMMER})`;

/**
 * The account's cart behind a slow network: each PUT waits until the test lets it through, and
 * `answer` decides whether the account takes it (200) or refuses it (422 with that refusal).
 */
function slowAccount(answer: (items: Line[]) => string | Refusal | null = () => null) {
  const waiting: (() => void)[] = [];
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method !== "PUT") return Response.json({ items: accountCart });
    const body = JSON.parse(String(init.body)) as { items: Line[] };
    puts.push(body.items);
    await new Promise<void>((resolve) => waiting.push(resolve));
    const refusal = answer(body.items);
    if (refusal !== null) return refusalResponse(refusal);
    accountCart = body.items;
    return Response.json({ ok: true });
  });
  return {
    inFlight: () => waiting.length,
    /** Lets the PUT in flight answer, and whatever comes next start. */
    async answerOne() {
      waiting.shift()?.();
      await new Promise((resolve) => setTimeout(resolve, 0));
    },
  };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

test("typing 120 in a quantity field saves 12 and then 120, one after the other, and the account keeps 120", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  const network = slowAccount();
  const store = await freshStore();
  await store.joinAccountCart(true);

  // The field saves each valid quantity as it is typed.
  const twelve = store.setCartQuantity("hammer", 12);
  const hundredTwenty = store.setCartQuantity("hammer", 120);
  await settle();
  expect(network.inFlight()).toBe(1);
  expect(puts).toEqual([[{ productId: "hammer", quantity: 12 }]]);

  await network.answerOne();
  expect(puts.at(-1)).toEqual([{ productId: "hammer", quantity: 120 }]);
  await network.answerOne();
  await expect(Promise.all([twelve, hundredTwenty])).resolves.toEqual([null, null]);
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 120 }]);
});

test("quick Add to cart clicks keep every product: those made while the first is saved are sent after it, with it", async () => {
  const network = slowAccount();
  const store = await freshStore();
  await store.joinAccountCart(true);

  const hammerAdded = store.addToCart(hammer);
  const sawAdded = store.addToCart({ productId: "saw", minOrderQuantity: 1, stock: 5 });
  const chiselAdded = store.addToCart({ productId: "chisel", minOrderQuantity: 3, stock: 9 });
  await settle();
  expect(network.inFlight()).toBe(1);

  await network.answerOne();
  await network.answerOne();
  await expect(Promise.all([hammerAdded, sawAdded, chiselAdded])).resolves.toEqual([
    { kind: "added", quantity: 2 },
    { kind: "added", quantity: 1 },
    { kind: "added", quantity: 3 },
  ]);
  // The two clicks made while the first was saved went together, in one save of the whole cart.
  expect(puts).toEqual([
    [{ productId: "hammer", quantity: 2 }],
    [
      { productId: "hammer", quantity: 2 },
      { productId: "saw", quantity: 1 },
      { productId: "chisel", quantity: 3 },
    ],
  ]);
  expect(accountCart).toHaveLength(3);
});

test("a Remove the account refuses brings the line back where it was, and the page shows the server's reason", async () => {
  accountCart = [
    { productId: "hammer", quantity: 8 },
    { productId: "saw", quantity: 1 },
    { productId: "chisel", quantity: 3 },
  ];
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method !== "PUT") return Response.json({ items: accountCart });
    const body = JSON.parse(String(init.body)) as { items: Line[] };
    puts.push(body.items);
    const refusal = refuseStaleHammer(body.items);
    if (refusal !== null) return refusalResponse(refusal);
    accountCart = body.items;
    return Response.json({ ok: true });
  });
  const store = await freshStore();
  await store.joinAccountCart(true);

  // The saw was not at fault: the answer says the hammer has to be put right first.
  await expect(store.removeFromCart("saw")).resolves.toBe(BLOCKED_BY_HAMMER);
  // The page holds the saw again, in its place, and shows why.
  expect(linesOf(store)).toEqual([
    { productId: "hammer", quantity: 8 },
    { productId: "saw", quantity: 1 },
    { productId: "chisel", quantity: 3 },
  ]);
  expect(store.useCart().error).toBe(STALE_HAMMER);
  // Fixing the hammer saves the whole cart as it was.
  await expect(store.setCartQuantity("hammer", 6)).resolves.toBeNull();
  expect(accountCart).toEqual([
    { productId: "hammer", quantity: 6 },
    { productId: "saw", quantity: 1 },
    { productId: "chisel", quantity: 3 },
  ]);
  // Now the Remove goes through.
  await expect(store.removeFromCart("saw")).resolves.toBeNull();
  expect(accountCart.map((line) => line.productId)).toEqual(["hammer", "chisel"]);
});

test("a refused Add to cart is taken back before the next save, so a change made meanwhile is saved without it", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  const network = slowAccount((items) => (items.some((line) => line.productId === "saw") ? "A cart holds at most 50 products" : null));
  const store = await freshStore();
  await store.joinAccountCart(true);

  const adding = store.addToCart({ productId: "saw", minOrderQuantity: 1, stock: 5 });
  const typing = store.setCartQuantity("hammer", 3);
  await settle();
  expect(puts).toEqual([[{ productId: "hammer", quantity: 2 }, { productId: "saw", quantity: 1 }]]);

  await network.answerOne();
  expect(puts.at(-1)).toEqual([{ productId: "hammer", quantity: 3 }]);
  await network.answerOne();
  await expect(adding).resolves.toEqual({ kind: "refused", message: "A cart holds at most 50 products" });
  await expect(typing).resolves.toBeNull();
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 3 }]);
});

const saw = { productId: "saw", minOrderQuantity: 1, stock: 5 };

test("two Add to cart clicks on one product that the account both refuses leave the cart as the account holds it", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  const full = "A cart holds at most 50 products";
  const network = slowAccount((items) => (items.some((line) => line.productId === "saw") ? full : null));
  const store = await freshStore();
  await store.joinAccountCart(true);

  const first = store.addToCart(saw);
  const second = store.addToCart(saw);
  await settle();
  expect(puts).toEqual([
    [
      { productId: "hammer", quantity: 2 },
      { productId: "saw", quantity: 1 },
    ],
  ]);

  await network.answerOne();
  // The second click's line is still to be sent: the first refusal leaves it to that save.
  expect(puts.at(-1)).toEqual([
    { productId: "hammer", quantity: 2 },
    { productId: "saw", quantity: 2 },
  ]);
  await network.answerOne();
  await expect(first).resolves.toEqual({ kind: "refused", message: full });
  await expect(second).resolves.toEqual({ kind: "refused", message: full });
  // No saw: the account never held one, not even the first click's single unit.
  expect(linesOf(store)).toEqual([{ productId: "hammer", quantity: 2 }]);

  // So the next change is saved, rather than refused for a saw the page kept.
  const more = store.addToCart(hammer);
  await settle();
  await network.answerOne();
  await expect(more).resolves.toEqual({ kind: "more", quantity: 1 });
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 3 }]);
});

test("a Remove and then an Add to cart of that product, both refused, leave its line as the account holds it, in its place", async () => {
  accountCart = [
    { productId: "hammer", quantity: 8 },
    { productId: "saw", quantity: 3 },
    { productId: "chisel", quantity: 3 },
  ];
  const network = slowAccount(refuseStaleHammer);
  const store = await freshStore();
  await store.joinAccountCart(true);

  const removing = store.removeFromCart("saw");
  const adding = store.addToCart(saw);
  await settle();
  await network.answerOne();
  // The Add put the saw back at its minimum, at the end, while the Remove was on its way.
  expect(puts.at(-1)).toEqual([
    { productId: "hammer", quantity: 8 },
    { productId: "chisel", quantity: 3 },
    { productId: "saw", quantity: 1 },
  ]);
  await network.answerOne();

  await expect(removing).resolves.toBe(BLOCKED_BY_HAMMER);
  await expect(adding).resolves.toEqual({ kind: "refused", message: BLOCKED_BY_HAMMER });
  // The account still holds 3 saws: the page does too, not the nothing it held just before the Add.
  expect(linesOf(store)).toEqual([
    { productId: "hammer", quantity: 8 },
    { productId: "saw", quantity: 3 },
    { productId: "chisel", quantity: 3 },
  ]);
});

test("a refused batch of Add to cart clicks answers the product at fault with its reason, and the others with what blocked them", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  // The saw's stock fell to 2 after the page was read.
  const sawProblem = "Saw: Order between 1 and 2 units";
  const network = slowAccount((items) => {
    const index = items.findIndex((line) => line.productId === "saw" && line.quantity > 2);
    return index === -1 ? null : { message: sawProblem, fields: { [`items.${index}.quantity`]: "Order between 1 and 2 units" } };
  });
  const store = await freshStore();
  await store.joinAccountCart(true);

  const moreHammers = store.addToCart(hammer);
  // Both made while the hammer's save is on its way: they go out together, and are refused together.
  const sawAdded = store.addToCart({ ...saw, quantity: 3 });
  const chiselAdded = store.addToCart({ productId: "chisel", minOrderQuantity: 3, stock: 9 });
  await settle();
  await network.answerOne();
  await network.answerOne();

  await expect(moreHammers).resolves.toEqual({ kind: "more", quantity: 1 });
  await expect(sawAdded).resolves.toEqual({ kind: "refused", message: sawProblem });
  await expect(chiselAdded).resolves.toEqual({ kind: "refused", message: `First fix or remove another product in your cart (${sawProblem})` });
  expect(linesOf(store)).toEqual([{ productId: "hammer", quantity: 3 }]);
});

test("a save the account never answers gives up after 15 seconds, and the save after it goes out", async () => {
  accountCart = [{ productId: "hammer", quantity: 2 }];
  // Each PUT's time limit, run down by the test rather than by the clock.
  const limits: { ms: number; timer: AbortController }[] = [];
  jest.spyOn(AbortSignal, "timeout").mockImplementation((ms) => {
    const timer = new AbortController();
    limits.push({ ms, timer });
    return timer.signal;
  });
  jest.spyOn(globalThis, "fetch").mockImplementation(async (_url, init) => {
    if (init?.method !== "PUT") return Response.json({ items: accountCart });
    const body = JSON.parse(String(init.body)) as { items: Line[] };
    puts.push(body.items);
    // The first PUT's connection went quiet: it ends only when its signal aborts it, as fetch does.
    if (puts.length === 1) {
      const signal = init.signal;
      return new Promise<Response>((_resolve, reject) => signal?.addEventListener("abort", () => reject(signal.reason)));
    }
    accountCart = body.items;
    return Response.json({ ok: true });
  });
  const store = await freshStore();
  await store.joinAccountCart(true);

  const hung = store.setCartQuantity("hammer", 3);
  const next = store.setCartQuantity("hammer", 4);
  await settle();
  expect(puts).toHaveLength(1);
  // The read at sign-in has its limit too; the last one asked for is the PUT's.
  expect(limits.map((limit) => limit.ms)).toEqual([15_000, 15_000]);

  limits.at(-1)?.timer.abort(new DOMException("The operation was aborted due to timeout", "TimeoutError"));
  await expect(hung).resolves.toBe("The cart could not be saved: check your connection.");
  await expect(next).resolves.toBeNull();
  expect(accountCart).toEqual([{ productId: "hammer", quantity: 4 }]);
});

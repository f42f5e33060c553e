import { AUTH_ROUTES } from "@/lib/accounts/auth-routes";
import { apiRoutes, type Access } from "@/lib/api/routes";
import { getDb } from "@/lib/db/client";
import { confirmNewsletter, newsletterConfirmToken } from "@/lib/messages/confirm";
import { unsubscribeToken } from "@/lib/messages/unsubscribe";
import { markVerifiedForTest } from "@/tests/fixtures/accounts";
import { routesOnDisk, type FoundRoute, type RouteHandler } from "@/tests/fixtures/api-routes";
import { makeRequest, noParams, pngBytes, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { contactMessage } from "@/models/schema";
import { createProduct, createReviewForTest, markDeletedForTest, markPaidForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";

/**
 * The authorization table (lib/api/routes.ts) against the routes on disk: every route file under
 * app/api and every method it exports has a row, every row has a case here, and each case is called
 * as anonymous, a customer, another customer and an admin, with a valid body and with an invalid one.
 * Whatever the body, a caller without the right gets 401 (signed out) or 403 (not an admin).
 */

type Who = "anonymous" | "owner" | "other" | "admin";
type Fixture = { orderId: string; paidOrderId: string; productId: string; targetUserId: string; targetSessionId: string; reviewId: string; ownerReviewId: string };
type Handler = RouteHandler;
type Body = { json?: unknown; body?: BodyInit; headers?: Record<string, string> };
type Case = {
  path: (f: Fixture) => string;
  params?: (f: Fixture) => Record<string, string>;
  body?: (f: Fixture) => Promise<Body> | Body;
  /** Exact answers to a valid request; without it, the table's access decides what may not happen. */
  expect?: [anonymous: number, owner: number, other: number, admin: number];
  /** The call ends or changes the caller's own session or account: every caller gets a fresh one. */
  freshSessions?: boolean;
};

const PASSWORD = "correct-horse-battery";
const nextYear = new Date().getUTCFullYear() + 1;
const productBody = { name: "Matrix Hammer", description: "Made for the matrix.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 1999, stock: 10, minOrderQuantity: 1 };
const imageForm = async (): Promise<Body> => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "x.png");
  return { body: form };
};
const at = (url: string) => () => url;
const withId = (pick: (f: Fixture) => string, url: (id: string) => string) => ({ path: (f: Fixture) => url(pick(f)), params: (f: Fixture) => ({ id: pick(f) }) });
/** A contact message of the cell's own, to erase: its id comes from the cell's fresh fixture. */
const matrixMessageId = (f: Fixture) => `msg_matrix_${f.orderId}`;
/** The newsletter address the erasure cells delete; each valid call signs it up again first. */
const matrixSubscriber = uniqueEmail("matrix-erased");

/** A valid request for every row of the table, with the exact status each caller must get where it is known. */
const cases: Record<string, Case> = {
  "GET /api/health": { path: at("/api/health"), expect: [200, 200, 200, 200] },
  "GET /api/health/live": { path: at("/api/health/live"), expect: [200, 200, 200, 200] },
  "GET /api/health/ready": { path: at("/api/health/ready"), expect: [200, 200, 200, 200] },
  "GET /api/metrics": { path: at("/api/metrics") },
  "GET /api/openapi.json": { path: at("/api/openapi.json"), expect: [200, 200, 200, 200] },
  "POST /api/webhooks/stripe": { path: at("/api/webhooks/stripe"), body: () => ({ json: {} }), expect: [404, 404, 404, 404] },

  "GET /api/products": { path: at("/api/products"), expect: [200, 200, 200, 200] },
  "POST /api/products": { path: at("/api/products"), body: () => ({ json: productBody }), expect: [401, 403, 403, 201] },
  "GET /api/products/{id}": { ...withId((f) => f.productId, (id) => `/api/products/${id}`), expect: [200, 200, 200, 200] },
  "PATCH /api/products/{id}": { ...withId((f) => f.productId, (id) => `/api/products/${id}`), body: () => ({ json: { stock: 77 } }), expect: [401, 403, 403, 200] },
  "DELETE /api/products/{id}": { ...withId((f) => f.productId, (id) => `/api/products/${id}`), expect: [401, 403, 403, 204] },
  "POST /api/products/{id}/restore": {
    ...withId((f) => f.productId, (id) => `/api/products/${id}/restore`),
    // The fixture's tool, deleted first: only a deleted product can be restored.
    body: async (f) => {
      await markDeletedForTest(f.productId);
      return {};
    },
    expect: [401, 403, 403, 200],
  },

  "GET /api/products/{id}/reviews": { ...withId((f) => f.productId, (id) => `/api/products/${id}/reviews`), expect: [200, 200, 200, 200] },
  "GET /api/reviews": { path: at("/api/reviews"), expect: [200, 200, 200, 200] },
  "POST /api/reviews": { path: at("/api/reviews"), body: () => ({ json: { text: "Solid tools, fast delivery.", rating: 4.5 } }), expect: [401, 201, 201, 201] },
  "PATCH /api/reviews/{id}": { ...withId((f) => f.reviewId, (id) => `/api/reviews/${id}`), body: () => ({ json: { hidden: true } }), expect: [401, 403, 403, 200] },
  // Only the author deletes a review: to anyone else, an admin too (admins hide), it is not found.
  "DELETE /api/reviews/{id}": { ...withId((f) => f.ownerReviewId, (id) => `/api/reviews/${id}`), expect: [401, 204, 404, 404] },

  "GET /api/orders": { path: at("/api/orders"), expect: [401, 200, 200, 200] },
  "POST /api/orders": { path: at("/api/orders"), body: (f) => ({ json: { productId: f.productId, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS } }), expect: [401, 201, 201, 201] },
  "GET /api/orders/{id}": { ...withId((f) => f.orderId, (id) => `/api/orders/${id}`), expect: [401, 200, 404, 200] },
  "DELETE /api/orders/{id}": { ...withId((f) => f.orderId, (id) => `/api/orders/${id}`), expect: [401, 200, 404, 200] },
  "POST /api/orders/{id}/cancel": { ...withId((f) => f.orderId, (id) => `/api/orders/${id}/cancel`), expect: [401, 200, 404, 200] },
  "POST /api/orders/{id}/refund": {
    ...withId((f) => f.paidOrderId, (id) => `/api/orders/${id}/refund`),
    body: () => ({ json: { reason: "Damaged in transit" } }),
    expect: [401, 403, 403, 200],
  },
  "POST /api/orders/{id}/payment": { ...withId((f) => f.orderId, (id) => `/api/orders/${id}/payment`), expect: [401, 200, 404, 404] },
  "POST /api/orders/{id}/payment/confirm": {
    ...withId((f) => f.orderId, (id) => `/api/orders/${id}/payment/confirm`),
    body: () => ({ json: { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } } }),
    expect: [401, 200, 404, 404],
  },
  "PATCH /api/orders/{id}/shipping": { ...withId((f) => f.paidOrderId, (id) => `/api/orders/${id}/shipping`), body: () => ({ json: { shipped: true } }), expect: [401, 403, 403, 200] },

  "POST /api/contact": { path: at("/api/contact"), body: () => ({ json: { name: "M", email: "m@toolforge.test", company: "C", country: "X", message: "Hello there" } }), expect: [201, 201, 201, 201] },
  "POST /api/newsletter": { path: at("/api/newsletter"), body: () => ({ json: { email: uniqueEmail("news") } }), expect: [200, 200, 200, 200] },
  "POST /api/newsletter/confirm": {
    path: at("/api/newsletter/confirm"),
    body: () => {
      const email = uniqueEmail("confirm");
      return { json: { email, token: newsletterConfirmToken(email) } };
    },
    expect: [200, 200, 200, 200],
  },
  "POST /api/newsletter/unsubscribe": {
    path: at("/api/newsletter/unsubscribe"),
    body: () => {
      const email = uniqueEmail("unsub");
      return { json: { email, token: unsubscribeToken(email) } };
    },
    expect: [200, 200, 200, 200],
  },
  "POST /api/uploads": { path: at("/api/uploads"), body: imageForm, expect: [401, 201, 201, 201] },
  "POST /api/register": {
    path: at("/api/register"),
    body: async () => {
      const form = new FormData();
      form.set("name", "Matrix Newcomer");
      form.set("email", uniqueEmail("matrix"));
      form.set("password", "long-enough-pw");
      form.set("photo", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "p.png");
      return { body: form };
    },
    expect: [201, 201, 201, 201],
  },

  "POST /api/account/password-reset": { path: at("/api/account/password-reset"), body: () => ({ json: { email: uniqueEmail("reset") } }), expect: [202, 202, 202, 202] },
  "POST /api/account/password-reset/confirm": { path: at("/api/account/password-reset/confirm"), body: () => ({ json: { token: "x".repeat(43), password: "long-enough-pw" } }), expect: [422, 422, 422, 422] },
  "POST /api/account/email-link": { path: at("/api/account/email-link"), body: () => ({ json: { email: uniqueEmail("link") } }), expect: [202, 202, 202, 202] },
  "POST /api/account/email-link/sign-in": { path: at("/api/account/email-link/sign-in"), body: () => ({ json: { token: "x".repeat(43) } }), expect: [422, 422, 422, 422] },
  "GET /api/account/verify-email": { path: at(`/api/account/verify-email?token=${"x".repeat(43)}`), expect: [303, 303, 303, 303] },
  "GET /api/account/confirm-email-change": { path: at(`/api/account/confirm-email-change?token=${"x".repeat(43)}`), expect: [303, 303, 303, 303] },
  "POST /api/account/confirm-email-change": {
    path: at("/api/account/confirm-email-change"),
    body: () => ({ body: `token=${"x".repeat(43)}`, headers: { "content-type": "application/x-www-form-urlencoded" } }),
    expect: [303, 303, 303, 303],
  },
  "POST /api/sign-in/phone/code": { path: at("/api/sign-in/phone/code"), body: () => ({ json: { phoneNumber: "+15550100199" } }) },
  "POST /api/sign-in/phone": { path: at("/api/sign-in/phone"), body: () => ({ json: { phoneNumber: "+15550100199", code: "123456" } }) },

  "GET /api/me": { path: at("/api/me"), expect: [401, 200, 200, 200] },
  "DELETE /api/me": { path: at("/api/me"), freshSessions: true },
  "PATCH /api/me/profile": { path: at("/api/me/profile"), body: () => ({ json: { education: "BSc", address: "1 Main St", phone: "+1 555 010 0199", birthday: "1990-01-01" } }), expect: [401, 200, 200, 200] },
  "PATCH /api/me/identity": {
    path: at("/api/me/identity"),
    body: async () => {
      const form = new FormData();
      form.set("name", "Matrix Renamed");
      form.set("photo", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "p.png");
      return { body: form };
    },
    expect: [401, 200, 200, 200],
  },
  "POST /api/me/email": { path: at("/api/me/email"), body: () => ({ json: { email: "nope" } }), expect: [401, 422, 422, 422] },
  "POST /api/me/password": { path: at("/api/me/password"), body: () => ({ json: { currentPassword: "not-the-password", newPassword: "another-long-one" } }), expect: [401, 422, 422, 422] },
  "POST /api/me/verification-email": { path: at("/api/me/verification-email"), expect: [401, 202, 202, 409] },
  "GET /api/me/phone": { path: at("/api/me/phone"), expect: [401, 200, 200, 200] },
  "POST /api/me/phone": { path: at("/api/me/phone"), body: () => ({ json: { phoneNumber: "+15550100199", code: "123456" } }) },
  "DELETE /api/me/phone": { path: at("/api/me/phone") },
  "POST /api/me/phone/code": { path: at("/api/me/phone/code"), body: () => ({ json: { phoneNumber: "+15550100199" } }) },
  "GET /api/me/sessions": { path: at("/api/me/sessions"), expect: [401, 200, 200, 200] },
  "DELETE /api/me/sessions/{id}": { ...withId((f) => f.targetSessionId, (id) => `/api/me/sessions/${id}`), expect: [401, 404, 404, 404] },
  "POST /api/me/sessions/sign-out-others": { path: at("/api/me/sessions/sign-out-others"), expect: [401, 200, 200, 200] },

  "GET /api/users": { path: at("/api/users"), expect: [401, 403, 403, 200] },
  "PATCH /api/users/{id}/role": { ...withId((f) => f.targetUserId, (id) => `/api/users/${id}/role`), body: () => ({ json: { role: "admin" } }), expect: [401, 403, 403, 200] },
  "PATCH /api/users/{id}/status": { ...withId((f) => f.targetUserId, (id) => `/api/users/${id}/status`), body: () => ({ json: { disabled: false } }), expect: [401, 403, 403, 200] },
  "GET /api/admin/orders": { path: at("/api/admin/orders"), expect: [401, 403, 403, 200] },
  "GET /api/admin/mail": { path: at("/api/admin/mail"), expect: [401, 403, 403, 200] },
  "POST /api/admin/mail/retry": { path: at("/api/admin/mail/retry"), expect: [401, 403, 403, 200] },
  "GET /api/cart": { path: at("/api/cart"), expect: [401, 200, 200, 200] },
  "PUT /api/cart": { path: at("/api/cart"), body: () => ({ json: { items: [] } }), expect: [401, 200, 200, 200] },
  "POST /api/cart/join": { path: at("/api/cart/join"), body: () => ({ json: { items: [] } }), expect: [401, 200, 200, 200] },
  "GET /api/admin/reviews": { path: at("/api/admin/reviews"), expect: [401, 403, 403, 200] },
  "GET /api/admin/deleted-products": { path: at("/api/admin/deleted-products"), expect: [401, 403, 403, 200] },
  "GET /api/admin/messages": { path: at("/api/admin/messages"), expect: [401, 403, 403, 200] },
  "DELETE /api/admin/messages/{id}": {
    ...withId(matrixMessageId, (id) => `/api/admin/messages/${id}`),
    body: async (f) => {
      const db = await getDb();
      await db.insert(contactMessage).values({ id: matrixMessageId(f), name: "M", email: "m@toolforge.test", company: "C", country: "X", message: "Forget me" }).onConflictDoNothing();
      return {};
    },
    expect: [401, 403, 403, 204],
  },
  "GET /api/admin/subscribers": { path: at("/api/admin/subscribers?format=csv"), expect: [401, 403, 403, 200] },
  "DELETE /api/admin/subscribers": {
    path: at(`/api/admin/subscribers?email=${encodeURIComponent(matrixSubscriber)}`),
    body: async () => {
      await confirmNewsletter({ email: matrixSubscriber, token: newsletterConfirmToken(matrixSubscriber) });
      return {};
    },
    expect: [401, 403, 403, 204],
  },
  "GET /api/admin/audit": { path: at("/api/admin/audit"), expect: [401, 403, 403, 200] },

  "GET /api/auth/get-session": { path: at("/api/auth/get-session"), expect: [200, 200, 200, 200] },
  "POST /api/auth/sign-in/email": { path: at("/api/auth/sign-in/email"), body: () => ({ json: { email: "boss@toolforge.test", password: PASSWORD } }), expect: [200, 200, 200, 200] },
  "POST /api/auth/sign-out": { path: at("/api/auth/sign-out"), freshSessions: true, expect: [200, 200, 200, 200] },
  "POST /api/auth/sign-in/social": { path: at("/api/auth/sign-in/social"), body: () => ({ json: { provider: "github", callbackURL: "/" } }) },
  "GET /api/auth/callback/{provider}": { path: at("/api/auth/callback/github?state=x&code=y") },
  "POST /api/auth/two-factor/enable": { path: at("/api/auth/two-factor/enable"), body: () => ({ json: { password: PASSWORD } }), freshSessions: true, expect: [401, 200, 200, 200] },
  // Public, yet 401 without a sign-in waiting for its second step (400 signed in without two-factor).
  "POST /api/auth/two-factor/verify-totp": { path: at("/api/auth/two-factor/verify-totp"), body: () => ({ json: { code: "123456" } }) },
  "POST /api/auth/two-factor/verify-backup-code": { path: at("/api/auth/two-factor/verify-backup-code"), body: () => ({ json: { code: "abcde-fghij" } }) },
  "POST /api/auth/two-factor/generate-backup-codes": { path: at("/api/auth/two-factor/generate-backup-codes"), body: () => ({ json: { password: PASSWORD } }) },
  "POST /api/auth/two-factor/disable": { path: at("/api/auth/two-factor/disable"), body: () => ({ json: { password: PASSWORD } }), freshSessions: true },
};

const table = apiRoutes();
let found: FoundRoute[] = [];
let sessions: Record<Exclude<Who, "anonymous">, Session>;

beforeAll(async () => {
  found = await routesOnDisk();
  process.env.METRICS_TOKEN = "matrix-metrics-token";
  sessions = { owner: await signUp({ name: "Owner" }), other: await signUp({ name: "Other" }), admin: await signUpAdmin({ password: PASSWORD }) };
});

afterAll(() => {
  delete process.env.METRICS_TOKEN;
});

describe("the route table covers every route on disk", () => {
  it("has a row for every method of every route file under app/api, and no row without one", () => {
    const onDisk = found.map((f) => f.key).sort();
    expect(onDisk.filter((key) => !(key in table))).toEqual([]);
    expect(Object.keys(table).filter((key) => !onDisk.includes(key))).toEqual([]);
    expect(onDisk.length).toBeGreaterThan(50);
  });

  it("takes better-auth's routes from AUTH_ROUTES, their one source", () => {
    for (const row of AUTH_ROUTES) expect(found.some((f) => f.key.startsWith(`${row.method} /api/auth${row.path.split(":")[0]}`))).toBe(true);
  });

  it("has a case in this test for every row", () => {
    expect(Object.keys(table).filter((key) => !cases[key])).toEqual([]);
  });
});

let fixtureCount = 0;

/** Fresh resources for a cell, so that a successful delete in one cell cannot change another. */
async function fixture(): Promise<Fixture> {
  const { POST: placeOrder } = (await import("@/app/api/orders/route")) as { POST: Handler };
  const { POST: writeReview } = (await import("@/app/api/reviews/route")) as { POST: Handler };
  const { GET: listSessions } = (await import("@/app/api/me/sessions/route")) as { GET: Handler };
  // A name of its own: a deleted tool is restored only while no tool on sale has its name.
  const item = await createProduct({ stock: 100, name: `Matrix Mallet ${++fixtureCount}` });
  const place = async () => {
    const response = await placeOrder(makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: sessions.owner.cookie }), noParams());
    return ((await response.json()) as { id: string }).id;
  };
  const orderId = await place();
  const paidOrderId = await place();
  await markPaidForTest(paidOrderId);
  const target = await signUp({ name: "Target" });
  await markVerifiedForTest(target.userId);
  const written = await writeReview(makeRequest("/api/reviews", { method: "POST", json: { text: "A review to moderate.", rating: 3 }, cookie: target.cookie }), noParams());
  const reviewId = ((await written.json()) as { id: string }).id;
  // The owner's review of this fixture's tool (of the shop, it would make POST /api/reviews answer 200, not 201).
  const ownerReviewId = await createReviewForTest(sessions.owner.userId, { productId: item.id });
  const targetSessions = (await (await listSessions(makeRequest("/api/me/sessions", { cookie: target.cookie }), noParams())).json()) as { items: { id: string }[] };
  return { orderId, paidOrderId, productId: item.id, targetUserId: target.userId, targetSessionId: targetSessions.items[0]?.id ?? "", reviewId, ownerReviewId };
}

async function cookieFor(who: Who, freshSession: boolean): Promise<string | undefined> {
  if (who === "anonymous") return undefined;
  if (!freshSession) return sessions[who].cookie;
  const fresh = await signUp({ name: `Fresh ${who}` });
  if (who === "admin") {
    // A second admin, so that a call that deletes or locks its caller never takes the shared one.
    await markVerifiedForTest(fresh.userId);
    const { PATCH: setRole } = (await import("@/app/api/users/[id]/role/route")) as { PATCH: Handler };
    const promoted = await setRole(makeRequest(`/api/users/${fresh.userId}/role`, { method: "PATCH", json: { role: "admin" }, cookie: sessions.admin.cookie }), noParams({ id: fresh.userId }));
    if (promoted.status !== 200) throw new Error(`promotion failed: ${promoted.status}`);
  }
  return fresh.cookie;
}

const whos: Who[] = ["anonymous", "owner", "other", "admin"];
const keys = Object.keys(cases);

/** What the table's access forbids, whatever the body. */
function refusal(access: Access, who: Who): number | null {
  if ((access === "signed-in" || access === "admin") && who === "anonymous") return 401;
  if (access === "admin" && (who === "owner" || who === "other")) return 403;
  if (access === "webhook") return 404;
  if (access === "token") return 401;
  return null;
}

async function call(key: string, who: Who, body: Body | undefined, f: Fixture): Promise<Response> {
  const entry = found.find((x) => x.key === key);
  if (!entry) throw new Error(`no handler on disk for ${key}`);
  const c = cases[key]!;
  const cookie = await cookieFor(who, c.freshSessions === true);
  const method = key.split(" ")[0]!;
  const request = makeRequest(c.path(f), { method, cookie, ...(body ?? {}) });
  return entry.handler(request, { params: Promise.resolve(c.params ? c.params(f) : {}) });
}

/**
 * A call that changes one of the fixture's resources (a non-GET on a path with an id) gets fresh
 * ones, so that one caller's success cannot change the next caller's answer; every other call reads
 * or creates only what is its own, and shares one set (issue 13: create only what each row needs).
 */
let shared: Promise<Fixture> | undefined;
function fixtureFor(key: string): Promise<Fixture> {
  const changesResource = !key.startsWith("GET ") && cases[key]?.params !== undefined;
  if (changesResource) return fixture();
  shared ??= fixture();
  return shared;
}

describe("every route × anonymous, customer, another customer, admin, with a valid body", () => {
  it.each(keys.flatMap((key) => whos.map((who, i) => [key, who, i] as const)))("%s as %s", async (key, who, i) => {
    const c = cases[key]!;
    const f = await fixtureFor(key);
    const response = await call(key, who, c.body ? await c.body(f) : undefined, f);
    const expected = c.expect?.[i];
    const refused = refusal(table[key]!.access, who);
    const answer = `${response.status} ${await response.text()}`;
    if (expected !== undefined) expect(answer).toMatch(new RegExp(`^${expected} `));
    else if (refused !== null) expect(answer).toMatch(new RegExp(`^${refused} `));
    else if (table[key]!.access === "public") expect(answer).not.toMatch(/^(403|5\d\d) /);
    else expect(answer).not.toMatch(/^(401|403|5\d\d) /);
    // An answer for one caller is never kept by a shared cache.
    const access = table[key]!.access;
    if ((access === "signed-in" || access === "admin") && response.ok) {
      expect(`${key}: ${response.headers.get("cache-control")}`).toMatch(/: (private|no-store)/);
    }
  });
});

const invalidBodies: Record<string, Body> = {
  "broken JSON": { body: '{"name": ', headers: { "content-type": "application/json" } },
  "unknown field": { json: { notAField: { $gt: "" } } },
};

describe("every route × caller with an invalid body: refused by role before the body is read", () => {
  const fixtures = new Map<string, Promise<Fixture>>();
  it.each(keys.flatMap((key) => Object.keys(invalidBodies).flatMap((kind) => whos.map((who) => [key, kind, who] as const))))("%s, %s, as %s", async (key, kind, who) => {
    if (!fixtures.has(key)) fixtures.set(key, key.startsWith("GET ") ? fixtureFor(key) : fixture());
    const f = await fixtures.get(key)!;
    const method = key.split(" ")[0]!;
    const body = method === "GET" ? undefined : invalidBodies[kind];
    const response = await call(key, who, body, f);
    const access = table[key]!.access;
    const refused = refusal(access, who);
    const answer = `${response.status} ${await response.text()}`;
    if (refused !== null) expect(answer).toMatch(new RegExp(`^${refused} `));
    // A public route may still answer 401 for its own reason (a second sign-in step with no sign-in waiting).
    else if (access === "public") expect(answer).not.toMatch(/^(403|5\d\d) /);
    else expect(answer).not.toMatch(/^(401|403|5\d\d) /);
  });
});

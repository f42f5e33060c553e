import Ajv2020 from "ajv/dist/2020";
import Stripe from "stripe";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as adminDeletedProducts from "@/app/api/admin/deleted-products/route";
import * as adminMail from "@/app/api/admin/mail/route";
import * as adminMailRetry from "@/app/api/admin/mail/retry/route";
import * as adminMessages from "@/app/api/admin/messages/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as adminReviews from "@/app/api/admin/reviews/route";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as emailLink from "@/app/api/account/email-link/route";
import * as emailLinkSignIn from "@/app/api/account/email-link/sign-in/route";
import * as passwordReset from "@/app/api/account/password-reset/route";
import * as passwordResetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as cart from "@/app/api/cart/route";
import * as cartJoin from "@/app/api/cart/join/route";
import * as contact from "@/app/api/contact/route";
import * as health from "@/app/api/health/route";
import * as me from "@/app/api/me/route";
import * as meEmail from "@/app/api/me/email/route";
import * as mePassword from "@/app/api/me/password/route";
import * as mePhone from "@/app/api/me/phone/route";
import * as mePhoneCode from "@/app/api/me/phone/code/route";
import * as meProfile from "@/app/api/me/profile/route";
import * as meSessionById from "@/app/api/me/sessions/[id]/route";
import * as meSignOutOthers from "@/app/api/me/sessions/sign-out-others/route";
import * as meVerificationEmail from "@/app/api/me/verification-email/route";
import * as newsletterConfirm from "@/app/api/newsletter/confirm/route";
import * as orderCancel from "@/app/api/orders/[id]/cancel/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import * as paymentConfirm from "@/app/api/orders/[id]/payment/confirm/route";
import * as orderRefund from "@/app/api/orders/[id]/refund/route";
import * as orderShipping from "@/app/api/orders/[id]/shipping/route";
import * as productRestore from "@/app/api/products/[id]/restore/route";
import * as productReviews from "@/app/api/products/[id]/reviews/route";
import * as register from "@/app/api/register/route";
import * as reviewById from "@/app/api/reviews/[id]/route";
import * as phoneSignIn from "@/app/api/sign-in/phone/route";
import * as phoneSignInCode from "@/app/api/sign-in/phone/code/route";
import * as users from "@/app/api/users/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import * as userStatus from "@/app/api/users/[id]/status/route";
import * as uploads from "@/app/api/uploads/route";
import * as stripeWebhook from "@/app/api/webhooks/stripe/route";
import * as identity from "@/app/api/me/identity/route";
import * as sessions from "@/app/api/me/sessions/route";
import * as live from "@/app/api/health/live/route";
import * as ready from "@/app/api/health/ready/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as orderById from "@/app/api/orders/[id]/route";
import * as orders from "@/app/api/orders/route";
import * as productById from "@/app/api/products/[id]/route";
import * as products from "@/app/api/products/route";
import * as reviews from "@/app/api/reviews/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as unsubscribe from "@/app/api/newsletter/unsubscribe/route";
import * as authRoute from "@/app/api/auth/[...all]/route";
import { apiRoutes } from "@/lib/api/routes";
import { resetEnvForTests } from "@/lib/env";
import { unsubscribeToken } from "@/lib/messages/unsubscribe";
import { signIn } from "@/tests/fixtures/accounts";
import { FakeStripe } from "@/tests/fixtures/fake-stripe";
import { makeRequest, multipartForm, noParams, pngBytes, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin, signUpVerified, tokenMailedTo } from "@/tests/fixtures/mail";
import { latestCode, uniquePhoneNumber } from "@/tests/fixtures/phone";
import { createProduct, createReviewForTest, markDeletedForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";
import { enrolTwoFactor } from "@/tests/fixtures/two-factor";

/**
 * GET /api/openapi.json describes every route of the table, and real answers of the shop match the
 * schemas it gives for them: successes and errors alike.
 */

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> }; responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

let doc: Doc;
let customer: Session;
let admin: Session;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  const response = await openapi.GET(makeRequest("/api/openapi.json"), noParams());
  expect(response.status).toBe(200);
  doc = (await response.json()) as Doc;
  ajv.addSchema({ $id: "doc", ...doc } as object);
  customer = await signUp({ name: "Spec Reader" });
  admin = await signUpAdmin();
});

/** `METHOD /path` of every success this file has checked against a documented JSON shape. */
const checkedSuccesses = new Set<string>();

/**
 * Validates an answer against the document's schema for this operation, status (exact, else 4XX/5XX)
 * and media type. A success checked here is counted: the last test wants each documented one checked.
 */
async function expectDocumented(method: string, path: string, response: Response): Promise<unknown> {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const status = String(response.status);
  const key = operation.responses[status] ? status : `${status[0]}XX`;
  const documented = operation.responses[key];
  const text = await response.text();
  expect({ route: `${method} ${path}`, status, documented: documented !== undefined, body: text.slice(0, 500) }).toMatchObject({ documented: true });
  if (!documented?.content) return text;
  const mediaType = response.headers.get("content-type")?.split(";")[0]?.trim() ?? "";
  expect({ route: `${method} ${path}`, status, mediaType, documented: Object.keys(documented.content) }).toEqual(expect.objectContaining({ documented: expect.arrayContaining([mediaType]) }));
  if (mediaType !== "application/json") return text;
  const pointer = `doc#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method.toLowerCase()}/responses/${key}/content/application~1json/schema`;
  const body = JSON.parse(text) as unknown;
  const validate = ajv.getSchema(pointer);
  if (!validate) throw new Error(`no schema at ${pointer}`);
  const valid = validate(body);
  expect({ route: `${method} ${path}`, status, valid, errors: validate.errors ?? null, body }).toMatchObject({ valid: true });
  if (status.startsWith("2") && key === status) checkedSuccesses.add(`${method} ${path}`);
  return body;
}

/** The success responses (2xx, or 2XX) of an operation of the document. */
function successesOf(key: string): [string, { content?: Record<string, { schema: object }> }][] {
  const [method, path] = key.split(" ") as [string, string];
  return Object.entries(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}).filter(([status]) => status.startsWith("2"));
}

/**
 * The shop's own routes documented without a JSON answer, on purpose. Every other route of the table
 * (better-auth's under /api/auth aside, which document their status class only) must document the
 * shape of its success: a new route answering JSON without one fails "documents the answer of every
 * route that has one".
 */
const WITHOUT_JSON_ANSWER: Record<string, string> = {
  "GET /api/metrics": "Prometheus text exposition format (text/plain)",
  "DELETE /api/products/{id}": "204, no body",
  "DELETE /api/reviews/{id}": "204, no body",
  "DELETE /api/admin/messages/{id}": "204, no body",
  "DELETE /api/admin/subscribers": "204, no body",
  "GET /api/account/verify-email": "303 to /verify-email",
  "GET /api/account/confirm-email-change": "303 to /confirm-email",
  "POST /api/account/confirm-email-change": "303 to /verify-email",
};

const isAuthRoute = (key: string) => key.split(" ")[1]!.startsWith("/api/auth/");

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every route of the table, and nothing else", () => {
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(apiRoutes()).sort());
  });

  it("documents product writes in integer cents and refuses unknown fields", () => {
    const schema = doc.paths["/api/products"]?.post?.requestBody?.content["application/json"]?.schema as { properties: Record<string, { type: string }>; additionalProperties: boolean; required: string[] };
    expect(schema.properties.priceCents?.type).toBe("integer");
    expect(schema.properties).not.toHaveProperty("price");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(["name", "priceCents", "stock"]));
  });

  it("compiles: every schema in it is valid JSON Schema 2020-12", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const request = operation.requestBody?.content["application/json"]?.schema;
        if (request) expect(() => ajv.compile({ ...request, $id: `req:${path}:${Math.random()}` })).not.toThrow();
      }
    }
  });

  it("documents the answer of every route that has one: status and JSON shape, or why it has none", () => {
    const routes = Object.keys(apiRoutes());
    for (const key of Object.keys(WITHOUT_JSON_ANSWER)) expect(routes).toContain(key);
    const withoutShape: string[] = [];
    for (const key of routes.filter((k) => !isAuthRoute(k))) {
      const [method, path] = key.split(" ") as [string, string];
      const statuses = Object.keys(doc.paths[path]?.[method.toLowerCase()]?.responses ?? {}).filter((status) => !status.endsWith("XX"));
      // Each of the shop's own routes names its success status; "2XX" is left to better-auth's.
      expect({ key, statuses: statuses.length > 0 }).toEqual({ key, statuses: true });
      if (key in WITHOUT_JSON_ANSWER) continue;
      const successes = successesOf(key);
      if (successes.length === 0 || successes.some(([, response]) => !response.content?.["application/json"])) withoutShape.push(key);
    }
    expect(withoutShape).toEqual([]);
  });

  it("documents the shop's redirects, empty answers and text as such, without a JSON shape", () => {
    const statusesOf = (key: string) => {
      const [method, path] = key.split(" ") as [string, string];
      return doc.paths[path]?.[method.toLowerCase()]?.responses ?? {};
    };
    for (const key of Object.keys(WITHOUT_JSON_ANSWER)) {
      for (const [status, response] of Object.entries(statusesOf(key)).filter(([status]) => !status.endsWith("XX"))) {
        expect({ key, status, json: Boolean(response.content?.["application/json"]) }).toEqual({ key, status, json: false });
      }
    }
    expect(Object.keys(statusesOf("DELETE /api/products/{id}"))).toContain("204");
    expect(Object.keys(statusesOf("GET /api/account/verify-email"))).toContain("303");
    expect(Object.keys(statusesOf("GET /api/metrics")["200"]?.content ?? {})).toEqual(["text/plain"]);
    expect(Object.keys(statusesOf("GET /api/admin/subscribers")["200"]?.content ?? {}).sort()).toEqual(["application/json", "text/csv"]);
  });
});

describe("real answers match the document", () => {
  it("documents a failing health check's 503 with its own body, as health-down tests see it", () => {
    const health503 = ajv.getSchema("doc#/paths/~1api~1health/get/responses/503/content/application~1json/schema")!;
    expect(health503({ ok: false, database: "down" })).toBe(true);
    const ready503 = ajv.getSchema("doc#/paths/~1api~1health~1ready/get/responses/503/content/application~1json/schema")!;
    expect(ready503({ ready: false, checks: { database: { ok: false, detail: "The database does not answer." }, migrations: { ok: false, detail: "Unknown while the database is down." } } })).toBe(true);
  });

  it("would catch an answer that drifts from it (a dollar price, a missing field)", () => {
    const validate = ajv.getSchema("doc#/paths/~1api~1products~1{id}/get/responses/200/content/application~1json/schema")!;
    const product = { id: "prd_1", name: "Hammer", description: "x", imageUrl: "/images/x.svg", priceCents: 1999, currency: "USD", stock: 1, minOrderQuantity: 1 };
    expect(validate(product)).toBe(true);
    expect(validate({ ...product, price: 19.99 })).toBe(false);
    expect(validate({ ...product, priceCents: 19.99 })).toBe(false);
    const { stock: _stock, ...missing } = product;
    expect(validate(missing)).toBe(false);
    const start = ajv.getSchema("doc#/paths/~1api~1orders~1{id}~1payment/post/responses/200/content/application~1json/schema")!;
    expect(start({ provider: "test", amountCents: 3000, currency: "USD" })).toBe(true);
    expect(start({ provider: "stripe", amountCents: 3000, currency: "USD", clientSecret: "pi_1_secret_2", publishableKey: "pk_test_1" })).toBe(true);
    expect(start({ provider: "paypal", amountCents: 3000, currency: "USD" })).toBe(false);
    expect(start({ provider: "test", amount: 30, currency: "USD" })).toBe(false);
    const users = ajv.getSchema("doc#/paths/~1api~1users/get/responses/200/content/application~1json/schema")!;
    const user = { id: "usr_1", name: "Ada", email: "ada@toolforge.test", imageUrl: null, role: "customer", emailVerified: true, disabled: false };
    const page = { items: [user], page: 1, pageSize: 50, total: 1, pageCount: 1, nextCursor: null, prevCursor: null, admins: 1, disabledAdmins: 0 };
    expect(users(page)).toBe(true);
    expect(users({ ...page, items: [{ ...user, role: "user" }] })).toBe(false);
    const { admins: _admins, ...withoutAdmins } = page;
    expect(users(withoutAdmins)).toBe(false);
  });

  it("catalog: list, one product, create, edit, delete, and their errors", async () => {
    const list = (await expectDocumented("GET", "/api/products", await products.GET(makeRequest("/api/products?pageSize=3"), noParams()))) as { items: { id: string }[] };
    const id = list.items[0]!.id;
    await expectDocumented("GET", "/api/products/{id}", await productById.GET(makeRequest(`/api/products/${id}`), noParams({ id })));
    await expectDocumented("GET", "/api/products/{id}", await productById.GET(makeRequest("/api/products/nope"), noParams({ id: "nope" })));
    await expectDocumented("GET", "/api/products", await products.GET(makeRequest("/api/products?sort=cheapest"), noParams()));
    const body = { name: "Spec Hammer", description: "Documented.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 1999, stock: 3, minOrderQuantity: 1 };
    const post = (init: { json: unknown; cookie?: string }) => products.POST(makeRequest("/api/products", { method: "POST", ...init }), noParams());
    const created = (await expectDocumented("POST", "/api/products", await post({ json: body, cookie: admin.cookie }))) as { id: string };
    await expectDocumented("POST", "/api/products", await post({ json: { ...body, price: 19.99 }, cookie: admin.cookie }));
    await expectDocumented("POST", "/api/products", await post({ json: body, cookie: customer.cookie }));
    await expectDocumented("POST", "/api/products", await post({ json: body }));
    const patch = (json: unknown) => productById.PATCH(makeRequest(`/api/products/${created.id}`, { method: "PATCH", json, cookie: admin.cookie }), noParams({ id: created.id }));
    const patched = (await expectDocumented("PATCH", "/api/products/{id}", await patch({ priceCents: 2499 }))) as { priceCents: number };
    expect(patched.priceCents).toBe(2499);
    await expectDocumented("PATCH", "/api/products/{id}", await patch({ priceCent: 2499 }));
    const removed = await productById.DELETE(makeRequest(`/api/products/${created.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: created.id }));
    expect(removed.status).toBe(204);
  });

  it("orders, reviews, newsletter, health", async () => {
    const list = (await (await products.GET(makeRequest("/api/products"), noParams())).json()) as { items: { id: string; minOrderQuantity: number; stock: number }[] };
    const item = list.items.find((p) => p.stock >= p.minOrderQuantity)!;
    const place = (json: unknown) => orders.POST(makeRequest("/api/orders", { method: "POST", json, cookie: customer.cookie }), noParams());
    // Without the shipping address: refused, as documented.
    await expectDocumented("POST", "/api/orders", await place({ productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0199" }));
    const created = await place({ productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS });
    expect(created.status).toBe(201);
    const placed = (await expectDocumented("POST", "/api/orders", created)) as { id: string; productId?: string };
    // The seed's one-line order carries its line at the top level too.
    expect(placed.productId).toBe(item.id);
    await expectDocumented("GET", "/api/orders", await orders.GET(makeRequest("/api/orders", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/orders/{id}", await orderById.GET(makeRequest(`/api/orders/${placed.id}`, { cookie: customer.cookie }), noParams({ id: placed.id })));
    await expectDocumented("POST", "/api/reviews", await reviews.POST(makeRequest("/api/reviews", { method: "POST", json: { text: "Exactly as documented.", rating: 5 }, cookie: customer.cookie }), noParams()));
    // The same customer again: the review is edited, 200, documented beside the 201.
    const edited = await reviews.POST(makeRequest("/api/reviews", { method: "POST", json: { text: "Edited, still as documented.", rating: 4 }, cookie: customer.cookie }), noParams());
    expect(edited.status).toBe(200);
    await expectDocumented("POST", "/api/reviews", edited);
    await expectDocumented("GET", "/api/reviews", await reviews.GET(makeRequest("/api/reviews"), noParams()));
    await expectDocumented("POST", "/api/newsletter", await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: uniqueEmail("spec") } }), noParams()));
    await expectDocumented("POST", "/api/newsletter", await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: "x", extra: 1 } }), noParams()));
    const leaving = uniqueEmail("spec-leaver");
    const left = await unsubscribe.POST(makeRequest("/api/newsletter/unsubscribe", { method: "POST", json: { email: leaving, token: unsubscribeToken(leaving) } }), noParams());
    expect(left.status).toBe(200);
    await expectDocumented("POST", "/api/newsletter/unsubscribe", left);
    const refused = await unsubscribe.POST(makeRequest("/api/newsletter/unsubscribe", { method: "POST", json: { email: leaving, token: "not-the-token" } }), noParams());
    expect(refused.status).toBe(422);
    await expectDocumented("POST", "/api/newsletter/unsubscribe", refused);
    await expectDocumented("GET", "/api/me/sessions", await sessions.GET(makeRequest("/api/me/sessions?pageSize=5", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/me/sessions", await sessions.GET(makeRequest("/api/me/sessions?page=0", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/health", await health.GET(makeRequest("/api/health"), noParams()));
    await expectDocumented("GET", "/api/health/live", await live.GET(makeRequest("/api/health/live"), noParams()));
    await expectDocumented("GET", "/api/health/ready", await ready.GET(makeRequest("/api/health/ready"), noParams()));
  });

  it("your name and photo: a change, and its refusals", async () => {
    const person = await signUp({ name: "Spec Renamer" });
    const send = (fields: Record<string, string | Uint8Array>, cookie: string | undefined = person.cookie) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value === "string") form.set(key, value);
        else form.set(key, new Blob([new Uint8Array(value)], { type: "image/png" }), "p.png");
      }
      return identity.PATCH(makeRequest("/api/me/identity", { method: "PATCH", body: form, cookie }), noParams());
    };
    const changed = (await expectDocumented("PATCH", "/api/me/identity", await send({ name: "Spec Renamed", photo: await pngBytes() }))) as { name: string };
    expect(changed.name).toBe("Spec Renamed");
    await expectDocumented("PATCH", "/api/me/identity", await send({ name: "" }));
    await expectDocumented("PATCH", "/api/me/identity", await send({ photo: new TextEncoder().encode("not an image") }));
    await expectDocumented("PATCH", "/api/me/identity", await send({ name: "Signed Out" }, undefined));
    const multipart = doc.paths["/api/me/identity"]?.patch?.requestBody?.content["multipart/form-data"]?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(multipart.properties).sort()).toEqual(["name", "photo"]);
  });

  it("better-auth's routes: their errors are documented too", async () => {
    const response = await authRoute.POST(makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email: customer.email, password: "wrong-password-here" } }), noParams());
    expect(response.status).toBe(401);
    await expectDocumented("POST", "/api/auth/sign-in/email", response);
  });
});

const nextYear = new Date().getUTCFullYear() + 1;
const goodCard = { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } };

/** An unpaid order of `session`'s, for a product made for it. */
async function placeOrder(session: Session, priceCents = 1500, quantity = 2): Promise<{ id: string; totalCents: number }> {
  const item = await createProduct({ priceCents, stock: 50 });
  const response = await orders.POST(
    makeRequest("/api/orders", { method: "POST", json: { items: [{ productId: item.id, quantity }], phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
    noParams(),
  );
  expect(response.status).toBe(201);
  return (await response.json()) as { id: string; totalCents: number };
}

describe("your account: real answers match the document", () => {
  it("registration, GET /api/me, and the profile before and after it is saved", async () => {
    const form = multipartForm({ name: "Spec Joiner", email: uniqueEmail("spec-join"), password: "correct-horse-battery", photo: await pngBytes(8, 8) });
    const registered = await register.POST(makeRequest("/api/register", { method: "POST", body: form }), noParams());
    expect(registered.status).toBe(201);
    await expectDocumented("POST", "/api/register", registered);

    const person = await signUp({ name: "Spec Profile" });
    const fresh = (await expectDocumented("GET", "/api/me", await me.GET(makeRequest("/api/me", { cookie: person.cookie }), noParams()))) as { profile: unknown };
    expect(fresh.profile).toEqual({ education: null, address: null, phone: null, birthday: null });
    const details = { education: "Trade school", address: "12 Forge Lane\nSheffield", phone: "+1 555 010 0199", birthday: "1990-04-25" };
    const patch = (json: unknown, cookie: string | undefined = person.cookie) => meProfile.PATCH(makeRequest("/api/me/profile", { method: "PATCH", json, cookie }), noParams());
    const saved = (await expectDocumented("PATCH", "/api/me/profile", await patch(details))) as { birthday: string };
    expect(saved.birthday).toBe("1990-04-25");
    const after = (await expectDocumented("GET", "/api/me", await me.GET(makeRequest("/api/me", { cookie: person.cookie }), noParams()))) as { role: string; profile: { birthday: string } };
    expect(after).toMatchObject({ role: "customer", profile: { birthday: "1990-04-25" } });
    await expectDocumented("PATCH", "/api/me/profile", await patch({ ...details, birthday: "2999-01-01" }));
    await expectDocumented("PATCH", "/api/me/profile", await patch(details, undefined));
    await expectDocumented("GET", "/api/me", await me.GET(makeRequest("/api/me"), noParams()));
  });

  it("email change, verification mail, password change and account deletion", async () => {
    const person = await signUp({ name: "Spec Mover" });
    const moved = await meEmail.POST(makeRequest("/api/me/email", { method: "POST", json: { email: uniqueEmail("spec-moved") }, cookie: person.cookie }), noParams());
    expect(moved.status).toBe(202);
    await expectDocumented("POST", "/api/me/email", moved);
    const resent = await meVerificationEmail.POST(makeRequest("/api/me/verification-email", { method: "POST", cookie: person.cookie }), noParams());
    expect(resent.status).toBe(202);
    await expectDocumented("POST", "/api/me/verification-email", resent);
    const changePassword = (json: unknown) => mePassword.POST(makeRequest("/api/me/password", { method: "POST", json, cookie: person.cookie }), noParams());
    const wrongPassword = await changePassword({ currentPassword: "wrong-password-1", newPassword: "another-horse-battery" });
    expect(wrongPassword.status).toBeGreaterThanOrEqual(400);
    expect(wrongPassword.status).toBeLessThan(500);
    await expectDocumented("POST", "/api/me/password", wrongPassword);
    await expectDocumented("POST", "/api/me/password", await changePassword({ currentPassword: "correct-horse-battery", newPassword: "another-horse-battery" }));

    const leaver = await signUp({ name: "Spec Leaver" });
    await placeOrder(leaver);
    const deleted = (await expectDocumented("DELETE", "/api/me", await me.DELETE(makeRequest("/api/me", { method: "DELETE", cookie: leaver.cookie }), noParams()))) as { ordersAnonymised: number };
    expect(deleted.ordersAnonymised).toBe(1);
  });

  it("sessions: one signed out, then every other", async () => {
    const person = await signUp({ name: "Spec Sessions" });
    await signIn(person.email, "correct-horse-battery");
    const list = (await (await sessions.GET(makeRequest("/api/me/sessions", { cookie: person.cookie }), noParams())).json()) as { items: { id: string; current: boolean }[] };
    const other = list.items.find((item) => !item.current)!;
    const revoke = (id: string) => meSessionById.DELETE(makeRequest(`/api/me/sessions/${id}`, { method: "DELETE", cookie: person.cookie }), noParams({ id }));
    expect(await expectDocumented("DELETE", "/api/me/sessions/{id}", await revoke(other.id))).toEqual({ current: false });
    await expectDocumented("DELETE", "/api/me/sessions/{id}", await revoke(other.id));
    await signIn(person.email, "correct-horse-battery");
    const signedOut = await meSignOutOthers.POST(makeRequest("/api/me/sessions/sign-out-others", { method: "POST", cookie: person.cookie }), noParams());
    expect(await expectDocumented("POST", "/api/me/sessions/sign-out-others", signedOut)).toEqual({ signedOut: 1 });
  });

  it("a sign-in phone number: none, added, signed in with, removed", async () => {
    const person = await signUp({ name: "Spec Phone" });
    const phoneNumber = uniquePhoneNumber();
    const read = () => mePhone.GET(makeRequest("/api/me/phone", { cookie: person.cookie }), noParams());
    expect(await expectDocumented("GET", "/api/me/phone", await read())).toEqual({ phoneNumber: null });
    await expectDocumented("POST", "/api/me/phone/code", await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber }, cookie: person.cookie }), noParams()));
    const add = (code: string) => mePhone.POST(makeRequest("/api/me/phone", { method: "POST", json: { phoneNumber, code }, cookie: person.cookie }), noParams());
    expect(await expectDocumented("POST", "/api/me/phone", await add(await latestCode(phoneNumber)))).toEqual({ phoneNumber });
    expect(await expectDocumented("GET", "/api/me/phone", await read())).toEqual({ phoneNumber });

    await expectDocumented("POST", "/api/sign-in/phone/code", await phoneSignInCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber } }), noParams()));
    const signInWith = (code: string) => phoneSignIn.POST(makeRequest("/api/sign-in/phone", { method: "POST", json: { phoneNumber, code } }), noParams());
    const code = await latestCode(phoneNumber);
    await expectDocumented("POST", "/api/sign-in/phone", await signInWith(code === "000000" ? "000001" : "000000"));
    expect(await expectDocumented("POST", "/api/sign-in/phone", await signInWith(code))).toEqual({ twoFactorRequired: false });

    const removed = await mePhone.DELETE(makeRequest("/api/me/phone", { method: "DELETE", cookie: person.cookie }), noParams());
    expect(await expectDocumented("DELETE", "/api/me/phone", removed)).toEqual({ phoneNumber: null });
  });

  it("mailed links: sign in with an email link, set a new password with a reset link", async () => {
    const person = await signUpVerified({ name: "Spec Linker" });
    await expectDocumented("POST", "/api/account/email-link", await emailLink.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams()));
    const useLink = (token: string) => emailLinkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token } }), noParams());
    const token = await tokenMailedTo(person.email, "/login/link");
    expect(await expectDocumented("POST", "/api/account/email-link/sign-in", await useLink(token))).toMatchObject({ user: { id: person.userId }, twoFactorRequired: false });
    await expectDocumented("POST", "/api/account/email-link/sign-in", await useLink(token));

    await expectDocumented("POST", "/api/account/password-reset", await passwordReset.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: person.email } }), noParams()));
    const resetToken = await tokenMailedTo(person.email, "/reset-password");
    const reset = (password: string) => passwordResetConfirm.POST(makeRequest("/api/account/password-reset/confirm", { method: "POST", json: { token: resetToken, password } }), noParams());
    await expectDocumented("POST", "/api/account/password-reset/confirm", await reset("short"));
    expect(await expectDocumented("POST", "/api/account/password-reset/confirm", await reset("new-password-2"))).toMatchObject({ user: { id: person.userId }, twoFactorRequired: false });
  });

  it("an email link to an account with two-factor on answers no user yet, as documented", async () => {
    const person = await signUpVerified({ name: "Spec Two Factor" });
    await enrolTwoFactor(person.cookie);
    await emailLink.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    const token = await tokenMailedTo(person.email, "/login/link");
    const used = await emailLinkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token } }), noParams());
    expect(await expectDocumented("POST", "/api/account/email-link/sign-in", used)).toEqual({ user: null, twoFactorRequired: true });
  });
});

describe("the shop's admin lists and changes: real answers match the document", () => {
  it("accounts: the list, a role change and a status change", async () => {
    const listed = (await expectDocumented("GET", "/api/users", await users.GET(makeRequest("/api/users?pageSize=5", { cookie: admin.cookie }), noParams()))) as { items: unknown[]; admins: number };
    expect(listed.items.length).toBeGreaterThan(0);
    expect(listed.admins).toBeGreaterThanOrEqual(1);
    await expectDocumented("GET", "/api/users", await users.GET(makeRequest("/api/users?q=spec", { cookie: admin.cookie }), noParams()));
    await expectDocumented("GET", "/api/users", await users.GET(makeRequest("/api/users", { cookie: customer.cookie }), noParams()));

    const target = await signUpVerified({ name: "Spec Promoted" });
    const setRole = (role: unknown) => userRole.PATCH(makeRequest(`/api/users/${target.userId}/role`, { method: "PATCH", json: { role }, cookie: admin.cookie }), noParams({ id: target.userId }));
    expect(await expectDocumented("PATCH", "/api/users/{id}/role", await setRole("admin"))).toMatchObject({ id: target.userId, role: "admin" });
    expect(await expectDocumented("PATCH", "/api/users/{id}/role", await setRole("customer"))).toMatchObject({ role: "customer" });
    const unknownRole = await setRole("owner");
    expect(unknownRole.status).toBe(422);
    await expectDocumented("PATCH", "/api/users/{id}/role", unknownRole);

    const setDisabled = (disabled: boolean) => userStatus.PATCH(makeRequest(`/api/users/${target.userId}/status`, { method: "PATCH", json: { disabled }, cookie: admin.cookie }), noParams({ id: target.userId }));
    expect(await expectDocumented("PATCH", "/api/users/{id}/status", await setDisabled(true))).toMatchObject({ disabled: true });
    expect(await expectDocumented("PATCH", "/api/users/{id}/status", await setDisabled(false))).toMatchObject({ disabled: false });
  });

  it("every order, with the customer's name", async () => {
    await placeOrder(customer);
    const list = (await expectDocumented("GET", "/api/admin/orders", await adminOrders.GET(makeRequest("/api/admin/orders?pageSize=3", { cookie: admin.cookie }), noParams()))) as {
      items: { customerName: string | null }[];
      nextCursor: string | null;
    };
    expect(list.items[0]?.customerName).toEqual(expect.any(String));
    await expectDocumented("GET", "/api/admin/orders", await adminOrders.GET(makeRequest(`/api/admin/orders?status=unpaid&q=${encodeURIComponent(customer.email)}`, { cookie: admin.cookie }), noParams()));
    if (list.nextCursor) {
      const next = `/api/admin/orders?pageSize=3&page=2&cursor=${encodeURIComponent(list.nextCursor)}`;
      await expectDocumented("GET", "/api/admin/orders", await adminOrders.GET(makeRequest(next, { cookie: admin.cookie }), noParams()));
    }
    await expectDocumented("GET", "/api/admin/orders", await adminOrders.GET(makeRequest("/api/admin/orders?status=lost", { cookie: admin.cookie }), noParams()));
  });

  it("reviews: hidden and shown, of the shop and of a tool, and the admin list", async () => {
    const author = await signUp({ name: "Spec Reviewer" });
    const tool = await createProduct({ name: "Spec Reviewed Chisel" });
    const ofShop = await createReviewForTest(author.userId);
    const ofTool = await createReviewForTest(author.userId, { productId: tool.id, rating: 5 });
    const moderate = (id: string, json: unknown, cookie = admin.cookie) => reviewById.PATCH(makeRequest(`/api/reviews/${id}`, { method: "PATCH", json, cookie }), noParams({ id }));
    expect(await expectDocumented("PATCH", "/api/reviews/{id}", await moderate(ofShop, { hidden: true }))).toMatchObject({ hidden: true, productName: null, authorEmail: author.email });
    expect(await expectDocumented("PATCH", "/api/reviews/{id}", await moderate(ofTool, { hidden: false }))).toMatchObject({ hidden: false, productName: "Spec Reviewed Chisel" });
    await expectDocumented("PATCH", "/api/reviews/{id}", await moderate(ofTool, { hidden: "yes" }));
    await expectDocumented("PATCH", "/api/reviews/{id}", await moderate("rev_missing", { hidden: true }));
    await expectDocumented("PATCH", "/api/reviews/{id}", await moderate(ofTool, { hidden: true }, customer.cookie));
    const list = (await expectDocumented("GET", "/api/admin/reviews", await adminReviews.GET(makeRequest("/api/admin/reviews?pageSize=5", { cookie: admin.cookie }), noParams()))) as { hidden: number; items: unknown[] };
    expect(list.hidden).toBeGreaterThanOrEqual(1);
    expect(list.items.length).toBeGreaterThanOrEqual(2);
  });

  it("contact messages, newsletter subscribers (JSON and CSV) and undelivered mail", async () => {
    const message = { name: "Spec Writer", email: uniqueEmail("spec-writer"), company: "Forge Ltd", country: "Wales", message: "Is the API documented?" };
    await expectDocumented("POST", "/api/contact", await contact.POST(makeRequest("/api/contact", { method: "POST", json: message }), noParams()));
    const messages = (await expectDocumented("GET", "/api/admin/messages", await adminMessages.GET(makeRequest("/api/admin/messages?pageSize=5", { cookie: admin.cookie }), noParams()))) as { items: unknown[] };
    expect(messages.items[0]).toMatchObject(message);

    const reader = uniqueEmail("spec-reader");
    await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: reader } }), noParams());
    const confirm = (token: string) => newsletterConfirm.POST(makeRequest("/api/newsletter/confirm", { method: "POST", json: { email: reader, token } }), noParams());
    const forged = await confirm("not-the-token");
    expect(forged.status).toBe(422);
    await expectDocumented("POST", "/api/newsletter/confirm", forged);
    expect(await expectDocumented("POST", "/api/newsletter/confirm", await confirm(await tokenMailedTo(reader, "/newsletter/confirm")))).toEqual({ subscribed: true });
    const subscribers = (await expectDocumented("GET", "/api/admin/subscribers", await adminSubscribers.GET(makeRequest("/api/admin/subscribers", { cookie: admin.cookie }), noParams()))) as { items: { email: string }[] };
    expect(subscribers.items.map((item) => item.email)).toContain(reader);
    const csv = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams());
    expect(csv.status).toBe(200);
    expect(await expectDocumented("GET", "/api/admin/subscribers", csv)).toContain(reader);
    await expectDocumented("GET", "/api/admin/subscribers", await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=xml", { cookie: admin.cookie }), noParams()));

    const mail = (await expectDocumented("GET", "/api/admin/mail", await adminMail.GET(makeRequest("/api/admin/mail?pageSize=5", { cookie: admin.cookie }), noParams()))) as { items: unknown[] };
    expect(mail.items.length).toBeGreaterThan(0);
    await expectDocumented("GET", "/api/admin/mail", await adminMail.GET(makeRequest("/api/admin/mail", { cookie: customer.cookie }), noParams()));
    const retried = (await expectDocumented("POST", "/api/admin/mail/retry", await adminMailRetry.POST(makeRequest("/api/admin/mail/retry", { method: "POST", cookie: admin.cookie }), noParams()))) as {
      retried: number;
    };
    expect(retried.retried).toBe(0);
  });
});

describe("cart and payment: real answers match the document", () => {
  it("the cart: empty, saved, with a line no longer on sale, and a refused save", async () => {
    const shopper = await signUp({ name: "Spec Shopper" });
    const get = () => cart.GET(makeRequest("/api/cart", { cookie: shopper.cookie }), noParams());
    const put = (json: unknown) => cart.PUT(makeRequest("/api/cart", { method: "PUT", json, cookie: shopper.cookie }), noParams());
    expect(await expectDocumented("GET", "/api/cart", await get())).toMatchObject({ items: [], totalCents: 0, noLongerOnSale: [] });
    const pliers = await createProduct({ name: "Spec Pliers", priceCents: 899, stock: 30 });
    const saw = await createProduct({ name: "Spec Saw", priceCents: 2450, stock: 5 });
    const saved = (await expectDocumented("PUT", "/api/cart", await put({ items: [{ productId: pliers.id, quantity: 2 }, { productId: saw.id, quantity: 1 }] }))) as { totalCents: number };
    expect(saved.totalCents).toBe(899 * 2 + 2450);
    await markDeletedForTest(saw.id);
    expect(await expectDocumented("GET", "/api/cart", await get())).toMatchObject({ totalCents: 1798, noLongerOnSale: [{ productId: saw.id, name: "Spec Saw" }] });
    await expectDocumented("PUT", "/api/cart", await put({ items: [{ productId: pliers.id, quantity: 31 }] }));
    await expectDocumented("POST", "/api/cart/join", await cartJoin.POST(makeRequest("/api/cart/join", { method: "POST", json: { items: [{ productId: pliers.id, quantity: 3 }] }, cookie: shopper.cookie }), noParams()));
    await expectDocumented("GET", "/api/cart", await cart.GET(makeRequest("/api/cart"), noParams()));
  });

  it("paying with the test processor: start, a declined card, then the paid order", async () => {
    const placed = await placeOrder(customer, 1500, 2);
    const start = () => payment.POST(makeRequest(`/api/orders/${placed.id}/payment`, { method: "POST", cookie: customer.cookie }), noParams({ id: placed.id }));
    const started = await expectDocumented("POST", "/api/orders/{id}/payment", await start());
    expect(started).toEqual({ provider: "test", amountCents: 3000, currency: "USD" });
    const confirm = (json: unknown) => paymentConfirm.POST(makeRequest(`/api/orders/${placed.id}/payment/confirm`, { method: "POST", json, cookie: customer.cookie }), noParams({ id: placed.id }));
    const declined = await confirm({ card: { ...goodCard.card, number: "4000000000000002" } });
    expect(declined.status).toBe(402);
    await expectDocumented("POST", "/api/orders/{id}/payment/confirm", declined);
    await expectDocumented("POST", "/api/orders/{id}/payment/confirm", await confirm({ card: { ...goodCard.card, cvc: "1" } }));
    const paid = (await expectDocumented("POST", "/api/orders/{id}/payment/confirm", await confirm(goodCard))) as { status: string; paidAt: string | null };
    expect(paid.status).toBe("paid");
    expect(paid.paidAt).toEqual(expect.any(String));
    // Paid: nothing left to start.
    await expectDocumented("POST", "/api/orders/{id}/payment", await start());
  });

  it("an order's life after it is placed: cancelled two ways, paid, shipped, refunded", async () => {
    const first = await placeOrder(customer);
    const cancelled = await orderCancel.POST(makeRequest(`/api/orders/${first.id}/cancel`, { method: "POST", cookie: customer.cookie }), noParams({ id: first.id }));
    expect(await expectDocumented("POST", "/api/orders/{id}/cancel", cancelled)).toMatchObject({ status: "cancelled" });
    await expectDocumented("POST", "/api/orders/{id}/cancel", await orderCancel.POST(makeRequest(`/api/orders/${first.id}/cancel`, { method: "POST", cookie: customer.cookie }), noParams({ id: first.id })));
    const second = await placeOrder(customer);
    const deleted = await orderById.DELETE(makeRequest(`/api/orders/${second.id}`, { method: "DELETE", cookie: customer.cookie }), noParams({ id: second.id }));
    expect(await expectDocumented("DELETE", "/api/orders/{id}", deleted)).toMatchObject({ status: "cancelled" });

    const third = await placeOrder(customer);
    const paid = await paymentConfirm.POST(makeRequest(`/api/orders/${third.id}/payment/confirm`, { method: "POST", json: goodCard, cookie: customer.cookie }), noParams({ id: third.id }));
    expect(paid.status).toBe(200);
    const ship = (shipped: boolean) => orderShipping.PATCH(makeRequest(`/api/orders/${third.id}/shipping`, { method: "PATCH", json: { shipped }, cookie: admin.cookie }), noParams({ id: third.id }));
    expect(await expectDocumented("PATCH", "/api/orders/{id}/shipping", await ship(true))).toMatchObject({ shipping: "shipped", shippedAt: expect.any(String) });
    await expectDocumented("PATCH", "/api/orders/{id}/shipping", await orderShipping.PATCH(makeRequest(`/api/orders/${first.id}/shipping`, { method: "PATCH", json: { shipped: true }, cookie: admin.cookie }), noParams({ id: first.id })));
    const refund = (json: unknown) => orderRefund.POST(makeRequest(`/api/orders/${third.id}/refund`, { method: "POST", json, cookie: admin.cookie }), noParams({ id: third.id }));
    await expectDocumented("POST", "/api/orders/{id}/refund", await refund({ reason: "" }));
    expect(await expectDocumented("POST", "/api/orders/{id}/refund", await refund({ reason: "Returned unused" }))).toMatchObject({ status: "refunded", refundReason: "Returned unused" });
  });

  it("the catalog's admin side, a product's reviews, and an upload", async () => {
    const tool = await createProduct({ name: "Spec Restored Level" });
    const author = await signUp({ name: "Spec Tool Reviewer" });
    await createReviewForTest(author.userId, { productId: tool.id, rating: 4 });
    const reviewsOf = (id: string) => productReviews.GET(makeRequest(`/api/products/${id}/reviews?pageSize=5`), noParams({ id }));
    expect(await expectDocumented("GET", "/api/products/{id}/reviews", await reviewsOf(tool.id))).toMatchObject({ total: 1, averageRating: 4 });
    await expectDocumented("GET", "/api/products/{id}/reviews", await reviewsOf("prd_missing"));

    const removed = await productById.DELETE(makeRequest(`/api/products/${tool.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: tool.id }));
    expect(await expectDocumented("DELETE", "/api/products/{id}", removed)).toBe("");
    const deleted = (await expectDocumented("GET", "/api/admin/deleted-products", await adminDeletedProducts.GET(makeRequest("/api/admin/deleted-products", { cookie: admin.cookie }), noParams()))) as { items: { id: string }[] };
    expect(deleted.items.map((item) => item.id)).toContain(tool.id);
    const restore = () => productRestore.POST(makeRequest(`/api/products/${tool.id}/restore`, { method: "POST", cookie: admin.cookie }), noParams({ id: tool.id }));
    expect(await expectDocumented("POST", "/api/products/{id}/restore", await restore())).toMatchObject({ id: tool.id });
    await expectDocumented("GET", "/api/admin/audit", await adminAudit.GET(makeRequest(`/api/admin/audit?entity=product&entityId=${tool.id}`, { cookie: admin.cookie }), noParams()));
    await expectDocumented("GET", "/api/admin/audit", await adminAudit.GET(makeRequest("/api/admin/audit?pageSize=5", { cookie: admin.cookie }), noParams()));

    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(await pngBytes(16, 16))], { type: "image/png" }), "tool.png");
    const uploaded = await uploads.POST(makeRequest("/api/uploads", { method: "POST", body: form, cookie: customer.cookie }), noParams());
    expect(await expectDocumented("POST", "/api/uploads", uploaded)).toEqual({ url: expect.any(String) });
  });

  it("the document itself", async () => {
    const served = (await expectDocumented("GET", "/api/openapi.json", await openapi.GET(makeRequest("/api/openapi.json"), noParams()))) as { openapi: string };
    expect(served.openapi).toBe("3.1.0");
  });
});

describe("paying with Stripe: real answers match the document", () => {
  const WEBHOOK_SECRET = "whsec_test_openapi";
  const fake = new FakeStripe();
  const signer = new Stripe("sk_test_for_signatures");

  beforeAll(async () => {
    process.env.STRIPE_SECRET_KEY = "sk_test_toolforge";
    process.env.STRIPE_PUBLISHABLE_KEY = "pk_test_toolforge";
    process.env.STRIPE_WEBHOOK_SECRET = WEBHOOK_SECRET;
    process.env.STRIPE_API_BASE = await fake.start();
    resetEnvForTests();
  });

  afterAll(async () => {
    await fake.stop();
    for (const key of ["STRIPE_SECRET_KEY", "STRIPE_PUBLISHABLE_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"]) delete process.env[key];
    resetEnvForTests();
  });

  const start = (id: string) => payment.POST(makeRequest(`/api/orders/${id}/payment`, { method: "POST", cookie: customer.cookie }), noParams({ id }));

  function deliver(type: string, intentId: string, orderId: string, amount: number): Promise<Response> {
    const payload = JSON.stringify({
      id: `evt_${Math.random().toString(36).slice(2)}`,
      object: "event",
      type,
      api_version: "2025-01-01",
      created: Math.floor(Date.now() / 1000),
      data: { object: { id: intentId, object: "payment_intent", amount, currency: "usd", metadata: { orderId }, status: "succeeded" } },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) });
    return stripeWebhook.POST(
      makeRequest("/api/webhooks/stripe", { method: "POST", body: payload, headers: { "stripe-signature": header, "content-type": "application/json", origin: "" } }),
      noParams(),
    );
  }

  it("start (with the client secret and publishable key), confirm, and the webhook", async () => {
    const placed = await placeOrder(customer, 3300, 3);
    const started = (await expectDocumented("POST", "/api/orders/{id}/payment", await start(placed.id))) as { provider: string; clientSecret: string; publishableKey: string };
    expect(started).toMatchObject({ provider: "stripe", amountCents: 9900, publishableKey: "pk_test_toolforge", clientSecret: expect.any(String) });
    const intentId = started.clientSecret.split("_secret_")[0]!;
    fake.succeed(intentId);
    const confirm = (paymentIntentId: string) =>
      paymentConfirm.POST(makeRequest(`/api/orders/${placed.id}/payment/confirm`, { method: "POST", json: { paymentIntentId }, cookie: customer.cookie }), noParams({ id: placed.id }));
    await expectDocumented("POST", "/api/orders/{id}/payment/confirm", await confirm("not-an-intent"));
    expect(await expectDocumented("POST", "/api/orders/{id}/payment/confirm", await confirm(intentId))).toMatchObject({ status: "paid" });

    const other = await placeOrder(customer, 1200, 1);
    const otherIntent = ((await (await start(other.id)).json()) as { clientSecret: string }).clientSecret.split("_secret_")[0]!;
    fake.succeed(otherIntent);
    const handled = await deliver("payment_intent.succeeded", otherIntent, other.id, other.totalCents);
    expect(await expectDocumented("POST", "/api/webhooks/stripe", handled)).toEqual({ handled: "payment_intent.succeeded" });
    const unsigned = await stripeWebhook.POST(makeRequest("/api/webhooks/stripe", { method: "POST", body: "{}", headers: { "content-type": "application/json", origin: "" } }), noParams());
    await expectDocumented("POST", "/api/webhooks/stripe", unsigned);
    // Refused before the body is read: an unsigned delivery is 400 however large it is, not 413.
    const unsignedLarge = await stripeWebhook.POST(
      makeRequest("/api/webhooks/stripe", { method: "POST", body: "x".repeat(300 * 1024), headers: { "content-type": "application/json", origin: "" } }),
      noParams(),
    );
    expect(unsignedLarge.status).toBe(400);
    expect(((await unsignedLarge.json()) as { error: { message: string } }).error.message).toBe("Missing Stripe-Signature header.");
  });
});

describe("coverage of this file", () => {
  // Runs last: the tests above counted each success they checked against the document.
  it("checks a real success of every route whose answer the document describes", () => {
    const described = Object.keys(apiRoutes()).filter((key) => !isAuthRoute(key) && successesOf(key).some(([, response]) => response.content?.["application/json"]));
    expect(described.filter((key) => !checkedSuccesses.has(key)).sort()).toEqual([]);
  });
});

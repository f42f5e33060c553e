import * as authRoute from "@/app/api/auth/[...all]/route";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as adminMessages from "@/app/api/admin/messages/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as contact from "@/app/api/contact/route";
import * as health from "@/app/api/health/route";
import * as revalidate from "@/app/api/internal/revalidate/route";
import * as me from "@/app/api/me/route";
import * as meProfile from "@/app/api/me/profile/route";
import * as adminReviews from "@/app/api/admin/reviews/route";
import * as reviews from "@/app/api/reviews/route";
import * as reviewById from "@/app/api/reviews/[id]/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as orders from "@/app/api/orders/route";
import * as orderById from "@/app/api/orders/[id]/route";
import * as cancelOrder from "@/app/api/orders/[id]/cancel/route";
import * as cartRoute from "@/app/api/cart/route";
import * as adminMail from "@/app/api/admin/mail/route";
import * as refundOrder from "@/app/api/orders/[id]/refund/route";
import * as payment from "@/app/api/orders/[id]/payment/route";
import * as paymentConfirm from "@/app/api/orders/[id]/payment/confirm/route";
import * as shipping from "@/app/api/orders/[id]/shipping/route";
import * as products from "@/app/api/products/route";
import * as productById from "@/app/api/products/[id]/route";
import * as register from "@/app/api/register/route";
import * as uploads from "@/app/api/uploads/route";
import * as users from "@/app/api/users/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import * as stripeWebhook from "@/app/api/webhooks/stripe/route";
import * as confirmEmailChange from "@/app/api/account/confirm-email-change/route";
import * as emailLink from "@/app/api/account/email-link/route";
import * as emailLinkSignIn from "@/app/api/account/email-link/sign-in/route";
import * as passwordReset from "@/app/api/account/password-reset/route";
import * as passwordResetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as verifyEmail from "@/app/api/account/verify-email/route";
import * as meEmail from "@/app/api/me/email/route";
import * as mePassword from "@/app/api/me/password/route";
import * as meSessions from "@/app/api/me/sessions/route";
import * as meSessionById from "@/app/api/me/sessions/[id]/route";
import * as meSignOutOthers from "@/app/api/me/sessions/sign-out-others/route";
import * as meVerificationEmail from "@/app/api/me/verification-email/route";
import * as userStatus from "@/app/api/users/[id]/status/route";
import { makeRequest, noParams, pngBytes, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, markPaidForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";

type Who = "anonymous" | "owner" | "other" | "admin";
type Fixture = { orderId: string; paidOrderId: string; productId: string; targetUserId: string; targetSessionId: string; reviewId: string };
type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;
type Row = {
  route: string;
  handler: Handler;
  method: string;
  path: (f: Fixture) => string;
  params?: (f: Fixture) => Record<string, string>;
  body?: (f: Fixture) => Promise<{ json?: unknown; body?: BodyInit }>;
  expect: [anonymous: number, owner: number, other: number, admin: number];
};

const nextYear = new Date().getUTCFullYear() + 1;
const productBody = { name: "Matrix Hammer", description: "Made for the matrix.", imageUrl: "/images/products/claw-hammer.svg", price: "19.99", stock: 10, minOrderQuantity: 1 };
const imageForm = async () => {
  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await pngBytes())], { type: "image/png" }), "x.png");
  return { body: form };
};
const h = (handler: unknown) => handler as Handler;

// Every /api route of the shop, with the status each kind of caller must get.
const table: Row[] = [
  { route: "GET /api/health", handler: h(health.GET), method: "GET", path: () => "/api/health", expect: [200, 200, 200, 200] },
  { route: "GET /api/auth/get-session", handler: h(authRoute.GET), method: "GET", path: () => "/api/auth/get-session", expect: [200, 200, 200, 200] },
  { route: "GET /api/me", handler: h(me.GET), method: "GET", path: () => "/api/me", expect: [401, 200, 200, 200] },
  { route: "PATCH /api/me/profile", handler: h(meProfile.PATCH), method: "PATCH", path: () => "/api/me/profile", body: async () => ({ json: { education: "BSc", address: "1 Main St", phone: "+1 555 010 0199", birthday: "1990-01-01" } }), expect: [401, 200, 200, 200] },
  { route: "GET /api/reviews", handler: h(reviews.GET), method: "GET", path: () => "/api/reviews", expect: [200, 200, 200, 200] },
  { route: "POST /api/reviews", handler: h(reviews.POST), method: "POST", path: () => "/api/reviews", body: async () => ({ json: { text: "Solid tools, fast delivery.", rating: 4.5 } }), expect: [401, 201, 201, 201] },
  { route: "PATCH /api/reviews/{id}", handler: h(reviewById.PATCH), method: "PATCH", path: (f) => `/api/reviews/${f.reviewId}`, params: (f) => ({ id: f.reviewId }), body: async () => ({ json: { hidden: true } }), expect: [401, 403, 403, 200] },
  { route: "GET /api/admin/reviews", handler: h(adminReviews.GET), method: "GET", path: () => "/api/admin/reviews", expect: [401, 403, 403, 200] },
  { route: "GET /api/products", handler: h(products.GET), method: "GET", path: () => "/api/products", expect: [200, 200, 200, 200] },
  { route: "GET /api/products/{id}", handler: h(productById.GET), method: "GET", path: (f) => `/api/products/${f.productId}`, params: (f) => ({ id: f.productId }), expect: [200, 200, 200, 200] },
  { route: "POST /api/products", handler: h(products.POST), method: "POST", path: () => "/api/products", body: async () => ({ json: productBody }), expect: [401, 403, 403, 201] },
  { route: "PATCH /api/products/{id}", handler: h(productById.PATCH), method: "PATCH", path: (f) => `/api/products/${f.productId}`, params: (f) => ({ id: f.productId }), body: async () => ({ json: { stock: 77 } }), expect: [401, 403, 403, 200] },
  { route: "DELETE /api/products/{id}", handler: h(productById.DELETE), method: "DELETE", path: (f) => `/api/products/${f.productId}`, params: (f) => ({ id: f.productId }), expect: [401, 403, 403, 204] },
  { route: "GET /api/orders", handler: h(orders.GET), method: "GET", path: () => "/api/orders", expect: [401, 200, 200, 200] },
  { route: "POST /api/orders", handler: h(orders.POST), method: "POST", path: () => "/api/orders", body: async (f) => ({ json: { productId: f.productId, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS } }), expect: [401, 201, 201, 201] },
  { route: "GET /api/orders/{id}", handler: h(orderById.GET), method: "GET", path: (f) => `/api/orders/${f.orderId}`, params: (f) => ({ id: f.orderId }), expect: [401, 200, 404, 200] },
  { route: "DELETE /api/orders/{id}", handler: h(orderById.DELETE), method: "DELETE", path: (f) => `/api/orders/${f.orderId}`, params: (f) => ({ id: f.orderId }), expect: [401, 200, 404, 200] },
  { route: "DELETE /api/orders/{id} (paid)", handler: h(orderById.DELETE), method: "DELETE", path: (f) => `/api/orders/${f.paidOrderId}`, params: (f) => ({ id: f.paidOrderId }), expect: [401, 409, 404, 409] },
  { route: "POST /api/orders/{id}/cancel", handler: h(cancelOrder.POST), method: "POST", path: (f) => `/api/orders/${f.orderId}/cancel`, params: (f) => ({ id: f.orderId }), expect: [401, 200, 404, 200] },
  { route: "POST /api/orders/{id}/refund", handler: h(refundOrder.POST), method: "POST", path: (f) => `/api/orders/${f.paidOrderId}/refund`, params: (f) => ({ id: f.paidOrderId }), body: async () => ({ json: { reason: "Matrix refund" } }), expect: [401, 403, 403, 200] },
  { route: "POST /api/orders/{id}/payment", handler: h(payment.POST), method: "POST", path: (f) => `/api/orders/${f.orderId}/payment`, params: (f) => ({ id: f.orderId }), expect: [401, 200, 404, 404] },
  { route: "POST /api/orders/{id}/payment/confirm", handler: h(paymentConfirm.POST), method: "POST", path: (f) => `/api/orders/${f.orderId}/payment/confirm`, params: (f) => ({ id: f.orderId }), body: async () => ({ json: { card: { number: "4242424242424242", expMonth: 12, expYear: nextYear, cvc: "123" } } }), expect: [401, 200, 404, 404] },
  { route: "PATCH /api/orders/{id}/shipping", handler: h(shipping.PATCH), method: "PATCH", path: (f) => `/api/orders/${f.paidOrderId}/shipping`, params: (f) => ({ id: f.paidOrderId }), body: async () => ({ json: { shipped: true } }), expect: [401, 403, 403, 200] },
  { route: "GET /api/cart", handler: h(cartRoute.GET), method: "GET", path: () => "/api/cart", expect: [401, 200, 200, 200] },
  { route: "PUT /api/cart", handler: h(cartRoute.PUT), method: "PUT", path: () => "/api/cart", body: async () => ({ json: { items: [] } }), expect: [401, 200, 200, 200] },
  { route: "GET /api/admin/mail", handler: h(adminMail.GET), method: "GET", path: () => "/api/admin/mail", expect: [401, 403, 403, 200] },
  { route: "GET /api/admin/orders", handler: h(adminOrders.GET), method: "GET", path: () => "/api/admin/orders", expect: [401, 403, 403, 200] },
  { route: "GET /api/admin/audit", handler: h(adminAudit.GET), method: "GET", path: () => "/api/admin/audit", expect: [401, 403, 403, 200] },
  { route: "GET /api/admin/messages", handler: h(adminMessages.GET), method: "GET", path: () => "/api/admin/messages", expect: [401, 403, 403, 200] },
  { route: "GET /api/admin/subscribers", handler: h(adminSubscribers.GET), method: "GET", path: () => "/api/admin/subscribers?format=csv", expect: [401, 403, 403, 200] },
  { route: "GET /api/users", handler: h(users.GET), method: "GET", path: () => "/api/users", expect: [401, 403, 403, 200] },
  { route: "PATCH /api/users/{id}/role", handler: h(userRole.PATCH), method: "PATCH", path: (f) => `/api/users/${f.targetUserId}/role`, params: (f) => ({ id: f.targetUserId }), body: async () => ({ json: { role: "admin" } }), expect: [401, 403, 403, 200] },
  { route: "POST /api/uploads", handler: h(uploads.POST), method: "POST", path: () => "/api/uploads", body: imageForm, expect: [401, 201, 201, 201] },
  { route: "POST /api/contact", handler: h(contact.POST), method: "POST", path: () => "/api/contact", body: async () => ({ json: { name: "M", email: "m@toolforge.test", company: "C", country: "X", message: "Hello there" } }), expect: [201, 201, 201, 201] },
  { route: "POST /api/newsletter", handler: h(newsletter.POST), method: "POST", path: () => "/api/newsletter", body: async () => ({ json: { email: uniqueEmail("news") } }), expect: [200, 200, 200, 200] },
  {
    route: "POST /api/register",
    handler: h(register.POST),
    method: "POST",
    path: () => "/api/register",
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
  { route: "POST /api/auth/sign-up/email (closed: /api/register is the way in)", handler: h(authRoute.POST), method: "POST", path: () => "/api/auth/sign-up/email", body: async () => ({ json: { email: uniqueEmail("closed"), name: "X", password: "long-enough-pw" } }), expect: [404, 404, 404, 404] },
  { route: "GET /api/me/sessions", handler: h(meSessions.GET), method: "GET", path: () => "/api/me/sessions", expect: [401, 200, 200, 200] },
  { route: "DELETE /api/me/sessions/{id} (another account's)", handler: h(meSessionById.DELETE), method: "DELETE", path: (f) => `/api/me/sessions/${f.targetSessionId}`, params: (f) => ({ id: f.targetSessionId }), expect: [401, 404, 404, 404] },
  { route: "POST /api/me/sessions/sign-out-others", handler: h(meSignOutOthers.POST), method: "POST", path: () => "/api/me/sessions/sign-out-others", expect: [401, 200, 200, 200] },
  { route: "POST /api/me/password (wrong current password)", handler: h(mePassword.POST), method: "POST", path: () => "/api/me/password", body: async () => ({ json: { currentPassword: "not-the-password", newPassword: "another-long-one" } }), expect: [401, 422, 422, 422] },
  { route: "POST /api/me/email (invalid address)", handler: h(meEmail.POST), method: "POST", path: () => "/api/me/email", body: async () => ({ json: { email: "nope" } }), expect: [401, 422, 422, 422] },
  { route: "POST /api/me/verification-email", handler: h(meVerificationEmail.POST), method: "POST", path: () => "/api/me/verification-email", expect: [401, 202, 202, 409] },
  { route: "PATCH /api/users/{id}/status", handler: h(userStatus.PATCH), method: "PATCH", path: (f) => `/api/users/${f.targetUserId}/status`, params: (f) => ({ id: f.targetUserId }), body: async () => ({ json: { disabled: false } }), expect: [401, 403, 403, 200] },
  { route: "POST /api/account/password-reset", handler: h(passwordReset.POST), method: "POST", path: () => "/api/account/password-reset", body: async () => ({ json: { email: uniqueEmail("reset") } }), expect: [202, 202, 202, 202] },
  { route: "POST /api/account/password-reset/confirm (unknown link)", handler: h(passwordResetConfirm.POST), method: "POST", path: () => "/api/account/password-reset/confirm", body: async () => ({ json: { token: "x".repeat(43), password: "long-enough-pw" } }), expect: [422, 422, 422, 422] },
  { route: "POST /api/account/email-link", handler: h(emailLink.POST), method: "POST", path: () => "/api/account/email-link", body: async () => ({ json: { email: uniqueEmail("link") } }), expect: [202, 202, 202, 202] },
  { route: "POST /api/account/email-link/sign-in (unknown link)", handler: h(emailLinkSignIn.POST), method: "POST", path: () => "/api/account/email-link/sign-in", body: async () => ({ json: { token: "x".repeat(43) } }), expect: [422, 422, 422, 422] },
  { route: "GET /api/account/verify-email (unknown link)", handler: h(verifyEmail.GET), method: "GET", path: () => `/api/account/verify-email?token=${"x".repeat(43)}`, expect: [303, 303, 303, 303] },
  { route: "GET /api/account/confirm-email-change (unknown link)", handler: h(confirmEmailChange.GET), method: "GET", path: () => `/api/account/confirm-email-change?token=${"x".repeat(43)}`, expect: [303, 303, 303, 303] },
  // DELETE /api/me deletes whoever calls it, so it cannot share these sessions: account-security.test.ts covers it.
  { route: "POST /api/webhooks/stripe (Stripe not configured)", handler: h(stripeWebhook.POST), method: "POST", path: () => "/api/webhooks/stripe", body: async () => ({ json: {} }), expect: [404, 404, 404, 404] },
  { route: "POST /api/internal/revalidate (no token)", handler: h(revalidate.POST), method: "POST", path: () => "/api/internal/revalidate", expect: [404, 404, 404, 404] },
];

let sessions: Record<Exclude<Who, "anonymous">, Session>;

beforeAll(async () => {
  sessions = {
    owner: await signUp({ name: "Owner" }),
    other: await signUp({ name: "Other" }),
    admin: await signUpAdmin(),
  };
});

/** Fresh resources for every cell, so that a successful delete in one cell cannot change another. */
async function fixture(): Promise<Fixture> {
  const item = await createProduct({ stock: 100 });
  const place = async () => {
    const response = await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: sessions.owner.cookie }),
      noParams(),
    );
    return ((await response.json()) as { id: string }).id;
  };
  const orderId = await place();
  const paidOrderId = await place();
  await markPaidForTest(paidOrderId);
  const target = await signUp({ name: "Target" });
  const written = await reviews.POST(
    makeRequest("/api/reviews", { method: "POST", json: { text: "A review to moderate.", rating: 3 }, cookie: target.cookie }),
    noParams(),
  );
  const reviewId = ((await written.json()) as { id: string }).id;
  const targetSessions = (await (await meSessions.GET(makeRequest("/api/me/sessions", { cookie: target.cookie }), noParams())).json()) as { items: { id: string }[] };
  return { orderId, paidOrderId, productId: item.id, targetUserId: target.userId, targetSessionId: targetSessions.items[0]?.id ?? "", reviewId };
}

const whos: Who[] = ["anonymous", "owner", "other", "admin"];
const cells = table.flatMap((row) => whos.map((who, i) => [row.route, who, row.expect[i] as number, row] as const));

describe("authorization matrix: every /api route × anonymous, customer, another customer, admin", () => {
  it.each(cells)("%s as %s → %i", async (_name, who, expected, row) => {
    const f = await fixture();
    const extra = row.body ? await row.body(f) : {};
    const cookie = who === "anonymous" ? undefined : sessions[who].cookie;
    const request = makeRequest(row.path(f), { method: row.method, cookie, ...extra });
    const response = await row.handler(request, { params: Promise.resolve(row.params ? row.params(f) : {}) });
    expect(response.status).toBe(expected);
  });
});

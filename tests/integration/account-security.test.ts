import { jest } from "@jest/globals";
import { and, eq, inArray } from "drizzle-orm";
import * as confirmEmailChange from "@/app/api/account/confirm-email-change/route";
import * as linkRequest from "@/app/api/account/email-link/route";
import * as linkSignIn from "@/app/api/account/email-link/sign-in/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as emailRoute from "@/app/api/me/email/route";
import * as meRoute from "@/app/api/me/route";
import * as passwordRoute from "@/app/api/me/password/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import * as sessionsRoute from "@/app/api/me/sessions/route";
import * as sessionById from "@/app/api/me/sessions/[id]/route";
import * as signOutOthers from "@/app/api/me/sessions/sign-out-others/route";
import * as ordersRoute from "@/app/api/orders/route";
import * as paymentConfirm from "@/app/api/orders/[id]/payment/confirm/route";
import * as shippingRoute from "@/app/api/orders/[id]/shipping/route";
import * as reviewsRoute from "@/app/api/reviews/route";
import * as reviewById from "@/app/api/reviews/[id]/route";
import * as userStatus from "@/app/api/users/[id]/status/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import { describeEmailChangeLink } from "@/lib/accounts/email-change";
import { describeResetLink } from "@/lib/accounts/password-reset";
import { requireActor } from "@/lib/accounts/actor";
import { getDb } from "@/lib/db/client";
import { placeOrder } from "@/lib/orders/service";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { ANONYMISED_ORDER, formatOrderNumber, placeOrderSchema } from "@/models/orders";
import { auditLog, mailOutbox, order, payment, profile, review, user } from "@/models/schema";
import { ageSessions, signIn, signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { itOnPostgres, whileAnotherTransactionHolds } from "@/tests/fixtures/concurrent";
import { countMailTo, newestMailTo, signUpVerified, tokenMailedTo } from "@/tests/fixtures/mail";
import { createProduct, stockOf, TEST_ADDRESS } from "@/tests/fixtures/shop";
import { uploadedNames } from "@/tests/fixtures/uploads";

jest.setTimeout(120_000);

type SessionList = { items: { id: string; device: string; ipAddress: string | null; current: boolean; lastSeenAt: string }[]; total: number };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, string> } };

const FIREFOX = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

const listSessions = async (cookie: string): Promise<SessionList> =>
  (await (await sessionsRoute.GET(makeRequest("/api/me/sessions", { cookie }), noParams())).json()) as SessionList;
const changeEmail = (cookie: string, email: string) => emailRoute.POST(makeRequest("/api/me/email", { method: "POST", json: { email }, cookie }), noParams());
/** Places an order of two units (of a new product, unless one is named) for the person. */
async function placeFor(person: Session, productId?: string): Promise<Response> {
  const id = productId ?? (await createProduct({ stock: 20, priceCents: 2000 })).id;
  return ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId: id, quantity: 2, phone: "+1 555 010 0142", shippingAddress: TEST_ADDRESS }, cookie: person.cookie }),
    noParams(),
  );
}
const deleteMe = (cookie: string) => meRoute.DELETE(makeRequest("/api/me", { method: "DELETE", cookie }), noParams());
const setDisabled = (cookie: string, id: string, disabled: boolean) =>
  userStatus.PATCH(makeRequest(`/api/users/${id}/status`, { method: "PATCH", json: { disabled }, cookie }), noParams({ id }));

describe("sessions", () => {
  it("lists the account's sessions with device, address and last seen, this one first", async () => {
    const person = await signUp({ password: "session-password" });
    await signIn(person.email, "session-password", { "user-agent": FIREFOX, "x-forwarded-for": "203.0.113.7" });
    const phone = await signIn(person.email, "session-password", { "user-agent": IPHONE, "x-forwarded-for": "198.51.100.23" });
    const list = await listSessions(phone);
    expect(list.total).toBe(3);
    expect(list.items[0]).toMatchObject({ current: true, device: "Safari on iPhone", ipAddress: "198.51.100.23" });
    expect(list.items.filter((s) => s.current)).toHaveLength(1);
    expect(list.items.map((s) => s.device)).toContain("Firefox on Windows");
    expect(list.items.every((s) => !Number.isNaN(Date.parse(s.lastSeenAt)))).toBe(true);
    // Another account sees only its own.
    expect((await listSessions((await signUp()).cookie)).total).toBe(1);
    expect((await sessionsRoute.GET(makeRequest("/api/me/sessions"), noParams())).status).toBe(401);
  });

  it("pages the sessions in the database with a true total, this one first on page 1 only", async () => {
    const person = await signUp({ password: "session-password" });
    // Five sessions in all: the sign-up's, three more, then the one that asks.
    for (let index = 0; index < 3; index += 1) await signIn(person.email, "session-password", { "user-agent": FIREFOX });
    const asking = await signIn(person.email, "session-password", { "user-agent": IPHONE });
    const pageOf = async (query: string) => {
      const response = await sessionsRoute.GET(makeRequest(`/api/me/sessions?${query}`, { cookie: asking }), noParams());
      return { status: response.status, body: (await response.json()) as SessionList & { page: number; pageSize: number; pageCount: number } & ErrorBody };
    };

    const first = await pageOf("pageSize=2");
    expect(first.body).toMatchObject({ page: 1, pageSize: 2, total: 5, pageCount: 3 });
    expect(first.body.items.map((s) => s.current)).toEqual([true, false]);
    const second = await pageOf("pageSize=2&page=2");
    const third = await pageOf("pageSize=2&page=3");
    expect(second.body.items.map((s) => s.current)).toEqual([false, false]);
    expect(third.body.items).toHaveLength(1);
    // Every session once, across the pages.
    const ids = [...first.body.items, ...second.body.items, ...third.body.items].map((s) => s.id);
    expect(new Set(ids).size).toBe(5);
    // Past the last page: no rows, the same total.
    expect((await pageOf("pageSize=2&page=4")).body).toMatchObject({ items: [], total: 5, pageCount: 3 });
    // The default page holds them all; a page size over 100 is refused with a message.
    expect((await pageOf("")).body).toMatchObject({ page: 1, pageSize: 20, total: 5 });
    const tooMany = await pageOf("pageSize=500");
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.error.fields).toEqual({ pageSize: "Page size must be at most 100" });
  });

  it("signs one session out, or all others, and never another account's", async () => {
    const person = await signUp({ password: "session-password" });
    const laptop = await signIn(person.email, "session-password");
    const tablet = await signIn(person.email, "session-password");
    const laptopId = (await listSessions(laptop)).items.find((s) => s.current)?.id ?? "";

    const stranger = await signUp();
    const foreign = await sessionById.DELETE(makeRequest(`/api/me/sessions/${laptopId}`, { method: "DELETE", cookie: stranger.cookie }), noParams({ id: laptopId }));
    expect(foreign.status).toBe(404);
    expect(await whoAmI(laptop)).not.toBeNull();

    const one = await sessionById.DELETE(makeRequest(`/api/me/sessions/${laptopId}`, { method: "DELETE", cookie: person.cookie }), noParams({ id: laptopId }));
    expect(await one.json()).toEqual({ current: false });
    expect(await whoAmI(laptop)).toBeNull();
    expect(await whoAmI(tablet)).not.toBeNull();

    const others = await signOutOthers.POST(makeRequest("/api/me/sessions/sign-out-others", { method: "POST", cookie: person.cookie }), noParams());
    expect(await others.json()).toEqual({ signedOut: 1 });
    expect(await whoAmI(tablet)).toBeNull();
    expect(await whoAmI(person.cookie)).not.toBeNull();
  });
});

describe("changing the password", () => {
  it("needs the current password, then signs every other session out and mails a notice", async () => {
    const person = await signUp({ password: "first-password" });
    const other = await signIn(person.email, "first-password");
    const change = (json: unknown) => passwordRoute.POST(makeRequest("/api/me/password", { method: "POST", json, cookie: person.cookie }), noParams());

    const wrong = await change({ currentPassword: "not-it-at-all", newPassword: "second-password" });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as ErrorBody).error.fields).toEqual({ currentPassword: "Your current password is not correct." });
    expect((await change({ currentPassword: "first-password", newPassword: "short" })).status).toBe(422);
    expect((await change({ newPassword: "second-password" })).status).toBe(422);
    const same = await change({ currentPassword: "first-password", newPassword: "first-password" });
    expect(same.status).toBe(422);
    expect(((await same.json()) as ErrorBody).error.fields).toEqual({ newPassword: "Choose a new password, not the one you have now" });
    expect(await whoAmI(other)).not.toBeNull();

    const done = await change({ currentPassword: "first-password", newPassword: "second-password" });
    expect(done.status).toBe(200);
    expect(await whoAmI(person.cookie)).not.toBeNull();
    expect(await whoAmI(other)).toBeNull();
    expect((await signInRequest(person.email, "first-password")).status).toBe(401);
    expect((await signInRequest(person.email, "second-password")).status).toBe(200);
    expect(await newestMailTo(person.email, "Your ToolForge password was changed")).not.toBeNull();
  });

  it("ends the reset, sign-in and address-change links mailed before it", async () => {
    const person = await signUpVerified({ password: "first-password" });
    await resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: person.email } }), noParams());
    const resetLink = await tokenMailedTo(person.email, "/reset-password");
    await linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    const signInLink = await tokenMailedTo(person.email, "/login/link");
    const newEmail = uniqueEmail("elsewhere");
    expect((await changeEmail(person.cookie, newEmail)).status).toBe(202);
    const changeLink = await tokenMailedTo(newEmail, "/confirm-email");
    expect(await describeResetLink(resetLink)).toBe("valid");

    const done = await passwordRoute.POST(
      makeRequest("/api/me/password", { method: "POST", json: { currentPassword: "first-password", newPassword: "second-password" }, cookie: person.cookie }),
      noParams(),
    );
    expect(done.status).toBe(200);
    expect(await describeResetLink(resetLink)).toBe("invalid");
    const viaLink = await linkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token: signInLink } }), noParams());
    expect(viaLink.status).toBe(422);
    expect((await describeEmailChangeLink(changeLink)).state).toBe("invalid");
    expect((await signInRequest(person.email, "second-password")).status).toBe(200);
  });
});

describe("changing the email address", () => {
  it("needs a recent sign-in, mails the new address, and moves the account only once the link is opened", async () => {
    const person = await signUpVerified({ password: "email-password" });
    const newEmail = uniqueEmail("moved");

    await ageSessions(person.userId, 11);
    const stale = await changeEmail(person.cookie, newEmail);
    expect(stale.status).toBe(403);
    expect(await stale.json()).toMatchObject({ error: { details: { reason: "recent_sign_in_required" } } });
    // A stale session is told to sign in again without using up the account's 5 tries in 15 minutes.
    for (let i = 0; i < 5; i += 1) expect((await changeEmail(person.cookie, newEmail)).status).toBe(403);

    const fresh = await signIn(person.email, "email-password");
    expect((await changeEmail(fresh, person.email)).status).toBe(422);
    const taken = await changeEmail(fresh, (await signUp()).email);
    expect(taken.status).toBe(409);
    expect(((await taken.json()) as ErrorBody).error.fields?.email).toBe("Another account already uses this email address.");

    const asked = await changeEmail(fresh, newEmail);
    expect(asked.status).toBe(202);
    // Nothing changes until the new address is proved.
    expect(await whoAmI(fresh)).toMatchObject({ email: person.email, emailVerified: true });

    const token = await tokenMailedTo(newEmail, "/confirm-email");
    // Opening the link (a mail scanner may) changes nothing: the page asks for a press first.
    expect(await describeEmailChangeLink(token)).toEqual({ state: "valid", email: newEmail, userId: person.userId });
    const viaOldLink = await confirmEmailChange.GET(makeRequest(`/api/account/confirm-email-change?token=${token}`), noParams());
    expect(viaOldLink.headers.get("location")).toBe(`/confirm-email?token=${token}`);
    expect(await whoAmI(fresh)).toMatchObject({ email: person.email });
    // Pressed where nobody, or another account, is signed in (the owner of an address a stranger
    // typed): nothing changes, the link stays good, and the page asks for the account's sign-in.
    for (const cookie of [undefined, (await signUp()).cookie]) {
      const elsewhere = await confirmByForm(token, cookie);
      expect(elsewhere.status).toBe(303);
      expect(elsewhere.headers.get("location")).toBe(`/confirm-email?token=${token}`);
    }
    expect(await whoAmI(fresh)).toMatchObject({ email: person.email });
    expect(await describeEmailChangeLink(token)).toMatchObject({ state: "valid" });
    const opened = await confirmByForm(token, fresh);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/verify-email?result=changed");
    expect(await whoAmI(fresh)).toMatchObject({ email: newEmail, emailVerified: true });
    // The account's other sessions end; the one that confirmed stays.
    expect((await meRoute.GET(makeRequest("/api/me", { cookie: person.cookie }), noParams())).status).toBe(401);
    expect(await newestMailTo(person.email, "The email address of your ToolForge account was changed")).not.toBeNull();
    expect((await signInRequest(newEmail, "email-password")).status).toBe(200);
    expect((await signInRequest(person.email, "email-password")).status).toBe(401);

    const reused = await confirmByForm(token, fresh);
    expect(reused.headers.get("location")).toBe("/verify-email?result=used");
    expect((await confirmByForm("x".repeat(43), fresh)).headers.get("location")).toBe("/verify-email?result=invalid");
    // A body without the field, or not a form, is a malformed request.
    expect((await confirmByForm("", fresh)).status).toBe(422);
  });

  it("makes links mailed to the old address stop working", async () => {
    const person = await signUpVerified();
    await linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    const oldLink = await tokenMailedTo(person.email, "/login/link");
    const newEmail = uniqueEmail("moved");
    await changeEmail(person.cookie, newEmail);
    const token = await tokenMailedTo(newEmail, "/confirm-email");
    await confirmByForm(token, person.cookie);
    const refused = await linkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token: oldLink } }), noParams());
    expect(refused.status).toBe(422);
  });
});

/** The press on /confirm-email, in the browser with `cookie`: its plain form posts the link's token. */
const confirmByForm = (token: string, cookie?: string) =>
  confirmEmailChange.POST(
    makeRequest("/api/account/confirm-email-change", {
      method: "POST",
      body: `token=${encodeURIComponent(token)}`,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      cookie,
    }),
    noParams(),
  );

/** The only active admin of the shop from now on (set directly: how they became admin is not what these tests are about). */
async function onlyAdmin(session: Session): Promise<Session> {
  const db = await getDb();
  await db.update(user).set({ role: "user" }).where(eq(user.role, "admin"));
  await db.update(user).set({ role: "admin" }).where(eq(user.id, session.userId));
  return session;
}

describe("deleting the account", () => {
  async function customerWithHistory(): Promise<{ person: Session; paidOrderId: string; unpaidOrderId: string; itemId: string }> {
    const person = await signUpVerified({ name: "Dana Delete", password: "delete-password" });
    const item = await createProduct({ stock: 20, priceCents: 2000 });
    const place = async () =>
      ((await (
        await ordersRoute.POST(
          makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 2, phone: "+1 555 010 0142", shippingAddress: TEST_ADDRESS }, cookie: person.cookie }),
          noParams(),
        )
      ).json()) as { id: string }).id;
    const paidOrderId = await place();
    const unpaidOrderId = await place();
    const year = new Date().getUTCFullYear() + 1;
    const paid = await paymentConfirm.POST(
      makeRequest(`/api/orders/${paidOrderId}/payment/confirm`, {
        method: "POST",
        json: { card: { number: "4242424242424242", expMonth: 12, expYear: year, cvc: "123" } },
        cookie: person.cookie,
      }),
      noParams({ id: paidOrderId }),
    );
    expect(paid.status).toBe(200);
    const db = await getDb();
    await db.insert(profile).values({ userId: person.userId, address: "1 Erased Lane", phone: "+1 555 010 0142", education: "BSc", birthday: "1990-01-01" });
    await reviewsRoute.POST(makeRequest("/api/reviews", { method: "POST", json: { text: "Erase me with my account.", rating: 4 }, cookie: person.cookie }), noParams());
    return { person, paidOrderId, unpaidOrderId, itemId: item.id };
  }

  it("needs a signed-in account, and a recent sign-in", async () => {
    expect((await meRoute.DELETE(makeRequest("/api/me", { method: "DELETE" }), noParams())).status).toBe(401);
    const { person } = await customerWithHistory();
    await ageSessions(person.userId, 11);
    const refused = await deleteMe(person.cookie);
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/sign in again/);
    expect(await whoAmI(person.cookie)).not.toBeNull();
  });

  it("erases the person and keeps their orders and payments, anonymised", async () => {
    const { person, paidOrderId, unpaidOrderId, itemId } = await customerWithHistory();
    const db = await getDb();
    expect(await stockOf(itemId)).toBe(16);
    const [photo] = await db.select({ image: user.image }).from(user).where(eq(user.id, person.userId));
    const photoName = (photo?.image ?? "").replace("/uploads/", "");
    expect(await uploadedNames()).toContain(photoName);

    const publicReviewIds = async () =>
      ((await (await reviewsRoute.GET(makeRequest("/api/reviews"), noParams())).json()) as { items: { id: string }[] }).items.map((r) => r.id);
    const [theirReview] = await db.select({ id: review.id }).from(review).where(eq(review.userId, person.userId));
    // Read (and cached) while the account exists.
    expect(await publicReviewIds()).toContain(theirReview?.id);

    // A paid order still to ship keeps the account (the next test); this one has left the workshop.
    await db.update(order).set({ shipping: "shipped", shippedAt: new Date() }).where(eq(order.id, paidOrderId));
    const response = await deleteMe(person.cookie);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ ordersAnonymised: 2 });
    expect(await publicReviewIds()).not.toContain(theirReview?.id);

    expect(await whoAmI(person.cookie)).toBeNull();
    expect((await signInRequest(person.email, "delete-password")).status).toBe(401);
    expect(await db.select().from(user).where(eq(user.id, person.userId))).toEqual([]);
    expect(await db.select().from(profile).where(eq(profile.userId, person.userId))).toEqual([]);
    expect(await db.select().from(review).where(eq(review.userId, person.userId))).toEqual([]);
    expect(await countMailTo(person.email)).toBe(0);
    expect(await uploadedNames()).not.toContain(photoName);

    const kept = await db.select().from(order).where(eq(order.id, paidOrderId));
    expect(kept[0]).toMatchObject({ userId: null, email: ANONYMISED_ORDER.email, phone: ANONYMISED_ORDER.phone, status: "paid", totalCents: 4000 });
    // Nobody can pay the unpaid order any more: it is cancelled and its units are back on sale.
    expect((await db.select().from(order).where(eq(order.id, unpaidOrderId)))[0]).toMatchObject({ userId: null, email: ANONYMISED_ORDER.email, status: "cancelled" });
    expect(await stockOf(itemId)).toBe(18);
    expect(await db.select().from(payment).where(eq(payment.orderId, paidOrderId))).toHaveLength(1);

    const audits = await db.select().from(auditLog).where(and(eq(auditLog.entity, "user"), eq(auditLog.entityId, person.userId)));
    expect(audits.map((a) => a.action)).toEqual(expect.arrayContaining(["user.email-verified", "user.deleted"]));
    expect(audits.find((a) => a.action === "user.deleted")?.after).toEqual({ ordersAnonymised: 2, ordersCancelled: 1 });
    expect(JSON.stringify(audits)).not.toContain(person.email);
    expect(JSON.stringify(audits)).not.toContain("Dana Delete");

    // The admin's order list still has the order, without the person.
    const admin = await onlyAdmin(await signUpVerified());
    const list = (await (await adminOrders.GET(makeRequest("/api/admin/orders", { cookie: admin.cookie }), noParams())).json()) as { items: { id: string; email: string }[] };
    expect(list.items.find((o) => o.id === paidOrderId)).toMatchObject({ email: ANONYMISED_ORDER.email });
    expect(JSON.stringify(list)).not.toContain(person.email);
  });

  it("erases what names the person elsewhere: mail to an earlier address, the shop's notices of their orders, the audit entries of their orders and reviews", async () => {
    const { person, paidOrderId } = await customerWithHistory();
    const db = await getDb();
    const admin = await onlyAdmin(await signUpVerified());
    // An admin ships the order and hides the review: each audit entry names the customer.
    const shipped = await shippingRoute.PATCH(
      makeRequest(`/api/orders/${paidOrderId}/shipping`, { method: "PATCH", json: { shipped: true }, cookie: admin.cookie }),
      noParams({ id: paidOrderId }),
    );
    expect(shipped.status).toBe(200);
    const [theirReview] = await db.select({ id: review.id }).from(review).where(eq(review.userId, person.userId));
    const reviewId = theirReview?.id ?? "";
    const hidden = await reviewById.PATCH(makeRequest(`/api/reviews/${reviewId}`, { method: "PATCH", json: { hidden: true }, cookie: admin.cookie }), noParams({ id: reviewId }));
    expect(hidden.status).toBe(200);
    // An address the account had before, as an email change leaves it: in the audit, and mail to it in the outbox.
    const earlier = uniqueEmail("earlier");
    await db.insert(auditLog).values({
      id: `aud_${reviewId}_earlier`,
      actorId: person.userId,
      action: "user.email-changed",
      entity: "user",
      entityId: person.userId,
      before: { email: earlier, emailVerified: true },
      after: { email: person.email, emailVerified: true },
    });
    await db.insert(mailOutbox).values({ id: `mail_${reviewId}_earlier`, to: earlier, subject: "The email address of your ToolForge account was changed", text: "To the old address." });
    const shopNotices = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.replyTo, person.email))).filter((mail) => mail.subject.startsWith("Paid order "));
    expect(await shopNotices()).toHaveLength(1);

    expect((await deleteMe(person.cookie)).status).toBe(200);
    expect(await countMailTo(earlier)).toBe(0);
    expect(await shopNotices()).toEqual([]);
    const entries = await db.select().from(auditLog).where(inArray(auditLog.entityId, [paidOrderId, reviewId]));
    expect(entries.map((entry) => entry.action).sort()).toEqual(["order.shipping", "review.hide"]);
    expect(JSON.stringify(entries)).not.toContain(person.email);
  });

  it("refuses while a paid order waits to ship, and changes nothing", async () => {
    const { person, paidOrderId, unpaidOrderId, itemId } = await customerWithHistory();
    const db = await getDb();
    const [paid] = await db.select().from(order).where(eq(order.id, paidOrderId));
    const refused = await deleteMe(person.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe(
      `Your order ${formatOrderNumber(paid?.number ?? 0)} is paid and not shipped yet, and we need the address to deliver. You can delete your account once it has shipped, or ask us to cancel and refund it first.`,
    );
    expect(await whoAmI(person.cookie)).not.toBeNull();
    expect((await db.select().from(order).where(eq(order.id, paidOrderId)))[0]).toMatchObject({ userId: person.userId, email: person.email, shipName: paid?.shipName });
    expect((await db.select().from(order).where(eq(order.id, unpaidOrderId)))[0]?.status).toBe("unpaid");
    expect(await stockOf(itemId)).toBe(16);
  });

  itOnPostgres("waits for a payment in progress on one of the account's orders, then refuses: that order is paid and still to ship", async () => {
    const person = await signUpVerified({ name: "Rita Race", password: "delete-password" });
    const { id } = (await (await placeFor(person)).json()) as { id: string };
    // A payment's transaction holds the order's row (lockOrderForPayment) while the account is deleted.
    const refused = await whileAnotherTransactionHolds(
      [["select id from orders where id = $1 for update", [id]]],
      () => deleteMe(person.cookie),
      [["update orders set status = 'paid', paid_at = now() where id = $1", [id]]],
    );
    expect(refused.status).toBe(409);
    const db = await getDb();
    const [row] = await db.select().from(order).where(eq(order.id, id));
    expect(row).toMatchObject({ status: "paid", userId: person.userId, email: person.email, shipName: TEST_ADDRESS.name });
    expect(await whoAmI(person.cookie)).not.toBeNull();
  });

  itOnPostgres("puts the stock of several unpaid orders back in product order, so a purchase of the same tools cannot deadlock it", async () => {
    const person = await signUpVerified({ name: "Many Orders", password: "delete-password" });
    // Two unpaid orders whose order ids run against their products' ids: order by order, the deletion
    // would take the later product first.
    let products: [string, string] = ["", ""];
    for (let attempt = 0; attempt < 20 && !products[0]; attempt += 1) {
      const a = await createProduct({ stock: 20, priceCents: 2000 });
      const b = await createProduct({ stock: 20, priceCents: 2000 });
      const first = (await (await placeFor(person, a.id)).json()) as { id: string };
      const second = (await (await placeFor(person, b.id)).json()) as { id: string };
      if (first.id < second.id === a.id > b.id) products = a.id < b.id ? [a.id, b.id] : [b.id, a.id];
      // Not that way round: set aside (the account may hold only five unpaid orders) and try again.
      else await (await getDb()).update(order).set({ status: "cancelled" }).where(inArray(order.id, [first.id, second.id]));
    }
    const [low, high] = products;
    expect(low).not.toBe("");
    // Another customer's purchase holds the lower product and then wants the higher one.
    const deleted = await whileAnotherTransactionHolds(
      [["update product set stock = stock - 1 where id = $1", [low]]],
      () => deleteMe(person.cookie),
      [["update product set stock = stock - 1 where id = $1", [high]]],
    );
    expect(deleted.status).toBe(200);
  });

  itOnPostgres("an order being placed while the account is deleted is refused as the account being gone, not a 500", async () => {
    const person = await signUpVerified({ name: "Gone Placer" });
    const item = await createProduct({ stock: 20, priceCents: 2000 });
    // The deletion holds the account's row; the order's reference to it waits, then finds it gone.
    const refused = await whileAnotherTransactionHolds(
      [['select id from "user" where id = $1 for update', [person.userId]]],
      () => placeFor(person, item.id),
      [['delete from "user" where id = $1', [person.userId]]],
    );
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("This account no longer exists.");
    expect(await stockOf(item.id)).toBe(20);
  });

  it("refuses to delete the shop's last admin", async () => {
    const admin = await onlyAdmin(await signUpVerified());
    const refused = await deleteMe(admin.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("The shop needs at least one active admin: make someone else admin first (a disabled admin does not count; enable them).");
  });
});

describe("disabling an account", () => {
  it("refuses an order whose placing reaches its commit after the account was disabled", async () => {
    const person = await signUpVerified({ name: "Late Placer" });
    const item = await createProduct({ stock: 20, priceCents: 2000 });
    // The request passed its session check; the admin's disable committed before its order did.
    const actor = await requireActor(new Headers({ cookie: person.cookie }));
    const db = await getDb();
    await db.update(user).set({ disabledAt: new Date() }).where(eq(user.id, person.userId));
    const input = placeOrderSchema.parse({ productId: item.id, quantity: 2, phone: "+1 555 010 0142", shippingAddress: TEST_ADDRESS });
    await expect(placeOrder(actor, input)).rejects.toMatchObject({ kind: "forbidden", message: ACCOUNT_MESSAGES.disabled });
    expect(await db.select().from(order).where(eq(order.userId, person.userId))).toEqual([]);
    expect(await stockOf(item.id)).toBe(20);
  });

  it("answers an email-change link of a disabled account with 'disabled', not with a sign-in it cannot do", async () => {
    const admin = await onlyAdmin(await signUpVerified());
    const person = await signUpVerified();
    const newEmail = uniqueEmail("moved-disabled");
    expect((await changeEmail(person.cookie, newEmail)).status).toBe(202);
    const token = await tokenMailedTo(newEmail, "/confirm-email");
    expect((await setDisabled(admin.cookie, person.userId, true)).status).toBe(200);
    expect((await confirmByForm(token)).headers.get("location")).toBe("/verify-email?result=disabled");
  });

  it("signs the account out on every device at once; no way of signing in works until an admin enables it", async () => {
    const admin = await onlyAdmin(await signUpVerified());
    const person = await signUpVerified({ password: "disabled-password" });
    const phone = await signIn(person.email, "disabled-password");

    expect((await setDisabled(person.cookie, person.userId, true)).status).toBe(403);
    const response = await setDisabled(admin.cookie, person.userId, true);
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ id: person.userId, disabled: true });
    expect(await whoAmI(person.cookie)).toBeNull();
    expect(await whoAmI(phone)).toBeNull();

    const password = await signInRequest(person.email, "disabled-password");
    expect(password.status).toBe(403);
    expect(await password.json()).toEqual({ code: "ACCOUNT_DISABLED", message: "This account has been disabled. Contact us if you think this is a mistake." });
    // A wrong password still reads like any wrong password.
    expect((await signInRequest(person.email, "not-the-password")).status).toBe(401);
    const before = await countMailTo(person.email);
    await linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    expect(await countMailTo(person.email)).toBe(before);

    const db = await getDb();
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, person.userId), eq(auditLog.action, "user.disabled")));
    expect(entry).toMatchObject({ before: { disabled: false }, after: { disabled: true } });

    expect((await setDisabled(admin.cookie, person.userId, false)).status).toBe(200);
    expect(cookiesFrom(await signInRequest(person.email, "disabled-password"))).toMatch(/toolforge\.session_token=/);
  });

  it("cancels the account's unpaid orders, which it can no longer pay, and puts their units back on sale", async () => {
    const admin = await onlyAdmin(await signUpVerified());
    const person = await signUpVerified();
    const item = await createProduct({ stock: 20, priceCents: 1500 });
    const place = async (session: Session) => {
      const placed = await ordersRoute.POST(
        makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 3, phone: "+1 555 010 0142", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
        noParams(),
      );
      expect(placed.status).toBe(201);
      return ((await placed.json()) as { id: string; number: string });
    };
    const first = await place(person);
    const second = await place(person);
    const someoneElse = await place(admin);
    expect(await stockOf(item.id)).toBe(11);

    expect((await setDisabled(admin.cookie, person.userId, true)).status).toBe(200);
    const db = await getDb();
    const statuses = await db.select({ id: order.id, status: order.status }).from(order).where(inArray(order.id, [first.id, second.id, someoneElse.id]));
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [first.id]: "cancelled", [second.id]: "cancelled", [someoneElse.id]: "unpaid" });
    expect(await stockOf(item.id)).toBe(17);
    const told = await newestMailTo(person.email, `Your ToolForge order ${first.number} is cancelled`);
    expect(told?.text).toContain(`We cancelled your order ${first.number}.`);
    const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.entityId, person.userId), eq(auditLog.action, "user.disabled")));
    expect(entry?.after).toMatchObject({ disabled: true, ordersCancelled: 2 });

    // Enabling again does not bring them back: they were cancelled, like any other.
    expect((await setDisabled(admin.cookie, person.userId, false)).status).toBe(200);
    expect(await stockOf(item.id)).toBe(17);
  });

  it("refuses to disable the last active admin, and a disabled admin does not count as one", async () => {
    const db = await getDb();
    const first = await onlyAdmin(await signUpVerified({ name: "First Admin" }));
    const second = await signUpVerified({ name: "Second Admin" });
    await db.update(user).set({ role: "admin" }).where(eq(user.id, second.userId));

    expect((await setDisabled(first.cookie, second.userId, true)).status).toBe(200);
    const last = await setDisabled(first.cookie, first.userId, true);
    expect(last.status).toBe(409);
    // The disabled admin is no second admin: demoting the only active one is refused too.
    const demote = await userRole.PATCH(
      makeRequest(`/api/users/${first.userId}/role`, { method: "PATCH", json: { role: "customer" }, cookie: first.cookie }),
      noParams({ id: first.userId }),
    );
    expect(demote.status).toBe(409);
    expect((await setDisabled(first.cookie, "usr_nobody", true)).status).toBe(404);
    expect((await userStatus.PATCH(makeRequest(`/api/users/${second.userId}/status`, { method: "PATCH", json: { disabled: "yes" }, cookie: first.cookie }), noParams({ id: second.userId }))).status).toBe(422);
  });
});

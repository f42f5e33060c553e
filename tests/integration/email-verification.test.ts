import { and, eq } from "drizzle-orm";
import * as resetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import * as orders from "@/app/api/orders/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as resendRoute from "@/app/api/me/verification-email/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import * as verifyRoute from "@/app/api/account/verify-email/route";
import * as signInPhone from "@/app/api/sign-in/phone/route";
import * as signInPhoneCode from "@/app/api/sign-in/phone/code/route";
import { proveMailbox } from "@/lib/accounts/mailbox";
import { issueToken } from "@/lib/accounts/tokens";
import { verifyEmailWithToken } from "@/lib/accounts/verification";
import { getDb } from "@/lib/db/client";
import { resetEnvForTests } from "@/lib/env";
import { auditLog, session, smsOutbox, twoFactor, user } from "@/models/schema";
import { signIn, signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { countMailTo, newestMailTo, signUpAdmin, signUpVerified, tokenMailedTo, verifyThroughMail } from "@/tests/fixtures/mail";
import { addPhoneNumber, uniquePhoneNumber } from "@/tests/fixtures/phone";
import { createProduct, TEST_ADDRESS } from "@/tests/fixtures/shop";
import { enrolTwoFactor } from "@/tests/fixtures/two-factor";

const DAY = 24 * 60 * 60_000;

const openLink = (token: string, cookie?: string) =>
  verifyRoute.GET(makeRequest(`/api/account/verify-email?token=${encodeURIComponent(token)}`, { cookie }), noParams());
const resend = (cookie: string) => resendRoute.POST(makeRequest("/api/me/verification-email", { method: "POST", cookie }), noParams());

async function roleAudits(userId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(and(eq(auditLog.entityId, userId), eq(auditLog.action, "user.role")));
}

describe("verifying the address of a new account", () => {
  it("mails a link at sign-up; the customer can shop unverified; the link verifies the address once", async () => {
    const session = await signUp({ name: "Vera Verify" });
    expect(await whoAmI(session.cookie)).toMatchObject({ emailVerified: false, role: "customer" });

    const mail = await newestMailTo(session.email);
    expect(mail).toMatchObject({ subject: "Confirm your email address for ToolForge" });
    expect(mail?.text).toContain("Hello Vera Verify,");
    expect(mail?.text).toMatch(/http:\/\/localhost:3000\/api\/account\/verify-email\?token=[A-Za-z0-9_-]{43}\n/);

    const item = await createProduct({ stock: 5 });
    const ordered = await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
      noParams(),
    );
    expect(ordered.status).toBe(201);

    const token = await tokenMailedTo(session.email, "/api/account/verify-email");
    const opened = await openLink(token, session.cookie);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe("/verify-email?result=verified");
    expect(await whoAmI(cookiesFrom(opened))).toMatchObject({ emailVerified: true });

    const again = await openLink(token);
    expect(again.headers.get("location")).toBe("/verify-email?result=used");
    expect((await openLink("not-a-real-token-but-long-enough-to-look-like-one")).headers.get("location")).toBe("/verify-email?result=invalid");
    expect((await openLink("")).headers.get("location")).toBe("/verify-email?result=invalid");
  });

  it("keeps a link valid for 24 hours and not a millisecond longer", async () => {
    const session = await signUp();
    const db = await getDb();
    const issuedAt = new Date("2026-03-01T12:00:00Z");
    const late = await issueToken(db, { purpose: "verify-email", userId: session.userId, email: session.email }, issuedAt);
    await expect(verifyEmailWithToken(late, null, new Date(issuedAt.getTime() + DAY))).rejects.toMatchObject({ details: { reason: "expired" } });
    const inTime = await issueToken(db, { purpose: "verify-email", userId: session.userId, email: session.email }, issuedAt);
    // Outside a browser signed in to the account the link is not used (ADR 044), so the account's own browser opens it.
    const own = { userId: session.userId, sessionId: "ses_own_browser" };
    await expect(verifyEmailWithToken(inTime, own, new Date(issuedAt.getTime() + DAY - 1))).resolves.toMatchObject({ email: session.email });
    const [row] = await db.select({ emailVerified: user.emailVerified }).from(user).where(eq(user.id, session.userId));
    expect(row?.emailVerified).toBe(true);
  });

  it("resends the link on request, three times per 15 minutes, and not once verified", async () => {
    const session = await signUp();
    const before = await countMailTo(session.email);
    for (let i = 0; i < 3; i += 1) {
      const response = await resend(session.cookie);
      expect(response.status).toBe(202);
      expect(await response.json()).toMatchObject({ sentTo: session.email });
    }
    expect(await countMailTo(session.email)).toBe(before + 3);
    const fourth = await resend(session.cookie);
    expect(fourth.status).toBe(429);
    expect(await countMailTo(session.email)).toBe(before + 3);

    const verified = await signUpVerified();
    const refused = await resend(verified.cookie);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe("Your email address is already verified.");
    expect((await resend("")).status).toBe(401);
  });

  it("makes a later link the one that counts only if the address is still the account's", async () => {
    const session = await signUp();
    const token = await tokenMailedTo(session.email, "/api/account/verify-email");
    const db = await getDb();
    await db.update(user).set({ email: uniqueEmail("moved") }).where(eq(user.id, session.userId));
    expect((await openLink(token)).headers.get("location")).toBe("/verify-email?result=invalid");
  });
});

describe("ADMIN_EMAILS", () => {
  it("does not make an unverified listed address admin, and promotes it (audited) once verified, in a session made after the proof", async () => {
    const session = await signUp({ email: "boss@toolforge.test", password: "boss-password-1" });
    expect(await whoAmI(session.cookie)).toMatchObject({ role: "customer", emailVerified: false });
    // Signing in again does not promote an unverified address either.
    const again = await signIn("boss@toolforge.test", "boss-password-1");
    expect(await whoAmI(again)).toMatchObject({ role: "customer" });
    expect((await adminOrders.GET(makeRequest("/api/admin/orders", { cookie: again }), noParams())).status).toBe(403);

    const opened = await verifyThroughMail("boss@toolforge.test", session.cookie);
    const renewed = cookiesFrom(opened);
    expect(await whoAmI(renewed)).toMatchObject({ role: "admin", emailVerified: true });
    expect((await adminOrders.GET(makeRequest("/api/admin/orders", { cookie: renewed }), noParams())).status).toBe(200);
    // No session from before the proof becomes an admin session.
    expect(await whoAmI(session.cookie)).toBeNull();
    expect(await whoAmI(again)).toBeNull();
    expect((await adminOrders.GET(makeRequest("/api/admin/orders", { cookie: again }), noParams())).status).toBe(401);
    const audits = await roleAudits(session.userId);
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ actorId: "system:admin-emails", before: { role: "customer" }, after: { role: "admin" } });
  });
});

describe("ADMIN_EMAILS and later role changes", () => {
  afterEach(() => {
    process.env.ADMIN_EMAILS = "boss@toolforge.test";
    resetEnvForTests();
  });

  it("does not silently re-promote a demoted admin at their next sign-in", async () => {
    const listed = uniqueEmail("listed-admin");
    process.env.ADMIN_EMAILS = listed;
    resetEnvForTests();
    const boss = await signUpAdmin({ email: listed, password: "boss-password-2" });
    expect(await whoAmI(boss.cookie)).toMatchObject({ role: "admin" });
    const deputy = await signUpVerified({ name: "Deputy" });
    const promote = await userRole.PATCH(
      makeRequest(`/api/users/${deputy.userId}/role`, { method: "PATCH", json: { role: "admin" }, cookie: boss.cookie }),
      noParams({ id: deputy.userId }),
    );
    expect(promote.status).toBe(200);
    const demote = await userRole.PATCH(
      makeRequest(`/api/users/${boss.userId}/role`, { method: "PATCH", json: { role: "customer" }, cookie: deputy.cookie }),
      noParams({ id: boss.userId }),
    );
    expect(demote.status).toBe(200);

    const fresh = await signIn(listed, "boss-password-2");
    expect(await whoAmI(fresh)).toMatchObject({ role: "customer" });
    expect((await roleAudits(boss.userId)).map((a) => a.actorId)).toEqual(expect.arrayContaining(["system:admin-emails", deputy.userId]));
    expect(await roleAudits(boss.userId)).toHaveLength(2);
  });

  it("promotes a verified account whose address is added to the list later, at its next sign-in", async () => {
    const email = uniqueEmail("later-admin");
    const account = await signUpVerified({ email, password: "later-admin-pw" });
    const unverified = await signUp({ password: "still-unverified" });
    expect(await whoAmI(account.cookie)).toMatchObject({ role: "customer" });

    process.env.ADMIN_EMAILS = `boss@toolforge.test, ${email}, ${unverified.email}`;
    resetEnvForTests();
    const cookie = await signIn(email, "later-admin-pw");
    expect(await whoAmI(cookie)).toMatchObject({ role: "admin" });
    expect(await roleAudits(account.userId)).toHaveLength(1);

    const stillCustomer = await signIn(unverified.email, "still-unverified");
    expect(await whoAmI(stillCustomer)).toMatchObject({ role: "customer" });
  });
});

async function sessionsOf(userId: string) {
  const db = await getDb();
  return db.select({ id: session.id }).from(session).where(eq(session.userId, userId));
}

async function accountRow(userId: string) {
  const db = await getDb();
  const [row] = await db.select().from(user).where(eq(user.id, userId));
  return row;
}

describe("the first proof of the mailbox (ADR 044)", () => {
  afterEach(() => {
    process.env.ADMIN_EMAILS = "boss@toolforge.test";
    resetEnvForTests();
  });

  it("an address someone else registered: the owner's click changes nothing and leaves the link unused; the owner's reset ends the squatter", async () => {
    const listed = uniqueEmail("taken-admin");
    process.env.ADMIN_EMAILS = `boss@toolforge.test, ${listed}`;
    resetEnvForTests();
    const squatter = await signUp({ email: listed, password: "squatters-password" });
    const squatterElsewhere = await signIn(listed, "squatters-password");

    // The owner (or a mail scanner) opens the link in a browser that is not signed in to the account.
    const token = await tokenMailedTo(listed, "/api/account/verify-email");
    const opened = await openLink(token);
    expect(opened.headers.get("location")).toBe(`/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(await accountRow(squatter.userId)).toMatchObject({ emailVerified: false, role: "user" });
    // Opened again, it is still unused: nothing was decided.
    expect((await openLink(token)).headers.get("location")).toBe(`/verify-email?token=${encodeURIComponent(token)}`);

    // The owner takes "Forgot password?": the reset link proves the mailbox and ends everything the squatter set up.
    await resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: listed } }), noParams());
    const resetToken = await tokenMailedTo(listed, "/reset-password");
    const reset = await resetConfirm.POST(makeRequest("/api/account/password-reset/confirm", { method: "POST", json: { token: resetToken, password: "the-owners-password" } }), noParams());
    expect(reset.status).toBe(200);
    expect(await whoAmI(squatter.cookie)).toBeNull();
    expect(await whoAmI(squatterElsewhere)).toBeNull();
    expect((await signInRequest(listed, "squatters-password")).status).toBe(401);
    expect(await whoAmI(cookiesFrom(reset))).toMatchObject({ email: listed, emailVerified: true, role: "admin" });
  });

  it("counts a browser signed in to another account as a stranger to this one", async () => {
    const person = await signUp({ password: "persons-password" });
    const bystander = await signUp();
    const token = await tokenMailedTo(person.email, "/api/account/verify-email");
    const opened = await openLink(token, bystander.cookie);
    expect(opened.headers.get("location")).toBe(`/verify-email?token=${encodeURIComponent(token)}`);
    expect(opened.headers.getSetCookie()).toEqual([]);
    expect(await whoAmI(person.cookie)).toMatchObject({ email: person.email, emailVerified: false });
    expect(await whoAmI(bystander.cookie)).toMatchObject({ email: bystander.email, emailVerified: false });
    // The person signs in where the link was opened, and the same link then confirms the address.
    const signedIn = await signIn(person.email, "persons-password");
    const confirmed = await openLink(token, signedIn);
    expect(confirmed.headers.get("location")).toBe("/verify-email?result=verified");
    expect(await whoAmI(cookiesFrom(confirmed))).toMatchObject({ email: person.email, emailVerified: true });
  });

  it("the first proof of the mailbox (a reset or an email link) also removes a sign-in phone number and a second factor set up before it", async () => {
    const squatter = await signUp({ password: "correct-horse-battery" });
    const phoneNumber = uniquePhoneNumber();
    await addPhoneNumber(squatter.cookie, phoneNumber);
    await enrolTwoFactor(squatter.cookie);
    expect(await accountRow(squatter.userId)).toMatchObject({ phoneNumber, twoFactorEnabled: true });

    const db = await getDb();
    const [row] = await db.select().from(user).where(eq(user.id, squatter.userId));
    if (!row) throw new Error("no account");
    await db.transaction((tx) => proveMailbox(tx, row));
    expect(await accountRow(squatter.userId)).toMatchObject({ phoneNumber: null, phoneNumberVerified: false, twoFactorEnabled: false });
    expect(await db.select().from(twoFactor).where(eq(twoFactor.userId, squatter.userId))).toEqual([]);
    const texts = async () => (await db.select().from(smsOutbox).where(eq(smsOutbox.to, phoneNumber))).length;
    const before = await texts();
    expect((await signInPhoneCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber } }), noParams())).status).toBe(202);
    expect(await texts()).toBe(before);
    const byPhone = await signInPhone.POST(makeRequest("/api/sign-in/phone", { method: "POST", json: { phoneNumber, code: "123456" } }), noParams());
    expect(byPhone.status).not.toBe(200);
  });

  it("the person who registered, opening the link in the same browser: stays signed in with a new session and keeps the password", async () => {
    const person = await signUp({ password: "my-own-password" });
    const otherDevice = await signIn(person.email, "my-own-password");
    const before = await countMailTo(person.email);

    const opened = await verifyThroughMail(person.email, person.cookie);
    expect(opened.headers.get("location")).toBe("/verify-email?result=verified");
    const renewed = cookiesFrom(opened);
    expect(await whoAmI(renewed)).toMatchObject({ email: person.email, emailVerified: true });
    expect(await sessionsOf(person.userId)).toHaveLength(1);
    // Every session from before the proof ended; the password did not.
    expect(await whoAmI(person.cookie)).toBeNull();
    expect(await whoAmI(otherDevice)).toBeNull();
    expect((await signInRequest(person.email, "my-own-password")).status).toBe(200);
    expect(await countMailTo(person.email)).toBe(before);
  });
});

import { and, eq, sql } from "drizzle-orm";
import * as meRoute from "@/app/api/me/route";
import * as mePhone from "@/app/api/me/phone/route";
import * as mePhoneCode from "@/app/api/me/phone/code/route";
import * as signInPhone from "@/app/api/sign-in/phone/route";
import * as signInPhoneCode from "@/app/api/sign-in/phone/code/route";
import { getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { auditLog, mailOutbox, smsOutbox, verification } from "@/models/schema";
import { ageSessions } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp } from "@/tests/fixtures/http";
import { addPhoneNumber, latestCode, latestText, uniquePhoneNumber } from "@/tests/fixtures/phone";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string>; details?: Record<string, string> } };

async function requestCode(phoneNumber: string, client?: string): Promise<Response> {
  const headers = client ? { "x-forwarded-for": client } : undefined;
  return signInPhoneCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber }, headers }), noParams());
}

async function signInWith(phoneNumber: string, code: string, client?: string): Promise<Response> {
  const headers = client ? { "x-forwarded-for": client } : undefined;
  return signInPhone.POST(makeRequest("/api/sign-in/phone", { method: "POST", json: { phoneNumber, code }, headers }), noParams());
}

async function whoIs(cookie: string): Promise<string | null> {
  const response = await meRoute.GET(makeRequest("/api/me", { cookie }), noParams());
  return response.status === 200 ? ((await response.json()) as { email: string }).email : null;
}

/** Moves the stored code's expiry, as if the clock had moved on: the code itself stays the same. */
async function setCodeExpiry(phoneNumber: string, expiresAt: Date): Promise<void> {
  const db = await getDb();
  await db.update(verification).set({ expiresAt }).where(eq(verification.identifier, `phone-number-otp-${phoneNumber}`));
}

const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");

/** An account with a verified phone number, and a fresh sign-in code texted to it. */
async function accountWithCode(): Promise<{ email: string; phoneNumber: string; code: string }> {
  const { cookie, email } = await signUp();
  const phoneNumber = uniquePhoneNumber();
  await addPhoneNumber(cookie, phoneNumber);
  const sent = await requestCode(phoneNumber);
  expect(sent.status).toBe(202);
  return { email, phoneNumber, code: await latestCode(phoneNumber) };
}

describe("adding a sign-in phone number", () => {
  it("texts a code to the number and keeps the number only once the code is given back", async () => {
    const { cookie } = await signUp();
    const phoneNumber = uniquePhoneNumber();
    const spaced = `${phoneNumber.slice(0, 3)} ${phoneNumber.slice(3, 7)} ${phoneNumber.slice(7)}`;
    const sent = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber: spaced }, cookie }), noParams());
    expect(sent.status).toBe(202);
    expect(await latestText(phoneNumber)).toMatch(/^\d{6} is your ToolForge sign-in code\. It is valid for 5 minutes\./);
    const before = await mePhone.GET(makeRequest("/api/me/phone", { cookie }), noParams());
    expect(await before.json()).toEqual({ phoneNumber: null });

    const code = await latestCode(phoneNumber);
    const added = await mePhone.POST(makeRequest("/api/me/phone", { method: "POST", json: { phoneNumber, code }, cookie }), noParams());
    expect(added.status).toBe(200);
    expect(await added.json()).toEqual({ phoneNumber });
  });

  it("refuses a number that another account holds", async () => {
    const first = await signUp();
    const phoneNumber = uniquePhoneNumber();
    await addPhoneNumber(first.cookie, phoneNumber);
    const second = await signUp();
    const sent = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber }, cookie: second.cookie }), noParams());
    expect(sent.status).toBe(409);
    expect(((await sent.json()) as ErrorBody).error.message).toBe("This number already belongs to another account.");
  });

  it("needs a signed-in account", async () => {
    const sent = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber: uniquePhoneNumber() } }), noParams());
    expect(sent.status).toBe(401);
  });

  // A session taken over long ago must not add a way in that outlives the owner's password change.
  it("needs a recent sign-in to text a code or to add the number, and texts nothing otherwise", async () => {
    const person = await signUp();
    const phoneNumber = uniquePhoneNumber();
    const sent = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber }, cookie: person.cookie }), noParams());
    expect(sent.status).toBe(202);
    const code = await latestCode(phoneNumber);
    await ageSessions(person.userId, 11);
    const again = await mePhoneCode.POST(makeRequest("/api/me/phone/code", { method: "POST", json: { phoneNumber }, cookie: person.cookie }), noParams());
    expect(again.status).toBe(403);
    expect(((await again.json()) as ErrorBody).error.details).toEqual({ reason: "recent_sign_in_required" });
    const added = await mePhone.POST(makeRequest("/api/me/phone", { method: "POST", json: { phoneNumber, code }, cookie: person.cookie }), noParams());
    expect(added.status).toBe(403);
    expect(await (await mePhone.GET(makeRequest("/api/me/phone", { cookie: person.cookie }), noParams())).json()).toEqual({ phoneNumber: null });
  });

  it("tells the account's address and the audit log when a number is added, and both when it is removed", async () => {
    const person = await signUp();
    const phoneNumber = uniquePhoneNumber();
    await addPhoneNumber(person.cookie, phoneNumber);
    await waitForPendingMail();
    const db = await getDb();
    const [notice] = await db.select().from(mailOutbox).where(and(eq(mailOutbox.to, person.email), eq(mailOutbox.subject, "A sign-in phone number was added to your ToolForge account")));
    expect(notice?.text).toContain(`the number ending in ${phoneNumber.slice(-4)}`);
    expect((await mePhone.DELETE(makeRequest("/api/me/phone", { method: "DELETE", cookie: person.cookie }), noParams())).status).toBe(200);
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, person.userId));
    expect(entries.map((entry) => entry.action)).toEqual(expect.arrayContaining(["user.phone-added", "user.phone-removed"]));
    expect(entries.find((entry) => entry.action === "user.phone-added")?.after).toEqual({ phoneEnding: phoneNumber.slice(-4) });
    const removedNotices = () =>
      db.select().from(mailOutbox).where(and(eq(mailOutbox.to, person.email), eq(mailOutbox.subject, "The sign-in phone number was removed from your ToolForge account")));
    expect(await removedNotices()).toHaveLength(1);
    // Removing again finds no number: nothing changes, nobody is told.
    expect((await mePhone.DELETE(makeRequest("/api/me/phone", { method: "DELETE", cookie: person.cookie }), noParams())).status).toBe(200);
    expect(await removedNotices()).toHaveLength(1);
  });
});

describe("phone sign-in with a texted code", () => {
  it("signs in with the 6-digit code, whose stored expiry is 5 minutes after it was sent", async () => {
    const sentAt = Date.now();
    const { email, phoneNumber, code } = await accountWithCode();
    expect(code).toMatch(/^\d{6}$/);
    const db = await getDb();
    const [stored] = await db.select().from(verification).where(eq(verification.identifier, `phone-number-otp-${phoneNumber}`));
    expect(Math.abs((stored?.expiresAt.getTime() ?? 0) - sentAt - 5 * 60_000)).toBeLessThan(15_000);

    const response = await signInWith(phoneNumber, code);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ twoFactorRequired: false });
    expect(await whoIs(cookiesFrom(response))).toBe(email);
  });

  it("accepts a code one second before it expires and refuses it one second after", async () => {
    const { phoneNumber, code } = await accountWithCode();
    await setCodeExpiry(phoneNumber, new Date(Date.now() - 1_000));
    const late = await signInWith(phoneNumber, code);
    expect(late.status).toBe(422);
    const body = (await late.json()) as ErrorBody;
    expect(body.error.message).toBe("This code has expired: codes are valid for 5 minutes. Request a new code.");
    expect(body.error.details?.reason).toBe("code_expired");

    const again = await accountWithCode();
    await setCodeExpiry(again.phoneNumber, new Date(Date.now() + 1_000));
    expect((await signInWith(again.phoneNumber, again.code)).status).toBe(200);
  });

  it("takes a code once: the second use is refused", async () => {
    const { phoneNumber, code } = await accountWithCode();
    expect((await signInWith(phoneNumber, code)).status).toBe(200);
    const reused = await signInWith(phoneNumber, code);
    expect(reused.status).toBe(422);
    const body = (await reused.json()) as ErrorBody;
    expect(body.error.details?.reason).toBe("code_used");
    expect(body.error.message).toMatch(/^There is no valid code for this number: it was used already/);
  });

  it("allows 5 tries per code: the fifth wrong try is the last, and after it even the right code is refused", async () => {
    const { phoneNumber, code } = await accountWithCode();
    const messages: string[] = [];
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await signInWith(phoneNumber, wrongCode(code));
      expect(wrong.status).toBe(422);
      messages.push(((await wrong.json()) as ErrorBody).error.message);
    }
    expect(messages).toEqual([
      "That code is not right. 4 tries left.",
      "That code is not right. 3 tries left.",
      "That code is not right. 2 tries left.",
      "That code is not right. 1 try left.",
      "That code is not right, and it was the last try. Request a new code.",
    ]);
    const sixth = await signInWith(phoneNumber, code);
    expect(sixth.status).toBe(422);
    const body = (await sixth.json()) as ErrorBody;
    expect(body.error.message).toBe("Too many wrong tries for this code. Request a new code.");
    expect(body.error.details?.reason).toBe("code_tries_exhausted");
  });

  it("still signs in with the right code on the fifth try", async () => {
    const { phoneNumber, code } = await accountWithCode();
    for (let attempt = 1; attempt <= 4; attempt += 1) expect((await signInWith(phoneNumber, wrongCode(code))).status).toBe(422);
    expect((await signInWith(phoneNumber, code)).status).toBe(200);
  });

  it("allows a number 10 wrong codes a day, from any addresses: then even the right code waits", async () => {
    const { phoneNumber, code } = await accountWithCode();
    // Two codes' worth of wrong tries, spread over five addresses as a patient guesser would.
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signInWith(phoneNumber, wrongCode(code), `203.0.113.${attempt}`)).status).toBe(422);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await requestCode(phoneNumber, "203.0.113.9")).status).toBe(202);
    const second = await latestCode(phoneNumber);
    for (let attempt = 1; attempt <= 5; attempt += 1) expect((await signInWith(phoneNumber, wrongCode(second), `198.51.100.${attempt}`)).status).toBe(422);
    const refused = await signInWith(phoneNumber, second, "192.0.2.77");
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it("counts only codes checked and found wrong: tries with no code outstanding cannot shut a number's sign-in", async () => {
    const { phoneNumber, code } = await accountWithCode();
    expect((await signInWith(phoneNumber, code, "203.0.113.60")).status).toBe(200);
    // The code is used: every further try finds none, and none counts against the number.
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      const none = await signInWith(phoneNumber, "000000", `203.0.113.${60 + attempt}`);
      expect(none.status).toBe(422);
      expect(((await none.json()) as ErrorBody).error.details?.reason).toBe("code_used");
    }
    expect((await requestCode(phoneNumber, "203.0.113.99")).status).toBe(202);
    expect((await signInWith(phoneNumber, await latestCode(phoneNumber), "203.0.113.98")).status).toBe(200);
  });

  it("a new code replaces the previous one", async () => {
    const { phoneNumber, code: first } = await accountWithCode();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect((await requestCode(phoneNumber)).status).toBe(202);
    const second = await latestCode(phoneNumber);
    if (second !== first) expect((await signInWith(phoneNumber, first)).status).toBe(422);
    expect((await signInWith(phoneNumber, second)).status).toBe(200);
  });

  it("answers a number no account holds the same way, and texts it nothing", async () => {
    const stranger = uniquePhoneNumber();
    const response = await requestCode(stranger);
    expect(response.status).toBe(202);
    expect(((await response.json()) as { message: string }).message).toMatch(/^If this number belongs to an account/);
    expect(await latestText(stranger)).toBeNull();
    const guessed = await signInWith(stranger, "123456");
    expect(guessed.status).toBe(422);
    expect(((await guessed.json()) as ErrorBody).error.details?.reason).toBe("code_used");
  });

  it.each([
    ["5551234567", "Enter the number in international form: + and the country code, e.g. +44 7700 900123"],
    ["+0123456789", "Enter the number in international form: + and the country code, e.g. +44 7700 900123"],
    ["+1 555 CALL NOW", "Enter the number in international form: + and the country code, e.g. +44 7700 900123"],
  ])("refuses %j with a clear message", async (phoneNumber, message) => {
    const response = await requestCode(phoneNumber);
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields?.phoneNumber).toBe(message);
  });

  it("refuses a code that is not 6 digits before checking it", async () => {
    const response = await signInWith(uniquePhoneNumber(), "12345");
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.code).toBe("Enter the 6-digit code from the text message");
  });

  it("texts a number at most 3 codes in 15 minutes", async () => {
    const phoneNumber = uniquePhoneNumber();
    for (let i = 0; i < 3; i += 1) expect((await requestCode(phoneNumber)).status).toBe(202);
    const fourth = await requestCode(phoneNumber);
    expect(fourth.status).toBe(429);
    expect(((await fourth.json()) as ErrorBody).error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("keeps texts in the outbox table when no SMS provider is configured", async () => {
    const { phoneNumber } = await accountWithCode();
    const db = await getDb();
    const [{ n } = { n: 0 }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(smsOutbox)
      .where(and(eq(smsOutbox.to, phoneNumber)));
    expect(n).toBe(2);
  });
});

describe("better-auth's own phone endpoints", () => {
  it.each(["/api/auth/phone-number/send-otp", "/api/auth/phone-number/verify", "/api/auth/sign-in/phone-number", "/api/auth/phone-number/request-password-reset"])(
    "%s answers 404 over HTTP: codes go only through the shop's routes",
    async (path) => {
      const { POST } = await import("@/app/api/auth/[...all]/route");
      const response = await POST(makeRequest(path, { method: "POST", json: { phoneNumber: uniquePhoneNumber(), code: "123456", password: "x" } }), noParams());
      expect(response.status).toBe(404);
    },
  );
});

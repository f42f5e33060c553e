import { and, eq, like } from "drizzle-orm";
import * as linkRequest from "@/app/api/account/email-link/route";
import * as linkSignIn from "@/app/api/account/email-link/sign-in/route";
import * as resetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as emailRoute from "@/app/api/me/email/route";
import * as meRoute from "@/app/api/me/route";
import * as signInPhone from "@/app/api/sign-in/phone/route";
import * as signInPhoneCode from "@/app/api/sign-in/phone/code/route";
import * as usersRoute from "@/app/api/users/route";
import { recordTwoFactorChange } from "@/lib/accounts/two-factor-notice";
import { resetAuthForTests } from "@/lib/auth";
import { resetEnvForTests } from "@/lib/env";
import { getDb } from "@/lib/db/client";
import { account, auditLog, rateLimitHit, user, verification } from "@/models/schema";
import { ageSessions } from "@/tests/fixtures/accounts";
import { withEnv } from "@/tests/fixtures/env";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { countMailTo, newestMailTo, signUpAdmin, signUpVerified, tokenMailedTo } from "@/tests/fixtures/mail";
import { addPhoneNumber, latestCode, uniquePhoneNumber } from "@/tests/fixtures/phone";
import { auth, awaitFreshStep, enrolTwoFactor, signInWithPassword, totpCode } from "@/tests/fixtures/two-factor";

type AuthError = { code: string; message: string };

async function whoIs(cookie: string): Promise<string | null> {
  const response = await meRoute.GET(makeRequest("/api/me", { cookie }), noParams());
  return response.status === 200 ? ((await response.json()) as { email: string }).email : null;
}

async function enrolledAccount() {
  const session = await signUp();
  const enrolled = await enrolTwoFactor(session.cookie);
  return { ...session, ...enrolled };
}

/** A password sign-in that stops at the second-factor step: the challenge cookie. */
async function challenge(email: string): Promise<string> {
  const { response, cookie, body } = await signInWithPassword(email);
  expect(response.status).toBe(200);
  expect(body).toMatchObject({ twoFactorRedirect: true });
  expect(await whoIs(cookie)).toBeNull();
  return cookie;
}

// These tests wait for a fresh 30-second TOTP step and sign in several times: give them room on a busy machine.
const SLOW = 90_000;

describe("two-factor enrolment", () => {
  it("gives an otpauth:// URI for the QR code and 10 distinct single-use backup codes, and turns on after a code", async () => {
    const { email, cookie } = await signUp();
    await awaitFreshStep(10);
    const enabled = await auth("/two-factor/enable", { password: "correct-horse-battery" }, cookie);
    expect(enabled.status).toBe(200);
    const { totpURI, backupCodes } = (await enabled.json()) as { totpURI: string; backupCodes: string[] };
    const uri = new URL(totpURI);
    expect(uri.protocol).toBe("otpauth:");
    expect(uri.searchParams.get("issuer")).toBe("ToolForge");
    expect(uri.searchParams.get("digits")).toBe("6");
    expect(uri.searchParams.get("period")).toBe("30");
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    // Lower case, without 0/o, 1/l/i: read off paper and typed by hand.
    for (const code of backupCodes) expect(code).toMatch(/^[2-9a-hjkmnp-z]{5}-[2-9a-hjkmnp-z]{5}$/);

    // Not on until a code from the app proves it was scanned: a password sign-in is not challenged yet.
    const before = await signInWithPassword(email);
    expect(before.body).not.toMatchObject({ twoFactorRedirect: true });
  }, SLOW);

  it("needs the account's password to start", async () => {
    const { cookie } = await signUp();
    const response = await auth("/two-factor/enable", { password: "not-the-password" }, cookie);
    expect(response.status).toBe(400);
  }, SLOW);
});

describe("signing in with two-factor authentication", () => {
  it("asks for the code after the password and signs in with it", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const pending = await challenge(email);
    const verified = await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending);
    expect(verified.status).toBe(200);
    expect(await whoIs(cookiesFrom(verified))).toBe(email);
  }, SLOW);

  it("accepts the code of the previous 30-second step (clock drift) but not the one before it, nor two steps ahead", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const pending = await challenge(email);
    for (const offset of [-2, 2]) {
      const refused = await auth("/two-factor/verify-totp", { code: totpCode(key, offset) }, pending);
      expect(refused.status).toBe(401);
      expect(((await refused.json()) as AuthError).code).toBe("INVALID_CODE");
    }
    // -1 was spent confirming the enrolment; +1 is the next step's code, accepted like the previous one.
    const drifted = await auth("/two-factor/verify-totp", { code: totpCode(key, 1) }, pending);
    expect(drifted.status).toBe(200);
  }, SLOW);

  it("accepts a code once: the same code in a second sign-in is refused, as is the one used to enrol", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const code = totpCode(key);
    expect((await auth("/two-factor/verify-totp", { code }, await challenge(email))).status).toBe(200);

    const again = await challenge(email);
    const replayed = await auth("/two-factor/verify-totp", { code }, again);
    expect(replayed.status).toBe(401);
    expect((await replayed.json()) as AuthError).toEqual({
      code: "TOTP_CODE_REUSED",
      message: "This code has already been used. Wait for the next code in your authenticator app.",
    });
    const enrolmentCode = await auth("/two-factor/verify-totp", { code: totpCode(key, -1) }, again);
    expect(((await enrolmentCode.json()) as AuthError).code).toBe("TOTP_CODE_REUSED");
  }, SLOW);

  it("lets exactly one of two sign-ins racing with the same code through (on PostgreSQL they really run at once)", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const challenges = [await challenge(email), await challenge(email)];
    const code = totpCode(key);
    const results = await Promise.all(challenges.map((cookie) => auth("/two-factor/verify-totp", { code }, cookie)));
    expect(results.map((r) => r.status).sort()).toEqual([200, 401]);
    const signedIn = await Promise.all(results.map((r) => whoIs(cookiesFrom(r))));
    expect(signedIn.filter(Boolean)).toEqual([email]);
  }, SLOW);

  it("allows 5 tries per sign-in: after 5 wrong codes even the right one needs a new sign-in", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const pending = await challenge(email);
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      const wrong = await auth("/two-factor/verify-totp", { code: "000000" === totpCode(key) ? "111111" : "000000" }, pending);
      expect(((await wrong.json()) as AuthError).code).toBe("INVALID_CODE");
    }
    const sixth = await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending);
    expect(sixth.status).toBe(400);
    expect(((await sixth.json()) as AuthError).code).toBe("TOO_MANY_ATTEMPTS_REQUEST_NEW_CODE");

    // A new sign-in gives a new challenge, and the code that was never accepted works there.
    const fresh = await auth("/two-factor/verify-totp", { code: totpCode(key) }, await challenge(email));
    expect(fresh.status).toBe(200);
  }, SLOW);

  it("locks the second factor for 15 minutes after 10 wrong codes in a row, across sign-ins", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep(8);
    const wrongCode = totpCode(key) === "000000" ? "111111" : "000000";
    for (let round = 0; round < 2; round += 1) {
      const pending = await challenge(email);
      for (let attempt = 0; attempt < 5; attempt += 1) await auth("/two-factor/verify-totp", { code: wrongCode }, pending);
    }
    const locked = await auth("/two-factor/verify-totp", { code: totpCode(key) }, await challenge(email));
    expect(locked.status).toBe(429);
    expect(((await locked.json()) as AuthError).code).toBe("ACCOUNT_TEMPORARILY_LOCKED");
  }, SLOW);

  it("gives 10 minutes to enter the code: an older challenge is refused", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const pending = await challenge(email);
    const db = await getDb();
    await db.update(verification).set({ expiresAt: new Date(Date.now() - 1_000) }).where(like(verification.identifier, "2fa-%"));
    const late = await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending);
    expect(late.status).toBe(401);
    expect(((await late.json()) as AuthError).code).toBe("INVALID_TWO_FACTOR_COOKIE");
  }, SLOW);

  it("signs in with a backup code once; the same backup code is refused afterwards", async () => {
    const { email, backupCodes } = await enrolledAccount();
    const code = backupCodes[3] as string;
    const first = await auth("/two-factor/verify-backup-code", { code }, await challenge(email));
    expect(first.status).toBe(200);
    expect(await whoIs(cookiesFrom(first))).toBe(email);

    const again = await auth("/two-factor/verify-backup-code", { code }, await challenge(email));
    expect(again.status).toBe(401);
    expect(((await again.json()) as AuthError).code).toBe("INVALID_BACKUP_CODE");
    const other = await auth("/two-factor/verify-backup-code", { code: backupCodes[4] }, await challenge(email));
    expect(other.status).toBe(200);
  }, SLOW);

  it("takes a backup code typed in capitals or with spaces, and still only once", async () => {
    const { email, backupCodes } = await enrolledAccount();
    const code = backupCodes[5] as string;
    const shouted = await auth("/two-factor/verify-backup-code", { code: ` ${code.toUpperCase().replace("-", " - ")} ` }, await challenge(email));
    expect(shouted.status).toBe(200);
    expect(await whoIs(cookiesFrom(shouted))).toBe(email);
    const again = await auth("/two-factor/verify-backup-code", { code }, await challenge(email));
    expect(again.status).toBe(401);
    const wrong = await auth("/two-factor/verify-backup-code", { code: "zzzzz-zzzzz" }, await challenge(email));
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as AuthError).code).toBe("INVALID_BACKUP_CODE");
  }, SLOW);

  it("asks for the second factor after a phone code too", async () => {
    const { email, key, cookie } = await enrolledAccount();
    const phoneNumber = uniquePhoneNumber();
    await addPhoneNumber(cookie, phoneNumber);
    await signInPhoneCode.POST(makeRequest("/api/sign-in/phone/code", { method: "POST", json: { phoneNumber } }), noParams());
    await awaitFreshStep();
    const byPhone = await signInPhone.POST(
      makeRequest("/api/sign-in/phone", { method: "POST", json: { phoneNumber, code: await latestCode(phoneNumber) } }),
      noParams(),
    );
    expect(byPhone.status).toBe(200);
    expect(await byPhone.json()).toEqual({ twoFactorRequired: true });
    const pending = cookiesFrom(byPhone);
    expect(await whoIs(pending)).toBeNull();
    const verified = await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending);
    expect(await whoIs(cookiesFrom(verified))).toBe(email);
  }, SLOW);

  it("turns off with the password, and sign-in stops asking for a code", async () => {
    const { email, cookie } = await enrolledAccount();
    const off = await auth("/two-factor/disable", { password: "correct-horse-battery" }, cookie);
    expect(off.status).toBe(200);
    const { body } = await signInWithPassword(email);
    expect(body).not.toMatchObject({ twoFactorRedirect: true });
  }, SLOW);
});

describe("the owner hears of every change to the second factor", () => {
  it("mails when it turns on, when backup codes are renewed and when it turns off, with an audit entry each; a sign-in with a code mails nothing", async () => {
    const { email, key, cookie } = await enrolledAccount();
    const turnedOn = await newestMailTo(email, /^Two-factor sign-in was turned on/);
    expect(turnedOn?.text).toContain("/account/security");
    const afterSetup = await countMailTo(email);

    await awaitFreshStep();
    const pending = await challenge(email);
    expect((await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending)).status).toBe(200);
    expect(await countMailTo(email)).toBe(afterSetup);

    // A wrong password changes nothing and tells nothing.
    expect((await auth("/two-factor/generate-backup-codes", { password: "not-the-password" }, cookie)).status).toBe(400);
    expect(await countMailTo(email)).toBe(afterSetup);
    expect((await auth("/two-factor/generate-backup-codes", { password: "correct-horse-battery" }, cookie)).status).toBe(200);
    expect(await newestMailTo(email, /^New backup codes were made/)).not.toBeNull();

    const off = await auth("/two-factor/disable", { password: "correct-horse-battery" }, cookie);
    expect(off.status).toBe(200);
    expect(await newestMailTo(email, /^Two-factor sign-in was turned off/)).not.toBeNull();
    expect(await countMailTo(email)).toBe(afterSetup + 2);

    const db = await getDb();
    const [owner] = await db.select({ id: user.id }).from(user).where(eq(user.email, email));
    const entries = await db.select({ after: auditLog.after }).from(auditLog).where(and(eq(auditLog.entityId, owner!.id), eq(auditLog.action, "user.two-factor")));
    expect(entries.map((entry) => (entry.after as { change: string }).change).sort()).toEqual(["new-backup-codes", "turned-off", "turned-on"]);
    // A second request that turned it off at the same moment saw the same change: it is not told twice.
    const told = await countMailTo(email);
    await recordTwoFactorChange(owner!.id, "turned-off");
    expect(await countMailTo(email)).toBe(told);
  }, SLOW);
});

describe("mailed links are a first factor too", () => {
  const post = (route: { POST: (r: Request, c: { params: Promise<Record<string, never>> }) => Promise<Response> }, path: string, json: unknown) =>
    route.POST(makeRequest(path, { method: "POST", json }), noParams());

  it("asks for the authenticator code after an email link and after a password reset, and signs in only then", async () => {
    const session = await signUpVerified();
    const { key, backupCodes } = await enrolTwoFactor(session.cookie);

    expect((await post(linkRequest, "/api/account/email-link", { email: session.email })).status).toBe(202);
    const linked = await post(linkSignIn, "/api/account/email-link/sign-in", { token: await tokenMailedTo(session.email, "/login/link") });
    expect(linked.status).toBe(200);
    expect(await linked.clone().json()).toMatchObject({ user: null, twoFactorRequired: true });
    expect(await whoIs(cookiesFrom(linked))).toBeNull();
    const finished = await auth("/two-factor/verify-totp", { code: totpCode(key) }, cookiesFrom(linked));
    expect(finished.status).toBe(200);
    expect(await whoIs(cookiesFrom(finished))).toBe(session.email);

    expect((await post(resetRequest, "/api/account/password-reset", { email: session.email })).status).toBe(202);
    const token = await tokenMailedTo(session.email, "/reset-password");
    const reset = await post(resetConfirm, "/api/account/password-reset/confirm", { token, password: "a-new-long-password" });
    expect(reset.status).toBe(200);
    expect(await reset.clone().json()).toMatchObject({ twoFactorRequired: true });
    expect(await whoIs(cookiesFrom(reset))).toBeNull();
    const backup = await auth("/two-factor/verify-backup-code", { code: backupCodes[0] }, cookiesFrom(reset));
    expect(backup.status).toBe(200);
    expect(await whoIs(cookiesFrom(backup))).toBe(session.email);
  }, SLOW);
});

describe("with better-auth's request limiter on, as in production", () => {
  beforeAll(async () => {
    process.env.AUTH_RATE_LIMIT = "true";
    resetEnvForTests();
    resetAuthForTests();
    // Its counts are kept in the shared table: start from none.
    await (await getDb()).delete(rateLimitHit).where(eq(rateLimitHit.bucket, "better-auth"));
  });
  afterAll(() => {
    process.env.AUTH_RATE_LIMIT = "false";
    resetEnvForTests();
    resetAuthForTests();
  });

  it("lets a person who just set up two-factor mistype codes and still sign in within seconds", async () => {
    const { email, key } = await enrolledAccount();
    await awaitFreshStep();
    const pending = await challenge(email);
    // One person, one address.
    const verify = (code: string) =>
      authRoute.POST(makeRequest("/api/auth/two-factor/verify-totp", { method: "POST", json: { code }, cookie: pending, headers: { "x-forwarded-for": "10.9.9.9" } }), noParams());
    for (let attempt = 1; attempt <= 3; attempt += 1) {
      const wrong = await verify("000000" === totpCode(key) ? "111111" : "000000");
      expect(wrong.status).toBe(401);
    }
    const right = await verify(totpCode(key));
    expect(right.status).toBe(200);
    expect(await whoIs(cookiesFrom(right))).toBe(email);
  }, SLOW);
});

describe("ADMIN_MFA=required", () => {
  withEnv({ ADMIN_MFA: "required" });

  it("answers an admin without two-factor with an enrolment message on every admin API, until they enrol", async () => {
    const admin = await signUpAdmin();
    const refused = await usersRoute.GET(makeRequest("/api/users", { cookie: admin.cookie }), noParams());
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { error: { message: string } }).error.message).toBe(
      "This shop requires admins to use two-factor authentication. Set it up under Sign-in & security, then try again.",
    );
    const me = (await (await meRoute.GET(makeRequest("/api/me", { cookie: admin.cookie }), noParams())).json()) as { role: string };
    expect(me.role).toBe("customer");

    const { cookie } = await enrolTwoFactor(admin.cookie);
    const allowed = await usersRoute.GET(makeRequest("/api/users", { cookie }), noParams());
    expect(allowed.status).toBe(200);
  }, SLOW);
});

describe("an account without a password (made through a provider)", () => {
  it("changes two-factor only within a recent sign-in: a stale session can neither turn it off nor come away with a fresh session", async () => {
    const person = await signUp();
    const db = await getDb();
    await db.delete(account).where(and(eq(account.userId, person.userId), eq(account.providerId, "credential")));
    // Just signed in: set up without a password, as the plugin allows.
    const { cookie } = await enrolTwoFactor(person.cookie, null);

    await ageSessions(person.userId, 11);
    for (const path of ["/two-factor/disable", "/two-factor/generate-backup-codes", "/two-factor/enable"]) {
      // A password in the body changes nothing: the account has none to check.
      for (const body of [{}, { password: "anything-at-all" }]) {
        const refused = await auth(path, body, cookie);
        expect({ path, status: refused.status }).toEqual({ path, status: 403 });
        expect(((await refused.json()) as AuthError).code).toBe("RECENT_SIGN_IN_REQUIRED");
        expect(cookiesFrom(refused)).not.toContain("session_token");
      }
    }
    // Still on, and the stale session still may not change the email address.
    const [row] = await db.select({ on: user.twoFactorEnabled }).from(user).where(eq(user.id, person.userId));
    expect(row?.on).toBe(true);
    const moved = await emailRoute.POST(makeRequest("/api/me/email", { method: "POST", json: { email: uniqueEmail("moved") }, cookie }), noParams());
    expect(moved.status).toBe(403);

    // Within ten minutes of signing in, it can.
    await ageSessions(person.userId, 1);
    expect((await auth("/two-factor/disable", {}, cookie)).status).toBe(200);
  }, SLOW);
});

import { jest } from "@jest/globals";
import { eq } from "drizzle-orm";
import * as linkRequest from "@/app/api/account/email-link/route";
import * as linkSignIn from "@/app/api/account/email-link/sign-in/route";
import * as passwordRoute from "@/app/api/me/password/route";
import * as resetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import { beginPasswordAttempt, LOCKOUT, settlePasswordAttempt } from "@/lib/accounts/lockout";
import { getDb } from "@/lib/db/client";
import { signInFailure, signInLock, user } from "@/models/schema";
import { signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { signUpVerified, tokenMailedTo } from "@/tests/fixtures/mail";
import { auth, enrolTwoFactor } from "@/tests/fixtures/two-factor";

const MINUTE = 60_000;
const LOCKED_MESSAGE =
  "Too many failed sign-ins. Password sign-in for this address is paused for 15 minutes. You can still sign in with an email link or reset your password.";

async function failTimes(email: string, times: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < times; i += 1) statuses.push((await signInRequest(email, `wrong-password-${i}`)).status);
  return statuses;
}

/** Whether a password attempt at `now` would be refused, read without making one. */
async function isLocked(email: string, now: Date): Promise<boolean> {
  const db = await getDb();
  const [lock] = await db.select().from(signInLock).where(eq(signInLock.email, email));
  return Boolean(lock && lock.lockedUntil.getTime() > now.getTime());
}

// Each password check costs a real scrypt hash; a busy machine needs more than the default 30 s.
jest.setTimeout(120_000);

describe("password sign-in lockout (10 failures in 15 minutes → 15 minutes)", () => {
  it("locks after the 10th failure, even for the right password: 429, Retry-After and a plain message", async () => {
    const person = await signUpVerified({ password: "the-real-password" });
    expect(await failTimes(person.email, 10)).toEqual(Array(10).fill(401));

    const locked = await signInRequest(person.email, "the-real-password");
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
    expect(Number(locked.headers.get("retry-after"))).toBeLessThanOrEqual(15 * 60);
    expect(await locked.json()).toEqual({ code: "ACCOUNT_LOCKED", message: LOCKED_MESSAGE });
    // Counted in the database, where every instance of the shop reads it.
    const db = await getDb();
    const [lock] = await db.select().from(signInLock).where(eq(signInLock.email, person.email));
    expect(lock?.lockedUntil.getTime()).toBeGreaterThan(Date.now() + 14 * MINUTE);
    // The existing session is untouched: the lock is on password sign-in only.
    expect(await whoAmI(person.cookie)).not.toBeNull();
  });

  it("still lets the locked person in with an email link, and a password reset lifts the lock", async () => {
    const person = await signUpVerified({ password: "the-real-password" });
    await failTimes(person.email, 10);
    expect((await signInRequest(person.email, "the-real-password")).status).toBe(429);

    await linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    const linkToken = await tokenMailedTo(person.email, "/login/link");
    const viaLink = await linkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token: linkToken } }), noParams());
    expect(viaLink.status).toBe(200);

    await resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: person.email } }), noParams());
    const resetToken = await tokenMailedTo(person.email, "/reset-password");
    const reset = await resetConfirm.POST(
      makeRequest("/api/account/password-reset/confirm", { method: "POST", json: { token: resetToken, password: "brand-new-password" } }),
      noParams(),
    );
    expect(reset.status).toBe(200);
    expect((await signInRequest(person.email, "brand-new-password")).status).toBe(200);
  });

  it("locks an address that has no account exactly like one that has, so the lock reveals nothing", async () => {
    const nobody = uniqueEmail("nobody");
    expect(await failTimes(nobody, 10)).toEqual(Array(10).fill(401));
    const eleventh = await signInRequest(nobody, "anything-else");
    expect(eleventh.status).toBe(429);
    expect(await eleventh.json()).toEqual({ code: "ACCOUNT_LOCKED", message: LOCKED_MESSAGE });
  });

  it("counts only failures inside the last 15 minutes, and a success starts the count again", async () => {
    const email = uniqueEmail("window");
    const db = await getDb();
    const t0 = new Date("2026-07-01T09:00:00Z");
    for (let i = 0; i < 9; i += 1) {
      await beginPasswordAttempt(db, email, t0);
      await settlePasswordAttempt(db, email, false, t0);
    }
    // At exactly 15 minutes the nine early failures no longer count: the 10th is the first of a new window.
    const later = new Date(t0.getTime() + LOCKOUT.windowMs);
    await beginPasswordAttempt(db, email, later);
    await settlePasswordAttempt(db, email, false, later);
    expect(await isLocked(email, later)).toBe(false);
    // Nine failures in this window so far; a success clears them, so nine more still do not lock.
    for (let i = 0; i < 8; i += 1) {
      await beginPasswordAttempt(db, email, later);
      await settlePasswordAttempt(db, email, false, later);
    }
    await beginPasswordAttempt(db, email, later);
    await settlePasswordAttempt(db, email, true, later);
    expect(await db.select().from(signInFailure).where(eq(signInFailure.email, email))).toEqual([]);
    for (let i = 0; i < 9; i += 1) {
      await beginPasswordAttempt(db, email, later);
      await settlePasswordAttempt(db, email, false, later);
    }
    expect(await isLocked(email, later)).toBe(false);
  });

  it("locks at the 10th failure within 1 ms of the window, for 15 minutes to the millisecond", async () => {
    const email = uniqueEmail("boundary");
    const db = await getDb();
    const t0 = new Date("2026-07-02T09:00:00Z");
    const last = new Date(t0.getTime() + LOCKOUT.windowMs - 1);
    for (let i = 0; i < 9; i += 1) {
      await beginPasswordAttempt(db, email, t0);
      await settlePasswordAttempt(db, email, false, t0);
    }
    expect(await isLocked(email, last)).toBe(false);
    await beginPasswordAttempt(db, email, last);
    await settlePasswordAttempt(db, email, false, last);
    expect(await isLocked(email, new Date(last.getTime() + LOCKOUT.lockMs - 1))).toBe(true);
    expect(await isLocked(email, new Date(last.getTime() + LOCKOUT.lockMs))).toBe(false);
  });

  it("lets no more than 10 password checks through when attempts arrive all at once", async () => {
    const person = await signUpVerified({ password: "the-real-password" });
    const statuses = await Promise.all(Array.from({ length: 14 }, (_, i) => signInRequest(person.email, `parallel-wrong-${i}`).then((r) => r.status)));
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(4);
  });

  it("counts a wrong current password on the change-password form too", async () => {
    const person = await signUpVerified({ password: "the-real-password" });
    const change = (currentPassword: string) =>
      passwordRoute.POST(
        makeRequest("/api/me/password", { method: "POST", json: { currentPassword, newPassword: "another-password" }, cookie: person.cookie }),
        noParams(),
      );
    for (let i = 0; i < 10; i += 1) {
      const response = await change(`guess-${i}`);
      expect(response.status).toBe(422);
      expect(await response.json()).toMatchObject({ error: { fields: { currentPassword: "Your current password is not correct." } } });
    }
    const locked = await change("the-real-password");
    expect(locked.status).toBe(429);
    expect((await signInRequest(person.email, "the-real-password")).status).toBe(429);
    expect(cookiesFrom(locked)).toBe("");
  });

  it("counts wrong passwords given to turn two-factor off or to get new backup codes, so a stolen session cannot guess", async () => {
    const person = await signUp({ password: "the-real-password" });
    const { cookie } = await enrolTwoFactor(person.cookie, "the-real-password");
    const paths = ["/two-factor/disable", "/two-factor/generate-backup-codes", "/two-factor/enable"];
    for (let i = 0; i < 10; i += 1) {
      const response = await auth(paths[i % paths.length] ?? "", { password: `guess-${i}` }, cookie);
      expect(response.status).toBe(400);
    }
    for (const path of paths) {
      const locked = await auth(path, { password: "the-real-password" }, cookie);
      expect(locked.status).toBe(429);
      expect(Number(locked.headers.get("retry-after"))).toBeGreaterThan(14 * 60);
      expect(await locked.json()).toEqual({ code: "ACCOUNT_LOCKED", message: LOCKED_MESSAGE });
    }
    // The same lock as password sign-in; two-factor is still on.
    expect((await signInRequest(person.email, "the-real-password")).status).toBe(429);
    const db = await getDb();
    const [row] = await db.select({ twoFactorEnabled: user.twoFactorEnabled }).from(user).where(eq(user.id, person.userId));
    expect(row?.twoFactorEnabled).toBe(true);
  });

  it("clears the count when the password given to a two-factor endpoint is right, and not for any other answer", async () => {
    const person = await signUp({ password: "the-real-password" });
    const { cookie } = await enrolTwoFactor(person.cookie, "the-real-password");
    for (let i = 0; i < 9; i += 1) expect((await auth("/two-factor/generate-backup-codes", { password: `guess-${i}` }, cookie)).status).toBe(400);
    // A body the plugin refuses before it looks at the password does not reset the count.
    expect((await auth("/two-factor/enable", { password: "the-real-password", method: "carrier-pigeon" }, cookie)).status).toBe(400);
    expect((await signInRequest(person.email, "the-real-password")).status).toBe(429);

    const other = await signUp({ password: "the-real-password" });
    const enrolled = await enrolTwoFactor(other.cookie, "the-real-password");
    for (let i = 0; i < 9; i += 1) expect((await auth("/two-factor/generate-backup-codes", { password: `guess-${i}` }, enrolled.cookie)).status).toBe(400);
    expect((await auth("/two-factor/generate-backup-codes", { password: "the-real-password" }, enrolled.cookie)).status).toBe(200);
    const db = await getDb();
    expect(await db.select().from(signInFailure).where(eq(signInFailure.email, other.email))).toEqual([]);
  });
});

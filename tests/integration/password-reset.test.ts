import { eq } from "drizzle-orm";
import * as resetConfirm from "@/app/api/account/password-reset/confirm/route";
import * as resetRequest from "@/app/api/account/password-reset/route";
import * as linkRequest from "@/app/api/account/email-link/route";
import { describeEmailLink } from "@/lib/accounts/email-link";
import { describeResetLink, resetPasswordWithToken } from "@/lib/accounts/password-reset";
import { issueToken } from "@/lib/accounts/tokens";
import { getDb } from "@/lib/db/client";
import { account, auditLog } from "@/models/schema";
import { signIn, signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { countMailTo, newestMailTo, tokenMailedTo } from "@/tests/fixtures/mail";

const HOUR = 60 * 60_000;

const requestReset = (email: string, headers?: Record<string, string>) =>
  resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email }, headers }), noParams());
const confirmReset = (json: unknown) =>
  resetConfirm.POST(makeRequest("/api/account/password-reset/confirm", { method: "POST", json }), noParams());

describe("forgot password", () => {
  it("answers an address with an account exactly as one without, and mails only the account", async () => {
    const known = await signUp();
    const unknown = uniqueEmail("nobody");
    const forKnown = await requestReset(known.email);
    const forUnknown = await requestReset(unknown);
    expect(forKnown.status).toBe(202);
    expect(forUnknown.status).toBe(202);
    const [a, b] = [await forKnown.json(), await forUnknown.json()];
    expect(a).toEqual(b);
    expect(a).toEqual({ message: "If an account uses this address, we have emailed it a link to choose a new password. The link works for 1 hour." });
    expect([...forKnown.headers.keys()].sort()).toEqual([...forUnknown.headers.keys()].sort());

    expect(await newestMailTo(known.email, "Reset your ToolForge password")).not.toBeNull();
    expect(await countMailTo(unknown)).toBe(0);
  });

  it("refuses a malformed address with 422 and limits requests per address", async () => {
    expect((await requestReset("not-an-email")).status).toBe(422);
    // The reset link always leads to the reset page: a `next` is an unknown field, as in every strict body.
    const withNext = await resetRequest.POST(makeRequest("/api/account/password-reset", { method: "POST", json: { email: uniqueEmail("next"), next: "/cart" } }), noParams());
    expect(withNext.status).toBe(422);
    const target = uniqueEmail("flooded");
    for (let i = 0; i < 3; i += 1) expect((await requestReset(target)).status).toBe(202);
    expect((await requestReset(target)).status).toBe(429);
  });

  it("sets the new password with the link, signs this browser in and every other session out, once", async () => {
    const person = await signUp({ password: "old-password-1" });
    const laptop = await signIn(person.email, "old-password-1");
    await requestReset(person.email);
    const token = await tokenMailedTo(person.email, "/reset-password");
    expect(await describeResetLink(token)).toBe("valid");

    const short = await confirmReset({ token, password: "short" });
    expect(short.status).toBe(422);
    expect(((await short.json()) as { error: { fields: Record<string, string> } }).error.fields.password).toBe("Use at least 8 characters");

    await linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: { email: person.email } }), noParams());
    const signInLink = await tokenMailedTo(person.email, "/login/link");

    const done = await confirmReset({ token, password: "new-password-2" });
    expect(done.status).toBe(200);
    // A sign-in link mailed before the new password no longer opens the account.
    expect((await describeEmailLink(signInLink)).state).toBe("invalid");
    const here = cookiesFrom(done);
    expect(await whoAmI(here)).toMatchObject({ email: person.email });
    // Every session from before the reset is gone.
    expect(await whoAmI(person.cookie)).toBeNull();
    expect(await whoAmI(laptop)).toBeNull();
    expect((await signInRequest(person.email, "old-password-1")).status).toBe(401);
    expect((await signInRequest(person.email, "new-password-2")).status).toBe(200);

    const reused = await confirmReset({ token, password: "third-password-3" });
    expect(reused.status).toBe(422);
    expect(await reused.json()).toMatchObject({ error: { message: "This link has already been used. Ask for a new one if you still need it.", details: { reason: "used" } } });
    expect(await describeResetLink(token)).toBe("used");

    expect(await newestMailTo(person.email, "Your ToolForge password was changed")).not.toBeNull();
    const db = await getDb();
    const audits = await db.select().from(auditLog).where(eq(auditLog.entityId, person.userId));
    expect(audits.map((a) => a.action)).toContain("user.password-reset");
  });

  it("keeps a reset link valid for 1 hour and not a millisecond longer", async () => {
    const person = await signUp();
    const db = await getDb();
    const issuedAt = new Date("2026-05-01T08:00:00Z");
    const hash = "$placeholder-hash-for-the-boundary-test";
    const late = await issueToken(db, { purpose: "reset-password", userId: person.userId, email: person.email }, issuedAt);
    expect(await describeResetLink(late, new Date(issuedAt.getTime() + HOUR))).toBe("expired");
    await expect(resetPasswordWithToken(late, hash, new Date(issuedAt.getTime() + HOUR))).rejects.toMatchObject({
      message: "This link has expired. Ask for a new one.",
    });
    const inTime = await issueToken(db, { purpose: "reset-password", userId: person.userId, email: person.email }, issuedAt);
    expect(await describeResetLink(inTime, new Date(issuedAt.getTime() + HOUR - 1))).toBe("valid");
    await expect(resetPasswordWithToken(inTime, hash, new Date(issuedAt.getTime() + HOUR - 1))).resolves.toEqual({ userId: person.userId });
    const [credential] = await db.select().from(account).where(eq(account.userId, person.userId));
    expect(credential?.password).toBe(hash);
  });

  it("refuses a link that is not one of ours", async () => {
    const response = await confirmReset({ token: "x".repeat(43), password: "whatever-password" });
    expect(response.status).toBe(422);
    expect(await response.json()).toMatchObject({ error: { details: { reason: "invalid" } } });
    expect((await confirmReset({ token: "x".repeat(43), password: "whatever-password", extra: 1 })).status).toBe(422);
  });
});

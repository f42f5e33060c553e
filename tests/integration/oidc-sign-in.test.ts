import { and, eq } from "drizzle-orm";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as meRoute from "@/app/api/me/route";
import { getDb } from "@/lib/db/client";
import { account, user } from "@/models/schema";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { withOidcProvider } from "@/tests/fixtures/oidc-shop";
import { auth, enrolTwoFactor, totpCode } from "@/tests/fixtures/two-factor";

const { signInThroughProvider } = withOidcProvider({ id: "toolforge-jest", secret: "toolforge-jest-secret" });

async function whoIs(cookie: string): Promise<{ id: string; email: string; imageUrl: string | null } | null> {
  const response = await meRoute.GET(makeRequest("/api/me", { cookie }), noParams());
  return response.status === 200 ? ((await response.json()) as { id: string; email: string; imageUrl: string | null }) : null;
}

async function verifyEmailOf(userId: string): Promise<void> {
  const db = await getDb();
  await db.update(user).set({ emailVerified: true }).where(eq(user.id, userId));
}

async function oidcAccountOf(userId: string) {
  const db = await getDb();
  return db.select().from(account).where(and(eq(account.userId, userId), eq(account.providerId, "oidc")));
}

// These tests wait for a fresh 30-second TOTP step and sign in several times: give them room on a busy machine.
const SLOW = 90_000;

describe("staff single sign-on through an OpenID Connect provider", () => {
  it("a callback without its sign-in's state (opened in another browser, or long after) lands on the sign-in page with a message", async () => {
    for (const query of ["", "?code=abc&state=not-a-state"]) {
      const back = await authRoute.GET(makeRequest(`/api/auth/callback/oidc${query}`), noParams());
      expect(back.status).toBe(302);
      const location = new URL(back.headers.get("location") ?? "", "http://shop.test");
      expect(location.pathname).toBe("/login");
      expect(location.searchParams.get("error")).toEqual(expect.any(String));
    }
  });

  it("creates the account on first sign-in, with the provider's photo stored by the shop", async () => {
    const email = uniqueEmail("staff");
    const callback = await signInThroughProvider(email);
    expect(callback.status).toBe(302);
    expect(callback.headers.get("location")).toBe("/dashboard");
    const me = await whoIs(cookiesFrom(callback));
    expect(me?.email).toBe(email);
    expect(me?.imageUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.webp$/);
  }, SLOW);

  it("joins an existing account when the address is verified both at the provider and here", async () => {
    const existing = await signUp();
    await verifyEmailOf(existing.userId);
    const callback = await signInThroughProvider(existing.email);
    expect(callback.headers.get("location")).toBe("/dashboard");
    expect((await whoIs(cookiesFrom(callback)))?.id).toBe(existing.userId);
    expect(await oidcAccountOf(existing.userId)).toHaveLength(1);
  }, SLOW);

  it("refuses to join an account whose address is not verified here", async () => {
    const existing = await signUp();
    const callback = await signInThroughProvider(existing.email);
    expect(callback.headers.get("location")).toBe("/login?error=account_not_linked");
    expect(await whoIs(cookiesFrom(callback))).toBeNull();
    expect(await oidcAccountOf(existing.userId)).toHaveLength(0);
  }, SLOW);

  it("refuses to join an account when the provider has not verified the address", async () => {
    const existing = await signUp({ email: uniqueEmail("unverified-at-provider") });
    await verifyEmailOf(existing.userId);
    const callback = await signInThroughProvider(existing.email);
    expect(callback.headers.get("location")).toBe("/login?error=account_not_linked");
    expect(await oidcAccountOf(existing.userId)).toHaveLength(0);
  }, SLOW);

  it("asks an account with two-factor on for its second factor after the provider", async () => {
    const email = uniqueEmail("staff-2fa");
    const first = await signInThroughProvider(email);
    // No password on this account: two-factor is set up without one.
    const { key } = await enrolTwoFactor(cookiesFrom(first), null);

    const again = await signInThroughProvider(email);
    expect(again.status).toBe(302);
    expect(again.headers.get("location")).toBe("/login?step=two-factor&next=%2Fdashboard");
    const pending = cookiesFrom(again);
    expect(await whoIs(pending)).toBeNull();
    const verified = await auth("/two-factor/verify-totp", { code: totpCode(key) }, pending);
    expect(verified.status).toBe(200);
    expect((await whoIs(cookiesFrom(verified)))?.email).toBe(email);
  }, SLOW);
});

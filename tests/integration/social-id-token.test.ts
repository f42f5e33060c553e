import { and, eq } from "drizzle-orm";
import * as authRoute from "@/app/api/auth/[...all]/route";
import * as meRoute from "@/app/api/me/route";
import { getDb } from "@/lib/db/client";
import { account, session } from "@/models/schema";
import { cookiesFrom, makeRequest, noParams, uniqueEmail } from "@/tests/fixtures/http";
import { withOidcProvider } from "@/tests/fixtures/oidc-shop";
import { enrolTwoFactor } from "@/tests/fixtures/two-factor";

// better-auth's /sign-in/social also takes `{ idToken: { token } }` and makes a session on the spot,
// without the provider's callback where the shop asks for the second factor. The shop's buttons use
// the redirect flow only, so that branch is closed.

const ID_TOKEN_MESSAGE = "Signing in with a provider's ID token is not available here. Use the provider's button on the sign-in page.";
const { signInThroughProvider } = withOidcProvider({ id: "toolforge-id-token", secret: "toolforge-id-token-secret" }, { claimsInIdToken: true });

function startSocial(json: unknown): Promise<Response> {
  return authRoute.POST(makeRequest("/api/auth/sign-in/social", { method: "POST", json }), noParams());
}

async function isSignedIn(cookie: string): Promise<boolean> {
  return (await meRoute.GET(makeRequest("/api/me", { cookie }), noParams())).status === 200;
}

async function sessionCount(userId: string): Promise<number> {
  const db = await getDb();
  return (await db.select({ id: session.id }).from(session).where(eq(session.userId, userId))).length;
}

const SLOW = 90_000;

describe("POST /api/auth/sign-in/social with an ID token", () => {
  it("is refused with 400 for an account with two-factor on, and makes no session; the redirect flow still asks for the code", async () => {
    const email = uniqueEmail("id-token");
    const first = await signInThroughProvider(email, "/");
    expect(first.status).toBe(302);
    await enrolTwoFactor(cookiesFrom(first), null);

    // A genuine ID token the provider issued for this person (kept by better-auth on the account row):
    // the first factor only.
    const db = await getDb();
    const [row] = await db.select().from(account).where(and(eq(account.providerId, "oidc"), eq(account.accountId, email)));
    const idToken = row?.idToken ?? "";
    expect(idToken.split(".")).toHaveLength(3);
    const nonce = (JSON.parse(Buffer.from(idToken.split(".")[1] ?? "", "base64url").toString("utf8")) as { nonce?: string }).nonce;
    const userId = row?.userId ?? "";
    const before = await sessionCount(userId);

    const refused = await startSocial({ provider: "oidc", idToken: { token: idToken, nonce } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ code: "ID_TOKEN_SIGN_IN_CLOSED", message: ID_TOKEN_MESSAGE });
    expect(refused.headers.getSetCookie()).toEqual([]);
    expect(await sessionCount(userId)).toBe(before);

    // Whatever the provider, and before looking it up.
    for (const provider of ["google", "apple", "oidc"]) {
      const other = await startSocial({ provider, callbackURL: "/", idToken: { token: "x.y.z" } });
      expect(other.status).toBe(400);
      expect(((await other.json()) as { code: string }).code).toBe("ID_TOKEN_SIGN_IN_CLOSED");
    }

    // The redirect flow is unchanged: the provider, then the code.
    const again = await signInThroughProvider(email, "/");
    expect(again.headers.get("location")).toBe("/login?step=two-factor&next=%2F");
    expect(await isSignedIn(cookiesFrom(again))).toBe(false);
    expect(await sessionCount(userId)).toBe(before);
  }, SLOW);
});

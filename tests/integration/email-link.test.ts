import { eq } from "drizzle-orm";
import * as linkRequest from "@/app/api/account/email-link/route";
import * as linkSignIn from "@/app/api/account/email-link/sign-in/route";
import { consumeEmailLink, describeEmailLink } from "@/lib/accounts/email-link";
import { issueToken } from "@/lib/accounts/tokens";
import { getDb } from "@/lib/db/client";
import { account } from "@/models/schema";
import { signIn, signInRequest, whoAmI } from "@/tests/fixtures/accounts";
import { cookiesFrom, makeRequest, noParams, signUp, uniqueEmail } from "@/tests/fixtures/http";
import { countMailTo, linkIn, newestMailTo, signUpVerified, tokenMailedTo } from "@/tests/fixtures/mail";

const MINUTE = 60_000;

const askForLink = (email: string, next?: string) =>
  linkRequest.POST(makeRequest("/api/account/email-link", { method: "POST", json: next ? { email, next } : { email } }), noParams());
const useLink = (token: string, cookie?: string) =>
  linkSignIn.POST(makeRequest("/api/account/email-link/sign-in", { method: "POST", json: { token }, cookie }), noParams());

describe("sign-in with an email link", () => {
  it("answers the same for any address, mails only an account, and signs in with the link once", async () => {
    const person = await signUpVerified({ name: "Linda Link" });
    const stranger = uniqueEmail("stranger");
    const [forPerson, forStranger] = [await askForLink(person.email, "/dashboard/myorders"), await askForLink(stranger)];
    expect(forPerson.status).toBe(202);
    expect(await forPerson.json()).toEqual(await forStranger.json());
    expect(await countMailTo(stranger)).toBe(0);

    const mail = await newestMailTo(person.email, "Your ToolForge sign-in link");
    const url = linkIn(mail, "/login/link");
    expect(url.searchParams.get("next")).toBe("/dashboard/myorders");
    const token = url.searchParams.get("token") ?? "";
    expect(await describeEmailLink(token)).toEqual({ state: "valid", email: person.email });

    const used = await useLink(token);
    expect(used.status).toBe(200);
    expect(await whoAmI(cookiesFrom(used))).toMatchObject({ email: person.email });
    // The session was there before, and stays: an email link signs in, it signs nobody out.
    expect(await whoAmI(person.cookie)).not.toBeNull();

    const again = await useLink(token);
    expect(again.status).toBe(422);
    expect(await again.json()).toMatchObject({ error: { message: "This link has already been used. Ask for a new one if you still need it." } });
    expect(cookiesFrom(again)).toBe("");
  });

  it("keeps a link valid for 15 minutes and not a millisecond longer", async () => {
    const person = await signUpVerified();
    const db = await getDb();
    const issuedAt = new Date("2026-06-01T10:00:00Z");
    const late = await issueToken(db, { purpose: "email-link", userId: person.userId, email: person.email }, issuedAt);
    await expect(consumeEmailLink(late, new Date(issuedAt.getTime() + 15 * MINUTE))).rejects.toMatchObject({
      message: "This link has expired. Ask for a new one.",
      details: { reason: "expired" },
    });
    const inTime = await issueToken(db, { purpose: "email-link", userId: person.userId, email: person.email }, issuedAt);
    await expect(consumeEmailLink(inTime, new Date(issuedAt.getTime() + 15 * MINUTE - 1))).resolves.toEqual({ userId: person.userId });
  });

  it("lets two requests with one link sign in only once", async () => {
    const person = await signUpVerified();
    await askForLink(person.email);
    const token = await tokenMailedTo(person.email, "/login/link");
    const results = await Promise.all([useLink(token), useLink(token), useLink(token)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422]);
  });

  it("on an unverified account, proves the mailbox: sessions and the password set before it are removed", async () => {
    // Someone registered this address first, with a password of their own, and is signed in.
    const squatter = await signUp({ password: "squatters-password" });
    await askForLink(squatter.email);
    const token = await tokenMailedTo(squatter.email, "/login/link");
    const owner = await useLink(token);
    expect(owner.status).toBe(200);
    expect(await whoAmI(cookiesFrom(owner))).toMatchObject({ emailVerified: true });
    expect(await whoAmI(squatter.cookie)).toBeNull();
    expect((await signInRequest(squatter.email, "squatters-password")).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(account).where(eq(account.userId, squatter.userId))).toEqual([]);
  });

  it("never creates an account", async () => {
    const stranger = uniqueEmail("no-account");
    await askForLink(stranger);
    expect(await countMailTo(stranger)).toBe(0);
    await expect(signIn(stranger, "anything-at-all")).rejects.toThrow(/401/);
  });
});

import { eq } from "drizzle-orm";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as confirmRoute from "@/app/api/newsletter/confirm/route";
import * as unsubscribeRoute from "@/app/api/newsletter/unsubscribe/route";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { newsletterConfirmToken } from "@/lib/messages/confirm";
import { unsubscribeToken, unsubscribeUrl } from "@/lib/messages/unsubscribe";
import { UNSUBSCRIBE_LINK_INVALID } from "@/models/messages";
import { newsletterSubscriber } from "@/models/schema";
import { makeRequest, noParams, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let admin: Session;

beforeAll(async () => {
  admin = await signUpAdmin();
});

/** Signs an address up and confirms it from its mail's link (ADR 072): a subscriber on the list. */
async function subscribe(email: string): Promise<void> {
  const response = await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email } }), noParams());
  expect(response.status).toBe(200);
  const confirmed = await confirmRoute.POST(
    makeRequest("/api/newsletter/confirm", { method: "POST", json: { email, token: newsletterConfirmToken(email) } }),
    noParams(),
  );
  expect(confirmed.status).toBe(200);
}

async function isSubscribed(email: string): Promise<boolean> {
  const db = await getDb();
  const rows = await db.select().from(newsletterSubscriber).where(eq(newsletterSubscriber.email, email.toLowerCase()));
  return rows.length > 0;
}

const leave = (json: unknown) => unsubscribeRoute.POST(makeRequest("/api/newsletter/unsubscribe", { method: "POST", json }), noParams());
/** A mail provider's RFC 8058 one-click POST to `url`: form-encoded, from its own servers (no Origin header, no cookie). */
const oneClick = (url: string | URL, body = "List-Unsubscribe=One-Click") =>
  unsubscribeRoute.POST(new Request(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body }), noParams());

describe("POST /api/newsletter/unsubscribe", () => {
  it("removes the address whose link's token it gets", async () => {
    const email = uniqueEmail("leaver");
    await subscribe(email);
    const response = await leave({ email, token: unsubscribeToken(email) });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ unsubscribed: true });
    expect(await isSubscribed(email)).toBe(false);
  });

  it("takes the address in any case: the token is over the lower-cased address", async () => {
    const email = uniqueEmail("Mixed.Case");
    await subscribe(email);
    const response = await leave({ email: email.toUpperCase(), token: unsubscribeToken(email.toLowerCase()) });
    expect(response.status).toBe(200);
    expect(await isSubscribed(email)).toBe(false);
  });

  it("refuses a wrong token with a message a person can act on, and keeps the subscriber", async () => {
    const email = uniqueEmail("stayer");
    await subscribe(email);
    const token = unsubscribeToken(email);
    for (const wrong of [`${token.slice(0, -2)}xx`, "short", ""]) {
      const response = await leave({ email, token: wrong });
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    }
    const missing = await leave({ email });
    expect(missing.status).toBe(422);
    expect(((await missing.json()) as ErrorBody).error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect(await isSubscribed(email)).toBe(true);
  });

  it("refuses another address's token: one link cannot unsubscribe someone else", async () => {
    const victim = uniqueEmail("victim");
    const attacker = uniqueEmail("attacker");
    await subscribe(victim);
    await subscribe(attacker);
    const response = await leave({ email: victim, token: unsubscribeToken(attacker) });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.message).toBe(UNSUBSCRIBE_LINK_INVALID);
    expect(await isSubscribed(victim)).toBe(true);
    expect(await isSubscribed(attacker)).toBe(true);
  });

  it("answers the same success for an address already gone (a second press, a second mail)", async () => {
    const email = uniqueEmail("twice");
    await subscribe(email);
    const token = unsubscribeToken(email);
    expect((await leave({ email, token })).status).toBe(200);
    const again = await leave({ email, token });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ unsubscribed: true });
    expect(await isSubscribed(email)).toBe(false);
  });

  it("does RFC 8058's one-click POST: List-Unsubscribe=One-Click form-encoded to the link's own URL", async () => {
    const email = uniqueEmail("one-click");
    await subscribe(email);
    const query = new URLSearchParams({ email, token: unsubscribeToken(email) });
    const post = (body: string) => oneClick(`${getEnv().appUrl}/api/newsletter/unsubscribe?${query}`, body);
    expect((await post("List-Unsubscribe=Something-Else")).status).toBe(400);
    expect(await isSubscribed(email)).toBe(true);
    const response = await post("List-Unsubscribe=One-Click");
    expect(response.status).toBe(200);
    expect(await isSubscribed(email)).toBe(false);
  });

  it("refuses a post from another site", async () => {
    const email = uniqueEmail("cross-site");
    await subscribe(email);
    const response = await unsubscribeRoute.POST(
      makeRequest("/api/newsletter/unsubscribe", { method: "POST", json: { email, token: unsubscribeToken(email) }, headers: { origin: "https://elsewhere.example" } }),
      noParams(),
    );
    expect(response.status).toBe(403);
    expect(await isSubscribed(email)).toBe(true);
  });
});

describe("the subscribers CSV carries each subscriber's unsubscribe link", () => {
  it("has an unsubscribe_url column whose link unsubscribes that subscriber", async () => {
    const email = uniqueEmail("csv-leaver");
    await subscribe(email);
    const response = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams());
    expect(response.status).toBe(200);
    const lines = (await response.text()).split("\r\n");
    expect(lines[0]).toBe("email,subscribed_at,unsubscribe_url,one_click_unsubscribe_url,signed_up_at");
    const row = lines.find((line) => line.startsWith(`${email},`));
    expect(row).toBeDefined();
    const link = new URL(row!.split(",")[2]!);
    expect(link.href).toBe(unsubscribeUrl(email));
    expect(`${link.origin}${link.pathname}`).toBe(`${getEnv().appUrl}/newsletter/unsubscribe`);
    expect(link.searchParams.get("email")).toBe(email);

    const left = await leave({ email: link.searchParams.get("email"), token: link.searchParams.get("token") });
    expect(left.status).toBe(200);
    expect(await isSubscribed(email)).toBe(false);
  });

  it("has a one_click_unsubscribe_url column that a mail provider's one-click POST unsubscribes with", async () => {
    const email = uniqueEmail("csv-one-click");
    await subscribe(email);
    const response = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams());
    const row = (await response.text()).split("\r\n").find((line) => line.startsWith(`${email},`));
    const [, , pageLink, oneClickLink] = row!.split(",");
    const url = new URL(oneClickLink!);
    expect(`${url.origin}${url.pathname}`).toBe(`${getEnv().appUrl}/api/newsletter/unsubscribe`);
    expect(url.search).toBe(new URL(pageLink!).search);
    // What the provider sends for `List-Unsubscribe-Post: List-Unsubscribe=One-Click`.
    const posted = await oneClick(url);
    expect(posted.status).toBe(200);
    expect(await isSubscribed(email)).toBe(false);
  });
});

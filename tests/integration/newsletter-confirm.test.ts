import { eq, sql } from "drizzle-orm";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as confirmRoute from "@/app/api/newsletter/confirm/route";
import { getDb } from "@/lib/db/client";
import { requireActor } from "@/lib/accounts/actor";
import { countUnconfirmedSubscribers } from "@/lib/messages/service";
import { MAX_CONFIRMATION_MAILS, sweepUnconfirmedSubscribers, UNCONFIRMED_DAYS } from "@/lib/messages/confirm";
import { unsubscribeToken } from "@/lib/messages/unsubscribe";
import { CONFIRM_LINK_INVALID, NEWSLETTER_CHECK_INBOX } from "@/models/messages";
import { newsletterSubscriber } from "@/models/schema";
import { makeRequest, noParams, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { countMailTo, linkIn, newestMailTo, signUpAdmin } from "@/tests/fixtures/mail";

// Double opt-in (ADR 072): the form asks, the address's owner confirms from the mail, and only then is
// the address on the list the shop mails offers to.

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
const SUBJECT = "Confirm your ToolForge newsletter subscription";

let admin: Session;

beforeAll(async () => {
  admin = await signUpAdmin();
});

const signUp = (email: string) => newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email } }), noParams());
const confirm = (json: unknown) => confirmRoute.POST(makeRequest("/api/newsletter/confirm", { method: "POST", json }), noParams());

async function rowOf(email: string) {
  const db = await getDb();
  const [row] = await db.select().from(newsletterSubscriber).where(eq(newsletterSubscriber.email, email.toLowerCase()));
  return row ?? null;
}

/** The admin list's emails, and the CSV export's, as an admin reads them. */
async function listed(email: string): Promise<{ list: boolean; csv: boolean }> {
  const list = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?pageSize=100", { cookie: admin.cookie }), noParams());
  const body = (await list.json()) as { items: { email: string }[] };
  const csv = await (await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams())).text();
  return { list: body.items.some((item) => item.email === email.toLowerCase()), csv: csv.includes(`${email.toLowerCase()},`) };
}

/** The confirmation link of the newest confirmation mail to `email`: the page, with email and token. */
async function mailedLink(email: string): Promise<URL> {
  return linkIn(await newestMailTo(email, SUBJECT), "/newsletter/confirm");
}

describe("newsletter sign-up with double opt-in", () => {
  it("mails the address a link and lists it only once it is confirmed from that link", async () => {
    const email = uniqueEmail("opt-in");
    const response = await signUp(email);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ message: NEWSLETTER_CHECK_INBOX });
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null });
    expect(await listed(email)).toEqual({ list: false, csv: false });
    const actor = await requireActor(new Headers({ cookie: admin.cookie }));
    expect(await countUnconfirmedSubscribers(actor)).toBeGreaterThanOrEqual(1);

    const mail = await newestMailTo(email, SUBJECT);
    expect(mail?.text).toContain("If it was not you, ignore this mail");
    const link = await mailedLink(email);
    expect(link.searchParams.get("email")).toBe(email.toLowerCase());
    const confirmed = await confirm({ email: link.searchParams.get("email"), token: link.searchParams.get("token") });
    expect(confirmed.status).toBe(200);
    expect(await confirmed.json()).toEqual({ subscribed: true });
    expect((await rowOf(email))?.confirmedAt).toBeInstanceOf(Date);
    expect(await listed(email)).toEqual({ list: true, csv: true });
  });

  it("answers every sign-up alike, and mails an address at most once a day until it is confirmed, never after", async () => {
    const email = uniqueEmail("repeat");
    const answers = [];
    for (let i = 0; i < 3; i += 1) answers.push(await (await signUp(email)).json());
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await countMailTo(email)).toBe(1);

    // A day later the form may send it once more (the first mail may have been lost).
    const db = await getDb();
    await db.update(newsletterSubscriber).set({ confirmationSentAt: sql`now() - interval '25 hours'` }).where(eq(newsletterSubscriber.email, email));
    await signUp(email);
    await signUp(email);
    expect(await countMailTo(email)).toBe(2);

    // Both links confirm (the token is the address's), twice is fine, and a confirmed address gets no more mail.
    const link = await mailedLink(email);
    for (let i = 0; i < 2; i += 1) expect((await confirm({ email, token: link.searchParams.get("token") })).status).toBe(200);
    const confirmedAt = (await rowOf(email))?.confirmedAt;
    await db.update(newsletterSubscriber).set({ confirmationSentAt: sql`now() - interval '25 hours'` }).where(eq(newsletterSubscriber.email, email));
    expect(await (await signUp(email)).json()).toEqual(answers[0]);
    expect(await countMailTo(email)).toBe(2);
    expect((await rowOf(email))?.confirmedAt).toEqual(confirmedAt);
  });

  it(`mails an unconfirmed address ${MAX_CONFIRMATION_MAILS} times at most, however many days the form is filled in`, async () => {
    const email = uniqueEmail("flooded");
    const db = await getDb();
    for (let day = 0; day < MAX_CONFIRMATION_MAILS + 2; day += 1) {
      await signUp(email);
      await db.update(newsletterSubscriber).set({ confirmationSentAt: sql`now() - interval '25 hours'` }).where(eq(newsletterSubscriber.email, email));
    }
    expect(await countMailTo(email)).toBe(MAX_CONFIRMATION_MAILS);
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null, confirmationMails: MAX_CONFIRMATION_MAILS });
    // Its owner can still confirm from any of them.
    expect((await confirm({ email, token: (await mailedLink(email)).searchParams.get("token") })).status).toBe(200);
  });

  it("refuses a token that is not the link's, with a message a person can act on, and the address stays unconfirmed", async () => {
    const email = uniqueEmail("forged");
    await signUp(email);
    const token = (await mailedLink(email)).searchParams.get("token") ?? "";
    const cases: unknown[] = [
      { email, token: `${token.slice(0, -2)}xx` },
      { email, token: unsubscribeToken(email) },
      { email: uniqueEmail("other"), token },
      { email, token: "" },
      { email: "not-an-address", token },
      { email },
    ];
    for (const body of cases) {
      const response = await confirm(body);
      expect(response.status).toBe(422);
      expect(((await response.json()) as ErrorBody).error.message).toBe(CONFIRM_LINK_INVALID);
    }
    expect(await rowOf(email)).toMatchObject({ confirmedAt: null });
  });

  it("drops sign-ups never confirmed after a week, and a link confirmed after that still subscribes", async () => {
    const stale = uniqueEmail("stale");
    const fresh = uniqueEmail("fresh");
    const kept = uniqueEmail("kept");
    for (const email of [stale, fresh, kept]) await signUp(email);
    await confirm({ email: kept, token: (await mailedLink(kept)).searchParams.get("token") });
    const db = await getDb();
    const old = sql`now() - make_interval(days => ${UNCONFIRMED_DAYS + 1})`;
    for (const email of [stale, kept]) await db.update(newsletterSubscriber).set({ createdAt: old, confirmationSentAt: old }).where(eq(newsletterSubscriber.email, email));
    // Signed up long ago, but mailed again yesterday: kept a week from that mail, with its count of mails.
    await db.update(newsletterSubscriber).set({ createdAt: old, confirmationSentAt: sql`now() - interval '1 day'` }).where(eq(newsletterSubscriber.email, fresh));

    expect(await sweepUnconfirmedSubscribers()).toBeGreaterThanOrEqual(1);
    expect(await rowOf(stale)).toBeNull();
    expect(await rowOf(fresh)).toMatchObject({ confirmedAt: null });
    expect((await rowOf(kept))?.confirmedAt).toBeInstanceOf(Date);

    // The link in the old mail still proves the address's owner asked.
    expect((await confirm({ email: stale, token: (await mailedLink(stale)).searchParams.get("token") })).status).toBe(200);
    expect(await listed(stale)).toEqual({ list: true, csv: true });
  });
});

import { eq, sql } from "drizzle-orm";
import * as adminMessagesRoute from "@/app/api/admin/messages/route";
import * as adminMessageRoute from "@/app/api/admin/messages/[id]/route";
import * as adminSubscribersRoute from "@/app/api/admin/subscribers/route";
import * as contactRoute from "@/app/api/contact/route";
import * as newsletterRoute from "@/app/api/newsletter/route";
import { getDb } from "@/lib/db/client";
import { confirmNewsletter, newsletterConfirmToken } from "@/lib/messages/confirm";
import { auditLog, contactMessage, mailOutbox, newsletterSubscriber } from "@/models/schema";
import { waitForPendingMail } from "@/lib/mail";
import { makeRequest, noParams, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

async function count(table: typeof contactMessage | typeof newsletterSubscriber): Promise<number> {
  const db = await getDb();
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return row?.n ?? 0;
}

const contact = (json: unknown, headers?: Record<string, string>) =>
  contactRoute.POST(makeRequest("/api/contact", { method: "POST", json, headers }), noParams());

describe("POST /api/contact", () => {
  const valid = { name: "Pat", email: "pat@workshop.test", company: "Pat's Joinery", country: "Ireland", message: "Do you sell to trade?" };

  it("stores a complete message", async () => {
    const before = await count(contactMessage);
    const response = await contact(valid);
    expect(response.status).toBe(201);
    expect(await count(contactMessage)).toBe(before + 1);
  });

  it("names each empty field and stores nothing", async () => {
    const before = await count(contactMessage);
    const response = await contact({ ...valid, company: " ", message: "" });
    expect(response.status).toBe(422);
    const body = (await response.json()) as ErrorBody;
    expect(body.error.fields).toMatchObject({ company: "Enter your company name", message: "Write a message" });
    expect(await count(contactMessage)).toBe(before);
  });

  it("answers malformed JSON with 400 and wrong types with 422", async () => {
    const malformed = await contactRoute.POST(
      makeRequest("/api/contact", { method: "POST", body: "{not json", headers: { "content-type": "application/json" } }),
      noParams(),
    );
    expect(malformed.status).toBe(400);
    expect((await contact({ ...valid, name: 42 })).status).toBe(422);
  });

  it("refuses a body over 64 KB with 413", async () => {
    const response = await contact({ ...valid, message: "x".repeat(70 * 1024) });
    expect(response.status).toBe(413);
  });

  it("refuses a post from another site with 403", async () => {
    const before = await count(contactMessage);
    const response = await contact(valid, { origin: "https://elsewhere.example" });
    expect(response.status).toBe(403);
    expect(await count(contactMessage)).toBe(before);
  });
});

describe("POST /api/newsletter", () => {
  const subscribe = (email: unknown) =>
    newsletterRoute.POST(makeRequest("/api/newsletter", { method: "POST", json: { email } }), noParams());

  it("stores an address once whatever its case, answering the same both times", async () => {
    const before = await count(newsletterSubscriber);
    const first = await subscribe("Fan@Tools.test");
    const second = await subscribe("fan@tools.TEST");
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await first.json()).toEqual(await second.json());
    expect(await count(newsletterSubscriber)).toBe(before + 1);
  });

  it("refuses an invalid address", async () => {
    const response = await subscribe("not-an-email");
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.email).toBe("Enter a valid email");
  });
});

// Erasure requests for what no account holds (ADR 015, ADR 074): admins delete a contact message or a
// newsletter address for good, and the audit log keeps that it happened, never the person's data.

let admin: Session;
let customer: Session;

beforeAll(async () => {
  admin = await signUpAdmin();
  customer = await signUp({ name: "Curious Customer" });
});

/** The audit entries about one thing, as stored. */
async function auditAbout(entityId: string) {
  const db = await getDb();
  return db.select().from(auditLog).where(eq(auditLog.entityId, entityId));
}

describe("DELETE /api/admin/messages/{id}", () => {
  /** A message sent through the contact form, and its id. */
  async function sendMessage(): Promise<{ id: string; email: string; name: string; text: string }> {
    const email = uniqueEmail("writer");
    const name = `Wren Writer ${email.slice(7, 14)}`;
    const text = `Please forget me: ${email}`;
    expect((await contact({ name, email, company: "Wren's Workshop", country: "Norway", message: text })).status).toBe(201);
    const db = await getDb();
    const [row] = await db.select({ id: contactMessage.id }).from(contactMessage).where(eq(contactMessage.email, email));
    return { id: row!.id, email, name, text };
  }

  const erase = (id: string, cookie?: string, headers?: Record<string, string>) =>
    adminMessageRoute.DELETE(makeRequest(`/api/admin/messages/${encodeURIComponent(id)}`, { method: "DELETE", cookie, headers }), noParams({ id }));

  async function stored(id: string): Promise<boolean> {
    const db = await getDb();
    return (await db.select({ id: contactMessage.id }).from(contactMessage).where(eq(contactMessage.id, id))).length === 1;
  }

  it("erases the message for an admin, off the admins' list, with an audit entry that keeps none of it", async () => {
    const sent = await sendMessage();
    await waitForPendingMail();
    const copiesOf = async () => (await getDb()).select().from(mailOutbox).where(eq(mailOutbox.replyTo, sent.email));
    expect((await copiesOf()).length).toBeGreaterThan(0);
    const response = await erase(sent.id, admin.cookie);
    expect(response.status).toBe(204);
    expect(await stored(sent.id)).toBe(false);
    const list = (await (await adminMessagesRoute.GET(makeRequest("/api/admin/messages?pageSize=100", { cookie: admin.cookie }), noParams())).json()) as { items: { id: string }[] };
    expect(list.items.map((item) => item.id)).not.toContain(sent.id);

    const entries = await auditAbout(sent.id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "message.erase", entity: "message", actorId: admin.userId, after: null });
    expect(entries[0]!.before).toEqual({ receivedAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    const kept = JSON.stringify(entries[0]);
    for (const personal of [sent.email, sent.name, sent.text, "Wren", "Norway"]) expect(kept).not.toContain(personal);

    // Gone is gone: a second press is a 404, and writes no second entry.
    expect((await erase(sent.id, admin.cookie)).status).toBe(404);
    expect(await auditAbout(sent.id)).toHaveLength(1);
    // The copy mailed to the shop's inbox is gone from the outbox too (the Mail page shows the outbox).
    expect(await copiesOf()).toEqual([]);
  });

  it("refuses a customer (403) and a signed-out caller (401), and keeps the message", async () => {
    const sent = await sendMessage();
    const asCustomer = await erase(sent.id, customer.cookie);
    expect(asCustomer.status).toBe(403);
    const signedOut = await erase(sent.id);
    expect(signedOut.status).toBe(401);
    expect(((await signedOut.json()) as ErrorBody).error.code).toBe("unauthenticated");
    expect(await stored(sent.id)).toBe(true);
    expect(await auditAbout(sent.id)).toHaveLength(0);
  });

  it("answers 404 for an unknown id and for one that cannot be an id, and 403 to another site", async () => {
    const unknown = await erase("msg_no-such-message", admin.cookie);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("not_found");
    for (const bad of ["../users", "msg 1", "x".repeat(200)]) expect((await erase(bad, admin.cookie)).status).toBe(404);
    const sent = await sendMessage();
    expect((await erase(sent.id, admin.cookie, { origin: "https://elsewhere.example" })).status).toBe(403);
    expect(await stored(sent.id)).toBe(true);
  });
});

describe("newsletter subscribers for admins: lookup, erasure, the subscription date", () => {
  /** A confirmed subscriber, as the mail's link makes one. */
  async function subscribed(email = uniqueEmail("reader")): Promise<string> {
    await confirmNewsletter({ email, token: newsletterConfirmToken(email) });
    return email;
  }

  async function rowOf(email: string) {
    const db = await getDb();
    const [row] = await db.select().from(newsletterSubscriber).where(eq(newsletterSubscriber.email, email.toLowerCase()));
    return row ?? null;
  }

  type SubscriberPage = { items: { email: string; confirmedAt: string | null; createdAt: string }[]; total: number; page: number; pageCount: number };
  const list = async (query: string, cookie = admin.cookie) => {
    const response = await adminSubscribersRoute.GET(makeRequest(`/api/admin/subscribers${query}`, { cookie }), noParams());
    return { status: response.status, body: (await response.json()) as SubscriberPage & ErrorBody };
  };
  const erase = (query: string, cookie?: string) =>
    adminSubscribersRoute.DELETE(makeRequest(`/api/admin/subscribers${query}`, { method: "DELETE", cookie }), noParams());

  it("looks a whole address up, whatever its case, confirmed or not, with its true total and paging", async () => {
    const confirmed = await subscribed();
    const unconfirmed = uniqueEmail("waiting");
    await newsletterRoute.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: unconfirmed } }), noParams());
    const whole = await list("?pageSize=100");

    const found = await list(`?q=${encodeURIComponent(` ${confirmed.toUpperCase()} `)}`);
    expect(found.status).toBe(200);
    expect(found.body).toMatchObject({ total: 1, page: 1, pageCount: 1 });
    expect(found.body.items).toEqual([{ email: confirmed, confirmedAt: expect.any(String), createdAt: expect.any(String) }]);
    // Found to be erased, though not on the list nor counted in it (ADR 072).
    const waiting = await list(`?q=${encodeURIComponent(unconfirmed)}`);
    expect(waiting.body.total).toBe(1);
    expect(waiting.body.items).toEqual([{ email: unconfirmed, confirmedAt: null, createdAt: expect.any(String) }]);
    expect(whole.body.items.map((item) => item.email)).not.toContain(unconfirmed);
    // A fragment is not an address: nothing, rather than a read of the whole table.
    expect((await list(`?q=${encodeURIComponent(confirmed.slice(0, 8))}`)).body).toMatchObject({ total: 0, items: [] });
    // A page past the one match keeps the true total.
    expect((await list(`?q=${encodeURIComponent(confirmed)}&pageSize=1&page=2`)).body).toMatchObject({ total: 1, pageCount: 1, items: [] });
    // The lookup leaves the whole list's count alone.
    expect((await list("?pageSize=100")).body.total).toBe(whole.body.total);
    expect((await list(`?q=${encodeURIComponent(confirmed)}`, customer.cookie)).status).toBe(403);
  });

  it("lists and exports when each subscriber confirmed as subscribed, and when they signed up", async () => {
    const email = await subscribed();
    const db = await getDb();
    await db
      .update(newsletterSubscriber)
      .set({ createdAt: new Date("2026-03-01T09:00:00.000Z"), confirmedAt: new Date("2026-03-04T18:30:00.000Z") })
      .where(eq(newsletterSubscriber.email, email));

    const found = await list(`?q=${encodeURIComponent(email)}`);
    expect(found.body.items).toEqual([{ email, confirmedAt: "2026-03-04T18:30:00.000Z", createdAt: "2026-03-01T09:00:00.000Z" }]);

    const csv = await (await adminSubscribersRoute.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams())).text();
    const [header, ...rows] = csv.split("\r\n");
    expect(header).toBe("email,subscribed_at,unsubscribe_url,one_click_unsubscribe_url,signed_up_at");
    const cells = rows.find((row) => row.startsWith(`${email},`))?.split(",");
    expect(cells).toHaveLength(5);
    expect(cells?.[1]).toBe("2026-03-04T18:30:00.000Z");
    expect(cells?.[2]).toContain("/newsletter/unsubscribe?");
    expect(cells?.[4]).toBe("2026-03-01T09:00:00.000Z");
  });

  it("erases an address for an admin, with an audit entry that does not hold it", async () => {
    const email = await subscribed();
    const { id } = (await rowOf(email))!;
    const response = await erase(`?email=${encodeURIComponent(email.toUpperCase())}`, admin.cookie);
    expect(response.status).toBe(204);
    expect(await rowOf(email)).toBeNull();
    expect((await list(`?q=${encodeURIComponent(email)}`)).body.total).toBe(0);
    const csv = await (await adminSubscribersRoute.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams())).text();
    expect(csv).not.toContain(email);

    const entries = await auditAbout(id);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ action: "subscriber.erase", entity: "subscriber", actorId: admin.userId, after: null });
    expect(entries[0]!.before).toEqual({ signedUpAt: expect.any(String), confirmedAt: expect.any(String) });
    const kept = JSON.stringify(entries[0]);
    expect(kept).not.toContain(email);
    expect(kept).not.toContain(email.split("@")[0]);

    expect((await erase(`?email=${encodeURIComponent(email)}`, admin.cookie)).status).toBe(404);
  });

  it("erases a sign-up that was never confirmed, and the outbox's copies of its confirmation mail", async () => {
    const email = uniqueEmail("unconfirmed-leaver");
    await newsletterRoute.POST(makeRequest("/api/newsletter", { method: "POST", json: { email } }), noParams());
    await waitForPendingMail();
    expect((await rowOf(email))?.confirmedAt).toBeNull();
    const mailTo = async () => (await getDb()).select({ subject: mailOutbox.subject }).from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(await mailTo()).toEqual([{ subject: "Confirm your ToolForge newsletter subscription" }]);
    // Other mail to the same person is not the erasure's to take.
    await (await getDb()).insert(mailOutbox).values({ id: `mail_keep_${Date.now()}`, to: email, subject: "Your ToolForge order TF-1", text: "A receipt" });
    expect((await erase(`?email=${encodeURIComponent(email)}`, admin.cookie)).status).toBe(204);
    expect(await rowOf(email)).toBeNull();
    expect(await mailTo()).toEqual([{ subject: "Your ToolForge order TF-1" }]);
  });

  it("refuses a customer (403) and a signed-out caller (401), and keeps the address", async () => {
    const email = await subscribed();
    expect((await erase(`?email=${encodeURIComponent(email)}`, customer.cookie)).status).toBe(403);
    expect((await erase(`?email=${encodeURIComponent(email)}`)).status).toBe(401);
    expect(await rowOf(email)).not.toBeNull();
  });

  it("answers 404 for an address nobody signed up with, and 422 without a valid one", async () => {
    const unknown = await erase(`?email=${encodeURIComponent(uniqueEmail("stranger"))}`, admin.cookie);
    expect(unknown.status).toBe(404);
    expect(((await unknown.json()) as ErrorBody).error.code).toBe("not_found");
    for (const query of ["", "?email=", "?email=not-an-address", `?email=${"a".repeat(250)}%40x.test`]) {
      const refused = await erase(query, admin.cookie);
      expect({ query, status: refused.status }).toEqual({ query, status: 422 });
      expect(((await refused.json()) as ErrorBody).error.fields?.email).toBe("Enter a valid email");
    }
  });
});

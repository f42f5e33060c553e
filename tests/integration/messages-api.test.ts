import { sql } from "drizzle-orm";
import * as contactRoute from "@/app/api/contact/route";
import * as newsletterRoute from "@/app/api/newsletter/route";
import { getDb } from "@/lib/db/client";
import { contactMessage, newsletterSubscriber } from "@/models/schema";
import { makeRequest, noParams } from "@/tests/fixtures/http";

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

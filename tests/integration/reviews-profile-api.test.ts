import { eq } from "drizzle-orm";
import * as adminReviews from "@/app/api/admin/reviews/route";
import * as contact from "@/app/api/contact/route";
import * as me from "@/app/api/me/route";
import * as profileRoute from "@/app/api/me/profile/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as orders from "@/app/api/orders/route";
import * as reviews from "@/app/api/reviews/route";
import * as reviewById from "@/app/api/reviews/[id]/route";
import { auditSentence } from "@/lib/audit/sentence";
import { getDb } from "@/lib/db/client";
import { listProductReviewPage } from "@/lib/reviews/service";
import { waitForPendingMail } from "@/lib/mail";
import { listBoughtProducts } from "@/lib/orders/purchases";
import { findOrderFormDefaults } from "@/lib/orders/service";
import { findActor } from "@/lib/accounts/actor";
import { auditLog, mailOutbox, product } from "@/models/schema";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, markPaidForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Review = { id: string; authorName: string; authorImageUrl: string | null; rating: number; text: string; verifiedBuyer: boolean };

const post = (session: Session | null, json: unknown) =>
  reviews.POST(makeRequest("/api/reviews", { method: "POST", json, cookie: session?.cookie }), noParams());
const publicReviews = async () => ((await (await reviews.GET(makeRequest("/api/reviews"), noParams())).json()) as { items: Review[] }).items;
/** The first page of a product's reviews, larger than any test here writes. */
const FIRST_PAGE = { page: 1, pageSize: 20 };

let admin: Session;
beforeAll(async () => {
  admin = await signUpAdmin();
});

describe("reviews", () => {
  it("needs a signed-in customer", async () => {
    expect((await post(null, { text: "Great hammer, very solid.", rating: 5 })).status).toBe(401);
  });

  it.each([
    [{ text: "x".repeat(9), rating: 4 }, "text", 422],
    [{ text: "x".repeat(10), rating: 4 }, null, 201],
    [{ text: "x".repeat(1000), rating: 4 }, null, 201],
    [{ text: "x".repeat(1001), rating: 4 }, "text", 422],
    [{ text: "A fine chisel set indeed.", rating: 0.5 }, "rating", 422],
    [{ text: "A fine chisel set indeed.", rating: 1 }, null, 201],
    [{ text: "A fine chisel set indeed.", rating: 4.5 }, null, 201],
    [{ text: "A fine chisel set indeed.", rating: 4.3 }, "rating", 422],
    [{ text: "A fine chisel set indeed.", rating: 5 }, null, 201],
    [{ text: "A fine chisel set indeed.", rating: 5.5 }, "rating", 422],
    [{ text: "A fine chisel set indeed." }, "rating", 422],
    [{ text: "A fine chisel set indeed.", rating: "5" }, "rating", 422],
  ])("%j → %s %i", async (body, field, status) => {
    const author = await signUp();
    const response = await post(author, body);
    expect(response.status).toBe(status);
    if (field) expect(((await response.json()) as ErrorBody).error.fields?.[field]).toEqual(expect.any(String));
  });

  it("says 'Choose a rating from 1 to 5' when the rating is missing", async () => {
    const response = await post(await signUp(), { text: "No stars given here." });
    expect(((await response.json()) as ErrorBody).error.fields?.rating).toBe("Choose a rating from 1 to 5");
  });

  it("keeps one review per customer: posting again edits it", async () => {
    const author = await signUp({ name: "Repeat Reviewer" });
    const first = await post(author, { text: "Good pliers, comfortable grips.", rating: 4 });
    expect(first.status).toBe(201);
    const second = await post(author, { text: "Even better after a month of use.", rating: 4.5 });
    expect(second.status).toBe(200);
    const mine = (await publicReviews()).filter((r) => r.authorName === "Repeat Reviewer");
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ text: "Even better after a month of use.", rating: 4.5 });
  });

  it("refuses a name or photo in the request by name, and takes them from the account", async () => {
    const author = await signUp({ name: "Real Name" });
    const forged = await post(author, { text: "Honest review of the saw.", rating: 3, authorName: "Fake", image: "https://evil.example/x.png" });
    expect(forged.status).toBe(422);
    expect(((await forged.json()) as { error: { fields: Record<string, string> } }).error.fields).toEqual({
      authorName: 'Unknown field "authorName"',
      image: 'Unknown field "image"',
    });
    const response = await post(author, { text: "Honest review of the saw.", rating: 3 });
    // The account's own photo (fixtures register with one).
    expect((await response.json()) as Review).toMatchObject({ authorName: "Real Name", authorImageUrl: expect.stringMatching(/^\/uploads\/[a-f0-9]{32}\.webp$/) });
  });

  it("marks a customer with a paid order as a verified buyer, and only then", async () => {
    const author = await signUp({ name: "Maybe Buyer" });
    const written = (await (await post(author, { text: "Nice plane, sharp blade.", rating: 5 })).json()) as Review;
    expect(written.verifiedBuyer).toBe(false);
    const item = await createProduct({ stock: 5 });
    const order = (await (await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: author.cookie }),
      noParams(),
    )).json()) as { id: string };
    expect((await publicReviews()).find((r) => r.id === written.id)?.verifiedBuyer).toBe(false);
    await markPaidForTest(order.id);
    expect((await publicReviews()).find((r) => r.id === written.id)?.verifiedBuyer).toBe(true);
  });

  it("names the tool a review is about in the admins' list, not only its id", async () => {
    const author = await signUp({ name: "Tool Reviewer" });
    const item = await createProduct({ stock: 5 });
    const order = (await (await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: author.cookie }),
      noParams(),
    )).json()) as { id: string };
    await markPaidForTest(order.id);
    const written = (await (await post(author, { text: "Holds an edge all week.", rating: 5, productId: item.id })).json()) as Review;
    const all = (await (await adminReviews.GET(makeRequest("/api/admin/reviews", { cookie: admin.cookie }), noParams())).json()) as {
      items: (Review & { productName: string | null })[];
    };
    expect(all.items.find((r) => r.id === written.id)).toMatchObject({ productId: item.id, productName: item.name });
    const hidden = await reviewById.PATCH(makeRequest(`/api/reviews/${written.id}`, { method: "PATCH", json: { hidden: true }, cookie: admin.cookie }), noParams({ id: written.id }));
    expect(await hidden.json()).toMatchObject({ hidden: true, productName: item.name });
  });

  it("brings a review its author rewrites back to the top of the admins' list, marked edited", async () => {
    type Listed = { items: (Review & { createdAt: string; editedAt: string | null })[] };
    const adminList = async () => ((await (await adminReviews.GET(makeRequest("/api/admin/reviews", { cookie: admin.cookie }), noParams())).json()) as Listed).items;
    const author = await signUp({ name: "Second Thoughts" });
    const written = (await (await post(author, { text: "Fine service, quick delivery.", rating: 5 })).json()) as Review;
    expect((await adminList()).find((r) => r.id === written.id)?.editedAt).toBeNull();
    // Others write after it, so it is no longer first.
    await post(await signUp({ name: "Later Writer" }), { text: "Arrived well packed, thank you.", rating: 4 });
    expect((await adminList())[0]?.id).not.toBe(written.id);

    expect((await post(author, { text: "Changed my mind: rewritten months later.", rating: 1 })).status).toBe(200);
    const [top] = await adminList();
    expect(top).toMatchObject({ id: written.id, text: "Changed my mind: rewritten months later.", rating: 1 });
    expect(Date.parse(top?.editedAt ?? "")).toBeGreaterThan(Date.parse(top?.createdAt ?? ""));
  });

  it("offers for review only the bought tools still on sale", async () => {
    const author = await signUp({ name: "Two Tools" });
    const kept = await createProduct({ stock: 5 });
    const gone = await createProduct({ stock: 5 });
    for (const item of [kept, gone]) {
      const placed = (await (await orders.POST(
        makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: author.cookie }),
        noParams(),
      )).json()) as { id: string };
      await markPaidForTest(placed.id);
    }
    const db = await getDb();
    await db.update(product).set({ deletedAt: new Date() }).where(eq(product.id, gone.id));
    const bought = await listBoughtProducts(author.userId);
    expect(bought.map((b) => b.productId)).toEqual([kept.id]);
  });

  it("returns HTML in review text as plain text, never changed into markup", async () => {
    const author = await signUp();
    const text = '<img src=x onerror="alert(1)"> <script>alert(2)</script> fine tool';
    const written = (await (await post(author, { text, rating: 4 })).json()) as Review;
    expect(written.text).toBe(text);
  });

  it("hides and shows a review (admins only); hidden ones leave the public list", async () => {
    const author = await signUp({ name: "Moderated" });
    const written = (await (await post(author, { text: "Something admins will hide.", rating: 1 })).json()) as Review;
    const moderate = (session: Session, hidden: boolean) =>
      reviewById.PATCH(makeRequest(`/api/reviews/${written.id}`, { method: "PATCH", json: { hidden }, cookie: session.cookie }), noParams({ id: written.id }));
    expect((await moderate(author, true)).status).toBe(403);
    expect((await moderate(admin, true)).status).toBe(200);
    expect((await publicReviews()).some((r) => r.id === written.id)).toBe(false);
    const all = (await (await adminReviews.GET(makeRequest("/api/admin/reviews", { cookie: admin.cookie }), noParams())).json()) as { items: (Review & { hidden: boolean })[] };
    expect(all.items.find((r) => r.id === written.id)?.hidden).toBe(true);
    expect((await moderate(admin, false)).status).toBe(200);
    expect((await publicReviews()).some((r) => r.id === written.id)).toBe(true);
    // The audit log says whose review it was.
    const db = await getDb();
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, written.id)).orderBy(auditLog.createdAt);
    expect(entries.map((entry) => auditSentence({ ...entry, actorEmail: admin.email }))).toEqual([
      `${admin.email} hid the 1-star review of the shop by ${author.email} from the shop.`,
      `${admin.email} put the 1-star review of the shop by ${author.email} back on the shop.`,
    ]);
    // Shown again at once: the "hidden" mail, still waiting its two minutes, was withdrawn, and the
    // author hears nothing.
    const toldAuthor = async () =>
      (await db.select().from(mailOutbox).where(eq(mailOutbox.to, author.email))).filter((mail) => mail.subject.startsWith("Your ToolForge review"));
    expect(await toldAuthor()).toEqual([]);
    // Hidden for good: the mail waits, then goes (the worker marks it sent); shown later, the author hears that too.
    const pressed = Date.now();
    expect((await moderate(admin, true)).status).toBe(200);
    const [held] = await toldAuthor();
    expect(held?.subject).toBe("Your ToolForge review of ToolForge was hidden");
    expect(held?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(pressed + 2 * 60_000);
    expect(held?.text).toContain("The shop hid your review of ToolForge");
    expect(held?.text).toContain("/dashboard/addReview");
    await db.update(mailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eq(mailOutbox.id, held?.id ?? ""));
    expect((await moderate(admin, false)).status).toBe(200);
    expect((await toldAuthor()).map((mail) => mail.subject).sort()).toEqual(["Your ToolForge review of ToolForge is shown again", "Your ToolForge review of ToolForge was hidden"]);
  });

  it("lets only its author delete a review, hidden or not; it leaves every list and can be written again", async () => {
    const author = await signUp({ name: "Changed Mind" });
    const written = (await (await post(author, { text: "I will take this back later.", rating: 2 })).json()) as Review;
    const remove = (session: Session) =>
      reviewById.DELETE(makeRequest(`/api/reviews/${written.id}`, { method: "DELETE", cookie: session.cookie }), noParams({ id: written.id }));
    await reviewById.PATCH(makeRequest(`/api/reviews/${written.id}`, { method: "PATCH", json: { hidden: true }, cookie: admin.cookie }), noParams({ id: written.id }));
    const stranger = await signUp();
    // Not the author, whether a customer or an admin (admins hide): not found, and nothing changes.
    for (const session of [stranger, admin]) {
      const refused = await remove(session);
      expect(refused.status).toBe(404);
      expect(((await refused.json()) as ErrorBody).error.message).toBe("You have no review with this id.");
    }
    const adminList = async () =>
      ((await (await adminReviews.GET(makeRequest("/api/admin/reviews", { cookie: admin.cookie }), noParams())).json()) as { items: Review[]; total: number });
    const before = await adminList();
    expect(before.items.some((r) => r.id === written.id)).toBe(true);

    const removed = await remove(author);
    expect(removed.status).toBe(204);
    expect(await removed.text()).toBe("");
    expect((await remove(author)).status).toBe(404);
    const after = await adminList();
    expect(after.items.some((r) => r.id === written.id)).toBe(false);
    expect(after.total).toBe(before.total - 1);
    expect((await publicReviews()).some((r) => r.id === written.id)).toBe(false);

    const db = await getDb();
    const entries = await db.select().from(auditLog).where(eq(auditLog.entityId, written.id)).orderBy(auditLog.createdAt);
    expect(auditSentence({ ...entries.at(-1)!, actorEmail: author.email })).toBe(
      `${author.email} deleted their 2-star review of the shop, which the shop had hidden.`,
    );
    // A new review of the shop is a new one (201), shown again.
    const again = await post(author, { text: "Second thoughts: it is fine.", rating: 4 });
    expect(again.status).toBe(201);
    expect((await publicReviews()).some((r) => r.text === "Second thoughts: it is fine.")).toBe(true);
  });

  it("rate-limits a customer who posts too often", async () => {
    const author = await signUp();
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post(author, { text: `Attempt number ${i} here.`, rating: 4 })).status);
    expect(statuses.slice(0, 5).every((s) => s === 201 || s === 200)).toBe(true);
    expect(statuses[5]).toBe(429);
  });
});

describe("product reviews", () => {
  const placePaidOrder = async (session: Session, productId: string) => {
    const placed = (await (await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId, quantity: 1, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
      noParams(),
    )).json()) as { id: string };
    await markPaidForTest(placed.id);
  };

  it("lets a customer review a product only once they have paid for it", async () => {
    const author = await signUp({ name: "Product Reviewer" });
    const item = await createProduct({ name: "Reviewed Rasp" });
    const early = await post(author, { text: "Looks like a good rasp.", rating: 4, productId: item.id });
    expect(early.status).toBe(403);
    expect(((await early.json()) as ErrorBody).error.message).toMatch(/once you have bought it/);
    await placePaidOrder(author, item.id);
    const written = await post(author, { text: "Cuts walnut cleanly.", rating: 4.5, productId: item.id });
    expect(written.status).toBe(201);
    expect((await written.json()) as Review & { productId: string }).toMatchObject({ productId: item.id, verifiedBuyer: true });
  });

  it("keeps one review per customer and product, apart from their review of the shop", async () => {
    const author = await signUp({ name: "Two Kinds" });
    const first = await createProduct({ name: "First File" });
    const second = await createProduct({ name: "Second File" });
    await placePaidOrder(author, first.id);
    await placePaidOrder(author, second.id);
    expect((await post(author, { text: "The shop ships quickly.", rating: 5 })).status).toBe(201);
    expect((await post(author, { text: "First file is fine.", rating: 3, productId: first.id })).status).toBe(201);
    expect((await post(author, { text: "Second file is better.", rating: 5, productId: second.id })).status).toBe(201);
    expect((await post(author, { text: "First file grew on me.", rating: 4, productId: first.id })).status).toBe(200);

    const firstReviews = await listProductReviewPage(first.id, FIRST_PAGE);
    expect(firstReviews).toMatchObject({ total: 1, averageRating: 4 });
    expect(firstReviews.items[0]).toMatchObject({ text: "First file grew on me.", authorName: "Two Kinds", productId: first.id });
    expect((await listProductReviewPage(second.id, FIRST_PAGE)).items.map((r) => r.text)).toEqual(["Second file is better."]);
    // The home page's carousel shows reviews of the shop, not of products.
    const shop = (await publicReviews()).filter((r) => r.authorName === "Two Kinds");
    expect(shop.map((r) => r.text)).toEqual(["The shop ships quickly."]);
  });

  it("takes a deleted product review out of the product's count and average", async () => {
    const item = await createProduct({ name: "Withdrawn Review Plane" });
    const [kept, withdrawn] = [await signUp(), await signUp()];
    await placePaidOrder(kept, item.id);
    await placePaidOrder(withdrawn, item.id);
    await post(kept, { text: "A plane that stays sharp.", rating: 5, productId: item.id });
    const mine = (await (await post(withdrawn, { text: "Blade arrived chipped.", rating: 1, productId: item.id })).json()) as Review;
    expect(await listProductReviewPage(item.id, FIRST_PAGE)).toMatchObject({ total: 2, averageRating: 3 });
    const removed = await reviewById.DELETE(makeRequest(`/api/reviews/${mine.id}`, { method: "DELETE", cookie: withdrawn.cookie }), noParams({ id: mine.id }));
    expect(removed.status).toBe(204);
    expect(await listProductReviewPage(item.id, FIRST_PAGE)).toMatchObject({ total: 1, averageRating: 5 });
  });

  it("answers 404 for a product not on sale and 422 for a malformed id", async () => {
    const author = await signUp();
    expect((await post(author, { text: "Reviewing nothing at all.", rating: 3, productId: "prd_missing" })).status).toBe(404);
    const bad = await post(author, { text: "Reviewing nothing at all.", rating: 3, productId: "../etc" });
    expect(bad.status).toBe(422);
    expect(((await bad.json()) as ErrorBody).error.fields?.productId).toEqual(expect.any(String));
  });
});

describe("profile", () => {
  const patch = (session: Session, json: unknown) =>
    profileRoute.PATCH(makeRequest("/api/me/profile", { method: "PATCH", json, cookie: session.cookie }), noParams());
  const valid = { education: "City & Guilds Carpentry", address: "12 Forge Lane, Sheffield", phone: "+44 114 496 0000", birthday: "1988-02-29" };

  it("saves all four fields and /api/me returns them", async () => {
    const customer = await signUp();
    const saved = await patch(customer, valid);
    expect(saved.status).toBe(200);
    const body = (await (await me.GET(makeRequest("/api/me", { cookie: customer.cookie }), noParams())).json()) as { profile: typeof valid };
    expect(body.profile).toEqual(valid);
  });

  it.each([
    [{ birthday: "1990-02-30" }, "birthday"],
    [{ birthday: "1989-02-29" }, "birthday"],
    [{ birthday: "2999-01-01" }, "birthday"],
    [{ birthday: new Date().toISOString().slice(0, 10) }, "birthday"],
    [{ birthday: "1850-01-01" }, "birthday"],
    [{ birthday: "25/04/1990" }, "birthday"],
    [{ education: "" }, "education"],
    [{ address: " " }, "address"],
    [{ phone: "call me" }, "phone"],
  ])("refuses %j", async (change, field) => {
    const customer = await signUp();
    const response = await patch(customer, { ...valid, ...change });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.[field]).toEqual(expect.any(String));
  });

  it("needs a signed-in account", async () => {
    const response = await profileRoute.PATCH(makeRequest("/api/me/profile", { method: "PATCH", json: valid }), noParams());
    expect(response.status).toBe(401);
  });

  it("gives a first order's form the account's name and the number saved in My Profile; later ones the last order's details", async () => {
    const customer = await signUp({ name: "Fern Firstorder" });
    const actor = await findActor(new Headers({ cookie: customer.cookie }));
    if (!actor) throw new Error("not signed in");
    expect(await findOrderFormDefaults(actor)).toEqual({ phone: "", shippingAddress: expect.objectContaining({ name: "Fern Firstorder", line1: "" }) });
    await patch(customer, valid);
    expect(await findOrderFormDefaults(actor)).toEqual({ phone: valid.phone, shippingAddress: expect.objectContaining({ name: "Fern Firstorder", line1: "", city: "" }) });

    const tool = await createProduct({ name: "Profile Prefill Plane", priceCents: 4000, stock: 10 });
    const placed = await orders.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: tool.id, quantity: 1, phone: "+1 555 010 0188", shippingAddress: TEST_ADDRESS }, cookie: customer.cookie }),
      noParams(),
    );
    expect(placed.status).toBe(201);
    expect(await findOrderFormDefaults(actor)).toEqual({ phone: "+1 555 010 0188", shippingAddress: expect.objectContaining({ line1: TEST_ADDRESS.line1 }) });
  });
});

describe("contact and newsletter rate limits and notification", () => {
  it("stops the sixth contact message from one address within ten minutes", async () => {
    const headers = { "x-forwarded-for": "203.0.113.7" };
    const body = { name: "Flood", email: "flood@toolforge.test", company: "Spam Co", country: "Nowhere", message: "Buy my stuff" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await contact.POST(makeRequest("/api/contact", { method: "POST", json: body, headers }), noParams())).status);
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429]);
    const other = await contact.POST(makeRequest("/api/contact", { method: "POST", json: body, headers: { "x-forwarded-for": "203.0.113.8" } }), noParams());
    expect(other.status).toBe(201);
  });

  it("stops the sixth newsletter sign-up from one address", async () => {
    const headers = { "x-forwarded-for": "198.51.100.9" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      statuses.push((await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: `n${i}@toolforge.test` }, headers }), noParams())).status);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const response = await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: "late@toolforge.test" }, headers }), noParams());
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    const retryAfter = Number(response.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
  });

  it("notifies the shop of a contact message through the mail adapter", async () => {
    await contact.POST(
      makeRequest("/api/contact", { method: "POST", json: { name: "Notify Me", email: "n@toolforge.test", company: "Acme", country: "Chile", message: "Quote for 50 saws?" } }),
      noParams(),
    );
    await waitForPendingMail();
    const db = await getDb();
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, "boss@toolforge.test"));
    expect(mails.some((m) => m.subject.includes("Notify Me") && m.text.includes("Quote for 50 saws?"))).toBe(true);
  });
});

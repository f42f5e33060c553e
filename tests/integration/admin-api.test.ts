import { eq } from "drizzle-orm";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as me from "@/app/api/me/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as orders from "@/app/api/orders/route";
import * as orderById from "@/app/api/orders/[id]/route";
import * as shipping from "@/app/api/orders/[id]/shipping/route";
import * as products from "@/app/api/products/route";
import * as productById from "@/app/api/products/[id]/route";
import * as uploads from "@/app/api/uploads/route";
import * as users from "@/app/api/users/route";
import * as userRole from "@/app/api/users/[id]/role/route";
import type { Actor } from "@/lib/accounts/roles";
import { auditSubjectName, countAuditEntries } from "@/lib/audit/service";
import { getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { formatDateTime } from "@/models/dates";
import { mailOutbox, user } from "@/models/schema";
import { markVerifiedForTest } from "@/tests/fixtures/accounts";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin, tokenMailedTo } from "@/tests/fixtures/mail";
import { confirmNewsletter } from "@/lib/messages/confirm";
import { createProduct, markPaidForTest, TEST_ADDRESS } from "@/tests/fixtures/shop";

type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };
type Order = { id: string; number: string; status: string; shipping: string; productName: string; unitPriceCents: number; productImageUrl: string; createdAt: string };
type Product = { id: string; name: string; description: string; priceCents: number; stock: number; minOrderQuantity: number };

let admin: Session;
let customer: Session;

beforeAll(async () => {
  admin = await signUpAdmin();
  customer = await signUp({ name: "Casey" });
});

async function placeOrder(session: Session, productId: string, quantity = 1): Promise<Order> {
  const response = await orders.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId, quantity, phone: "+1 555 010 0199", shippingAddress: TEST_ADDRESS }, cookie: session.cookie }),
    noParams(),
  );
  return (await response.json()) as Order;
}

const ship = (session: Session, id: string, shipped: unknown) =>
  shipping.PATCH(makeRequest(`/api/orders/${id}/shipping`, { method: "PATCH", json: { shipped }, cookie: session.cookie }), noParams({ id }));

const addProduct = (json: unknown, session: Session = admin) =>
  products.POST(makeRequest("/api/products", { method: "POST", json, cookie: session.cookie }), noParams());

const valid = { name: "Cross-Peen Hammer", description: "A joiner's hammer.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 2150, stock: 0, minOrderQuantity: 1 };
// Names are unique among the products on sale: each product a test adds gets its own.
let added = 0;
const fresh = () => ({ ...valid, name: `Cross-Peen Hammer No. ${++added}` });

describe("shipping", () => {
  it("refuses to ship an unpaid order (409) and toggles a paid one both ways", async () => {
    const item = await createProduct({ stock: 10 });
    const unpaid = await placeOrder(customer, item.id);
    const refused = await ship(admin, unpaid.id, true);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("Only paid orders can be shipped.");

    const paid = await placeOrder(customer, item.id);
    await markPaidForTest(paid.id);
    const shipped = await ship(admin, paid.id, true);
    expect(shipped.status).toBe(200);
    expect(((await shipped.json()) as Order).shipping).toBe("shipped");
    const back = await ship(admin, paid.id, false);
    expect(((await back.json()) as Order).shipping).toBe("pending");
  });

  it("emails the customer once when an order ships", async () => {
    const item = await createProduct({ stock: 10, name: "Shipping Test Rasp" });
    const paid = await placeOrder(customer, item.id);
    await markPaidForTest(paid.id);
    await ship(admin, paid.id, true);
    await ship(admin, paid.id, true);
    await waitForPendingMail();
    const db = await getDb();
    const mails = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).filter((m) => m.subject.includes(`${paid.number} has shipped`));
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`Order ${paid.number}\nPlaced ${formatDateTime(paid.createdAt)}\n`);
  });

  it("holds the shipped mail for two minutes, and takes it back when the order is put back to pending meanwhile", async () => {
    const item = await createProduct({ stock: 10 });
    const paid = await placeOrder(customer, item.id);
    await markPaidForTest(paid.id);
    const pressed = Date.now();
    await ship(admin, paid.id, true);
    const db = await getDb();
    const aboutIt = async () => (await db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).filter((m) => m.subject.includes(paid.number));
    const [held] = (await aboutIt()).filter((m) => m.subject.endsWith("has shipped"));
    expect(held?.nextAttemptAt?.getTime()).toBeGreaterThanOrEqual(pressed + 2 * 60_000);
    expect(held?.sentAt).toBeNull();
    // The wrong row: put back at once, and the customer hears neither "shipped" nor "not shipped".
    expect((await ship(admin, paid.id, false)).status).toBe(200);
    await waitForPendingMail();
    expect((await aboutIt()).filter((m) => /has (not )?shipped/.test(m.subject))).toEqual([]);

    // Past its two minutes the mail is no longer taken back, tried or not (without SMTP the outbox is
    // the mailbox, and the mail is the customer's): "not shipped yet" follows it.
    await ship(admin, paid.id, true);
    await db.update(mailOutbox).set({ nextAttemptAt: new Date(Date.now() - 1000) }).where(eq(mailOutbox.subject, `Your ToolForge order ${paid.number} has shipped`));
    expect((await ship(admin, paid.id, false)).status).toBe(200);
    expect((await aboutIt()).map((m) => m.subject).filter((subject) => /has (not )?shipped/.test(subject)).sort()).toEqual([
      `Your ToolForge order ${paid.number} has not shipped yet`,
      `Your ToolForge order ${paid.number} has shipped`,
    ]);
  });

  it("tells the customer when an order marked shipped turns out not to have shipped", async () => {
    const item = await createProduct({ stock: 10 });
    const paid = await placeOrder(customer, item.id);
    await markPaidForTest(paid.id);
    await ship(admin, paid.id, true);
    // The shipped mail has gone out (the worker sends it once its two minutes are over).
    await (await getDb()).update(mailOutbox).set({ sentAt: new Date(), attempts: 1 }).where(eq(mailOutbox.subject, `Your ToolForge order ${paid.number} has shipped`));
    expect((await ship(admin, paid.id, false)).status).toBe(200);
    await ship(admin, paid.id, false);
    await waitForPendingMail();
    const db = await getDb();
    const subjects = (await db.select().from(mailOutbox).where(eq(mailOutbox.to, customer.email))).map((m) => m.subject);
    expect(subjects.filter((subject) => subject === `Your ToolForge order ${paid.number} has not shipped yet`)).toHaveLength(1);
  });

  it.each([["yes"], [1], [null]])("refuses shipped=%p with 422", async (value) => {
    const item = await createProduct({ stock: 10 });
    const paid = await placeOrder(customer, item.id);
    await markPaidForTest(paid.id);
    expect((await ship(admin, paid.id, value)).status).toBe(422);
  });
});

describe("admin order list", () => {
  it("lists every customer's orders with filters by state and email", async () => {
    const item = await createProduct({ stock: 10 });
    const other = await signUp({ name: "Other Buyer", email: `zed-${Date.now()}@toolforge.test` });
    const a = await placeOrder(customer, item.id);
    const b = await placeOrder(other, item.id);
    await markPaidForTest(b.id);
    const list = async (qs: string) =>
      ((await (await adminOrders.GET(makeRequest(`/api/admin/orders${qs}`, { cookie: admin.cookie }), noParams())).json()) as { items: (Order & { customerName: string })[] }).items.map((o) => o.id);
    expect(await list("")).toEqual(expect.arrayContaining([a.id, b.id]));
    expect(await list("?status=paid")).toContain(b.id);
    expect(await list("?status=paid")).not.toContain(a.id);
    expect(await list(`?q=${encodeURIComponent(other.email.slice(0, 8))}`)).toEqual([b.id]);
    const bad = await adminOrders.GET(makeRequest("/api/admin/orders?status=lost", { cookie: admin.cookie }), noParams());
    expect(bad.status).toBe(422);
  });
});

describe("Manage Order and a customer who changed their address", () => {
  it("finds their older orders by the address they use now", async () => {
    const item = await createProduct({ stock: 10 });
    const mover = await signUp({ name: "Moving Buyer", email: `mover-${Date.now()}@old.test` });
    const placed = await placeOrder(mover, item.id);
    const now = `moved-${Date.now()}@new.test`;
    const db = await getDb();
    await db.update(user).set({ email: now }).where(eq(user.email, mover.email));
    await markPaidForTest(placed.id);
    type Listed = { items: (Order & { customerEmail: string | null })[]; total: number };
    const search = async (q: string) =>
      (await (await adminOrders.GET(makeRequest(`/api/admin/orders?q=${encodeURIComponent(q)}`, { cookie: admin.cookie }), noParams())).json()) as Listed;
    const byNew = await search(now.slice(0, 12));
    expect(byNew.items.map((o) => o.id)).toEqual([placed.id]);
    expect(byNew.total).toBe(1);
    // The order keeps the address it was placed with; the row says where the customer is now.
    expect(byNew.items[0]).toMatchObject({ email: mover.email, customerEmail: now });
    expect((await search(mover.email)).items.map((o) => o.id)).toEqual([placed.id]);
  });
});

describe("products", () => {
  it("adds a product priced in integer cents, as reads return it", async () => {
    const response = await addProduct({ ...valid, priceCents: 1999 });
    expect(response.status).toBe(201);
    expect((await response.json()) as Product).toMatchObject({ priceCents: 1999, stock: 0, minOrderQuantity: 1 });
  });

  it("refuses a dollar price and any unknown field with 422 naming it, and adds nothing", async () => {
    const before = ((await (await products.GET(makeRequest("/api/products?pageSize=1"), noParams())).json()) as { total: number }).total;
    const { priceCents: _cents, ...withoutCents } = valid;
    const dollars = await addProduct({ ...withoutCents, price: "19.99" });
    expect(dollars.status).toBe(422);
    const body = (await dollars.json()) as ErrorBody;
    expect(body.error.fields).toMatchObject({ price: 'Unknown field "price"', priceCents: expect.any(String) });
    const misspelt = await addProduct({ ...valid, minOrderQty: 2 });
    expect(misspelt.status).toBe(422);
    expect(((await misspelt.json()) as ErrorBody).error).toMatchObject({ message: 'Unknown field "minOrderQty"', fields: { minOrderQty: 'Unknown field "minOrderQty"' } });
    const after = ((await (await products.GET(makeRequest("/api/products?pageSize=1"), noParams())).json()) as { total: number }).total;
    expect(after).toBe(before);
  });

  it.each([
    ["priceCents", 0],
    ["priceCents", -1],
    ["priceCents", 19.99],
    ["priceCents", "1999"],
    ["priceCents", 1e12],
    ["priceCents", 100_000_000],
    ["stock", -1],
    ["stock", 2.5],
    ["minOrderQuantity", 0],
    ["minOrderQuantity", "3"],
    ["name", ""],
    ["name", "x".repeat(121)],
    ["description", "  "],
    ["imageUrl", "javascript:alert(1)"],
    ["imageUrl", "http://insecure.example/x.png"],
    // Addresses the pages could never show: another host (img-src), dot segments, an upload that does not exist.
    ["imageUrl", "https://images.example.com/saw.jpg"],
    ["imageUrl", "/images/../../etc/passwd"],
    ["imageUrl", "/images/products/no-such-tool.svg"],
    ["imageUrl", "/uploads/nonexistent.webp"],
    ["imageUrl", `/uploads/${"0".repeat(32)}.webp`],
    ["name", "\u200b"],
    ["name", "Saw\u001b[31m"],
  ])("refuses %s = %p with 422 naming the field", async (field, value) => {
    const response = await addProduct({ ...valid, [field]: value });
    expect(response.status).toBe(422);
    expect(((await response.json()) as ErrorBody).error.fields?.[field]).toEqual(expect.any(String));
  });

  it("accepts the boundaries: stock 0, minimum 1, price 1 cent, and $999,999.99, the most one payment can take", async () => {
    const response = await addProduct({ ...fresh(), stock: 0, minOrderQuantity: 1, priceCents: 1 });
    expect(response.status).toBe(201);
    expect(((await response.json()) as Product).priceCents).toBe(1);
    const dearest = await addProduct({ ...fresh(), priceCents: 99_999_999 });
    expect(dearest.status).toBe(201);
  });

  it("refuses a second product on sale under one name, in any case, even sent at once; a deleted product's name is free", async () => {
    const first = await addProduct({ ...valid, name: "Scribing Gouge" });
    expect(first.status).toBe(201);
    const twin = await addProduct({ ...valid, name: "  scribing GOUGE " });
    expect(twin.status).toBe(409);
    // Two spaces inside show as one on every page: the same name.
    expect((await addProduct({ ...valid, name: "Scribing  Gouge" })).status).toBe(409);
    const message = "A product named “scribing GOUGE” is already on sale. Choose another name, or edit that product.";
    expect(((await twin.json()) as ErrorBody).error).toMatchObject({ message, fields: { name: message } });

    // Renaming another product to it is refused too; changing only the case of its own name is not.
    const other = (await (await addProduct({ ...valid, name: "Scribing Knife" })).json()) as Product;
    const rename = (id: string, name: string) =>
      productById.PATCH(makeRequest(`/api/products/${id}`, { method: "PATCH", json: { name }, cookie: admin.cookie }), noParams({ id }));
    expect((await rename(other.id, "Scribing gouge")).status).toBe(409);
    expect((await rename(other.id, "Scribing KNIFE")).status).toBe(200);

    // Two admins (or one form sent twice) at the same moment: one product.
    const both = await Promise.all([addProduct({ ...valid, name: "Twin Rasp" }), addProduct({ ...valid, name: "Twin Rasp" })]);
    expect(both.map((response) => response.status).sort()).toEqual([201, 409]);

    const created = (await first.json()) as Product;
    await productById.DELETE(makeRequest(`/api/products/${created.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: created.id }));
    expect((await addProduct({ ...valid, name: "Scribing Gouge" })).status).toBe(201);
  });

  it("edits a product; orders placed earlier keep their snapshot", async () => {
    const created = (await (await addProduct({ ...fresh(), stock: 50, priceCents: 1000 })).json()) as Product;
    const order = await placeOrder(customer, created.id, 2);
    const patched = await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: { name: "Renamed Hammer", priceCents: 1250, stock: 60 }, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    expect(patched.status).toBe(200);
    expect((await patched.json()) as Product).toMatchObject({ name: "Renamed Hammer", priceCents: 1250, stock: 60 });
    const kept = (await (await orderById.GET(makeRequest(`/api/orders/${order.id}`, { cookie: customer.cookie }), noParams({ id: order.id }))).json()) as Order;
    expect(kept).toMatchObject({ productName: created.name, unitPriceCents: 1000 });
    const empty = await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: {}, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    expect(empty.status).toBe(422);
    const misspelt = await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: { pricecents: 2499 }, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    expect(misspelt.status).toBe(422);
    expect(((await misspelt.json()) as ErrorBody).error.fields).toMatchObject({ pricecents: 'Unknown field "pricecents"' });
  });

  it("moves stock by a change applied to the stock as saved, so units sold while an admin edits stay sold", async () => {
    const created = (await (await addProduct({ ...fresh(), stock: 100, minOrderQuantity: 1 })).json()) as Product;
    const patch = (json: Record<string, unknown>) =>
      productById.PATCH(makeRequest(`/api/products/${created.id}`, { method: "PATCH", json, cookie: admin.cookie }), noParams({ id: created.id }));
    // The admin opened the form at 100 and types 150 for a delivery of 50; meanwhile a customer orders 10.
    await placeOrder(customer, created.id, 10);
    const restocked = await patch({ stockChange: 50 });
    expect(restocked.status).toBe(200);
    expect(((await restocked.json()) as Product).stock).toBe(140);
    const taken = await patch({ stockChange: -40 });
    expect(((await taken.json()) as Product).stock).toBe(100);
    const tooMany = await patch({ stockChange: -101 });
    expect(tooMany.status).toBe(409);
    expect(((await tooMany.json()) as ErrorBody).error.fields?.stock).toBe("Only 100 units are in stock now, so 101 cannot be taken away.");
    const both = await patch({ stock: 5, stockChange: 5 });
    expect(both.status).toBe(422);
    expect(((await both.json()) as ErrorBody).error.fields?.stockChange).toBe("Send either stock or stockChange, not both");
    expect((await patch({ stockChange: 0 })).status).toBe(422);
    expect((await patch({ stockChange: 2.5 })).status).toBe(422);
    const product = (await (await productById.GET(makeRequest(`/api/products/${created.id}`), noParams({ id: created.id }))).json()) as Product;
    expect(product.stock).toBe(100);
  });

  it("refuses an edit made from values another admin changed meanwhile, naming what moved, and keeps both apart", async () => {
    const created = (await (await addProduct({ ...fresh(), priceCents: 4990, minOrderQuantity: 1 })).json()) as Product;
    const patch = (json: Record<string, unknown>) =>
      productById.PATCH(makeRequest(`/api/products/${created.id}`, { method: "PATCH", json, cookie: admin.cookie }), noParams({ id: created.id }));
    // Two tabs opened at $49.90. The first saves $59.90.
    expect((await patch({ priceCents: 5990, expected: { priceCents: 4990 } })).status).toBe(200);
    // The second saves $45.00 from the $49.90 it showed: refused, nothing written.
    const stale = await patch({ priceCents: 4500, description: "A new description.", expected: { priceCents: 4990, description: created.description } });
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as ErrorBody).error.message).toBe(
      "Someone else changed its price (now $59.90) while you were editing. Reload the page to see the product as it is now, then make your change again.",
    );
    const now = (await (await productById.GET(makeRequest(`/api/products/${created.id}`), noParams({ id: created.id }))).json()) as Product;
    expect(now).toMatchObject({ priceCents: 5990, description: created.description });
    // A change to another field than the one that moved goes through.
    expect((await patch({ description: "A new description.", expected: { description: created.description } })).status).toBe(200);
    // `expected` alone changes nothing and is refused as such.
    expect((await patch({ expected: { priceCents: 5990 } })).status).toBe(422);
  });

  it("refuses a price and minimum whose smallest order no payment could take, on adding and on editing", async () => {
    const tooDear = await addProduct({ ...fresh(), priceCents: 99_999_999, minOrderQuantity: 2, stock: 5 });
    expect(tooDear.status).toBe(422);
    const message = ((await tooDear.json()) as ErrorBody).error.fields?.minOrderQuantity;
    expect(message).toBe("The smallest order would come to $1,999,999.98, more than the $999,999.99 one payment can take: lower the minimum order or the price.");
    const created = (await (await addProduct({ ...fresh(), priceCents: 50_000_000, minOrderQuantity: 1, stock: 5 })).json()) as Product;
    const raised = await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: { minOrderQuantity: 2 }, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    expect(raised.status).toBe(422);
    const product = (await (await productById.GET(makeRequest(`/api/products/${created.id}`), noParams({ id: created.id }))).json()) as Product;
    expect(product.minOrderQuantity).toBe(1);
  });

  it("deletes a product: gone from the catalog, 404 by id, orders keep it", async () => {
    const created = (await (await addProduct({ ...fresh(), stock: 5 })).json()) as Product;
    const order = await placeOrder(customer, created.id, 1);
    const deleted = await productById.DELETE(
      makeRequest(`/api/products/${created.id}`, { method: "DELETE", cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    expect(deleted.status).toBe(204);
    const catalog = (await (await products.GET(makeRequest("/api/products?pageSize=48"), noParams())).json()) as { items: Product[] };
    expect(catalog.items.some((p) => p.id === created.id)).toBe(false);
    expect((await productById.GET(makeRequest(`/api/products/${created.id}`), noParams({ id: created.id }))).status).toBe(404);
    const kept = await orderById.GET(makeRequest(`/api/orders/${order.id}`, { cookie: customer.cookie }), noParams({ id: order.id }));
    expect(((await kept.json()) as Order).productName).toBe(created.name);
    const again = await productById.DELETE(makeRequest(`/api/products/${created.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: created.id }));
    expect(again.status).toBe(404);
  });
});

describe("uploads refused", () => {
  const upload = (bytes: Uint8Array, type: string, name: string) => {
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
    return uploads.POST(makeRequest("/api/uploads", { method: "POST", body: form, cookie: admin.cookie }), noParams());
  };

  it("refuses a text file renamed .png, judged by its content", async () => {
    const response = await upload(new TextEncoder().encode("hello, I am text"), "image/png", "photo.png");
    expect(response.status).toBe(415);
  });
});

describe("roles", () => {
  it("a promotion takes effect on the user's very next request", async () => {
    const promoted = await signUp({ name: "Soon Admin" });
    await markVerifiedForTest(promoted.userId);
    const before = (await (await me.GET(makeRequest("/api/me", { cookie: promoted.cookie }), noParams())).json()) as { role: string };
    expect(before.role).toBe("customer");
    expect((await users.GET(makeRequest("/api/users", { cookie: promoted.cookie }), noParams())).status).toBe(403);

    const changed = await userRole.PATCH(
      makeRequest(`/api/users/${promoted.userId}/role`, { method: "PATCH", json: { role: "admin" }, cookie: admin.cookie }),
      noParams({ id: promoted.userId }),
    );
    expect(changed.status).toBe(200);
    expect((await users.GET(makeRequest("/api/users", { cookie: promoted.cookie }), noParams())).status).toBe(200);

    await userRole.PATCH(
      makeRequest(`/api/users/${promoted.userId}/role`, { method: "PATCH", json: { role: "customer" }, cookie: admin.cookie }),
      noParams({ id: promoted.userId }),
    );
    expect((await users.GET(makeRequest("/api/users", { cookie: promoted.cookie }), noParams())).status).toBe(403);
  });

  it("an admin cannot demote the last admin, themself included", async () => {
    const list = (await (await users.GET(makeRequest("/api/users", { cookie: admin.cookie }), noParams())).json()) as { items: { id: string; role: string }[] };
    const admins = list.items.filter((u) => u.role === "admin");
    expect(admins).toHaveLength(1);
    const response = await userRole.PATCH(
      makeRequest(`/api/users/${admin.userId}/role`, { method: "PATCH", json: { role: "customer" }, cookie: admin.cookie }),
      noParams({ id: admin.userId }),
    );
    expect(response.status).toBe(409);
    expect(((await response.json()) as ErrorBody).error.message).toMatch(/at least one active admin/);
    expect(((await (await me.GET(makeRequest("/api/me", { cookie: admin.cookie }), noParams())).json()) as { role: string }).role).toBe("admin");
  });

  it("makes admin only an active account whose address is verified, and changes nothing when it refuses", async () => {
    const promote = (id: string) =>
      userRole.PATCH(makeRequest(`/api/users/${id}/role`, { method: "PATCH", json: { role: "admin" }, cookie: admin.cookie }), noParams({ id }));
    const roleOf = async (session: Session) => ((await (await me.GET(makeRequest("/api/me", { cookie: session.cookie }), noParams())).json()) as { role: string }).role;

    // Anyone can register any address: until its owner has verified it, it does not say who they are.
    const unproven = await signUp({ name: "Unproven Person" });
    const refused = await promote(unproven.userId);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toMatch(/not verified yet, so it cannot be made an admin/);
    expect(await roleOf(unproven)).toBe("customer");

    // A disabled account is enabled first.
    const disabled = await signUp({ name: "Disabled Person" });
    await markVerifiedForTest(disabled.userId);
    await (await getDb()).update(user).set({ disabledAt: new Date() }).where(eq(user.id, disabled.userId));
    const refusedDisabled = await promote(disabled.userId);
    expect(refusedDisabled.status).toBe(409);
    expect(((await refusedDisabled.json()) as ErrorBody).error.message).toBe("This account is disabled: enable it before making it an admin.");
    const [row] = await (await getDb()).select({ role: user.role }).from(user).where(eq(user.id, disabled.userId));
    expect(row?.role).toBe("user");
  });

  it("refuses an unknown role and an unknown user", async () => {
    const bad = await userRole.PATCH(
      makeRequest(`/api/users/${customer.userId}/role`, { method: "PATCH", json: { role: "owner" }, cookie: admin.cookie }),
      noParams({ id: customer.userId }),
    );
    expect(bad.status).toBe(422);
    const missing = await userRole.PATCH(
      makeRequest("/api/users/nobody/role", { method: "PATCH", json: { role: "admin" }, cookie: admin.cookie }),
      noParams({ id: "nobody" }),
    );
    expect(missing.status).toBe(404);
  });
});

describe("audit log", () => {
  it("records who changed what, with before and after values", async () => {
    const created = (await (await addProduct({ ...valid, name: "Audited Plane", stock: 3 })).json()) as Product;
    await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: { stock: 9 }, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    const response = await adminAudit.GET(makeRequest("/api/admin/audit", { cookie: admin.cookie }), noParams());
    const { items } = (await response.json()) as { items: { action: string; entityId: string; actorEmail: string; before: { stock?: number }; after: { stock?: number } }[] };
    const update = items.find((e) => e.action === "product.update" && e.entityId === created.id);
    expect(update).toMatchObject({ actorEmail: "boss@toolforge.test", before: { stock: 3 }, after: { stock: 9 } });
    expect(items.some((e) => e.action === "product.create" && e.entityId === created.id)).toBe(true);
  });

  it("keeps a description's old and new text", async () => {
    const created = (await (await addProduct({ ...valid, name: "Described Plane" })).json()) as Product;
    await productById.PATCH(
      makeRequest(`/api/products/${created.id}`, { method: "PATCH", json: { description: "Now with a rosewood tote." }, cookie: admin.cookie }),
      noParams({ id: created.id }),
    );
    const { items } = (await (await adminAudit.GET(makeRequest("/api/admin/audit", { cookie: admin.cookie }), noParams())).json()) as {
      items: { action: string; entityId: string; before: { description?: string }; after: { description?: string } }[];
    };
    const update = items.find((e) => e.action === "product.update" && e.entityId === created.id);
    expect(update).toMatchObject({ before: { description: valid.description }, after: { description: "Now with a rosewood tote." } });
  });

  it("records admin order cancellations and role changes", async () => {
    const item = await createProduct({ stock: 10 });
    const order = await placeOrder(customer, item.id);
    await orderById.DELETE(makeRequest(`/api/orders/${order.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: order.id }));
    const { items } = (await (await adminAudit.GET(makeRequest("/api/admin/audit", { cookie: admin.cookie }), noParams())).json()) as { items: { action: string; entityId: string }[] };
    expect(items.some((e) => e.action === "order.cancel" && e.entityId === order.id)).toBe(true);
    expect(items.some((e) => e.action === "user.role")).toBe(true);
  });

  type AuditPage = { items: { action: string; entity: string; entityId: string }[]; total: number; page: number; nextCursor: string | null };
  const readAudit = async (query: string) => {
    const response = await adminAudit.GET(makeRequest(`/api/admin/audit${query}`, { cookie: admin.cookie }), noParams());
    return { status: response.status, body: (await response.json()) as AuditPage & { error?: { message: string } } };
  };

  it("shows one kind of thing, or one thing's history, paged with its own total", async () => {
    const plane = (await (await addProduct({ ...valid, name: "History Plane", stock: 4 })).json()) as Product;
    for (const stock of [5, 6, 7]) {
      await productById.PATCH(makeRequest(`/api/products/${plane.id}`, { method: "PATCH", json: { stock }, cookie: admin.cookie }), noParams({ id: plane.id }));
    }
    const other = await createProduct({ stock: 10 });
    const order = await placeOrder(customer, other.id);
    await orderById.DELETE(makeRequest(`/api/orders/${order.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: order.id }));

    const history = await readAudit(`?entity=product&entityId=${plane.id}`);
    expect(history.status).toBe(200);
    expect(history.body.total).toBe(4);
    expect(history.body.items.map((e) => e.action)).toEqual(["product.update", "product.update", "product.update", "product.create"]);
    expect(history.body.items.every((e) => e.entityId === plane.id)).toBe(true);

    // Its pages, two entries at a time: the cursor keeps to the same history.
    const first = await readAudit(`?entity=product&entityId=${plane.id}&pageSize=2`);
    const second = await readAudit(`?entity=product&entityId=${plane.id}&pageSize=2&page=2&cursor=${encodeURIComponent(first.body.nextCursor ?? "")}`);
    expect(first.body.items).toHaveLength(2);
    expect(second.body).toMatchObject({ page: 2, total: 4, nextCursor: null });
    expect(second.body.items.map((e) => e.action)).toEqual(["product.update", "product.create"]);

    const orders = await readAudit("?entity=order");
    expect(orders.body.items.length).toBeGreaterThan(0);
    expect(orders.body.items.every((e) => e.entity === "order")).toBe(true);
    expect(orders.body.items.some((e) => e.action === "order.cancel" && e.entityId === order.id)).toBe(true);
    const all = await readAudit("");
    expect(all.body.total).toBeGreaterThan(orders.body.total);

    expect((await readAudit("?entity=order&entityId=ord_never")).body).toMatchObject({ items: [], total: 0 });

    // What the page calls the thing whose history it shows.
    const asAdmin = { userId: admin.userId, role: "admin", email: admin.email, name: "Boss", imageUrl: null, emailVerified: true, memberSince: new Date(), sessionId: "ses_audit", signedInAt: new Date(), mustEnrolTwoFactor: false } satisfies Actor;
    expect(await auditSubjectName(asAdmin, "product", plane.id)).toBe("“History Plane”");
    expect(await auditSubjectName(asAdmin, "order", order.id)).toBe(`order ${order.number}`);
    expect(await auditSubjectName(asAdmin, "user", customer.userId)).toBe(customer.email);
    expect(await auditSubjectName(asAdmin, "order", "ord_never")).toBeNull();
    expect(await countAuditEntries(asAdmin, "product", plane.id)).toBe(4);
    expect(await countAuditEntries(asAdmin, "order", "ord_never")).toBe(0);
    await expect(auditSubjectName({ ...asAdmin, role: "customer" }, "order", order.id)).rejects.toMatchObject({ kind: "forbidden" });
  });

  it("refuses a kind it does not know, and an id without its kind, with a message", async () => {
    const unknown = await readAudit("?entity=invoice");
    expect(unknown.status).toBe(422);
    expect(unknown.body.error?.message).toMatch(/Entity must be one of order, product, user, review, payment, message, subscriber/);
    const bare = await readAudit("?entityId=prd_1");
    expect(bare.status).toBe(422);
    expect(JSON.stringify(bare.body.error)).toMatch(/Send entity with entityId/);
  });
});

describe("newsletter export", () => {
  it("exports subscribers as CSV with formula-looking cells neutralised", async () => {
    await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: "csv-fan@toolforge.test" } }), noParams());
    // On the list once confirmed from the mail's link (ADR 072).
    await confirmNewsletter({ email: "csv-fan@toolforge.test", token: await tokenMailedTo("csv-fan@toolforge.test", "/newsletter/confirm") });
    const response = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams());
    expect(response.headers.get("content-type")).toMatch(/text\/csv/);
    expect(response.headers.get("content-disposition")).toMatch(/attachment/);
    const text = await response.text();
    expect(text.split("\r\n")[0]).toBe("email,subscribed_at,unsubscribe_url,one_click_unsubscribe_url,signed_up_at");
    expect(text).toContain("csv-fan@toolforge.test,");
    const { csvCell } = await import("@/lib/messages/service");
    expect(csvCell("=cmd()@x.test")).toBe("'=cmd()@x.test");
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
  });
});

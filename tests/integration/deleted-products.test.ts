import * as adminAudit from "@/app/api/admin/audit/route";
import * as deletedProducts from "@/app/api/admin/deleted-products/route";
import * as products from "@/app/api/products/route";
import * as productById from "@/app/api/products/[id]/route";
import * as restore from "@/app/api/products/[id]/restore/route";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

type ErrorBody = { error: { code: string; message: string } };
type Product = { id: string; name: string; priceCents: number; stock: number; minOrderQuantity: number };
type DeletedPage = { items: (Product & { deletedAt: string })[]; total: number; page: number; pageSize: number; pageCount: number };

let admin: Session;
let customer: Session;

beforeAll(async () => {
  admin = await signUpAdmin();
  customer = await signUp({ name: "Dana" });
});

let added = 0;
async function addProduct(name = `Restorable Rasp No. ${++added}`): Promise<Product> {
  const json = { name, description: "A rasp that comes back.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 1875, stock: 12, minOrderQuantity: 2 };
  const response = await products.POST(makeRequest("/api/products", { method: "POST", json, cookie: admin.cookie }), noParams());
  expect(response.status).toBe(201);
  return (await response.json()) as Product;
}

const remove = (id: string) => productById.DELETE(makeRequest(`/api/products/${id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id }));
const restoreAs = (session: Session, id: string) =>
  restore.POST(makeRequest(`/api/products/${id}/restore`, { method: "POST", cookie: session.cookie }), noParams({ id }));
const readProduct = (id: string) => productById.GET(makeRequest(`/api/products/${id}`), noParams({ id }));
async function deletedPage(query = ""): Promise<DeletedPage> {
  const response = await deletedProducts.GET(makeRequest(`/api/admin/deleted-products${query}`, { cookie: admin.cookie }), noParams());
  expect(response.status).toBe(200);
  return (await response.json()) as DeletedPage;
}

describe("deleted products", () => {
  it("lists a deleted product first, restores it as it was, and the catalog has it again", async () => {
    const item = await addProduct();
    expect((await remove(item.id)).status).toBe(204);
    expect((await readProduct(item.id)).status).toBe(404);
    const listed = await deletedPage();
    expect(listed.items[0]).toMatchObject({ id: item.id, name: item.name, stock: 12, priceCents: 1875 });
    expect(Date.parse(listed.items[0]?.deletedAt ?? "")).not.toBeNaN();

    const restored = await restoreAs(admin, item.id);
    expect(restored.status).toBe(200);
    expect(await restored.json()).toMatchObject({ id: item.id, name: item.name, stock: 12, priceCents: 1875, minOrderQuantity: 2 });
    expect((await readProduct(item.id)).status).toBe(200);
    expect((await deletedPage()).items.some((p) => p.id === item.id)).toBe(false);

    // Once back on sale, it is no longer a deleted product: a second restore finds nothing.
    const again = await restoreAs(admin, item.id);
    expect(again.status).toBe(404);
    expect(((await again.json()) as ErrorBody).error.message).toBe("No deleted product has this id.");
  });

  it("writes who restored what in the audit log", async () => {
    const item = await addProduct();
    await remove(item.id);
    await restoreAs(admin, item.id);
    const audit = await adminAudit.GET(makeRequest("/api/admin/audit", { cookie: admin.cookie }), noParams());
    const entries = (await audit.json()) as { items: { action: string; entityId: string; sentence?: string }[] };
    const entry = entries.items.find((e) => e.action === "product.restore" && e.entityId === item.id);
    expect(entry).toBeDefined();
  });

  it("refuses a restore while another product on sale has its name (409), in any case, and changes nothing", async () => {
    const item = await addProduct("Twin Spokeshave");
    await remove(item.id);
    const twin = await addProduct("TWIN SPOKESHAVE");
    const refused = await restoreAs(admin, item.id);
    expect(refused.status).toBe(409);
    expect(((await refused.json()) as ErrorBody).error.message).toBe("A product named “Twin Spokeshave” is on sale. Rename it, or delete it, before restoring this one.");
    expect((await readProduct(item.id)).status).toBe(404);
    expect((await deletedPage()).items.some((p) => p.id === item.id)).toBe(true);

    // With the other one gone, it comes back.
    await remove(twin.id);
    expect((await restoreAs(admin, item.id)).status).toBe(200);
  });

  it("is for admins only: a customer gets 403 and the product stays deleted; an unknown id is 404", async () => {
    const item = await addProduct();
    await remove(item.id);
    expect((await restoreAs(customer, item.id)).status).toBe(403);
    expect((await readProduct(item.id)).status).toBe(404);
    expect((await restoreAs(admin, "prd_nothing_here")).status).toBe(404);
    expect((await restoreAs(admin, "not an id")).status).toBe(404);
  });

  it("pages the list with a true total", async () => {
    for (let i = 0; i < 3; i += 1) await remove((await addProduct()).id);
    const first = await deletedPage("?pageSize=2");
    expect(first.items).toHaveLength(2);
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(first.pageCount).toBe(Math.ceil(first.total / 2));
    const second = await deletedPage("?pageSize=2&page=2");
    expect(second.items.map((p) => p.id)).not.toContain(first.items[0]?.id);
    const refused = await deletedProducts.GET(makeRequest("/api/admin/deleted-products?pageSize=500", { cookie: admin.cookie }), noParams());
    expect(refused.status).toBe(422);
  });
});

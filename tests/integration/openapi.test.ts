import Ajv2020 from "ajv/dist/2020";
import * as health from "@/app/api/health/route";
import * as identity from "@/app/api/me/identity/route";
import * as sessions from "@/app/api/me/sessions/route";
import * as live from "@/app/api/health/live/route";
import * as ready from "@/app/api/health/ready/route";
import * as openapi from "@/app/api/openapi.json/route";
import * as orderById from "@/app/api/orders/[id]/route";
import * as orders from "@/app/api/orders/route";
import * as productById from "@/app/api/products/[id]/route";
import * as products from "@/app/api/products/route";
import * as reviews from "@/app/api/reviews/route";
import * as newsletter from "@/app/api/newsletter/route";
import * as unsubscribe from "@/app/api/newsletter/unsubscribe/route";
import * as authRoute from "@/app/api/auth/[...all]/route";
import { apiRoutes } from "@/lib/api/routes";
import { unsubscribeToken } from "@/lib/messages/unsubscribe";
import { makeRequest, noParams, pngBytes, signUp, uniqueEmail, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

/**
 * GET /api/openapi.json describes every route of the table, and real answers of the shop match the
 * schemas it gives for them: successes and errors alike.
 */

type Doc = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: object }> }; responses: Record<string, { content?: Record<string, { schema: object }> }> }>>;
  components: { schemas: Record<string, object> };
};

let doc: Doc;
let customer: Session;
let admin: Session;
const ajv = new Ajv2020({ strict: false, allErrors: true });

beforeAll(async () => {
  const response = await openapi.GET(makeRequest("/api/openapi.json"), noParams());
  expect(response.status).toBe(200);
  doc = (await response.json()) as Doc;
  ajv.addSchema({ $id: "doc", ...doc } as object);
  customer = await signUp({ name: "Spec Reader" });
  admin = await signUpAdmin();
});

/** Validates an answer against the document's schema for this operation and status (exact, else 4XX/5XX). */
async function expectDocumented(method: string, path: string, response: Response): Promise<unknown> {
  const operation = doc.paths[path]?.[method.toLowerCase()];
  if (!operation) throw new Error(`${method} ${path} is not in the document`);
  const status = String(response.status);
  const documented = operation.responses[status] ?? operation.responses[`${status[0]}XX`];
  expect(documented).toBeDefined();
  const text = await response.text();
  const schemaRef = documented?.content?.["application/json"] ? `doc#/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method.toLowerCase()}/responses/${operation.responses[status] ? status : `${status[0]}XX`}/content/application~1json/schema` : null;
  if (!schemaRef) return text;
  const body = JSON.parse(text) as unknown;
  const validate = ajv.getSchema(schemaRef);
  if (!validate) throw new Error(`no schema at ${schemaRef}`);
  const valid = validate(body);
  expect({ valid, errors: validate.errors ?? null, body }).toMatchObject({ valid: true });
  return body;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1 and describes every route of the table, and nothing else", () => {
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
    expect(documented.sort()).toEqual(Object.keys(apiRoutes()).sort());
  });

  it("documents product writes in integer cents and refuses unknown fields", () => {
    const schema = doc.paths["/api/products"]?.post?.requestBody?.content["application/json"]?.schema as { properties: Record<string, { type: string }>; additionalProperties: boolean; required: string[] };
    expect(schema.properties.priceCents?.type).toBe("integer");
    expect(schema.properties).not.toHaveProperty("price");
    expect(schema.additionalProperties).toBe(false);
    expect(schema.required).toEqual(expect.arrayContaining(["name", "priceCents", "stock"]));
  });

  it("compiles: every schema in it is valid JSON Schema 2020-12", () => {
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const operation of Object.values(operations)) {
        const request = operation.requestBody?.content["application/json"]?.schema;
        if (request) expect(() => ajv.compile({ ...request, $id: `req:${path}:${Math.random()}` })).not.toThrow();
      }
    }
  });
});

describe("real answers match the document", () => {
  it("would catch an answer that drifts from it (a dollar price, a missing field)", () => {
    const validate = ajv.getSchema("doc#/paths/~1api~1products~1{id}/get/responses/200/content/application~1json/schema")!;
    const product = { id: "prd_1", name: "Hammer", description: "x", imageUrl: "/images/x.svg", priceCents: 1999, currency: "USD", stock: 1, minOrderQuantity: 1 };
    expect(validate(product)).toBe(true);
    expect(validate({ ...product, price: 19.99 })).toBe(false);
    expect(validate({ ...product, priceCents: 19.99 })).toBe(false);
    const { stock: _stock, ...missing } = product;
    expect(validate(missing)).toBe(false);
  });

  it("catalog: list, one product, create, edit, delete, and their errors", async () => {
    const list = (await expectDocumented("GET", "/api/products", await products.GET(makeRequest("/api/products?pageSize=3"), noParams()))) as { items: { id: string }[] };
    const id = list.items[0]!.id;
    await expectDocumented("GET", "/api/products/{id}", await productById.GET(makeRequest(`/api/products/${id}`), noParams({ id })));
    await expectDocumented("GET", "/api/products/{id}", await productById.GET(makeRequest("/api/products/nope"), noParams({ id: "nope" })));
    await expectDocumented("GET", "/api/products", await products.GET(makeRequest("/api/products?sort=cheapest"), noParams()));
    const body = { name: "Spec Hammer", description: "Documented.", imageUrl: "/images/products/claw-hammer.svg", priceCents: 1999, stock: 3, minOrderQuantity: 1 };
    const post = (init: { json: unknown; cookie?: string }) => products.POST(makeRequest("/api/products", { method: "POST", ...init }), noParams());
    const created = (await expectDocumented("POST", "/api/products", await post({ json: body, cookie: admin.cookie }))) as { id: string };
    await expectDocumented("POST", "/api/products", await post({ json: { ...body, price: 19.99 }, cookie: admin.cookie }));
    await expectDocumented("POST", "/api/products", await post({ json: body, cookie: customer.cookie }));
    await expectDocumented("POST", "/api/products", await post({ json: body }));
    const patch = (json: unknown) => productById.PATCH(makeRequest(`/api/products/${created.id}`, { method: "PATCH", json, cookie: admin.cookie }), noParams({ id: created.id }));
    const patched = (await expectDocumented("PATCH", "/api/products/{id}", await patch({ priceCents: 2499 }))) as { priceCents: number };
    expect(patched.priceCents).toBe(2499);
    await expectDocumented("PATCH", "/api/products/{id}", await patch({ priceCent: 2499 }));
    const removed = await productById.DELETE(makeRequest(`/api/products/${created.id}`, { method: "DELETE", cookie: admin.cookie }), noParams({ id: created.id }));
    expect(removed.status).toBe(204);
  });

  it("orders, reviews, newsletter, health", async () => {
    const list = (await (await products.GET(makeRequest("/api/products"), noParams())).json()) as { items: { id: string; minOrderQuantity: number; stock: number }[] };
    const item = list.items.find((p) => p.stock >= p.minOrderQuantity)!;
    const placed = (await expectDocumented(
      "POST",
      "/api/orders",
      await orders.POST(makeRequest("/api/orders", { method: "POST", json: { productId: item.id, quantity: item.minOrderQuantity, phone: "+1 555 010 0199" }, cookie: customer.cookie }), noParams()),
    )) as { id: string };
    await expectDocumented("GET", "/api/orders", await orders.GET(makeRequest("/api/orders", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/orders/{id}", await orderById.GET(makeRequest(`/api/orders/${placed.id}`, { cookie: customer.cookie }), noParams({ id: placed.id })));
    await expectDocumented("POST", "/api/reviews", await reviews.POST(makeRequest("/api/reviews", { method: "POST", json: { text: "Exactly as documented.", rating: 5 }, cookie: customer.cookie }), noParams()));
    // The same customer again: the review is edited, 200, documented beside the 201.
    const edited = await reviews.POST(makeRequest("/api/reviews", { method: "POST", json: { text: "Edited, still as documented.", rating: 4 }, cookie: customer.cookie }), noParams());
    expect(edited.status).toBe(200);
    await expectDocumented("POST", "/api/reviews", edited);
    await expectDocumented("GET", "/api/reviews", await reviews.GET(makeRequest("/api/reviews"), noParams()));
    await expectDocumented("POST", "/api/newsletter", await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: uniqueEmail("spec") } }), noParams()));
    await expectDocumented("POST", "/api/newsletter", await newsletter.POST(makeRequest("/api/newsletter", { method: "POST", json: { email: "x", extra: 1 } }), noParams()));
    const leaving = uniqueEmail("spec-leaver");
    const left = await unsubscribe.POST(makeRequest("/api/newsletter/unsubscribe", { method: "POST", json: { email: leaving, token: unsubscribeToken(leaving) } }), noParams());
    expect(left.status).toBe(200);
    await expectDocumented("POST", "/api/newsletter/unsubscribe", left);
    const refused = await unsubscribe.POST(makeRequest("/api/newsletter/unsubscribe", { method: "POST", json: { email: leaving, token: "not-the-token" } }), noParams());
    expect(refused.status).toBe(422);
    await expectDocumented("POST", "/api/newsletter/unsubscribe", refused);
    await expectDocumented("GET", "/api/me/sessions", await sessions.GET(makeRequest("/api/me/sessions?pageSize=5", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/me/sessions", await sessions.GET(makeRequest("/api/me/sessions?page=0", { cookie: customer.cookie }), noParams()));
    await expectDocumented("GET", "/api/health", await health.GET(makeRequest("/api/health"), noParams()));
    await expectDocumented("GET", "/api/health/live", await live.GET(makeRequest("/api/health/live"), noParams()));
    await expectDocumented("GET", "/api/health/ready", await ready.GET(makeRequest("/api/health/ready"), noParams()));
  });

  it("your name and photo: a change, and its refusals", async () => {
    const person = await signUp({ name: "Spec Renamer" });
    const send = (fields: Record<string, string | Uint8Array>, cookie: string | undefined = person.cookie) => {
      const form = new FormData();
      for (const [key, value] of Object.entries(fields)) {
        if (typeof value === "string") form.set(key, value);
        else form.set(key, new Blob([new Uint8Array(value)], { type: "image/png" }), "p.png");
      }
      return identity.PATCH(makeRequest("/api/me/identity", { method: "PATCH", body: form, cookie }), noParams());
    };
    const changed = (await expectDocumented("PATCH", "/api/me/identity", await send({ name: "Spec Renamed", photo: await pngBytes() }))) as { name: string };
    expect(changed.name).toBe("Spec Renamed");
    await expectDocumented("PATCH", "/api/me/identity", await send({ name: "" }));
    await expectDocumented("PATCH", "/api/me/identity", await send({ photo: new TextEncoder().encode("not an image") }));
    await expectDocumented("PATCH", "/api/me/identity", await send({ name: "Signed Out" }, undefined));
    const multipart = doc.paths["/api/me/identity"]?.patch?.requestBody?.content["multipart/form-data"]?.schema as { properties: Record<string, unknown> };
    expect(Object.keys(multipart.properties).sort()).toEqual(["name", "photo"]);
  });

  it("better-auth's routes: their errors are documented too", async () => {
    const response = await authRoute.POST(makeRequest("/api/auth/sign-in/email", { method: "POST", json: { email: customer.email, password: "wrong-password-here" } }), noParams());
    expect(response.status).toBe(401);
    await expectDocumented("POST", "/api/auth/sign-in/email", response);
  });
});

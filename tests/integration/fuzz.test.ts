import { routesOnDisk, type FoundRoute } from "@/tests/fixtures/api-routes";
import { makeRequest, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";

/**
 * Malformed input thrown at every route of app/api (found on disk), as an admin so that it gets past
 * the role check to the parsing: broken JSON, wrong types, huge numbers, deep nesting, 3 MB bodies,
 * unicode and NUL, path traversal in ids, operator objects, odd query strings. Every answer is a 4xx
 * with the shop's error shape (better-auth's own under /api/auth), never a 5xx.
 */

type Body = { body?: BodyInit; type?: string };
type Case = { route: FoundRoute; name: string; path: string; params: Record<string, string>; input: Body; reads: boolean };

const MB3 = `{"name":"${"A".repeat(3 * 1024 * 1024)}"}`;
const deep = (depth: number) => `{"name":${"[".repeat(depth)}${"]".repeat(depth)}}`;
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;

/** Bodies for routes that read one. `type` defaults to application/json. */
const BODIES: Record<string, Body> = {
  "empty body": { body: "" },
  "truncated JSON": { body: '{"name": "x"' },
  "trailing comma": { body: '{"name": "x",}' },
  "single quotes": { body: "{'name': 'x'}" },
  "bare word": { body: "undefined" },
  "JSON null": { body: "null" },
  "JSON array": { body: "[1,2,3]" },
  "JSON string": { body: '"just a string"' },
  "JSON number": { body: "42" },
  "wrong types everywhere": { body: JSON.stringify({ name: 1, email: [], price: {}, priceCents: "1999", quantity: "3", text: false, rating: "5", hidden: "yes", role: 7, token: 1, password: null }) },
  "huge numbers": { body: '{"priceCents": 1e309, "quantity": 9007199254740993, "stock": -1e308, "rating": 1e400, "minOrderQuantity": 123456789012345678901234567890}' },
  "deep array nesting": { body: deep(20_000) },
  "deep object nesting": { body: deepObject(5_000) },
  "3 MB body": { body: MB3 },
  "NUL and lone surrogates": { body: '{"name": "a\\u0000b", "email": "x\\u0000@y.z", "text": "\\ud800\\udfff\\ud800", "message": "\\u0000", "token": "\\u0000", "password": "\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000\\u0000"}' },
  "raw NUL byte": { body: '{"name": "a\u0000b"}' },
  "operator objects": { body: JSON.stringify({ email: { $gt: "" }, name: { $ne: null }, productId: { $in: ["x"] }, token: { $regex: ".*" }, password: { $gt: "" } }) },
  "prototype pollution": { body: '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"isAdmin": true}}}' },
  "SQL in strings": { body: JSON.stringify({ name: "'; drop table product; --", email: "a@b.c' OR '1'='1", productId: "1 OR 1=1", q: "%' --" }) },
  "invalid UTF-8": { body: new Uint8Array([0x7b, 0x22, 0x6e, 0x61, 0x6d, 0x65, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]) },
  "JSON named in a parameter only": { body: '{"name": "x"}', type: "text/plain; a=application/json" },
  "text/plain": { body: "name=x", type: "text/plain" },
  "form-encoded": { body: "name=x&priceCents=1", type: "application/x-www-form-urlencoded" },
  "broken multipart": { body: "--xyz\r\nContent-Disposition: form-data; name=\"file\"\r\n\r\nnot closed", type: "multipart/form-data; boundary=xyz" },
  "multipart without boundary": { body: "garbage", type: "multipart/form-data" },
};

/** Ids for path parameters: traversal, encodings, NUL, injection, absurd length. */
const IDS: Record<string, string> = {
  traversal: "../../../../etc/passwd",
  "encoded traversal": "..%2f..%2f..%2fetc%2fpasswd",
  "NUL": "prd_\u0000",
  "SQL": "1' OR '1'='1",
  "operator": '{"$gt":""}',
  "10k long": "a".repeat(10_000),
  unicode: "\u202e\uffff\u{1F600}é",
  empty: "",
};

const QUERIES = ["?page=1e309&pageSize=-1", "?sort[$gt]=&q=%00", `?q=${"x".repeat(10_000)}`, "?page=NaN&pageSize=Infinity", "?status=%00&shipping[]=1", "?format=%00&token=%00"];

let cases: Case[] = [];
let admin: Session;

/** Routes whose handler never reads a body: junk bodies sent to them would only test nothing (and DELETE /api/me would delete the admin). */
const NO_BODY = new Set([
  "DELETE /api/me", "DELETE /api/me/phone", "POST /api/me/sessions/sign-out-others", "POST /api/me/verification-email",
  "DELETE /api/products/{id}", "DELETE /api/orders/{id}", "POST /api/orders/{id}/payment", "DELETE /api/me/sessions/{id}",
  "DELETE /api/reviews/{id}", "POST /api/products/{id}/restore",
  "POST /api/internal/revalidate", "POST /api/auth/sign-out", "POST /api/admin/mail/retry",
]);

beforeAll(async () => {
  admin = await signUpAdmin();
  const routes = await routesOnDisk();
  const placeholder = (path: string) => path.replace(/\{[^}]+\}/g, "prd_doesnotexist");
  for (const route of routes) {
    const params = Object.fromEntries([...route.path.matchAll(/\{([^}]+)\}/g)].map((m) => [m[1]!, "prd_doesnotexist"]));
    if (route.method !== "GET" && !NO_BODY.has(route.key)) {
      for (const [name, input] of Object.entries(BODIES)) cases.push({ route, name, path: placeholder(route.path), params, input, reads: true });
    }
    if (Object.keys(params).length > 0) {
      for (const [name, id] of Object.entries(IDS)) {
        const fuzzed = Object.fromEntries(Object.keys(params).map((k) => [k, id]));
        const path = route.path.replace(/\{[^}]+\}/g, encodeURIComponent(id) || "%20");
        // Garbage ids with an otherwise valid-looking body: the id must be refused, not the server.
        cases.push({ route, name: `id: ${name}`, path, params: fuzzed, input: route.method === "GET" || NO_BODY.has(route.key) ? {} : { body: "{}" }, reads: false });
      }
    }
    if (route.method === "GET") {
      for (const query of QUERIES) cases.push({ route, name: `query ${query.slice(0, 30)}`, path: `${placeholder(route.path)}${query}`, params, input: {}, reads: false });
    }
  }
  cases = cases.filter((c) => c.route.access !== "missing");
});

it("covers at least 300 malformed inputs across every route", () => {
  expect(cases.length).toBeGreaterThanOrEqual(300);
  const routesHit = new Set(cases.map((c) => c.route.key));
  expect(routesHit.size).toBeGreaterThanOrEqual(60);
});

function isErrorShape(body: unknown, auth: boolean): boolean {
  if (typeof body !== "object" || body === null) return false;
  const error = (body as { error?: { code?: unknown; message?: unknown } }).error;
  if (error && typeof error.code === "string" && typeof error.message === "string") return true;
  return auth && typeof (body as { message?: unknown }).message === "string";
}

it("answers every malformed input with a 4xx in the error shape, never a 5xx", async () => {
  const failures: string[] = [];
  for (const c of cases) {
    const headers: Record<string, string> = {};
    if (c.input.body !== undefined) headers["content-type"] = c.input.type ?? "application/json";
    let response: Response;
    try {
      const request = makeRequest(c.path, { method: c.route.method, cookie: admin.cookie, headers, ...(c.input.body !== undefined ? { body: c.input.body } : {}) });
      response = await c.route.handler(request, { params: Promise.resolve(c.params) });
    } catch (error) {
      failures.push(`${c.route.key} [${c.name}]: threw ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    const text = await response.text();
    const auth = c.route.path.startsWith("/api/auth/");
    if (response.status >= 500) {
      failures.push(`${c.route.key} [${c.name}]: ${response.status} ${text.slice(0, 200)}`);
      continue;
    }
    // Junk in a query string a route does not read, or a harmless unknown parameter, may still succeed.
    if (!c.reads && response.status < 400) continue;
    if (response.status < 400 || response.status > 499) {
      failures.push(`${c.route.key} [${c.name}]: expected a 4xx, got ${response.status} ${text.slice(0, 200)}`);
      continue;
    }
    let body: unknown = null;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: fails the shape check below
    }
    if (!isErrorShape(body, auth)) failures.push(`${c.route.key} [${c.name}]: ${response.status} without the error shape: ${text.slice(0, 200)}`);
  }
  expect(failures).toEqual([]);
}, 600_000);

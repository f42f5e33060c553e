import { sql } from "drizzle-orm";
import * as adminAudit from "@/app/api/admin/audit/route";
import * as deletedProducts from "@/app/api/admin/deleted-products/route";
import * as adminMessages from "@/app/api/admin/messages/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as adminReviews from "@/app/api/admin/reviews/route";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as orders from "@/app/api/orders/route";
import * as products from "@/app/api/products/route";
import * as reviews from "@/app/api/reviews/route";
import * as productReviews from "@/app/api/products/[id]/reviews/route";
import * as users from "@/app/api/users/route";
import sharp from "sharp";
import { getDb } from "@/lib/db/client";
import { jobBacklog } from "@/lib/jobs";
import { retryOwedIntentCancels } from "@/lib/payments/intent-cancels";
import { saveImage } from "@/lib/storage";
import { sweepUnusedUploads, UPLOAD_GRACE_MS } from "@/lib/storage/sweep";
import { generateScaleData } from "@/scripts/scale-data.mjs";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { withEnv } from "@/tests/fixtures/env";

// Every list and search the shop runs, EXPLAINed on a database big enough (and ANALYZEd) for the
// planner to choose as it would in production: none may read the whole of orders, review or "user".
// Run on both engines: `npm run test:unit -- tests/integration/query-plans.test.ts` and `npm run test:pg -- …`.

const WATCHED = new Set(["orders", "review", "user"]);
const SIZE = { products: 2_000, users: 20_000, orders: 30_000, reviews: 10_000, messages: 300, subscribers: 300 };

type Statement = { text: string; params: unknown[] };
type PlanNode = { "Node Type": string; "Relation Name"?: string; Plans?: PlanNode[] };
type Handler = (request: Request, context: { params: Promise<Record<string, never>> }) => Promise<Response>;
type RawClient = { query: (...args: unknown[]) => Promise<{ rows: Record<string, unknown>[] }> };

let admin: Session;
let buyer: Session;
let client: RawClient;
let original: RawClient["query"];
let recording: Statement[] | null = null;

beforeAll(async () => {
  admin = await signUpAdmin();
  buyer = await signUp({ name: "Busy Buyer" });
  const db = await getDb();
  await generateScaleData((text) => db.execute(sql.raw(text)), SIZE, { buyer: { id: buyer.userId, email: buyer.email, orders: 300 } });
  client = (db as unknown as { $client: RawClient }).$client;
  original = client.query;
  // Every statement the handlers send is noted (text and parameters) on its way to the database.
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first, params] = args;
    const text = typeof first === "string" ? first : (first as { text: string }).text;
    recording?.push({ text, params: Array.isArray(params) ? params : [] });
    return original.apply(client, args);
  };
}, 300_000);

afterAll(() => {
  if (client) client.query = original;
});

function seqScans(node: PlanNode, watched: Set<string>, found: string[] = []): string[] {
  if (node["Node Type"] === "Seq Scan" && node["Relation Name"] && watched.has(node["Relation Name"])) found.push(node["Relation Name"]);
  for (const child of node.Plans ?? []) seqScans(child, watched, found);
  return found;
}

async function planOf(statement: Statement): Promise<PlanNode> {
  const result = await original.call(client, `explain (format json) ${statement.text}`, statement.params);
  const cell = Object.values(result.rows[0] ?? {})[0];
  const plan = (typeof cell === "string" ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return plan[0]!.Plan;
}

async function expectNoSeqScan(handler: Handler, path: string, cookie?: string, alsoWatched: string[] = []): Promise<void> {
  await expectNoSeqScanWhile(path, async () => {
    const response = await handler(makeRequest(path, { cookie }), noParams());
    await response.arrayBuffer();
    expect({ path, status: response.status }).toEqual({ path, status: 200 });
  }, alsoWatched);
}

/** The statements `run` sends, each EXPLAINed: none may read a whole watched table. */
async function expectNoSeqScanWhile(path: string, run: () => Promise<void>, alsoWatched: string[] = []): Promise<void> {
  recording = [];
  let ran: Statement[] = [];
  try {
    await run();
  } finally {
    ran = recording ?? [];
    recording = null;
  }
  const tablesWatched = new Set([...WATCHED, ...alsoWatched]);
  const names = [...tablesWatched].join("|");
  const watched = ran.filter((s) => new RegExp(`"(${names})"`).test(s.text) && !/^\s*(insert|update|delete)/i.test(s.text));
  expect(watched.length).toBeGreaterThan(0);
  const offenders: string[] = [];
  for (const statement of watched) {
    const plan = await planOf(statement);
    const tables = seqScans(plan, tablesWatched);
    if (tables.length > 0) offenders.push(`${tables.join(", ")}: ${statement.text} ${JSON.stringify(statement.params)}\n${JSON.stringify(plan)}`);
  }
  expect({ path, offenders }).toEqual({ path, offenders: [] });
}

const cursorOf = async (handler: Handler, path: string, cookie?: string): Promise<string> => {
  const body = (await (await handler(makeRequest(path, { cookie }), noParams())).json()) as { nextCursor: string };
  return body.nextCursor;
};

describe("query plans on a large shop", () => {
  it("Make Admin: the first pages, a later page, search by email and by name", async () => {
    await expectNoSeqScan(users.GET, "/api/users", admin.cookie);
    const cursor = await cursorOf(users.GET, "/api/users?pageSize=100", admin.cookie);
    await expectNoSeqScan(users.GET, `/api/users?pageSize=100&page=2&cursor=${cursor}`, admin.cookie);
    // Account 1234 is "Cleo Costa 1234", cleo.costa1234@workshop.test (scripts/scale-data.mjs).
    await expectNoSeqScan(users.GET, "/api/users?q=costa1234%40work", admin.cookie);
    await expectNoSeqScan(users.GET, "/api/users?q=Costa%20123", admin.cookie);
    await expectNoSeqScan(users.GET, "/api/users?role=admin", admin.cookie);
  });

  it("reviews: the public pages (home page and API) and the admin list", async () => {
    await expectNoSeqScan(reviews.GET, "/api/reviews");
    const cursor = await cursorOf(reviews.GET, "/api/reviews?pageSize=100");
    await expectNoSeqScan(reviews.GET, `/api/reviews?pageSize=100&page=2&cursor=${cursor}`);
    await expectNoSeqScan(adminReviews.GET, "/api/admin/reviews", admin.cookie);
    const adminCursor = await cursorOf(adminReviews.GET, "/api/admin/reviews?pageSize=100", admin.cookie);
    await expectNoSeqScan(adminReviews.GET, `/api/admin/reviews?pageSize=100&page=2&cursor=${adminCursor}`, admin.cookie);
  });

  it("a product's reviews: its first page and a later one (the product page reads the first)", async () => {
    // prd_s_1 is one of the fifty tools with reviews of their own (scripts/scale-data.mjs).
    const path = "/api/products/prd_s_1/reviews?pageSize=10";
    const read = (url: string) => productReviews.GET(makeRequest(url), noParams({ id: "prd_s_1" }));
    const first = (await (await read(path)).json()) as { total: number; nextCursor: string };
    expect(first.total).toBeGreaterThan(10);
    for (const url of [path, `${path}&page=2&cursor=${first.nextCursor}`]) {
      await expectNoSeqScanWhile(url, async () => {
        const response = await read(url);
        await response.arrayBuffer();
        expect({ url, status: response.status }).toEqual({ url, status: 200 });
      });
    }
  });

  it("My Orders of a customer with 300 orders: first and next page", async () => {
    await expectNoSeqScan(orders.GET, "/api/orders", buyer.cookie);
    const cursor = await cursorOf(orders.GET, "/api/orders?pageSize=100", buyer.cookie);
    await expectNoSeqScan(orders.GET, `/api/orders?pageSize=100&page=2&cursor=${cursor}`, buyer.cookie);
  });

  it("Manage Order: every filter, a later page, and search by email", async () => {
    for (const filter of ["", "status=paid", "status=unpaid", "status=paid&shipping=pending", "status=paid&shipping=shipped"]) {
      await expectNoSeqScan(adminOrders.GET, `/api/admin/orders?${filter}`, admin.cookie);
      const cursor = await cursorOf(adminOrders.GET, `/api/admin/orders?${filter}&pageSize=100`, admin.cookie);
      await expectNoSeqScan(adminOrders.GET, `/api/admin/orders?${filter}&pageSize=100&page=2&cursor=${cursor}`, admin.cookie);
    }
    await expectNoSeqScan(adminOrders.GET, "/api/admin/orders?q=costa1234%40", admin.cookie);
    await expectNoSeqScan(adminOrders.GET, "/api/admin/orders?q=costa1234%40&status=paid", admin.cookie);
  });

  it("the other admin lists", async () => {
    await expectNoSeqScan(adminMessages.GET, "/api/admin/messages", admin.cookie);
    await expectNoSeqScan(adminSubscribers.GET, "/api/admin/subscribers", admin.cookie);
    // Deleted Products reads the few deleted tools through their partial index, not every tool.
    await expectNoSeqScan(deletedProducts.GET, "/api/admin/deleted-products", admin.cookie, ["product"]);
    await expectNoSeqScan(deletedProducts.GET, "/api/admin/deleted-products?page=2&pageSize=10", admin.cookie, ["product"]);
    await expectNoSeqScan(adminAudit.GET, "/api/admin/audit", admin.cookie);
    // The log of one kind counts that kind's entries (most of the log for orders: reading it whole is
    // the right plan, as for the whole log's count). One thing's history reads only its own entries.
    await expectNoSeqScan(adminAudit.GET, "/api/admin/audit?entity=order", admin.cookie);
    await expectNoSeqScan(adminAudit.GET, "/api/admin/audit?entity=order&entityId=ord_s_14", admin.cookie, ["audit_log"]);
  });

  it("the upload sweep asks products, order lines and accounts about a photo through their indexes", async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: "#444444" } }).png().toBuffer();
    await saveImage(new Uint8Array(png));
    await expectNoSeqScanWhile(
      "the upload sweep",
      async () => {
        expect(await sweepUnusedUploads(new Date(Date.now() + 2 * UPLOAD_GRACE_MS))).toBe(1);
      },
      ["order_line"],
    );
  });

  describe("with Stripe configured", () => {
    // No order owes a cancel, so nothing is sent to this address.
    withEnv({ STRIPE_SECRET_KEY: "sk_test_plans", STRIPE_PUBLISHABLE_KEY: "pk_test_plans", STRIPE_API_BASE: "http://127.0.0.1:9" });

    it("the intent-cancel job and the job backlog read only the orders they count", async () => {
      await expectNoSeqScanWhile("the intent-cancel job", async () => {
        expect(await retryOwedIntentCancels()).toBe(0);
        expect((await jobBacklog())["intent-cancels"]).toBe(0);
      });
    });
  });

  it("finds accounts and products by a fragment of a word", async () => {
    const found = (await (await users.GET(makeRequest("/api/users?q=A.COSTA123", { cookie: admin.cookie }), noParams())).json()) as {
      items: { email: string; name: string }[];
      total: number;
    };
    // ada.costa1232, hana.costa1239 …: case-insensitive, anywhere in the address.
    expect(found.total).toBeGreaterThan(0);
    expect(found.items.every((u) => u.email.includes("a.costa123"))).toBe(true);
    const catalog = (await (await products.GET(makeRequest("/api/products?q=okeshav&pageSize=48"), noParams())).json()) as {
      items: { name: string }[];
      total: number;
    };
    expect(catalog.total).toBeGreaterThan(48);
    expect(catalog.items.every((p) => p.name.includes("Spokeshave"))).toBe(true);
  });
});

import { sql } from "drizzle-orm";
import * as adminMail from "@/app/api/admin/mail/route";
import * as adminOrders from "@/app/api/admin/orders/route";
import * as adminReviews from "@/app/api/admin/reviews/route";
import * as adminSubscribers from "@/app/api/admin/subscribers/route";
import * as orderById from "@/app/api/orders/[id]/route";
import * as myOrders from "@/app/api/orders/route";
import * as reviews from "@/app/api/reviews/route";
import * as productReviews from "@/app/api/products/[id]/reviews/route";
import * as users from "@/app/api/users/route";
import { getDb } from "@/lib/db/client";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { signUpAdmin } from "@/tests/fixtures/mail";
import { createProduct, markDeletedForTest } from "@/tests/fixtures/shop";

type PageBody<T> = { items: T[]; page: number; pageSize: number; total: number; pageCount: number; nextCursor: string | null; prevCursor: string | null };
type UserItem = { id: string; email: string; name: string; role: string };
type ErrorBody = { error: { code: string; message: string; fields?: Record<string, string> } };

let admin: Session;

// Rows are written straight into the tables (bulk SQL), as scripts/scale-data.mjs does: the tests are
// about reading them back page by page, not about signing 60 people up.
beforeAll(async () => {
  admin = await signUpAdmin();
  const db = await getDb();
  await db.execute(sql`
    insert into "user" (id, name, email, email_verified, created_at)
    select 'usr_page_' || lpad(i::text, 3, '0'), case when i % 2 = 0 then 'Even Ada ' || i else 'Odd Bob ' || i end,
           'pager' || lpad(i::text, 3, '0') || case when i % 3 = 0 then '@third.test' else '@other.test' end, true,
           timestamptz '2020-01-01' + i * interval '1 minute'
    from generate_series(1, 60) as i`);
  await db.execute(sql`
    insert into review (id, user_id, text, rating, hidden, created_at, updated_at)
    select 'rev_page_' || lpad(i::text, 3, '0'), 'usr_page_' || lpad(i::text, 3, '0'), 'A sturdy tool, review ' || i, 4,
           i % 10 = 0, timestamptz '2021-01-01' + i * interval '1 minute', now()
    from generate_series(1, 60) as i`);
});

async function getPage<T>(handler: typeof users.GET, path: string, cookie?: string): Promise<{ status: number; body: PageBody<T> }> {
  const response = await handler(makeRequest(path, { cookie }), noParams());
  return { status: response.status, body: (await response.json()) as PageBody<T> };
}

const userPage = (query: string) => getPage<UserItem>(users.GET, `/api/users?${query}`, admin.cookie);

describe("Make Admin (GET /api/users)", () => {
  it("pages through every account with the true total: first, middle and last page", async () => {
    const first = await userPage("pageSize=25");
    expect(first.status).toBe(200);
    // 60 bulk accounts + the admin + the catalog seed's none: every account is counted, none is cut off.
    expect(first.body.total).toBe(61);
    expect(first.body.pageCount).toBe(3);
    expect(first.body.items).toHaveLength(25);
    expect(first.body.prevCursor).toBeNull();
    expect(first.body.items[0]?.email).toBe("pager001@other.test");

    const middle = await userPage(`pageSize=25&page=2&cursor=${first.body.nextCursor}`);
    expect(middle.body.items[0]?.email).toBe("pager026@other.test");
    expect(middle.body.items).toHaveLength(25);

    const last = await userPage(`pageSize=25&page=3&cursor=${middle.body.nextCursor}`);
    expect(last.body.items.map((u) => u.email)).toEqual([
      ...Array.from({ length: 10 }, (_, i) => `pager0${51 + i}@${(51 + i) % 3 === 0 ? "third" : "other"}.test`),
      "boss@toolforge.test",
    ]);
    expect(last.body.nextCursor).toBeNull();

    // Back from the last page lands exactly on the middle page again.
    const back = await userPage(`pageSize=25&page=2&cursor=${last.body.prevCursor}`);
    expect(back.body.items.map((u) => u.id)).toEqual(middle.body.items.map((u) => u.id));
    // A page number typed without a cursor shows the same rows (by offset).
    const typed = await userPage("pageSize=25&page=2");
    expect(typed.body.items.map((u) => u.id)).toEqual(middle.body.items.map((u) => u.id));
  });

  it("searches by a fragment of the name or the email, with paging and a total of the matches", async () => {
    const byEmail = await userPage("q=third.te&pageSize=15");
    expect(byEmail.body.total).toBe(20);
    expect(byEmail.body.pageCount).toBe(2);
    const rest = await userPage(`q=third.te&pageSize=15&page=2&cursor=${byEmail.body.nextCursor}`);
    const all = [...byEmail.body.items, ...rest.body.items];
    expect(all).toHaveLength(20);
    expect(new Set(all.map((u) => u.id)).size).toBe(20);
    expect(all.every((u) => u.email.endsWith("@third.test"))).toBe(true);

    const byName = await userPage("q=EN%20ADA&pageSize=100");
    expect(byName.body.total).toBe(30);
    expect(byName.body.items.every((u) => u.name.startsWith("Even Ada"))).toBe(true);
    // LIKE's wildcards are searched for literally.
    expect((await userPage("q=%25")).body.total).toBe(0);
  });

  it("lists the admins only with ?role=admin, searches among them, and counts the disabled ones apart", async () => {
    const db = await getDb();
    await db.execute(sql`update "user" set role = 'admin' where email in ('pager007@other.test', 'pager012@third.test')`);
    await db.execute(sql`update "user" set disabled_at = now() where email = 'pager012@third.test'`);
    try {
      const admins = await userPage("role=admin");
      expect(admins.status).toBe(200);
      expect(admins.body.items.map((u) => u.email)).toEqual(["pager007@other.test", "pager012@third.test", "boss@toolforge.test"]);
      expect(admins.body.total).toBe(3);
      expect(admins.body).toMatchObject({ admins: 3, disabledAdmins: 1 });
      const searched = await userPage("role=admin&q=third");
      expect(searched.body.items.map((u) => u.email)).toEqual(["pager012@third.test"]);
      for (const role of ["customer", "owner"]) {
        const wrong = await users.GET(makeRequest(`/api/users?role=${role}`, { cookie: admin.cookie }), noParams());
        expect(wrong.status).toBe(422);
        expect(((await wrong.json()) as { error: { message: string } }).error.message).toBe("role can only be admin (to list the admins alone)");
      }
    } finally {
      await db.execute(sql`update "user" set role = 'customer', disabled_at = null where email in ('pager007@other.test', 'pager012@third.test')`);
    }
  });

  it("does not skip a row when one on an earlier page is deleted between two pages", async () => {
    const db = await getDb();
    await db.execute(sql`insert into "user" (id, name, email, created_at) select 'usr_gone_' || i, 'Gone ' || i, 'gone' || i || '@vanish.test', timestamptz '2019-01-01' + i * interval '1 minute' from generate_series(1, 9) as i`);
    const first = await userPage("q=vanish&pageSize=3");
    expect(first.body.items.map((u) => u.id)).toEqual(["usr_gone_1", "usr_gone_2", "usr_gone_3"]);
    await db.execute(sql`delete from "user" where id = 'usr_gone_2'`);
    const second = await userPage(`q=vanish&pageSize=3&page=2&cursor=${first.body.nextCursor}`);
    expect(second.body.items.map((u) => u.id)).toEqual(["usr_gone_4", "usr_gone_5", "usr_gone_6"]);
    expect(second.body.total).toBe(8);
    await db.execute(sql`delete from "user" where id like 'usr_gone_%'`);
  });

  it("answers 422 for a page size above 100 and for a tampered cursor", async () => {
    const tooBig = await users.GET(makeRequest("/api/users?pageSize=101", { cookie: admin.cookie }), noParams());
    expect(tooBig.status).toBe(422);
    expect(((await tooBig.json()) as ErrorBody).error.fields?.pageSize).toBe("Page size must be at most 100");
    const tampered = await users.GET(makeRequest("/api/users?page=2&cursor=bm90LWEtY3Vyc29y", { cookie: admin.cookie }), noParams());
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as ErrorBody).error.fields?.cursor).toBeDefined();
  });

  it("answers 422, not 500, for a well-formed cursor whose key or id the database could not read", async () => {
    const cursor = (key: string, id = "usr_page_001") => Buffer.from(JSON.stringify([key, id, "a"])).toString("base64url");
    const keys = ["garbage", "2026-02-31 10:00:00+00", "2026-11-26 25:00:00+00", "2026-11-26 07:28:30.059", "2026-11-26 07:28:30\u0000+00"];
    for (const key of keys) {
      const publicReviews = await reviews.GET(makeRequest(`/api/reviews?page=2&cursor=${cursor(key)}`), noParams());
      expect({ key, status: publicReviews.status }).toEqual({ key, status: 422 });
      const accounts = await users.GET(makeRequest(`/api/users?page=2&cursor=${cursor(key)}`, { cookie: admin.cookie }), noParams());
      expect({ key, status: accounts.status }).toEqual({ key, status: 422 });
    }
    const nulInId = await users.GET(makeRequest(`/api/users?page=2&cursor=${cursor("2020-01-01 00:01:00+00", "usr\u0000x")}`, { cookie: admin.cookie }), noParams());
    expect(nulInId.status).toBe(422);
    // The text form PostgreSQL gives (with microseconds and a half-hour offset) and ISO 8601 are read.
    for (const key of ["2020-01-01 00:01:00.123456+00", "2020-01-01T05:31:00+05:30", "2020-01-01T00:01:00Z"]) {
      const page = await userPage(`page=2&pageSize=5&cursor=${cursor(key)}`);
      expect({ key, status: page.status }).toEqual({ key, status: 200 });
    }
  });
});

describe("reviews", () => {
  type ReviewItem = { id: string; verifiedBuyer: boolean; hidden?: boolean };

  it("pages the public reviews newest first, hidden ones neither listed nor counted", async () => {
    const first = await getPage<ReviewItem>(reviews.GET, "/api/reviews?pageSize=20");
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(54);
    expect(first.body.items[0]?.id).toBe("rev_page_059");
    const ids: string[] = first.body.items.map((r) => r.id);
    let cursor = first.body.nextCursor;
    for (let page = 2; cursor; page += 1) {
      const next = await getPage<ReviewItem>(reviews.GET, `/api/reviews?pageSize=20&page=${page}&cursor=${cursor}`);
      ids.push(...next.body.items.map((r) => r.id));
      cursor = next.body.nextCursor;
    }
    expect(ids).toHaveLength(54);
    expect(ids.some((id) => /0$/.test(id))).toBe(false);
    expect(first.body.items.every((r) => r.verifiedBuyer === false)).toBe(true);
  });

  it("gives admins every review with the hidden count, paged", async () => {
    const response = await adminReviews.GET(makeRequest("/api/admin/reviews?pageSize=50", { cookie: admin.cookie }), noParams());
    const body = (await response.json()) as PageBody<ReviewItem> & { hidden: number };
    expect(body.total).toBe(60);
    expect(body.hidden).toBe(6);
    expect(body.pageCount).toBe(2);
    expect(body.items).toHaveLength(50);
  });
});

describe("a product's reviews (GET /api/products/{id}/reviews)", () => {
  type ReviewItem = { id: string; productId: string | null; rating: number };
  type ReviewPage = PageBody<ReviewItem> & { averageRating: number | null };
  const read = async (productId: string, query = "") => {
    const response = await productReviews.GET(makeRequest(`/api/products/${productId}/reviews${query}`), noParams({ id: productId }));
    return { status: response.status, body: (await response.json()) as ReviewPage };
  };

  it("pages every visible review of the tool newest first, with the true total and average, and none of another tool's", async () => {
    const tool = await createProduct({ name: "Reviewed Plane" });
    const other = await createProduct({ name: "Other Plane" });
    const db = await getDb();
    // 30 reviews of the tool by the bulk accounts 1–30, every fifth hidden (6): 24 visible, rated 3 or 5.
    await db.execute(sql`
      insert into review (id, user_id, product_id, text, rating, hidden, created_at, updated_at)
      select 'rev_tool_' || lpad(i::text, 3, '0'), 'usr_page_' || lpad(i::text, 3, '0'), ${tool.id}, 'Planes true, review ' || i,
             case when i % 2 = 0 then 5 else 3 end, i % 5 = 0, timestamptz '2022-01-01' + i * interval '1 minute', now()
      from generate_series(1, 30) as i`);
    await db.execute(sql`
      insert into review (id, user_id, product_id, text, rating, created_at, updated_at)
      values ('rev_other_001', 'usr_page_031', ${other.id}, 'Another tool', 1, now(), now())`);

    const first = await read(tool.id, "?pageSize=10");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 24, pageCount: 3, page: 1, prevCursor: null });
    // 12 visible of each rating: (12 × 5 + 12 × 3) / 24.
    expect(first.body.averageRating).toBe(4);
    expect(first.body.items.map((r) => r.id).slice(0, 3)).toEqual(["rev_tool_029", "rev_tool_028", "rev_tool_027"]);
    const ids = first.body.items.map((r) => r.id);
    const middle = await read(tool.id, `?pageSize=10&page=2&cursor=${first.body.nextCursor}`);
    ids.push(...middle.body.items.map((r) => r.id));
    const last = await read(tool.id, `?pageSize=10&page=3&cursor=${middle.body.nextCursor}`);
    ids.push(...last.body.items.map((r) => r.id));
    expect(last.body.items).toHaveLength(4);
    expect(last.body.nextCursor).toBeNull();
    expect(new Set(ids).size).toBe(24);
    expect(ids.some((id) => /(0|5)$/.test(id))).toBe(false);
    expect(ids).toContain("rev_tool_001");
    // Back from the last page to the middle one through its cursor.
    const back = await read(tool.id, `?pageSize=10&page=2&cursor=${last.body.prevCursor}`);
    expect(back.body.items.map((r) => r.id)).toEqual(middle.body.items.map((r) => r.id));

    const single = await read(other.id);
    expect(single.body).toMatchObject({ total: 1, averageRating: 1 });
    expect(single.body.items.map((r) => r.id)).toEqual(["rev_other_001"]);
  });

  it("answers a tool without reviews with none, and a tool not on sale or unknown with 404", async () => {
    const fresh = await createProduct({ name: "Unreviewed Plane" });
    expect((await read(fresh.id)).body).toMatchObject({ items: [], total: 0, pageCount: 1, averageRating: null });
    const gone = await createProduct({ name: "Gone Plane" });
    await markDeletedForTest(gone.id);
    expect((await read(gone.id)).status).toBe(404);
    expect((await read("prd_nope")).status).toBe(404);
    expect((await read("not an id!")).status).toBe(404);
  });

  it("answers 422 for a page size above 100 and for a tampered cursor", async () => {
    const tool = await createProduct({ name: "Cursor Plane" });
    expect((await read(tool.id, "?pageSize=101")).status).toBe(422);
    expect((await read(tool.id, "?page=2&cursor=garbage")).status).toBe(422);
  });
});

describe("newsletter CSV export", () => {
  it("streams 10,000 subscribers in batches, every row once, oldest first", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into newsletter_subscriber (id, email, created_at, confirmed_at)
      select 'sub_bulk_' || i, 'reader' || lpad(i::text, 5, '0') || '@bulk.test', timestamptz '2022-01-01' + i * interval '1 second', timestamptz '2022-01-02'
      from generate_series(1, 10000) as i`);
    const response = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv", { cookie: admin.cookie }), noParams());
    expect(response.status).toBe(200);
    expect(response.headers.get("content-length")).toBeNull();
    const reader = response.body!.getReader();
    const decoder = new TextDecoder();
    let text = "";
    let chunks = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks += 1;
      text += decoder.decode(value, { stream: true });
    }
    // One chunk for the header and one per 1,000 rows: the list is never built whole.
    expect(chunks).toBeGreaterThanOrEqual(11);
    const lines = text.split("\r\n").filter(Boolean);
    expect(lines[0]).toBe("email,subscribed_at,unsubscribe_url,one_click_unsubscribe_url,signed_up_at");
    const emails = lines.slice(1).map((line) => line.split(",")[0]);
    expect(emails).toHaveLength(10_000);
    expect(new Set(emails).size).toBe(10_000);
    expect(emails[0]).toBe("reader00001@bulk.test");
    expect(emails[9_999]).toBe("reader10000@bulk.test");

    const page = await getPage<{ email: string }>(adminSubscribers.GET, "/api/admin/subscribers?pageSize=100&page=3", admin.cookie);
    expect(page.body.total).toBe(10_000);
    expect(page.body.items[0]?.email).toBe("reader00201@bulk.test");
  });

  it("refuses a customer before reading anything", async () => {
    const response = await adminSubscribers.GET(makeRequest("/api/admin/subscribers?format=csv"), noParams());
    expect(response.status).toBe(401);
  });
});

describe("orders", () => {
  type OrderItem = { id: string; status: string; shipping: string; email: string };
  let buyer: Session;

  // 30 orders of one customer (order 1 the oldest) and 40 of others: a third unpaid, the rest paid and
  // every other paid one shipped.
  beforeAll(async () => {
    buyer = await signUp({ name: "Paging Buyer" });
    const db = await getDb();
    const insert = async (from: number, to: number, userId: string, email: string) => {
      await db.execute(sql`
        insert into orders (id, user_id, subtotal_cents, shipping_cents, total_cents, currency, email, phone, status, shipping, created_at, paid_at)
        select 'ord_page_' || lpad(i::text, 3, '0'), ${userId}, 2499, 0, 2499, 'USD', ${email},
               '+1 555 010 0199', case when i % 3 = 0 then 'unpaid' else 'paid' end, case when i % 3 <> 0 and i % 2 = 0 then 'shipped' else 'pending' end,
               timestamptz '2023-01-01' + i * interval '1 hour', case when i % 3 = 0 then null else timestamptz '2023-01-01' + i * interval '1 hour' end
        from generate_series(${from}::int, ${to}::int) as i`);
      await db.execute(sql`
        insert into order_line (id, order_id, position, product_id, product_name, product_image_url, quantity, unit_price_cents, total_cents)
        select 'oln_page_' || lpad(i::text, 3, '0'), 'ord_page_' || lpad(i::text, 3, '0'), 1, 'prd_claw_hammer_16oz', 'Forged Claw Hammer 16 oz',
               '/images/products/claw-hammer.svg', 1, 2499, 2499
        from generate_series(${from}::int, ${to}::int) as i`);
    };
    await insert(1, 30, buyer.userId, buyer.email);
    await insert(31, 70, "usr_page_003", "pager003@third.test");
  });

  const walk = async (handler: typeof myOrders.GET, query: string, cookie: string): Promise<{ pages: PageBody<OrderItem>[]; items: OrderItem[] }> => {
    const pages: PageBody<OrderItem>[] = [];
    let next: string | null = null;
    do {
      const page = pages.length + 1;
      const { body }: { body: PageBody<OrderItem> } = await getPage<OrderItem>(handler, `${query}&page=${page}${next ? `&cursor=${next}` : ""}`, cookie);
      pages.push(body);
      next = body.nextCursor;
    } while (next);
    return { pages, items: pages.flatMap((p) => p.items) };
  };

  it("pages My Orders newest first with the customer's true total", async () => {
    const { pages, items } = await walk(myOrders.GET, "/api/orders?pageSize=12", buyer.cookie);
    expect(pages.map((p) => [p.page, p.items.length, p.total, p.pageCount])).toEqual([
      [1, 12, 30, 3],
      [2, 12, 30, 3],
      [3, 6, 30, 3],
    ]);
    expect(items.map((o) => o.id)).toEqual(Array.from({ length: 30 }, (_, i) => `ord_page_${String(30 - i).padStart(3, "0")}`));
    expect(items.every((o) => o.email === buyer.email)).toBe(true);
    const tooBig = await myOrders.GET(makeRequest("/api/orders?pageSize=500", { cookie: buyer.cookie }), noParams());
    expect(tooBig.status).toBe(422);
  });

  it("pages Manage Order with filters: every row of the filter once, and the total of the filter", async () => {
    const paidShipped = await walk(adminOrders.GET, "/api/admin/orders?status=paid&shipping=shipped&pageSize=7", admin.cookie);
    const expected = Array.from({ length: 70 }, (_, i) => i + 1).filter((i) => i % 3 !== 0 && i % 2 === 0);
    expect(paidShipped.pages[0]?.total).toBe(expected.length);
    expect(paidShipped.items.map((o) => o.id)).toEqual(expected.reverse().map((i) => `ord_page_${String(i).padStart(3, "0")}`));

    const unpaid = await walk(adminOrders.GET, "/api/admin/orders?status=unpaid&pageSize=10", admin.cookie);
    expect(unpaid.pages[0]?.total).toBe(23);
    expect(unpaid.items).toHaveLength(23);
    expect(unpaid.items.every((o) => o.status === "unpaid")).toBe(true);

    const all = await getPage<OrderItem>(adminOrders.GET, "/api/admin/orders?pageSize=100", admin.cookie);
    expect(all.body.total).toBe(70);

    const byEmail = await walk(adminOrders.GET, "/api/admin/orders?q=R003%40THIRD&status=paid&pageSize=9", admin.cookie);
    expect(byEmail.pages[0]?.total).toBe(27);
    expect(byEmail.items).toHaveLength(27);
    expect(byEmail.items.every((o) => o.email === "pager003@third.test" && o.status === "paid")).toBe(true);
  });

  it("keeps the next page right when an order on the first page is cancelled meanwhile (it stays, cancelled), and the totals follow", async () => {
    const first = await getPage<OrderItem>(myOrders.GET, "/api/orders?pageSize=5", buyer.cookie);
    const victim = first.body.items.find((o) => o.status === "unpaid");
    expect(victim).toBeDefined();
    const cancelled = await orderById.DELETE(makeRequest(`/api/orders/${victim!.id}`, { method: "DELETE", cookie: buyer.cookie }), noParams({ id: victim!.id }));
    expect(cancelled.status).toBe(200);
    const second = await getPage<OrderItem>(myOrders.GET, `/api/orders?pageSize=5&page=2&cursor=${first.body.nextCursor}`, buyer.cookie);
    expect(second.body.items.map((o) => o.id)).toEqual(["ord_page_025", "ord_page_024", "ord_page_023", "ord_page_022", "ord_page_021"]);
    // Orders are never deleted: the cancelled one keeps its place and the customer's total.
    expect(second.body.total).toBe(30);
    const cancelledOnes = await getPage<OrderItem>(adminOrders.GET, "/api/admin/orders?status=cancelled&pageSize=1", admin.cookie);
    expect(cancelledOnes.body.total).toBe(1);
    const unpaid = await getPage<OrderItem>(adminOrders.GET, "/api/admin/orders?status=unpaid&pageSize=1", admin.cookie);
    expect(unpaid.body.total).toBe(22);
  });
});

describe("dashboard pages' page size (readPageQuery)", () => {
  it("shows at most MAX_ROWS_ON_A_PAGE rows whatever the URL asks, and falls back to the default on nonsense", async () => {
    const { MAX_ROWS_ON_A_PAGE, readPageQuery } = await import("@/components/admin/pagination");
    expect(MAX_ROWS_ON_A_PAGE).toBe(50);
    expect(readPageQuery({}, 25)).toEqual({ page: 1, pageSize: 25, cursor: undefined });
    expect(readPageQuery({ pageSize: "100", page: "3" }, 25)).toEqual({ page: 3, pageSize: 50, cursor: undefined });
    expect(readPageQuery({ pageSize: "10" }, 25).pageSize).toBe(10);
    expect(readPageQuery({ spageSize: "80", spage: "2" }, 50, "s")).toEqual({ page: 2, pageSize: 50, cursor: undefined });
    expect(readPageQuery({ pageSize: "1000" }, 25)).toEqual({ page: 1, pageSize: 25, cursor: undefined });
    // Lists of long texts (reviews, contact messages) show fewer.
    expect(readPageQuery({ pageSize: "100" }, 20, "", 25).pageSize).toBe(25);
  });
});

describe("undelivered mail (GET /api/admin/mail)", () => {
  // 230 mails the mail server has not taken (more than the 200 the list used to stop at) among 20 sent ones.
  beforeAll(async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into mail_outbox (id, "to", subject, text, created_at, sent_at, attempts)
      select 'mail_page_' || lpad(i::text, 3, '0'), 'waiting' || i || '@example.test', 'Waiting mail ' || i, 'Body',
             timestamptz '2022-01-01' + i * interval '1 minute', case when i > 230 then now() else null end, case when i <= 5 then 10 else 1 end
      from generate_series(1, 250) as i`);
  });

  type MailItem = { id: string; subject: string; gaveUp: boolean };

  it("pages every undelivered mail newest first with the true total, the ones given up on last", async () => {
    const items: MailItem[] = [];
    let next: string | null = null;
    let page = 0;
    do {
      page += 1;
      const { status, body }: { status: number; body: PageBody<MailItem> } = await getPage<MailItem>(
        adminMail.GET,
        `/api/admin/mail?pageSize=100&page=${page}${next ? `&cursor=${next}` : ""}`,
        admin.cookie,
      );
      expect(status).toBe(200);
      expect(body.total).toBeGreaterThanOrEqual(230);
      items.push(...body.items);
      next = body.nextCursor;
    } while (next);
    const ours = items.filter((mail) => mail.id.startsWith("mail_page_"));
    expect(ours).toHaveLength(230);
    expect(new Set(ours.map((mail) => mail.id)).size).toBe(230);
    expect(ours[0]?.subject).toBe("Waiting mail 230");
    expect(ours.at(-1)).toMatchObject({ subject: "Waiting mail 1", gaveUp: true });
  });

  it("refuses a customer, and a page size above 100", async () => {
    const customer = await signUp({ name: "Mail Peeker" });
    expect((await adminMail.GET(makeRequest("/api/admin/mail", { cookie: customer.cookie }), noParams())).status).toBe(403);
    expect((await adminMail.GET(makeRequest("/api/admin/mail?pageSize=101", { cookie: admin.cookie }), noParams())).status).toBe(422);
  });
});

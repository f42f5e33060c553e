import { jest } from "@jest/globals";
import * as metricsRoute from "@/app/api/metrics/route";
import * as contactRoute from "@/app/api/contact/route";
import * as ordersRoute from "@/app/api/orders/route";
import * as confirmRoute from "@/app/api/orders/[id]/payment/confirm/route";
import { resetEnvForTests } from "@/lib/env";
import { registerGauge } from "@/lib/health/registry";
import { waitForPendingMail } from "@/lib/mail";
import { makeRequest, noParams, signUp, type Session } from "@/tests/fixtures/http";
import { createProduct, TEST_ADDRESS } from "@/tests/fixtures/shop";

const TOKEN = "scrape-token-0123456789abcdef";
const onPostgres = Boolean(process.env.TEST_PG_DATABASE);

function withEnv(changes: Record<string, string | undefined>): void {
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  resetEnvForTests();
}

const scrape = (authorization?: string) =>
  metricsRoute.GET(makeRequest("/api/metrics", { headers: authorization ? { authorization } : {} }), noParams());

async function metricsText(): Promise<string> {
  const response = await scrape(`Bearer ${TOKEN}`);
  expect(response.status).toBe(200);
  return response.text();
}

/** The value of one sample in Prometheus text format, or undefined when it is not there. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels);
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (wanted.every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

let customer: Session;
beforeAll(async () => {
  customer = await signUp({ name: "Metric Buyer" });
});

afterEach(() => withEnv({ METRICS_TOKEN: undefined, SMTP_URL: undefined }));

describe("GET /api/metrics access", () => {
  it("does not exist while METRICS_TOKEN is unset", async () => {
    withEnv({ METRICS_TOKEN: undefined });
    expect((await scrape(`Bearer ${TOKEN}`)).status).toBe(404);
  });

  it("refuses a scrape without the token or with a wrong one", async () => {
    withEnv({ METRICS_TOKEN: TOKEN });
    expect((await scrape()).status).toBe(401);
    expect((await scrape("Bearer not-the-token-at-all")).status).toBe(401);
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString("base64")}`)).status).toBe(401);
    const body = (await (await scrape()).json()) as { error: { code: string } };
    expect(body.error.code).toBe("unauthenticated");
  });

  it("answers Prometheus text with the right bearer token", async () => {
    withEnv({ METRICS_TOKEN: TOKEN });
    const response = await scrape(`Bearer ${TOKEN}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = await response.text();
    for (const name of [
      "toolforge_database_up",
      "toolforge_orders",
      "toolforge_orders_placed_total",
      "toolforge_orders_paid_total",
      "toolforge_orders_refunded_total",
      "toolforge_payment_failures_total",
      "toolforge_mail_undelivered",
      "toolforge_db_pool_connections",
      "process_cpu_user_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(text).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, "toolforge_database_up")).toBe(1);
  });
});

describe("what the metrics count", () => {
  beforeEach(() => withEnv({ METRICS_TOKEN: TOKEN }));

  it("counts orders placed and paid, and declined payments", async () => {
    const before = await metricsText();
    const product = await createProduct({ priceCents: 1000, stock: 20 });
    const placed = await ordersRoute.POST(
      makeRequest("/api/orders", { method: "POST", json: { productId: product.id, quantity: 2, phone: "+1 555 010 0100", shippingAddress: TEST_ADDRESS }, cookie: customer.cookie }),
      noParams(),
    );
    expect(placed.status).toBe(201);
    const { id } = (await placed.json()) as { id: string };
    const year = new Date().getUTCFullYear() + 1;
    const pay = (number: string) =>
      confirmRoute.POST(
        makeRequest(`/api/orders/${id}/payment/confirm`, {
          method: "POST",
          json: { card: { number, expMonth: 12, expYear: year, cvc: "123" } },
          cookie: customer.cookie,
        }),
        noParams({ id }),
      );
    expect((await pay("4000000000009995")).status).toBe(402);
    expect((await pay("4242424242424242")).status).toBe(200);

    const after = await metricsText();
    const delta = (name: string, labels?: Record<string, string>) => (sample(after, name, labels) ?? 0) - (sample(before, name, labels) ?? 0);
    expect(delta("toolforge_orders_placed_total")).toBe(1);
    expect(delta("toolforge_orders_paid_total")).toBe(1);
    expect(delta("toolforge_orders", { status: "paid" })).toBe(1);
    expect(delta("toolforge_payment_failures_total", { provider: "test", reason: "insufficient_funds" })).toBe(1);
    expect(sample(after, "toolforge_orders_refunded_total")).toBe(0);
  });

  it("shows mail that could not be delivered over SMTP", async () => {
    // Nothing listens on port 1: every delivery fails and stays in the outbox.
    withEnv({ METRICS_TOKEN: TOKEN, SMTP_URL: "smtp://127.0.0.1:1" });
    const warnings = jest.spyOn(console, "log").mockImplementation(() => undefined);
    const before = sample(await metricsText(), "toolforge_mail_undelivered", { state: "failed" }) ?? 0;
    const sent = await contactRoute.POST(
      makeRequest("/api/contact", {
        method: "POST",
        json: { name: "Pat", email: "pat@workshop.test", company: "Pat's Joinery", country: "Ireland", message: "Do you sell to trade?" },
      }),
      noParams(),
    );
    expect(sent.status).toBe(201);
    await waitForPendingMail();
    warnings.mockRestore();
    expect(sample(await metricsText(), "toolforge_mail_undelivered", { state: "failed" })).toBe(before + 1);
  });

  it("reports this instance's database pool", async () => {
    const text = await metricsText();
    if (onPostgres) {
      expect(sample(text, "toolforge_db_pool_max")).toBe(10);
      expect(sample(text, "toolforge_db_pool_connections", { state: "total" })).toBeGreaterThanOrEqual(1);
      expect(sample(text, "toolforge_db_pool_connections", { state: "waiting" })).toBe(0);
    } else {
      // PGlite is one in-process connection.
      expect(sample(text, "toolforge_db_pool_max")).toBe(1);
      expect(sample(text, "toolforge_db_pool_connections", { state: "total" })).toBe(1);
    }
  });

  it("exposes gauges other parts register, such as the job queue's depth", async () => {
    let depth = 4;
    registerGauge({ name: "toolforge_job_queue_depth", help: "Jobs waiting, per queue.", label: "queue", read: () => ({ mail: depth, "order-expiry": 1 }) });
    expect(sample(await metricsText(), "toolforge_job_queue_depth", { queue: "mail" })).toBe(4);
    depth = 0;
    const text = await metricsText();
    expect(sample(text, "toolforge_job_queue_depth", { queue: "mail" })).toBe(0);
    expect(sample(text, "toolforge_job_queue_depth", { queue: "order-expiry" })).toBe(1);
  });
});

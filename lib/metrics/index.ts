import "server-only";
import { createHash, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import { collectDefaultMetrics, Counter, Gauge, register, type Metric } from "prom-client";
import { getDatabase } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { findRegisteredGauge, registeredGauges, type GaugeReading } from "@/lib/health/registry";
import { log } from "@/lib/log";
import { mailOutbox, order } from "@/models/schema";

/**
 * Prometheus metrics on prom-client's default registry, which other parts of the shop (the HTTP
 * server's request counters and latency histograms, the rate limiter) add to as well; /api/metrics
 * renders all of it (ADR 023).
 *
 * Figures read from the database at scrape time (orders, undelivered mail) are the same on every
 * instance: aggregate them with max(), not sum(). Pool use, payment failures and the process
 * metrics are this instance's own: sum them.
 */

// The collect callbacks of one scrape share one round of database reads (renderMetrics starts a
// fresh one; another caller of register.metrics() gets figures at most a second old).
const FIGURES_TTL_MS = 1_000;

type DatabaseFigures = {
  ordersByStatus: { status: string; count: number; paid: number }[];
  mailPending: number;
  mailFailed: number;
};

// On globalThis: Next evaluates this module once per chunk, and the collect callbacks belong to
// whichever evaluation registered the metrics first.
const store = globalThis as unknown as { __toolforgeMetricsMemo?: { at: number; figures: Promise<DatabaseFigures> | null } };
store.__toolforgeMetricsMemo ??= { at: 0, figures: null };
const memo = store.__toolforgeMetricsMemo;

async function readDatabaseFigures(): Promise<DatabaseFigures> {
  const { db } = await getDatabase();
  const ordersByStatus = await db
    .select({ status: order.status, count: sql<number>`count(*)::int`, paid: sql<number>`count(${order.paidAt})::int` })
    .from(order)
    .groupBy(order.status);
  const [mail] = await db
    .select({
      pending: sql<number>`(count(*) filter (where ${mailOutbox.error} is null))::int`,
      failed: sql<number>`(count(*) filter (where ${mailOutbox.error} is not null))::int`,
    })
    .from(mailOutbox)
    .where(sql`${mailOutbox.sentAt} is null`);
  return { ordersByStatus, mailPending: mail?.pending ?? 0, mailFailed: mail?.failed ?? 0 };
}

function databaseFigures(): Promise<DatabaseFigures> {
  const now = Date.now();
  if (!memo.figures || now - memo.at > FIGURES_TTL_MS) {
    memo.at = now;
    memo.figures = readDatabaseFigures();
    // A failed read is not kept: the next scrape tries again.
    memo.figures.catch(() => {
      memo.figures = null;
    });
  }
  return memo.figures;
}

/** Runs a collect step; on failure the metric shows no samples for this scrape instead of failing it. */
async function collectSafely(metric: { reset: () => void }, name: string, step: () => Promise<void>): Promise<void> {
  try {
    await step();
  } catch (error) {
    metric.reset();
    log("warn", "metric could not be collected", { metric: name, error: error instanceof Error ? error.message : String(error) });
  }
}

// Next evaluates this module more than once per process; a metric is registered once and reused.
function once<T extends Metric>(name: string, create: () => T): T {
  return (register.getSingleMetric(name) as T | undefined) ?? create();
}

function setCounter(counter: Counter, value: number): void {
  counter.reset();
  counter.inc(value);
}

function ordersTotal(name: string, help: string, pick: (figures: DatabaseFigures) => number): Counter {
  return once(name, () => {
    const counter: Counter = new Counter({
      name,
      help,
      async collect() {
        await collectSafely(counter, name, async () => setCounter(counter, pick(await databaseFigures())));
      },
    });
    return counter;
  });
}

function registerShopMetrics(): void {
  // Process CPU, memory, event-loop lag, heap and GC of this instance, under their standard names.
  if (!register.getSingleMetric("process_cpu_user_seconds_total")) collectDefaultMetrics();

  once("toolforge_database_up", () => {
    const gauge: Gauge = new Gauge({
      name: "toolforge_database_up",
      help: "1 when this instance's database answered the metrics queries, 0 when it did not.",
      async collect() {
        try {
          await databaseFigures();
          gauge.set(1);
        } catch {
          gauge.set(0);
        }
      },
    });
    return gauge;
  });

  once("toolforge_db_pool_connections", () => {
    const gauge: Gauge = new Gauge({
      name: "toolforge_db_pool_connections",
      help: "Connections of this instance's database pool: total open, idle, and requests waiting for one (idle and waiting on PostgreSQL only; PGlite is one in-process connection).",
      labelNames: ["state"],
      async collect() {
        await collectSafely(gauge, "toolforge_db_pool_connections", async () => {
          const stats = (await getDatabase()).poolStats();
          gauge.reset();
          gauge.set({ state: "total" }, stats.total);
          if (stats.idle !== null) gauge.set({ state: "idle" }, stats.idle);
          if (stats.waiting !== null) gauge.set({ state: "waiting" }, stats.waiting);
        });
      },
    });
    return gauge;
  });

  once("toolforge_db_pool_max", () => {
    const gauge: Gauge = new Gauge({
      name: "toolforge_db_pool_max",
      help: "Largest number of connections this instance's database pool opens.",
      async collect() {
        await collectSafely(gauge, "toolforge_db_pool_max", async () => gauge.set((await getDatabase()).poolStats().max));
      },
    });
    return gauge;
  });

  once("toolforge_orders", () => {
    const gauge: Gauge = new Gauge({
      name: "toolforge_orders",
      help: "Orders in the database by current status (unpaid, paid, cancelled, expired, refunded).",
      labelNames: ["status"],
      async collect() {
        await collectSafely(gauge, "toolforge_orders", async () => {
          const figures = await databaseFigures();
          gauge.reset();
          for (const row of figures.ordersByStatus) gauge.set({ status: row.status }, row.count);
        });
      },
    });
    return gauge;
  });

  const sum = (rows: DatabaseFigures["ordersByStatus"], pick: (row: DatabaseFigures["ordersByStatus"][number]) => number) =>
    rows.reduce((total, row) => total + pick(row), 0);
  ordersTotal("toolforge_orders_placed_total", "Orders ever placed (orders are never deleted).", (f) => sum(f.ordersByStatus, (r) => r.count));
  ordersTotal("toolforge_orders_paid_total", "Orders ever paid, whatever happened to them afterwards.", (f) => sum(f.ordersByStatus, (r) => r.paid));
  ordersTotal("toolforge_orders_refunded_total", "Orders refunded.", (f) =>
    sum(f.ordersByStatus.filter((r) => r.status === "refunded"), (r) => r.count),
  );

  once("toolforge_payment_failures_total", () => new Counter({
    name: "toolforge_payment_failures_total",
    help: "Payments declined or failed at the processor, seen by this instance, by provider and reason.",
    labelNames: ["provider", "reason"],
  }));

  once("toolforge_mail_undelivered", () => {
    const gauge: Gauge = new Gauge({
      name: "toolforge_mail_undelivered",
      help: "Outgoing mail not delivered over SMTP: pending (not tried yet or being retried) and failed (the last try failed). 0 while SMTP_URL is unset (the outbox is the destination).",
      labelNames: ["state"],
      async collect() {
        await collectSafely(gauge, "toolforge_mail_undelivered", async () => {
          const smtp = Boolean(getEnv().SMTP_URL);
          const figures = smtp ? await databaseFigures() : null;
          gauge.set({ state: "pending" }, figures?.mailPending ?? 0);
          gauge.set({ state: "failed" }, figures?.mailFailed ?? 0);
        });
      },
    });
    return gauge;
  });
}

/** Gauges other parts of the shop registered in lib/health/registry.ts (e.g. the job queue's depth). */
function registerComponentGauges(): void {
  for (const spec of registeredGauges()) {
    once(spec.name, () => {
      const gauge: Gauge = new Gauge({
        name: spec.name,
        help: spec.help,
        labelNames: spec.label ? [spec.label] : [],
        async collect() {
          await collectSafely(gauge, spec.name, async () => {
            // The latest registration's reader: a component may register again after a restart of its own.
            const current = findRegisteredGauge(spec.name) ?? spec;
            const reading: GaugeReading = await current.read();
            gauge.reset();
            if (typeof reading === "number") gauge.set(reading);
            else for (const [value, n] of Object.entries(reading)) gauge.set({ [current.label ?? "name"]: value }, n);
          });
        },
      });
      return gauge;
    });
  }
}

/** Counts a declined or failed payment (the processor's reason, e.g. insufficient_funds). */
export function recordPaymentFailure(provider: "test" | "stripe", reason: string): void {
  registerShopMetrics();
  const counter = register.getSingleMetric("toolforge_payment_failures_total") as Counter | undefined;
  counter?.inc({ provider, reason });
}

/** Refuses a scrape without the configured token; with no token configured the endpoint does not exist. */
export function requireMetricsToken(authorization: string | null): void {
  const expected = getEnv().METRICS_TOKEN;
  if (!expected) throw new AppError("not_found", "Not found.");
  const given = /^Bearer\s+(.+)$/i.exec(authorization ?? "")?.[1]?.trim() ?? "";
  // Compared as digests: equal lengths for timingSafeEqual, and no early exit on the first wrong byte.
  const digest = (value: string) => createHash("sha256").update(value).digest();
  if (!given || !timingSafeEqual(digest(given), digest(expected))) {
    throw new AppError("unauthenticated", "Send the metrics token as Authorization: Bearer <METRICS_TOKEN>.");
  }
}

/** Everything registered, in Prometheus text format. */
export async function renderMetrics(): Promise<{ body: string; contentType: string }> {
  // Each scrape reads the database afresh; its collect callbacks then share that one read.
  memo.figures = null;
  registerShopMetrics();
  registerComponentGauges();
  return { body: await register.metrics(), contentType: register.contentType };
}

import { jest } from "@jest/globals";
import { sql } from "drizzle-orm";
import * as healthRoute from "@/app/api/health/route";
import * as liveRoute from "@/app/api/health/live/route";
import * as readyRoute from "@/app/api/health/ready/route";
import { getDb } from "@/lib/db/client";
import { registerReadinessCheck, unregisterReadinessCheck } from "@/lib/health/registry";
import { makeRequest, noParams } from "@/tests/fixtures/http";

type Readiness = { ready: boolean; checks: Record<string, { ok: boolean; detail?: string }> };

const live = () => liveRoute.GET(makeRequest("/api/health/live"), noParams());
const ready = () => readyRoute.GET(makeRequest("/api/health/ready"), noParams());

// A running shop has opened its database before the first request (instrumentation); so does this test.
beforeAll(async () => {
  await getDb();
});

describe("health endpoints on a working shop", () => {
  it("is live and ready, and /api/health answers as before", async () => {
    const liveness = await live();
    expect(liveness.status).toBe(200);
    expect(await liveness.json()).toEqual({ ok: true });

    const readiness = await ready();
    expect(readiness.status).toBe(200);
    expect(readiness.headers.get("cache-control")).toBe("no-store");
    expect(await readiness.json()).toEqual({ ready: true, checks: { database: { ok: true }, migrations: { ok: true } } });

    const health = await healthRoute.GET(makeRequest("/api/health"), noParams());
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ ok: true, database: "up" });
  });

  it("is not ready while a registered component (the job worker) is not running", async () => {
    let running = false;
    registerReadinessCheck("jobs", () => ({ ok: running, detail: running ? undefined : "The job worker is stopped." }));
    try {
      const stopped = await ready();
      expect(stopped.status).toBe(503);
      const body = (await stopped.json()) as Readiness;
      expect(body.ready).toBe(false);
      expect(body.checks.jobs).toEqual({ ok: false, detail: "The job worker is stopped." });
      expect(body.checks.database).toEqual({ ok: true });

      running = true;
      expect((await ready()).status).toBe(200);
      expect((await live()).status).toBe(200);
    } finally {
      unregisterReadinessCheck("jobs");
    }
  });

  it("is not ready when the database lacks a migration this build ships", async () => {
    const db = await getDb();
    // As if the newest migration had not been applied yet (a release whose `npm run migrate` was skipped).
    const deleted = (await db.execute(
      sql`delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations) returning id, hash, created_at`,
    )) as unknown as { rows: { id: number; hash: string; created_at: string }[] };
    const [newest] = deleted.rows;
    try {
      const response = await ready();
      expect(response.status).toBe(503);
      const body = (await response.json()) as Readiness;
      expect(body.checks.migrations?.ok).toBe(false);
      expect(body.checks.migrations?.detail).toMatch(/not applied .*npm run migrate/);
      expect((await live()).status).toBe(200);
    } finally {
      if (newest) {
        await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${newest.id}, ${newest.hash}, ${newest.created_at})`);
      }
    }
    expect((await ready()).status).toBe(200);
  });
});

// PostgreSQL only: PGlite lives inside this process and cannot be taken away from it.
const describeOnPostgres = process.env.TEST_PG_DATABASE ? describe : describe.skip;

describeOnPostgres("readiness when PostgreSQL stops accepting this shop's connections", () => {
  async function onServer(statement: string): Promise<void> {
    const { Client } = await import("pg");
    const client = new Client({ connectionString: process.env.TEST_PG_SERVER_URL });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  }

  it("turns not ready while the database refuses connections, and ready again after", async () => {
    const name = process.env.TEST_PG_DATABASE ?? "";
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    const warnings = jest.spyOn(console, "log").mockImplementation(() => undefined);
    try {
      await onServer(`alter database "${name}" with allow_connections false`);
      await onServer(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}'`);
      const down = await ready();
      expect(down.status).toBe(503);
      expect(((await down.json()) as Readiness).checks.database).toEqual({ ok: false, detail: "The database does not answer." });
      expect((await live()).status).toBe(200);
    } finally {
      await onServer(`alter database "${name}" with allow_connections true`);
      errors.mockRestore();
      warnings.mockRestore();
    }
    expect((await ready()).status).toBe(200);
  });
});

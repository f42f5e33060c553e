import { sql } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { PGLITE_COMFORT_LIMITS, warnWhenPgliteOutgrown } from "@/lib/db/pglite-size";
import { captureLogs } from "@/tests/fixtures/logs";

// `npm start` on PGlite (lib/startup.ts) warns once the data passes the size measured to hold requests
// up (README "Scale"). The same rule reads the same counters on PostgreSQL, so the file runs on both.
describe("PGlite size warning at start-up", () => {
  it("stays quiet on a small shop", async () => {
    const logs = captureLogs("warn");
    try {
      const size = await warnWhenPgliteOutgrown(await getDb());
      expect(size.accounts).toBeLessThan(PGLITE_COMFORT_LIMITS.accounts);
    } finally {
      logs.restore();
    }
    expect(logs.lines).toEqual([]);
  });

  it("warns, naming PostgreSQL and the sizes, once there are more accounts than the measured limit", async () => {
    const db = await getDb();
    await db.execute(sql`
      insert into "user" (id, name, email)
      select 'usr_size_' || i, 'Size ' || i, 'size' || i || '@many.test' from generate_series(1, ${PGLITE_COMFORT_LIMITS.accounts + 1}::int) as i`);
    const logs = captureLogs("warn");
    try {
      await warnWhenPgliteOutgrown(db);
    } finally {
      logs.restore();
    }
    expect(logs.lines).toHaveLength(1);
    expect(logs.lines[0]).toMatchObject({ level: "warn", limits: PGLITE_COMFORT_LIMITS });
    expect(logs.lines[0]?.msg).toMatch(/more accounts than it serves .* move this shop to PostgreSQL with "npm run move-to-postgres"/);
    expect(Number(logs.lines[0]?.accounts)).toBeGreaterThan(PGLITE_COMFORT_LIMITS.accounts);
  });
});

// Applying the migrations in drizzle/ from an operator command (npm run migrate, npm run move-to-postgres).
import { MIGRATION_LOCK_KEY, migrationsFolder } from "./config.mjs";

const COUNT = "select count(*)::int as n from drizzle.__drizzle_migrations";

/** How many migrations a database has applied (0 when it has never been migrated). */
export async function countApplied(query) {
  try {
    return (await query(COUNT)).rows[0].n;
  } catch (error) {
    // 42P01 / 3F000: no bookkeeping table yet, so nothing was ever applied.
    if (error.code === "42P01" || error.code === "3F000") return 0;
    throw error;
  }
}

/** Migrates a PostgreSQL database under the shop's migration lock; answers how many were applied. */
export async function migratePostgres(databaseUrl) {
  const { default: pg } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  // Bounded: a host that drops packets would otherwise hold the command for the kernel's connect timeout.
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    const before = await countApplied((text) => client.query(text));
    await migrate(drizzle(client), { migrationsFolder });
    return (await countApplied((text) => client.query(text))) - before;
  } finally {
    await client.end();
  }
}

import "server-only";
import path from "node:path";
import type { Db } from "./client";

const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

// Any constant works: it only has to be the same for every instance of the shop.
const MIGRATION_LOCK_KEY = 727_001;

export async function migratePglite(db: Db): Promise<void> {
  const { migrate } = await import("drizzle-orm/pglite/migrator");
  await migrate(db as unknown as Parameters<typeof migrate>[0], { migrationsFolder });
}

/**
 * Several app instances may start together on one PostgreSQL and drizzle's migrator takes no lock of
 * its own, so the run holds an advisory lock on one dedicated connection (locks are per connection).
 */
export async function migratePostgres(url: string): Promise<void> {
  const { Client } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const { migrate } = await import("drizzle-orm/node-postgres/migrator");
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

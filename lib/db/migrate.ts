import "server-only";
import fs from "node:fs";
import path from "node:path";
import { bigint, pgSchema, serial, text } from "drizzle-orm/pg-core";
import { max } from "drizzle-orm";
import type { Db } from "./client";

export const migrationsFolder = path.join(/*turbopackIgnore: true*/ process.cwd(), "drizzle");

// Any constant works: it only has to be the same for every instance of the shop, and for
// `npm run migrate` (scripts/migrate.mjs), which takes the same lock.
export const MIGRATION_LOCK_KEY = 727_001;

// drizzle's own bookkeeping table, read (never written) here to tell whether migrations are pending.
// Declared outside models/ so that drizzle-kit never generates a migration for it.
const drizzleMigrations = pgSchema("drizzle").table("__drizzle_migrations", {
  id: serial("id").primaryKey(),
  hash: text("hash").notNull(),
  createdAt: bigint("created_at", { mode: "number" }),
});

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
  // A host that drops packets would otherwise hold the start for the kernel's connect timeout (minutes).
  const client = new Client({ connectionString: url, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK_KEY]);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.end();
  }
}

type JournalEntry = { tag: string; when: number };

const journalStore = globalThis as unknown as { __toolforgeJournal?: JournalEntry[] };

/** The migrations this build ships (drizzle/meta/_journal.json), read once per process. */
function shippedMigrations(): JournalEntry[] {
  journalStore.__toolforgeJournal ??= (
    JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] }
  ).entries;
  return journalStore.__toolforgeJournal;
}

/** The SQLSTATE of a database error, whether drizzle wrapped it (as `cause`) or not. */
function sqlState(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === "object" && current !== null; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === "string") return code;
    current = cause;
  }
  return undefined;
}

/**
 * Tags of the shipped migrations the database has not applied. drizzle's migrator decides the same
 * way: a migration is applied when its journal timestamp is not after the newest recorded one.
 */
export async function findPendingMigrations(db: Db): Promise<string[]> {
  let newestApplied = -1;
  try {
    const [row] = await db.select({ newest: max(drizzleMigrations.createdAt) }).from(drizzleMigrations);
    newestApplied = Number(row?.newest ?? -1);
  } catch (error) {
    // No bookkeeping table (42P01) or schema (3F000) yet: nothing was ever migrated. Anything else
    // (the database is down) is a real failure.
    if (!["42P01", "3F000"].includes(sqlState(error) ?? "")) throw error;
  }
  return shippedMigrations()
    .filter((entry) => entry.when > newestApplied)
    .map((entry) => entry.tag);
}

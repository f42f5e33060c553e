import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/models/schema";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { migratePglite, migratePostgres } from "./migrate";
import { pgliteOptions } from "./pglite-options.mjs";
import { seedCatalog } from "./seed";

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

type Handle = { db: Db; engine: "pglite" | "postgres"; close: () => Promise<void> };

// Next evaluates a module several times per process (instrumentation, route and SSR chunks):
// keep the one handle on globalThis so PGlite's data directory is opened exactly once.
const store = globalThis as unknown as { __toolforgeDb?: Promise<Handle> };

async function openPglite(dataDir: string | null): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  let client: InstanceType<typeof PGlite>;
  // Under jest every test file starts from one database migrated once per run (tests/setup/global-setup.mjs).
  const template = process.env.NODE_ENV === "test" ? process.env.TEST_PGLITE_TEMPLATE : undefined;
  if (template) {
    client = new PGlite(pgliteOptions({ loadDataDir: new Blob([fs.readFileSync(template)]) }));
  } else if (dataDir === null) {
    client = new PGlite(pgliteOptions());
  } else {
    const dir = path.join(dataDir, "pglite");
    fs.mkdirSync(dir, { recursive: true });
    client = new PGlite(pgliteOptions({ dataDir: dir }));
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  await migratePglite(db);
  return { db, engine: "pglite", close: () => client.close() };
}

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  await migratePostgres(url);
  const pool = new Pool({ connectionString: url, max: 10 });
  // An idle client whose server connection drops (restart, failover) emits an error on the pool;
  // without a listener that would crash the process. The pool replaces the client on next use.
  pool.on("error", (error) => log("warn", "idle database connection lost", { error: error.message }));
  const db = drizzle(pool, { schema }) as unknown as Db;
  return { db, engine: "postgres", close: () => pool.end() };
}

async function open(): Promise<Handle> {
  const env = getEnv();
  // `next build` prerenders pages in worker processes: they must never share the data
  // directory of a running shop, so the build reads from a private in-memory database.
  const building = process.env.NEXT_PHASE === "phase-production-build";
  const handle = env.DATABASE_URL && !building
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(building ? null : env.dataDir);
  if (env.SEED_CATALOG) await seedCatalog(handle.db);
  return handle;
}

/** The migrated database of this process, opened on first use. */
export function getDatabase(): Promise<Handle> {
  if (!store.__toolforgeDb) {
    store.__toolforgeDb = open().catch((error: unknown) => {
      store.__toolforgeDb = undefined;
      throw error;
    });
  }
  return store.__toolforgeDb;
}

export async function getDb(): Promise<Db> {
  return (await getDatabase()).db;
}

export async function closeDb(): Promise<void> {
  const pending = store.__toolforgeDb;
  store.__toolforgeDb = undefined;
  if (pending) await (await pending).close();
}

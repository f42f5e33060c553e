import "server-only";
import fs from "node:fs";
import path from "node:path";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import * as schema from "@/models/schema";
import { CHANGE_CHANNEL, dropAllCaches, flushNotices, receiveNotice, setNoticeSender } from "@/lib/changes";
import { ChangeListener } from "@/lib/changes/listener";
import { getEnv } from "@/lib/env";
import { log } from "@/lib/log";
import { claimDataDir, type OutboxEntry } from "./data-dir-lock";
import { migratePglite, migratePostgres } from "./migrate";
import { pgliteOptions } from "./pglite-options.mjs";
import { seedCatalog } from "./seed";

export type Schema = typeof schema;
/** The one database type the services see, whichever engine is underneath. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** Connections of this process's database pool. PGlite is one in-process connection: total and max 1. */
export type PoolStats = { total: number; max: number; idle: number | null; waiting: number | null };

const PGLITE_POOL: PoolStats = { total: 1, max: 1, idle: null, waiting: null };

type Handle = {
  db: Db;
  engine: "pglite" | "postgres";
  poolStats: () => PoolStats;
  close: () => Promise<void>;
};

// Next evaluates a module several times per process (instrumentation, route and SSR chunks):
// keep the one handle on globalThis so PGlite's data directory is opened exactly once.
const store = globalThis as unknown as { __toolforgeDb?: Promise<Handle> };

type PGliteClient = InstanceType<typeof import("@electric-sql/pglite").PGlite>;

/**
 * A gzipped tarball of the data directory, taken at a transaction boundary (no transaction can be
 * open while we hold PGlite's transaction lock) right after a checkpoint, so it restores without
 * recovery. PGlite's own dumpDataDir does the copying.
 */
async function snapshotPglite(client: PGliteClient): Promise<Uint8Array> {
  let tarball: Blob | undefined;
  await client.transaction(async (tx) => {
    await tx.exec("checkpoint");
    tarball = await client.dumpDataDir("gzip");
  });
  if (!tarball) throw new Error("PGlite returned no snapshot");
  return new Uint8Array(await tarball.arrayBuffer());
}

/** The newest mail in the outbox, for `npm run outbox` on a shop without SMTP (lib/db/data-dir-lock.ts). */
async function readOutbox(client: PGliteClient, limit: number): Promise<OutboxEntry[]> {
  const { rows } = await client.query<{ to: string; subject: string; text: string; created_at: Date }>(
    'select "to", subject, text, created_at from mail_outbox order by created_at desc, id desc limit $1',
    [limit],
  );
  return rows.map((row) => ({ to: row.to, subject: row.subject, text: row.text, createdAt: new Date(row.created_at).toISOString() }));
}

async function openPglite(dataDir: string | null): Promise<Handle> {
  const { PGlite } = await import("@electric-sql/pglite");
  const { drizzle } = await import("drizzle-orm/pglite");
  // Under jest every test file starts from one database migrated once per run (tests/setup/global-setup.mjs).
  const template = process.env.NODE_ENV === "test" ? process.env.TEST_PGLITE_TEMPLATE : undefined;
  if (template || dataDir === null) {
    const client = new PGlite(pgliteOptions(template ? { loadDataDir: new Blob([fs.readFileSync(template)]) } : {}));
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    await migratePglite(db);
    return { db, engine: "pglite", poolStats: () => PGLITE_POOL, close: () => client.close() };
  }
  const dir = path.join(dataDir, "pglite");
  fs.mkdirSync(dir, { recursive: true });
  let client: PGliteClient | undefined;
  const claim = await claimDataDir(dataDir, {
    backup: () => (client ? snapshotPglite(client) : Promise.reject(new Error("the database is still opening"))),
    outbox: (limit) => (client ? readOutbox(client, limit) : Promise.reject(new Error("the database is still opening"))),
  });
  try {
    client = new PGlite(pgliteOptions({ dataDir: dir }));
    await client.waitReady;
    const db = drizzle(client, { schema }) as unknown as Db;
    await migratePglite(db);
    const opened = client;
    return {
      db,
      engine: "pglite",
      poolStats: () => PGLITE_POOL,
      close: async () => {
        await opened.close();
        await claim.release();
      },
    };
  } catch (error) {
    await client?.close().catch(() => undefined);
    await claim.release();
    throw error;
  }
}

const POOL_MAX = 10;
/**
 * Bounds on waiting, so that a database out of reach or a stuck lock gives a quick 503 (lib/http.ts)
 * instead of requests piling up until nginx gives up: 5 s for a free connection, 30 s for a statement
 * (no request of the shop runs near that; migrations and backups use their own connections), and a
 * minute for a transaction left idle.
 */
const POOL_LIMITS = { connectionTimeoutMillis: 5_000, statement_timeout: 30_000, idle_in_transaction_session_timeout: 60_000 };

async function openPostgres(url: string): Promise<Handle> {
  const { Pool } = await import("pg");
  const { drizzle } = await import("drizzle-orm/node-postgres");
  await migratePostgres(url);
  const pool = new Pool({ connectionString: url, max: POOL_MAX, ...POOL_LIMITS });
  // pg-pool listens for a client's errors only while it is idle: a FATAL on a lent one (a restart,
  // idle_in_transaction_session_timeout) would be an unhandled 'error' and crash the process.
  pool.on("connect", (client) => client.on("error", (error) => log("warn", "database connection lost", { error: error.message })));
  // The pool passes an idle client's error on to itself, where it would crash the process too; the
  // listener above has logged it already. The pool replaces the client on next use.
  pool.on("error", () => undefined);
  const db = drizzle(pool, { schema }) as unknown as Db;
  // Other instances share this database: hear their changes, and tell them ours (lib/changes).
  const listener = new ChangeListener({ url, onNotice: receiveNotice, onReconnect: dropAllCaches });
  await listener.start();
  setNoticeSender(async (payload) => {
    await pool.query("select pg_notify($1, $2)", [CHANGE_CHANNEL, payload]);
  });
  return {
    db,
    engine: "postgres",
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max: POOL_MAX }),
    close: async () => {
      setNoticeSender(undefined);
      await flushNotices();
      await listener.stop();
      await pool.end();
    },
  };
}

async function open(): Promise<Handle> {
  const env = getEnv();
  // `next build` prerenders pages in worker processes: they must never share the data
  // directory of a running shop, so the build reads from a private in-memory database.
  const building = process.env.NEXT_PHASE === "phase-production-build";
  const handle = env.DATABASE_URL && !building
    ? await openPostgres(env.DATABASE_URL)
    : await openPglite(building ? null : env.dataDir);
  try {
    if (env.SEED_CATALOG) await seedCatalog(handle.db);
  } catch (error) {
    await handle.close().catch(() => undefined);
    throw error;
  }
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

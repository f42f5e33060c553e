// `npm run migrate`: applies the migrations in drizzle/ that the database has not applied yet, once.
// On PostgreSQL it holds the same advisory lock as the shop's own start-up migration, so any number
// of these and of starting instances may run at once: one applies, the others find nothing to do.
// The embedded database is migrated only while no shop has it open (the shop migrates it at start).
import { fail, loadShopConfig, migrationsFolder } from "./ops/config.mjs";
import { countApplied, migratePostgres } from "./ops/migrations.mjs";
import { askOwner, claimDataDir } from "./ops/pglite-dir.mjs";
import { hasPgliteDatabase, openPglite } from "./ops/pglite-snapshot.mjs";

async function migratePglite(dataDir) {
  const owner = await askOwner(dataDir, "status", 2_000);
  if (owner) {
    throw new Error(
      `a shop (pid ${owner.header.pid ?? "unknown"}) has the embedded database in ${dataDir} open; it applied its migrations when it ` +
        "started. Stop it and run this again, or restart it to apply new ones.",
    );
  }
  // A mistyped DATA_DIR would otherwise get a new, empty database and a "✓". A new shop needs no
  // migrate (it creates its database when it first starts); --create makes one on purpose.
  if (!hasPgliteDatabase(dataDir) && !process.argv.includes("--create")) {
    throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR): check DATA_DIR, or add --create to make a new one there`);
  }
  const release = await claimDataDir(dataDir, "migrate");
  try {
    const { drizzle } = await import("drizzle-orm/pglite");
    const { migrate } = await import("drizzle-orm/pglite/migrator");
    const client = await openPglite(dataDir);
    try {
      const before = await countApplied((text) => client.query(text));
      await migrate(drizzle(client), { migrationsFolder });
      return (await countApplied((text) => client.query(text))) - before;
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

const { dataDir, databaseUrl } = loadShopConfig();
try {
  const applied = databaseUrl ? await migratePostgres(databaseUrl) : await migratePglite(dataDir);
  const where = databaseUrl ? "PostgreSQL" : `the embedded database in ${dataDir}`;
  console.log(applied > 0 ? `✓ applied ${applied} migration(s) to ${where}` : `✓ ${where} is up to date: nothing to apply`);
} catch (error) {
  fail(`migrate failed: ${error instanceof Error ? error.message : String(error)}`);
}

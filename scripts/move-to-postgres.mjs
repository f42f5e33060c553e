// `npm run move-to-postgres`: moves a shop that has outgrown the embedded database (PGlite in
// DATA_DIR) to the empty PostgreSQL database DATABASE_URL names (README "Scale", ADR 046). The shop
// must be stopped. In one transaction on PostgreSQL it copies every row of every table, the
// sequences' positions (order numbers go on where they stopped) and the photos in DATA_DIR/uploads
// (into stored_image, where every instance serves them); then it compares every table's row count.
// The embedded database is only read: DATA_DIR stays as it was, and a failed move leaves the target
// without data, ready for another try.
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { fail, loadShopConfig, migrationsFolder } from "./ops/config.mjs";
import { countApplied, migratePostgres } from "./ops/migrations.mjs";
import { askOwner, claimDataDir } from "./ops/pglite-dir.mjs";
import { hasPgliteDatabase, openPglite } from "./ops/pglite-snapshot.mjs";

const UPLOAD_NAME = /^[a-f0-9]{32}\.webp$/;
/** Rows are sent in batches of at most this much JSON (photos stored in the table are large). */
const BATCH_BYTES = 4 * 1024 * 1024;

const quote = (name) => `"${name.replaceAll('"', '""')}"`;

/** The shop's tables (schema public), parents before the tables whose foreign keys point at them. */
async function tablesInOrder(target) {
  const { rows: tables } = await target.query(
    "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name",
  );
  const { rows: keys } = await target.query(`
    select child.relname as child, parent.relname as parent
    from pg_constraint c
    join pg_class child on child.oid = c.conrelid
    join pg_class parent on parent.oid = c.confrelid
    join pg_namespace n on n.oid = c.connamespace
    where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`);
  const parentsOf = new Map(tables.map(({ name }) => [name, new Set()]));
  for (const { child, parent } of keys) parentsOf.get(child)?.add(parent);
  const ordered = [];
  const placed = new Set();
  while (ordered.length < tables.length) {
    const ready = [...parentsOf.keys()].filter((name) => !placed.has(name) && [...parentsOf.get(name)].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error("the tables' foreign keys form a cycle; this version cannot order the copy");
    for (const name of ready) {
      placed.add(name);
      ordered.push(name);
    }
  }
  return ordered;
}

async function publicTables(query) {
  const { rows } = await query("select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'");
  return new Set(rows.map((row) => row.name));
}

async function rowCounts(query, tables) {
  const counts = {};
  for (const table of tables) counts[table] = Number((await query(`select count(*)::int as n from ${quote(table)}`)).rows[0].n);
  return counts;
}

/** Refuses a target that holds data; a database with the shop's tables but no rows (an earlier, failed move) is fine. */
async function requireEmptyTarget(target) {
  const tables = await publicTables((text) => target.query(text));
  if (tables.size === 0) return;
  const counts = await rowCounts((text) => target.query(text), [...tables]);
  // row_count holds the migrations' zero counters in a freshly migrated database: not data.
  const holding = Object.entries(counts).filter(([table, n]) => n > 0 && table !== "row_count");
  if (holding.length > 0) {
    const list = holding.map(([table, n]) => `${n} in ${table}`).join(", ");
    throw new Error(`the database DATABASE_URL names already holds data (${list}): move into a new, empty database (createdb)`);
  }
}

/** Copies one table through a cursor on the embedded database, in batches of rows as JSON. */
async function copyTable(source, target, table) {
  let copied = 0;
  await source.transaction(async (tx) => {
    await tx.query(`declare rows_of_table no scroll cursor for select row_to_json(t)::text as j from ${quote(table)} t`);
    const insert = `insert into ${quote(table)} overriding system value select * from json_populate_recordset(null::${quote(table)}, $1::json)`;
    for (;;) {
      const { rows } = await tx.query("fetch 500 from rows_of_table");
      if (rows.length === 0) break;
      let batch = [];
      let bytes = 0;
      for (const { j } of rows) {
        if (bytes + j.length > BATCH_BYTES && batch.length > 0) {
          await target.query(insert, [`[${batch.join(",")}]`]);
          batch = [];
          bytes = 0;
        }
        batch.push(j);
        bytes += j.length;
      }
      if (batch.length > 0) await target.query(insert, [`[${batch.join(",")}]`]);
      copied += rows.length;
    }
    await tx.query("close rows_of_table");
  });
  return copied;
}

/** Puts every sequence where the embedded database left it (order numbers, identity columns). */
async function copySequences(source, target) {
  const { rows } = await source.query("select sequencename as name, last_value::text as last from pg_sequences where schemaname = 'public'");
  for (const { name, last } of rows) {
    if (last !== null) await target.query("select setval($1::regclass, $2::bigint, true)", [`public.${quote(name)}`, last]);
  }
  return rows;
}

/** The photos a PGlite shop kept on disk, into the table a PostgreSQL shop serves them from. */
async function copyUploads(dataDir, target) {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return 0;
  let copied = 0;
  for (const name of fs.readdirSync(dir).filter((file) => UPLOAD_NAME.test(file))) {
    const bytes = fs.readFileSync(path.join(dir, name));
    const result = await target.query("insert into stored_image (name, content_type, bytes) values ($1, 'image/webp', $2) on conflict (name) do nothing", [
      name,
      bytes,
    ]);
    copied += result.rowCount ?? 0;
  }
  return copied;
}

function where(databaseUrl) {
  const url = new URL(databaseUrl);
  return `${url.hostname}:${url.port || "5432"}${url.pathname}`;
}

async function move() {
  const { dataDir, databaseUrl } = loadShopConfig();
  if (!databaseUrl) throw new Error("set DATABASE_URL to the new, empty PostgreSQL database to move the shop into");
  if (!hasPgliteDatabase(dataDir)) throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR): point DATA_DIR at the shop's data directory`);
  const owner = await askOwner(dataDir, "status", 2_000);
  if (owner) {
    throw new Error(`a shop (pid ${owner.header.pid ?? "unknown"}) has the embedded database in ${dataDir} open: stop it first, so that nothing changes during the move`);
  }
  const started = Date.now();
  const release = await claimDataDir(dataDir, "move-to-postgres");
  try {
    const source = await openPglite(dataDir);
    const target = new pg.Client({ connectionString: databaseUrl });
    try {
      const shipped = JSON.parse(fs.readFileSync(path.join(migrationsFolder, "meta", "_journal.json"), "utf8")).entries.length;
      const applied = await countApplied((text) => source.query(text));
      if (applied !== shipped) {
        throw new Error(
          `the embedded database has ${applied} of this version's ${shipped} migrations: start the shop once on it (or run \`npm run migrate\` without DATABASE_URL), stop it, then move`,
        );
      }
      await target.connect().catch((error) => {
        throw new Error(`cannot connect to DATABASE_URL (${error.message}); create the database first (createdb)`);
      });
      await requireEmptyTarget(target);
      await migratePostgres(databaseUrl);

      const tables = await tablesInOrder(target);
      const sourceTables = await publicTables((text) => source.query(text));
      const missing = tables.filter((table) => !sourceTables.has(table));
      const extra = [...sourceTables].filter((table) => !tables.includes(table));
      if (missing.length > 0 || extra.length > 0) {
        throw new Error(`the two databases do not have the same tables (only in PostgreSQL: ${missing.join(", ") || "none"}; only in DATA_DIR: ${extra.join(", ") || "none"})`);
      }

      const copied = {};
      let photos = 0;
      await target.query("begin");
      try {
        // row_count is copied as it is, over the migrations' zero counters: the triggers that keep it
        // must not count the copied rows again.
        for (const table of tables) await target.query(`alter table ${quote(table)} disable trigger user`);
        await target.query("delete from row_count");
        for (const table of tables) {
          copied[table] = await copyTable(source, target, table);
          process.stdout.write(`  ${table}: ${copied[table]} rows\n`);
        }
        for (const table of tables) await target.query(`alter table ${quote(table)} enable trigger user`);
        await copySequences(source, target);
        photos = await copyUploads(dataDir, target);
        await target.query("commit");
      } catch (error) {
        await target.query("rollback").catch(() => undefined);
        throw new Error(`${error.message} (nothing was written: run the move again once that is mended)`);
      }

      const sourceCounts = await rowCounts((text) => source.query(text), tables);
      const targetCounts = await rowCounts((text) => target.query(text), tables);
      sourceCounts.stored_image = (sourceCounts.stored_image ?? 0) + photos;
      const differ = tables.filter((table) => sourceCounts[table] !== targetCounts[table]);
      if (differ.length > 0) {
        throw new Error(`row counts differ after the move: ${differ.map((t) => `${t} ${sourceCounts[t]} → ${targetCounts[t]}`).join(", ")}`);
      }
      const rows = Object.values(copied).reduce((sum, n) => sum + n, 0);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(
        `✓ moved ${rows} rows in ${tables.length} tables and ${photos} ${photos === 1 ? "photo" : "photos"} from ${dataDir} to ${where(databaseUrl)} in ${seconds} s; every table's row count matches`,
      );
      const secretFile = path.join(dataDir, "auth-secret");
      const secret = process.env.AUTH_SECRET?.trim()
        ? "the AUTH_SECRET this shop ran with, on every instance: sessions and two-factor secrets were sealed with it"
        : fs.existsSync(secretFile)
          ? `AUTH_SECRET set to the contents of ${secretFile} on every instance: sessions and two-factor secrets were sealed with it`
          : "a new AUTH_SECRET, the same on every instance";
      console.log(`  Next: start the shop with DATABASE_URL set and ${secret}.`);
      console.log(`  ${dataDir} was only read: keep it until the shop runs well on PostgreSQL.`);
    } finally {
      await target.end().catch(() => undefined);
      await source.close();
    }
  } finally {
    await release();
  }
}

try {
  await move();
} catch (error) {
  fail(`move failed: ${error instanceof Error ? error.message : String(error)}`);
}

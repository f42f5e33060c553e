// `npm run restore <file>`: loads a backup made by `npm run backup` (or a bare `pg_dump -Fc` file)
// into an empty target: the empty database DATABASE_URL names, or an empty DATA_DIR for the embedded
// database. It refuses a target that already holds data, and checks everything before writing. ADR 022.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fail, loadShopConfig } from "./ops/config.mjs";
import { claimDataDir } from "./ops/pglite-dir.mjs";
import { openPglite, pgliteDir } from "./ops/pglite-snapshot.mjs";
import { connectionFor, findPgTool, inspectDatabase, run } from "./ops/postgres.mjs";
import { extractEntry, listTar, readEntry } from "./ops/tar.mjs";

let positionals = [];
try {
  ({ positionals } = parseArgs({ allowPositionals: true, options: {} }));
} catch (error) {
  fail(error.message);
}
if (positionals.length !== 1) fail("usage: npm run restore -- <backup file>");
const file = path.resolve(positionals[0]);
if (!fs.existsSync(file)) fail(`${file} does not exist`);

const { dataDir, databaseUrl } = loadShopConfig();
const work = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-restore-"));

function isEmptyOrMissing(dir) {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/** What the file holds: our archive (manifest first), or a bare pg_dump custom-format file. */
async function readBackup() {
  const magic = Buffer.alloc(5);
  const handle = fs.openSync(file, "r");
  fs.readSync(handle, magic, 0, 5, 0);
  fs.closeSync(handle);
  if (magic.toString("latin1") === "PGDMP") {
    return { engine: "postgres", database: { path: file }, uploads: [], authSecret: null };
  }
  const entries = await listTar(file).catch((error) => {
    throw new Error(`${file} is not a ToolForge backup (${error.message})`);
  });
  const byName = new Map(entries.map((entry) => [entry.name, entry]));
  const manifestEntry = byName.get("manifest.json");
  if (!manifestEntry) throw new Error(`${file} is not a ToolForge backup (no manifest.json)`);
  const manifest = JSON.parse((await readEntry(file, manifestEntry)).toString("utf8"));
  if (manifest.format !== "toolforge-backup" || manifest.version !== 1) {
    throw new Error(`${file} is a backup format this version cannot read (${manifest.format} ${manifest.version})`);
  }
  const database = byName.get(manifest.database);
  if (!database) throw new Error(`${file} is incomplete: ${manifest.database} is missing`);
  return {
    engine: manifest.engine,
    database: { entry: database },
    uploads: entries.filter((entry) => entry.name.startsWith("uploads/")),
    authSecret: byName.get("auth-secret") ?? null,
    createdAt: manifest.createdAt,
  };
}

async function checkTarget(backup) {
  if (backup.engine === "postgres" && !databaseUrl) {
    throw new Error("this is a PostgreSQL backup: set DATABASE_URL to the new, empty database to restore it into");
  }
  if (backup.engine === "pglite" && databaseUrl) {
    throw new Error("this is a backup of the embedded database: unset DATABASE_URL and point DATA_DIR at an empty directory");
  }
  if (backup.engine === "postgres") {
    const { major, tableCount } = await inspectDatabase(databaseUrl).catch((error) => {
      throw new Error(`cannot connect to DATABASE_URL (${error.message}); create the database first (createdb)`);
    });
    if (tableCount > 0) throw new Error(`the database DATABASE_URL names is not empty (${tableCount} tables): restore into a new, empty one`);
    backup.serverMajor = major;
  } else if (!isEmptyOrMissing(pgliteDir(dataDir))) {
    throw new Error(`${pgliteDir(dataDir)} already holds a database: restore into an empty DATA_DIR`);
  }
  if (backup.uploads.length > 0 && !isEmptyOrMissing(path.join(dataDir, "uploads"))) {
    throw new Error(`${path.join(dataDir, "uploads")} is not empty: restore into an empty DATA_DIR`);
  }
}

async function restorePostgres(backup) {
  let dump = backup.database.path;
  if (!dump) {
    dump = path.join(work, "database.pgdump");
    await extractEntry(file, backup.database.entry, dump);
  }
  // Any pg_restore reads older archives; the newest on the machine is the safest choice.
  const pgRestore = findPgTool("pg_restore", 0);
  const { uri, env } = connectionFor(databaseUrl);
  // One transaction: a failed restore leaves the database as empty as it was.
  await run(
    pgRestore.path,
    ["--exit-on-error", "--single-transaction", "--no-owner", "--no-privileges", "--no-password", `--dbname=${uri}`, dump],
    env,
  );
  return `pg_restore ${pgRestore.major}`;
}

async function restorePglite(backup) {
  const release = await claimDataDir(dataDir, "restore");
  try {
    const tarball = await readEntry(file, backup.database.entry);
    const created = !fs.existsSync(pgliteDir(dataDir));
    try {
      const client = await openPglite(dataDir, { loadDataDir: new Blob([tarball]) });
      try {
        await client.query("select count(*) from drizzle.__drizzle_migrations");
      } finally {
        await client.close();
      }
    } catch (error) {
      if (created) fs.rmSync(pgliteDir(dataDir), { recursive: true, force: true });
      throw error;
    }
  } finally {
    await release();
  }
  return "PGlite data directory";
}

async function restoreFiles(backup) {
  for (const entry of backup.uploads) {
    const destination = path.join(dataDir, ...entry.name.split("/"));
    if (!destination.startsWith(path.join(dataDir, "uploads") + path.sep)) throw new Error(`refusing the entry ${entry.name}`);
    fs.mkdirSync(path.dirname(destination), { recursive: true });
    await extractEntry(file, entry, destination, 0o644);
  }
  if (!backup.authSecret) return null;
  const secretPath = path.join(dataDir, "auth-secret");
  const secret = await readEntry(file, backup.authSecret);
  if (!fs.existsSync(secretPath)) {
    fs.writeFileSync(secretPath, secret, { mode: 0o600 });
    return "restored";
  }
  return fs.readFileSync(secretPath).equals(secret) ? "unchanged" : "kept the existing one (sessions from the backup are signed with another secret)";
}

async function restore() {
  const backup = await readBackup();
  await checkTarget(backup);
  fs.mkdirSync(dataDir, { recursive: true });
  const how = backup.engine === "postgres" ? await restorePostgres(backup) : await restorePglite(backup);
  const secret = await restoreFiles(backup);
  console.log(
    `✓ restored ${path.basename(file)}${backup.createdAt ? ` (taken ${backup.createdAt})` : ""}: ${backup.engine} database (${how}), ` +
      `${backup.uploads.length} uploaded file(s)${secret ? `, session secret ${secret}` : ""}`,
  );
}

let problem = null;
try {
  await restore();
} catch (error) {
  problem = error;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
if (problem) fail(`restore failed: ${problem instanceof Error ? problem.message : String(problem)}`);

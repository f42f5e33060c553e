// `npm run backup [-- --out DIR] [--keep N]`: one file, toolforge-<engine>-<UTC time>.tar, holding the
// database (PostgreSQL: pg_dump's custom format; PGlite: a snapshot of its data directory, taken by
// the running shop when there is one), the uploaded images in DATA_DIR/uploads and the generated
// session secret. Safe while the shop runs. `npm run restore <file>` loads it. See ADR 022.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fail, loadShopConfig, timestamp } from "./ops/config.mjs";
import { askOwner, claimDataDir } from "./ops/pglite-dir.mjs";
import { hasPgliteDatabase, openPglite, snapshot } from "./ops/pglite-snapshot.mjs";
import { connectionFor, findPgTool, inspectDatabase, run } from "./ops/postgres.mjs";
import { writeTar } from "./ops/tar.mjs";

const BACKUP_FORMAT = "toolforge-backup";
const BACKUP_VERSION = 1;

let options;
try {
  ({ values: options } = parseArgs({ options: { out: { type: "string" }, keep: { type: "string" } } }));
} catch (error) {
  fail(`${error.message}\nusage: npm run backup [-- --out DIR] [--keep N]`);
}
const keep = options.keep === undefined ? null : Number(options.keep);
if (keep !== null && !(Number.isInteger(keep) && keep >= 1)) fail("--keep must be a whole number of backups, 1 or more");

const { dataDir, databaseUrl } = loadShopConfig();
const outDir = path.resolve(options.out ?? (process.env.BACKUP_DIR?.trim() || "./backups"));
const engine = databaseUrl ? "postgres" : "pglite";
const work = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-backup-"));

async function dumpPostgres() {
  const { major } = await inspectDatabase(databaseUrl);
  const pgDump = findPgTool("pg_dump", major);
  const { uri, env } = connectionFor(databaseUrl);
  const file = path.join(work, "database.pgdump");
  // pg_dump reads inside one repeatable-read transaction: a consistent copy while orders keep coming.
  await run(pgDump.path, ["--format=custom", "--no-password", `--file=${file}`, `--dbname=${uri}`], env);
  return { entry: { name: "database.pgdump", path: file }, how: `pg_dump ${pgDump.major}` };
}

async function snapshotPglite() {
  const answer = await askOwner(dataDir, "backup");
  if (answer) {
    if (!answer.header.ok) throw new Error(`the process holding DATA_DIR could not take a snapshot: ${answer.header.error}`);
    if (answer.body.length !== answer.header.bytes) throw new Error("the snapshot from the running shop arrived incomplete");
    return { entry: { name: "database.tar.gz", bytes: answer.body }, how: "snapshot taken by the running shop" };
  }
  if (!hasPgliteDatabase(dataDir)) throw new Error(`there is no embedded database in ${dataDir} (DATA_DIR)`);
  const release = await claimDataDir(dataDir, "backup");
  try {
    const client = await openPglite(dataDir);
    try {
      return { entry: { name: "database.tar.gz", bytes: await snapshot(client) }, how: "snapshot of the stopped shop's data directory" };
    } finally {
      await client.close();
    }
  } finally {
    await release();
  }
}

function uploadEntries() {
  const dir = path.join(dataDir, "uploads");
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => {
      const file = path.join(entry.parentPath ?? entry.path, entry.name);
      return { name: `uploads/${path.relative(dir, file).split(path.sep).join("/")}`, path: file };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

function prune() {
  const ours = fs
    .readdirSync(outDir)
    .filter((name) => new RegExp(`^toolforge-${engine}-\\d{8}T\\d{6}Z\\.tar$`).test(name))
    .sort()
    .reverse();
  for (const old of ours.slice(keep)) fs.rmSync(path.join(outDir, old));
  return Math.max(0, ours.length - keep);
}

async function backup() {
  fs.mkdirSync(outDir, { recursive: true, mode: 0o700 });
  const target = path.join(outDir, `toolforge-${engine}-${timestamp()}.tar`);
  if (fs.existsSync(target)) throw new Error(`${target} already exists`);
  const database = engine === "postgres" ? await dumpPostgres() : await snapshotPglite();
  const uploads = uploadEntries();
  const secret = path.join(dataDir, "auth-secret");
  const manifest = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    engine,
    createdAt: new Date().toISOString(),
    database: database.entry.name,
    uploads: uploads.length,
    authSecret: fs.existsSync(secret),
  };
  const entries = [
    { name: "manifest.json", bytes: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`) },
    database.entry,
    ...uploads,
    ...(manifest.authSecret ? [{ name: "auth-secret", path: secret }] : []),
  ];
  // Written under a temporary name and renamed: a backup file that exists is a complete one.
  const partial = `${target}.partial`;
  try {
    await writeTar(partial, entries);
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const size = fs.statSync(target).size;
  console.log(`✓ ${target} (${(size / 1024 / 1024).toFixed(1)} MB): ${engine} database (${database.how}), ${uploads.length} uploaded file(s)`);
  if (keep !== null) {
    const removed = prune();
    if (removed > 0) console.log(`  removed ${removed} older backup(s), keeping the newest ${keep}`);
  }
}

let problem = null;
try {
  await backup();
} catch (error) {
  problem = error;
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
if (problem) fail(`backup failed: ${problem instanceof Error ? problem.message : String(problem)}`);

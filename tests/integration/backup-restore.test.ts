import { jest } from "@jest/globals";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import pg from "pg";
import * as profileRoute from "@/app/api/me/profile/route";
import * as ordersRoute from "@/app/api/orders/route";
import * as confirmRoute from "@/app/api/orders/[id]/payment/confirm/route";
import * as reviewsRoute from "@/app/api/reviews/route";
import * as uploadsRoute from "@/app/api/uploads/route";
import { closeDb, getDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";
import { makeRequest, noParams, pngBytes, signUp, type Session } from "@/tests/fixtures/http";
import { runScript } from "@/tests/fixtures/scripts";
import { createProduct, TEST_ADDRESS } from "@/tests/fixtures/shop";

// `npm run backup` and `npm run restore` run as an operator runs them: separate processes, while this
// test process plays the running shop (for PGlite, the one process that has DATA_DIR open).
jest.setTimeout(180_000);
// This file's shop keeps its database on disk in DATA_DIR, as a real one does: a shared in-memory
// test template (when the suite provides one) would leave nothing in DATA_DIR to back up.
delete process.env.TEST_PGLITE_TEMPLATE;

const onPostgres = Boolean(process.env.TEST_PG_DATABASE);
const dataDir = process.env.DATA_DIR ?? "";
const scratch: string[] = [];
const restoredDatabases: string[] = [];

function tempDir(prefix: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  scratch.push(dir);
  return dir;
}

async function onServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_SERVER_URL });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** An empty place to restore into: a new database on PostgreSQL, a new data directory for PGlite. */
async function emptyTarget(): Promise<{ env: Record<string, string | undefined>; dataDir: string; url?: string }> {
  const targetDir = tempDir("toolforge-restore-target-");
  if (!onPostgres) return { env: { DATA_DIR: targetDir, DATABASE_URL: undefined }, dataDir: targetDir };
  const name = `${process.env.TEST_PG_DATABASE}_r${restoredDatabases.length}`;
  await onServer(`create database "${name}"`);
  restoredDatabases.push(name);
  const url = new URL(process.env.TEST_PG_SERVER_URL ?? "");
  url.pathname = `/${name}`;
  return { env: { DATA_DIR: targetDir, DATABASE_URL: url.toString() }, dataDir: targetDir, url: url.toString() };
}

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/** Every row of every table of the shop and of drizzle's bookkeeping, as JSON text, in a stable order. */
async function everyRow(query: Query): Promise<Record<string, string[]>> {
  const tables = await query(
    "select table_schema, table_name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1, 2",
  );
  const rows: Record<string, string[]> = {};
  for (const table of tables) {
    const name = `"${String(table.table_schema)}"."${String(table.table_name)}"`;
    rows[name] = (await query(`select row_to_json(t)::text as row from ${name} t order by 1`)).map((r) => String(r.row));
  }
  return rows;
}

const queryShop: Query = async (text) => {
  const result = (await (await getDb()).execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  return result.rows;
};

/** Reads a restored target the way a shop started on it would: PGlite from its directory, PostgreSQL over the network. */
async function rowsOfTarget(target: { dataDir: string; url?: string }): Promise<Record<string, string[]>> {
  if (target.url) {
    const client = new pg.Client({ connectionString: target.url });
    await client.connect();
    try {
      return await everyRow(async (text) => (await client.query(text)).rows as Record<string, unknown>[]);
    } finally {
      await client.end();
    }
  }
  const { PGlite } = await import("@electric-sql/pglite");
  const client = new PGlite(path.join(target.dataDir, "pglite"));
  try {
    return await everyRow(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
  } finally {
    await client.close();
  }
}

function uploadedFiles(dir: string): Record<string, string> {
  const uploads = path.join(dir, "uploads");
  if (!fs.existsSync(uploads)) return {};
  return Object.fromEntries(fs.readdirSync(uploads).map((name) => [name, fs.readFileSync(path.join(uploads, name)).toString("base64")]));
}

const year = new Date().getUTCFullYear() + 1;

async function placeOrder(customer: Session, productId: string, quantity: number): Promise<string> {
  const response = await ordersRoute.POST(
    makeRequest("/api/orders", { method: "POST", json: { productId, quantity, phone: "+1 555 010 0142", shippingAddress: TEST_ADDRESS }, cookie: customer.cookie }),
    noParams(),
  );
  expect(response.status).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A shop with accounts, profiles, orders (paid and unpaid), payments, reviews, mail and an uploaded image. */
async function buildShop(): Promise<void> {
  const alice = await signUp({ name: "Alice Archive" });
  const bob = await signUp({ name: "Bob Backup" });
  const chisel = await createProduct({ name: "Backup Chisel", priceCents: 2345, stock: 40 });

  const profile = await profileRoute.PATCH(
    makeRequest("/api/me/profile", {
      method: "PATCH",
      json: { education: "Joinery school", address: "1 Vault Road, Leeds", phone: "+44 113 496 0001", birthday: "1990-05-17" },
      cookie: alice.cookie,
    }),
    noParams(),
  );
  expect(profile.status).toBe(200);

  const paidId = await placeOrder(alice, chisel.id, 3);
  const paid = await confirmRoute.POST(
    makeRequest(`/api/orders/${paidId}/payment/confirm`, {
      method: "POST",
      json: { card: { number: "4242424242424242", expMonth: 12, expYear: year, cvc: "123" } },
      cookie: alice.cookie,
    }),
    noParams({ id: paidId }),
  );
  expect(paid.status).toBe(200);
  await placeOrder(bob, chisel.id, 2);

  for (const [author, text, rating] of [
    [alice, "Sharp out of the box and holds its edge.", 4.5],
    [bob, "Good steel, the handle could be longer.", 3],
  ] as const) {
    const review = await reviewsRoute.POST(makeRequest("/api/reviews", { method: "POST", json: { text, rating }, cookie: author.cookie }), noParams());
    expect(review.status).toBe(201);
  }

  const form = new FormData();
  form.set("file", new Blob([new Uint8Array(await pngBytes(64, 48))], { type: "image/png" }), "bench.png");
  const upload = await uploadsRoute.POST(makeRequest("/api/uploads", { method: "POST", body: form, cookie: bob.cookie }), noParams());
  expect(upload.status).toBe(201);
  await waitForPendingMail();
}

afterAll(async () => {
  for (const dir of scratch) fs.rmSync(dir, { recursive: true, force: true });
  for (const name of restoredDatabases) await onServer(`drop database if exists "${name}" with (force)`);
});

describe("npm run backup and npm run restore", () => {
  let shopRows: Record<string, string[]>;
  let shopFiles: Record<string, string>;
  let backupFile: string;

  it("backs up the running shop into one timestamped file, and the shop keeps taking orders", async () => {
    await buildShop();
    shopRows = await everyRow(queryShop);
    // The uploaded image, and a profile photo per account (registration takes one): files beside the
    // embedded database, rows of stored_image in PostgreSQL (compared with every other row below).
    shopFiles = uploadedFiles(dataDir);
    const images = onPostgres ? (shopRows['"public"."stored_image"'] ?? []).length : Object.keys(shopFiles).length;
    expect(images).toBeGreaterThan(1);
    const engine = onPostgres ? "postgres" : "pglite";
    expect(shopRows['"public"."orders"']).toHaveLength(2);
    expect(shopRows['"public"."payment"']).toHaveLength(1);
    expect(shopRows['"public"."review"']).toHaveLength(2);
    expect(shopRows['"drizzle"."__drizzle_migrations"']?.length).toBeGreaterThan(0);

    const out = tempDir("toolforge-backups-");
    const run = await runScript("backup.mjs", ["--out", out], {});
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = fs.readdirSync(out);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(new RegExp(`^toolforge-${engine}-\\d{8}T\\d{6}Z\\.tar$`));
    if (!onPostgres) expect(run.stdout).toContain("snapshot taken by the running shop");
    backupFile = path.join(out, files[0] ?? "");
    expect(fs.statSync(backupFile).mode & 0o077).toBe(0);

    const customer = await signUp({ name: "After Backup" });
    const product = await createProduct({ stock: 5 });
    await placeOrder(customer, product.id, 1);
  });

  it("restores it into an empty target with every row and every uploaded file identical", async () => {
    const target = await emptyTarget();
    const run = await runScript("restore.mjs", [backupFile], target.env);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const files = Object.keys(shopFiles).length;
    expect(run.stdout).toMatch(new RegExp(`restored .*${files} uploaded file`));

    const restored = await rowsOfTarget(target);
    expect(Object.keys(restored)).toEqual(Object.keys(shopRows));
    for (const table of Object.keys(shopRows)) expect({ table, rows: restored[table] }).toEqual({ table, rows: shopRows[table] });
    expect(uploadedFiles(target.dataDir)).toEqual(shopFiles);
    expect(Object.keys(uploadedFiles(target.dataDir))).toHaveLength(files);

    // A second restore onto the same target is refused and changes nothing.
    const again = await runScript("restore.mjs", [backupFile], target.env);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/already holds a database|is not empty/);
    expect(await rowsOfTarget(target)).toEqual(restored);
  });

  if (!onPostgres) {
    it("never lets a second process open the running shop's embedded database", async () => {
      const run = await runScript("migrate.mjs", [], {});
      expect(run.code).toBe(1);
      expect(run.stderr).toContain(`pid ${process.pid}`);
      // And the shop still answers.
      expect((await everyRow(queryShop))['"public"."orders"']).toHaveLength(3);
    });

    it("backs up a stopped shop by opening its data directory itself", async () => {
      const before = await everyRow(queryShop);
      await closeDb();
      const out = tempDir("toolforge-backups-");
      const backup = await runScript("backup.mjs", ["--out", out], {});
      expect(backup.stderr).toBe("");
      expect(backup.stdout).toContain("snapshot of the stopped shop's data directory");

      const target = await emptyTarget();
      const restore = await runScript("restore.mjs", [path.join(out, fs.readdirSync(out)[0] ?? "")], target.env);
      expect(restore.code).toBe(0);
      expect(await rowsOfTarget(target)).toEqual(before);
      // The shop opens its directory again as if nothing happened.
      expect(await everyRow(queryShop)).toEqual(before);
    });
  }
});

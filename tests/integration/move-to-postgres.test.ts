import { jest } from "@jest/globals";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { openPglite } from "@/scripts/ops/pglite-snapshot.mjs";
import { generateScaleData } from "@/scripts/scale-data.mjs";
import { runScript } from "@/tests/fixtures/scripts";

// `npm run move-to-postgres` as an operator runs it: a stopped shop's embedded database in DATA_DIR,
// with data, a photo on disk and order numbers already handed out, moved into a new PostgreSQL
// database. Needs a PostgreSQL server, so it runs in the PostgreSQL pass (`npm run test:pg`).
jest.setTimeout(180_000);

const onPostgres = Boolean(process.env.TEST_PG_DATABASE);
const SIZE = { products: 50, users: 120, orders: 400, reviews: 60, messages: 20, subscribers: 20 };
const PHOTO = `${"c0".repeat(16)}.webp`;

type Query = (text: string) => Promise<{ rows: Record<string, unknown>[] }>;

/** Every table's rows, as one fingerprint per table (timestamps written in UTC on both engines). */
async function fingerprints(query: Query): Promise<Record<string, string>> {
  await query("set timezone = 'UTC'");
  const { rows } = await query("select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1");
  const result: Record<string, string> = {};
  for (const { table_name: table } of rows) {
    const hashed = await query(`select count(*)::int as n, md5(coalesce(string_agg(row_to_json(x)::text, '|' order by row_to_json(x)::text), '')) as h from "${String(table)}" x`);
    result[String(table)] = `${String(hashed.rows[0]?.n)} ${String(hashed.rows[0]?.h)}`;
  }
  return result;
}

(onPostgres ? describe : describe.skip)("npm run move-to-postgres", () => {
  let dataDir = "";
  const database = `toolforge_move_${process.pid}_${Date.now().toString(36)}`;
  // Only the PostgreSQL pass has a server: worked out there, not when the block is merely skipped.
  const serverUrl = process.env.TEST_PG_SERVER_URL ?? "postgres://127.0.0.1/unused";
  const targetUrl = (() => {
    const url = new URL(serverUrl);
    url.pathname = `/${database}`;
    return url.toString();
  })();
  const admin = new pg.Client({ connectionString: serverUrl });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-move-"));
    await admin.connect();
    const created = await runScript("migrate.mjs", ["--create"], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(created.code).toBe(0);
    const source = await openPglite(dataDir);
    try {
      await generateScaleData((text) => source.exec(text), SIZE);
      // Order numbers handed out by the shop, a session, and a photo stored on disk.
      await source.query("select nextval('order_number_seq') from generate_series(1, 7)");
      await source.query(
        `insert into session (id, token, user_id, expires_at, created_at, updated_at) values ('ses_1', 'token-1', 'usr_s_1', now() + interval '1 day', now(), now())`,
      );
      await source.query(`update "user" set image = '/uploads/${PHOTO}' where id = 'usr_s_2'`);
    } finally {
      await source.close();
    }
    // The secret a PGlite shop makes for itself when AUTH_SECRET is unset.
    fs.writeFileSync(path.join(dataDir, "auth-secret"), "a-secret-the-shop-made-for-itself-0123456789", { mode: 0o600 });
    fs.mkdirSync(path.join(dataDir, "uploads"));
    fs.writeFileSync(path.join(dataDir, "uploads", PHOTO), Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 250]));
    await admin.query(`create database "${database}"`);
  });

  afterAll(async () => {
    await admin.query(`drop database if exists "${database}" with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("copies every row, the order numbers' position and the photos, and leaves DATA_DIR as it was", async () => {
    const source = await openPglite(dataDir);
    const before = await fingerprints((text) => source.query(text));
    await source.close();

    const moved = await runScript("move-to-postgres.mjs", [], { DATA_DIR: dataDir, DATABASE_URL: targetUrl, AUTH_SECRET: undefined });
    expect(moved.stderr).toBe("");
    expect(moved.code).toBe(0);
    expect(moved.stdout).toMatch(/✓ moved \d+ rows in \d+ tables and 1 photo from .* every table's row count matches/);
    expect(moved.stdout).toContain(`Next: start the shop with DATABASE_URL set and AUTH_SECRET set to the contents of ${path.join(dataDir, "auth-secret")}`);

    const target = new pg.Client({ connectionString: targetUrl });
    await target.connect();
    try {
      const after = await fingerprints((text) => target.query(text));
      const { stored_image: storedAfter, ...restAfter } = after;
      const { stored_image: storedBefore, ...restBefore } = before;
      expect(restAfter).toEqual(restBefore);
      expect(storedBefore?.startsWith("0 ")).toBe(true);
      expect(storedAfter?.startsWith("1 ")).toBe(true);
      const [photo] = (await target.query("select content_type, bytes from stored_image where name = $1", [PHOTO])).rows as { content_type: string; bytes: Buffer }[];
      expect(photo?.content_type).toBe("image/webp");
      expect([...(photo?.bytes ?? [])]).toEqual([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 250]);
      // The next order number follows the last one the embedded database handed out.
      const [next] = (await target.query("select nextval('order_number_seq')::text as n")).rows as { n: string }[];
      expect(Number(next?.n)).toBe(100_001 + SIZE.orders + 7);
      // The row-count triggers are on again: a new account is counted once.
      await target.query(`insert into "user" (id, name, email, email_verified, created_at, updated_at) values ('usr_new', 'New', 'new@move.test', true, now(), now())`);
      const [counted] = (await target.query("select n::int from row_count where key = 'user'")).rows as { n: number }[];
      expect(counted?.n).toBe(SIZE.users + 1);
    } finally {
      await target.end();
    }

    const source2 = await openPglite(dataDir);
    expect(await fingerprints((text) => source2.query(text))).toEqual(before);
    await source2.close();

    // A second move into the same database is refused and writes nothing.
    const again = await runScript("move-to-postgres.mjs", [], { DATA_DIR: dataDir, DATABASE_URL: targetUrl, AUTH_SECRET: undefined });
    expect(again.code).toBe(1);
    expect(again.stderr).toContain("already holds data");
  });

  it("refuses without DATABASE_URL, or without a database in DATA_DIR", async () => {
    const noTarget = await runScript("move-to-postgres.mjs", [], { DATA_DIR: dataDir, DATABASE_URL: undefined });
    expect(noTarget).toMatchObject({ code: 1 });
    expect(noTarget.stderr).toContain("set DATABASE_URL to the new, empty PostgreSQL database");
    const noSource = await runScript("move-to-postgres.mjs", [], { DATA_DIR: path.join(dataDir, "typo"), DATABASE_URL: targetUrl });
    expect(noSource).toMatchObject({ code: 1 });
    expect(noSource.stderr).toContain("there is no embedded database in");
  });
});

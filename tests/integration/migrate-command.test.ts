import { jest } from "@jest/globals";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { runScript, type ScriptRun } from "@/tests/fixtures/scripts";

// `npm run migrate` as an operator (or a release pipeline) runs it, against an empty database.
jest.setTimeout(120_000);

const onPostgres = Boolean(process.env.TEST_PG_DATABASE);
const journal = JSON.parse(fs.readFileSync(path.join(process.cwd(), "drizzle/meta/_journal.json"), "utf8")) as { entries: unknown[] };
const shipped = journal.entries.length;

function migrate(env: Record<string, string | undefined>, args: string[] = []): Promise<ScriptRun> {
  return runScript("migrate.mjs", args, env);
}

async function onServer<T>(statement: string, database = "postgres"): Promise<T[]> {
  const url = new URL(process.env.TEST_PG_SERVER_URL ?? "");
  url.pathname = `/${database}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  try {
    return (await client.query(statement)).rows as T[];
  } finally {
    await client.end();
  }
}

const dirs: string[] = [];
afterAll(async () => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  if (onPostgres) await onServer(`drop database if exists "${process.env.TEST_PG_DATABASE}_m" with (force)`);
});

(onPostgres ? describe : describe.skip)("npm run migrate on PostgreSQL", () => {
  it("applies every migration exactly once when several run at the same moment", async () => {
    const name = `${process.env.TEST_PG_DATABASE}_m`;
    await onServer(`create database "${name}"`);
    const url = new URL(process.env.TEST_PG_SERVER_URL ?? "");
    url.pathname = `/${name}`;
    const runs = await Promise.all([1, 2, 3].map(() => migrate({ DATABASE_URL: url.toString() })));
    for (const run of runs) expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(runs.filter((run) => run.stdout.includes(`applied ${shipped} migration(s)`))).toHaveLength(1);
    expect(runs.filter((run) => run.stdout.includes("nothing to apply"))).toHaveLength(2);
    const [row] = await onServer<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations", name);
    expect(row?.n).toBe(shipped);
    const [orders] = await onServer<{ n: number }>("select count(*)::int as n from information_schema.tables where table_name = 'orders'", name);
    expect(orders?.n).toBe(1);
  });
});

(onPostgres ? describe.skip : describe)("npm run migrate on the embedded database", () => {
  it("refuses a DATA_DIR without a database (a typo), creates one with --create, then finds nothing to do", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-migrate-"));
    dirs.push(dir);
    const typo = await migrate({ DATA_DIR: path.join(dir, "typo"), DATABASE_URL: undefined });
    expect(typo.code).toBe(1);
    expect(typo.stderr).toContain(`there is no embedded database in ${path.join(dir, "typo")} (DATA_DIR): check DATA_DIR, or add --create`);
    expect(fs.existsSync(path.join(dir, "typo"))).toBe(false);
    const first = await migrate({ DATA_DIR: dir, DATABASE_URL: undefined }, ["--create"]);
    expect(first).toMatchObject({ code: 0, stderr: "" });
    expect(first.stdout).toContain(`applied ${shipped} migration(s)`);
    const second = await migrate({ DATA_DIR: dir, DATABASE_URL: undefined });
    expect(second.stdout).toContain("nothing to apply");
  });
});

// Runs the jest suite against PostgreSQL: each test file creates its own database on this server
// (see tests/setup) and drops it afterwards.
import { spawnSync } from "node:child_process";
import pg from "pg";

const serverUrl = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const client = new pg.Client({ connectionString: serverUrl });
try {
  await client.connect();
  await client.query("select 1");
} catch (error) {
  console.error(`PostgreSQL is not reachable at ${serverUrl}: ${error.message}`);
  console.error("Start it, or set TEST_DATABASE_URL to a server where the tests may create databases.");
  process.exit(1);
} finally {
  await client.end().catch(() => {});
}

const result = spawnSync("npx", ["jest", ...process.argv.slice(2)], {
  stdio: "inherit",
  env: { ...process.env, TEST_PG_SERVER_URL: serverUrl, NODE_OPTIONS: "--experimental-vm-modules" },
});
process.exit(result.status ?? 1);

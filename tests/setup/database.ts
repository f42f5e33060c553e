import fs from "node:fs";
import pg from "pg";
import { waitForAccountTasks } from "@/lib/accounts/background";
import { closeDb } from "@/lib/db/client";
import { waitForPendingMail } from "@/lib/mail";

async function onServer(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: process.env.TEST_PG_SERVER_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

beforeAll(async () => {
  const name = process.env.TEST_PG_DATABASE;
  // A copy of the database the run migrated once (tests/setup/global-setup.mjs).
  const template = process.env.TEST_PG_TEMPLATE;
  if (name) await onServer(template ? `create database "${name}" template "${template}"` : `create database "${name}"`);
});

afterAll(async () => {
  await waitForAccountTasks();
  await waitForPendingMail();
  await closeDb();
  const name = process.env.TEST_PG_DATABASE;
  if (name) await onServer(`drop database if exists "${name}" with (force)`);
  if (process.env.DATA_DIR) fs.rmSync(process.env.DATA_DIR, { recursive: true, force: true });
});

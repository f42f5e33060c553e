import fs from "node:fs";
import pg from "pg";

export default async function globalTeardown() {
  if (process.env.TEST_PGLITE_TEMPLATE) fs.rmSync(process.env.TEST_PGLITE_TEMPLATE, { force: true });
  const template = process.env.TEST_PG_TEMPLATE;
  if (template && process.env.TEST_PG_SERVER_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_PG_SERVER_URL });
    await admin.connect();
    try {
      await admin.query(`drop database if exists "${template}" with (force)`);
    } finally {
      await admin.end();
    }
  }
}

import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// Runs before each test file's imports: every file gets its own data directory and, when the
// PostgreSQL run is requested, its own database name (created in database.ts, dropped after).
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "toolforge-test-"));
process.env.DATA_DIR = dataDir;
process.env.APP_URL = "http://localhost:3000";
process.env.AUTH_SECRET = "test-secret-test-secret-test-secret-0123";
process.env.ADMIN_EMAILS = "boss@toolforge.test";
process.env.AUTH_RATE_LIMIT = "false";
// Test files place many unpaid orders with one account; the cap's own tests set it back (ADR 045).
process.env.ORDER_UNPAID_LIMIT = "1000";
process.env.SEED_CATALOG = process.env.SEED_CATALOG ?? "true";
delete process.env.STRIPE_SECRET_KEY;
delete process.env.STRIPE_PUBLISHABLE_KEY;
delete process.env.SMTP_URL;
delete process.env.CLOUDINARY_URL;

const serverUrl = process.env.TEST_PG_SERVER_URL;
if (serverUrl) {
  const name = `toolforge_test_${randomBytes(6).toString("hex")}`;
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  process.env.DATABASE_URL = url.toString();
  process.env.TEST_PG_DATABASE = name;
} else {
  delete process.env.DATABASE_URL;
}

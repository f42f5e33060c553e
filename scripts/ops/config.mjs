// What the operator commands (backup, restore, migrate) need to know about the shop, read the way
// the shop reads it: the environment first, then .env files as Next loads them for `npm start`.
import path from "node:path";
import nextEnv from "@next/env";

export const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), "..", "..");
export const migrationsFolder = path.join(root, "drizzle");

// Must equal MIGRATION_LOCK_KEY in lib/db/migrate.ts: instances and `npm run migrate` take one lock.
export const MIGRATION_LOCK_KEY = 727_001;

const quiet = { info: () => {}, error: (...args) => console.error(...args) };

/** DATA_DIR (absolute) and DATABASE_URL (null for the embedded PGlite database). */
export function loadShopConfig() {
  nextEnv.loadEnvConfig(process.cwd(), false, quiet);
  const value = (name) => {
    const raw = process.env[name]?.trim();
    return raw ? raw : null;
  };
  const databaseUrl = value("DATABASE_URL");
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    fail("Invalid configuration: DATABASE_URL must be a postgres:// or postgresql:// URL");
  }
  return { dataDir: path.resolve(process.cwd(), value("DATA_DIR") ?? "./data"), databaseUrl };
}

/** 20261123T140102Z: sorts by time, safe in file names. */
export function timestamp(date = new Date()) {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z");
}

export function fail(message) {
  console.error(`✗ ${message}`);
  process.exit(1);
}

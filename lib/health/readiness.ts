import "server-only";
import { getDatabase } from "@/lib/db/client";
import { checkDatabase } from "@/lib/db/health";
import { findPendingMigrations } from "@/lib/db/migrate";
import { log } from "@/lib/log";
import { readinessChecks, type CheckResult, type ReadinessCheck } from "./registry";

export type Readiness = { ready: boolean; checks: Record<string, CheckResult> };

const CHECK_TIMEOUT_MS = 2_000;

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what} timed out`)), CHECK_TIMEOUT_MS).unref()),
  ]);
}

async function checkMigrations(): Promise<CheckResult> {
  try {
    const pending = await withTimeout(getDatabase().then(({ db }) => findPendingMigrations(db)), "migration check");
    if (pending.length === 0) return { ok: true };
    return { ok: false, detail: `${pending.length} migration(s) not applied (${pending.join(", ")}): run npm run migrate.` };
  } catch (error) {
    log("error", "readiness: migrations could not be checked", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, detail: "The applied migrations could not be read." };
  }
}

async function runCheck(name: string, check: ReadinessCheck): Promise<CheckResult> {
  try {
    const result = await withTimeout(Promise.resolve(check()), `readiness check ${name}`);
    return result.ok ? { ok: true } : { ok: false, ...(result.detail ? { detail: result.detail } : {}) };
  } catch (error) {
    // The reason goes to the log, not to whoever asks: the endpoint is public.
    log("error", "readiness check failed", { check: name, error: error instanceof Error ? error.message : String(error) });
    return { ok: false, detail: "The check failed." };
  }
}

/**
 * Whether this instance should take traffic: the database answers, every migration this build ships
 * is applied, and every check another part registered (the job worker's) passes.
 */
export async function checkReadiness(): Promise<Readiness> {
  const database = await checkDatabase();
  const checks: Record<string, CheckResult> = {
    database: database.ok ? { ok: true } : { ok: false, detail: "The database does not answer." },
    migrations: database.ok ? await checkMigrations() : { ok: false, detail: "Unknown while the database is down." },
  };
  const registered = await Promise.all(readinessChecks().map(async ([name, check]) => [name, await runCheck(name, check)] as const));
  for (const [name, result] of registered) checks[name] = result;
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

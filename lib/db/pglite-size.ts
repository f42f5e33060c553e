import "server-only";
import { log } from "@/lib/log";
import type { Db } from "./client";
import { countRows, sumRowCounts } from "./row-counts";

/**
 * Past these sizes the embedded database (PGlite, one in-process connection on the event loop) was
 * measured to hold other requests up by more than 100 ms while a list or search ran (docs/benchmarks.md,
 * `npm run bench:scale`): the shop should move to PostgreSQL (DATABASE_URL). README "Scale".
 */
export const PGLITE_COMFORT_LIMITS = { orders: 20_000, accounts: 10_000, reviews: 10_000 };

export type PgliteSize = { orders: number; accounts: number; reviews: number };

export async function measurePgliteSize(db: Db): Promise<PgliteSize> {
  const [orders, accounts, reviews] = await Promise.all([
    sumRowCounts(db, { prefix: "orders", parts: [undefined, undefined] }),
    countRows(db, "user"),
    countRows(db, "review"),
  ]);
  return { orders, accounts, reviews };
}

/** At start-up on PGlite: one warning line when the data has outgrown the embedded database. */
export async function warnWhenPgliteOutgrown(db: Db): Promise<PgliteSize> {
  const size = await measurePgliteSize(db);
  const over = (Object.keys(PGLITE_COMFORT_LIMITS) as (keyof PgliteSize)[]).filter((key) => size[key] > PGLITE_COMFORT_LIMITS[key]);
  if (over.length > 0) {
    log(
      "warn",
      `the embedded database (PGlite) holds more ${over.join(" and ")} than it serves without holding requests up: move this shop to PostgreSQL with "npm run move-to-postgres" (README "Scale")`,
      { ...size, limits: PGLITE_COMFORT_LIMITS },
    );
  }
  return size;
}

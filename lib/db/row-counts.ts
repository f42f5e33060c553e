import "server-only";
import { like, sql } from "drizzle-orm";
import { rowCount } from "@/models/schema";
import type { Db } from "./client";

export type CounterKey = "user" | "review" | "review:visible" | "review:shop-visible";

/** The exact number of rows a trigger-kept counter holds (models/schema.ts rowCount). */
export async function countRows(db: Db, key: CounterKey): Promise<number> {
  const [row] = await db.select({ n: rowCount.n }).from(rowCount).where(sql`${rowCount.key} = ${key}`);
  return Number(row?.n ?? 0);
}

/** The sum of every counter whose key starts with `prefix`, e.g. "orders:paid:" for every paid order. */
export async function sumRowCounts(db: Db, prefix: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)::text` })
    .from(rowCount)
    .where(like(rowCount.key, `${prefix.replace(/[\\%_]/g, (c) => `\\${c}`)}%`));
  return Number(row?.n ?? 0);
}

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

/**
 * The sum of the counters "<prefix>:<part>:<part>…" where a missing part matches any value, e.g.
 * { prefix: "orders", parts: ["paid", undefined] } adds up every paid order whatever its shipping state.
 */
export async function sumRowCounts(db: Db, { prefix, parts }: { prefix: string; parts: (string | undefined)[] }): Promise<number> {
  const escape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
  const pattern = [escape(prefix), ...parts.map((part) => (part === undefined ? "%" : escape(part)))].join(":");
  const [row] = await db
    .select({ n: sql<string>`coalesce(sum(${rowCount.n}), 0)::text` })
    .from(rowCount)
    .where(like(rowCount.key, pattern));
  return Number(row?.n ?? 0);
}

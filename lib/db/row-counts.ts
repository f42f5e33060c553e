import "server-only";
import { sql } from "drizzle-orm";
import { rowCount } from "@/models/schema";
import type { Db } from "./client";

export type CounterKey = "user" | "review" | "review:visible" | "review:shop-visible";

/** The exact number of rows a trigger-kept counter holds (models/schema.ts rowCount). */
export async function countRows(db: Db, key: CounterKey): Promise<number> {
  const [row] = await db.select({ n: rowCount.n }).from(rowCount).where(sql`${rowCount.key} = ${key}`);
  return Number(row?.n ?? 0);
}

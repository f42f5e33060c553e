import "server-only";
import { sql } from "drizzle-orm";
import { log } from "@/lib/log";
import { getDatabase } from "./client";

export type Health = { ok: boolean; database: "up" | "down"; engine?: "pglite" | "postgres" };

const TIMEOUT_MS = 2_000;

/** Whether the database answers a trivial query within two seconds. */
export async function checkDatabase(): Promise<Health> {
  try {
    const result = await Promise.race([
      getDatabase().then(async (handle) => {
        await handle.db.execute(sql`select 1`);
        return handle.engine;
      }),
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error("database timed out")), TIMEOUT_MS).unref()),
    ]);
    return { ok: true, database: "up", engine: result };
  } catch (error) {
    log("error", "health check failed", { error: error instanceof Error ? error.message : String(error) });
    return { ok: false, database: "down" };
  }
}

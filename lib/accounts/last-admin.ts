import "server-only";
import { and, count, eq, isNull, ne } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { user } from "@/models/schema";

/**
 * Refuses a change that would leave the shop without an enabled admin. Call it inside a transaction
 * that holds ROLE_CHANGE_LOCK, with the account about to stop being an active admin.
 */
export async function requireAnotherActiveAdmin(tx: Tx, userId: string): Promise<void> {
  const [others] = await tx
    .select({ n: count() })
    .from(user)
    .where(and(eq(user.role, "admin"), isNull(user.disabledAt), ne(user.id, userId)));
  if ((others?.n ?? 0) === 0) throw new AppError("conflict", ACCOUNT_MESSAGES.lastAdmin);
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { newId } from "@/lib/ids";
import { account } from "@/models/schema";

// better-auth keeps an account's password on its "credential" row in the account table.

/** The account's password hash, or null when it signs in only by link or a social provider. */
export async function findPasswordHash(db: Db | Tx, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ password: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return row?.password ?? null;
}

/** Gives the account this (already hashed) password, creating its credential row if it had none. */
export async function setPasswordHash(tx: Tx, userId: string, passwordHash: string, now = new Date()): Promise<void> {
  const updated = await tx
    .update(account)
    .set({ password: passwordHash, updatedAt: now })
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")))
    .returning({ id: account.id });
  if (updated.length > 0) return;
  await tx.insert(account).values({ id: newId("acc"), accountId: userId, providerId: "credential", userId, password: passwordHash, createdAt: now, updatedAt: now });
}

/** Whether the account can sign in with a password (the security page offers "change" or "set by reset"). */
export async function hasPassword(userId: string): Promise<boolean> {
  return (await findPasswordHash(await getDb(), userId)) !== null;
}

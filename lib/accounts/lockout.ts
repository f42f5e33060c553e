import "server-only";
import { and, count, eq, gt, lte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { newId } from "@/lib/ids";
import { ACCOUNT_MESSAGES } from "@/models/account-messages";
import { signInFailure, signInLock } from "@/models/schema";
import { SIGN_IN_FAILURE_LOCK } from "@/lib/db/locks";

/** Issue 10: 10 failed password sign-ins within 15 minutes lock password sign-in for 15 minutes. */
export const LOCKOUT = { maxFailures: 10, windowMs: 15 * 60_000, lockMs: 15 * 60_000 } as const;

/** Password sign-in is locked for this address; `retryAfterSeconds` goes into the Retry-After header. */
export class PasswordSignInLockedError extends AppError {
  readonly retryAfterSeconds: number;

  constructor(lockedUntil: Date, now: Date) {
    const retryAfterSeconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now.getTime()) / 1000));
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super("rate_limited", ACCOUNT_MESSAGES.locked(minutes), undefined, { reason: "locked", retryAfterSeconds: String(retryAfterSeconds) });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export function lockoutKey(email: string): string {
  return email.trim().toLowerCase();
}

async function lockAddress(tx: Tx, email: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SIGN_IN_FAILURE_LOCK}, hashtext(${email}))`);
}

async function recentFailures(tx: Tx, email: string, now: Date): Promise<number> {
  await tx.delete(signInFailure).where(and(eq(signInFailure.email, email), lte(signInFailure.createdAt, new Date(now.getTime() - LOCKOUT.windowMs))));
  const [row] = await tx.select({ n: count() }).from(signInFailure).where(eq(signInFailure.email, email));
  return row?.n ?? 0;
}

async function lockNow(tx: Tx, email: string, now: Date): Promise<Date> {
  const lockedUntil = new Date(now.getTime() + LOCKOUT.lockMs);
  await tx.insert(signInLock).values({ email, lockedUntil }).onConflictDoUpdate({ target: signInLock.email, set: { lockedUntil } });
  await tx.delete(signInFailure).where(eq(signInFailure.email, email));
  return lockedUntil;
}

/**
 * Call before checking a password. Refuses while the address is locked. Otherwise the attempt is
 * counted as a failure straight away and only cleared once it succeeds, so attempts sent in parallel
 * cannot get past the limit before their results come in. Counted in the database: every instance
 * of the shop sees the same count.
 */
export async function beginPasswordAttempt(db: Db, rawEmail: string, now = new Date()): Promise<void> {
  const email = lockoutKey(rawEmail);
  const refusal = await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    const [lock] = await tx.select().from(signInLock).where(and(eq(signInLock.email, email), gt(signInLock.lockedUntil, now)));
    if (lock) return lock.lockedUntil;
    if ((await recentFailures(tx, email, now)) >= LOCKOUT.maxFailures) return lockNow(tx, email, now);
    await tx.insert(signInFailure).values({ id: newId("sif"), email, createdAt: now });
    return null;
  });
  if (refusal) throw new PasswordSignInLockedError(refusal, now);
}

/** Call with the outcome of the password check that `beginPasswordAttempt` allowed. */
export async function settlePasswordAttempt(db: Db, rawEmail: string, succeeded: boolean, now = new Date()): Promise<void> {
  const email = lockoutKey(rawEmail);
  await db.transaction(async (tx) => {
    await lockAddress(tx, email);
    if (succeeded) {
      await tx.delete(signInFailure).where(eq(signInFailure.email, email));
      return;
    }
    if ((await recentFailures(tx, email, now)) >= LOCKOUT.maxFailures) await lockNow(tx, email, now);
  });
}

/** A new password (reset) ends the lock and the count for the account's address. */
export async function clearPasswordLockout(tx: Tx, rawEmail: string): Promise<void> {
  const email = lockoutKey(rawEmail);
  await tx.delete(signInFailure).where(eq(signInFailure.email, email));
  await tx.delete(signInLock).where(eq(signInLock.email, email));
}
